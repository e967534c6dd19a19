package decide

import (
	"encoding/json"
	"fmt"
	"strings"
)

// SideDoors are what a tool's input would run, write or fetch, whatever the tool is called: an
// MCP server's exec, a custom write_file. Each is decided as bash, edit or webfetch on top of
// the tool's own key, and the stricter answer wins.
type SideDoors struct {
	// Command is a shell command (a command string, or an argv array quoted into one).
	Command    string
	HasCommand bool
	// Writes are paths the tool would write, create, move or delete.
	Writes []string
	// URLs are addresses the tool would fetch.
	URLs []string
}

// commandFields hold a shell command string.
var commandFields = []string{"command", "cmd", "script", "command_line", "commandLine", "shell", "shell_command", "bash"}

// argvFields hold a program and its arguments as an array.
var argvFields = []string{"argv", "args", "arguments", "command"}

// programFields hold a program run with the array in an argv field.
var programFields = []string{"program", "executable", "binary", "exe"}

// pathFields hold a file path; they are writes when the tool's name says it writes.
var pathFields = []string{"path", "file_path", "filePath", "filepath", "file", "filename", "target", "destination", "dest", "new_path", "to", "source", "src", "from"}

// writeWords in a tool's name say it changes files.
var writeWords = []string{"write", "edit", "create", "delete", "remove", "move", "rename", "copy", "mkdir", "append", "patch", "save", "put", "upload", "replace", "insert", "unlink", "rm"}

// urlFields hold an address to fetch.
var urlFields = []string{"url", "uri", "href", "link", "endpoint", "address"}

// strictFields are the side-door fields whose wrong type is an error; under the other names a
// value of another type is some other option (a "shell": true flag) and is passed over.
var strictFields = map[string]bool{"command": true, "cmd": true, "script": true, "argv": true, "path": true, "file_path": true, "filePath": true, "url": true}

// wrongType is the error for field f of the wrong type, or nil when f may hold anything.
func wrongType(f, what string) error {
	if !strictFields[f] {
		return nil
	}
	return fmt.Errorf("tool_input.%s is not %s; the call is decided on it", f, what)
}

// FindSideDoors searches the input of a tool named tool (an object, or nothing) for what it
// would run, write or fetch. A field it uses that holds the wrong type is an error: the call
// cannot be decided on it.
func FindSideDoors(tool string, fields map[string]json.RawMessage) (SideDoors, error) {
	var s SideDoors
	if len(fields) == 0 {
		return s, nil
	}
	if err := s.commands(fields); err != nil {
		return s, err
	}
	if err := s.argvs(tool, fields); err != nil {
		return s, err
	}
	if writes(tool) {
		paths, err := stringsOf(fields, pathFields)
		if err != nil {
			return s, err
		}
		s.Writes = append(s.Writes, paths...)
	}
	urls, err := stringsOf(fields, urlFields)
	if err != nil {
		return s, err
	}
	s.URLs = append(s.URLs, urls...)
	return s, nil
}

// commands adds the shell command strings of fields.
func (s *SideDoors) commands(fields map[string]json.RawMessage) error {
	for _, f := range commandFields {
		raw, ok := present(fields, f)
		if !ok || raw[0] == '[' {
			continue
		}
		var cmd string
		if err := json.Unmarshal(raw, &cmd); err != nil {
			if err := wrongType(f, "a string"); err != nil {
				return err
			}
			continue
		}
		s.add(cmd)
	}
	return nil
}

// argvs adds the commands fields give as a program and an array of its arguments.
func (s *SideDoors) argvs(tool string, fields map[string]json.RawMessage) error {
	program := programOf(fields)
	for _, f := range argvFields {
		raw, ok := present(fields, f)
		if !ok || raw[0] != '[' {
			continue
		}
		var argv []string
		if err := json.Unmarshal(raw, &argv); err != nil {
			if err := wrongType(f, "a list of strings"); err != nil {
				return err
			}
			continue
		}
		// argv always names a program; args does when a program field names it, or when the
		// tool's name says it runs something and the first item is no option.
		isArgv := f == "argv" || f == "command" || program != "" || runsSomething(tool) && len(argv) > 0 && !strings.HasPrefix(argv[0], "-")
		if !isArgv {
			continue
		}
		if program != "" {
			argv = append([]string{program}, argv...)
		}
		s.add(quoteArgv(argv))
		program = ""
	}
	if program != "" {
		s.add(quoteArgv([]string{program}))
	}
	return nil
}

// add adds one command, a line of its own.
func (s *SideDoors) add(cmd string) {
	s.Command, s.HasCommand = joinCommand(s.Command, cmd, s.HasCommand), true
}

// programOf is the program the first program field names; "" when none does.
func programOf(fields map[string]json.RawMessage) string {
	for _, f := range programFields {
		if raw, ok := present(fields, f); ok {
			var program string
			if json.Unmarshal(raw, &program) == nil {
				return program
			}
		}
	}
	return ""
}

// stringsOf are the strings of the names present in fields, in order; a field of another type
// is an error when it is one the side doors read strictly, and passed over otherwise.
func stringsOf(fields map[string]json.RawMessage, names []string) ([]string, error) {
	var out []string
	for _, f := range names {
		raw, ok := present(fields, f)
		if !ok {
			continue
		}
		var v string
		if err := json.Unmarshal(raw, &v); err != nil {
			if err := wrongType(f, "a string"); err != nil {
				return nil, err
			}
			continue
		}
		out = append(out, v)
	}
	return out, nil
}

// present returns field f of fields unless it is absent or null.
func present(fields map[string]json.RawMessage, f string) (json.RawMessage, bool) {
	raw, ok := fields[f]
	raw = json.RawMessage(strings.TrimSpace(string(raw)))
	if !ok || len(raw) == 0 || string(raw) == "null" {
		return nil, false
	}
	return raw, true
}

func joinCommand(a, b string, had bool) string {
	if !had {
		return b
	}
	return a + "\n" + b
}

// nameWords splits a tool name into lower-case words (mcp__fs__write_file: mcp, fs, write,
// file; writeFile: write, file).
func nameWords(tool string) []string {
	var words []string
	var cur strings.Builder
	flush := func() {
		if cur.Len() > 0 {
			words = append(words, strings.ToLower(cur.String()))
			cur.Reset()
		}
	}
	for i, r := range tool {
		switch {
		case r == '_' || r == '-' || r == '.' || r == ' ' || r == '/' || r == ':':
			flush()
		case r >= 'A' && r <= 'Z' && i > 0:
			flush()
			cur.WriteRune(r)
		default:
			cur.WriteRune(r)
		}
	}
	flush()
	return words
}

func nameHas(tool string, words []string) bool {
	for _, w := range nameWords(tool) {
		for _, x := range words {
			if w == x {
				return true
			}
		}
	}
	return false
}

func writes(tool string) bool { return nameHas(tool, writeWords) }

func runsSomething(tool string) bool {
	return nameHas(tool, []string{"exec", "execute", "run", "shell", "command", "spawn", "process", "terminal", "bash", "sh", "cmd", "system"})
}

// quoteArgv renders argv as one shell command that runs exactly those words.
func quoteArgv(argv []string) string {
	q := make([]string, len(argv))
	for i, a := range argv {
		if a != "" && strings.IndexFunc(a, func(r rune) bool {
			return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./=:,+@%", r))
		}) < 0 {
			q[i] = a
			continue
		}
		q[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
	}
	return strings.Join(q, " ")
}
