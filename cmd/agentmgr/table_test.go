package main

import (
	"strings"
	"testing"
)

func TestDisplayWidth(t *testing.T) {
	tests := []struct {
		in   string
		want int
	}{
		{"", 0},
		{"planner", 7},
		{"◇ planner", 9},  // geometric shapes are narrow
		{"🚀 shipper", 10}, // an emoji takes two columns
		{"⌛", 2},
		{"日本", 4},
		{"é", 1},        // precomposed
		{"e\u0301", 1},  // e + combining acute
		{"❤\ufe0f", 2},  // narrow heart drawn as an emoji
		{"👩\u200d💻", 2}, // a joined sequence is one glyph
	}
	for _, tt := range tests {
		if got := displayWidth(tt.in); got != tt.want {
			t.Errorf("displayWidth(%q) = %d, want %d", tt.in, got, tt.want)
		}
	}
}

func TestTableAlignsByDisplayWidth(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{name: "emoji icons", in: "*\t◇ planner\tprimary\n \t🚀 shipper\tprimary\n \t  tester\tsubagent\n",
			want: "*  ◇ planner   primary\n   🚀 shipper  primary\n     tester    subagent\n"},
		{name: "last cell is not padded", in: "a\tb\nlonger\tc\n", want: "a       b\nlonger  c\n"},
		{name: "rows of different lengths", in: "a\tb\tc\nxx\n", want: "a  b  c\nxx\n"},
		{name: "no final newline", in: "a\tb\ncc\td", want: "a   b\ncc  d"},
		{name: "empty", in: "", want: ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b strings.Builder
			tw := newTable(&b)
			tw.Write([]byte(tt.in))
			if err := tw.Flush(); err != nil {
				t.Fatal(err)
			}
			if b.String() != tt.want {
				t.Errorf("table of %q printed\n%q\nwant\n%q", tt.in, b.String(), tt.want)
			}
		})
	}
}

// list lines up its columns on screen when icons are emoji, which take two columns.
func TestListAlignsEmojiIcons(t *testing.T) {
	e, out, _ := testEnv(t, "")
	writeAgent(t, "shipper.md", "---\ndescription: ships\nicon: 🚀\npermissions: build\n---\n")
	writeAgent(t, "plain.md", "---\ndescription: plain\npermissions: read\n---\n")
	if code := run([]string{"list"}, e); code != 0 {
		t.Fatalf("list exited %d", code)
	}
	want := -1
	for _, line := range strings.Split(strings.TrimRight(out.String(), "\n"), "\n") {
		i := strings.Index(line, "primary")
		if i < 0 {
			i = strings.Index(line, "TYPE")
		}
		if col := displayWidth(line[:i]); want < 0 {
			want = col
		} else if col != want {
			t.Errorf("list puts the type at column %d in %q, at %d in the header:\n%s", col, line, want, out)
		}
	}
}
