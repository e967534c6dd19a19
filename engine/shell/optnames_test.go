package shell

import (
	"slices"
	"testing"
)

func TestLongOptions(t *testing.T) {
	push := LongOptions("git", "push")
	for _, want := range []string{"--force", "--force-with-lease", "--force-if-includes", "--dry-run"} {
		if !slices.Contains(push, want) {
			t.Errorf("LongOptions(git push) lacks %s: %q", want, push)
		}
	}
	if got := LongOptions("git", "no-such-subcommand"); got != nil {
		t.Errorf("LongOptions of an unknown subcommand = %q, want nil", got)
	}
	if got := LongOptions("frobnicate"); got != nil {
		t.Errorf("LongOptions of an unknown program = %q, want nil", got)
	}
	if got := SubcommandsWith("git", "--force-with-lease"); !slices.Equal(got, []string{"push"}) {
		t.Errorf("SubcommandsWith(git, --force-with-lease) = %q, want [push]", got)
	}
}
