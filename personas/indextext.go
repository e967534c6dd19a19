package personas

import (
	"cmp"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/agentmgr/agentmgr/internal/regularfile"
)

// The index file is text: a version line, then a line for each folder whose stamp is
// recorded (its stamp, "/" and its path), then the files, folder by folder: a line "in" and
// the folder's path, then a line for each of its files (its stamp, the persona name it
// defines, "-" when it did not parse, and its name in the folder). A stamp is the size,
// modification and change times (Unix nanoseconds) and inode; fields are tab-separated.
// Folders come in path order, and a folder's files in name order, so that a path is never
// named twice (indexText.some relies on it). A file is named within its folder, not by its
// path, since the gate reads the index on every call: a line a persona file, where the
// folder's path would be most of the line.

// groupMark begins the line naming the folder of the lines after it.
const groupMark = "in\t"

// indexText is the name index file as read, its lines not yet parsed: a load reads all of
// them into a nameIndex (all), or, for the gate, only the entries it can use (some).
type indexText struct {
	// lines are the file's lines after its version line; "" when the file is missing,
	// unreadable or of another version, which reads as an empty index.
	lines string
}

func readIndexText(path string) indexText {
	data, err := regularfile.Read(path, regularfile.StateLimit)
	if err != nil {
		return indexText{}
	}
	header, rest, _ := strings.Cut(string(data), "\n")
	if header != fmt.Sprintf("%s %d", indexHeader, indexVersion) {
		return indexText{}
	}
	return indexText{lines: rest}
}

// indexLineFunc is given each entry line of the index: name is folderName for a folder's
// line (dir the folder, base ""), else the persona name a file's line records ("-" when
// the file did not parse), dir its folder and base its name in it; stamp is the line's four
// stamp fields, not parsed. It returns false to stop the reading.
type indexLineFunc func(name, dir, base, stamp string) bool

// scan calls each for every entry line, in file order. Lines that are not entries are passed
// over: a file's line outside a folder's group, or naming no file of it (a name with a
// separator, "." or ".."), and a group whose folder is not a clean path (its files' lines
// would not name the files its paths name).
func (t indexText) scan(each indexLineFunc) {
	dir := ""
	for line := range strings.SplitSeq(t.lines, "\n") {
		if g, ok := strings.CutPrefix(line, groupMark); ok {
			dir = ""
			if g != "" && filepath.Dir(joinBase(g, "x")) == g {
				dir = g
			}
			continue
		}
		f, ok := splitLine(line)
		switch {
		case !ok:
		case f.name == folderName:
			if !each(f.name, f.rest, "", f.stamp) {
				return
			}
		case dir != "" && baseOK(f.rest):
			if !each(f.name, dir, f.rest, f.stamp) {
				return
			}
		}
	}
}

// indexFields are one line's fields: its stamp's four, the name, and the rest of the line
// (a folder's path, or a file's name).
type indexFields struct{ stamp, name, rest string }

func splitLine(line string) (f indexFields, ok bool) {
	i := 0
	for range 4 {
		j := strings.IndexByte(line[i:], '\t')
		if j < 0 {
			return f, false
		}
		i += j + 1
	}
	f.stamp = line[:i-1]
	f.name, f.rest, ok = strings.Cut(line[i:], "\t")
	return f, ok
}

// baseOK reports whether base can be a file's name in its folder, and one a line of the
// index can hold: a name with a newline (which a cloned repository may give a file) would end
// its line early and could forge the next, so such a file is left out of the index.
func baseOK(base string) bool {
	if base == "" || base == "." || base == ".." {
		return false
	}
	for i := range len(base) {
		if os.IsPathSeparator(base[i]) || base[i] == '\n' || base[i] == '\r' {
			return false
		}
	}
	return true
}

// joinBase is the path of the file named base in folder dir, as filepath.Join makes it of a
// clean folder.
func joinBase(dir, base string) string {
	if os.IsPathSeparator(dir[len(dir)-1]) {
		return dir + base
	}
	return dir + string(filepath.Separator) + base
}

// parseStamp reads a line's four stamp fields; ok is false when they are not numbers.
func parseStamp(fields string) (st Stamp, ok bool) {
	var f [4]string
	for i := range 3 {
		f[i], fields, _ = strings.Cut(fields, "\t")
	}
	f[3] = fields
	size, err1 := strconv.ParseInt(f[0], 10, 64)
	mod, err2 := strconv.ParseInt(f[1], 10, 64)
	change, err3 := strconv.ParseInt(f[2], 10, 64)
	id, err4 := strconv.ParseUint(f[3], 10, 64)
	return Stamp{Size: size, Mod: mod, Change: change, ID: id}, err1 == nil && err2 == nil && err3 == nil && err4 == nil
}

// all reads every entry; of two lines of one path the later stands.
func (t indexText) all() nameIndex {
	ix := nameIndex{Files: make(map[string]indexEntry, strings.Count(t.lines, "\n")), Folders: map[string]Stamp{}}
	t.scan(func(name, dir, base, stamp string) bool {
		ix.add(name, dir, base, stamp)
		return true
	})
	return ix
}

// some reads every folder's line but only the files' lines keep keeps (given the name the
// line records, "" for a file that did not parse, its folder and its name in it): what all
// reads, less the other files, and without parsing their stamps or allocating for them. It
// needs the groups in folder order and each group's files in name order, as marshal writes
// them, so that no path has two lines of which keep keeps only one; ok is false when they
// are not, and then only all reads the file.
func (t indexText) some(keep func(name, dir, base string) bool) (ix nameIndex, ok bool) {
	ix = nameIndex{Files: map[string]indexEntry{}, Folders: map[string]Stamp{}}
	prevDir, prevBase := "", ""
	ok = true
	t.scan(func(name, dir, base, stamp string) bool {
		if name != folderName {
			if c := cmp.Or(strings.Compare(dir, prevDir), strings.Compare(base, prevBase)); c <= 0 {
				ok = false
				return false
			}
			prevDir, prevBase = dir, base
			if !keep(entryName(name), dir, base) {
				return true
			}
		}
		ix.add(name, dir, base, stamp)
		return true
	})
	if !ok {
		return nameIndex{}, false
	}
	return ix, true
}

// add records one entry line: a folder's stamp, or a file's entry; a line whose stamp is
// not one is passed over.
func (ix nameIndex) add(name, dir, base, stamp string) {
	st, ok := parseStamp(stamp)
	switch {
	case !ok:
	case name == folderName:
		ix.Folders[dir] = st
	default:
		ix.Files[joinBase(dir, base)] = indexEntry{Stamp: st, Name: entryName(name)}
	}
}

// entryName is the persona name a file's line records: "" for "-", a file that did not parse.
func entryName(field string) string {
	if field == "-" {
		return ""
	}
	return field
}

// marshal writes the index file. A file whose path is not its folder's and a name in it, as
// no persona folder's file is, is left out: the index is only a cache.
func (ix nameIndex) marshal() []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %d\n", indexHeader, indexVersion)
	for _, p := range slices.Sorted(maps.Keys(ix.Folders)) { // a stable file, whatever the map's order
		s := ix.Folders[p]
		fmt.Fprintf(&b, "%d\t%d\t%d\t%d\t%s\t%s\n", s.Size, s.Mod, s.Change, s.ID, folderName, p)
	}
	type file struct{ dir, base, path string }
	var files []file
	for p := range ix.Files {
		if dir, base := filepath.Dir(p), filepath.Base(p); baseOK(base) && joinBase(dir, base) == p {
			files = append(files, file{dir, base, p})
		}
	}
	slices.SortFunc(files, func(a, b file) int {
		return cmp.Or(strings.Compare(a.dir, b.dir), strings.Compare(a.base, b.base))
	})
	for i, f := range files {
		if i == 0 || f.dir != files[i-1].dir {
			b.WriteString(groupMark + f.dir + "\n")
		}
		e := ix.Files[f.path]
		name := e.Name
		if name == "" {
			name = "-"
		}
		fmt.Fprintf(&b, "%d\t%d\t%d\t%d\t%s\t%s\n", e.Size, e.Mod, e.Change, e.ID, name, f.base)
	}
	return []byte(b.String())
}
