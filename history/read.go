package history

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/agentmgr/agentmgr/reviewlog"
)

// Format names what kind of record a file holds.
type Format string

// The formats Read knows.
const (
	FormatAgentmgr Format = "agentmgr"             // agentmgr's review log
	FormatPPS      Format = "pi-permission-system" // pi-permission-system's review log
	FormatPi       Format = "pi"                   // a pi session file
	FormatClaude   Format = "claude"               // a Claude Code transcript
)

// maxLine bounds one line of a record; a longer one is skipped.
const maxLine = 16 << 20

// Read reads the calls recorded at path, a file or a folder whose *.jsonl files are all read
// (in name order), each in the format its first record shows. The entries are in time order.
func Read(path string) ([]reviewlog.Entry, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	files := []string{path}
	if info.IsDir() {
		files = nil
		err := filepath.WalkDir(path, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(p, ".jsonl") {
				files = append(files, p)
			}
			return err
		})
		if err != nil {
			return nil, err
		}
		sort.Strings(files)
	}
	var out []reviewlog.Entry
	for _, f := range files {
		got, err := ReadFile(f)
		if err != nil {
			return nil, err
		}
		out = append(out, got...)
	}
	slices.SortStableFunc(out, func(a, b reviewlog.Entry) int { return a.Time.Compare(b.Time) })
	return out, nil
}

// ReadFile reads one file of records.
func ReadFile(path string) ([]reviewlog.Entry, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var lines [][]byte
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, maxLine)
	for sc.Scan() {
		if l := bytes.TrimSpace(sc.Bytes()); len(l) > 0 {
			lines = append(lines, slices.Clone(l))
		}
	}
	if len(lines) == 0 {
		return nil, nil
	}
	switch f := Detect(lines[0]); f {
	case FormatAgentmgr:
		return reviewlog.Read(path, reviewlog.Filter{})
	case FormatPPS:
		return readPPS(lines), nil
	case FormatPi:
		return readPi(path, lines), nil
	case FormatClaude:
		return readClaude(lines), nil
	}
	return nil, fmt.Errorf("%s:1: not a review log, a pi session or a Claude Code transcript", path)
}

// Detect tells the format of a record from its fields; "" when it is none of them.
func Detect(line []byte) Format {
	var r struct {
		Event     string `json:"event"`
		Extension string `json:"extension"`
		Type      string `json:"type"`
		SessionID string `json:"sessionId"`
	}
	if json.Unmarshal(line, &r) != nil {
		return ""
	}
	switch {
	case r.Extension == "pi-permission-system":
		return FormatPPS
	case r.Type == "session":
		return FormatPi
	case r.SessionID != "" || r.Type == "summary" || r.Type == "user" || r.Type == "assistant":
		return FormatClaude
	case r.Event == reviewlog.EventDecision || r.Event == reviewlog.EventReply:
		return FormatAgentmgr
	}
	return ""
}

// refusal reports whether a tool's error result says a permission system stopped the call
// (rather than the tool failing as it ran), and whether a person rejected it.
func refusal(text string) (refused, rejected bool) {
	t := strings.ToLower(text)
	switch {
	case strings.Contains(t, "doesn't want to proceed") || strings.Contains(t, "rejected") || strings.Contains(t, "user denied"):
		return true, true
	case strings.Contains(t, "permission") && (strings.Contains(t, "denied") || strings.Contains(t, "blocked")),
		strings.Contains(t, "blocked by"), strings.Contains(t, "not allowed"), strings.Contains(t, "denies"):
		return true, false
	}
	return false, false
}
