package main

import (
	"flag"
	"fmt"

	"github.com/agentmgr/agentmgr/internal/ownedfile"
)

// runtimeUsage is the usage of the commands that put agentmgr's file into a runtime's config
// folder: pi, opencode.
const runtimeUsage = "install [--project] [--binary PATH] | uninstall [--project] | status [--json]"

// runtimeCommand is `agentmgr pi` or `agentmgr opencode`: install, uninstall and status of
// agentmgr's file (the extension, the plugin) in the runtime's config folder. The flags, the
// verbs and their lines are the same for both; what differs is here.
type runtimeCommand struct {
	name          string
	noun          string // "extension", "plugin", "hook"
	projectFolder string // what --project installs into, for the flag's help; "": no --project
	install       func(root, binary, version string) (ownedfile.Outcome, error)
	uninstall     func(root string) (bool, error)
	path          func(root string) string
	// at finds the runtime's folders for this call, with --project or without.
	at func(e *env, project bool) runtimeFolders
}

// runtimeFolders are a runtime's folders as one call finds them, and what the runtime does
// around the shared verbs there.
type runtimeFolders struct {
	root        string           // the config folder install and uninstall act on
	installed   func(bin string) // after a successful install: follow-ups and warnings
	uninstalled func()           // after a successful uninstall, before its line; may be nil
	status      func(bin string, asJSON bool) error
}

// runtimeArgs is what a runtime command given other than one verb is told.
const runtimeArgs = "give one of install, uninstall or status"

// options defines the flags of the runtime's command; its action does the verb.
func (rc runtimeCommand) options(fs *flag.FlagSet) action {
	project := new(bool)
	if rc.projectFolder != "" {
		project = fs.Bool("project", false, "install, uninstall: "+rc.projectFolder)
	}
	binary := fs.String("binary", "", "install: the agentmgr binary the "+rc.noun+" starts (default: this one)")
	asJSON := fs.Bool("json", false, "status: print JSON")
	return func(e *env, rest []string) error {
		at := rc.at(e, *project)
		switch rest[0] {
		case "install":
			bin, err := selfPath(*binary)
			if err != nil {
				return err
			}
			outcome, err := rc.install(at.root, bin, version)
			if err != nil {
				return err
			}
			fmt.Fprintf(e.stdout, "%s %s (starts %s)\n", outcome, rc.path(at.root), bin)
			at.installed(bin)
			return nil
		case "uninstall":
			removed, err := rc.uninstall(at.root)
			if err != nil {
				return err
			}
			if at.uninstalled != nil {
				at.uninstalled()
			}
			if removed {
				fmt.Fprintf(e.stdout, "removed %s\n", rc.path(at.root))
			} else {
				fmt.Fprintf(e.stdout, "not installed: %s\n", rc.path(at.root))
			}
			return nil
		case "status":
			bin, _ := selfPath("")
			return at.status(bin, *asJSON)
		}
		return usagef("unknown %s command %q; give install, uninstall or status", rc.name, rest[0])
	}
}

// printOwnedStates prints where agentmgr's file (the pi extension, the OpenCode plugin, named
// noun) is installed and in what state, one scope after the other; a nil scope is skipped.
func printOwnedStates(e *env, noun string, states ...*ownedfile.State) {
	for _, st := range states {
		if st == nil {
			continue
		}
		switch {
		case !st.Installed:
			fmt.Fprintf(e.stdout, "%-8s not installed (%s)\n", st.Scope, st.Path)
		case st.Problem != "":
			fmt.Fprintf(e.stdout, "%-8s not agentmgr's %s: %s (%s)\n", st.Scope, noun, st.Path, st.Problem)
		default:
			state := "current"
			if !st.Current {
				state = "outdated (written by agentmgr " + st.Version + ")"
			}
			if st.BinaryMissing {
				state += ", its binary is missing"
			}
			fmt.Fprintf(e.stdout, "%-8s installed, %s: %s\n%-8s starts %s\n", st.Scope, state, st.Path, "", st.Binary)
		}
	}
}
