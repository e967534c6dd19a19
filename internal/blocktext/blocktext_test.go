package blocktext

import (
	"encoding/json"
	"testing"
)

func TestText(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, content, want string }{
		{"a string", `"all done"`, "all done"},
		{"an empty string", `""`, ""},
		{"text blocks joined in order", `[{"type":"text","text":"one, "},{"type":"text","text":"two"}]`, "one, two"},
		{"a block without text", `[{"type":"image","source":{}},{"type":"text","text":"seen"}]`, "seen"},
		{"no blocks", `[]`, ""},
		{"neither a string nor blocks", `{"text":"x"}`, ""},
		{"not JSON", `{`, ""},
		{"nothing", ``, ""},
	}
	for _, tt := range tests {
		if got := Text(json.RawMessage(tt.content)); got != tt.want {
			t.Errorf("%s: Text(%s) = %q, want %q", tt.name, tt.content, got, tt.want)
		}
	}
}
