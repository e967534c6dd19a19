package shell

import "testing"

// TestArithmeticReadsAfterAnAssignment checks that a variable the script assigns only
// integers is inert only where an assignment has surely run: before it, or where it may not
// have run, bash reads the value the command inherited, which x='a[$(cmd)]' makes run cmd.
func TestArithmeticReadsAfterAnAssignment(t *testing.T) {
	t.Parallel()
	checkArithAsks(t, []arithCase{
		// Allowed: the assignment ran before the read.
		{"an assignment, then a read", "y=3; echo $(( y + 1 ))", false},
		{"an assignment and a read joined by &&", "n=$(nproc) && echo $((n * 2))", false},
		{"a counter", "i=0; while ((i < 3)); do ((i++)); done", false},
		{"a C-style loop", "for ((i = 0; i < 3; i++)); do echo $((i * 2)); done", false},
		{"a loop over integers", "for i in 1 2 3; do echo $((i + 1)); done", false},
		{"an arithmetic assignment, then a read", "((x = 5)); echo $((x))", false},
		{"two arithmetic assignments", "((i = 0, n = 3)); echo $((i + n))", false},
		{"an append after an assignment", "x=0; ((x += 2))", false},
		{"a local in a function", "f() { local n=2; echo $((n)); }; f", false},
		{"a read in an if after the assignment", "prs=$(nproc)\nif ((prs > 0)); then echo y; fi", false},

		// Asking: the read may see the inherited value.
		{"a read before the assignment", "((y > 0)); y=3", true},
		{"a read in a nested script before its assignment", "x='a[$(id)]' bash -c '((x > 0)); x=1'", true},
		{"a function read before the assignment", "f() { ((y > 0)); }; f; y=3", true},
		{"a loop that assigns after its read", "for i in 1 2; do ((y > 0)); y=3; done", true},
		{"an increment of an unassigned variable", "((x++))", true},
		{"an append to an unassigned variable", "((x += 2))", true},
		{"an assignment in one branch", "if true; then x=1; fi; ((x))", true},
		{"an assignment in a subshell", "(x=1); ((x))", true},
		{"an assignment in the background", "x=1 & ((x))", true},
		{"an assignment when another fails", "false || x=1; ((x))", true},
		{"an assignment for a command only", "x=1 true; ((x))", true},
		{"an assignment read by its own value", "((x = x + 1))", true},
		{"a C-style loop reading before its start", "for ((i = i + 1; i < 3; i++)); do :; done", true},
	})
}
