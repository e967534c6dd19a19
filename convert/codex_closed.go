package convert

import (
	"fmt"
	"slices"
	"strings"

	"github.com/agentmgr/agentmgr/engine"
)

// Codex 0.171.0 has no setting that forbids, or asks for, a command no rule names while some
// commands are allowed: its approval policies are on-request, never and granular, and under
// each a command no rule matches runs (in the sandbox for on-request and granular; asking only
// when the model requests to leave it); "untrusted" is no longer accepted. A persona that
// denies (or asks for) what it does not name is therefore written with forbidden (prompt)
// rules for the programs a coding agent commonly runs, so that Codex decides them as the
// persona does. Only a program outside these lists reaches the approval policy, and the
// report says so. The lists are of programs, grouped to keep each rule readable; none holds
// more alternatives than an import expands (maxCodexExpansion).
var codexPrograms = []struct {
	kind  string
	names []string
}{
	{"shells and wrappers", []string{"bash", "sh", "zsh", "dash", "ksh", "fish", "csh", "tcsh", "busybox",
		"sudo", "doas", "su", "pkexec", "env", "nice", "nohup", "timeout", "time", "xargs", "command", "exec",
		"builtin", "eval", "source", ".", "stdbuf", "ionice", "chroot", "setsid", "watch", "flock", "script",
		"unbuffer", "chrt", "taskset", "parallel"}},
	{"files", []string{"ls", "cat", "cp", "mv", "rm", "rmdir", "mkdir", "touch", "chmod", "chown", "chgrp",
		"ln", "find", "fd", "locate", "stat", "file", "du", "df", "tree", "realpath", "readlink", "install",
		"shred", "truncate", "dd", "mktemp", "tee", "split", "sync", "unlink", "rename", "setfacl", "chattr"}},
	{"text", []string{"grep", "egrep", "fgrep", "rg", "ag", "ack", "sed", "awk", "gawk", "perl", "head",
		"tail", "less", "more", "wc", "sort", "uniq", "cut", "tr", "paste", "join", "comm", "diff", "cmp",
		"patch", "nl", "fold", "fmt", "column", "xxd", "od", "hexdump", "strings", "base64", "md5sum",
		"sha1sum", "sha256sum", "jq", "yq", "echo", "printf", "iconv", "envsubst"}},
	{"version control", []string{"git", "gh", "glab", "hg", "svn", "git-lfs", "pre-commit"}},
	{"build and languages", []string{"make", "cmake", "ninja", "meson", "bazel", "gradle", "gradlew", "mvn",
		"ant", "go", "gofmt", "cargo", "rustc", "rustup", "gcc", "g++", "cc", "c++", "clang", "clang++", "ld",
		"node", "npm", "npx", "yarn", "pnpm", "pnpx", "bun", "bunx", "deno", "tsc", "tsx", "ts-node", "python",
		"python3", "pip", "pip3", "pipx", "uv", "uvx", "poetry", "pytest", "tox", "ruby", "gem", "bundle",
		"rake", "rails", "php", "composer", "java", "javac", "dotnet", "swift", "kotlin", "lua", "Rscript",
		"eslint", "prettier", "vitest", "jest", "webpack", "vite"}},
	{"packages and system", []string{"apt", "apt-get", "aptitude", "dpkg", "snap", "flatpak", "brew", "port",
		"dnf", "yum", "rpm", "zypper", "pacman", "apk", "nix", "nix-env", "systemctl", "service",
		"journalctl", "launchctl", "kill", "pkill", "killall", "ps", "top", "htop", "lsof", "strace",
		"shutdown", "reboot", "halt", "poweroff", "mount", "umount", "crontab", "at", "useradd", "userdel",
		"usermod", "groupadd", "passwd", "chpasswd", "visudo", "iptables", "nft", "ufw", "modprobe",
		"insmod", "sysctl", "mkfs", "fdisk", "parted", "wipefs", "losetup", "lsblk", "tmux", "screen"}},
	{"network", []string{"curl", "wget", "ssh", "scp", "sftp", "rsync", "nc", "ncat", "netcat", "socat",
		"telnet", "ftp", "ping", "dig", "nslookup", "host", "ip", "ifconfig", "nmap", "ssh-keygen",
		"ssh-add", "gpg", "openssl"}},
	{"archives", []string{"tar", "zip", "unzip", "gzip", "gunzip", "zcat", "bzip2", "xz", "7z", "zstd"}},
	{"containers and cloud", []string{"docker", "docker-compose", "podman", "buildah", "kubectl", "helm",
		"minikube", "kind", "terraform", "tofu", "pulumi", "ansible", "ansible-playbook", "aws", "gcloud",
		"gsutil", "az", "doctl", "flyctl", "vercel", "netlify", "heroku", "vagrant"}},
	{"editors and openers", []string{"vi", "vim", "nvim", "nano", "emacs", "ed", "code", "open", "xdg-open"}},
}

// codexSubcommands are the subcommands of programs with many, for a persona that allows some
// of a program's subcommands (git status) and denies the others: Codex cannot forbid the
// program without forbidding the allowed ones too (the strictest rule wins), so the others
// are forbidden one by one.
var codexSubcommands = map[string][]string{
	"git": {"add", "am", "apply", "archive", "bisect", "blame", "branch", "bundle", "cat-file",
		"checkout", "cherry", "cherry-pick", "clean", "clone", "commit", "config", "describe", "diff",
		"fetch", "filter-branch", "format-patch", "fsck", "gc", "grep", "init", "log", "ls-files",
		"ls-remote", "ls-tree", "merge", "mv", "notes", "prune", "pull", "push", "range-diff", "rebase",
		"reflog", "remote", "repack", "replace", "reset", "restore", "rev-list", "rev-parse", "revert",
		"rm", "send-email", "shortlog", "show", "sparse-checkout", "stash", "status", "submodule",
		"switch", "tag", "update-index", "update-ref", "worktree", "lfs", "filter-repo", "gui", "daemon",
		"instaweb", "p4", "svn", "credential", "hook", "maintenance"},
	"npm": {"access", "adduser", "audit", "bugs", "cache", "ci", "config", "dedupe", "deprecate", "diff",
		"dist-tag", "docs", "doctor", "exec", "explain", "fund", "help", "init", "install", "i",
		"install-test", "link", "login", "logout", "ls", "outdated", "owner", "pack", "ping", "pkg",
		"prefix", "profile", "prune", "publish", "rebuild", "restart", "root", "run", "run-script",
		"search", "set", "shrinkwrap", "star", "start", "stop", "team", "test", "t", "token", "uninstall",
		"unpublish", "update", "version", "view", "whoami", "x"},
	"yarn": {"add", "audit", "bin", "cache", "config", "create", "dlx", "exec", "info", "init",
		"install", "link", "npm", "pack", "publish", "remove", "run", "test", "up", "upgrade", "why",
		"workspace", "workspaces"},
	"pnpm": {"add", "audit", "create", "dlx", "exec", "install", "i", "link", "outdated", "pack",
		"publish", "remove", "rm", "run", "store", "test", "update", "up", "why"},
	"go": {"build", "clean", "doc", "env", "fix", "fmt", "generate", "get", "install", "list", "mod",
		"run", "test", "tool", "version", "vet", "work", "telemetry"},
	"cargo": {"add", "bench", "build", "check", "clean", "clippy", "doc", "fetch", "fix", "fmt", "init",
		"install", "login", "metadata", "new", "package", "publish", "remove", "run", "search", "test",
		"tree", "uninstall", "update", "vendor", "yank"},
	"docker": {"attach", "build", "buildx", "commit", "compose", "container", "context", "cp", "create",
		"exec", "export", "history", "image", "images", "import", "info", "inspect", "kill", "load",
		"login", "logout", "logs", "network", "pause", "plugin", "port", "ps", "pull", "push", "rename",
		"restart", "rm", "rmi", "run", "save", "search", "start", "stats", "stop", "system", "tag", "top",
		"unpause", "update", "version", "volume", "wait"},
	"kubectl": {"apply", "attach", "auth", "cluster-info", "config", "cordon", "cp", "create", "debug",
		"delete", "describe", "diff", "drain", "edit", "exec", "explain", "expose", "get", "label",
		"logs", "patch", "port-forward", "proxy", "replace", "rollout", "run", "scale", "set", "taint",
		"top", "version"},
	"gh": {"api", "auth", "browse", "codespace", "gist", "issue", "label", "pr", "project", "release",
		"repo", "run", "search", "secret", "ssh-key", "status", "variable", "workflow"},
	"pip":       {"install", "uninstall", "download", "freeze", "list", "show", "check", "config", "wheel", "cache", "index", "inspect"},
	"pip3":      {"install", "uninstall", "download", "freeze", "list", "show", "check", "config", "wheel", "cache", "index", "inspect"},
	"apt":       {"install", "remove", "purge", "autoremove", "update", "upgrade", "full-upgrade", "list", "search", "show", "edit-sources"},
	"apt-get":   {"install", "remove", "purge", "autoremove", "update", "upgrade", "dist-upgrade", "source", "build-dep", "clean", "download"},
	"brew":      {"install", "uninstall", "upgrade", "update", "list", "info", "search", "services", "tap", "cleanup", "link", "unlink"},
	"systemctl": {"start", "stop", "restart", "reload", "enable", "disable", "mask", "unmask", "status", "daemon-reload", "kill", "isolate", "poweroff", "reboot", "edit", "set-property"},
}

// codexClosedWorld appends to pol the rules that name the programs no rule of the persona
// names, for a catch-all Codex's approval policy cannot hold: decision is forbidden for a deny
// catch-all (an allow-list), prompt for an ask catch-all (Codex's on-request runs an unmatched
// command in the sandbox unasked). A listed program gets the rule when the persona's own rules
// decide it so (its plain use and with an argument), and no rule of the persona that decides
// less strictly starts with it (Codex's strictest rule would override that rule); for a program
// such a rule names some subcommands of (git status), each listed subcommand the persona
// decides so gets it instead. It reports the rules and what still reaches the approval policy.
func codexClosedWorld(rs engine.Ruleset, pol *codexPolicy, entries []codexEntry, decision string, rep *Report) {
	target := codexActions[decision]
	policy := engine.Policy{Persona: engine.CompileWithHome(rs, probeHome)}
	denied := func(cmd string) bool { return policy.DecideTool("bash", cmd).Action == target }
	// open holds the prefixes of the rules that decide less strictly than the target: Codex's
	// strictest-wins would override them if a shorter prefix got the target decision.
	var open [][]string
	for _, e := range entries {
		if engine.Stricter(e.action, target) != e.action {
			p := append([]string{}, e.prefix...)
			p[0] = p[0][strings.LastIndex(p[0], "/")+1:]
			open = append(open, p)
		}
	}
	isOpen := func(prefix ...string) bool {
		for _, o := range open {
			if hasPrefixWords(o, prefix) || hasPrefixWords(prefix, o) {
				return true
			}
		}
		return false
	}
	count := 0
	for _, group := range codexPrograms {
		var names []string
		for _, n := range group.names {
			if !isOpen(n) && denied(n) && denied(n+" x") {
				names = append(names, n)
			}
		}
		if len(names) > 0 {
			count += len(names)
			pol.Rules = append(pol.Rules, codexRule{Pattern: [][]string{names}, Decision: decision,
				Comment: "agentmgr: the persona " + verbs(target) + " every command no rule names; Codex can only say so by name (" + group.kind + ")"})
		}
	}
	var partial, untabled []string
	seen := map[string]bool{}
	for _, o := range open {
		prog := o[0]
		if seen[prog] || len(o) < 2 || isWholeOpen(open, prog) {
			continue
		}
		seen[prog] = true
		subs, ok := codexSubcommands[prog]
		if !ok {
			untabled = append(untabled, prog)
			continue
		}
		var names []string
		for _, s := range subs {
			if !isOpen(prog, s) && denied(prog+" "+s) && denied(prog+" "+s+" x") {
				names = append(names, s)
			}
		}
		if len(names) > 0 {
			count += len(names)
			partial = append(partial, prog)
			pol.Rules = append(pol.Rules, codexRule{Pattern: [][]string{{prog}, names}, Decision: decision,
				Comment: "agentmgr: the " + prog + " subcommands the persona " + verbs(target) + "; a rule for " + prog + " would override its rules that decide less strictly"})
		}
	}
	shells := false
	for _, r := range pol.Rules {
		shells = shells || r.Decision == decision && len(r.Pattern) == 1 && slices.Contains(r.Pattern[0], "bash")
	}
	if shells {
		rep.change("bash -lc SCRIPT that Codex cannot split", "decided by the commands of the script", decision+" (as bash)",
			"Codex runs the model's commands as bash -lc SCRIPT and checks the commands of a plain script (words, &&, ||, ;, |) one by one; any other script (a redirection, a variable, a substitution) is checked as the bash command itself, which is "+decision+" here (stricter where the persona allows it)")
	}
	to := fmt.Sprintf("%s by name: %d programs and subcommands a coding agent commonly runs", decision, count)
	if len(partial) > 0 {
		to += " (subcommands of " + strings.Join(partial, ", ") + ")"
	}
	rep.change("programs no rule names", verbed(target), to,
		"Codex has no rule for every other command; any other program reaches the approval policy")
	if len(untabled) > 0 {
		rep.change("other commands of "+strings.Join(untabled, ", "), verbed(target), "decided by the approval policy",
			"the persona allows some of their commands; a rule for the program would override those, and agentmgr knows no list of its subcommands (looser)")
	}
}

// isWholeOpen reports whether a rule that does not deny covers every command of prog.
func isWholeOpen(open [][]string, prog string) bool {
	for _, o := range open {
		if len(o) == 1 && o[0] == prog {
			return true
		}
	}
	return false
}
