package reviewlog

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"time"
)

// Filter selects entries; empty fields match everything.
type Filter struct {
	Session string
	Agent   string
	Tool    string
	Action  string // allow, ask or deny
	Event   string // EventDecision or EventReply
	Since   time.Time
}

// Match reports whether e passes the filter.
func (f Filter) Match(e Entry) bool {
	return (f.Session == "" || e.Session == f.Session) &&
		(f.Agent == "" || e.Agent == f.Agent) &&
		(f.Tool == "" || e.Tool == f.Tool) &&
		(f.Action == "" || e.Action == f.Action) &&
		(f.Event == "" || e.Event == f.Event) &&
		(f.Since.IsZero() || !e.Time.Before(f.Since))
}

// maxLine bounds one line of the log; a longer one is reported and skipped.
const maxLine = 1 << 20

// Read returns the entries of the log at path that match f, oldest first: the rotated files
// from the oldest, then the current one. A missing log has no entries. Lines that are not
// entries are skipped, and reported in the error as "file:line: why" next to the entries.
func Read(path string, f Filter) ([]Entry, error) {
	out := []Entry{}
	var errs []error
	// Under the writers' lock no rotation can rename a file between listing and reading it.
	unlock := lockIfPresent(path)
	defer unlock()
	for _, p := range files(path) {
		data, err := os.ReadFile(p)
		if errors.Is(err, fs.ErrNotExist) {
			continue // rotated away while we read
		}
		if err != nil {
			errs = append(errs, err)
			continue
		}
		s := lineScanner{file: p}
		s.feed(data, true, func(e Entry) error {
			if f.Match(e) {
				out = append(out, e)
			}
			return nil
		}, func(err error) { errs = append(errs, err) })
	}
	return out, errors.Join(errs...)
}

// files lists the log's files, oldest first: the kept file, path.N down to path.1, then path.
func files(path string) []string {
	var rotated []string
	for n := 1; ; n++ {
		p := generation(path, n)
		if _, err := os.Stat(p); err != nil {
			break
		}
		rotated = append(rotated, p)
	}
	out := make([]string, 0, len(rotated)+2)
	if _, err := os.Stat(keptPath(path)); err == nil {
		out = append(out, keptPath(path))
	}
	for i := len(rotated) - 1; i >= 0; i-- {
		out = append(out, rotated[i])
	}
	return append(out, path)
}

// lineScanner cuts a file's bytes into lines, keeping an unfinished last line for later.
type lineScanner struct {
	file    string
	line    int
	partial []byte
}

// feed reads the complete lines of data (and of the partial line before it); with final, an
// unfinished last line is read too. It stops at the first error of emit.
func (s *lineScanner) feed(data []byte, final bool, emit func(Entry) error, bad func(error)) error {
	if len(s.partial) > 0 {
		data = append(s.partial, data...)
		s.partial = nil
	}
	for len(data) > 0 {
		i := bytes.IndexByte(data, '\n')
		if i < 0 && !final {
			if len(data) > maxLine {
				s.line++
				bad(fmt.Errorf("%s:%d: line longer than %d bytes, skipped", s.file, s.line, maxLine))
				return nil
			}
			s.partial = append([]byte(nil), data...)
			return nil
		}
		line := data
		if i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		s.line++
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		e, err := ParseLine(line)
		if err != nil {
			bad(fmt.Errorf("%s:%d: %w", s.file, s.line, err))
			continue
		}
		if err := emit(e); err != nil {
			return err
		}
	}
	return nil
}

// FollowOptions tune Follow.
type FollowOptions struct {
	Filter  Filter
	Backlog bool // first emit what the log already holds, rotated files included
	Last    int  // with Backlog, emit only the last Last entries of it (0: all)
	// Poll is how often to look for new lines; 0 means 250ms.
	Poll time.Duration
	// OnBadLine is told about lines that are not entries; nil ignores them.
	OnBadLine func(error)
	// Ready, when set, is called once Follow has found its place in the log: every entry
	// appended after it returns is emitted. It lets a caller (and a test) wait for that
	// moment instead of guessing it with a sleep.
	Ready func()
}

// Follow emits entries as they are appended to the log at path, until ctx ends (it then
// returns nil) or emit fails (it returns that error). It keeps following across rotations:
// the rest of the rotated file is read before the new one.
func Follow(ctx context.Context, path string, opts FollowOptions, emit func(Entry) error) error {
	if opts.Poll <= 0 {
		opts.Poll = 250 * time.Millisecond
	}
	bad := opts.OnBadLine
	if bad == nil {
		bad = func(error) {}
	}
	filtered := func(e Entry) error {
		if opts.Filter.Match(e) {
			return emit(e)
		}
		return nil
	}
	fl := &follower{path: path}
	defer fl.close()
	var backlog []Entry
	if opts.Backlog {
		backlog = fl.backlog(opts.Filter, opts.Last, bad)
	} else {
		fl.openAtEnd()
	}
	if opts.Ready != nil {
		opts.Ready()
	}
	for _, e := range backlog {
		if err := emit(e); err != nil {
			return err
		}
	}
	tick := time.NewTicker(opts.Poll)
	defer tick.Stop()
	for {
		if err := fl.poll(filtered, bad); err != nil {
			return err
		}
		select {
		case <-ctx.Done():
			return nil
		case <-tick.C:
		}
	}
}

// follower reads the current log file as it grows, reopening it when it is rotated.
type follower struct {
	path string
	f    *os.File
	info os.FileInfo
	s    lineScanner
}

// backlog reads what the log holds, the rotated files first, and leaves the current file open
// where it stopped. It holds the writers' lock meanwhile, so that no rotation slips between
// the rotated files and the current one; the entries are emitted after it is released, since
// a slow reader must never hold up the agents that write the log.
func (fl *follower) backlog(f Filter, last int, bad func(error)) []Entry {
	var out []Entry
	keep := func(e Entry) error {
		if f.Match(e) {
			out = append(out, e)
			if last > 0 && len(out) >= 2*last {
				out = append(out[:0], out[len(out)-last:]...)
			}
		}
		return nil
	}
	unlock := lockIfPresent(fl.path)
	defer unlock()
	all := files(fl.path)
	for _, p := range all[:len(all)-1] {
		if data, err := os.ReadFile(p); err == nil {
			s := lineScanner{file: p}
			_ = s.feed(data, true, keep, bad)
		}
	}
	if fl.open() == nil {
		_ = fl.drain(keep, bad, false)
	}
	if last > 0 && len(out) > last {
		out = out[len(out)-last:]
	}
	return out
}

// openAtEnd opens the current file at its end, so that only new lines are read.
func (fl *follower) openAtEnd() {
	unlock := lockIfPresent(fl.path)
	defer unlock()
	if fl.open() == nil {
		if _, err := fl.f.Seek(0, io.SeekEnd); err != nil {
			fl.close()
		}
	}
}

func (fl *follower) open() error {
	f, err := os.Open(fl.path)
	if err != nil {
		return err
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return err
	}
	fl.f, fl.info, fl.s = f, info, lineScanner{file: fl.path}
	return nil
}

func (fl *follower) close() {
	if fl.f != nil {
		fl.f.Close()
		fl.f = nil
	}
}

// poll reads what was appended since the last poll, following a rotation or a truncation.
func (fl *follower) poll(emit func(Entry) error, bad func(error)) error {
	if fl.f == nil && fl.open() != nil {
		return nil // no log yet
	}
	if err := fl.drain(emit, bad, false); err != nil {
		return err
	}
	now, err := os.Stat(fl.path)
	switch {
	case err != nil:
		return nil // rotated, the new file not there yet
	case !os.SameFile(fl.info, now):
		// Rotated: the open file is now review.jsonl.1; finish it, then start the new one.
		if err := fl.drain(emit, bad, true); err != nil {
			return err
		}
		fl.close()
		if fl.open() != nil {
			return nil
		}
		return fl.drain(emit, bad, false)
	}
	if pos, err := fl.f.Seek(0, io.SeekCurrent); err == nil && now.Size() < pos {
		// Truncated in place (by a person): read it again from the start.
		_, _ = fl.f.Seek(0, io.SeekStart)
		fl.s = lineScanner{file: fl.path}
	}
	return nil
}

// drain reads the open file to its current end.
func (fl *follower) drain(emit func(Entry) error, bad func(error), final bool) error {
	buf := make([]byte, 64<<10)
	for {
		n, err := fl.f.Read(buf)
		if n > 0 {
			if ferr := fl.s.feed(buf[:n], false, emit, bad); ferr != nil {
				return ferr
			}
		}
		if err != nil {
			break
		}
	}
	if final {
		return fl.s.feed(nil, true, emit, bad)
	}
	return nil
}
