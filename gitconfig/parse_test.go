package gitconfig

import (
	"errors"
	"strconv"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string // key=value@line
		err       string   // substring of the error, with its place
	}{
		{"sections and keys", "[core]\n\tpager = less -R\n[diff \"pdf\"]\n\ttextconv = pdftotext\n",
			[]string{"core.pager=less -R@2", "diff.pdf.textconv=pdftotext@4"}, ""},
		{"keys fold case, subsections keep it", "[Diff \"PDF\"]\n\tTextConv = x\n", []string{"diff.PDF.textconv=x@2"}, ""},
		{"old subsection form", "[diff.pdf]\ncommand = y\n", []string{"diff.pdf.command=y@2"}, ""},
		{"a key alone is true", "[core]\nfsmonitor\n", []string{"core.fsmonitor=true@2"}, ""},
		{"comments", "# c\n; c\n[core] ; c\n pager = a # b\n", []string{"core.pager=a@4"}, ""},
		{"a key on the header's line", "[core] pager = b\n", []string{"core.pager=b@1"}, ""},
		{"quotes and escapes", "[core]\n pager = \"a # b\" \\\"c\\\\ \\t\n", []string{"core.pager=a # b \"c\\ \t@2"}, ""},
		{"a continued value (each blank counts, as git counts them)", "[core]\n pager = a \\\n b\nx = 1\n", []string{"core.pager=a  b@2", "core.x=1@4"}, ""},
		{"CRLF", "[core]\r\n pager = c\r\n", []string{"core.pager=c@2"}, ""},
		{"escaped subsection quote", "[filter \"a\\\"b\"]\nclean = z\n", []string{"filter.a\"b.clean=z@2"}, ""},
		{"a key before a section", "pager = x\n", nil, "x:1:1: a key before any [section]"},
		{"an unclosed header", "[core\n", nil, "x:1:6: expected ] to close"},
		{"an unclosed quote", "[core]\np = \"a\n", nil, "x:2:7: the value's quote is not closed"},
		{"an unknown escape", "[core]\np = \\q\n", nil, "x:2:6: unknown escape"},
		{"a stray character", "[core]\n=x\n", nil, "x:2:1: expected a [section], a key or a comment"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			es, err := Parse("x", []byte(tt.src))
			var got []string
			for _, e := range es {
				got = append(got, e.Key()+"="+e.Value+"@"+strconv.Itoa(e.Line))
			}
			if strings.Join(got, "|") != strings.Join(tt.want, "|") {
				t.Errorf("Parse(%q) = %q, want %q", tt.src, got, tt.want)
			}
			var se *SyntaxError
			switch {
			case tt.err == "" && err != nil:
				t.Errorf("Parse(%q): %v, want no error", tt.src, err)
			case tt.err != "" && (err == nil || !errors.As(err, &se) || !strings.Contains(err.Error(), tt.err)):
				t.Errorf("Parse(%q): error %v, want one with %q", tt.src, err, tt.err)
			}
		})
	}
}
