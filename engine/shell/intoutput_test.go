package shell

import (
	"strings"
	"testing"
)

// TestArithmeticOverNumberPrinters checks which command substitutions arithmetic may read:
// those of a program that can only print numbers, given the argument shapes of the table in
// intoutput.go, directly or through a variable assigned only such output; everything else
// keeps asking, as the attacks below would run their subscript. ask is whether the
// arithmetic asks, whatever the other units of the command do.
func TestArithmeticOverNumberPrinters(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		cmd  string
		ask  bool
	}{
		// Allowed: programs that only print numbers.
		{"date seconds in arithmetic", "end=$(( $(date +%s) + 120 )); echo $end", false},
		{"date seconds through a variable", "now=$(date -u +%s); ((now > 0))", false},
		{"date with a numeric format", "stamp=$(date +%Y%m%d-%H:%M); echo $((stamp))", false},
		{"date of a quoted variable's time", `t=$(date -d "$WHEN" +%s); echo $((t + 1))`, false},
		{"gh pr list length", "prs=$(gh pr list --repo \"$R\" --head \"b-${V}\" --state open --json title --jq 'length'); if ((prs > 0)); then echo y; fi", false},
		{"gh issue view length with =", "n=$(gh issue view 3 --json labels --jq=length); echo $((n))", false},
		{"wc of input", "n=$(wc -l < go.sum); echo $((n + 1))", false},
		{"wc of a here-string", `n=$(wc -w <<< "$x"); ((n < 3))`, false},
		{"grep -c of input", "n=$(grep -ci todo < main.go 2>/dev/null); ((n == 0))", false},
		{"grep -c with -e", `n=$(grep -c -e "$pat" < f); ((n))`, false},
		{"nproc", "make -j$(( $(nproc) + 1 ))", false},
		{"id -u", "if (( $(id -u) == 0 )); then echo root; fi", false},
		{"git rev-list --count", "ahead=$(git rev-list --count origin/main..HEAD); ((ahead > 0))", false},
		{"quoted substitution in an assignment", `n="$(nproc)"; echo $((n * 2))`, false},
		{"a for loop over a number", "for n in $(nproc); do echo $((n)); done", false},

		// Asking: output that could be anything.
		{"cat", "x=$(cat f); ((x > 0))", true},
		{"date then a string", "x=$(date +%s); x='a[$(id)]'; ((x))", true},
		{"date with a word in its format", "x=$(date +day%d); ((x))", true},
		{"date with a name format", "x=$(date +%A); ((x))", true},
		{"date with a split word", "x=$(date -d $WHEN +%s); ((x))", true},
		{"date with an unknown format", `x=$(date "$F"); ((x))`, true},
		{"wc with a file operand", "x=$(wc -l go.sum); ((x))", true},
		{"wc of files from a list", "x=$(wc -l --files0-from=list); ((x))", true},
		{"grep -c with a file operand", "x=$(grep -c x a b); ((x))", true},
		{"grep -c recursive", "x=$(grep -rc x); ((x))", true},
		{"grep -c with a pattern only the run knows", `x=$(grep -c "$p" < f); ((x))`, true},
		{"grep -c with an option after the pattern", "x=$(grep -c x -r); ((x))", true},
		{"grep without -c", "x=$(grep x < f); ((x))", true},
		{"id names", "x=$(id -un); ((x))", true},
		{"git rev-list without --count", "x=$(git rev-list HEAD); ((x))", true},
		{"git rev-list with a format", "x=$(git rev-list --count --format=%s HEAD); ((x))", true},
		{"git global option", "x=$(git -C d rev-list --count HEAD); ((x))", true},
		{"gh --jq as an option's value", "x=$(gh pr list --repo --jq length); ((x))", true},
		{"gh --jq= as an option's value", "x=$(gh pr list --repo --jq=length); ((x))", true},
		{"gh with another jq program", "x=$(gh pr list --json title --jq '.[0].title'); ((x))", true},
		{"gh with an unknown option", "x=$(gh pr list -i --json t --jq length); ((x))", true},
		{"gh switch read as a value", "x=$(gh pr view -w 3 --json t --jq length); ((x))", true},
		{"gh value that looks like an option", "x=$(gh pr list --repo --web --jq length); ((x))", true},
		{"gh api", "x=$(gh api repos/o/r/pulls --jq length); ((x))", true},
		{"gh positional only the run knows", `x=$(gh pr view "$n" --json t --jq length); ((x))`, true},
		{"jq, which sources ~/.jq", "x=$(jq length f.json); ((x))", true},
		{"a pipeline", "x=$(ls | wc -l); ((x))", true},
		{"errors into the output", "x=$(wc -l < f 2>&1); ((x))", true},
		{"an assignment before the program", "x=$(PATH=. date +%s); ((x))", true},
		{"two commands", "x=$(date +%s; cat f); ((x))", true},

		// Asking: the name may not run the program it says.
		{"a function of that name", "date() { cat f; }; echo $(( $(date +%s) ))", true},
		{"a function defined later", "echo $(( $(date +%s) )); function date { cat f; }", true},
		{"a search path", "PATH=./b:$PATH; echo $(( $(date +%s) ))", true},
		{"a hashed path", "hash -p ./fake date; echo $(( $(date +%s) ))", true},
		{"eval", "eval \"$code\"; echo $(( $(date +%s) ))", true},
		{"source", "source ./env.sh; echo $(( $(date +%s) ))", true},
		{"an alias", "shopt -s expand_aliases; alias date=cat\necho $(( $(date +%s) ))", true},
		{"a command named by a variable", "$c x; echo $(( $(date +%s) ))", true},
		{"an escaped eval", "e\\val \"$code\"; echo $(( $(date +%s) ))", true},
		{"a script handed to bash", "bash -c 'echo $(( $(date +%s) ))'", true},

		// Literal text joined to an expansion is read as a variable when the expansion is empty.
		{"a name after an empty expansion", "n=; echo $(( ${n}x ))", true},
		{"digits after an expansion", "n=1; echo $(( ${n}0 ))", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			units := Analyze(tc.cmd)
			ask := false
			for _, u := range units {
				ask = ask || strings.Contains(u.AskReason, "bash evaluates them as expressions")
			}
			if ask != tc.ask {
				t.Errorf("Analyze(%q): arithmetic asks = %v, want %v; got:\n%s", tc.cmd, ask, tc.ask, describeUnits(units))
			}
		})
	}
}
