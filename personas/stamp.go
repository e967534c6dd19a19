package personas

import (
	"crypto/sha256"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/agentmgr/agentmgr/internal/regularfile"
	"github.com/agentmgr/agentmgr/locations"
)

// Stamp is what tells, without reading it, whether a file changed since it was stamped: its
// size, modification and status-change times (Unix nanoseconds) and inode. A write in place
// changes the times, a file renamed into place (an atomic save) has a new inode, and a
// program that sets the modification time back (cp -p, rsync -t) still moves the change time.
// The times are as fine as the file system keeps them; see Racy for what is left.
type Stamp struct {
	Size   int64
	Mod    int64
	Change int64  // 0 where the system does not say
	ID     uint64 // 0 where the system does not say
}

// racyWindow is how long after a file's last modification its stamp is not trusted alone: a
// file system keeps times to a clock tick, so a second write of the same size within that tick
// leaves the same stamp. Linux keeps file times to a jiffy (10 ms at most), APFS and NTFS finer;
// the window is ten times the coarsest of those. On a file system with coarser times (FAT's two
// seconds) two writes of one size within one tick can still go unseen until the next change.
// A longer window would make every command parse the files just written, an import's thousand
// included, for that long.
const racyWindow = 100 * time.Millisecond

// StampOf stamps path, following links; ok is false when it is not a regular file.
func StampOf(path string) (s Stamp, ok bool) {
	st, err := os.Stat(path)
	if err != nil || !st.Mode().IsRegular() {
		return Stamp{}, false
	}
	return stampOf(st), true
}

func stampOf(st os.FileInfo) Stamp {
	s := Stamp{Size: st.Size(), Mod: st.ModTime().UnixNano()}
	s.ID, s.Change = fileIDs(st)
	return s
}

// Racy reports whether the file was modified so recently, seen at now, that another write
// within the same clock tick would leave the same stamp: such a stamp says nothing about the
// content (the catalog cache then reads the file, the name index parses it again). The
// modification time decides, not the change time: a program that sets it back moves the
// change time, which the stamp compares anyway.
func (s Stamp) Racy(now time.Time) bool {
	return now.UnixNano()-s.Mod < int64(racyWindow)
}

// Fingerprint names the state of every file a catalog of d is read from (the persona folders,
// their persona files as Load lists them, and the legacy file; with a project, the files its
// trust is decided from, locations.Dirs.TrustInputs, and its guards file, which the trust
// covers): it differs whenever one of them changed since an earlier Fingerprint. Each file
// adds its Stamp, and a file whose stamp is Racy adds a hash of its content too (persona files
// are small).
func Fingerprint(d locations.Dirs) string {
	now := time.Now()
	var b strings.Builder
	b.WriteString(d.Agent + "\x00" + d.Project + "\x00")
	for _, dir := range []string{d.GlobalAgents(), d.ProjectAgents()} {
		if dir == "" {
			continue
		}
		stamp(&b, dir, now)
		files, _ := personaFiles(dir)
		for _, f := range files {
			stamp(&b, f, now)
		}
	}
	stamp(&b, d.LegacyFile(), now)
	if d.Project != "" {
		// The project's trust is decided from these, and covers the guards file too.
		for _, f := range append(d.TrustInputs(), d.ProjectGuards()) {
			stamp(&b, f, now)
		}
	}
	return b.String()
}

// stamp writes path and what identifies its current content.
func stamp(b *strings.Builder, path string, now time.Time) {
	b.WriteString(path)
	if st, err := os.Stat(path); err == nil {
		s := stampOf(st)
		for _, n := range []int64{s.Size, s.Mod, s.Change, int64(s.ID)} {
			b.WriteByte(' ')
			b.WriteString(strconv.FormatInt(n, 10))
		}
		if st.Mode().IsRegular() && s.Racy(now) {
			if data, err := regularfile.Read(path, regularfile.PersonaLimit); err == nil {
				sum := sha256.Sum256(data)
				b.WriteByte(' ')
				b.Write(sum[:])
			}
		}
	}
	b.WriteByte('\x00')
}

// PathStamp stamps path whatever it is (a file, a folder), following links; ok is false when
// nothing is there. A folder's stamp changes when a file is added to it, removed from it or
// renamed in it, not when a file in it is written in place.
func PathStamp(path string) (s Stamp, ok bool) {
	st, err := os.Stat(path)
	if err != nil {
		return Stamp{}, false
	}
	return stampOf(st), true
}
