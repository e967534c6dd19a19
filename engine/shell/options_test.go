package shell

import (
	"strings"
	"testing"
)

// TestIsNumericOption: -N and --N with N all digits (nice -5, nice --10, head -20) are the
// numeric options; a dash alone, or digits with anything else, are not.
func TestIsNumericOption(t *testing.T) {
	t.Parallel()
	checkResults(t, "isNumericOption", isNumericOption, []result[bool]{
		{"-5", true},
		{"--10", true},
		{"-0123456789", true},
		{"-", false},
		{"--", false},
		{"---5", false},
		{"-5a", false},
		{"-a5", false},
		{"-5.0", false},
		{"-٣", false}, // a digit of another script is no number to these programs
	})
}

// TestScanOptionsMissingAndExactLong: an option that takes a value and has none is reported,
// whether short, clustered or long; and a set that wants long options in full (exactLong)
// finds a prefix unknown, where getopt_long's reading would take it for the full name.
func TestScanOptionsMissingAndExactLong(t *testing.T) {
	t.Parallel()
	prefixes := optionSet{flags: "c", args: "e", longFlags: []string{"count"}, longArgs: []string{"regexp"}}
	exact := prefixes
	exact.exactLong = true
	scanWith := func(set *optionSet) func(string) scan {
		return func(line string) scan {
			var args []word
			for _, f := range strings.Fields(line) {
				args = append(args, word{text: f, literal: true})
			}
			return scanOptions(args, set, nil)
		}
	}
	checkNamedResults(t, "scanOptions", scanWith(&prefixes), []namedResult[scan]{
		{"short_value_in_next_word", "-e x", scan{rest: 2}},
		{"short_value_missing", "-e", scan{rest: 1, missing: "-e"}},
		{"clustered_value_missing", "-ce", scan{rest: 1, missing: "-ce"}},
		{"long_value_missing", "--regexp", scan{rest: 1, missing: "--regexp"}},
		{"long_value_after_equals", "--regexp= x", scan{rest: 1}},
		{"prefix_read_as_the_full_name", "--cou --reg", scan{rest: 2, missing: "--reg"}},
	})
	checkNamedResults(t, "scanOptions (exactLong)", scanWith(&exact), []namedResult[scan]{
		{"full_names", "--count --regexp x", scan{rest: 3}},
		{"prefix_unknown", "--cou x", scan{rest: 1, unknown: "--cou"}},
		{"prefix_of_a_valued_option_takes_no_value", "--reg x", scan{rest: 1, unknown: "--reg"}},
	})
}
