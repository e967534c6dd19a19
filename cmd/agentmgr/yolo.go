package main

import (
	"flag"
	"fmt"

	"github.com/agentmgr/agentmgr/personas"
)

// yoloOn reports whether the state file has yolo switched on.
func (e *env) yoloOn() bool {
	st, _ := personas.LoadState(e.dirs())
	return st.Yolo
}

// yoloBanner prints a loud line when yolo is on, wherever the active agent is shown: a person
// who forgot it is on must not miss it.
func yoloBanner(e *env) {
	if e.yoloOn() {
		fmt.Fprintln(e.stdout, "!! YOLO IS ON: every ask is allowed without asking (deny still denies). `agentmgr yolo off` ends it.")
	}
}

const yoloHelp = "Show or switch yolo. While it is on, every call a rule would ask about is allowed;\ndeny rules, guards' denies, and commands that cannot be read (which still ask) are untouched."

func yoloOptions(fs *flag.FlagSet) action {
	asJSON := fs.Bool("json", false, "print JSON")
	return func(e *env, rest []string) error {
		d := e.dirs()
		st, probs := personas.LoadState(d)
		reportProblems(e.stderr, probs, personas.Warning)
		if len(rest) == 1 {
			switch rest[0] {
			case "on", "off":
				if on := rest[0] == "on"; on != st.Yolo {
					st.Yolo = on
					if err := personas.SaveState(d, st); err != nil {
						return err
					}
				}
			default:
				return usagef("yolo takes on or off, not %q", rest[0])
			}
		}
		if *asJSON {
			return writeJSON(e, map[string]bool{"yolo": st.Yolo})
		}
		if st.Yolo {
			yoloBanner(e)
		} else {
			fmt.Fprintln(e.stdout, "yolo is off: rules that ask, ask")
		}
		return nil
	}
}
