package pathres

import (
	"strings"
)

// Windows reads a name otherwise than it is spelt: it drops trailing dots and spaces
// ("secret.env. " is secret.env), "NAME::$DATA" is NAME's contents, "NAME:stream" is a
// hidden stream of NAME, and an 8.3 short name (PROGRA~1) is another spelling of a long one.
// These functions read names that way; they are plain string functions, tested on every
// system, and used by the walk on Windows only.

// splitVolume splits a `/`-separated Windows path into its volume ("C:", "//server/share")
// and the rest. A path with no volume returns "" and p. The `//?/` and `//./` prefixes of
// Win32 device paths are dropped first.
func splitVolume(p string) (vol, rest string) {
	for _, prefix := range []string{"//?/", "//./", "/??/"} {
		if strings.HasPrefix(p, prefix) {
			p = p[len(prefix):]
			if strings.HasPrefix(strings.ToUpper(p), "UNC/") {
				p = "//" + p[4:]
			}
			break
		}
	}
	switch {
	case len(p) >= 2 && p[1] == ':' && isLetter(p[0]):
		return strings.ToUpper(p[:1]) + ":", p[2:]
	case strings.HasPrefix(p, "//"):
		// //server/share/rest
		parts := strings.SplitN(p[2:], "/", 3)
		if len(parts) < 2 {
			return "//" + p[2:], "/"
		}
		vol = "//" + parts[0] + "/" + parts[1]
		if len(parts) == 3 {
			return vol, "/" + parts[2]
		}
		return vol, "/"
	}
	return "", p
}

// isWindowsAbs reports whether a link target is absolute on Windows: it has a volume, or
// starts at the current volume's root.
func isWindowsAbs(target string) bool {
	t := strings.ReplaceAll(target, `\`, "/")
	vol, _ := splitVolume(t)
	return vol != "" || strings.HasPrefix(t, "/")
}

// windowsName is the name Windows opens for c, and why the walk cannot be sure of it ("" when
// it can): trailing dots and spaces are dropped, the ::$DATA stream is the file itself, and
// another stream (NAME:stream) is read as its file, unsure.
func windowsName(c string) (name, why string) {
	name = c
	if i := strings.IndexByte(name, ':'); i >= 0 {
		stream := name[i:]
		name = name[:i]
		if !strings.EqualFold(stream, "::$DATA") {
			why = "names the stream " + stream + " of " + name + ", which Windows keeps apart from the file's contents"
		}
	}
	if name == "." || name == ".." {
		return name, why
	}
	trimmed := strings.TrimRight(name, ". ")
	if trimmed == "" {
		return name, "the name " + c + " is only dots and spaces, which Windows reads otherwise"
	}
	return trimmed, why
}

// shortNameUnsure says why names may not be the file reached when one of them looks like an
// 8.3 short name (PROGRA~1, SECRET~2.ENV), which stands for a longer name the rules may
// name; "" when none does.
func shortNameUnsure(names []string) string {
	for _, n := range names {
		if isShortName(n) {
			return n + " may be the short (8.3) name of a longer one, which the rules would see otherwise"
		}
	}
	return ""
}

// isShortName reports whether n has the form of a generated 8.3 name: up to six characters,
// `~` and digits, and an extension of up to three characters.
func isShortName(n string) bool {
	base, ext, hasExt := strings.Cut(n, ".")
	if hasExt && (len(ext) > 3 || strings.Contains(ext, ".")) {
		return false
	}
	i := strings.LastIndexByte(base, '~')
	if i < 1 || i > 6 || len(base) > 8 || !isNumber(base[i+1:]) {
		return false
	}
	return true
}

func isLetter(b byte) bool { return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' }
