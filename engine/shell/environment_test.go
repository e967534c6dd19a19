package shell

import (
	"testing"
)

// A command named by a variable takes the variable's value from the environment the command
// will run in, when that is known and the command cannot change the variable first; otherwise
// it stays only known at run time.
func TestCommandNameFromTheEnvironment(t *testing.T) {
	env := map[string]string{"BUILD_CMD": "cargo", "BIN": "target/release/rg", "RM": "rm", "SPACED": "cargo +nightly", "GLOB": "c*", "EMPTY": ""}
	tests := []struct {
		name string
		cmd  string
		want string // the first unit's text; "" when it must stay unknown (it asks)
	}{
		{"a program in the environment", "$BUILD_CMD build --locked", "cargo build --locked"},
		{"braced and quoted", `"${BIN}" --version`, "target/release/rg --version"},
		{"a denied program is that program", "$RM -rf build", "rm -rf build"},
		{"in a list, read twice", "$BUILD_CMD test && echo ${BUILD_CMD}", "cargo test"},
		{"unset there", "$NOPE build", ""},
		{"a value the shell would split", "$SPACED build", ""},
		{"a value the shell would glob", "$GLOB build", ""},
		{"an empty value", "$EMPTY build", ""},
		{"assigned in the command: the command's own value", "BUILD_CMD=rm; $BUILD_CMD x", "rm x"},
		{"assigned in the command after the read", "$BUILD_CMD x; BUILD_CMD=rm", ""},
		{"assigned in a branch", "if true; then BUILD_CMD=rm; fi\n$BUILD_CMD x", ""},
		{"exported in the command", "export BUILD_CMD=rm; $BUILD_CMD x", ""},
		{"read from input", "read BUILD_CMD; $BUILD_CMD x", ""},
		{"a loop variable", "for BUILD_CMD in rm; do $BUILD_CMD x; done", ""},
		{"a sourced file could set it", "source ./env.sh; $BUILD_CMD x", ""},
		{"a dot file could set it", ". ./env.sh; $BUILD_CMD x", ""},
		{"eval could set it", "eval \"$SETUP\"; $BUILD_CMD x", ""},
		{"declare could set it by reference", "declare -n r=X; $BUILD_CMD x", ""},
	}
	restore := SetEnvironment(func(n string) (string, bool) { v, ok := env[n]; return v, ok })
	t.Cleanup(restore)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			units := Analyze(tt.cmd)
			named, asked := false, false
			for _, u := range units {
				named = named || tt.want != "" && u.Text == tt.want && u.AskReason == ""
				asked = asked || u.AskReason != ""
			}
			switch {
			case tt.want != "" && !named:
				t.Errorf("%q: units %+v, want %q without an ask", tt.cmd, units, tt.want)
			case tt.want == "" && !asked:
				t.Errorf("%q: units %+v, want the variable's command to ask", tt.cmd, units)
			}
		})
	}
	t.Run("script handed to a shell keeps its own variable unknown", func(t *testing.T) {
		for _, u := range Analyze("bash -c '$BUILD_CMD x'") {
			if u.Text == "cargo x" {
				t.Errorf("the script given to bash was read from the environment: %+v", u)
			}
		}
	})
	restore()
	for _, u := range Analyze("$BUILD_CMD build") {
		if u.AskReason == "" {
			t.Errorf("without a known environment: %+v, want an ask", u)
		}
	}
}
