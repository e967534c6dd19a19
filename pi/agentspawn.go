package pi

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/goccy/go-yaml"

	"github.com/agentmgr/agentmgr/locations"
)

// @tintinweb/pi-subagents (0.14.1) and its @gotgenes fork start a child as a session inside
// the parent's pi process through their Agent tool. The child loads the extensions pi
// discovers (the agent dir's extensions/, a trusted project's .pi/extensions/), and so
// agentmgr's, unless the call or the agent type's file says otherwise:
//   - `isolated: true` (the file's value wins over the call's): no extension at all;
//   - `extensions: false` or "none" (also spelled `inherit_extensions`): none;
//   - an `extensions` list: only the extensions it names (a bare name is a folder's or a
//     package's name, a path is loaded and named by its folder; "*" keeps all);
//   - `exclude_extensions`: never those named, whatever the list says.
// Agent files are <cwd>/.pi/agents/*.md, <cwd>/.agents/agents/*.md, then <agentDir>/agents/*.md
// (the first one found wins), named by their file name, matched in any case. A type with no
// file is one of the built-in types (general-purpose, Explore, Plan) or falls back to
// general-purpose, all of which load every extension.

// AgentCall is what agentmgr reads of an Agent call.
type AgentCall struct {
	Type     string `json:"subagent_type"`
	Isolated *bool  `json:"isolated"`
}

// AgentSpawnGating says why the child an Agent call (input) starts would not load agentmgr's
// extension, with what to do about it; "" when it loads it. cwd is the parent's working
// directory, where the extension looks for the project's agent files.
func AgentSpawnGating(dirs locations.Dirs, cwd string, input json.RawMessage) string {
	var in AgentCall
	_ = json.Unmarshal(input, &in) // a malformed call names no type: the defaults load everything
	mine := ours(dirs)
	if len(mine) == 0 {
		return "agentmgr's extension is not installed in the agent dir or the project, so the children of the Agent tool cannot load it; run `agentmgr pi install`"
	}
	f, ok := findAgentType(dirs.Agent, cwd, in.Type)
	if ok && f.isolated != nil {
		if *f.isolated {
			return fmt.Sprintf("the agent file %s sets `isolated: true`, so the child of subagent_type %q loads no extension, agentmgr's neither, and would run ungated: remove `isolated` from the file to gate it", f.path, in.Type)
		}
	} else if in.Isolated != nil && *in.Isolated {
		return fmt.Sprintf("this Agent call passes `isolated: true`, so its child (subagent_type %q) loads no extension, agentmgr's neither, and would run ungated: spawn it without `isolated`, or answer knowing that", in.Type)
	}
	if !ok {
		return ""
	}
	if why := f.loadsAgentmgr(); why != "" {
		return fmt.Sprintf("the agent file %s %s, so the child of subagent_type %q would run ungated: %s", f.path, why, in.Type, f.fix())
	}
	return ""
}

// agentType is what AgentSpawnGating reads of an Agent type's file.
type agentType struct {
	path     string
	isolated *bool
	// extensions: nil loads all; an empty list none; else the names and paths listed.
	extensions *[]string
	exclude    []string
}

// loadsAgentmgr says how the file keeps agentmgr's extension out, or "" when it loads it.
func (a agentType) loadsAgentmgr() string {
	switch {
	case a.excludes():
		return "names agentmgr in `exclude_extensions`"
	case !a.lists():
		if len(*a.extensions) == 0 {
			return "sets `extensions: false`"
		}
		return "lists its `extensions` without agentmgr's"
	}
	return ""
}

// excludes reports whether exclude_extensions names agentmgr's extension.
func (a agentType) excludes() bool {
	for _, x := range a.exclude {
		if strings.EqualFold(strings.TrimSpace(x), DirName) {
			return true
		}
	}
	return false
}

// lists reports whether the extensions field lets agentmgr's extension load: absent, "*", or
// naming it.
func (a agentType) lists() bool {
	if a.extensions == nil {
		return true
	}
	for _, e := range *a.extensions {
		if e == "*" || strings.EqualFold(extensionName(e), DirName) {
			return true
		}
	}
	return false
}

// fix says what to change in the file for its children to load agentmgr's extension.
func (a agentType) fix() string {
	var steps []string
	if a.excludes() {
		steps = append(steps, "take agentmgr out of `exclude_extensions`")
	}
	if !a.lists() {
		steps = append(steps, "add `agentmgr` to its `extensions` (or remove that field)")
	}
	return strings.Join(steps, " and ")
}

// extensionName is the name an extensions entry matches a loaded extension by: a bare name
// as written; a path by its folder (…/agentmgr/index.ts is agentmgr) or its file name
// without .ts or .js.
func extensionName(entry string) string {
	e := strings.TrimSpace(entry)
	if !strings.ContainsAny(e, `/\`) && !strings.HasPrefix(e, "~") {
		return e
	}
	e = strings.ReplaceAll(e, `\`, "/")
	base := e[strings.LastIndex(e, "/")+1:]
	if base == "index.ts" || base == "index.js" {
		dir := strings.TrimSuffix(e, "/"+base)
		return dir[strings.LastIndex(dir, "/")+1:]
	}
	return strings.TrimSuffix(strings.TrimSuffix(base, ".ts"), ".js")
}

// agentTypeDirs are the folders agent files are read from, the first one winning.
func agentTypeDirs(agentDir, cwd string) []string {
	var out []string
	if cwd != "" {
		out = append(out, filepath.Join(cwd, ".pi", "agents"), filepath.Join(cwd, ".agents", "agents"))
	}
	return append(out, filepath.Join(agentDir, "agents"))
}

// findAgentType reads the agent file of type name: an exact file name first, in the folders'
// order, then one whose name matches in another case.
func findAgentType(agentDir, cwd, name string) (agentType, bool) {
	if name == "" {
		name = "general-purpose"
	}
	dirs := agentTypeDirs(agentDir, cwd)
	for _, d := range dirs {
		if a, ok := readAgentType(filepath.Join(d, name+".md")); ok {
			return a, true
		}
	}
	for _, d := range dirs {
		entries, _ := os.ReadDir(d)
		for _, e := range entries {
			n, ok := strings.CutSuffix(e.Name(), ".md")
			if ok && !e.IsDir() && strings.EqualFold(n, name) {
				if a, ok := readAgentType(filepath.Join(d, e.Name())); ok {
					return a, true
				}
			}
		}
	}
	if !strings.EqualFold(name, "general-purpose") && !isBuiltinAgentType(name) {
		// An unknown type runs as general-purpose, which a file may define.
		return findAgentType(agentDir, cwd, "general-purpose")
	}
	return agentType{}, false
}

// isBuiltinAgentType reports whether name is one of the types the extension defines itself.
func isBuiltinAgentType(name string) bool {
	for _, b := range []string{"general-purpose", "Explore", "Plan"} {
		if strings.EqualFold(b, name) {
			return true
		}
	}
	return false
}

// readAgentType reads the fields of an agent file that decide which extensions its child loads.
func readAgentType(path string) (agentType, bool) {
	st, err := os.Stat(path)
	if err != nil || !st.Mode().IsRegular() || st.Size() > 1<<20 {
		return agentType{}, false
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return agentType{}, false
	}
	a := agentType{path: path}
	fm, ok := Frontmatter(data)
	if !ok {
		return a, true // no frontmatter: the defaults
	}
	var m map[string]any
	if yaml.Unmarshal(fm, &m) != nil {
		return a, true
	}
	if v, ok := m["isolated"]; ok && v != nil {
		b := v == true
		a.isolated = &b
	}
	ext, ok := m["extensions"]
	if !ok || ext == nil {
		ext, ok = m["inherit_extensions"]
	}
	if ok && ext != nil && ext != true {
		list := csvField(ext)
		if ext == false || len(list) == 1 && list[0] == "none" {
			list = nil
		}
		list = append([]string{}, list...)
		a.extensions = &list
	}
	a.exclude = csvField(m["exclude_extensions"])
	if len(a.exclude) == 1 && a.exclude[0] == "none" {
		a.exclude = nil
	}
	return a, true
}

// csvField reads a field the way the extension does: its text (a list joined by commas),
// split on commas.
func csvField(v any) []string {
	switch x := v.(type) {
	case nil:
		return nil
	case []any:
		parts := make([]string, 0, len(x))
		for _, e := range x {
			parts = append(parts, fmt.Sprint(e))
		}
		return splitList(strings.Join(parts, ","))
	case string:
		return splitList(x)
	}
	return splitList(fmt.Sprint(v))
}
