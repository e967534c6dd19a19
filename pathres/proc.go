package pathres

import (
	"os"
	"strings"
)

// Linux's /proc holds links to the files of every process: /proc/PID/root, cwd and exe, each
// open descriptor in /proc/PID/fd, and the same under /proc/PID/task/TID. A program can open a
// file through them (echo x > /proc/1234/root/etc/motd), so they are resolved like any link
// (os.Readlink reads what the kernel would follow). What cannot be read, or is no file (a pipe,
// a socket, a deleted file), leaves the path unsure: the caller asks.
//
// /proc/self and /proc/thread-self are the process that reads them. Read here they would be
// agentmgr's own, not the program's that will open the path, so they are read for that program:
// its cwd is Resolver.Cwd, its root is agentmgr's (one mount namespace), and its descriptors and
// executable are not known before it runs.

// self resolves /proc/self/... and /proc/thread-self/... when c, the name after /proc, is one
// of them. It returns the names to resolve next and what is left of queue; ok is false when c
// is some other name.
func (w *walk) self(c string, queue []string) (next, rest []string, ok bool) {
	if len(w.cur) != 1 || w.cur[0] != "proc" || c != "self" && c != "thread-self" {
		return nil, queue, false
	}
	rest = queue
	pop := func() (string, bool) {
		for len(rest) > 0 && (rest[0] == "" || rest[0] == ".") {
			rest = rest[1:]
		}
		if len(rest) == 0 || rest[0] == ".." {
			return "", false
		}
		x := rest[0]
		rest = rest[1:]
		return x, true
	}
	lexical := func(names ...string) ([]string, []string, bool) {
		// Entries of the process that are no links (environ, status, mem): as spelt.
		w.cur = append(w.cur, names...)
		return nil, rest, true
	}
	x, more := pop()
	if more && c == "self" && x == "task" {
		tid, ok := pop()
		if !ok {
			return lexical(c, x)
		}
		x, more = pop()
		if !more {
			return lexical(c, "task", tid)
		}
	}
	if !more {
		return lexical(c)
	}
	switch x {
	case "cwd":
		if w.r.Cwd == "" {
			w.setUnsure("/proc/%s/cwd is the working directory of the program that opens it, which is not known here", c)
			return lexical(c, x)
		}
		w.cur, w.exists = w.cur[:0], 0
		return strings.Split(strings.ReplaceAll(w.r.Cwd, `\`, "/"), "/"), rest, true
	case "root":
		w.cur, w.exists = w.cur[:0], 0
		if target, err := os.Readlink("/proc/self/root"); err == nil && target != "/" {
			return strings.Split(target, "/"), rest, true
		}
		return nil, rest, true
	case "exe":
		w.setUnsure("/proc/%s/exe is the executable of the program that opens it, which is not known before it runs", c)
		return lexical(c, x)
	case "fd", "map_files":
		if n, ok := pop(); ok {
			w.setUnsure("/proc/%s/%s/%s is a file the program that opens it has open, which is not known before it runs", c, x, n)
			return lexical(c, x, n)
		}
	}
	return lexical(c, x)
}

// procTarget says why target, read from a link in the folder dir, is no file to go on with:
// under /proc/PID a relative target ("pipe:[123]", "socket:[9]") names no file, and
// "/x (deleted)" a file that is gone. "" when target is a path.
func procTarget(dir []string, target string) string {
	if len(dir) < 2 || dir[0] != "proc" || !isNumber(dir[1]) {
		return ""
	}
	switch {
	case !strings.HasPrefix(target, "/"):
		return "is " + target + ", no file"
	case strings.HasSuffix(target, " (deleted)"):
		return "names a file that was deleted (" + target + ")"
	}
	return ""
}
