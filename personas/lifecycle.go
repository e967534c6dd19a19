package personas

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/agentmgr/agentmgr/builtin"
	"github.com/agentmgr/agentmgr/internal/atomicfile"
	"github.com/agentmgr/agentmgr/internal/regularfile"
	"github.com/agentmgr/agentmgr/internal/unidiff"
	"github.com/agentmgr/agentmgr/locations"
)

// FileChange is a change to persona files that can be shown before it is made: Diff is what
// --dry-run prints and what the app previews; Apply makes it.
type FileChange struct {
	Summary string // one line for people: "rename reviewer.md to critic.md"
	diff    string
	apply   func() error
}

// Diff is the change as a unified diff.
func (f *FileChange) Diff() string { return f.diff }

// Apply makes the change.
func (f *FileChange) Apply() error { return f.apply() }

// DefaultPreset is the preset of a new persona when none is named: the least it can do.
const DefaultPreset = "read"

// NewPersonaText is the text of a new persona file with a preset.
func NewPersonaText(name, description, preset string) []byte {
	if description == "" {
		description = "New persona " + name + " (" + preset + " preset); say what it does"
	}
	return []byte("---\nname: " + name + "\ndescription: " + quoteAs(description, stylePlain, false) +
		"\npermissions: " + preset + "\n---\n" + NewPersonaPrompt(name, description))
}

// NewPersonaPrompt is the system prompt a new persona starts with: who it is, from its
// description, and how to behave within its permissions; a start the person edits.
func NewPersonaPrompt(name, description string) string {
	who := "You are the " + name + " agent."
	if d := strings.TrimSpace(description); d != "" && !strings.HasPrefix(d, "New persona ") {
		who += " Your job: " + strings.TrimRight(d, ".") + "."
	}
	return who + "\n\nWork within the permissions this persona gives you. When a tool call is refused, " +
		"say which call and why you needed it, and carry on with what you may do.\n"
}

// personaPath is where a persona of scope named name lives.
func personaPath(d locations.Dirs, scope Scope, name string) (string, error) {
	if !ValidName(name) {
		return "", fmt.Errorf("%q is not a valid persona name; use lower-case letters, digits, - and _, starting with a letter or digit", name)
	}
	dir := AgentsDir(d, scope)
	if dir == "" {
		if scope == ScopeProject {
			return "", fmt.Errorf("there is no project here: create a .pi folder in the project's root first, or use --scope global")
		}
		return "", fmt.Errorf("personas cannot be created in the %s scope", scope)
	}
	path := filepath.Join(dir, name+".md")
	if _, err := os.Stat(path); err == nil {
		return "", fmt.Errorf("%s already exists; choose another name or edit that file", path)
	}
	return path, nil
}

// Create prepares a new persona file in scope with preset (DefaultPreset when ""). The returned
// document is not saved: Diff shows the new file and Save writes it.
func Create(d locations.Dirs, scope Scope, name, description, preset string) (*Document, error) {
	if preset == "" {
		preset = DefaultPreset
	}
	if !builtin.IsPreset(preset) {
		return nil, fmt.Errorf("unknown preset %q; expected read, plan or build", preset)
	}
	path, err := personaPath(d, scope, name)
	if err != nil {
		return nil, err
	}
	return newFile(path, NewPersonaText(name, description, strings.ToLower(preset)), scope)
}

func newFile(path string, data []byte, scope Scope) (*Document, error) {
	doc, err := NewDocument(path, data, scope)
	if err != nil {
		return nil, err
	}
	doc.loaded = nil
	return doc, nil
}

// Duplicate prepares a copy of the persona from (any scope) named name in scope. A file is
// copied byte for byte with only its name changed; a built-in's embedded file is copied the
// same way; an agent of the legacy JSON list becomes a Markdown file.
func Duplicate(c *Catalog, from, name string, scope Scope) (*Document, error) {
	src, ok := c.Lookup(from)
	if !ok {
		return nil, fmt.Errorf("no persona named %q", from)
	}
	path, err := personaPath(c.dirs, scope, name)
	if err != nil {
		return nil, err
	}
	var data []byte
	switch {
	case src.Scope == ScopeBuiltin:
		data, err = builtin.File(src.Name)
	case strings.HasSuffix(src.Path, ".md"):
		data, err = regularfile.Read(src.Path, regularfile.PersonaLimit)
	default:
		data = legacyMarkdown(src)
	}
	if err != nil {
		return nil, fmt.Errorf("cannot read %s: %w", src.Where(), err)
	}
	doc, err := newFile(path, data, scope)
	if err != nil {
		return nil, err
	}
	if doc.cur.has("name") || doc.Persona().Name != name {
		if err := doc.Set("name", name); err != nil {
			return nil, err
		}
	}
	return doc, nil
}

// legacyMarkdown writes an agent of the legacy JSON list as a persona file.
func legacyMarkdown(p *Persona) []byte {
	var b strings.Builder
	b.WriteString("---\nname: " + p.Name + "\ndescription: " + quoteAs(p.Description, stylePlain, false) + "\n")
	if p.Icon != "" {
		b.WriteString("icon: " + quoteAs(p.Icon, styleDouble, false) + "\n")
	}
	if p.Color != "" {
		b.WriteString("color: " + quoteAs(p.Color, stylePlain, false) + "\n")
	}
	switch p.Form {
	case FormPreset:
		b.WriteString("permissions: " + p.Preset + "\n")
	case FormLegacy:
		words := make([]string, len(p.Legacy))
		for i, w := range p.Legacy {
			words[i] = quoteAs(w, stylePlain, true)
		}
		b.WriteString("permissions: [" + strings.Join(words, ", ") + "]\n")
	default:
		b.WriteString("permissions:\n")
		for _, r := range p.Rules {
			b.WriteString("  " + quoteAs(r.Permission, styleDouble, false) + ":\n    " + quoteAs(r.Pattern, styleDouble, false) + ": " + actionText(r, false) + "\n")
		}
	}
	b.WriteString("---\n" + p.Prompt + "\n")
	return []byte(b.String())
}

// editable finds a persona that lives in its own Markdown file.
func editable(c *Catalog, name string) (*Persona, error) {
	p, ok := c.Lookup(name)
	if !ok {
		return nil, fmt.Errorf("no persona named %q", name)
	}
	if p.Scope == ScopeBuiltin {
		return nil, errBuiltin(p.Name)
	}
	if !strings.HasSuffix(p.Path, ".md") {
		return nil, fmt.Errorf("%s comes from the legacy list %s and cannot be changed here; `agentmgr new %s-md --from %s` makes a Markdown copy", p.Name, p.Path, p.Name, p.Name)
	}
	return p, nil
}

// OpenPersona opens the file of the persona name for editing.
func OpenPersona(c *Catalog, name string) (*Document, error) {
	p, err := editable(c, name)
	if err != nil {
		return nil, err
	}
	return Open(p.Path, p.Scope)
}

// PlanRename prepares renaming a persona: its name field (when it has one) and its file name
// change together, in the same folder. If it is the active agent, the state follows it.
func PlanRename(c *Catalog, oldName, newName string) (*FileChange, error) {
	newName = strings.ToLower(newName)
	doc, err := OpenPersona(c, oldName)
	if err != nil {
		return nil, err
	}
	oldPath := doc.path
	newPath := filepath.Join(filepath.Dir(oldPath), newName+".md")
	if !ValidName(newName) {
		return nil, fmt.Errorf("%q is not a valid persona name; use lower-case letters, digits, - and _, starting with a letter or digit", newName)
	}
	if _, err := os.Stat(newPath); err == nil && newPath != oldPath {
		return nil, fmt.Errorf("%s already exists; choose another name", newPath)
	}
	if doc.cur.has("name") {
		if err := doc.Set("name", newName); err != nil {
			return nil, err
		}
	}
	data := doc.Bytes()
	oldData := doc.Original()
	if newPath == oldPath && bytes.Equal(data, oldData) {
		// The same name again: nothing to write, and nothing to tell the active agent.
		return &FileChange{Summary: fmt.Sprintf("%s is already named %s; nothing to rename", filepath.Base(oldPath), newName), apply: func() error { return nil }}, nil
	}
	diff := "rename from " + oldPath + "\nrename to " + newPath + "\n" + unidiff.Diff(oldPath, newPath, oldData, data)
	dirs := c.dirs
	wasActive := false
	if st, _ := LoadState(dirs); st.Active == doc.Persona().Name || st.Active == oldName {
		wasActive = true
	}
	return &FileChange{
		Summary: fmt.Sprintf("rename %s to %s (%s -> %s)", oldName, newName, filepath.Base(oldPath), filepath.Base(newPath)),
		diff:    diff,
		apply: func() error {
			now, err := regularfile.Read(oldPath, regularfile.PersonaLimit)
			if err != nil || !bytes.Equal(now, oldData) {
				return fmt.Errorf("%s was not renamed: %w", oldPath, ErrChangedOnDisk)
			}
			if newPath != oldPath {
				if _, err := os.Stat(newPath); err == nil {
					return fmt.Errorf("%s already exists; nothing was renamed", newPath)
				}
			}
			if err := atomicfile.Write(newPath, data, doc.mode); err != nil {
				return fmt.Errorf("cannot write %s: %w", newPath, err)
			}
			if newPath != oldPath {
				if err := os.Remove(oldPath); err != nil {
					return fmt.Errorf("wrote %s but could not remove %s: %w", newPath, oldPath, err)
				}
				if _, err := os.Stat(BackupPath(oldPath)); err == nil {
					_ = os.Rename(BackupPath(oldPath), BackupPath(newPath))
				}
			}
			if wasActive {
				st, _ := LoadState(dirs)
				st.Active = newName
				if err := SaveState(dirs, st); err != nil {
					return fmt.Errorf("renamed, but the active agent could not be updated: %w", err)
				}
			}
			return nil
		},
	}, nil
}
