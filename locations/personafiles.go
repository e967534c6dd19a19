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
	ents, err := Entries(dir, ".md")
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range ents {
		if n := e.Name(); !strings.HasPrefix(n, ".") && !e.IsDir() {
			out = append(out, filepath.Join(dir, n))
		}
	}
	return out, nil
}

// Entries lists the entries of the folder dir whose names end in suffix, in name order, as
// os.ReadDir gives them: folders and dot files too. A missing folder has none, since each
// folder agentmgr reads this way (the agents, the trash) is made when first written to.
func Entries(dir, suffix string) ([]fs.DirEntry, error) {
	ents, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	out := ents[:0]
	for _, e := range ents {
		if strings.HasSuffix(e.Name(), suffix) {
			out = append(out, e)
		}
	}
	return out, nil
}
