package shell

// Builtins that change what later words run: hash -p, mapfile -C, enable -f.

import (
	"fmt"
	"strings"
)

// hashBuiltin: hash -p PATH NAME makes NAME run PATH for the rest of the
// shell, so later words do not say what runs.
func hashBuiltin(name string, args []word, _ stdin) lookThrough {
	for _, a := range args {
		if strings.HasPrefix(a.text, "-") && strings.Contains(a.text, "p") || !a.literal {
			return lookThrough{ask: fmt.Sprintf("%s -p makes a name run another program for the rest of the shell, so later commands are not what they seem", name)}
		}
	}
	return lookThrough{}
}

// mapfile (readarray) -C CALLBACK evaluates CALLBACK every -c lines.
func mapfile(name string, args []word, _ stdin) lookThrough {
	var lt lookThrough
	for i := 0; i < len(args); i++ {
		t := args[i].text
		switch {
		case t == "-C" && i+1 < len(args):
			lt.scripts = append(lt.scripts, script{text: args[i+1].text, literal: args[i+1].literal, what: "the callback given to " + name + " -C"})
			i++
		case strings.HasPrefix(t, "-C") && len(t) > 2:
			lt.scripts = append(lt.scripts, script{text: t[2:], literal: args[i].literal, what: "the callback given to " + name + " -C"})
		case t == "-d" || t == "-n" || t == "-O" || t == "-s" || t == "-u" || t == "-c":
			i++
		}
	}
	return lt
}

// enableBuiltin: enable -f FILE NAME loads a builtin from a shared object,
// which runs its code.
func enableBuiltin(name string, args []word, _ stdin) lookThrough {
	for _, a := range args {
		if !a.literal || strings.HasPrefix(a.text, "-") && strings.Contains(a.text, "f") {
			return lookThrough{ask: fmt.Sprintf("%s -f loads a builtin from a shared object, which runs its code", name)}
		}
	}
	return lookThrough{}
}
