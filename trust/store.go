package trust

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/agentmgr/agentmgr/internal/atomicfile"
)

// storeVersion is the format of agentmgr's trust store; a store of a later version is read
// as broken (fail closed), never half understood.
const storeVersion = 1

// Record is the person's decision on one project in agentmgr's store.
type Record struct {
	Trusted bool `json:"trusted"`
	// At is when the person decided.
	At time.Time `json:"at"`
	// Files are the project files the trust covers, as they were when the person trusted the
	// project (ProjectFiles); none for a refusal.
	Files []File `json:"files,omitempty"`
}

// store is agentmgr's trust store: the decision for each project folder, by its resolved
// path. Other keys of the file are kept as they are on a rewrite.
type store struct {
	Version  int               `json:"version"`
	Projects map[string]Record `json:"projects"`
	other    map[string]json.RawMessage
}

// MarshalJSON writes f's fields as the file holds them.
func (f File) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Path string `json:"path"`
		Sum  string `json:"sum"`
	}{f.Path, f.Sum})
}

// UnmarshalJSON reads what MarshalJSON writes.
func (f *File) UnmarshalJSON(data []byte) error {
	var v struct {
		Path string `json:"path"`
		Sum  string `json:"sum"`
	}
	if err := json.Unmarshal(data, &v); err != nil {
		return err
	}
	f.Path, f.Sum = v.Path, v.Sum
	return nil
}

// readStore reads agentmgr's trust store at path; a missing file is an empty store. A file
// that is not a store of this version is an error: no decision is read from it.
func readStore(path string) (store, error) {
	s := store{Version: storeVersion, Projects: map[string]Record{}}
	data, err := readSmall(path)
	if errors.Is(err, fs.ErrNotExist) {
		return s, nil
	}
	if err != nil {
		return s, fmt.Errorf("cannot read the trust store %s: %w", path, err)
	}
	if err := decodeStore(data, &s); err != nil {
		return s, fmt.Errorf("the trust store %s is broken: %w", path, err)
	}
	return s, nil
}

func decodeStore(data []byte, s *store) error {
	var top map[string]json.RawMessage
	if err := strictJSON(data, &top); err != nil {
		return err
	}
	if top == nil {
		return errors.New("expected a JSON object")
	}
	if err := strictJSON(top["version"], &s.Version); err != nil || s.Version != storeVersion {
		return fmt.Errorf("expected \"version\": %d", storeVersion)
	}
	if raw, ok := top["projects"]; ok {
		if err := strictJSON(raw, &s.Projects); err != nil {
			return fmt.Errorf("projects: %w", err)
		}
	}
	if s.Projects == nil {
		s.Projects = map[string]Record{}
	}
	delete(top, "version")
	delete(top, "projects")
	s.other = top
	return nil
}

// strictJSON decodes data into v, refusing trailing data.
func strictJSON(data []byte, v any) error {
	if len(data) == 0 {
		return errors.New("missing")
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(v); err != nil {
		return jsonError(data, err)
	}
	if dec.More() {
		return errors.New("unexpected data after the JSON value")
	}
	return nil
}

// jsonError adds the line and column of a syntax error.
func jsonError(data []byte, err error) error {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		line, col := lineCol(data, se.Offset)
		return fmt.Errorf("line %d, column %d: %v", line, col, err)
	}
	return err
}

func lineCol(data []byte, off int64) (line, col int) {
	line, col = 1, 1
	for i := int64(0); i < off && i < int64(len(data)); i++ {
		if data[i] == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return line, col
}

func (s store) marshal() ([]byte, error) {
	top := map[string]any{"version": storeVersion, "projects": s.Projects}
	for k, v := range s.other {
		top[k] = v
	}
	data, err := json.MarshalIndent(top, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(data, '\n'), nil
}

// update changes agentmgr's trust store at path with change. The write checks, under the
// folder's write lock, that the store is still what change saw, and starts again when another
// writer came first, so that two writers never lose each other's decision. A broken store is
// not overwritten.
func update(path string, change func(*store)) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	for try := 0; ; try++ {
		before, err := readSmall(path)
		exists := err == nil
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("cannot read the trust store %s: %w", path, err)
		}
		s := store{Version: storeVersion, Projects: map[string]Record{}}
		if exists {
			if err := decodeStore(before, &s); err != nil {
				return fmt.Errorf("the trust store %s is broken (%v); fix or remove it first", path, err)
			}
		}
		change(&s)
		data, err := s.marshal()
		if err != nil {
			return err
		}
		err = atomicfile.Replace(path, data, atomicfile.Options{Mode: 0o600, Check: func(onDisk []byte, there bool) error {
			if there != exists || !bytes.Equal(onDisk, before) {
				return atomicfile.ErrChangedOnDisk
			}
			return nil
		}})
		if !errors.Is(err, atomicfile.ErrChangedOnDisk) || try >= 8 {
			return err
		}
	}
}
