package shell

import (
	"slices"
	"strings"
)

// Programs with subcommands take global options before the subcommand (git -C
// DIR push, kubectl --as admin exec, docker --context x run). A rule is
// written for the subcommand (`git push *`), so a unit is also decided on its
// text without those options: Unit.Plain.

// globalValueOptions are, per program, the global options that take the next
// word as their value (unless given as --name=value).
var globalValueOptions = map[string]map[string]bool{
	"git":    set("-C", "-c", "--git-dir", "--work-tree", "--namespace", "--config-env", "--exec-path", "--super-prefix", "--list-cmds", "--attr-source"),
	"docker": set("--context", "-c", "-H", "--host", "--config", "--log-level", "-l", "--tlscacert", "--tlscert", "--tlskey"),
	"podman": set("--connection", "-c", "--url", "--root", "--runroot", "--storage-driver", "--log-level", "--cgroup-manager", "--config", "--identity", "--module"),
	"kubectl": set("--as", "--as-group", "--as-uid", "-n", "--namespace", "--context", "--kubeconfig", "--cluster", "--user", "-s", "--server", "--token",
		"--certificate-authority", "--client-certificate", "--client-key", "--request-timeout", "--tls-server-name", "-v", "--cache-dir", "--profile", "--profile-output"),
	"oc":    set("--as", "-n", "--namespace", "--context", "--kubeconfig", "--cluster", "--user", "-s", "--server", "--token"),
	"npm":   set("--prefix", "-C", "--workspace", "-w", "--userconfig", "--globalconfig", "--cache", "--registry", "--loglevel"),
	"pnpm":  set("--dir", "-C", "--filter", "-F", "--workspace-dir", "--config"),
	"yarn":  set("--cwd", "--use-yarnrc"),
	"cargo": set("--config", "-Z", "--color", "-C", "--manifest-path"),
	"helm":  set("--kube-context", "--kubeconfig", "-n", "--namespace", "--registry-config", "--repository-config"),
	"gh":    set("-R", "--repo"),
}

func set(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}

// withoutGlobalOptions returns the words of a command with the global
// options before its subcommand left out and the program by its base name,
// or nil when it has no such options.
func withoutGlobalOptions(words []word) []word {
	name := baseName(words[0].text)
	valued, ok := globalValueOptions[name]
	if !ok {
		return nil
	}
	i := 1
	for i < len(words) {
		t := words[i].text
		if t == "--" || !strings.HasPrefix(t, "-") && !(name == "cargo" && strings.HasPrefix(t, "+")) {
			break
		}
		if valued[t] {
			i++
		}
		i++
	}
	if i == 1 || i >= len(words) {
		return nil
	}
	return append([]word{{text: name, literal: true}}, words[i:]...)
}

// GlobalOptions are the options program takes before its subcommand that take the next word
// as their value (git -C DIR push), sorted; nil for a program without subcommands. An export
// to a rule language that matches an argv prefix uses them: a rule for `git push` must also
// hold `git -C DIR push`.
func GlobalOptions(program string) []string {
	var out []string
	for o := range globalValueOptions[program] {
		out = append(out, o)
	}
	slices.Sort(out)
	return out
}
