package shell

import (
	"strings"
)

// Directory changes within a command. A relative path means a different file
// after cd DIR, so the analysis keeps where each command runs (Unit.Dir) and
// the engine decides a relative path also joined to it. A move to a directory
// only known at run time (cd "$D", cd -, popd, find -execdir) makes every
// later relative path unknown (Unit.DirUnknown).

// moves follows a command that changes the shell's directory.
func (a *analyzer) moves(name string, args []word) {
	switch name {
	case "cd", "pushd":
		i := 0
		for i < len(args) && len(args[i].text) > 1 && args[i].text[0] == '-' && args[i].literal {
			if args[i].text == "--" {
				i++
				break
			}
			i++
		}
		if i >= len(args) {
			if name == "cd" {
				a.moveTo(word{text: "~", literal: true})
			} else {
				a.dirUnknown = true // pushd alone swaps the top two directories
			}
			return
		}
		if args[i].text == "-" || strings.HasPrefix(args[i].text, "+") && name == "pushd" {
			a.dirUnknown = true
			return
		}
		a.moveTo(args[i])
	case "popd":
		a.dirUnknown = true
	}
}

// moveTo moves the analysis to dir.
func (a *analyzer) moveTo(dir word) {
	if !dir.literal || strings.HasPrefix(dir.text, "~-") || strings.HasPrefix(dir.text, "~+") && dir.text != "~+" && !strings.HasPrefix(dir.text, "~+/") {
		a.dirUnknown = true
		return
	}
	t := dir.text
	if t == "~+" || strings.HasPrefix(t, "~+/") {
		t = "." + t[2:]
	}
	// The directory is kept as spelt, `..` not applied: after cd /var/run, ../etc is /etc to
	// the kernel (/var/run links to /run) while bash's logical cd says /var/etc; the engine
	// decides both names (lexically cleaned and resolved), the strictest winning.
	if strings.HasPrefix(t, "/") || strings.HasPrefix(t, "~") {
		a.dir, a.dirUnknown = strings.TrimSuffix(t, "/"), false
		if a.dir == "" {
			a.dir = "/"
		}
		return
	}
	if a.dirUnknown {
		return
	}
	if a.dir == "" {
		a.dir = strings.TrimSuffix(t, "/")
		return
	}
	a.dir = strings.TrimSuffix(a.dir, "/") + "/" + strings.TrimSuffix(t, "/")
}
