package personas

import (
	"fmt"
	"strings"

	"github.com/agentmgr/agentmgr/internal/regularfile"
)

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

// all reads every line; a line that is not an entry is passed over, and of two lines of one
// path the later stands.
func (t indexText) all() nameIndex {
	ix := nameIndex{Files: make(map[string]indexEntry, strings.Count(t.lines, "\n")), Folders: map[string]Stamp{}}
	// Read field by field rather than split: a split would allocate for each line.
	for line := range strings.SplitSeq(t.lines, "\n") {
		if name, path, st, ok := indexLine(line); ok {
			ix.add(name, path, st)
		}
	}
	return ix
}

// some reads every folder's line but only the files' lines keep keeps (given the name the
// line records, "" for a file that did not parse, and the path): what all reads, less the
// other files, and without parsing their stamps or allocating for them. It needs the file
// lines in increasing path order, as marshal writes them, so that no path has two lines of
// which keep keeps only one; ok is false when they are not, and then only all reads the file.
func (t indexText) some(keep func(name, path string) bool) (ix nameIndex, ok bool) {
	ix = nameIndex{Files: map[string]indexEntry{}, Folders: map[string]Stamp{}}
	prev, first := "", true
	for line := range strings.SplitSeq(t.lines, "\n") {
		name, path, ok := indexNamePath(line)
		switch {
		case !ok:
			continue
		case name != folderName:
			if !first && path <= prev {
				return nameIndex{}, false
			}
			prev, first = path, false
			if !keep(entryName(name), path) {
				continue
			}
		}
		if name, path, st, ok := indexLine(line); ok {
			ix.add(name, path, st)
		}
	}
	return ix, true
}

// add records one line of the index file: a folder's stamp, or a file's entry.
func (ix nameIndex) add(name, path string, st Stamp) {
	if name == folderName {
		ix.Folders[path] = st
		return
	}
	ix.Files[path] = indexEntry{Stamp: st, Name: entryName(name)}
}

// entryName is the persona name a file's line records: "" for "-", a file that did not parse.
func entryName(field string) string {
	if field == "-" {
		return ""
	}
	return field
}

// indexNamePath reads the name and path of one line of the index file, without its stamp;
// ok is false for a line that has too few fields to be an entry.
func indexNamePath(line string) (name, path string, ok bool) {
	for range 4 {
		if _, line, ok = strings.Cut(line, "\t"); !ok {
			return "", "", false
		}
	}
	name, path, ok = strings.Cut(line, "\t")
	return name, path, ok
}
