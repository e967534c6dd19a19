// Command agentmgr manages coding-agent personas. With a subcommand it is the CLI (and the
// hooks and servers the coding agents run); with no arguments it starts the desktop app,
// agentmgr-app, which is a program of its own so that this one links no GUI libraries.
package main

import "os"

func main() {
	os.Exit(run(os.Args[1:], newEnv()))
}
