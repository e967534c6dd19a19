package decide

import (
	"encoding/json"
	"fmt"
	"reflect"
	"testing"
)

func TestFromInput(t *testing.T) {
	t.Parallel()
	bash := InputTool{Key: "bash", Fields: []string{"command"}}
	read := InputTool{Key: "read", Fields: []string{"file_path"}}
	grep := InputTool{Key: "grep", Fields: []string{"pattern"}, Folders: []string{"path"}}
	patch := InputTool{Key: "edit", Fields: []string{"patchText"}, Patch: true}
	tests := []struct {
		name  string
		tool  string
		spec  InputTool
		input string
		want  Call
		err   string
	}{
		{"a shell tool is decided on its command", "Bash", bash, `{"command":"ls"}`,
			Call{Tool: "Bash", Key: "bash", Value: "ls"}, ""},
		{"a shell tool without its command has no value", "Bash", bash, `{}`,
			Call{Tool: "Bash", Key: "bash", NoValue: true}, ""},
		{"a path tool without its path has no value", "Read", read, `{"offset":1}`,
			Call{Tool: "Read", Key: "read", NoValue: true}, ""},
		{"a folder searched is decided too", "Grep", grep, `{"pattern":"pw","path":"/etc"}`,
			Call{Tool: "Grep", Key: "grep", Value: "pw", Folders: []string{"/etc"}}, ""},
		{"an empty folder names none", "Grep", grep, `{"pattern":"pw","path":""}`,
			Call{Tool: "Grep", Key: "grep", Value: "pw"}, ""},
		{"a known tool that carries a command is decided as bash too", "Read", read, `{"file_path":"/a","command":"rm x"}`,
			Call{Tool: "Read", Key: "read", Value: "/a", Command: "rm x", HasCommand: true}, ""},
		{"a patch is decided on the files it names", "apply_patch", patch,
			`{"patchText":"*** Begin Patch\n*** Update File: a\n*** Add File: b\n*** Move to: c\n*** Update File: a\n*** End Patch"}`,
			Call{Tool: "apply_patch", Key: "edit", Value: "a", Folders: []string{"b", "c"}}, ""},
		{"a patch naming no file has no value", "apply_patch", patch, `{"patchText":"junk"}`,
			Call{Tool: "apply_patch", Key: "edit", NoValue: true}, ""},
		{"an unknown tool's side doors are decided", "mcp__fs__write_file", InputTool{Key: "mcp__fs__write_file"},
			`{"path":"/p/a","url":"https://x","argv":["rm","-rf","/"]}`,
			Call{Tool: "mcp__fs__write_file", Key: "mcp__fs__write_file", Unknown: true, Writes: []string{"/p/a"}, URLs: []string{"https://x"},
				Command: "rm -rf /", HasCommand: true}, ""},
		{"a value that is not a string is an error in the runtime's words", "Bash", bash, `{"command":["ls"]}`,
			Call{}, "field command is not a string"},
		{"null counts as absent", "Read", read, `{"file_path":null}`,
			Call{Tool: "Read", Key: "read", NoValue: true}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var fields map[string]json.RawMessage
			if err := json.Unmarshal([]byte(tt.input), &fields); err != nil {
				t.Fatal(err)
			}
			got, err := FromInput(Call{Tool: tt.tool}, tt.spec, fields, func(f string) error { return fmt.Errorf("field %s is not a string", f) })
			if tt.err != "" {
				if err == nil || err.Error() != tt.err {
					t.Fatalf("FromInput(%s) error = %v, want %q", tt.input, err, tt.err)
				}
				return
			}
			if err != nil || !reflect.DeepEqual(got, tt.want) {
				t.Errorf("FromInput(%s) =\n%+v, %v\nwant\n%+v", tt.input, got, err, tt.want)
			}
		})
	}
}
