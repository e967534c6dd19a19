package pathres

import (
	"fmt"
	"io/fs"
	"os"
	"path"
	"runtime"
	"strings"
)

// maxLinks is how many symbolic links one resolution follows, as Linux's MAXSYMLINKS (40): the
// kernel gives up with ELOOP there, and a hostile path costs no more than that.
const maxLinks = 40

// maxComponents bounds the names one resolution walks, links' targets included, so that a
// hostile value (a million "a/..") costs little.
const maxComponents = 4096

// Result is what a path reaches on disk.
type Result struct {
	// Path is the file the kernel would reach: absolute, clean, `/`-separated, with its symbolic
	// links resolved as far as the path exists. A link whose target does not exist yet is followed
	// (a write through it creates the target); past the first name that does not exist, the rest
	// is read lexically, since no link can hide there.
	Path string
	// Folds is true when the volume holding the path compares names without case: on it,
	// ~/.SSH/id_rsa is ~/.ssh/id_rsa, and rules must be matched without case too.
	Folds bool
	// Unsure, when not "", says why Path may not be the file the program reaches (a link that
	// cannot be read, a descriptor of the running program, a process that does not exist yet, a
	// Windows short name); a caller that allows on Path must ask instead.
	Unsure string
}

// Resolver resolves paths for a program whose working directory is Cwd.
type Resolver struct {
	// Cwd is the working directory of the program that will open the path: what
	// /proc/self/cwd stands for. "" leaves such a path unsure.
	Cwd string
	// Folds reports whether the volume holding the existing path p compares names without case;
	// nil detects it (FoldsAt). Tests inject their own volume here.
	Folds func(p string) bool
	// Windows reads names as Windows does (trailing dots and spaces dropped, ::$DATA streams,
	// 8.3 short names); New sets it on Windows.
	Windows bool
}

// New returns the Resolver for programs running in cwd on this system.
func New(cwd string) Resolver {
	return Resolver{Cwd: cwd, Windows: runtime.GOOS == "windows"}
}

// Resolve resolves abs, an absolute path as spelt (`..`, `.` and `//` not yet applied), for a
// program running in cwd. It is the one resolver of the project: every tool's path and every
// file a shell command names is decided on its Result.
func Resolve(abs, cwd string) Result {
	return New(cwd).Resolve(abs)
}

// walk is one resolution in progress.
type walk struct {
	r      *Resolver
	vol    string   // a Windows volume ("C:"), else ""
	cur    []string // the names resolved so far, with no link among them
	exists int      // how many of cur's names exist on disk
	links  int
	steps  int
	unsure string
}

// Resolve resolves abs (see the package function Resolve).
func (r Resolver) Resolve(abs string) Result {
	abs = strings.ReplaceAll(abs, `\`, "/")
	w := &walk{r: &r}
	if r.Windows {
		w.vol, abs = splitVolume(abs)
	}
	if !strings.HasPrefix(abs, "/") {
		// Not absolute: nothing on disk to walk; the caller made it absolute already.
		return Result{Path: w.vol + path.Clean(abs)}
	}
	w.run(strings.Split(abs, "/"))
	res := Result{Path: w.path(w.cur), Unsure: w.unsure}
	if r.Windows && res.Unsure == "" {
		res.Unsure = shortNameUnsure(w.cur)
	}
	res.Folds = w.folds()
	return res
}

// run resolves the queue of names onto w.cur.
func (w *walk) run(queue []string) {
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		if w.steps++; w.steps > maxComponents {
			w.setUnsure("the path has more than %d names to resolve", maxComponents)
			w.cur = appendClean(w.cur, queue)
			return
		}
		switch c {
		case "", ".":
			continue
		case "..":
			if len(w.cur) > 0 {
				w.cur = w.cur[:len(w.cur)-1]
			}
			w.exists = min(w.exists, len(w.cur))
			continue
		}
		if w.r.Windows {
			var why string
			if c, why = windowsName(c); why != "" {
				w.setUnsure("%s", why)
			}
		}
		if w.exists < len(w.cur) {
			// Past a name that does not exist: no link can hide here.
			w.cur = append(w.cur, c)
			continue
		}
		if next, rest, ok := w.self(c, queue); ok {
			queue = rest
			if next != nil {
				queue = append(next, queue...)
			}
			continue
		}
		queue = w.step(c, queue)
	}
}

// step looks c up in the resolved folder cur, follows it when it is a link, and returns what
// is left to resolve.
func (w *walk) step(c string, queue []string) []string {
	p := w.path(append(w.cur, c))
	fi, err := os.Lstat(p)
	if err != nil {
		if len(w.cur) == 1 && w.cur[0] == "proc" && isNumber(c) {
			w.setUnsure("no process %s runs now, so what %s names is not known", c, p)
		}
		// Missing (or not searchable, which stops the program the same way): the rest is
		// read as spelt.
		w.cur = append(w.cur, c)
		return queue
	}
	if fi.Mode()&fs.ModeSymlink == 0 {
		w.cur = append(w.cur, c)
		w.exists = len(w.cur)
		return queue
	}
	if w.links++; w.links > maxLinks {
		w.setUnsure("%s goes through more than %d symbolic links", p, maxLinks)
		w.cur = append(w.cur, c)
		return queue
	}
	target, err := os.Readlink(p)
	if err != nil {
		w.setUnsure("the link %s cannot be read (%v)", p, err)
		w.cur = append(w.cur, c)
		return queue
	}
	if why := procTarget(w.cur, target); why != "" {
		w.setUnsure("%s %s", p, why)
		w.cur = append(w.cur, c)
		return queue
	}
	if strings.HasPrefix(target, "/") || w.r.Windows && isWindowsAbs(target) {
		if w.r.Windows {
			if vol, rest := splitVolume(strings.ReplaceAll(target, `\`, "/")); vol != "" {
				w.vol, target = vol, rest
			}
		}
		w.cur, w.exists = w.cur[:0], 0
	}
	return append(strings.Split(strings.ReplaceAll(target, `\`, "/"), "/"), queue...)
}

// setUnsure keeps the first reason a resolution is unsure.
func (w *walk) setUnsure(format string, args ...any) {
	if w.unsure == "" {
		w.unsure = fmt.Sprintf(format, args...)
	}
}

// path is the absolute path of names.
func (w *walk) path(names []string) string {
	return w.vol + "/" + strings.Join(names, "/")
}

// folds asks the volume of the deepest existing name whether it folds case.
func (w *walk) folds() bool {
	probe := w.r.Folds
	if probe == nil {
		probe = FoldsAt
	}
	return probe(w.path(w.cur[:w.exists]))
}

// appendClean appends names to cur, applying `.` and `..` lexically.
func appendClean(cur, names []string) []string {
	for _, c := range names {
		switch c {
		case "", ".":
		case "..":
			if len(cur) > 0 {
				cur = cur[:len(cur)-1]
			}
		default:
			cur = append(cur, c)
		}
	}
	return cur
}

func isNumber(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
