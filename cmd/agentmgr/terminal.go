package main

import (
	"fmt"
	"io"
	"os"
	"unicode/utf8"
)

// Persona names, descriptions, reasons and problems come from files a repository or the agent
// may write. Printed raw on a terminal, their control characters are commands to it: an escape
// sequence can recolour, move the cursor, rewrite what an earlier line said ("allow" over
// "deny"), or set the window title. So everything the CLI prints to a terminal has its control
// characters escaped (\x1b, \r); output to a pipe or file (JSON, exports) is left as written,
// where JSON already escapes them.

// terminalWriter escapes the control characters of what it writes, but newline and tab.
type terminalWriter struct{ w io.Writer }

func (t terminalWriter) Write(p []byte) (int, error) {
	if _, err := io.WriteString(t.w, escapeControls(string(p))); err != nil {
		return 0, err
	}
	return len(p), nil
}

// escapeControls writes every C0 and C1 control character of s but newline and tab, and DEL,
// as \xHH (\u00HH for C1); invalid UTF-8 is left to the terminal's replacement.
func escapeControls(s string) string {
	clean := true
	for _, r := range s {
		if isControl(r) {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	out := make([]byte, 0, len(s)+16)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case isControl(r) && r < 0x80:
			out = fmt.Appendf(out, `\x%02x`, r)
		case isControl(r):
			out = fmt.Appendf(out, `\u%04x`, r)
		default:
			out = append(out, s[i:i+size]...)
		}
		i += size
	}
	return string(out)
}

func isControl(r rune) bool {
	return r < 0x20 && r != '\n' && r != '\t' || r == 0x7f || r >= 0x80 && r <= 0x9f
}

// onTerminal is w made safe for a terminal when isTerminal says it is one.
func onTerminal(w io.Writer, isTerminal func(io.Writer) bool) io.Writer {
	if isTerminal == nil {
		isTerminal = isCharDevice
	}
	if isTerminal(w) {
		return terminalWriter{w}
	}
	return w
}

// isCharDevice reports whether w is a file that is a character device: a terminal (or
// /dev/null, where escaping costs nothing).
func isCharDevice(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
