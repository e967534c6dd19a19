package personas

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/agentmgr/agentmgr/internal/testfiles"
	"github.com/agentmgr/agentmgr/locations"
)

// lookupAnswer is what a command about name sees: the persona found (file and scope) and the
// problems of files named like it.
func lookupAnswer(c *Catalog, name string) string {
	var b strings.Builder
	if p, ok := c.Lookup(name); ok {
		fmt.Fprintf(&b, "%s %s %s|", p.Name, p.Path, p.Scope)
	} else {
		b.WriteString("none|")
	}
	var probs []string
	for _, pr := range c.Problems() {
		base := strings.TrimSuffix(filepath.Base(pr.File), ".md")
		if strings.EqualFold(base, name) || strings.Contains(pr.Message, " "+strings.ToLower(name)+" ") {
			probs = append(probs, pr.Error())
		}
	}
	slices.Sort(probs)
	b.WriteString(strings.Join(probs, "|"))
	return b.String()
}

// LoadNamed answers every lookup exactly as Load does: shadowing across scopes, a second file
// of a name in one scope, a name field that differs from the file name, broken files, the
// legacy list; with no index, with a warm index, and after files change under it.
func TestLoadNamedAnswersAsLoad(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	d := locations.Dirs{Agent: filepath.Join(root, "agent"), Project: filepath.Join(root, "proj", ".pi")}
	writeFiles(t, root, map[string]string{
		"agent/agents/reviewer.md":    persona("global reviewer"),
		"agent/agents/a.md":           "---\nname: twin\ndescription: first twin\npermissions: read\n---\nx\n",
		"agent/agents/b.md":           "---\nname: twin\ndescription: second twin\npermissions: read\n---\nx\n",
		"agent/agents/broken.md":      "---\ndescription: [unclosed\n---\n",
		"agent/agents/planner.md":     persona("my planner"),
		"agent/agents/renamed.md":     "---\nname: Writer\ndescription: w\npermissions: read\n---\nx\n",
		"proj/.pi/agents/reviewer.md": persona("project reviewer"),
		"proj/.pi/agents/fixme.md":    "not a persona\n",
		"agent/pi-agent-manager.json": `{"agents":[{"name":"legacy","description":"old","permissions":["read"]}]}`,
	})
	for i := range 40 {
		writeFiles(t, root, map[string]string{fmt.Sprintf("agent/agents/p%02d.md", i): persona(fmt.Sprintf("filler %d", i))})
	}
	names := []string{"reviewer", "twin", "broken", "planner", "builder", "writer", "renamed", "fixme", "legacy", "p07", "nobody", "REVIEWER"}
	check := func(stage string) {
		t.Helper()
		full := Load(d)
		for _, n := range names {
			if got, want := lookupAnswer(LoadNamed(d, n), n), lookupAnswer(full, n); got != want {
				t.Errorf("%s: LoadNamed(%s) =\n  %s\nwant (Load)\n  %s", stage, n, got, want)
			}
		}
	}
	check("no index")
	if _, err := os.Stat(d.PersonaIndex()); err != nil {
		t.Fatalf("no index written: %v", err)
	}
	check("warm index")
	// Files change under the index: a name moves to another file, a broken file is fixed, a
	// file goes away. Sizes change too, but the modification time alone must be enough.
	writeFiles(t, root, map[string]string{
		"agent/agents/p07.md":    "---\nname: twin\ndescription: now a twin too\npermissions: read\n---\nx\n",
		"agent/agents/broken.md": persona("fixed"),
	})
	os.Remove(filepath.Join(root, "agent/agents/a.md"))
	check("after changes")
	check("after changes, warm")
}

// With a warm index, a lookup parses only the files that can define the name.
func TestLoadNamedSkipsOtherFiles(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	d := locations.Dirs{Agent: filepath.Join(root, "agent")}
	for i := range 20 {
		writeFiles(t, root, map[string]string{fmt.Sprintf("agent/agents/p%02d.md", i): persona(fmt.Sprintf("filler %d", i))})
	}
	settle(t, filepath.Join(root, "agent/agents"))
	LoadNamed(d, "p03")
	// A file the index knows as another persona is not read: only p03 is in the catalog.
	c := LoadNamed(d, "p03")
	if _, ok := c.Lookup("p03"); !ok {
		t.Fatal("p03 not found")
	}
	if len(c.Personas()) != 2+1 {
		t.Errorf("%d personas loaded, want the two built-ins and p03", len(c.Personas()))
	}
}

func TestLoadNamedRemembersFailedFilesWithoutReadingThem(t *testing.T) {
	t.Parallel()
	root, d := agentFiles(t, map[string]string{
		"agent/agents/p03.md": persona("wanted"),
		"agent/agents/bad.md": "---\ndescription: x\npermissions:\n  bash: block\n---\n",
	})
	bad := filepath.Join(root, "agent/agents/bad.md")
	settle(t, filepath.Join(root, "agent/agents"))
	for _, run := range []string{"cold", "warm index"} {
		c := LoadNamed(d, "p03")
		if got := c.FailedFiles(); !slices.Equal(got, []string{bad}) {
			t.Errorf("%s: FailedFiles() = %v, want [%s]", run, got, bad)
		}
		if run == "warm index" {
			for _, pr := range c.Problems() {
				if pr.File == bad {
					t.Errorf("warm index: the failed file was parsed again: %v", pr)
				}
			}
		}
	}
}

// settle sets the modification time of every file in dir an hour back, so that their stamps
// are no longer Racy and the index trusts them, as it does a file not written just now.
func settle(t *testing.T, dir string) {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	past := time.Now().Add(-time.Hour)
	for _, e := range ents {
		if err := os.Chtimes(filepath.Join(dir, e.Name()), past, past); err != nil {
			t.Fatal(err)
		}
	}
}

// A file rewritten in place with the same size and its modification time set back (cp -p,
// rsync -t) is not trusted from the index: it defines another name now, and a command about
// that name finds it.
func TestLoadNamedSeesAChangeThatKeepsSizeAndTime(t *testing.T) {
	t.Parallel()
	root, d := agentFiles(t, map[string]string{"agent/agents/a.md": "---\nname: alpha\ndescription: x\npermissions: read\n---\n"})
	settle(t, filepath.Join(root, "agent/agents"))
	if _, ok := LoadNamed(d, "alpha").Lookup("alpha"); !ok {
		t.Fatal("alpha not found")
	}
	f := filepath.Join(root, "agent/agents/a.md")
	rewriteKeepingStamp(t, f, "---\nname: bravo\ndescription: x\npermissions: read\n---\n")
	if _, ok := LoadNamed(d, "bravo").Lookup("bravo"); !ok {
		t.Error("after a rewrite of the same size and time, bravo is not found: the index was trusted")
	}
}

// rewriteKeepingStamp writes content (of the file's size) over path in place and sets its
// modification time back to what it was.
func rewriteKeepingStamp(t *testing.T, path, content string) {
	t.Helper()
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if int64(len(content)) != st.Size() {
		t.Fatalf("the new content has %d bytes, the file %d", len(content), st.Size())
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(path, st.ModTime(), st.ModTime()); err != nil {
		t.Fatal(err)
	}
	if now, _ := os.Stat(path); now.Size() != st.Size() || !now.ModTime().Equal(st.ModTime()) {
		t.Fatal("the rewrite changed the size or the modification time")
	}
}

// Whatever the index file holds, reading it never fails, and what it reads is written and
// read back the same.
func FuzzReadIndex(f *testing.F) {
	f.Add([]byte("agentmgr persona names 2\n12\t34\t56\t78\tplanner\t/a/b.md\n1\t2\t3\t4\t-\t/x\ty.md\n"))
	f.Add([]byte("agentmgr persona names 1\n12\t34\tplanner\t/a/b.md\n"))
	f.Add([]byte("agentmgr persona names 2\n-1\t2\t3\t4\t+other\t\n"))
	f.Add([]byte("agentmgr persona names 3\n12\t34\t56\t78\tplanner\t/a/b.md\n5\t6\t7\t8\t/\t/a\n"))
	f.Add([]byte("agentmgr persona names 4\n5\t6\t7\t8\t/\t/a\nin\t/a\n12\t34\t56\t78\tplanner\tb.md\n1\t2\t3\t4\t-\tc\td.md\nin\t/\n1\t2\t3\t4\t+other\tx.md\n"))
	f.Add([]byte("agentmgr persona names 4\nin\t/a/\n1\t2\t3\t4\tp\tb.md\nin\t.\n1\t2\t3\t4\tp\tb.md\nin\t/a\n1\t2\t3\t4\tp\tb.md\n1\t2\t3\t4\tp\tb.md\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(t.TempDir(), "index")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		ix := readIndex(path)
		if err := os.WriteFile(path, ix.marshal(), 0o644); err != nil {
			t.Fatal(err)
		}
		if again := readIndex(path); !reflect.DeepEqual(again, ix) {
			t.Errorf("read %+v, written and read back %+v", ix, again)
		}
	})
}

// LoadIndexed answers as Load while the persona folders keep their stamps, without stamping
// the files that cannot define the names; a file added, removed or renamed changes the folder
// and is seen at once.
func TestLoadIndexedAnswersAsLoad(t *testing.T) {
	t.Parallel()
	root, d := agentFiles(t, map[string]string{
		"agent/agents/reviewer.md": persona("global reviewer"),
		"agent/agents/a.md":        "---\nname: twin\ndescription: first twin\npermissions: read\n---\nx\n",
		"agent/agents/broken.md":   "---\ndescription: [unclosed\n---\n",
		// renamed.md defines writer, which a-writer.md defined first: its problem needs a
		// file the name renamed does not name.
		"agent/agents/renamed.md":  "---\nname: writer\ndescription: w\npermissions: read\n---\nx\n",
		"agent/agents/a-writer.md": "---\nname: writer\ndescription: first writer\npermissions: read\n---\nx\n",
	})
	for i := range 20 {
		writeFiles(t, root, map[string]string{fmt.Sprintf("agent/agents/p%02d.md", i): persona(fmt.Sprintf("filler %d", i))})
	}
	names := []string{"reviewer", "twin", "broken", "p07", "newcomer", "planner", "renamed", "writer"}
	check := func(stage string) {
		t.Helper()
		testfiles.Settle(t, filepath.Join(root, "agent"))
		LoadNamed(d, "planner") // stamps the folder into the index
		full := Load(d)
		for _, n := range names {
			if got, want := lookupAnswer(LoadIndexed(d, n), n), lookupAnswer(full, n); got != want {
				t.Errorf("%s: LoadIndexed(%s) =\n  %s\nwant (Load)\n  %s", stage, n, got, want)
			}
		}
		indexStaysWhole(t, d, stage)
	}
	check("warm index")
	writeFiles(t, root, map[string]string{"agent/agents/zz.md": "---\nname: newcomer\ndescription: n\npermissions: read\n---\nx\n"})
	check("a file added")
	os.Remove(filepath.Join(root, "agent/agents/a.md"))
	check("a file removed")
	if err := os.Rename(filepath.Join(root, "agent/agents/p07.md"), filepath.Join(root, "agent/agents/twin.md")); err != nil {
		t.Fatal(err)
	}
	check("a file renamed")
	writeFiles(t, root, map[string]string{"agent/agents/reviewer.md": persona("edited in place")})
	check("the wanted file edited in place")
}

// In a folder the index trusts, LoadIndexed stamps only the files that can define the name:
// a file edited in place to define it is not seen until the folder changes. This is the
// bound LoadIndexed trades for a gate that does not stamp the whole catalog on every call.
func TestLoadIndexedTrustsAnUnchangedFolder(t *testing.T) {
	t.Parallel()
	root, d := agentFiles(t, map[string]string{"agent/agents/a.md": "---\nname: alpha\ndescription: x\npermissions: read\n---\n"})
	testfiles.Settle(t, filepath.Join(root, "agent"))
	LoadNamed(d, "alpha")
	rewriteKeepingStamp(t, filepath.Join(root, "agent/agents/a.md"), "---\nname: bravo\ndescription: x\npermissions: read\n---\n")
	if _, ok := LoadIndexed(d, "bravo").Lookup("bravo"); ok {
		t.Error("bravo found: the unchanged folder's other files were stamped")
	}
	writeFiles(t, root, map[string]string{"agent/agents/other.md": persona("o")})
	if _, ok := LoadIndexed(d, "bravo").Lookup("bravo"); !ok {
		t.Error("after a file was added to the folder, bravo is not found")
	}
}

// LoadIndexed takes the folder the index trusts from part of the index, and lists and stamps
// the other (here the project's, a file added) against the whole index: it answers as Load,
// and the index it writes has every file's entry, as LoadNamed would write it.
func TestLoadIndexedWithOneFolderChanged(t *testing.T) {
	root := t.TempDir()
	d := locations.Dirs{Agent: filepath.Join(root, "agent"), Project: filepath.Join(root, "proj", ".pi")}
	files := map[string]string{
		"agent/agents/reviewer.md":     persona("global reviewer"),
		"agent/agents/renamed.md":      "---\nname: writer\ndescription: w\npermissions: read\n---\nx\n",
		"agent/agents/a-writer.md":     "---\nname: writer\ndescription: first writer\npermissions: read\n---\nx\n",
		"agent/agents/broken.md":       "---\ndescription: [unclosed\n---\n",
		"proj/.pi/agents/helper.md":    persona("project helper"),
		"proj/.pi/agents/reviewer2.md": persona("project reviewer", "name: helper"),
	}
	for i := range 20 {
		files[fmt.Sprintf("agent/agents/p%02d.md", i)] = persona(fmt.Sprintf("filler %d", i))
	}
	writeFiles(t, root, files)
	names := []string{"reviewer", "renamed", "helper", "broken", "p07", "newcomer"}
	for _, n := range names {
		writeFiles(t, root, map[string]string{"proj/.pi/agents/newcomer.md": persona("new " + n)})
		testfiles.Settle(t, root)
		trustProject(t, d)
		LoadNamed(d, "planner") // stamps both folders into the index
		writeFiles(t, root, map[string]string{"proj/.pi/agents/added.md": persona("added")})
		testfiles.Settle(t, filepath.Join(root, "proj"))
		trustProject(t, d)
		full := Load(d)
		if got, want := lookupAnswer(LoadIndexed(d, n), n), lookupAnswer(full, n); got != want {
			t.Errorf("LoadIndexed(%s) =\n  %s\nwant (Load)\n  %s", n, got, want)
		}
		indexStaysWhole(t, d, "LoadIndexed("+n+")")
		if err := os.Remove(filepath.Join(root, "proj/.pi/agents/added.md")); err != nil {
			t.Fatal(err)
		}
	}
}

// indexStaysWhole checks that the index LoadIndexed left (after stage) has every file's entry
// as it is: LoadNamed, which lists and stamps every file, finds nothing to change in it.
func indexStaysWhole(t *testing.T, d locations.Dirs, stage string) {
	t.Helper()
	written, err := os.ReadFile(d.PersonaIndex())
	if err != nil {
		t.Fatal(err)
	}
	LoadNamed(d, "planner")
	if again, _ := os.ReadFile(d.PersonaIndex()); string(again) != string(written) {
		t.Errorf("%s: LoadNamed changed the index LoadIndexed left from\n%s\nto\n%s", stage, written, again)
	}
}

// A wanted file edited in place, in a folder the index trusts, is parsed again, and the index
// LoadIndexed writes for it keeps every other file's entry, though it read only part of it.
func TestLoadIndexedWritesTheWholeIndex(t *testing.T) {
	t.Parallel()
	files := map[string]string{"agent/agents/reviewer.md": persona("global reviewer"), "agent/agents/bad.md": "not a persona\n"}
	for i := range 20 {
		files[fmt.Sprintf("agent/agents/p%02d.md", i)] = persona(fmt.Sprintf("filler %d", i))
	}
	root, d := agentFiles(t, files)
	testfiles.Settle(t, root)
	LoadNamed(d, "planner")
	reviewer := filepath.Join(root, "agent/agents/reviewer.md")
	if err := os.WriteFile(reviewer, []byte(persona("edited in place", "name: critic")), 0o644); err != nil {
		t.Fatal(err)
	}
	past := time.Now().Add(-time.Hour)
	if err := os.Chtimes(reviewer, past, past); err != nil { // the file settled, its folder as it was
		t.Fatal(err)
	}
	before, _ := os.ReadFile(d.PersonaIndex())
	if p, ok := LoadIndexed(d, "reviewer").Lookup("critic"); !ok || p.Description != "edited in place" {
		t.Fatal("the file edited in place was not parsed again")
	}
	if after, _ := os.ReadFile(d.PersonaIndex()); string(after) == string(before) {
		t.Fatal("LoadIndexed did not record the file edited in place")
	}
	indexStaysWhole(t, d, "LoadIndexed(reviewer)")
}

// A project folder that is the global one (the agent dir set to the project's) is loaded in
// both scopes by LoadIndexed as by Load, the files a name brings along too.
func TestLoadIndexedWithTheProjectFolderTheGlobalOne(t *testing.T) {
	root := t.TempDir()
	pi := filepath.Join(root, "proj", ".pi")
	d := locations.Dirs{Agent: pi, Project: pi}
	writeFiles(t, root, map[string]string{
		"proj/.pi/agents/reviewer.md": persona("reviewer"),
		"proj/.pi/agents/renamed.md":  "---\nname: writer\ndescription: w\npermissions: read\n---\nx\n",
		"proj/.pi/agents/a-writer.md": "---\nname: writer\ndescription: first writer\npermissions: read\n---\nx\n",
	})
	testfiles.Settle(t, root)
	trustProject(t, d)
	LoadNamed(d, "planner")
	full := Load(d)
	for _, n := range []string{"reviewer", "renamed", "writer"} {
		if got, want := lookupAnswer(LoadIndexed(d, n), n), lookupAnswer(full, n); got != want {
			t.Errorf("LoadIndexed(%s) =\n  %s\nwant (Load)\n  %s", n, got, want)
		}
	}
}

// A file name may hold a newline (and tabs), which the index's lines cannot: such a file is
// left out of the index and its folder is not trusted, so LoadIndexed lists and parses it as
// Load does, and the name cannot forge another file's line (here one saying alpha's file
// defines hidden).
func TestLoadIndexedSeesAFileNamedWithANewline(t *testing.T) {
	t.Parallel()
	forged := "x\n1\t1\t1\t1\thidden\ta.md"
	root, d := agentFiles(t, map[string]string{
		"agent/agents/a.md":              "---\nname: alpha\ndescription: x\npermissions: read\n---\n",
		"agent/agents/" + forged + ".md": "---\nname: hidden\ndescription: h\npermissions: read\n---\n",
	})
	testfiles.Settle(t, filepath.Join(root, "agent"))
	for _, stage := range []string{"cold index", "warm index"} {
		LoadNamed(d, "planner")
		full := Load(d)
		for _, n := range []string{"hidden", "alpha"} {
			if got, want := lookupAnswer(LoadIndexed(d, n), n), lookupAnswer(full, n); got != want {
				t.Errorf("%s: LoadIndexed(%s) =\n  %s\nwant (Load)\n  %s", stage, n, got, want)
			}
		}
	}
	data, err := os.ReadFile(d.PersonaIndex())
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(data), "hidden") {
		t.Errorf("the index records the newline file's name or a line forged by it:\n%s", data)
	}
}
