package shell

import (
	"os"
	"strings"
)

// bashEnv is the environment a real-bash case runs in: this process's, without what would make
// the case behave unlike a user's terminal, plus the given entries.
//
// SHELL is set to the bash that runs the case: programs such as make's $(shell) and script
// start $SHELL, and a CI runner may start the tests with none. The make variables are dropped
// because `make test` runs these tests: an inherited MAKELEVEL or MAKEFLAGS turns the corpus's
// own make into a sub-make of ours, with our flags.
func bashEnv(bash string, extra ...string) []string {
	var env []string
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		switch name {
		case "SHELL", "MAKEFLAGS", "GNUMAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKEOVERRIDES", "MAKE_TERMOUT", "MAKE_TERMERR":
			continue
		}
		env = append(env, kv)
	}
	return append(append(env, "SHELL="+bash), extra...)
}
