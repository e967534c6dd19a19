package personas

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/agentmgr/agentmgr/internal/atomicfile"
	"github.com/agentmgr/agentmgr/internal/parallel"
	"github.com/agentmgr/agentmgr/locations"
)

// indexVersion changes when what a file's entry records would change (how a persona's name is
// found): an index of another version is ignored and rebuilt.
const indexVersion = 4

// nameIndex remembers, for every persona file read, the name it gave: a command about one
// persona (the gate, on every tool call of an agent) then parses only the files that can
// define that name, not every file of both folders. An entry is trusted only while the file's
// Stamp is the one recorded, and not Racy (changed so recently that another write could have
// left the same stamp); otherwise the file is parsed again. The catalog Cache tells a change
// by the same Stamp.
//
// On disk it is text (indextext.go), a line a folder's stamp and a line a file, the files
// grouped by folder and named within it; reading it is a split, not a JSON decode, and the
// gate reads only the lines it needs, since it reads the index on every call.
type nameIndex struct {
	Files map[string]indexEntry
	// Folders are the persona folders' stamps when every file in them was last listed and
	// stamped: while a folder keeps its stamp, no file was added to it, removed or renamed
	// (LoadIndexed).
	Folders map[string]Stamp
}

// folderName marks a folder's line in the index file; no persona name has a '/'.
const folderName = "/"

type indexEntry struct {
	Stamp
	Name string // the persona's name; "" when the file did not parse
}

const indexHeader = "agentmgr persona names"

// readIndex reads the whole index file; a missing, unreadable or foreign one reads as empty.
func readIndex(path string) nameIndex { return readIndexText(path).all() }

// LoadNamed is Load for commands about the personas names (case-insensitive): Lookup of each
// of them answers exactly as after Load, and so do the problems of files named like them, but
// files that the index says define other personas are not parsed. Other personas may be
// missing from the catalog, and other files' problems from Problems: list, lint and cycling
// need Load.
func LoadNamed(d locations.Dirs, names ...string) *Catalog { return loadNamed(d, false, names) }

// LoadIndexed is LoadNamed for the gate, which runs once per tool call: while a persona
// folder keeps the stamp the index recorded for it (no file added, removed or renamed in it
// since every file was last stamped), the folder is neither listed nor are its files stamped,
// except those that can define the names (named like one, or defining one as the index
// remembers); of the index, only those files' entries, the failed files' and other tools'
// are read, so that its time does not grow with the catalog. A file that is not such a file,
// edited in place to define one of the names, is seen once its folder changes (agentmgr's own
// writes, and most editors', replace the file, which changes the folder) or LoadNamed or Load
// runs.
func LoadIndexed(d locations.Dirs, names ...string) *Catalog { return loadNamed(d, true, names) }

// filesIn are the files the index lists in folder dir, in file-name order, as personaFiles
// lists them.
func (ix nameIndex) filesIn(dir string) []string {
	var out []string
	for p := range ix.Files {
		if filepath.Dir(p) == dir {
			out = append(out, p)
		}
	}
	slices.Sort(out)
	return out
}

// indexedFile is one persona file a named load looks at, with what the index knows of it.
type indexedFile struct {
	path  string
	scope Scope
	stat  indexEntry
	known bool // the index entry is current
	res   *fileResult
}

// namedLoad is one LoadNamed or LoadIndexed: the index as read and changed, the names wanted,
// and the files of both folders it looks at (every file, but of a folder read from part of the
// index, those the load needs).
type namedLoad struct {
	text indexText
	ix   nameIndex
	// partial is set while ix holds only the files' entries the names need, with every
	// folder's stamp (readIndex): a folder the index trusts needs no more. A folder it does
	// not trust, or a write of the index, first reads the rest (whole).
	partial bool
	// partialDirs are the folders whose files were taken from a partial index, with their
	// scopes: only the entries the names needed are in all.
	partialDirs map[string][]Scope
	changed     bool
	want        map[string]bool
	trust       bool // trust folders whose stamps the index recorded (LoadIndexed)
	now         time.Time
	all         []*indexedFile
}

func loadNamed(d locations.Dirs, trustFolders bool, names []string) *Catalog {
	l := &namedLoad{text: readIndexText(d.PersonaIndex()), want: map[string]bool{}, trust: trustFolders, now: time.Now()}
	for _, n := range names {
		l.want[strings.ToLower(n)] = true
	}
	l.readIndex()
	c := withBuiltins(d)
	if c.unusable(d) {
		return c
	}
	// Every file of both folders, with what the index knows of it. Files it does not know (or
	// knows at another size or time) are parsed first; a file named like a wanted persona
	// brings the name it defines into the wanted set, since a second file of that name in the
	// same scope is what its problem is about.
	var folderProbs [2][]Problem
	for k, sc := range []struct {
		dir   string
		scope Scope
	}{{d.GlobalAgents(), ScopeGlobal}, {d.ProjectAgents(), ScopeProject}} {
		if sc.dir == "" || sc.scope == ScopeProject && !c.projectTrust(d) {
			continue // an untrusted project's files are not even parsed here: Load lists them
		}
		folderProbs[k] = l.folder(sc.dir, sc.scope)
	}
	l.parse(func(f *indexedFile) bool { return !f.known })
	l.widen()
	l.parse(func(f *indexedFile) bool { return wanted(l.want, f.path, f.stat.Name) })
	l.unread(c)
	l.addScope(c, ScopeGlobal, folderProbs[0])
	c.loadLegacy(d.LegacyFile())
	l.addScope(c, ScopeProject, folderProbs[1])
	if l.changed {
		l.whole()
		// The index only saves work: a write that fails costs the next command a full parse.
		ixPath := d.PersonaIndex()
		if os.MkdirAll(filepath.Dir(ixPath), 0o755) == nil {
			_ = atomicfile.Write(ixPath, l.ix.marshal(), 0o644)
		}
	}
	return c
}

// folder adds the files of persona folder dir to the load, each with what the index knows of
// it, and returns the problem of a folder that cannot be read.
func (l *namedLoad) folder(dir string, scope Scope) []Problem {
	// The folder is stamped before it is listed: a file added meanwhile changes the stamp the
	// next command sees.
	dirStamp, dirOK := PathStamp(dir)
	dirOK = dirOK && !dirStamp.Racy(l.now)
	trusted := l.trust && dirOK && l.ix.Folders[dir] == dirStamp
	var files []string
	if trusted {
		files = l.ix.filesIn(dir)
		if l.partial {
			l.partialDirs[dir] = append(l.partialDirs[dir], scope)
		}
	} else {
		l.whole() // the files are listed, stamped and compared with every entry of the folder
		var err error
		if files, err = personaFiles(dir); err != nil {
			return []Problem{{File: dir, Severity: Error, Message: "cannot read the persona folder: " + unwrapPathError(err)}}
		}
	}
	// One allocation for the folder's files, not one a file: the gate does this on every call.
	slab := make([]indexedFile, len(files))
	fls := make([]*indexedFile, len(files))
	for i, f := range files {
		slab[i] = indexedFile{path: f, scope: scope}
		fls[i] = &slab[i]
	}
	allStamped := l.stamp(fls, trusted)
	if !trusted {
		// A folder with a file the index cannot name is listed on every call: trusted, the
		// index would stand for its files and leave that one unseen.
		indexable := !slices.ContainsFunc(files, func(f string) bool { return !baseOK(filepath.Base(f)) })
		l.recordFolder(dir, files, dirStamp, dirOK && allStamped && indexable)
	}
	l.all = append(l.all, fls...)
	return nil
}

// stamp stamps the files and tells which the index knows as they are; it reports whether
// every file stamped is a regular file. One stat a file is most of a warm lookup's time, so
// they are spread over the CPUs; in a trusted folder only the files that can define a wanted
// name are stamped.
func (l *namedLoad) stamp(fls []*indexedFile, trusted bool) bool {
	parallel.For(len(fls), func(i int) {
		fl := fls[i]
		if trusted && !wanted(l.want, fl.path, l.ix.Files[fl.path].Name) {
			fl.stat, fl.known = l.ix.Files[fl.path], true
			return
		}
		if st, ok := StampOf(fl.path); ok {
			fl.stat = indexEntry{Stamp: st}
		}
	})
	allStamped := true
	for _, fl := range fls {
		if fl.known {
			continue
		}
		if fl.stat == (indexEntry{}) {
			allStamped = false
			continue // not a regular file: parsed every time, as Load does
		}
		e, ok := l.ix.Files[fl.path]
		fl.known = ok && e.Stamp == fl.stat.Stamp && !fl.stat.Racy(l.now)
		fl.stat.Name = e.Name
	}
	return allStamped
}

// recordFolder records the stamp of folder dir, listed in full as files, when it can be
// trusted later (trustable: not racy, every file regular and so indexed), and drops the files
// gone from it.
func (l *namedLoad) recordFolder(dir string, files []string, stamp Stamp, trustable bool) {
	if rec, had := l.ix.Folders[dir]; trustable && (!had || rec != stamp) {
		l.ix.Folders[dir], l.changed = stamp, true
	} else if had && !trustable {
		delete(l.ix.Folders, dir)
		l.changed = true
	}
	listed := make(map[string]bool, len(files))
	for _, f := range files {
		listed[f] = true
	}
	for p := range l.ix.Files {
		if !listed[p] && filepath.Dir(p) == dir {
			delete(l.ix.Files, p)
			l.changed = true
		}
	}
}

// parse parses the files pick picks that are not parsed yet, and records in the index the
// name each defines.
func (l *namedLoad) parse(pick func(*indexedFile) bool) {
	byScope := map[Scope][]*indexedFile{}
	for _, f := range l.all {
		if f.res == nil && pick(f) {
			byScope[f.scope] = append(byScope[f.scope], f)
		}
	}
	for scope, fs := range byScope {
		paths := make([]string, len(fs))
		for i, f := range fs {
			paths[i] = f.path
		}
		for i, res := range parseFiles(paths, scope) {
			f := fs[i]
			f.res = &res
			if f.stat.Stamp == (Stamp{}) {
				continue // not a regular file: never indexed
			}
			f.stat.Name = ""
			switch {
			case res.p != nil:
				f.stat.Name = res.p.Name
			case res.other:
				f.stat.Name = otherToolsFile
			}
			if l.ix.Files[f.path] != f.stat {
				l.ix.Files[f.path], l.changed = f.stat, true
			}
		}
	}
}

// unread tells c about the files left unread that the index knows as another tool's or as
// failed.
func (l *namedLoad) unread(c *Catalog) {
	for _, f := range l.all {
		switch {
		case f.res != nil || !f.known:
		case f.stat.Name == otherToolsFile:
			c.problems = append(c.problems, otherToolsNote(f.path))
		case f.stat.Name == "":
			c.failedUnread = append(c.failedUnread, f.path)
		}
	}
}

// addScope adds to c the folder's problems and the personas and problems of the files of
// scope that were parsed.
func (l *namedLoad) addScope(c *Catalog, scope Scope, folderProbs []Problem) {
	c.problems = append(c.problems, folderProbs...)
	for _, f := range l.all {
		if f.scope == scope && f.res != nil {
			c.problems = append(c.problems, f.res.probs...)
			if f.res.p != nil {
				c.add(f.res.p)
			}
		}
	}
}

// baseName is the persona name a file's name gives: without .md, lower-cased.
func baseName(path string) string {
	return strings.ToLower(strings.TrimSuffix(filepath.Base(path), ".md"))
}

// wanted reports whether the file at path can define one of the names want holds: it is named
// like one, or the index remembers it defining one.
func wanted(want map[string]bool, path, indexed string) bool {
	return want[baseName(path)] || indexed != "" && want[indexed]
}

// otherToolsFile is the index's name for a file of another tool sharing the folder (no persona
// name can be it), so that it is neither read again nor counted as failed.
const otherToolsFile = "+other"

func otherToolsNote(path string) Problem {
	return Problem{File: path, Severity: Info, Message: "a pi-subagents agent file (pi-subagents' fields, no permissions): not a persona, skipped"}
}
