package pi

import (
	"encoding/json"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"

	"github.com/agentmgr/agentmgr/internal/regularfile"
	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/personas"
	"github.com/goccy/go-yaml"
)

// pi-subagents 0.67.0 runs a foreground subagent as a session inside the parent pi process
// that loads only the extensions its agent file lists (`extensions`), or, when the file lists
// none, those of subagents.defaultExtensions in pi's settings (the project's settings win
// over the agent dir's). `agentmgr pi install` puts its extension in defaultExtensions; an
// agent file or an agentOverrides entry with its own list leaves agentmgr out.

// ours are the installed agentmgr extensions a child could load, global first.
func ours(dirs locations.Dirs) []string {
	var out []string
	for _, ext := range []string{dirs.GlobalExtensions(), dirs.ProjectExtensions()} {
		if ext == "" {
			continue
		}
		if data, err := regularfile.Read(Path(ext), regularfile.StateLimit); err == nil {
			if _, err := Parse(data); err == nil {
				out = append(out, Path(ext))
			}
		}
	}
	return out
}

// settingsFiles are pi's settings files, the project's first (it wins).
func settingsFiles(dirs locations.Dirs) []string {
	var out []string
	if dirs.Project != "" {
		out = append(out, filepath.Join(dirs.Project, SettingsName))
	}
	return append(out, filepath.Join(dirs.Agent, SettingsName))
}

// subagentSettings is the part of the "subagents" settings agentmgr reads.
type subagentSettings struct {
	DefaultExtensions *[]string `json:"defaultExtensions"`
	AgentScanDirs     []string  `json:"agentScanDirs"`
	AgentOverrides    map[string]struct {
		Extensions json.RawMessage `json:"extensions"`
	} `json:"agentOverrides"`
}

func readSubagentSettings(path string) (subagentSettings, bool) {
	data, err := regularfile.Read(path, regularfile.StateLimit)
	if err != nil {
		return subagentSettings{}, false
	}
	var s struct {
		Subagents subagentSettings `json:"subagents"`
	}
	if json.Unmarshal(data, &s) != nil {
		return subagentSettings{}, false
	}
	return s.Subagents, true
}

// ChildGating says why pi-subagents' children of the named agents would not load agentmgr's
// extension, with what to do about it; "" when every one of them loads it. An empty (non-nil)
// list checks only the settings; nil checks every agent file agentmgr can see.
func ChildGating(dirs locations.Dirs, agents []string) string {
	mine := ours(dirs)
	if len(mine) == 0 {
		return "agentmgr's extension is not installed, so pi-subagents' children cannot load it; run `agentmgr pi install`"
	}
	var defaults *[]string
	var scanDirs []string
	for _, f := range settingsFiles(dirs) {
		s, ok := readSubagentSettings(f)
		if !ok {
			continue
		}
		if defaults == nil && s.DefaultExtensions != nil {
			defaults = s.DefaultExtensions
		}
		names := agents
		if names == nil {
			for a := range s.AgentOverrides {
				names = append(names, a)
			}
			slices.Sort(names)
		}
		for _, a := range names {
			if o, ok := s.AgentOverrides[a]; ok && len(o.Extensions) > 0 && string(o.Extensions) != "null" && string(o.Extensions) != "false" {
				var list []string
				if json.Unmarshal(o.Extensions, &list) != nil {
					var csv string
					if json.Unmarshal(o.Extensions, &csv) == nil {
						list = splitList(csv)
					}
				}
				if !listsAny(list, mine, dirs.Home) {
					return "subagents.agentOverrides." + a + ".extensions in " + f + " lists the extensions of subagent " + a + "'s children without agentmgr's: add " + mine[0] + " to it, or remove it"
				}
			}
		}
		scanDirs = append(scanDirs, s.AgentScanDirs...)
	}
	if defaults == nil || !listsAny(*defaults, mine, dirs.Home) {
		return "pi-subagents' children load only the extensions of subagents.defaultExtensions in pi's settings (or of their agent file), and agentmgr's is not among them: run `agentmgr pi install`, which lists it there"
	}
	if agents != nil && len(agents) == 0 {
		return ""
	}
	for _, dir := range agentDirs(dirs, scanDirs) {
		for _, f := range agentFiles(dir) {
			a, ok := readAgentFile(f)
			if !ok || agents != nil && !slices.Contains(agents, a.name) || a.extensions == nil {
				continue
			}
			if !listsAny(*a.extensions, mine, dirs.Home) {
				return "the agent file " + f + " of subagent " + a.name + " lists its own extensions, without agentmgr's, so its children would run ungated: add " + mine[0] + " to its `extensions`, or remove that field"
			}
		}
	}
	return ""
}

// listsAny reports whether list names one of exts (as written, or with ~ expanded to home).
func listsAny(list, exts []string, home string) bool {
	for _, l := range list {
		l = strings.TrimSpace(l)
		if strings.HasPrefix(l, "~/") && home != "" {
			l = filepath.Join(home, l[2:])
		}
		if slices.Contains(exts, filepath.Clean(l)) {
			return true
		}
	}
	return false
}

// agentDirs are the folders pi-subagents reads agent files from that agentmgr can see.
func agentDirs(dirs locations.Dirs, scan []string) []string {
	out := []string{dirs.GlobalAgents()}
	if dirs.Project != "" {
		out = append(out, dirs.ProjectAgents(), filepath.Join(filepath.Dir(dirs.Project), ".agents"))
	}
	for _, s := range scan {
		if strings.HasPrefix(s, "~/") && dirs.Home != "" {
			s = filepath.Join(dirs.Home, s[2:])
		}
		if m, err := filepath.Glob(s); err == nil && len(m) > 0 {
			out = append(out, m...)
		} else {
			out = append(out, s)
		}
	}
	return out
}

// agentFiles are the agent files under dir (recursively; chains are not agents).
func agentFiles(dir string) []string {
	var out []string
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if !d.IsDir() && strings.HasSuffix(p, ".md") && !strings.HasSuffix(p, ".chain.md") {
			out = append(out, p)
		}
		return nil
	})
	return out
}

// agentFile is what ChildGating reads of an agent file.
type agentFile struct {
	name       string
	extensions *[]string // nil when the file does not say
}

// readAgentFile reads the name and extensions of a pi-subagents agent file, as pi-subagents
// reads them: a comma-separated string or a list.
func readAgentFile(path string) (agentFile, bool) {
	data, err := regularfile.Read(path, regularfile.PersonaLimit)
	if err != nil {
		return agentFile{}, false
	}
	fm, ok := Frontmatter(data)
	if !ok {
		return agentFile{}, false
	}
	var m map[string]any
	if yaml.Unmarshal(fm, &m) != nil {
		return agentFile{}, false
	}
	a := agentFile{name: strings.TrimSuffix(filepath.Base(path), ".md")}
	if n, ok := m["name"].(string); ok && strings.TrimSpace(n) != "" {
		a.name = strings.TrimSpace(n)
	}
	if v, ok := m["extensions"]; ok {
		list := []string{}
		switch x := v.(type) {
		case string:
			list = splitList(x)
		case []any:
			for _, e := range x {
				if s, ok := e.(string); ok {
					list = append(list, s)
				}
			}
		}
		a.extensions = &list
	}
	return a, true
}

func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// Frontmatter is the YAML between a Markdown file's opening and closing `---` lines, split as
// the persona reader splits a file (personas.SplitFrontmatter).
func Frontmatter(data []byte) ([]byte, bool) {
	fm, _, ok := personas.SplitFrontmatter(data)
	return []byte(fm), ok
}
