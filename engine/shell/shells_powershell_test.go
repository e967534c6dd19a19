package shell

import "testing"

// TestPowerShellRunsItsScripts checks that pwsh and powershell, under any spelling of their
// name or of their parameters, ask when given a script, and that only the parameters that set
// how the shell runs pass: a script file is read as other shells' script files are.
func TestPowerShellRunsItsScripts(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		cmd string
		ask bool
	}{
		{"powershell.exe -command 'rm victim'", true},
		{"powershell -Command 'Get-Process'", true},
		{"pwsh -c 'Remove-Item victim'", true},
		{"pwsh.exe -Command 'Remove-Item victim'", true},
		{"PWSH.EXE -noprofile -c 'rm victim'", true},
		{"/mnt/c/Windows/System32/WindowsPowerShell/v1.0/powershell.exe -c 'rm victim'", true},
		{"pwsh -Comman 'rm victim'", true},
		{"pwsh --command 'rm victim'", true},
		{"pwsh /c 'rm victim'", true},
		{"pwsh /Command 'rm victim'", true},
		{"pwsh -Command:'rm victim'", true},
		{"pwsh -CommandWithArgs 'rm $args' victim", true},
		{"pwsh -cwa 'rm $args' victim", true},
		{"pwsh -NoProfile -Command -", true},
		{"powershell.exe 'rm victim'", true},
		{"powershell.exe -EncodedCommand cgBtACAAdgBpAGMAdABpAG0A", true},
		{"pwsh -ec cgBtACAAdgBpAGMAdABpAG0A", true},
		{"pwsh -e cgBtACAAdgBpAGMAdABpAG0A", true},
		{"pwsh -Version -c 'rm victim'", true},
		{"pwsh -WindowStyle -c 'rm victim'", true},
		{"pwsh -ConfigurationFile evil.pssc", true},
		{"pwsh -SettingsFile evil.json -File build.ps1", true},
		{"pwsh -PSConsoleFile evil.psc1", true},
		{"pwsh $OPTS build.ps1", true},
		{"pwsh", true},

		{"pwsh -File build.ps1", false},
		{"pwsh -NoProfile -NonInteractive -ExecutionPolicy Bypass -File ./build.ps1", false},
		{"pwsh -nop -ep Bypass -f ./build.ps1 -Configuration Release", false},
		{"powershell.exe -NoLogo -File:build.ps1", false},
		{"pwsh ./build.ps1", false},
		{"pwsh /home/u/build.ps1", false},
	} {
		units := Analyze(tc.cmd)
		if _, ask := caught(units); ask != tc.ask {
			t.Errorf("Analyze(%q) asks = %v, want %v; got:\n%s", tc.cmd, ask, tc.ask, describeUnits(units))
		}
	}
}

// TestExeNamesAreTheirPrograms checks that a Windows program name (rm.exe, RM.EXE, a path to
// one) is looked up, and offered to the rules, as the program it names.
func TestExeNamesAreTheirPrograms(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ name, base string }{
		{"rm.exe", "rm"},
		{"RM.EXE", "rm"},
		{"/c/Git/usr/bin/rm.exe", "rm"},
		{"powershell.exe", "powershell"},
		{"/usr/bin/rm", "rm"},
		{"rm", "rm"},
		{".exe", ".exe"},
		{"setup.exe.bak", "setup.exe.bak"},
	} {
		if got := baseName(tc.name); got != tc.base {
			t.Errorf("baseName(%q) = %q, want %q", tc.name, got, tc.base)
		}
	}
	runConstructs(t, []construct{
		{"exe", "rm.exe victim", []want{pathed("rm.exe victim", "rm victim", "rm.exe *")}},
		{"exe_upper", "RM.EXE victim", []want{pathed("RM.EXE victim", "rm victim", "RM.EXE *")}},
		{"exe_path", "/c/bin/rm.exe -f victim", []want{pathed("/c/bin/rm.exe -f victim", "rm -f victim", "/c/bin/rm.exe *")}},
	})
}
