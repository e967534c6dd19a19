// Package regularfile reads the files agentmgr decides with (personas, guards, state, sessions,
// trust, chains, the inbox) only when they are regular files of a bounded size.
//
// Those files sit in folders the governed agent or a cloned repository can write. A FIFO named
// like a persona blocks a plain read until someone writes to it, and the hook that reads it
// never answers (Claude Code then goes on with its own permissions: a stall is a bypass); a link
// to /dev/zero never ends, and grows memory until the process dies. So a file is opened without
// blocking, checked with fstat (the file opened, not the name, which may change in between),
// and read up to a limit.
package regularfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// Limits of the files agentmgr reads. A persona with thousands of rules is a few hundred KiB;
// a bigger file is not one a person wrote, and reading it would only cost time and memory.
const (
	// PersonaLimit bounds a persona file, the legacy agents file and a guards file: 4 MiB holds
	// a persona of 100,000 rules.
	PersonaLimit = 4 << 20
	// StateLimit bounds the state file, the name index and the trust store.
	StateLimit = 1 << 20
	// RecordLimit bounds a session's rules, a session's chains and an inbox file.
	RecordLimit = 16 << 20
)

// ErrNotRegular is wrapped by the error of Read for a FIFO, a device, a socket or a folder.
var ErrNotRegular = errors.New("not a regular file")

// errSymlink is what openNoFollow returns for a symbolic link.
var errSymlink = errors.New("a symbolic link")

// ErrTooLarge is wrapped by the error of Read for a file over its limit.
var ErrTooLarge = errors.New("too large")

// Read returns the contents of the regular file at path, following a symbolic link as opening
// it does. A file that is not regular, or holds more than limit bytes, is refused with an
// *fs.PathError wrapping ErrNotRegular or ErrTooLarge whose message says what the file is; a
// missing file wraps fs.ErrNotExist as os.ReadFile's error does.
func Read(path string, limit int64) ([]byte, error) {
	return read(path, limit, openNonblocking)
}

// ReadNoFollow is Read of a file that must not be reached through a symbolic link: a link in
// place of the file is refused with an error wrapping ErrNotRegular. It reads the files
// agentmgr keeps for itself, where a link is never one agentmgr made, and could bring the
// content of any file the person can read.
func ReadNoFollow(path string, limit int64) ([]byte, error) {
	return read(path, limit, openNoFollow)
}

func read(path string, limit int64, open func(string) (*os.File, error)) ([]byte, error) {
	f, err := open(path)
	if errors.Is(err, errSymlink) {
		return nil, &fs.PathError{Op: "read", Path: path, Err: fmt.Errorf("%w: it is a symbolic link", ErrNotRegular)}
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, &fs.PathError{Op: "read", Path: path, Err: fmt.Errorf("%w: it is %s", ErrNotRegular, kind(st.Mode()))}
	}
	if st.Size() > limit {
		return nil, tooLarge(path, st.Size(), limit)
	}
	data, err := readSized(io.LimitReader(f, limit+1), st.Size())
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, tooLarge(path, int64(len(data)), limit)
	}
	return data, nil
}

// readSized reads r to its end into a buffer sized for the size fstat gave, and one byte
// more: the file may grow between fstat and the read (r stops one byte past the limit, for
// Read to know), or say 0 (a file of /proc). A buffer grown from io.ReadAll's 512 bytes would
// copy a file of 100 KiB a dozen times, and the gate reads the persona name index, a line
// for each persona file, on every call.
func readSized(r io.Reader, size int64) ([]byte, error) {
	data := make([]byte, 0, size+1)
	for {
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)] // grows the buffer
		}
		n, err := r.Read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		if err == io.EOF {
			return data, nil
		}
		if err != nil {
			return nil, err
		}
	}
}

func tooLarge(path string, size, limit int64) error {
	return &fs.PathError{Op: "read", Path: path, Err: fmt.Errorf("%w: it holds %s or more, over the limit of %s", ErrTooLarge, bytesText(size), bytesText(limit))}
}

// kind names what a file that is not regular is.
func kind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a folder"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "not a regular file (" + m.Type().String() + ")"
}

// bytesText writes a size for a person: bytes, KiB or MiB.
func bytesText(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// OpenAppend opens the regular file at path for appending, creating it with perm: a FIFO
// there would block the open until a reader comes, and a device would take the writes, so
// anything but a regular file is refused with an error wrapping ErrNotRegular.
func OpenAppend(path string, perm fs.FileMode) (*os.File, error) {
	f, err := openAppendNonblocking(path, perm)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if !st.Mode().IsRegular() {
		f.Close()
		return nil, &fs.PathError{Op: "open", Path: path, Err: fmt.Errorf("%w: it is %s", ErrNotRegular, kind(st.Mode()))}
	}
	return f, nil
}
