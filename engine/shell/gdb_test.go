package shell

import "testing"

// gdb given only literal inspection commands (a backtrace, info) needs no rule naming -ex; any
// other command, a command file or one only known at run time does.
func TestGdbInspectionsNeedNoRule(t *testing.T) {
	t.Parallel()
	tests := []struct {
		cmd   string
		needs bool
	}{
		{`gdb -batch -ex "thread apply all bt" prog core`, false},
		{`gdb -batch -ex bt -ex "info registers" ./a.out core.1`, false},
		{`gdb --batch --ex=backtrace prog core`, false},
		{`gdb -batch -ex "bt full" prog core`, false},
		{`gdb -batch -ex "shell rm -rf x" prog`, true},
		{`gdb -batch -ex "python import os" prog`, true},
		{`gdb -batch -ex "call system(\"id\")" prog`, true},
		{`gdb -batch -ex "print system(\"id\")" prog`, true},
		{`gdb -batch -ex "bt | sh" prog`, true},
		{`gdb -batch -ex "$CMD" prog`, true},
		{`gdb -batch -ex bt -x cmds.gdb prog`, true},
		{`gdb -batch -ex run --args prog`, true},
		{`gdb -batch -ex "info frame; shell id" prog`, true},
	}
	for _, tt := range tests {
		u := Analyze(tt.cmd)[0]
		if got := u.Needs != ""; got != tt.needs {
			t.Errorf("%q: Needs %q, want needs=%v", tt.cmd, u.Needs, tt.needs)
		}
	}
}
