//go:build !unix && !windows

package filelock

import (
	"errors"
	"os"
	"path/filepath"
)

func tryLockFile(*os.File) (bool, error) { return false, errors.ErrUnsupported }
func unlockFile(*os.File) error          { return errors.ErrUnsupported }
func syncDir(string) error               { return nil }

func lockDir(dir, fallback string) (func(), error) { return Lock(filepath.Join(dir, fallback)) }
