package personas

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/agentmgr/agentmgr/internal/atomicfile"
	"github.com/agentmgr/agentmgr/internal/regularfile"
	"github.com/agentmgr/agentmgr/internal/unidiff"
	"github.com/agentmgr/agentmgr/locations"
)

// TrashEntry is a deleted persona file kept in agent-manager/trash/ so it can be restored.
type TrashEntry struct {
	Name    string    `json:"name"`
	Path    string    `json:"path"` // where the file was
	Scope   string    `json:"scope"`
	Deleted time.Time `json:"deleted"`
	File    string    `json:"-"` // the copy in the trash
}

// trashStamp names trash files so that they sort by the time they were deleted.
const trashStamp = "20060102-150405.000000"

// PlanDelete prepares moving a persona's file to the trash.
func PlanDelete(c *Catalog, name string) (*FileChange, error) {
	p, err := editable(c, name)
	if err != nil {
		return nil, err
	}
	return planTrash(c.dirs, p.Name, p.Path, p.Scope.String())
}

// PlanTrashBroken prepares moving a file that failed to load to the trash, as Delete does for
// a persona: it is restored by its file name. Only a Markdown file the catalog failed to load
// is accepted, so that nothing else can be moved this way.
func PlanTrashBroken(c *Catalog, path string) (*FileChange, error) {
	if !slices.Contains(c.FailedFiles(), path) {
		return nil, fmt.Errorf("%s is not a persona file that failed to load", path)
	}
	if !strings.HasSuffix(path, ".md") {
		return nil, fmt.Errorf("%s is not a Markdown persona file; fix it in a text editor", path)
	}
	name := strings.ToLower(strings.TrimSuffix(filepath.Base(path), ".md"))
	return planTrash(c.dirs, name, path, "")
}

// planTrash prepares moving the file at path, restored as name, to the trash of d.
func planTrash(d locations.Dirs, name, path, scope string) (*FileChange, error) {
	data, err := regularfile.Read(path, regularfile.PersonaLimit)
	if err != nil {
		return nil, fmt.Errorf("cannot read %s: %w", path, err)
	}
	trash := d.TrashDir()
	return &FileChange{
		Summary: fmt.Sprintf("move %s to the trash (%s); `agentmgr restore %s` brings it back", path, trash, name),
		diff:    unidiff.Diff(path, "/dev/null", data, nil),
		apply: func() error {
			now, err := regularfile.Read(path, regularfile.PersonaLimit)
			if err != nil || !bytes.Equal(now, data) {
				return fmt.Errorf("%s was not deleted: %w", path, ErrChangedOnDisk)
			}
			if err := os.MkdirAll(trash, 0o755); err != nil {
				return fmt.Errorf("cannot create the trash folder: %w", err)
			}
			e := TrashEntry{Name: name, Path: path, Scope: scope, Deleted: time.Now().UTC()}
			base := filepath.Join(trash, e.Deleted.Format(trashStamp)+"-"+name)
			meta, _ := json.MarshalIndent(e, "", "  ")
			if err := atomicfile.Write(base+".md", data, 0o644); err != nil {
				return fmt.Errorf("cannot copy %s to the trash; nothing was deleted: %w", path, err)
			}
			if err := atomicfile.Write(base+".json", append(meta, '\n'), 0o644); err != nil {
				os.Remove(base + ".md")
				return fmt.Errorf("cannot record %s in the trash; nothing was deleted: %w", path, err)
			}
			if err := os.Remove(path); err != nil {
				return fmt.Errorf("copied to the trash, but cannot remove %s: %w", path, err)
			}
			return nil
		},
	}, nil
}

// Trash lists the trash, newest first.
func Trash(d locations.Dirs) ([]TrashEntry, error) {
	ents, err := locations.Entries(d.TrashDir(), ".json")
	if err != nil {
		return nil, err
	}
	var out []TrashEntry
	for _, de := range ents {
		meta := filepath.Join(d.TrashDir(), de.Name())
		data, err := regularfile.Read(meta, regularfile.StateLimit)
		if err != nil {
			continue
		}
		var e TrashEntry
		if json.Unmarshal(data, &e) != nil || e.Name == "" || e.Path == "" {
			continue
		}
		e.File = strings.TrimSuffix(meta, ".json") + ".md"
		if _, err := os.Stat(e.File); err != nil {
			continue
		}
		out = append(out, e)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Deleted.After(out[j].Deleted) })
	return out, nil
}

// PlanRestore prepares putting the most recently deleted persona named name back where it was.
// It is refused when a file is there now.
func PlanRestore(d locations.Dirs, name string) (*FileChange, error) {
	list, err := Trash(d)
	if err != nil {
		return nil, fmt.Errorf("cannot read the trash: %w", err)
	}
	name = strings.ToLower(name)
	for _, e := range list {
		if e.Name != name {
			continue
		}
		data, err := regularfile.Read(e.File, regularfile.PersonaLimit)
		if err != nil {
			return nil, fmt.Errorf("cannot read %s: %w", e.File, err)
		}
		if _, err := os.Stat(e.Path); err == nil {
			return nil, fmt.Errorf("%s exists again; rename or remove it before restoring %s", e.Path, name)
		}
		return &FileChange{
			Summary: fmt.Sprintf("restore %s to %s (deleted %s)", name, e.Path, e.Deleted.Local().Format("2006-01-02 15:04")),
			diff:    unidiff.Diff("/dev/null", e.Path, nil, data),
			apply: func() error {
				if _, err := os.Stat(e.Path); err == nil {
					return fmt.Errorf("%s exists again; nothing was restored", e.Path)
				}
				if err := os.MkdirAll(filepath.Dir(e.Path), 0o755); err != nil {
					return fmt.Errorf("cannot create %s: %w", filepath.Dir(e.Path), err)
				}
				if err := atomicfile.Write(e.Path, data, 0o644); err != nil {
					return fmt.Errorf("cannot restore %s: %w", e.Path, err)
				}
				os.Remove(e.File)
				os.Remove(strings.TrimSuffix(e.File, ".md") + ".json")
				return nil
			},
		}, nil
	}
	return nil, fmt.Errorf("no persona named %q in the trash (%s)", name, d.TrashDir())
}
