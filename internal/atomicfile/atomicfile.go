// Package atomicfile replaces files so that a reader, or a crash, sees the old content or the
// new, never a part, and so that two writers never lose each other's change. Every file
// agentmgr writes goes through it.
//
// The policy, in one place:
//   - A symlink is written through: the file it points to gets the new content and the link
//     stays a link. A backup (PATH.bak) is written beside the link, where the person keeps the
//     file, not beside a target that may be anywhere.
//   - A writer holds a lock on the folder of the file written (flock on the folder itself on
//     Unix, so no lock file is left among the person's files; a hidden .agentmgr-write.lock
//     elsewhere) from the moment it reads what is on disk to the rename, so a changed-on-disk
//     check and the write that follows it are one step for every other writer.
//   - Under that lock no other writer of the file is alive, so the temporary files of the
//     file found there are left by a killed writer and are removed.
package atomicfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/agentmgr/agentmgr/internal/filelock"
	"github.com/agentmgr/agentmgr/internal/regularfile"
)

// tempMarker sits between the hidden target name and the random suffix of a temporary file.
const tempMarker = ".tmp-"

// LockName is the lock file a writer holds, where a folder cannot be locked itself.
const LockName = ".agentmgr-write.lock"

// ErrChangedOnDisk is wrapped by the error of a write whose check found the file changed by
// someone else since it was read.
var ErrChangedOnDisk = errors.New("the file changed on disk since it was read; read it again and retry")

// Options say how Replace writes.
type Options struct {
	// Mode is the file's mode; 0 keeps the mode of the file replaced (0644 for a new file).
	Mode fs.FileMode
	// Check, when set, is called under the lock with what is on disk now (exists false for no
	// file); an error stops the write and is returned as is. It is where a caller compares the
	// file with what it read.
	Check func(onDisk []byte, exists bool) error
	// Backup keeps the replaced content in PATH.bak, beside the link when PATH is a symlink.
	Backup bool
	// BackupDir, when set, is where the backup goes instead (NAME.bak, NAME being PATH's base
	// name; the folder is made when missing), so that backups do not pile up beside the files
	// in a folder other programs read. There the last BackupKeep backups are kept (at least
	// one): NAME.bak the newest, then NAME.bak.1, NAME.bak.2, ...
	BackupDir  string
	BackupKeep int
}

// Write replaces path with data, mode mode, with no check and no backup (see Replace).
func Write(path string, data []byte, mode fs.FileMode) error {
	return Replace(path, data, Options{Mode: mode})
}

// Replace writes data to path: under the folder's lock it removes stale temporary files of
// the file, reads what is on disk for opts.Check, keeps a backup when asked, then writes a
// temporary file in the folder of the real file (hidden, so folder readers skip it), syncs
// it, renames it over the real file and syncs the folder so that the rename survives a crash.
// On failure the temporary file is removed and the file is untouched. The folder must exist.
func Replace(path string, data []byte, opts Options) error {
	target, err := resolve(path)
	if err != nil {
		return err
	}
	dir := filepath.Dir(target)
	unlock, err := filelock.LockDir(dir, LockName)
	if err != nil {
		return err
	}
	defer unlock()
	removeStale(target)
	var (
		onDisk []byte
		exists bool
	)
	if opts.Check != nil || opts.Backup { // a plain write need not read the old content
		// A FIFO or a device where the file should be would block or flood the read.
		onDisk, err = regularfile.Read(target, 1<<30)
		exists = err == nil
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("cannot read the file on disk: %w", err)
		}
	}
	if opts.Check != nil {
		if err := opts.Check(onDisk, exists); err != nil {
			return err
		}
	}
	mode := opts.Mode
	if mode == 0 {
		mode = 0o644
		if st, err := os.Stat(target); err == nil {
			mode = st.Mode().Perm()
		}
	}
	if opts.Backup && exists {
		// Only writers of path write its backup, and they all hold this lock.
		if err := backup(path, onDisk, mode, opts); err != nil {
			return fmt.Errorf("cannot keep a backup of the previous content: %w", err)
		}
	}
	return writeRename(target, data, mode)
}

// resolve is the file a symlink at path points to (followed to the end), or path itself when
// path is not a symlink or does not exist yet. A link whose target is missing is refused:
// writing would create a file the person did not name.
func resolve(path string) (string, error) {
	st, err := os.Lstat(path)
	if err != nil || st.Mode()&fs.ModeSymlink == 0 {
		return path, nil
	}
	target, err := filepath.EvalSymlinks(path)
	if err != nil {
		return "", fmt.Errorf("%s is a link to a file that cannot be reached: %w", path, err)
	}
	return target, nil
}

// removeStale deletes the temporary files of target left by writers that were killed. It runs
// under the folder's lock, which every writer takes before it creates a temporary file.
func removeStale(target string) {
	for _, m := range Temps(target) {
		os.Remove(m)
	}
}

func writeRename(target string, data []byte, mode fs.FileMode) (err error) {
	dir := filepath.Dir(target)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(target)+tempMarker+"*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if err = tmp.Chmod(mode); err != nil {
		return err
	}
	if _, err = tmp.Write(data); err != nil {
		return err
	}
	if err = tmp.Sync(); err != nil {
		return err
	}
	if err = tmp.Close(); err != nil {
		return err
	}
	if err = os.Rename(tmp.Name(), target); err != nil {
		return err
	}
	// Not every system can sync a folder; the rename has happened either way.
	_ = filelock.SyncDir(dir)
	return nil
}

// Temps are the temporary files a killed writer of path may have left behind. They are found
// by name, not by filepath.Glob: a file name holding '[', '*', '?' or '\' would be read as a
// pattern, and the temporary files of such a file never found (or another file's taken).
func Temps(path string) []string {
	dir, prefix := filepath.Dir(path), "."+filepath.Base(path)+tempMarker
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), prefix) {
			out = append(out, filepath.Join(dir, e.Name()))
		}
	}
	return out
}

// backup keeps data, the content path had, as opts say: PATH.bak, or NAME.bak in
// opts.BackupDir after moving the older ones down a generation.
//
// A backup never goes through a symbolic link: a link planted as PATH.bak, as the backups
// folder or as a folder on the way to it (a repository can ship .pi/agent-manager/backups ->
// ~/.ssh) would have the person's persona text written wherever it points. Such a link is
// refused, and the write with it.
func backup(path string, data []byte, mode fs.FileMode, opts Options) error {
	if opts.BackupDir == "" {
		bak := path + ".bak"
		if err := refuseLink(bak, "the backup file"); err != nil {
			return err
		}
		removeStale(bak)
		return writeRename(bak, data, mode)
	}
	if err := refuseLinksBelow(filepath.Dir(path), opts.BackupDir); err != nil {
		return err
	}
	if err := os.MkdirAll(opts.BackupDir, 0o755); err != nil {
		return err
	}
	newest := filepath.Join(opts.BackupDir, filepath.Base(path)+".bak")
	gen := func(i int) string {
		if i == 0 {
			return newest
		}
		return newest + "." + strconv.Itoa(i)
	}
	keep := max(opts.BackupKeep, 1)
	// The oldest kept goes, each other moves down one; a missing one is no matter.
	if err := os.Remove(gen(keep - 1)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	for i := keep - 2; i >= 0; i-- {
		if err := os.Rename(gen(i), gen(i+1)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	}
	removeStale(newest)
	return writeRename(newest, data, mode)
}

// refuseLink fails when path is a symbolic link; what names it for the error.
func refuseLink(path, what string) error {
	if st, err := os.Lstat(path); err == nil && st.Mode()&fs.ModeSymlink != 0 {
		return fmt.Errorf("%s %s is a symbolic link; no backup is written through a link (remove it to save)", what, path)
	}
	return nil
}

// refuseLinksBelow fails when a folder of dir below the folder it shares with the file's
// folder from (its backups folder and the folders on the way) is a symbolic link.
func refuseLinksBelow(from, dir string) error {
	from, dir = filepath.Clean(from), filepath.Clean(dir)
	base := dir
	for base != filepath.Dir(base) && !within(from, base) {
		base = filepath.Dir(base)
	}
	rel, err := filepath.Rel(base, dir)
	if err != nil || rel == "." {
		return nil
	}
	at := base
	for _, name := range strings.Split(rel, string(filepath.Separator)) {
		at = filepath.Join(at, name)
		if err := refuseLink(at, "the backups folder"); err != nil {
			return err
		}
	}
	return nil
}

// within reports whether path is dir or inside it.
func within(path, dir string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}
