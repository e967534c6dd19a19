package shell

// Executable configuration (docs/shell.md): files and settings that name programs other
// programs later run. git runs core.fsmonitor on `git status`, a diff driver on `git diff`, a
// hook on `git commit`; npm runs script-shell for every script; pip runs what pip.conf names.
// Writing them is running code later, so, as for code given in arguments, only a rule that
// names them is consent: a wildcard (`*`, `src/*`, `git *`) is not.

import (
	"path"
	"slices"
	"strings"
)

// ExecConfigFile reports whether the slash-separated path p (as written, or absolute) is
// executable configuration. token is what an allowing edit rule's pattern must name (see
// NamesPath) and what says which file it is: ".git/config", ".git/hooks", ".gitattributes",
// ".npmrc" ...; a wildcard in p (a folder a command writes into) counts as any file there.
func ExecConfigFile(p string) (token string, ok bool) {
	p = strings.TrimSuffix(path.Clean(strings.ReplaceAll(p, `\`, "/")), "/")
	segs := strings.Split(p, "/")
	for i := len(segs) - 1; i >= 0; i-- {
		if segs[i] == ".git" {
			if tok, ok := gitDirFile(segs[i+1:]); ok {
				return tok, true
			}
			break
		}
	}
	base := segs[len(segs)-1]
	if tok, ok := execConfigNames[base]; ok {
		return tok, true
	}
	// ~/.config/git/config and ~/.config/git/attributes: git's global files under XDG.
	if len(segs) >= 2 && segs[len(segs)-2] == "git" && (base == "config" || base == "attributes") {
		return "git/" + base, true
	}
	return "", false
}

// execConfigNames are executable configuration files known by their base name, each with the
// token that names it.
var execConfigNames = map[string]string{
	".gitattributes": ".gitattributes",
	".gitmodules":    ".gitmodules",
	".gitconfig":     ".gitconfig",
	"gitconfig":      "gitconfig", // /etc/gitconfig
	".npmrc":         ".npmrc",
	"npmrc":          "npmrc", // $PREFIX/etc/npmrc
	".yarnrc":        ".yarnrc",
	".yarnrc.yml":    ".yarnrc.yml",
	"pip.conf":       "pip.conf",
	"pip.ini":        "pip.ini",
}

// gitDirFile reports whether the path rest, below a .git folder, is executable configuration:
// the folder itself (replaced, it brings its own config), config, config.worktree, hooks,
// info/attributes, and the same of submodules and worktrees (modules/NAME/..., worktrees/NAME/...).
func gitDirFile(rest []string) (string, bool) {
	if len(rest) == 0 {
		return ".git", true
	}
	if strings.ContainsAny(rest[0], "*?[") {
		return ".git", true // a folder written into: any file there
	}
	switch rest[0] {
	case "config", "config.worktree":
		return ".git/" + rest[0], len(rest) == 1
	case "hooks":
		return ".git/hooks", true
	case "info":
		return ".git/info/attributes", len(rest) == 2 && (rest[1] == "attributes" || strings.ContainsAny(rest[1], "*?["))
	case "modules", "worktrees":
		// Any depth: submodules nest (modules/a/modules/b/config).
		for _, s := range rest[1:] {
			switch {
			case s == "config" || s == "config.worktree" || s == "hooks" || s == "attributes" || strings.ContainsAny(s, "*?["):
				return ".git/" + rest[0], true
			}
		}
	}
	return "", false
}

// NamesPath reports whether an edit rule's pattern names the executable configuration token:
// the token stands in it as whole path components (after the start, a '/' or a wildcard, and
// before the end, a '/' or a wildcard). So `*/.git/config` and `.git/hooks/*` name theirs;
// `*`, `src/*` and `.git/*` name none.
func NamesPath(pattern, token string) bool {
	return standsIn(strings.ReplaceAll(pattern, `\`, "/"), token, "/*", "/*?")
}

// configCommands are the commands that write a package manager's executable configuration
// (.npmrc, .yarnrc, pip.conf), by program: the subcommand, and the verbs after it that write
// (none: the subcommand alone writes). The subcommand is also the word a rule must name.
var configCommands = map[string][]struct {
	sub   string
	verbs []string
}{
	"npm":  {{sub: "config", verbs: []string{"set", "delete", "rm", "edit", "fix"}}, {sub: "set"}},
	"pnpm": {{sub: "config", verbs: []string{"set", "delete", "rm", "edit"}}, {sub: "set"}},
	"yarn": {{sub: "config", verbs: []string{"set", "unset", "delete"}}},
	"pip":  {{sub: "config", verbs: []string{"set", "unset", "edit"}}},
	"pip3": {{sub: "config", verbs: []string{"set", "unset", "edit"}}},
}

// configWriteNeeds returns the word a rule must name to allow program name run with args when
// it writes its executable configuration (npm config set script-shell X: config), or "". The
// subcommand is looked for among every operand, since an option's value (npm --location
// project config set) is one too: a stray match asks, a missed one would not.
func configWriteNeeds(name string, args []word) string {
	var ops []string
	for _, w := range args {
		if !strings.HasPrefix(w.text, "-") {
			ops = append(ops, w.text)
		}
	}
	for _, c := range configCommands[name] {
		for i, op := range ops {
			if op != c.sub {
				continue
			}
			if len(c.verbs) == 0 {
				return c.sub
			}
			// npm config KEY VALUE is no form: a verb follows; one that is not a literal
			// word may be any of them.
			if i+1 < len(ops) && (slices.Contains(c.verbs, ops[i+1]) || strings.ContainsAny(ops[i+1], "$`")) {
				return c.sub
			}
		}
	}
	return ""
}
