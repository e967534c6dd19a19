package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
)

// A command that succeeds prints nothing on stderr, whatever the locale: libraries linked for
// the app must not log while the program starts.
func TestQuietStderrUnderEveryLocale(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns CLI processes")
	}
	for _, lang := range []string{"C.UTF-8", "C.utf8", "POSIX.UTF-8", "C", "en_US.UTF-8", ""} {
		t.Run("LANG="+lang, func(t *testing.T) {
			cmd := cliHelper(t, "run", filepath.Join(t.TempDir(), "agent"), "list")
			cmd.Env = append(cmd.Env, "LANG="+lang, "LC_ALL=", "LC_MESSAGES=", "LANGUAGE=")
			var out, errb bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &errb
			if err := cmd.Run(); err != nil {
				t.Fatalf("agentmgr list with LANG=%q: %v\nstderr: %s", lang, err, errb.String())
			}
			if errb.Len() > 0 {
				t.Errorf("agentmgr list with LANG=%q printed on stderr:\n%s\nwant nothing", lang, errb.String())
			}
			if !bytes.Contains(out.Bytes(), []byte("planner")) {
				t.Errorf("agentmgr list with LANG=%q printed %q, want the personas", lang, out.String())
			}
		})
	}
}

// --help prints the help once on stdout; a mistake prints the error and the usage line on
// stderr, never the help on stdout.
func TestHelpOnlyWhenAsked(t *testing.T) {
	tests := []struct {
		name       string
		args       []string
		code       int
		wantStdout string // prefix; "" means stdout stays empty
		wantStderr string // prefix; "" means stderr stays empty
	}{
		{name: "help", args: []string{"list", "--help"}, wantStdout: "usage: agentmgr list"},
		{name: "help twice prints once", args: []string{"list", "--help", "--help"}, wantStdout: "usage: agentmgr list"},
		{name: "unknown flag", args: []string{"list", "--nope"}, code: 2, wantStderr: "agentmgr list: flag provided but not defined: -nope; an argument that starts with - goes after --\nusage: agentmgr list"},
		{name: "flag without its value", args: []string{"check", "--agent"}, code: 2, wantStderr: "agentmgr check: flag needs an argument: -agent\nusage: agentmgr check"},
		{name: "bad flag value", args: []string{"rule", "add", "x", "bash", "allow", "--at", "two"}, code: 2, wantStderr: "agentmgr rule: invalid value \"two\" for flag -at"},
		{name: "subcommand flag", args: []string{"keys", "set", "--nope"}, code: 2, wantStderr: "agentmgr keys: flag provided but not defined: -nope"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, out, errb := testEnv(t, "")
			if code := run(tt.args, e); code != tt.code {
				t.Errorf("agentmgr %q exited %d, want %d", tt.args, code, tt.code)
			}
			check := func(stream, got, want string) {
				if want == "" && got != "" || !strings.HasPrefix(got, want) {
					t.Errorf("agentmgr %q printed on %s:\n%s\nwant it to start with %q (empty: nothing)", tt.args, stream, got, want)
				}
			}
			check("stdout", out.String(), tt.wantStdout)
			check("stderr", errb.String(), tt.wantStderr)
			if n := strings.Count(out.String(), "usage:"); tt.wantStdout != "" && n != 1 {
				t.Errorf("agentmgr %q printed the usage %d times, want once:\n%s", tt.args, n, out)
			}
		})
	}
}

// The usage line a mistake prints is the one --help prints.
func TestUsageLineMatchesHelp(t *testing.T) {
	for _, c := range commands {
		name := c.name
		e, out, _ := testEnv(t, "")
		if code := run([]string{name, "--help"}, e); code != 0 {
			t.Errorf("agentmgr %s --help exited %d, want 0", name, code)
		}
		first, _, _ := strings.Cut(out.String(), "\n")
		if want := "usage: agentmgr " + name + " " + c.usage; first != want {
			t.Errorf("agentmgr %s --help starts with\n%s\nbut a usage error prints\n%s", name, first, want)
		}
	}
}

func TestHelpForUnknownCommand(t *testing.T) {
	e, out, errb := testEnv(t, "")
	if code := run([]string{"help", "frobnicate"}, e); code != 2 {
		t.Errorf("agentmgr help frobnicate exited %d, want 2", code)
	}
	if !strings.HasPrefix(errb.String(), `agentmgr: unknown command "frobnicate"`) || out.Len() > 0 {
		t.Errorf("agentmgr help frobnicate printed\nstdout: %s\nstderr: %s\nwant the unknown command on stderr only", out, errb)
	}
}

// JSON for a person keeps shell text as written and lists as lists.
func TestJSONReadsAsWritten(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"check", "--json", "--agent", "builder", "bash", "make && ./run <in"}, `"value": "make && ./run <in"`},
		{[]string{"tools", "--json", "--agent", "builder"}, "{\n  \"agent\": \"builder\",\n  \"mode\": \"acceptEdits\",\n  \"active\": ["},
		{[]string{"tools", "--json", "--agent", "yes"}, `"hidden": []`},
	}
	for _, tt := range tests {
		e, out, _ := testEnv(t, "")
		writeAgent(t, "yes.md", "---\ndescription: allows all\npermissions:\n  \"*\": allow\n---\n")
		if code := run(tt.args, e); code != 0 {
			t.Errorf("agentmgr %q exited %d", tt.args, code)
		}
		if !strings.Contains(out.String(), tt.want) {
			t.Errorf("agentmgr %q printed\n%s\nwant %q in it", tt.args, out, tt.want)
		}
	}
}

// Help paragraphs fit a 100-column terminal; only the usage line may be longer.
func TestHelpParagraphsWrap(t *testing.T) {
	for _, c := range commands {
		name := c.name
		e, out, _ := testEnv(t, "")
		run([]string{name, "--help"}, e)
		for i, line := range strings.Split(out.String(), "\n") {
			if i > 0 && displayWidth(line) > 100 {
				t.Errorf("agentmgr %s --help line %d is %d columns:\n%s", name, i+1, displayWidth(line), line)
			}
		}
	}
}

func TestWrap(t *testing.T) {
	tests := []struct{ in, want string }{
		{"short line", "short line"},
		{"one two three four", "one two\nthree four"},
		{"  indented lines stay as they are", "  indented lines stay as they are"},
		{"averyveryverylongword fits alone", "averyveryverylongword\nfits alone"},
		{"a b\n\nc d e f g h", "a b\n\nc d e f g\nh"},
	}
	for _, tt := range tests {
		if got := wrap(tt.in, 10); got != tt.want {
			t.Errorf("wrap(%q, 10) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestParseStopsAtDoubleDash(t *testing.T) {
	tests := []struct {
		args     []string
		wantRest []string
		wantJSON bool
	}{
		{[]string{"bash", "ls", "--json"}, []string{"bash", "ls"}, true},
		{[]string{"--json", "bash", "--", "--version"}, []string{"bash", "--version"}, true},
		{[]string{"--", "bash", "--json"}, []string{"bash", "--json"}, false},
		{[]string{"bash", "--", "-n", "--json"}, []string{"bash", "-n", "--json"}, false},
		{[]string{"bash", "--"}, []string{"bash"}, false},
	}
	for _, tt := range tests {
		e, _, _ := testEnv(t, "")
		fs := flags(e, "check", "", "")
		asJSON := fs.Bool("json", false, "")
		rest, err := parse(fs, tt.args)
		if err != nil || strings.Join(rest, "|") != strings.Join(tt.wantRest, "|") || *asJSON != tt.wantJSON {
			t.Errorf("parse(%q) = %q, --json %v, %v; want %q, --json %v", tt.args, rest, *asJSON, err, tt.wantRest, tt.wantJSON)
		}
	}
}
