package ownedfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
)

// ReadIfThere reads the file at path, a runtime's config file agentmgr merges into: a missing
// file is no error, only not there (it is created when written), while any other failure to
// read is, naming the file.
func ReadIfThere(path string) (data []byte, there bool, err error) {
	data, err = os.ReadFile(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, false, nil
	case err != nil:
		return nil, false, fmt.Errorf("cannot read %s: %w", path, err)
	}
	return data, true, nil
}
