package personas

import (
	"fmt"
	"strings"
)

// Severity says how bad a Problem is. Only errors make a file unusable.
type Severity int

// Severities, from worst to mildest.
const (
	Error   Severity = iota // the file is skipped
	Warning                 // the file is used, but something looks wrong (an unknown colour)
	Info                    // worth knowing, nothing wrong (an unknown field kept for other tools)
)

// String is "error", "warning" or "info".
func (s Severity) String() string {
	switch s {
	case Error:
		return "error"
	case Warning:
		return "warning"
	case Info:
		return "info"
	}
	return fmt.Sprintf("severity(%d)", int(s))
}

// MarshalText writes the severity as its name, so JSON shows "error", not 0.
func (s Severity) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads a severity name.
func (s *Severity) UnmarshalText(b []byte) error {
	for _, c := range []Severity{Error, Warning, Info} {
		if c.String() == string(b) {
			*s = c
			return nil
		}
	}
	return fmt.Errorf("unknown severity %q; expected error, warning or info", b)
}

// Problem is one finding about a file, positioned at a 1-based line and column of the file
// (columns count characters, not bytes).
type Problem struct {
	File string `json:"file"`
	Line int    `json:"line,omitempty"`
	Col  int    `json:"col,omitempty"`
	// Field is the frontmatter key path the problem is about, written as the messages write it
	// (description, permissions.bash."rm *", examples.allow[0]); "" for a problem of the file as
	// a whole (its encoding, its YAML syntax). In the legacy JSON file it is the path inside
	// the agent's object. Editors use it to show the message by its field.
	Field    string   `json:"field,omitempty"`
	Severity Severity `json:"severity"`
	Message  string   `json:"message"`
}

// Error renders the problem as "file:line:col: message", the form editors and terminals link.
func (p Problem) Error() string {
	var b strings.Builder
	b.WriteString(p.File)
	if p.Line > 0 {
		fmt.Fprintf(&b, ":%d", p.Line)
		if p.Col > 0 {
			fmt.Fprintf(&b, ":%d", p.Col)
		}
	}
	b.WriteString(": ")
	b.WriteString(p.Message)
	return b.String()
}

// String is Error with the severity in front for warnings and notes, as the CLI prints them.
func (p Problem) String() string {
	if p.Severity == Error {
		return p.Error()
	}
	return p.Severity.String() + ": " + p.Error()
}

// HasError reports whether any of ps is an Error.
func HasError(ps []Problem) bool {
	for _, p := range ps {
		if p.Severity == Error {
			return true
		}
	}
	return false
}

// Errors returns the errors of ps, in order.
func Errors(ps []Problem) []Problem {
	var out []Problem
	for _, p := range ps {
		if p.Severity == Error {
			out = append(out, p)
		}
	}
	return out
}

// ProblemsError joins problems into one error value for callers that want an error.
type ProblemsError []Problem

// Error lists every problem on its own line.
func (e ProblemsError) Error() string {
	lines := make([]string, len(e))
	for i, p := range e {
		lines[i] = p.Error()
	}
	return strings.Join(lines, "\n")
}
