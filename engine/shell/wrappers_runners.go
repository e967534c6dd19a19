package shell

// Programs that run commands they build or fetch: parallel, fd --exec, npx, uv.

import (
	"fmt"
	"regexp"
	"strings"
)

var parallelOptions = optionSet{
	flags: "0kmquvXeEgh", args: "jINnLPSdCa",
	longArgs: []string{"jobs", "max-procs", "colsep", "halt", "halt-on-error", "delimiter", "max-args", "max-lines", "max-replace-args",
		"tagstring", "results", "joblog", "timeout", "delay", "retries", "memfree", "load", "arg-file", "basefile", "tmpdir", "workdir", "sshlogin"},
	longFlags: []string{"keep-order", "null", "quote", "verbose", "bar", "progress", "eta", "dry-run", "tag", "ungroup", "line-buffer",
		"group", "will-cite", "no-notice", "xargs", "no-run-if-empty", "shuf", "pipe", "help", "version", "citation", "lb", "silent"},
}

// parallel is GNU parallel: the words before ::: (or ::::) are a command
// template run by a shell; with no template each argument after ::: is a
// command of its own, and with no ::: the commands or arguments come from
// standard input or a file.
func parallel(name string, args []word, _ stdin) lookThrough {
	quote := false
	argFile := false
	s := scanOptions(args, &parallelOptions, func(o option) {
		switch o.name {
		case "q", "quote":
			quote = true
		case "a", "arg-file", "sshlogin", "S":
			argFile = true
		}
	})
	lt := lookThrough{ask: optionTrouble(name, s)}
	rest := args[s.rest:]
	sep := len(rest)
	for i, w := range rest {
		if strings.HasPrefix(w.text, ":::") {
			sep = i
			break
		}
	}
	template := rest[:sep]
	if len(template) == 0 {
		if sep == len(rest) || argFile || rest[sep].text != ":::" {
			if lt.ask == "" {
				lt.ask = fmt.Sprintf("%s runs commands it reads from its input or a file, which the command text does not show", name)
			}
			return lt
		}
		for _, w := range rest[sep+1:] {
			if strings.HasPrefix(w.text, ":::") {
				break
			}
			lt.scripts = append(lt.scripts, script{text: w.text, literal: w.literal, what: "a command given to " + name})
		}
		return lt
	}
	if quote {
		lt.commands = append(lt.commands, filledIn(template, "{"))
		return lt
	}
	// The template is run by a shell with each argument, quoted, in place
	// of its replacement strings ({}, {.}, {1}...) or after it. Arguments
	// given after ::: are filled in; others stand as "$ARG", so a
	// replacement string in the command's place still makes it ask.
	var vals []word
	known := sep < len(rest) && !argFile && (rest[sep].text == ":::" || rest[sep].text == ":::+")
	for _, w := range rest[min(sep+1, len(rest)):] {
		if strings.HasPrefix(w.text, "::::") {
			known = false
		}
		if !strings.HasPrefix(w.text, ":::") {
			vals = append(vals, w)
		}
	}
	if !known || len(vals) == 0 || len(vals) > maxParallelArgs || !allLiteral(vals) {
		vals = []word{{text: `"$ARG"`, literal: true}}
	} else {
		for i, w := range vals {
			vals[i] = word{text: "'" + strings.ReplaceAll(w.text, "'", `'\''`) + "'", literal: true}
		}
	}
	body := joinTexts(template)
	for _, arg := range vals {
		text := body
		if parallelReplacement.MatchString(body) {
			text = parallelReplacement.ReplaceAllLiteralString(body, arg.text)
		} else {
			text += " " + arg.text
		}
		lt.scripts = append(lt.scripts, script{text: text, literal: allLiteral(template), what: "the command template given to " + name})
	}
	return lt
}

// maxParallelArgs bounds the arguments filled into a parallel template one
// by one; with more, they stand as "$ARG".
const maxParallelArgs = 16

// parallelReplacement matches GNU parallel's replacement strings.
var parallelReplacement = regexp.MustCompile(`\{[0-9]*(\.|/|//|/\.|#|%)?\}`)

// fdExec finds the commands of fd's -x/--exec and -X/--exec-batch, up to
// a ";" word; placeholders ({}, {/}, {.}...) are filled in per file.
func fdExec(_ string, args []word, _ stdin) lookThrough {
	var lt lookThrough
	for i := 0; i < len(args); i++ {
		t := args[i].text
		start := -1
		switch {
		case t == "-x" || t == "-X" || t == "--exec" || t == "--exec-batch":
			start = i + 1
		case strings.HasPrefix(t, "--exec=") || strings.HasPrefix(t, "--exec-batch="):
			_, v, _ := strings.Cut(t, "=")
			args = append(append(append([]word(nil), args[:i+1]...), word{text: v, literal: args[i].literal}), args[i+1:]...)
			start = i + 1
		case len(t) > 2 && t[0] == '-' && t[1] != '-' && (t[len(t)-1] == 'x' || t[len(t)-1] == 'X'):
			start = i + 1
		}
		if start < 0 {
			continue
		}
		end := start
		for end < len(args) && args[end].text != ";" {
			end++
		}
		if end > start {
			lt.commands = append(lt.commands, filledIn(args[start:end], "{"))
		}
		i = end
	}
	return lt
}

// npxOptions are npm exec's own options. npm's configuration options (--registry and the
// like) are not known here and ask: one may take the next word, which moves -c.
var npxOptions = optionSet{
	flags:     "y",
	args:      "cpw",
	longFlags: []string{"yes", "no", "workspaces", "include-workspace-root"},
	longArgs:  []string{"call", "package", "workspace"},
}

// npx runs a package's program (the package name is the command as rules
// see it); -c/--call runs a shell string. Its options are getopt's forms:
// -yc CMD, -p PKG -c CMD, --package=PKG --call CMD.
func npx(name string, args []word, _ stdin) lookThrough {
	var calls []script
	likeOption := ""
	s := scanOptions(args, &npxOptions, func(o option) {
		if o.hasValue && (!o.value.literal || strings.HasPrefix(o.value.text, "-")) {
			// npm (nopt) takes no word that looks like an option as an option's value: it
			// reads it as an option of its own, so -p --call CMD runs CMD; a value only the
			// run knows may be one (npx -p "$P" CMD, P=--call).
			if likeOption == "" {
				likeOption = o.value.text
			}
			return
		}
		if (o.name == "c" || o.name == "call") && o.hasValue && o.value.text != "" {
			spelled := "-" + o.name
			if len(o.name) > 1 {
				spelled = "-" + spelled
			}
			calls = append(calls, script{text: o.value.text, literal: o.value.literal, what: "the command given to " + name + " " + spelled})
		}
	})
	ask := optionTrouble(name, s)
	if ask == "" && likeOption != "" {
		ask = fmt.Sprintf("%s may read %s as an option of its own, not as the value of the option before it, so the command it runs is not certain", name, likeOption)
	}
	return lookThrough{ask: ask, scripts: calls}
}

var uvOptions = optionSet{
	flags: "qvnh",
	args:  "wpC",
	longArgs: []string{"with", "with-editable", "with-requirements", "python", "package", "extra", "group", "only-group", "no-group",
		"env-file", "directory", "project", "index", "default-index", "index-url", "extra-index-url", "find-links", "cache-dir",
		"config-file", "from", "index-strategy", "keyring-provider", "resolution", "prerelease", "exclude-newer", "link-mode",
		"compile-bytecode", "reinstall-package", "upgrade-package", "refresh-package", "no-binary-package", "no-build-package", "color", "allow-insecure-host"},
	longFlags: []string{"quiet", "verbose", "no-cache", "offline", "no-sync", "frozen", "locked", "isolated", "active", "no-project",
		"all-extras", "all-packages", "no-dev", "dev", "only-dev", "no-default-groups", "all-groups", "no-editable", "script", "gui-script",
		"module", "no-env-file", "native-tls", "no-config", "no-progress", "upgrade", "reinstall", "refresh", "no-build-isolation",
		"exact", "inexact", "no-binary", "no-build", "preview", "no-python-downloads", "managed-python", "no-managed-python", "help", "version"},
}

// uvRun: uv run and uv tool run look through to their command; other uv
// subcommands run nothing of the caller's.
func uvRun(name string, args []word, in stdin) lookThrough {
	i := 0
	for i < len(args) && strings.HasPrefix(args[i].text, "-") {
		i++
	}
	switch {
	case i < len(args) && args[i].text == "run":
		return uvx(name+" run", args[i+1:], in)
	case i+1 < len(args) && args[i].text == "tool" && args[i+1].text == "run":
		return uvx(name+" tool run", args[i+2:], in)
	}
	return lookThrough{}
}

// uvx runs its command after options.
func uvx(name string, args []word, _ stdin) lookThrough {
	s := scanOptions(args, &uvOptions, nil)
	lt := lookThrough{ask: optionTrouble(name, s)}
	if s.rest < len(args) {
		lt.commands = append(lt.commands, args[s.rest:])
	}
	return lt
}
