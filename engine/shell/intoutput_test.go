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
	checkArithAsks(t, []arithCase{
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

		// Option forms, read by the one option scanner as the programs read them (checked in
		// GNU coreutils 9.1 and grep 3.8): clusters, values attached or in the next word, "--".
		{"wc clustered options", "n=$(wc -lc < f); ((n))", false},
		{"wc long option", "n=$(wc --lines < f); ((n))", false},
		{"wc options ended by --", "n=$(wc -l -- < f); ((n))", false},
		{"grep -c clustered with -e and its value", "n=$(grep -ce x < f); ((n))", false},
		{"grep -c with -e's value attached", "n=$(grep -c -ex < f); ((n))", false},
		{"grep -c with -e's value only the run knows, attached", `n=$(grep -c -e"$p" < f); ((n))`, false},
		{"grep --count with --regexp and its value in the next word", `n=$(grep --count --regexp "$p" < f); ((n))`, false},
		{"grep -c with --regexp=", "n=$(grep -c --regexp=x < f); ((n))", false},
		{"grep -c with a pattern only the run knows after --", `n=$(grep -c -- "$p" < f); ((n))`, false},
		{"nproc --ignore with its value in the next word", "n=$(nproc --ignore 1); ((n))", false},
		{"nproc --ignore=", "n=$(nproc --all --ignore=1); ((n))", false},
		{"id clustered -ru", "n=$(id -ru); ((n))", false},
		{"id options ended by --", "n=$(id -g --); ((n))", false},
		{"date clustered -ud with its value in the next word", `n=$(date -ud "$W" +%s); ((n))`, false},
		{"date with -d's value attached", "n=$(date -d@0 +%s); ((n))", false},
		{"date format after --", "n=$(date -- +%s); ((n))", false},

		// Asking: option forms the programs refuse, or read otherwise than the checks would.
		{"wc long option with a value", "x=$(wc --lines=3 < f); ((x))", true},
		{"wc long option by a prefix", "x=$(wc --lin < f); ((x))", true},
		{"wc unknown option in a cluster", "x=$(wc -lz < f); ((x))", true},
		{"wc option only the run knows", `x=$(wc -"$o" < f); ((x))`, true},
		{"wc word only the run knows", `x=$(wc "$o" < f); ((x))`, true},
		{"wc operand after --", "x=$(wc -l -- f); ((x))", true},
		{"grep -c with -e missing its pattern", "x=$(grep -c -e < f); ((x))", true},
		{"grep --count with a value", "x=$(grep --count=3 x < f); ((x))", true},
		{"grep -c clustered with -H", "x=$(grep -cH x < f); ((x))", true},
		{"grep -c with two operands after --", "x=$(grep -c -- x f); ((x))", true},
		{"grep -c with -e and an operand", "x=$(grep -c -e x f); ((x))", true},
		{"grep long option only the run knows", `x=$(grep -c --regexp="$p" < f); ((x))`, true},
		{"nproc --ignore with a word", "x=$(nproc --ignore x); ((x))", true},
		{"nproc --ignore with a value only the run knows", `x=$(nproc --ignore "$n"); ((x))`, true},
		{"nproc --ignore missing its value", "x=$(nproc --ignore); ((x))", true},
		{"id -u and -g clustered", "x=$(id -ug); ((x))", true},
		{"id -u twice", "x=$(id -u --user); ((x))", true},
		{"id -r alone", "x=$(id -r); ((x))", true},
		{"id with a user operand", "x=$(id -u root); ((x))", true},
		{"date with an option after its format", "x=$(date +%s -u); ((x))", true},
		{"date --date= only the run knows", `x=$(date --date="$W" +%s); ((x))`, true},
		{"date with two formats", "x=$(date +%s +%s); ((x))", true},
		{"date -d missing its value", "x=$(date +%s -d); ((x))", true},

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
	})
}

// arithCase is a command and whether its arithmetic asks, whatever its other units do.
type arithCase struct {
	name string
	cmd  string
	ask  bool
}

// checkArithAsks runs Analyze on each case and checks whether a unit asks because bash
// evaluates a value as an expression.
func checkArithAsks(t *testing.T, cases []arithCase) {
	t.Helper()
	for _, tc := range cases {
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
