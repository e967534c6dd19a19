package pathres

import (
	"io/fs"
	"os"
	"path"
	"runtime"
	"strings"
	"unicode"
)

// FoldsAt reports whether the volume holding the existing path p compares names without case
// (APFS and HFS+ as macOS formats them, NTFS, FAT, ext4 folders with casefold set). It asks
// the volume: p's last name with its case swapped is looked up, and the volume folds when that
// finds p itself. A path with no cased letter to swap is answered with the system's default:
// folding on macOS and Windows, not elsewhere.
func FoldsAt(p string) bool {
	return foldsAt(p, os.Lstat, os.SameFile, runtime.GOOS)
}

// foldsAt is FoldsAt with the volume's lookups and the system injected, for tests.
func foldsAt(p string, lstat func(string) (fs.FileInfo, error), same func(a, b fs.FileInfo) bool, goos string) bool {
	p = strings.ReplaceAll(p, `\`, "/")
	for q := path.Clean(p); ; {
		dir, base := path.Split(q)
		if swapped := swapCase(base); swapped != base {
			a, err := lstat(q)
			if err != nil {
				break
			}
			b, err := lstat(dir + swapped)
			return err == nil && same(a, b)
		}
		parent := path.Dir(q)
		if parent == q || base == "" {
			break
		}
		q = parent
	}
	return goos == "darwin" || goos == "windows"
}

// swapCase turns upper-case letters to lower case and lower to upper.
func swapCase(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case unicode.IsUpper(r):
			return unicode.ToLower(r)
		case unicode.IsLower(r):
			return unicode.ToUpper(r)
		}
		return r
	}, s)
}
