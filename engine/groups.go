package engine

import (
	"strconv"
	"strings"
)

// Named groups (docs/rules.md, "Named groups"): a path rule's pattern `@NAME` stands for every
// pattern of the group, so that a persona protects what people mean (every shell start-up
// file) rather than the one file they thought of (`~/.bashrc`).

// Group is a named set of path patterns.
type Group struct {
	Name     string
	Says     string   // what the group holds, for lint and the documentation
	Patterns []string // path patterns, `~` for the home directory
}

// Groups are the named groups, in the order the documentation lists them.
var Groups = []Group{
	{"shell-startup", "shell start-up files", []string{
		"~/.bashrc", "~/.bash_profile", "~/.bash_login", "~/.profile", "~/.bash_logout", "~/.bash_aliases",
		"~/.zshrc", "~/.zshenv", "~/.zprofile", "~/.zlogin", "~/.zlogout", "~/.config/fish/*", "~/.inputrc",
		"~/.config/environment.d/*", "~/.config/systemd/user/*", "~/.config/autostart/*", "~/.xprofile", "~/.xinitrc",
		"~/.xsessionrc", "/etc/profile", "/etc/profile.d/*", "/etc/bash.bashrc", "/etc/bashrc", "/etc/zsh/*", "/etc/environment"}},
	{"system-config", "system configuration and the programs every user runs", []string{
		"/etc/*", "/usr/lib/systemd/*", "/lib/systemd/*", "/var/spool/cron/*", "/var/spool/anacron/*", "/usr/local/bin/*",
		"/usr/local/sbin/*", "/usr/bin/*", "/usr/sbin/*", "/bin/*", "/sbin/*", "/boot/*", "/usr/lib/sudo/*"}},
	{"ssh-keys", "SSH keys and configuration", []string{"~/.ssh", "~/.ssh/*", "/etc/ssh/*"}},
	{"cloud-credentials", "cloud and cluster credentials", []string{
		"~/.aws/*", "~/.config/gcloud/*", "~/.azure/*", "~/.kube/*", "~/.docker/config.json", "~/.oci/*",
		"~/.config/doctl/*", "~/.terraform.d/credentials.tfrc.json", "~/.config/gh/hosts.yml", "~/.config/hub"}},
	{"package-auth", "package managers' credentials", []string{
		"~/.npmrc", "~/.yarnrc", "~/.yarnrc.yml", "~/.pypirc", "~/.config/pip/pip.conf", "~/.pip/pip.conf", "~/.netrc",
		"~/.cargo/credentials", "~/.cargo/credentials.toml", "~/.gem/credentials", "~/.m2/settings.xml",
		"~/.gradle/gradle.properties", "~/.nuget/NuGet/NuGet.Config", "~/.composer/auth.json", "~/.git-credentials",
		"~/.config/git/credentials"}},
}

// groupOf returns the group a pattern names (`@ssh-keys`), or nil.
func groupOf(pattern string) *Group {
	name, ok := strings.CutPrefix(pattern, "@")
	if !ok {
		return nil
	}
	for i := range Groups {
		if Groups[i].Name == name {
			return &Groups[i]
		}
	}
	return nil
}

// GroupPatterns returns the patterns a rule's pattern stands for: the group's for `@NAME`, the
// pattern itself otherwise.
func GroupPatterns(pattern string) []string {
	if g := groupOf(pattern); g != nil {
		return g.Patterns
	}
	return []string{pattern}
}

// member is one pattern of a group rule, compiled.
type member struct {
	src     string
	pathVal *Pattern
}

// matchPath reports whether the rule's pattern (or, for a group, one of its members) matches
// the normalized path value v.
func (r *compiledRule) matchPath(v string) bool {
	if r.members == nil {
		return r.pathVal.Match(v)
	}
	for _, m := range r.members {
		if m.pathVal.Match(v) {
			return true
		}
	}
	return false
}

// proposeGroups is the lint finding for a path rule that protects one member of a group
// (`~/.bashrc`, or a pattern matching one, `*.bashrc`) when no rule of the same key names the
// group: the siblings stay open.
func proposeGroups(rs Ruleset) []Finding {
	var out []Finding
	for i, r := range rs {
		if r.Action == Allow || groupOf(r.Pattern) != nil || IsCatchAll(r.Pattern) || !isPathPermission(r.Permission) {
			continue
		}
		pat := CompilePattern(r.Pattern, PatternOptions{Path: true, Home: "~"})
		for _, g := range Groups {
			named := false
			for _, o := range rs {
				if o.Permission == r.Permission && o.Pattern == "@"+g.Name {
					named = true
				}
			}
			if named {
				continue
			}
			for _, m := range g.Patterns {
				if m == r.Pattern || pat.Match(strings.TrimSuffix(m, "/*")+suffixOf(m)) {
					out = append(out, Finding{Kind: LintGroup, Rule: i, By: -1,
						Message: "rule " + strconv.Itoa(i+1) + " " + r.String() + " protects " + m + ", one of the " + g.Says +
							"; the others stay open: add " + r.Permission + ": {\"@" + g.Name + "\": " + string(r.Action) + "} to protect the whole group"})
					break
				}
			}
		}
	}
	return out
}

func suffixOf(m string) string {
	if strings.HasSuffix(m, "/*") {
		return "/x"
	}
	return ""
}

func isPathPermission(p string) bool {
	switch p {
	case "edit", "read", "write", "path", "external_directory", "grep", "glob", "list":
		return true
	}
	return false
}
