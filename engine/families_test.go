package engine

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// familyPersona is a deny-list persona whose bash rules name one program per effect family.
var familyPersona = rules(
	"*", "*", "allow",
	"bash", "rm *", "deny",
	"bash", "rm -rf build*", "allow",
	"bash", "curl *", "deny",
	"bash", "chmod *", "ask",
	"bash", "chown *", "ask",
	"bash", "sudo *", "ask",
	"bash", "git push *", "deny",
)

func TestEffectFamiliesCoverOtherForms(t *testing.T) {
	t.Parallel()
	p := &Policy{Persona: CompileWithHome(familyPersona, "/home/u")}
	tests := []struct {
		cmd    string
		want   Action
		reason string // in the explanation, when not allow
	}{
		{"find . -name victim -delete", Deny, "deletes files (find -delete), as `rm *` says"},
		{"unlink victim", Deny, "deletes files (unlink)"},
		{"shred -u victim", Deny, "deletes files (shred)"},
		{"git clean -fdx", Deny, "deletes files (git clean)"},
		{"git rm victim", Deny, "git rm"},
		{"rsync -a --delete src/ dst/", Deny, "rsync --delete"},
		{"tar czf x.tgz --remove-files victim", Deny, "tar --remove-files"},
		{"zip -m x.zip victim", Deny, "zip -m"},
		{"wget -qO- https://example.com/x", Deny, "reaches the network (wget), as `curl *` says"},
		{"nc example.com 80", Deny, "reaches the network (nc)"},
		{"socat - TCP:example.com:80", Deny, "socat"},
		{"git clone https://example.com/r.git", Deny, "git clone"},
		{"install -m 4755 x /usr/local/bin/x", Ask, "changes file modes (install -m 4755), as `chmod *` says"},
		{"git update-index --chmod=+x run.sh", Ask, "git update-index --chmod"},
		{"chgrp staff x", Ask, "changes file owners (chgrp), as `chown *` says"},
		{"su -c id", Ask, "raises privilege (su), as `sudo *` says"},
		{"doas id", Ask, "raises privilege (doas)"},
		{"pkexec id", Ask, "raises privilege (pkexec)"},
		{"run0 id", Ask, "raises privilege (run0)"},
		{"systemd-run --uid=0 id", Ask, "systemd-run --uid"},
		{"docker run --privileged img", Ask, "--privileged"},
		{"git send-pack ../remote.git main", Deny, "publishes to another repository (git send-pack), as `git push *` says"},
		{"git -C ../remote fetch \"$PWD\" main", Deny, "publishes"},
		{"git -C ../remote fetch . main", Deny, "publishes"},
		// The rule's own program is decided by the rules, narrower allows included.
		{"rm -rf build/out", Allow, ""},
		{"curl https://x", Deny, ""},
		// Ordinary forms stay allowed.
		{"find . -name '*.go'", Allow, ""},
		{"install -m 755 x /usr/local/bin/x", Allow, ""},
		{"mkdir -m 700 ~/.cache/x", Allow, ""},
		{"git fetch origin", Allow, ""},
		{"git rm --cached x", Allow, ""},
		{"rsync -a src/ dst/", Allow, ""},
		{"systemd-run --user sleep 1", Allow, ""},
		{"docker run --rm img", Allow, ""},
	}
	for _, tt := range tests {
		d := p.DecideTool("bash", tt.cmd)
		if d.Action != tt.want {
			t.Errorf("%q = %s, want %s\n%s", tt.cmd, d.Action, tt.want, describeDecision(d))
			continue
		}
		if tt.reason != "" && !strings.Contains(d.Explain(), tt.reason) {
			t.Errorf("%q: explanation %q does not say %q", tt.cmd, d.Explain(), tt.reason)
		}
		if tt.reason != "" && (d.Rule == nil || d.Rule.Source.Line == 0) {
			t.Errorf("%q: the decision names no rule of the persona (%v): the app's preview shows where it comes from", tt.cmd, d.Rule)
		}
	}
}

func TestEffectFamilyOptOut(t *testing.T) {
	t.Parallel()
	rs := rules("*", "*", "allow", "bash", "rm *", "deny", "bash", "sudo *", "ask")
	rs[1].NoEffects = true
	p := &Policy{Persona: Compile(rs)}
	for cmd, want := range map[string]Action{
		"find . -delete": Allow, // effects: false: only rm itself
		"rm x":           Deny,
		"doas id":        Ask, // the sudo rule keeps its family
	} {
		checkDecide(t, p, "bash", cmd, want)
	}
}

func TestEffectFamiliesOnlyForWholePrograms(t *testing.T) {
	t.Parallel()
	// A narrower rule (rm -rf /*) is about that form, not about deleting in general; an allow
	// names no family; a guard's family applies to every persona.
	guard := Compile(rules("bash", "curl *", "ask").WithSource(Source{Kind: FromGuard, Name: "guards.yaml"}))
	p := &Policy{Persona: Compile(rules("*", "*", "allow", "bash", "rm -rf /*", "deny", "bash", "chmod *", "allow")), Guards: []*Compiled{guard}}
	for cmd, want := range map[string]Action{
		"find / -delete":           Allow,
		"install -m 4755 a b":      Allow,
		"wget https://example.com": Ask,
	} {
		checkDecide(t, p, "bash", cmd, want)
	}
}

func TestEffectFamiliesUnderYoloAndRulesOnly(t *testing.T) {
	t.Parallel()
	p := &Policy{Persona: Compile(rules("*", "*", "allow", "bash", "sudo *", "ask")), Yolo: true}
	if d := p.DecideTool("bash", "doas id"); d.Action != Allow {
		t.Errorf("yolo: doas id = %s, want allow (yolo turns the persona's asks into allow)", d.Action)
	}
	p = &Policy{Persona: Compile(rules("*", "*", "allow", "bash", "rm *", "deny")), RulesOnly: true}
	if d := p.DecideTool("bash", "find . -delete"); d.Action != Allow {
		t.Errorf("rules only: find . -delete = %s, want allow (families are the closed world's)", d.Action)
	}
}

// TestDocsListTheFamilies checks that docs/shell.md lists every family with the forms it covers.
func TestDocsListTheFamilies(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile(filepath.Join("..", "docs", "shell.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range Families {
		if !strings.Contains(string(data), "| "+f.Says+" |") || !strings.Contains(string(data), f.Forms) {
			t.Errorf("docs/shell.md does not list the family %q with its forms %q", f.Says, f.Forms)
		}
	}
}

func TestLintSaysWhatADenyListDoesNotCover(t *testing.T) {
	t.Parallel()
	var msg string
	for _, f := range Lint(rules("*", "*", "allow", "bash", "rm *", "deny", "bash", "sudo *", "ask"), LintOptions{}) {
		if f.Kind == LintBashFragile {
			msg = f.Message
		}
	}
	for _, want := range []string{"deletes files (`rm *` covers", "find -delete", "raises privilege (`sudo *` covers",
		"nothing covers what reaches the network, changes file modes, changes file owners, publishes to another repository",
		"`curl *`", "`git push *`", "interpreter"} {
		if !strings.Contains(msg, want) {
			t.Errorf("lint's deny-list finding does not say %q:\n%s", want, msg)
		}
	}
}
