package personas

import (
	"cmp"
	"maps"
	"path/filepath"
	"slices"
	"strings"
)

// readIndex reads of the index what the load needs. LoadNamed lists and stamps every file,
// and needs every entry; LoadIndexed, in a folder whose stamp the index recorded, needs only
// the entries of the files that can define the names and of those unread reports, so it
// reads only those (indexText.some) and the gate's time does not grow with the catalog.
func (l *namedLoad) readIndex() {
	if l.trust {
		if l.ix, l.partial = l.text.some(l.needs); l.partial {
			l.partialDirs = map[string][]Scope{}
			return
		}
	}
	l.ix = l.text.all()
}

// needs reports whether a load in a folder the index trusts needs the entry of file base of
// folder dir: the file can define a wanted name, or it did not parse, or it is another
// tool's (unread).
func (l *namedLoad) needs(name, _, base string) bool {
	return name == "" || name == otherToolsFile || wanted(l.want, base, name)
}

// whole reads the rest of the index when only part of it was read, keeping the entries read
// and changed so far; the files of the folders already taken from the partial index stay
// as they are.
func (l *namedLoad) whole() {
	if !l.partial {
		return
	}
	ix := l.text.all()
	maps.Copy(ix.Files, l.ix.Files)
	maps.Copy(ix.Folders, l.ix.Folders)
	l.ix, l.partial = ix, false
}

// widen adds to the wanted names those that the files named like one of them define, since a
// second file of such a name in the same scope is what the first file's problem is about. It
// widens once, from the names asked for: a file named like a name added does not add the
// name it defines. The files of a folder taken from a partial index that can define a name
// added join the load, known as the index records them, in their place in file-name order.
func (l *namedLoad) widen() {
	added := map[string]bool{}
	for _, f := range l.all {
		if l.want[baseName(f.path)] && f.stat.Name != "" && !l.want[f.stat.Name] {
			added[f.stat.Name] = true
		}
	}
	maps.Copy(l.want, added)
	if len(added) == 0 || len(l.partialDirs) == 0 {
		return
	}
	type scopedPath struct {
		scope Scope
		path  string
	}
	in := make(map[scopedPath]bool, len(l.all))
	for _, f := range l.all {
		in[scopedPath{f.scope, f.path}] = true
	}
	more, _ := l.text.some(func(name, dir, base string) bool {
		_, partial := l.partialDirs[dir]
		return partial && wanted(added, base, name)
	})
	for path, e := range more.Files {
		if _, had := l.ix.Files[path]; !had {
			l.ix.Files[path] = e
		}
		// Both scopes, when the project's folder is the global one.
		for _, scope := range l.partialDirs[filepath.Dir(path)] {
			if !in[scopedPath{scope, path}] {
				l.all = append(l.all, &indexedFile{path: path, scope: scope, stat: l.ix.Files[path], known: true})
			}
		}
	}
	slices.SortStableFunc(l.all, func(a, b *indexedFile) int {
		return cmp.Or(cmp.Compare(a.scope, b.scope), strings.Compare(a.path, b.path))
	})
}
