package shell

import "strings"

// Options of allowed programs that matter beyond their table: what a test
// binary writes after go test -args, and make reading a makefile or a
// folder outside the project (docs/shell.md, "Closed allow-lists").

// testBinaryWrites are the test binary's flags whose value is a file (or,
// for outputdir and gocoverdir, a folder) it writes.
var testBinaryWrites = set("test.trace", "test.coverprofile", "test.cpuprofile", "test.memprofile", "test.blockprofile",
	"test.mutexprofile", "test.outputdir", "test.testlogfile", "test.gocoverdir", "test.fuzzcachedir", "test.fuzzworker")

// testBinaryFlags are the test binary's flags that write nothing.
var testBinaryFlags = set("test.v", "test.run", "test.skip", "test.count", "test.timeout", "test.short", "test.bench", "test.benchtime",
	"test.benchmem", "test.parallel", "test.failfast", "test.list", "test.cpu", "test.shuffle", "test.fullpath", "test.paniconexit0",
	"test.memprofilerate", "test.blockprofilerate", "test.mutexprofilefraction", "test.coverprofile.mode", "test.fuzz", "test.fuzztime",
	"test.fuzzminimizetime")

// goTestExtra: go test -outputdir DIR writes its profiles into DIR; after
// -args, the -test.* flags that write files are edits and other -test.*
// flags the engine does not know are unknown. The test's own flags are
// the test's business.
func goTestExtra(args []word) (unknown []string, writes []word) {
	after := false
	for i := 0; i < len(args); i++ {
		w := args[i]
		name, value, has := strings.Cut(strings.TrimLeft(w.text, "-"), "=")
		if !strings.HasPrefix(w.text, "-") {
			continue
		}
		if !after {
			if name == "args" {
				after = true
			} else if name == "outputdir" {
				if !has && i+1 < len(args) {
					i++
					value, has = args[i].text, true
				}
				if has {
					writes = append(writes, word{text: strings.TrimSuffix(value, "/") + "/*", literal: w.literal})
				}
			}
			continue
		}
		switch {
		case testBinaryWrites[name]:
			if !has && i+1 < len(args) {
				i++
				value, has = args[i].text, true
			}
			if !has {
				continue
			}
			if name == "test.outputdir" || name == "test.gocoverdir" || name == "test.fuzzcachedir" {
				value = strings.TrimSuffix(value, "/") + "/*"
			}
			writes = append(writes, word{text: value, literal: w.literal})
		case strings.HasPrefix(name, "test.") && !testBinaryFlags[name]:
			unknown = append(unknown, "-"+name)
		}
	}
	return unknown, writes
}

// makeExtra: make -C DIR, -f FILE and -I DIR outside the project run or
// include a makefile the project does not hold, which a rule must name
// (`make -C *`); inside the project (make -C docs html) they are ordinary.
func makeExtra(args []word) (unknown []string, _ []word) {
	for i := 0; i < len(args); i++ {
		t := args[i].text
		var opt, value string
		switch {
		case t == "-C" || t == "-f" || t == "-I" || t == "--directory" || t == "--file" || t == "--makefile" || t == "--include-dir":
			if i+1 < len(args) {
				opt, value = t, args[i+1].text
				i++
			}
		case strings.HasPrefix(t, "--") && strings.Contains(t, "="):
			n, v, _ := strings.Cut(t, "=")
			switch n {
			case "--directory", "--file", "--makefile", "--include-dir":
				opt, value = n, v
			}
		case len(t) > 2 && (strings.HasPrefix(t, "-C") || strings.HasPrefix(t, "-f") || strings.HasPrefix(t, "-I")) && !strings.HasPrefix(t, "--"):
			opt, value = t[:2], t[2:]
		}
		if opt != "" && outsideProject(value) {
			unknown = append(unknown, opt)
		}
	}
	return unknown, nil
}

// outsideProject reports whether a path as written may lie outside the
// working directory: absolute, from the home, climbing with .., or only
// known at run time.
func outsideProject(p string) bool {
	if p == "" || strings.HasPrefix(p, "/") || strings.HasPrefix(p, "~") || strings.ContainsAny(p, "$`") {
		return true
	}
	for part := range strings.SplitSeq(p, "/") {
		if part == ".." {
			return true
		}
	}
	return false
}
