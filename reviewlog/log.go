package reviewlog

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"time"

	"github.com/agentmgr/agentmgr/approvals"
	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/internal/filelock"
	"github.com/agentmgr/agentmgr/internal/regularfile"
	"github.com/agentmgr/agentmgr/locations"
)

// Defaults of Options.
const (
	DefaultMaxSize = 10 << 20 // bytes of the current file before it is rotated
	DefaultKeep    = 3        // rotated files kept: review.jsonl.1 (newest) to review.jsonl.3
)

// Options tune a Log; zero fields take the defaults.
type Options struct {
	MaxSize int64 // rotate before a line would take the file past this many bytes
	Keep    int   // rotated generations to keep
}

// Log appends entries to a review log file. Several processes may append to one file at once:
// every append takes the folder's lock, so lines never interleave and rotation never loses
// one. It is safe for concurrent use.
type Log struct {
	path string
	opts Options
	now  func() time.Time

	mu  sync.Mutex
	err error // the last append error, for Recorder callers that cannot return one
}

var _ approvals.Recorder = (*Log)(nil)

// New returns the log at path; the file and its folder are created by the first append.
func New(path string, opts Options) *Log {
	if opts.MaxSize <= 0 {
		opts.MaxSize = DefaultMaxSize
	}
	if opts.Keep <= 0 {
		opts.Keep = DefaultKeep
	}
	return &Log{path: path, opts: opts, now: time.Now}
}

// Open returns the log of dirs with default options.
func Open(dirs locations.Dirs) *Log { return New(dirs.ReviewLog(), Options{}) }

// File is the path of the current log file.
func (l *Log) File() string { return l.path }

// Append writes e as one line, setting its time when it has none.
func (l *Log) Append(e Entry) error {
	if e.Time.IsZero() {
		e.Time = l.now().UTC()
	}
	line, err := json.Marshal(clipped(e))
	if err != nil {
		return fmt.Errorf("encoding a review log entry: %w", err)
	}
	line = append(line, '\n')
	l.mu.Lock()
	defer l.mu.Unlock()
	l.err = l.write(line)
	return l.err
}

func (l *Log) write(line []byte) error {
	dir := filepath.Dir(l.path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("creating the review log folder: %w", err)
	}
	unlock, err := filelock.Lock(lockPath(l.path))
	if err != nil {
		return fmt.Errorf("review log: %w", err)
	}
	defer unlock()
	if st, err := os.Stat(l.path); err == nil && st.Size() > 0 && st.Size()+int64(len(line)) > l.opts.MaxSize {
		if err := l.rotate(); err != nil {
			return fmt.Errorf("rotating the review log: %w", err)
		}
	}
	// A FIFO or a device put where the log goes must not block or swallow the gate's writes.
	f, err := regularfile.OpenAppend(l.path, 0o600)
	if err != nil {
		return fmt.Errorf("opening the review log: %w", err)
	}
	// The log shows every command and path the agent touched: keep it the owner's alone, even
	// when something else created the file.
	if st, err := f.Stat(); err == nil && st.Mode().Perm() != 0o600 {
		_ = f.Chmod(0o600)
	}
	if _, err := f.Write(line); err != nil {
		f.Close()
		return fmt.Errorf("writing the review log: %w", err)
	}
	return f.Close()
}

// lockPath is the lock file every writer of the log at path takes.
func lockPath(path string) string {
	return filepath.Join(filepath.Dir(path), "."+filepath.Base(path)+".lock")
}

// lockIfPresent takes the writers' lock when the log's folder exists; readers never create it.
func lockIfPresent(path string) func() {
	if _, err := os.Stat(filepath.Dir(path)); err != nil {
		return func() {}
	}
	unlock, err := filelock.Lock(lockPath(path))
	if err != nil {
		return func() {} // read without it: at worst a rotation shows a line twice or not at all
	}
	return unlock
}

// rotate shifts review.jsonl.N-1 to .N (dropping the oldest, whose sessions' newest entries
// go to the kept file) and the current file to .1.
func (l *Log) rotate() error {
	if err := l.keepFrom(generation(l.path, l.opts.Keep)); err != nil {
		return err
	}
	if err := os.Remove(generation(l.path, l.opts.Keep)); err != nil && !os.IsNotExist(err) {
		return err
	}
	for n := l.opts.Keep - 1; n >= 1; n-- {
		if err := os.Rename(generation(l.path, n), generation(l.path, n+1)); err != nil && !os.IsNotExist(err) {
			return err
		}
	}
	return os.Rename(l.path, generation(l.path, 1))
}

// generation is the name of the n-th rotated file, 0 being the current one.
func generation(path string, n int) string {
	if n == 0 {
		return path
	}
	return path + "." + strconv.Itoa(n)
}

// Err returns the error of the last append, nil when it succeeded.
func (l *Log) Err() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.err
}

// Decided logs a decision; it makes Log an approvals.Recorder. A failed append is kept for Err.
func (l *Log) Decided(call approvals.Call, d engine.Decision, req *approvals.Request) {
	_ = l.Append(DecisionEntry(l.now(), call, d, req))
}

// Resolved logs a resolution; it makes Log an approvals.Recorder.
func (l *Log) Resolved(req approvals.Request, res approvals.Resolution) {
	_ = l.Append(ReplyEntry(l.now(), req, res))
}
