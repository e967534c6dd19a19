package shell

import (
	"fmt"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// A command that writes a file edits it as surely as the edit tool does, so
// every file a command visibly writes becomes a unit decided by the edit
// rules (and the guards), and every file it reads with < a unit decided by
// the read rules. The file is the path as written; the engine cleans it.

// inertFiles are files whose reading or writing changes nothing on disk.
var inertFiles = map[string]bool{
	"/dev/null": true, "/dev/stdout": true, "/dev/stderr": true, "/dev/stdin": true,
	"/dev/tty": true, "/dev/zero": true, "/dev/full": true, "/dev/random": true, "/dev/urandom": true,
	"/dev/fd/0": true, "/dev/fd/1": true, "/dev/fd/2": true,
	"/proc/self/fd/0": true, "/proc/self/fd/1": true, "/proc/self/fd/2": true,
}

// redirects adds the file units of a command's redirections.
func (a *analyzer) redirects(src *source, redirs []*syntax.Redirect) {
	for _, r := range redirs {
		if r.Word == nil {
			continue
		}
		switch r.Op {
		case syntax.RdrOut, syntax.AppOut, syntax.RdrClob, syntax.RdrAll, syntax.AppAll, syntax.RdrAllClob, syntax.AppAllClob:
			a.file(EditKey, renderWord(src.text, r.Word), r.Word)
		case syntax.RdrInOut:
			a.file(EditKey, renderWord(src.text, r.Word), r.Word)
		case syntax.RdrIn:
			a.file(ReadKey, renderWord(src.text, r.Word), r.Word)
		case syntax.DplOut, syntax.DplIn:
			// >&2, <&0, >&- duplicate or close a descriptor; but >&FILE
			// (no digits) sends standard output and error to FILE.
			w := renderWord(src.text, r.Word)
			if w.literal && isDescriptor(w.text) {
				continue
			}
			if r.Op == syntax.DplOut {
				a.file(EditKey, w, r.Word)
			} else {
				a.file(ReadKey, w, r.Word)
			}
		}
	}
}

// isDescriptor reports whether t names a file descriptor to duplicate or
// close: digits, optionally followed by '-', or '-' alone.
func isDescriptor(t string) bool {
	t = strings.TrimSuffix(t, "-")
	for i := 0; i < len(t); i++ {
		if t[i] < '0' || t[i] > '9' {
			return false
		}
	}
	return true
}

// file adds the unit of a file that a command writes (key edit) or reads
// (key read). n is the word's syntax node when the word comes from a
// redirection: a process substitution there (> >(tee log)) is no file, its
// commands are analysed where they stand.
func (a *analyzer) file(key string, w word, _ *syntax.Word) {
	if u, ok := fileUnit(key, w); ok {
		u.Dir, u.DirUnknown = a.dir, a.dirUnknown
		a.units = append(a.units, u)
	}
}

// fileUnit is the unit of a file that a command writes or reads; false
// for a file whose use changes nothing.
func fileUnit(key string, w word) (Unit, bool) {
	if w.proc || w.literal && (inertFiles[w.text] || inertFiles[devicePath(w.text)]) {
		return Unit{}, false
	}
	u := Unit{Text: w.text, Key: key, Suggestion: folderOf(w.text)}
	switch {
	case strings.HasPrefix(w.text, "/dev/tcp/") || strings.HasPrefix(w.text, "/dev/udp/"):
		u.AskReason = fmt.Sprintf("%s opens a network connection, which bash makes for this path", w.text)
	case !w.literal && key == EditKey && runnerFile(w.text):
		// The CI runner's own files: decided by the edit rules on the name as written
		// ($GITHUB_OUTPUT), so a rule naming it still decides, but no ask for a target
		// only known at run time.
	case !w.literal && key == EditKey:
		u.AskReason = fmt.Sprintf("the file %s that the command writes is only known when the command runs", w.text)
		u.Late = true
	}
	return u, true
}

// folderOf is the folder of a path followed by "/*"; a bare name suggests
// itself.
func folderOf(p string) string {
	i := strings.LastIndexByte(p, '/')
	switch {
	case i < 0:
		return p
	case i == 0:
		return "/*"
	}
	return p[:i] + "/*"
}

// runnerFiles are the variables a CI runner sets to files of its own that a
// step writes to pass outputs, environment, paths and summaries on
// (GitHub Actions, Forgejo and Gitea Actions): a write to one is no write
// to a file of the project or the home.
var runnerFiles = set("GITHUB_OUTPUT", "GITHUB_ENV", "GITHUB_PATH", "GITHUB_STEP_SUMMARY", "GITHUB_STATE",
	"FORGEJO_OUTPUT", "FORGEJO_ENV", "FORGEJO_PATH", "GITEA_OUTPUT", "GITEA_ENV")

// RunnerFile reports whether a write target is exactly one of the CI
// runner's files ($GITHUB_OUTPUT, ${GITHUB_ENV}): an absolute path the
// runner chose, never one relative to where the command moved.
func RunnerFile(t string) bool { return runnerFile(t) }

// runnerFile reports whether a write target is exactly one of the runner's
// files: $NAME or ${NAME}, nothing before or after.
func runnerFile(t string) bool {
	name, ok := strings.CutPrefix(t, "$")
	if !ok {
		return false
	}
	if inner, ok := strings.CutPrefix(name, "{"); ok {
		name, ok = strings.CutSuffix(inner, "}")
		if !ok {
			return false
		}
	}
	return runnerFiles[name]
}
