package convert

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/goccy/go-yaml"

	"github.com/agentmgr/agentmgr/internal/atomicfile"
	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/pam"
	"github.com/agentmgr/agentmgr/personas"
)

// Formats are the formats agentmgr imports.
var Formats = []string{"claude", "opencode", "roo", "opcode", "codex", "gemini", PPSFormat}

// PPSFormat is pi-permission-system's format; "pps" is another name for it.
const PPSFormat = "pi-permission-system"

// CanonicalFormat is format with its other names ("pps") read as the format they name.
func CanonicalFormat(format string) string {
	if format == "pps" {
		return PPSFormat
	}
	return format
}

// ImportOptions tune ReadSources.
type ImportOptions struct {
	// SettingsPath names a Claude Code settings.json whose tiers are merged into every
	// imported Claude Code subagent.
	SettingsPath string
	// SettingsName is the persona name for a settings.json imported on its own.
	SettingsName string
	// OpenCodeGlobal is OpenCode's global config folder ($XDG_CONFIG_HOME/opencode): the
	// top-level permission of its opencode.json applies to every OpenCode agent imported, as
	// OpenCode merges it first. "" reads only the project's files.
	OpenCodeGlobal string
}

// ReadSources reads the files at path (a file, or a folder whose files of format are all
// read) and converts them. A file that cannot be converted stops nothing: its error is
// returned with the others, and the items of the other files are returned.
func ReadSources(format, path string, opt ImportOptions) ([]*Item, []error) {
	format = CanonicalFormat(format)
	if format == PPSFormat {
		// One persona from the configs a folder holds (as an agent dir or a project), or
		// from the one config file named.
		src := PPSSources{Global: path}
		if info, err := os.Stat(path); err != nil {
			return nil, []error{err}
		} else if info.IsDir() {
			src = FindPPSSources(path, path)
		}
		items, err := ImportPPS(src, opt.SettingsName)
		if err != nil {
			return nil, []error{err}
		}
		return items, nil
	}
	info, err := os.Stat(path)
	if err != nil {
		return nil, []error{err}
	}
	var settings []byte
	if opt.SettingsPath != "" {
		if format != "claude" {
			return nil, []error{fmt.Errorf("--with-settings is for Claude Code subagents only")}
		}
		if settings, err = os.ReadFile(opt.SettingsPath); err != nil {
			return nil, []error{err}
		}
	}
	files := []string{path}
	if info.IsDir() {
		if files, err = sourceFiles(format, path); err != nil {
			return nil, []error{err}
		}
		if len(files) == 0 {
			return nil, []error{fmt.Errorf("%s: no %s files in this folder (%s)", path, format, describeFiles(format))}
		}
	}
	var items []*Item
	var errs []error
	for _, f := range files {
		got, err := readSource(format, f, settings, opt)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		items = append(items, got...)
	}
	if format == "opencode" {
		items = dropOpenCodeTwins(items)
	}
	return items, errs
}

func describeFiles(format string) string {
	switch format {
	case "claude":
		return "subagents are .md files, as in .claude/agents, and settings.json or settings.local.json"
	case "opencode":
		return ".md agents in agent/ or agents/, or opencode.json"
	case "roo":
		return ".roomodes, .kilocodemodes or custom_modes.yaml"
	case "codex":
		return "Codex .rules files, as in .codex/rules"
	case "gemini":
		return "Gemini CLI policy files, *.toml, as in ~/.gemini/policies"
	case PPSFormat:
		return "pi-permission-system's config.json, as in extensions/pi-permission-system/ of the agent dir or of a project's .pi"
	}
	return "*.opcode.json"
}

// sourceFiles lists the files of format under dir, sorted.
func sourceFiles(format, dir string) ([]string, error) {
	var out []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p != dir && (d.Name() == ".git" || d.Name() == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		name := d.Name()
		switch format {
		case "claude":
			if strings.HasSuffix(name, ".md") || name == "settings.json" || name == "settings.local.json" {
				out = append(out, p)
			}
		case "opencode":
			if strings.HasSuffix(name, ".md") && strings.Contains(filepath.ToSlash(p), "/agent") || name == "opencode.json" || name == "opencode.jsonc" {
				out = append(out, p)
			}
		case "roo":
			if name == ".roomodes" || name == ".kilocodemodes" || name == "custom_modes.yaml" {
				out = append(out, p)
			}
		case "opcode":
			if strings.HasSuffix(name, ".opcode.json") {
				out = append(out, p)
			}
		case "codex":
			if strings.HasSuffix(name, ".rules") {
				out = append(out, p)
			}
		case "gemini":
			if strings.HasSuffix(name, ".toml") {
				out = append(out, p)
			}
		}
		return nil
	})
	sort.Strings(out)
	return out, err
}

func readSource(format, path string, settings []byte, opt ImportOptions) ([]*Item, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	switch format {
	case "gemini":
		return one(ImportGemini(path, geminiPersonaName(path), data))
	case "claude":
		if strings.HasSuffix(path, ".json") {
			name := opt.SettingsName
			if name == "" {
				// settings.json is claude-settings, settings.local.json claude-settings-local.
				name = "claude-" + slug(strings.TrimSuffix(filepath.Base(path), ".json"))
			}
			return one(ImportClaudeSettings(path, name, data))
		}
		return one(ImportClaudeAgent(path, data, opt.SettingsPath, settings))
	case "opencode":
		return readOpenCode(path, data, opt.OpenCodeGlobal)
	case "roo":
		items, err := ImportRoo(path, data, nil)
		if err != nil {
			return nil, err
		}
		// The rules folders are read now that the slugs are known, and the modes converted
		// again with them.
		rules := map[string][]RulesFile{}
		for _, it := range items {
			slug := strings.TrimPrefix(it.Report.Source, path+"#")
			rules[slug] = rooRulesFiles(filepath.Dir(path), slug)
		}
		return ImportRoo(path, data, rules)
	case "opcode":
		return one(ImportOpcode(path, data))
	case "codex":
		it, err := ImportCodexRules(path, data)
		if err == nil && opt.SettingsName != "" {
			// --name names the persona, as for a Claude Code settings file.
			it.Draft.Name, it.Report.Target = opt.SettingsName, opt.SettingsName
		}
		return one(it, err)
	}
	return nil, fmt.Errorf("unknown format %q; expected one of %s", format, strings.Join(Formats, ", "))
}

func dirExists(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}

// openCodeName is an OpenCode agent's name: its path under the agent/ or agents/ folder,
// without .md.
func openCodeName(path string) string {
	p := filepath.ToSlash(strings.TrimSuffix(path, ".md"))
	for _, dir := range []string{"/agents/", "/agent/"} {
		if i := strings.LastIndex(p, dir); i >= 0 {
			return p[i+len(dir):]
		}
	}
	return filepath.Base(p)
}

// readOpenCode converts an OpenCode file under the configuration OpenCode merges for it: the
// global folder's and its project's opencode.json files, whose top-level permission every
// agent starts from.
func readOpenCode(path string, data []byte, global string) ([]*Item, error) {
	root := openCodeProjectRoot(path, global)
	layers, err := openCodeProjectLayers(global, root)
	if err != nil {
		return nil, err
	}
	if strings.HasSuffix(path, ".md") {
		return one(importOpenCodeAgentFile(path, openCodeName(path), data, layers))
	}
	obj, err := openCodeRoot(path, data)
	if err != nil {
		return nil, err
	}
	if !slices.ContainsFunc(layers, func(l openCodeLayer) bool { return l.path == path }) {
		// A file OpenCode would not read as a layer (named on its own, out of a project)
		// still governs its own agents.
		layers = append(layers, openCodeLayer{path, obj})
	}
	agentFile := func(name string) yaml.MapSlice {
		if root == "" {
			return nil
		}
		for _, dir := range []string{"agent", "agents"} {
			data, err := os.ReadFile(filepath.Join(root, ".opencode", dir, filepath.FromSlash(name)+".md"))
			if err != nil {
				continue
			}
			if fm, ok := frontmatterIn(data); ok {
				return fm
			}
		}
		return nil
	}
	return openCodeConfigItems(path, obj, layers, agentFile)
}

// dropOpenCodeTwins leaves out an agent of an opencode.json that an agent file of the same
// name also gave: both are the one agent OpenCode merges from them, and the file's item has
// its prompt.
func dropOpenCodeTwins(items []*Item) []*Item {
	fromFile := map[string]bool{}
	for _, it := range items {
		if strings.HasSuffix(it.Report.Source, ".md") {
			fromFile[it.Draft.Name] = true
		}
	}
	out := items[:0]
	for _, it := range items {
		if !strings.HasSuffix(it.Report.Source, ".md") && strings.Contains(it.Report.Source, "#") && fromFile[it.Draft.Name] {
			continue
		}
		out = append(out, it)
	}
	return out
}

func one(it *Item, err error) ([]*Item, error) {
	if err != nil {
		return nil, err
	}
	return []*Item{it}, nil
}

// openCodeProjectRoot is the project folder an OpenCode file belongs to: the folder holding
// the .opencode folder it is in, or the opencode.json's own folder; "" for a file of the global
// folder, which only the global configuration governs.
func openCodeProjectRoot(path, global string) string {
	dir := filepath.Dir(path)
	if global != "" && (dir == global || strings.HasPrefix(dir, global+string(filepath.Separator))) {
		return ""
	}
	for d := dir; d != filepath.Dir(d); d = filepath.Dir(d) {
		if filepath.Base(d) == ".opencode" {
			return filepath.Dir(d)
		}
	}
	if strings.HasSuffix(path, ".md") {
		return ""
	}
	return dir
}

// rooRulesFiles reads .roo/rules-{slug}/ beside a .roomodes file (.kilocode/rules-{slug}/
// beside Kilo Code's .kilocodemodes), or else .roorules-{slug}.
func rooRulesFiles(root, slug string) []RulesFile {
	dir := filepath.Join(root, ".roo", "rules-"+slug)
	if _, err := os.Stat(dir); err != nil {
		if k := filepath.Join(root, ".kilocode", "rules-"+slug); dirExists(k) {
			dir = k
		}
	}
	var out []RulesFile
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return nil
		}
		rel, _ := filepath.Rel(dir, p)
		out = append(out, RulesFile{RelativePath: filepath.ToSlash(rel), Content: string(data)})
		return nil
	})
	if len(out) == 0 {
		if data, err := os.ReadFile(filepath.Join(root, ".roorules-"+slug)); err == nil {
			out = append(out, RulesFile{RelativePath: ".roorules-" + slug, Content: string(data)})
		}
	}
	return out
}

func hasLoss(r *Report, prefix string) bool {
	for _, l := range r.Lost {
		if strings.HasPrefix(l.What, prefix) {
			return true
		}
	}
	return false
}

// ErrExists is returned (wrapped) when a write would replace an existing file or persona.
var ErrExists = errors.New("already exists")

// PlanPersona checks the item's draft as a persona file for scope and returns its path and
// text, without writing. It fails when a persona file of that name is there, unless force.
// When pi-agent-manager would skip the file, the report says so.
func PlanPersona(it *Item, dirs locations.Dirs, scope personas.Scope, force bool) (string, []byte, error) {
	d := it.Draft
	dir := personas.AgentsDir(dirs, scope)
	if dir == "" {
		return "", nil, fmt.Errorf("there is no %s persona folder here (a project needs a .pi folder); use --scope global", scope)
	}
	path := filepath.Join(dir, d.Name+".md")
	_, data, err := d.Persona(path)
	if err != nil {
		return "", nil, err
	}
	// pi-agent-manager reads only the global folder.
	if r := pam.LoadFile(d.Name+".md", data); scope == personas.ScopeGlobal && !r.Loads && !hasLoss(it.Report, "pi-agent-manager") {
		it.Report.lose(pam.Runtime+" skips the file", r.Reason)
	}
	if _, err := os.Stat(path); err == nil && !force {
		return path, data, fmt.Errorf("%s: %w; use another --name, or --force to move the old one to the trash", path, ErrExists)
	}
	return path, data, nil
}

// WritePersona writes the draft as a persona file of scope through the persona writer (the
// text is checked by the persona reader first; the write is atomic). With force an existing
// persona file of that name is first moved to the trash, where restore finds it.
func WritePersona(it *Item, dirs locations.Dirs, scope personas.Scope, force bool) (string, error) {
	d := it.Draft
	path, data, err := PlanPersona(it, dirs, scope, force)
	if err != nil {
		return path, err
	}
	if _, err := os.Stat(path); err == nil {
		if err := trashFile(dirs, path, d.Name); err != nil {
			return path, err
		}
	}
	doc, err := personas.NewDocument(path, data, scope)
	if err != nil {
		return path, err
	}
	if _, err := doc.Save(); err != nil {
		return path, err
	}
	return path, nil
}

// trashFile moves the persona file at path to the trash through the persona package, so it
// can be restored.
func trashFile(dirs locations.Dirs, path, name string) error {
	c := personas.Load(dirs)
	if p, ok := c.Lookup(name); ok && p.Path == path {
		ch, err := personas.PlanDelete(c, name)
		if err != nil {
			return err
		}
		return ch.Apply()
	}
	return fmt.Errorf("%s exists but is not the persona %s that agentmgr reads (it is broken, or another scope's file of that name wins); move it away first", path, name)
}

// WriteFiles writes an export's files under dir, atomically, refusing to replace an existing
// file unless force.
func WriteFiles(dir string, files []File, force bool) error {
	if !force {
		for _, f := range files {
			if _, err := os.Stat(filepath.Join(dir, f.Path)); err == nil {
				return fmt.Errorf("%s: %w; use another --out, or --force to replace it", filepath.Join(dir, f.Path), ErrExists)
			}
		}
	}
	for _, f := range files {
		p := filepath.Join(dir, filepath.FromSlash(f.Path))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := atomicfile.Write(p, f.Data, 0o644); err != nil {
			return err
		}
	}
	return nil
}
