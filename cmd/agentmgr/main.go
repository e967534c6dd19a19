// Command agentmgr manages coding-agent personas. With no arguments it opens the desktop app;
// with a subcommand it is the CLI.
package main

import (
	"os"

	"github.com/agentmgr/agentmgr/cmd/agentmgr/internal/posixlocale"
)

func main() {
	posixlocale.Restore()
	os.Exit(run(os.Args[1:], newEnv()))
}
