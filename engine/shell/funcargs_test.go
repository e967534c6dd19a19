package shell

import (
	"slices"
	"testing"
)

// TestFunctionArgumentsAreItsCalls checks that "$@" run as a command in a function's body is
// decided as the words of each visible call when every call is known, and asks otherwise.
func TestFunctionArgumentsAreItsCalls(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		cmd  string
		want []string // the commands "$@" runs; nil when it must ask
		also []string // units that must be there even when "$@" asks
	}{
		{"two calls", "check() { \"$@\" >/dev/null || return 1; git diff --exit-code; }\ncheck go fmt ./...\ncheck go mod tidy", []string{"go fmt ./...", "go mod tidy"}, nil},
		{"a denied program passed", "f() { \"$@\"; }; f rm -rf x", []string{"rm -rf x"}, nil},
		{"a call with no words", "f() { \"$@\" >/dev/null; }; f; f echo hi", []string{"echo hi"}, nil},
		{"a call from another function", "f() { \"$@\"; }; g() { f make test; }; g", []string{"make test"}, nil},

		{"a call with a variable", "f() { \"$@\"; }; f \"$X\" y", nil, nil},
		{"a call with a substitution", "f() { \"$@\"; }; f $(printf rm) x", nil, nil},
		{"no call", "f() { \"$@\"; }", nil, nil},
		{"named through a variable", "f() { \"$@\"; }; f echo; g=f; $g rm x", nil, nil},
		{"called by eval", "f() { \"$@\"; }; f echo; eval 'f rm x'", nil, nil},
		{"named in a string", "f() { \"$@\"; }; f echo; bash -c 'f rm x'", nil, nil},
		{"a quoted call", "f() { \"$@\"; }; f echo; \"f\" rm x", nil, nil},
		{"recursion", "f() { \"$@\"; [ \"$1\" = rm ] || f rm x; }; f true", nil, nil},
		{"shift in the body", "f() { shift; \"$@\"; }; f echo rm x", nil, nil},
		{"set in the body", "f() { set -- rm x; \"$@\"; }; f echo", nil, nil},
		{"defined twice", "f() { \"$@\"; }; f echo; f() { :; }", []string{"echo"}, nil},
		{"defined in a function of the same name", "f() { f() { \"$@\"; }; f make\n}; f", []string{"make"}, nil},
		{"exported", "f() { \"$@\"; }; f echo; export -f f", nil, nil},
		{"a trap could call it", "f() { \"$@\"; }; f echo; trap 'f rm x' EXIT", nil, nil},
		{"bash's not-found handler", "command_not_found_handle() { \"$@\"; }; command_not_found_handle echo", nil, nil},
		{"script handed to bash: asks, and the calls count too", "bash -c 'f() { \"$@\"; }; f rm x'", nil, []string{"rm x"}},
		{"eval: asks, and the calls count too", "eval 'f() { \"$@\"; }; f rm x'", nil, []string{"rm x"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			units := Analyze(tc.cmd)
			var texts []string
			asks := false
			for _, u := range units {
				texts = append(texts, u.Text)
				asks = asks || u.Text == "$@" && u.AskReason != ""
			}
			if tc.want == nil {
				if !asks {
					t.Errorf("Analyze(%q): \"$@\" does not ask; got:\n%s", tc.cmd, describeUnits(units))
				}
				for _, w := range tc.also {
					if !slices.Contains(texts, w) {
						t.Errorf("Analyze(%q): no unit %q; got:\n%s", tc.cmd, w, describeUnits(units))
					}
				}
				return
			}
			for _, w := range tc.want {
				if !slices.Contains(texts, w) {
					t.Errorf("Analyze(%q): no unit %q; got:\n%s", tc.cmd, w, describeUnits(units))
				}
			}
			if asks || slices.Contains(texts, "$@") {
				t.Errorf("Analyze(%q): \"$@\" is still a unit; got:\n%s", tc.cmd, describeUnits(units))
			}
		})
	}
}
