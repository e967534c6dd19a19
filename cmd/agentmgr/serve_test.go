package main

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestServeCommand(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		stdin  string
		code   int
		stdout []string // substrings, one per reply line
		stderr string
	}{
		{name: "needs --stdio", args: nil, code: 2, stderr: "serve needs --stdio"},
		{name: "no arguments", args: []string{"--stdio", "x"}, code: 2, stderr: "takes no arguments"},
		{name: "help", args: []string{"--help"}, code: 0},
		{name: "empty input ends at once", args: []string{"--stdio"}, code: 0},
		{
			name: "decides with the active persona and goes on after a bad line", args: []string{"--stdio"},
			stdin: `{"id":1,"type":"decide","session":"s1","tool":"bash","input":{"command":"rm -rf /"}}` + "\n" +
				"nonsense\n" +
				`{"id":2,"type":"use","name":"builder"}` + "\n" +
				`{"id":3,"type":"decide","session":"s1","tool":"bash","input":{"command":"make"}}` + "\n",
			stdout: []string{`"action":"deny"`, `"error":"the line is not a valid request`, `"name":"builder"`, `"action":"allow"`},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, out, errb := testEnv(t, tt.stdin)
			if code := run(append([]string{"serve"}, tt.args...), e); code != tt.code {
				t.Fatalf("exit %d, want %d; stderr %s", code, tt.code, errb)
			}
			if !strings.Contains(errb.String(), tt.stderr) {
				t.Errorf("stderr = %q, want it to contain %q", errb, tt.stderr)
			}
			if tt.stdout == nil {
				return
			}
			lines := strings.Split(strings.TrimSpace(out.String()), "\n")
			if len(lines) != len(tt.stdout) {
				t.Fatalf("got %d reply lines, want %d:\n%s", len(lines), len(tt.stdout), out)
			}
			for i, want := range tt.stdout {
				if !json.Valid([]byte(lines[i])) || !strings.Contains(lines[i], want) {
					t.Errorf("reply %d = %s, want JSON containing %s", i+1, lines[i], want)
				}
			}
		})
	}
}
