//go:build !ci

// Command agentmgr-app is agentmgr's desktop app. `agentmgr` with no arguments starts it, on
// the folders agentmgr would use (PI_CODING_AGENT_DIR, the home directory, the working
// directory's project). It is a program apart from agentmgr so that the CLI, which Claude Code
// starts once per tool call, links neither Fyne nor the GL and X libraries Fyne needs.
//
//	agentmgr-app [--cli PATH]
//
// --cli is the agentmgr binary the pi screen installs the extension for; agentmgr passes its
// own path. Without it the app looks for agentmgr next to itself, then on PATH.
package main

import (
	"flag"
	"fmt"
	"os"

	"fyne.io/fyne/v2/app"

	"github.com/agentmgr/agentmgr/gui"
	"github.com/agentmgr/agentmgr/internal/posixlocale"
	"github.com/agentmgr/agentmgr/internal/release"
)

func main() {
	fs := flag.NewFlagSet("agentmgr-app", flag.ContinueOnError)
	cliFlag := fs.String("cli", "", "the agentmgr binary the pi screen installs the extension for")
	if err := fs.Parse(os.Args[1:]); err != nil {
		os.Exit(2)
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "agentmgr-app: unexpected argument %q; the commands are agentmgr's (agentmgr --help)\n", fs.Arg(0))
		os.Exit(2)
	}
	// Fyne reads the locale again when it starts and while it runs; keep a C locale with a
	// codeset hidden from it for the whole run (posixlocale hid it while packages initialised).
	posixlocale.Hide()
	cli, err := findCLI(*cliFlag)
	if err != nil {
		fmt.Fprintf(os.Stderr, "agentmgr-app: %v; the pi screen cannot install the extension\n", err)
	}
	dirs, err := findDirs()
	if err != nil {
		fmt.Fprintf(os.Stderr, "agentmgr-app: %v\n", err)
		os.Exit(1)
	}
	a := app.NewWithID(gui.AppID)
	a.SetIcon(gui.AppIcon())
	s := gui.NewShell(a, dirs, append(gui.Screens(), gui.PiScreen(cli, release.Version), gui.OpenCodeScreen(cli, release.Version),
		gui.CodexScreen(cli), gui.GeminiScreen(cli))...)
	s.ReplayWhileEditing()
	if err := s.StartWatching(); err != nil {
		// The app works without watching; the Reload button catches up by hand.
		fmt.Fprintf(os.Stderr, "agentmgr-app: not watching persona files for changes (%v); use Reload\n", err)
	}
	defer s.StopWatching()
	s.Window().Show()
	s.PlaceWindow()
	a.Run()
}
