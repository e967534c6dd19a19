package decide

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/agentmgr/agentmgr/engine/shell"
)

func TestFindSideDoors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		tool, input string
		want        SideDoors
		wantErr     bool
	}{
		{"mcp__srv__exec", `{"argv":["rm","-rf","victim"]}`, SideDoors{Command: "rm -rf victim", HasCommand: true}, false},
		{"mcp__srv__shell", `{"command_line":"rm -rf victim"}`, SideDoors{Command: "rm -rf victim", HasCommand: true}, false},
		{"mcp__srv__run", `{"program":"rm","args":["-rf","my dir"]}`, SideDoors{Command: "rm -rf 'my dir'", HasCommand: true}, false},
		{"mcp__srv__run_process", `{"args":["rm","x"]}`, SideDoors{Command: "rm x", HasCommand: true}, false},
		// args of a tool that runs nothing are just arguments.
		{"mcp__db__query", `{"args":["a","b"],"sql":"select 1"}`, SideDoors{}, false},
		{"mcp__srv__exec", `{"command":["git","status"]}`, SideDoors{Command: "git status", HasCommand: true}, false},
		{"mcp__fs__write_file", `{"path":"/p/a.txt","content":"x"}`, SideDoors{Writes: []string{"/p/a.txt"}}, false},
		{"mcp__fs__moveFile", `{"source":"/p/a","destination":"/q/b"}`, SideDoors{Writes: []string{"/q/b", "/p/a"}}, false},
		{"mcp__fs__read_file", `{"path":"/p/a.txt"}`, SideDoors{}, false},
		{"mcp__web__fetch", `{"url":"https://example.com/"}`, SideDoors{URLs: []string{"https://example.com/"}}, false},
		{"mcp__srv__exec", `{"shell":true,"cmd":"ls"}`, SideDoors{Command: "ls", HasCommand: true}, false},
		{"mcp__srv__exec", `{"argv":[1,2]}`, SideDoors{}, true},
		{"mcp__fs__write_file", `{"path":7}`, SideDoors{}, true},
	}
	for _, tt := range tests {
		var fields map[string]json.RawMessage
		if err := json.Unmarshal([]byte(tt.input), &fields); err != nil {
			t.Fatal(err)
		}
		got, err := FindSideDoors(tt.tool, fields)
		if (err != nil) != tt.wantErr || err == nil && !reflect.DeepEqual(got, tt.want) {
			t.Errorf("FindSideDoors(%s, %s) = %+v, %v; want %+v (error %v)", tt.tool, tt.input, got, err, tt.want, tt.wantErr)
		}
	}
}

// FuzzFindSideDoors feeds any tool name and input to the side-door search: it never panics,
// and an argv it finds is quoted so that the shell analysis reads back exactly its words (a
// program smuggled into an argument must not become a command of its own, nor one lost).
func FuzzFindSideDoors(f *testing.F) {
	f.Add("mcp__srv__exec", []byte(`{"argv":["rm","-rf","victim"]}`))
	f.Add("mcp__srv__run", []byte(`{"program":"sh","args":["-c","rm x; echo 'a'"]}`))
	f.Add("mcp__fs__write_file", []byte(`{"path":"/p/a","url":"https://x"}`))
	f.Add("mcp__srv__shell", []byte(`{"command_line":"a && b","shell":true}`))
	f.Fuzz(func(t *testing.T, tool string, input []byte) {
		var fields map[string]json.RawMessage
		if json.Unmarshal(input, &fields) != nil {
			return
		}
		_, _ = FindSideDoors(tool, fields)
		var argv []string
		if raw, ok := fields["argv"]; !ok || json.Unmarshal(raw, &argv) != nil || len(argv) == 0 {
			return
		}
		for _, a := range argv {
			if a == "" || strings.ContainsAny(a, "\x00") || !utf8.ValidString(a) {
				return
			}
		}
		units := shell.Analyze(quoteArgv(argv))
		want := strings.Join(argv, " ")
		found := false
		for _, u := range units {
			found = found || u.Text == want
		}
		if !found {
			t.Fatalf("quoteArgv(%q) = %q reads back as %+v, want a unit %q", argv, quoteArgv(argv), units, want)
		}
	})
}
