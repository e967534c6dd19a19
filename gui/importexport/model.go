// Package importexport is the Fyne-free model behind the app's File › Import… and Export…:
// which items a file or folder holds, which of them the person picked, their fidelity reports,
// and what importing or exporting writes.
package importexport

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/agentmgr/agentmgr/convert"
	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/opencode"
	"github.com/agentmgr/agentmgr/personas"
)

// GuessFormat names the format a path most likely holds, from its name: "" when nothing in
// the name says.
func GuessFormat(path string) string {
	p := filepath.ToSlash(path)
	base := filepath.Base(p)
	switch {
	case base == ".roomodes" || base == ".kilocodemodes" || base == "custom_modes.yaml" || strings.HasSuffix(p, "/.roo"):
		return "roo"
	case strings.HasSuffix(base, ".opcode.json"):
		return "opcode"
	case strings.Contains(p, ".opencode") || strings.HasPrefix(base, "opencode.json"):
		return "opencode"
	case strings.Contains(p, ".claude") || strings.HasPrefix(base, "settings") && strings.HasSuffix(base, ".json"):
		return "claude"
	case strings.HasSuffix(base, ".toml") && (strings.Contains(p, ".gemini") || strings.Contains(p, "/policies/")):
		return "gemini"
	case strings.Contains(p, convert.PPSFormat):
		return convert.PPSFormat
	}
	return ""
}

// Import is one reading of a file or folder: the items it holds, each with its report and
// whether it is picked for import (all are, at first).
type Import struct {
	Format string
	Path   string
	Items  []*convert.Item
	Picked []bool
	Errors []error // files that could not be read; the other items are still there
}

// Read reads the items of format at path.
func Read(format, path string) *Import {
	// OpenCode's global configuration applies to every OpenCode agent, as in `agentmgr import`.
	global := opencode.FindDirs(os.Getenv, locations.Home(os.Getenv), path).Global
	items, errs := convert.ReadSources(format, path, convert.ImportOptions{OpenCodeGlobal: global})
	im := &Import{Format: format, Path: path, Items: items, Errors: errs, Picked: make([]bool, len(items))}
	for i := range im.Picked {
		im.Picked[i] = true
	}
	return im
}

// Label is the one-line description of item i for the pick list.
func (im *Import) Label(i int) string {
	r := im.Items[i].Report
	src := filepath.Base(strings.SplitN(r.Source, "#", 2)[0])
	if _, frag, ok := strings.Cut(r.Source, "#"); ok {
		src += "#" + frag
	}
	return fmt.Sprintf("%s  (from %s; %d changed, %d lost)", im.Items[i].Draft.Name, src, len(r.Changed), len(r.Lost))
}

// ReportText is item i's fidelity report as the CLI prints it.
func (im *Import) ReportText(i int) string {
	var b strings.Builder
	im.Items[i].Report.WriteText(&b)
	return b.String()
}

// ErrorText lists the files that could not be read, one per line.
func (im *Import) ErrorText() string {
	var lines []string
	for _, e := range im.Errors {
		lines = append(lines, e.Error())
	}
	return strings.Join(lines, "\n")
}

// PickedCount is how many items are picked.
func (im *Import) PickedCount() int {
	n := 0
	for _, p := range im.Picked {
		if p {
			n++
		}
	}
	return n
}

// Result is what importing one picked item did.
type Result struct {
	Name string
	Path string
	Err  error
}

// Apply writes the picked items as personas of scope, never replacing an existing persona:
// an item whose name is taken fails with a clear error and the others are still written.
func (im *Import) Apply(dirs locations.Dirs, scope personas.Scope) []Result {
	var out []Result
	for i, it := range im.Items {
		if !im.Picked[i] {
			continue
		}
		path, err := convert.WritePersona(it, dirs, scope, false)
		out = append(out, Result{Name: it.Draft.Name, Path: path, Err: err})
	}
	return out
}

// Export is the export of one persona to a format, prepared but not written.
type Export struct {
	Format string
	Out    string
	ex     *convert.Export
	files  []convert.File
}

// DefaultOut is the folder an export to format writes into, under the project folder root.
func DefaultOut(format, root string) string {
	switch format {
	case "claude":
		return filepath.Join(root, ".claude")
	case "opencode":
		return filepath.Join(root, ".opencode")
	case "codex":
		return filepath.Join(root, ".codex")
	case "gemini":
		return filepath.Join(root, ".gemini")
	}
	return root
}

// PrepareExport converts p to format, to be written under out.
func PrepareExport(p *personas.Persona, format, out string) (*Export, error) {
	var src []byte
	if p.Path != "" {
		var err error
		if src, err = os.ReadFile(p.Path); err != nil {
			return nil, err
		}
	}
	ex, err := convert.ExportPersona(format, p, src)
	if err != nil {
		return nil, err
	}
	files, err := convert.ExportFiles(format, []*convert.Export{ex})
	if err != nil {
		return nil, err
	}
	return &Export{Format: format, Out: out, ex: ex, files: files}, nil
}

// ReportText is the export's fidelity report, then the files it writes.
func (e *Export) ReportText() string {
	var b strings.Builder
	e.ex.Report.WriteText(&b)
	b.WriteString("\nwrites:\n")
	for _, f := range e.Paths() {
		b.WriteString("  " + f + "\n")
	}
	return b.String()
}

// Paths are the files the export writes.
func (e *Export) Paths() []string {
	var out []string
	for _, f := range e.files {
		out = append(out, filepath.Join(e.Out, filepath.FromSlash(f.Path)))
	}
	return out
}

// Apply writes the files, refusing to replace any that exists.
func (e *Export) Apply() error { return convert.WriteFiles(e.Out, e.files, false) }
