package shell

import (
	"path"
	"strings"
)

// devicePath normalises a path that may name a device or an open descriptor,
// the way the kernel resolves it: //dev/stdin, /dev/./stdin and
// /proc/self/../self/fd/0 are all /dev/fd/0; /dev/stdin, /dev/stdout and
// /dev/stderr are /dev/fd/0, 1 and 2; /proc/self/fd/N, /proc/thread-self/fd/N
// and /proc/PID/fd/N are /dev/fd/N. Any other path is returned cleaned when
// absolute, as written when not.
func devicePath(p string) string {
	if !strings.HasPrefix(p, "/") {
		return p
	}
	c := path.Clean(p)
	switch c {
	case "/dev/stdin":
		return "/dev/fd/0"
	case "/dev/stdout":
		return "/dev/fd/1"
	case "/dev/stderr":
		return "/dev/fd/2"
	}
	if rest, ok := strings.CutPrefix(c, "/proc/"); ok {
		who, after, ok := strings.Cut(rest, "/")
		if ok && strings.HasPrefix(after, "fd/") && (who == "self" || who == "thread-self" || who == "$$" || who == "${$}" || isNumber(who)) {
			return "/dev/fd/" + after[3:]
		}
	}
	return c
}
