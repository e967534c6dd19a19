//go:build !unix && !windows

package filelock

import (
	"errors"
	"os"
)

func lockFile(*os.File) error   { return errors.ErrUnsupported }
func unlockFile(*os.File) error { return errors.ErrUnsupported }
func syncDir(string) error      { return nil }
