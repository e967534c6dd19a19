package shell

import "testing"

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
