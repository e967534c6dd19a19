package shell_test

import (
	"fmt"

	"github.com/agentmgr/agentmgr/engine/shell"
)

// Analyze splits a command line into the commands it would run: each is decided on its own,
// wrappers are looked through, a redirection is a file the command writes, and what cannot be
// known from the text must be asked about.
func ExampleAnalyze() {
	for _, u := range shell.Analyze(`cd src && sudo rm -rf build > log.txt; eval "$X"`) {
		switch {
		case u.AskReason != "":
			fmt.Printf("%-14s ask: %s\n", u.Text, u.AskReason)
		case u.Key != "":
			fmt.Printf("%-14s (%s)\n", u.Text, u.Key)
		default:
			fmt.Println(u.Text)
		}
	}
	// Output:
	// cd src
	// sudo rm -rf build
	// rm -rf build
	// log.txt        (edit)
	// eval $X        ask: the script given to eval is only known when the command runs
	// $X             ask: the command name "$X" is only known when the command runs
}
