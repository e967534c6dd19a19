package engine

import (
	"path"
	"strings"
	"testing"
)

func TestDecidePathUnderEveryName(t *testing.T) {
	const home = "/home/u"
	place := linkPlace(home, [2]string{"/proj/link", "/etc"}, [2]string{"/proj/secret-link", "/proj/secrets"})
	allowOutside := []string{"external_directory", "*", "allow"}
	tests := []struct {
		name  string
		rules Ruleset
		key   string
		value string
		want  Action
	}{
		{"dot-dot through home meets a ~/.ssh deny", rules("read", "*", "allow", "read", "~/.ssh/*", "deny"),
			"read", "$HOME/proj/../.ssh/id_rsa", Deny},
		{"tilde with dot-dot meets a ~/.ssh deny", rules("read", "*", "allow", "read", "~/.ssh/*", "deny"),
			"read", "~/x/./../.ssh//id_rsa", Deny},
		{"relative dot-dot out of the project meets an absolute deny", rules("read", "*", "allow", "read", "/etc/*", "deny"),
			"read", "src/../../etc/passwd", Deny},
		{"a later allow for the spelling with dot-dot does not undo a deny for the file", rules("read", "/home/u/*", "deny", "read", "/home/u/proj/*", "allow"),
			"read", "/home/u/proj/../.ssh/id_rsa", Deny},
		{"relative deny protects an absolute path", rules("edit", "*", "allow", "edit", "secrets/*", "deny"),
			"edit", "/proj/secrets/k", Deny},
		{"absolute deny protects a relative path", rules("edit", "*", "allow", "edit", "/proj/secrets/*", "deny"),
			"edit", "secrets/k", Deny},
		{"relative allow in an allow-list persona allows the absolute path", rules("*", "*", "deny", "read", "src/*", "allow"),
			"read", "/proj/src/a.go", Allow},
		{"absolute allow in an allow-list persona allows the relative path", rules("*", "*", "deny", "read", "/proj/src/*", "allow"),
			"read", "src/a.go", Allow},
		{"a catch-all on one name does not undo a specific allow on another", rules("edit", "*", "ask", "edit", "/proj/src/*", "allow"),
			"edit", "src/a.go", Allow},
		{"relative allow cannot loosen an absolute ask", rules("read", "*", "ask", "read", "src/*", "allow", "read", "/proj/src/*", "ask"),
			"read", "/proj/src/a.go", Ask},
		{"a link out of the project is decided on its target", rules("read", "*", "allow", "read", "/etc/*", "deny"),
			"read", "link/passwd", Deny},
		{"an allow for the link's own name does not open its target", append(rules("read", "*", "deny", "read", "/proj/*", "allow"), rules(allowOutside...)...),
			"read", "link/passwd", Deny},
		{"a deny on the link's own name still holds", rules("edit", "*", "allow", "edit", "secret-link/*", "deny"),
			"edit", "secret-link/k", Deny},
		{"a deny on the target holds through the link", rules("edit", "*", "allow", "edit", "secrets/*", "deny"),
			"edit", "secret-link/k", Deny},
		{"outside the project asks by default", rules("read", "*", "allow"),
			"read", "/etc/hosts", Ask},
		{"outside the project: an external_directory allow lets it through", append(rules("read", "*", "allow"), rules(allowOutside...)...),
			"read", "/etc/hosts", Allow},
		{"outside the project: external_directory deny", rules("read", "*", "allow", "external_directory", "/etc/*", "deny"),
			"read", "/etc/hosts", Deny},
		{"outside the project: a read deny is not loosened by external_directory", append(rules("read", "*", "allow", "read", "/etc/*", "deny"), rules(allowOutside...)...),
			"read", "/etc/hosts", Deny},
		{"a sibling folder with the project's name as prefix is outside", rules("read", "*", "allow"),
			"read", "/projx/a", Ask},
		{"inside the project is not external", rules("read", "*", "allow"),
			"read", "src/a.go", Allow},
		{"an edit outside the project asks even under * allow without an external rule", rules("edit", "*", "allow"),
			"edit", "../other/a.go", Ask},
		{"a non-path key is matched as spelt", rules("webfetch", "*", "allow", "webfetch", "x/*", "deny"),
			"webfetch", "/proj/x/y", Allow},
		{"an empty value is matched as is", rules("list", "", "allow"),
			"list", "", Allow},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pol := (&Policy{Persona: CompileWithHome(tt.rules, home)}).At(place)
			if got := pol.DecideKey(tt.key, tt.value); got.Action != tt.want {
				t.Errorf("DecideKey(%q, %q) = %s (%s), want %s", tt.key, tt.value, got.Action, got.Explain(), tt.want)
			}
		})
	}
}

func TestDecidePathWithoutPlaceMatchesAsSpelt(t *testing.T) {
	pol := &Policy{Persona: Compile(rules("read", "*", "allow", "read", "/etc/*", "deny"))}
	if got := pol.DecideKey("read", "/tmp/../etc/passwd"); got.Action != Allow {
		t.Errorf("without a place the value is matched as spelt: got %s, want allow", got.Action)
	}
}

func TestExternalReasonNamesTheProject(t *testing.T) {
	pol := NewPolicy(rules("read", "*", "allow")).At(&Place{Cwd: "/proj/sub", Project: "/proj"})
	d := pol.DecideTool("read", "../../etc/hosts")
	if d.Action != Ask || d.Permission != ExternalDirectory || !strings.Contains(d.Reason, `"/etc/hosts" is outside the project "/proj"`) {
		t.Errorf("got %s %s %q, want an external_directory ask naming /etc/hosts and /proj", d.Action, d.Permission, d.Reason)
	}
	if d := pol.DecideTool("read", "../a.go"); d.Action != Allow {
		t.Errorf("a path in the project above the cwd: got %s, want allow", d.Action)
	}
}

// FuzzPathDenyHoldsUnderAnySpelling spells paths every way an agent could: a deny for a folder
// must hold for every value that names a file in it, whatever allow rules match the spelling.
func FuzzPathDenyHoldsUnderAnySpelling(f *testing.F) {
	for _, s := range []string{"$HOME/proj/../.ssh/id_rsa", "~/.ssh/id_rsa", "../.ssh/k", "/proj/../home/u/.ssh//x", "./a/../../home/u/.ssh/./k", `..\.ssh\k`, "src/a.go", "~", ""} {
		f.Add(s)
	}
	rs := rules("read", "*", "allow", "read", "~/.ssh/*", "deny", "read", "/proj/*", "allow", "read", "src/*", "allow", "external_directory", "*", "allow")
	pol := (&Policy{Persona: CompileWithHome(rs, "/home/u")}).At(&Place{Cwd: "/home/u/proj", Project: "/home/u/proj", Home: "/home/u"})
	f.Fuzz(func(t *testing.T, value string) {
		sp := pol.Place.spell(value)
		d := pol.DecideKey("read", value)
		if strings.HasPrefix(sp.canonical, "/home/u/.ssh/") && d.Action != Deny {
			t.Errorf("%q names %q in ~/.ssh but was decided %s (%s)", value, sp.canonical, d.Action, d.Explain())
		}
	})
}

// A place without a home directory reads a path value's `~` as the home the persona was
// compiled with, not as whatever $HOME the process has: the rules' `~` and the value's agree.
func TestPlaceTakesThePersonasHome(t *testing.T) {
	t.Setenv("HOME", "/elsewhere")
	pol := &Policy{Persona: CompileWithHome(rules("read", "*", "ask", "read", "~/notes/*", "allow"), "/home/h")}
	pol = pol.At(&Place{Cwd: "/home/h/proj", Project: "/home/h"})
	if d := pol.DecideTool("read", "~/notes/a.md"); d.Action != Allow {
		t.Errorf("~/notes/a.md under the persona's home: got %s (%s), want allow", d.Action, d.Reason)
	}
}

// The resolver is handed the path as spelt, and what it says of the file decides: a `..` after
// a link is the target's parent, a folding volume's names meet rules without case, and a path
// it cannot be sure of is not allowed unseen.
func TestDecidePathOnWhatTheResolverFound(t *testing.T) {
	const home = "/Users/me"
	resolver := func(folds bool) func(string) Resolved {
		return func(abs string) Resolved {
			switch {
			case strings.HasPrefix(abs, "/var/run/.."):
				// /var/run -> /run: its `..` is /.
				return Resolved{Path: path.Clean("/run/" + abs[len("/var/run/"):]), Folds: folds}
			case strings.HasPrefix(abs, "/proc/"):
				return Resolved{Path: abs, Unsure: "a descriptor of the program"}
			}
			return Resolved{Path: path.Clean(abs), Folds: folds}
		}
	}
	protect := rules("*", "*", "allow", "edit", "/etc/*", "deny", "read", "~/.ssh/*", "deny", "edit", "*.env", "ask", "edit", "~/src/*", "ask", "edit", "~/Src/*", "allow")
	tests := []struct {
		name  string
		folds bool
		key   string
		value string
		want  Action
	}{
		{"a link's dot-dot reaches the file the kernel opens", false, "edit", "/var/run/../etc/motd", Deny},
		{"a folding volume's spelling meets a lower-case deny", true, "read", "~/.SSH/authorized_keys", Deny},
		{"a folding volume's spelling meets a lower-case ask", true, "edit", "/proj/prod.ENV", Ask},
		{"a case-sensitive volume keeps names apart", false, "edit", "/proj/prod.ENV", Allow},
		{"a match without case never loosens", true, "edit", "~/src/a", Ask},
		{"an unsure path asks instead of allowing", false, "edit", "/proc/self/fd/9", Ask},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			place := &Place{Cwd: "/proj", Project: "/", Home: home, Resolve: resolver(tt.folds)}
			pol := (&Policy{Persona: CompileWithHome(protect, home)}).At(place)
			if got := pol.DecideKey(tt.key, tt.value); got.Action != tt.want {
				t.Errorf("DecideKey(%q, %q) = %s, want %s", tt.key, tt.value, got.Explain(), tt.want)
			}
		})
	}
}
