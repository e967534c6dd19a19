package gitconfig

import "strings"

// Programs returns the entries of r through which the git subcommand sub runs a program: the
// file system monitor, hooks from another folder, the pager, diff and merge drivers, filters,
// the signing program, ssh and credential helpers, an alias named like sub, and the editor for
// the subcommands that open one. A key git reads as a boolean (core.fsmonitor = true, pager.log =
// false) names no program.
func (r Repo) Programs(sub string) []Entry {
	var out []Entry
	for _, e := range r.Entries {
		if runsProgram(e, sub) {
			out = append(out, e)
		}
	}
	return out
}

// editingCommands are the git subcommands that may open the editor.
var editingCommands = map[string]bool{
	"commit": true, "rebase": true, "merge": true, "tag": true, "revert": true, "cherry-pick": true,
	"notes": true, "am": true, "pull": true, "config": true, "add": true, "stash": true,
	"filter-branch": true, "var": true, "commit-tree": true, "send-email": true,
}

func runsProgram(e Entry, sub string) bool {
	if isBool(e.Value) && (e.Section == "pager" || e.Key() == "core.fsmonitor") {
		return false
	}
	switch e.Section {
	case "pager":
		return e.Subsection == ""
	case "alias":
		return e.Subsection == "" && e.Name == strings.ToLower(sub)
	case "diff":
		return e.Subsection == "" && e.Name == "external" || e.Subsection != "" && (e.Name == "textconv" || e.Name == "command")
	case "filter":
		return e.Subsection != "" && (e.Name == "clean" || e.Name == "smudge" || e.Name == "process")
	case "merge":
		return e.Subsection != "" && e.Name == "driver"
	case "gpg":
		return e.Name == "program"
	case "credential":
		return e.Name == "helper"
	case "uploadpack":
		return e.Name == "packobjectshook"
	case "sequence":
		return e.Name == "editor" && editingCommands[sub]
	case "core":
		switch e.Name {
		case "fsmonitor", "hookspath", "pager", "sshcommand", "askpass", "gitproxy":
			return true
		case "editor":
			return editingCommands[sub]
		}
	}
	return false
}

// isBool reports whether git reads v as a boolean.
func isBool(v string) bool {
	switch strings.ToLower(v) {
	case "true", "false", "yes", "no", "on", "off", "1", "0", "":
		return true
	}
	return false
}
