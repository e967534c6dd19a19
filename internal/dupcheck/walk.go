package dupcheck

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// skipDirs are folders whose files are not the project's own code: other people's packages,
// build outputs, and the fuzzers' corpora.
var skipDirs = map[string]bool{"node_modules": true, "vendor": true, "third_party": true, "bin": true, "dist": true}

// Sources reads every file under root that counts (Go, TypeScript, JavaScript, Makefiles),
// leaving out hidden folders and skipDirs, in the order of the walk (lexical, so the same tree
// gives the same pairs).
func Sources(root string) ([]Source, error) {
	var out []Source
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p != root && (strings.HasPrefix(d.Name(), ".") || skipDirs[d.Name()]) {
				return filepath.SkipDir
			}
			return nil
		}
		if _, ok := langOf(d.Name()); !ok || !d.Type().IsRegular() {
			return nil
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		out = append(out, Source{Path: rel, Lines: Normalize(rel, src)})
		return nil
	})
	return out, err
}
