package mapping

import "testing"

func TestOpenCodeToolFor(t *testing.T) {
	t.Parallel()
	checkToolFor(t, "OpenCodeToolFor", OpenCodeToolFor, []toolCase{
		{"bash", "bash", []string{"command"}, nil},
		{"read", "read", []string{"filePath"}, nil},
		{"write", "edit", []string{"filePath"}, nil},
		{"edit", "edit", []string{"filePath"}, nil},
		{"apply_patch", "edit", []string{"patchText"}, nil},
		{"glob", "glob", []string{"pattern"}, []string{"path"}},
		{"grep", "grep", []string{"pattern"}, []string{"path"}},
		{"list", "list", []string{"path"}, nil},
		{"webfetch", "webfetch", []string{"url"}, nil},
		{"websearch", "websearch", []string{"query"}, nil},
		{"task", "task", []string{"subagent_type"}, nil},
		{"todowrite", "todo", nil, nil},
		{"question", "question", nil, nil},
		{"skill", "skill", []string{"name"}, nil},
		{"READ", "read", []string{"filePath"}, nil}, // any case of a table name is that tool
		{"find", "glob", nil, nil},                  // pi's names keep their key
		{"github_create_issue", "github_create_issue", nil, nil},
	})
}

func TestOpenCodeToolsAreCopies(t *testing.T) {
	t.Parallel()
	OpenCodeTools()[1].Fields[0] = "changed"
	OpenCodeToolFor("read").Fields[0] = "changed"
	if f := OpenCodeToolFor("read").Fields[0]; f != "filePath" {
		t.Fatalf("the table was changed through a returned value: read's field is %q", f)
	}
}

func TestIsOpenCodeTool(t *testing.T) {
	t.Parallel()
	for name, want := range map[string]bool{"read": true, "Glob": true, "todowrite": true, "find": false, "github_create_issue": false} {
		if got := IsOpenCodeTool(name); got != want {
			t.Errorf("IsOpenCodeTool(%q) = %v, want %v", name, got, want)
		}
	}
}
