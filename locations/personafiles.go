package locations

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// PersonaFiles lists the persona files of the folder dir in name order: the *.md entries that
// are not hidden and not folders. A missing folder has none. The catalog reads these, and a
// project's trust covers these, so both list them here.
func PersonaFiles(dir string) ([]string, error) {
	// Opening a FIFO named like the folder would block; only a folder is listed.
	if st, err := os.Stat(dir); err == nil && !st.IsDir() {
		return nil, &fs.PathError{Op: "open", Path: dir, Err: errors.New("not a folder")}
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, nil
		}
		return nil, err
	}
	var out []string
	for _, e := range ents {
		n := e.Name()
		if strings.HasPrefix(n, ".") || !strings.HasSuffix(n, ".md") || e.IsDir() {
			continue
		}
		out = append(out, filepath.Join(dir, n))
	}
	return out, nil
}
