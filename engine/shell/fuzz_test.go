package shell

import (
	"reflect"
	"strings"
	"testing"
)

// FuzzAnalyze checks that any input gives at least one unit, without
// panicking (Analyze turns a panic into an internal-error unit, caught
// here), the same way every time; that every suggestion follows its
// text; and that an input that does not parse asks.
func FuzzAnalyze(f *testing.F) {
	for _, seeds := range [][]string{evasions, harmless, benchCommands} {
		for _, s := range seeds {
			f.Add(s)
		}
	}
	f.Add("")
	f.Add("env -S 'env -S \"env -S rm\"'")
	f.Add("bash <<-'A'\n\tsh <<<'eval \"rm x\"'\n\tA")
	for _, s := range []string{
		"bash -Ooc extglob errexit 'rm x'", "env -S $'a\\_b\\c\\\"' x", "x='a[$(rm)]'; echo $((x)) ${!x} ${x@P}",
		"tmux new -d 'a' \\; send-keys 'rm x' Enter", "parallel 'rm {}' ::: a ::: b", "fd -x rm {} ; -X ls",
		"docker run --entrypoint sh img -c 'rm x'", "git -c alias.x='!rm y' rebase -x 'rm z' main", "sed -n '/a/{s/x/y/e;}' f",
		"awk '{print | \"sh\"}'", "exec 3<>f >&2 2>&- <&3- {fd}>g", "ssh -o ProxyCommand='rm x' h 'rm y'",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, cmd string) {
		units := Analyze(cmd)
		if len(units) == 0 {
			t.Fatalf("Analyze(%q) returned no unit", cmd)
		}
		if again := Analyze(cmd); !reflect.DeepEqual(units, again) {
			t.Fatalf("Analyze(%q) is not deterministic:\n%s\nthen:\n%s", cmd, describeUnits(units), describeUnits(again))
		}
		for _, u := range units {
			if strings.HasPrefix(u.AskReason, internalError) {
				t.Fatalf("Analyze(%q) failed inside: %s", cmd, u.AskReason)
			}
			if u.Key == "" && u.Suggestion != Suggest(u.Text) {
				t.Errorf("Analyze(%q): unit %q has suggestion %q, want %q", cmd, u.Text, u.Suggestion, Suggest(u.Text))
			}
			if u.Base != "" && !strings.Contains(u.Text, "/") {
				t.Errorf("Analyze(%q): unit %q has base %q but no path", cmd, u.Text, u.Base)
			}
		}
		if len(cmd) <= maxInput && bracketNesting(cmd) <= maxNesting {
			if _, err := parse(cmd); err != nil && units[0].AskReason == "" {
				t.Errorf("Analyze(%q): does not parse (%v) but the first unit does not ask", cmd, err)
			}
		}
	})
}
