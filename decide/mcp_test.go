package decide

import (
	"encoding/json"
	"slices"
	"testing"
)

func TestReadMCPCallDerivesTargetsAsTheAdapterNamesThem(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		input  string
		want   []string
		claude string
		path   string
	}{
		{"server:tool", `{"tool":"exa:search","arguments":{"q":"x"}}`,
			[]string{"exa_search", "exa:search", "exa", "search", "mcp_call", "mcp"}, "mcp__exa__search", ""},
		{"server and tool apart", `{"server":"fs","tool":"read_file","arguments":{"path":"/etc/passwd"}}`,
			[]string{"fs_read_file", "fs:read_file", "fs", "read_file", "mcp_call", "mcp"}, "mcp__fs__read_file", "/etc/passwd"},
		{"a bare tool", `{"tool":"search"}`, []string{"search", "mcp_call", "mcp"}, "", ""},
		{"describe", `{"describe":"exa:search"}`, []string{"exa_search", "exa:search", "exa", "search", "mcp_describe", "mcp"}, "mcp__exa__search", ""},
		{"search a server", `{"search":"web","server":"exa"}`, []string{"mcp_server_exa", "exa", "web", "mcp_search", "mcp"}, "", ""},
		{"connect", `{"connect":"exa"}`, []string{"mcp_connect_exa", "exa", "mcp_connect", "mcp"}, "", ""},
		{"list a server", `{"server":"exa"}`, []string{"mcp_server_exa", "exa", "mcp_list", "mcp"}, "", ""},
		{"status", `{}`, []string{"mcp_status", "mcp"}, "", ""},
		{"fields of the wrong type are left alone", `{"tool":3,"server":["x"]}`, []string{"mcp_status", "mcp"}, "", ""},
		{"no object", `[1]`, []string{"mcp_status", "mcp"}, "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := ReadMCPCall(json.RawMessage(tc.input))
			if !slices.Equal(c.Targets, tc.want) || c.Claude != tc.claude || c.Path != tc.path {
				t.Errorf("ReadMCPCall(%s) = %q %q %q, want %q %q %q", tc.input, c.Targets, c.Claude, c.Path, tc.want, tc.claude, tc.path)
			}
		})
	}
}

func FuzzReadMCPCall(f *testing.F) {
	for _, s := range []string{`{"tool":"exa:search"}`, `{"server":"a","tool":":"}`, `{"search":"x","server":""}`, `{"arguments":{"path":1}}`, `null`, ``} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, input string) {
		c := ReadMCPCall(json.RawMessage(input))
		if len(c.Targets) == 0 || c.Targets[len(c.Targets)-1] != "mcp" {
			t.Fatalf("ReadMCPCall(%q) targets %q do not end in mcp", input, c.Targets)
		}
		for _, tg := range c.Targets {
			if tg == "" {
				t.Fatalf("ReadMCPCall(%q) has an empty target", input)
			}
		}
	})
}
