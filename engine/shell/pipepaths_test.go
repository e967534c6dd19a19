package shell

import (
	"strings"
	"testing"
)

// An xargs stage of a pipeline runs its command on the files below the folders whose paths an
// earlier stage prints, wrapped or filtered on the way; a list (&&, ;) feeds it nothing.
func TestXargsFedPathsFromAPipe(t *testing.T) {
	t.Parallel()
	tests := []struct {
		cmd, below string
	}{
		{"find ~ -name 'id_*' | xargs cat", "~"},
		{"find ~/.ssh /etc -type f | grep -v pub | sort | xargs -0 base64", "~/.ssh\n/etc"},
		{"env X=1 timeout 5 find -L ~ -name k | xargs cat", "~"},
		{"bash -c 'find ~' | xargs cat", "~"},
		{"fd id_ ~ -t f | xargs cat", "~"},
		{"fd id_ | xargs cat", "."},
		{"grep -rl KEY ~ | xargs cat", "~"},
		{"rg --files ~/.aws | xargs cat", "~/.aws"},
		{"locate id_rsa | xargs cat", "/"},
		{"find ~ -name x && xargs cat < list", ""},
		{"find ~ -name x; cat list | xargs cat", ""},
		{"cat list | xargs cat", ""},
		{"grep -r KEY ~ | xargs echo", ""}, // grep -r prints lines, not names (it reads ~ itself)
		{"find ~ -name x | sort", ""},
	}
	for _, tt := range tests {
		var got string
		for _, u := range Analyze(tt.cmd) {
			if strings.HasPrefix(u.Text, "xargs") {
				got = u.Below
			}
		}
		if got != tt.below {
			t.Errorf("%q: xargs Below = %q, want %q", tt.cmd, got, tt.below)
		}
	}
}
