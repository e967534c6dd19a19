package main

import (
	"strings"
	"testing"
)

func TestArityAllows(t *testing.T) {
	tests := []struct {
		name string
		a    arity
		ok   []int
		not  []int
	}{
		{"the zero arity takes none", arity{}, []int{0}, []int{1, 2}},
		{"exactly one", exactly(1, "m"), []int{1}, []int{0, 2}},
		{"one or two", between(1, 2, "m"), []int{1, 2}, []int{0, 3}},
		{"at most one", between(0, 1, "m"), []int{0, 1}, []int{2}},
		{"two or more", atLeast(2, "m"), []int{2, 3, 50}, []int{0, 1}},
		{"any number", anyArgs, []int{0, 1, 50}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, n := range tt.ok {
				if !tt.a.allows(n) {
					t.Errorf("%+v refuses %d arguments", tt.a, n)
				}
			}
			for _, n := range tt.not {
				if tt.a.allows(n) {
					t.Errorf("%+v allows %d arguments", tt.a, n)
				}
			}
		})
	}
}

// A command called with a number of arguments its arity refuses exits 2 with its arity's
// message and its usage line (a family's, for one of its subs), and does nothing: nothing on
// stdout.
func TestWrongArgumentCountIsAUsageError(t *testing.T) {
	for _, top := range commands {
		checkArgumentCounts(t, top, top)
		for _, sub := range top.subs {
			checkArgumentCounts(t, top, sub)
		}
	}
}

// checkArgumentCounts runs c, one of top's subs or top itself, with one argument fewer than
// its arity's least and one more than its most.
func checkArgumentCounts(t *testing.T, top, c command) {
	t.Helper()
	var counts []int
	if c.args.min > 0 {
		counts = append(counts, c.args.min-1)
	}
	if c.args.max >= 0 {
		counts = append(counts, c.args.max+1)
	}
	for _, n := range counts {
		args := append(strings.Fields(c.name), strings.Fields(strings.Repeat("x ", n))...)
		e, out, errb := testEnv(t, "")
		if code := run(args, e); code != 2 {
			t.Errorf("agentmgr %q exited %d, want 2", args, code)
		}
		want := "agentmgr " + top.name + ": " + c.args.mistake(c.name) + "\nusage: agentmgr " + top.name + " " + top.usage + "\n"
		if errb.String() != want || out.Len() > 0 {
			t.Errorf("agentmgr %q printed\nstdout: %s\nstderr: %s\nwant only on stderr:\n%s", args, out, errb, want)
		}
	}
}
