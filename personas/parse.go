package personas

import (
	"errors"
	"path/filepath"
	"strings"

	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/token"

	"github.com/agentmgr/agentmgr/engine"
)

// parsed is a persona file with what the writer needs to edit it in place.
type parsed struct {
	persona *Persona
	lay     layout
	root    *ast.MappingNode
	fields  []entry
	permKey string // "permissions" or "permission", as written; "" when missing

	// legacyJSON marks an agent of pi-agent-manager.json: the name is required, and
	// extraInstructions is the prompt.
	legacyJSON bool
	// missLine and missCol are where a missing field is reported: the start of the file, or
	// the agent's object in the legacy JSON.
	missLine, missCol int
}

// Parse reads one persona file. path names the file in problems and rule sources; for the
// built-in scope it is a display name such as "builtin/planner.md" and the persona's Path is
// left empty. The persona is nil when any problem is an Error; warnings and notes are returned
// either way and also kept in Persona.Notes.
func Parse(path string, data []byte, scope Scope) (*Persona, []Problem) {
	d, probs := parseFile(path, data, scope)
	if d == nil {
		return nil, probs
	}
	return d.persona, probs
}

func parseFile(path string, data []byte, scope Scope) (*parsed, []Problem) {
	return parseText(&reader{file: path}, data, scope)
}

// parseLoose reads a file the way parseFile does, but keeps what it read of a file with errors
// in its fields: the result is nil only when the text is not a map of fields at all (bad UTF-8,
// no frontmatter, a YAML syntax error). Its persona holds the fields that did read.
func parseLoose(path string, data []byte, scope Scope) (*parsed, []Problem) {
	return parseText(&reader{file: path, loose: true}, data, scope)
}

func parseText(r *reader, data []byte, scope Scope) (*parsed, []Problem) {
	path := r.file
	if !r.checkUTF8(data) {
		return nil, r.probs
	}
	lay, msg, ok := splitFile(data)
	if !ok {
		r.addAt(Error, 1, 1, "%s", msg)
		return nil, r.probs
	}
	r.lineOff = 1 // the frontmatter starts on line 2
	f, err := parseYAML(data[lay.fmStart:lay.fmEnd])
	if err != nil {
		r.yamlError(err)
		return nil, r.probs
	}
	root := r.rootMap(f)
	if root == nil {
		return nil, r.probs
	}
	d := &parsed{lay: lay, root: root, missLine: 1, missCol: 1}
	d.fields = r.entries("", root)
	p := r.fields(d, path, scope)
	if p != nil && p.Prompt == "" && !d.has("prompt") {
		p.Prompt = promptOf(data[lay.bodyStart:])
	}
	if r.failed() && !r.loose {
		return nil, r.probs
	}
	if p != nil && p.Type == TypePrimary && !d.has("type") && d.hasAny(piSubagentsOwnFields) {
		// One of pi-subagents' agents that also reads as a persona: it governs the subagent
		// of its name and is never switched to, unless the file says type: primary.
		p.Type = TypeSubagent
		r.addAt(Info, 1, 1, "pi-subagents' fields and no type: read as a subagent, not offered for switching")
	}
	p.Notes = r.notes()
	d.persona = p
	return d, r.probs
}

func (d *parsed) hasAny(keys []string) bool {
	for _, k := range keys {
		if d.has(k) {
			return true
		}
	}
	return false
}

func (d *parsed) has(key string) bool {
	for _, e := range d.fields {
		if e.key == key {
			return true
		}
	}
	return false
}

// yamlError reports a syntax error from the YAML library at its position.
func (r *reader) yamlError(err error) {
	var ye yaml.Error
	if errors.As(err, &ye) {
		if tk := ye.GetToken(); tk != nil && tk.Position != nil {
			line, col := tk.Position.Line, tk.Position.Column
			if line < 1 {
				line = 1
			}
			if col < 1 {
				col = 1
			}
			r.addAt(Error, line+r.lineOff, col, "%s", r.syntaxMessage(ye.GetMessage()))
			return
		}
		r.addAt(Error, 1+r.lineOff, 1, "%s", r.syntaxMessage(ye.GetMessage()))
		return
	}
	r.addAt(Error, 1+r.lineOff, 1, "%s", r.syntaxMessage(err.Error()))
}

// unknownField notes a field this package does not read; it is kept on write.
func (r *reader) unknownField(e *entry) {
	r.add(Info, e.mv, "unknown field %q is kept as it is (other tools may read it)", e.key)
	r.probs[len(r.probs)-1].Field = pathJoin("", e.key)
}

// nameFromFile is the default name: the file name without .md, lower-cased.
func nameFromFile(path string) string {
	return strings.ToLower(strings.TrimSuffix(filepath.Base(path), ".md"))
}

// fields validates the frontmatter fields (docs/rules.md) and builds the persona.
func (r *reader) fields(d *parsed, path string, scope Scope) *Persona {
	p := &Persona{Type: TypePrimary, Scope: scope}
	if scope != ScopeBuiltin {
		p.Path = path
	}
	var perm, permAlias *entry
	for i := range d.fields {
		e := &d.fields[i]
		switch e.key {
		case "permissions":
			perm = e
		case "permission":
			permAlias = e
		case "extraInstructions":
			if d.legacyJSON {
				readPrompt(r, p, e)
			} else {
				r.keepUnknown(p, e)
			}
		default:
			if read, ok := fieldReaders[e.key]; ok {
				read(r, p, e)
			} else {
				r.keepUnknown(p, e)
			}
		}
	}
	r.requiredFields(d, p, path)
	r.permissionsField(d, p, perm, permAlias, path, scope)
	if r.failed() && !r.loose {
		return nil
	}
	return p
}

// fieldReaders read each frontmatter field but the permissions into the persona, checking it.
var fieldReaders = map[string]func(r *reader, p *Persona, e *entry){
	"name":        readName,
	"description": readDescription,
	"type":        readType,
	"icon":        readIcon,
	"color":       readColor,
	"hidden":      func(r *reader, p *Persona, e *entry) { p.Hidden = r.boolField(e) },
	"steps":       func(r *reader, p *Persona, e *entry) { p.Steps = r.stepsField(e) },
	"prompt":      readPrompt,
	ExamplesField: func(r *reader, p *Persona, e *entry) { p.Examples = r.examples(e) },
}

func readName(r *reader, p *Persona, e *entry) {
	if s, ok := r.stringField(e); ok && strings.TrimSpace(s) != "" {
		p.Name = r.checkName(e.mv.Value, strings.TrimSpace(s))
	}
}

func readDescription(r *reader, p *Persona, e *entry) {
	if s, ok := r.stringField(e); ok {
		p.Description = strings.TrimSpace(s)
		if p.Description == "" {
			r.fieldf(Error, e.key, valueOrKey(e.mv), "is empty; say in one line what this persona does")
		}
	}
}

func readType(r *reader, p *Persona, e *entry) {
	if s, ok := r.stringField(e); ok && s != "" {
		t := strings.ToLower(strings.TrimSpace(s))
		if t != TypePrimary && t != TypeSubagent {
			r.fieldf(Error, e.key, e.mv.Value, "unknown type %q; expected primary or subagent", s)
		}
		p.Type = t
	}
}

func readIcon(r *reader, p *Persona, e *entry) {
	if s, ok := r.stringField(e); ok {
		p.Icon = strings.TrimSpace(s)
		if glyphs(p.Icon) > maxIconGlyphs {
			r.fieldf(Warning, e.key, e.mv.Value, "%q is long; an icon is one glyph, such as an emoji", p.Icon)
		}
	}
}

func readColor(r *reader, p *Persona, e *entry) {
	if s, ok := r.stringField(e); ok {
		p.Color = strings.TrimSpace(s)
		if p.Color != "" && !IsColor(p.Color) {
			r.fieldf(Warning, e.key, e.mv.Value, "unknown theme token %q; expected one of %s", p.Color, strings.Join(Colors, ", "))
		}
	}
}

// readPrompt reads the prompt (or the legacy JSON's extraInstructions) with Unix line ends.
func readPrompt(r *reader, p *Persona, e *entry) {
	if s, ok := r.stringField(e); ok {
		p.Prompt = strings.TrimSpace(strings.ReplaceAll(s, "\r\n", "\n"))
	}
}

// keepUnknown records a field this package does not read, kept as it is on write.
func (r *reader) keepUnknown(p *Persona, e *entry) {
	p.Unknown = append(p.Unknown, e.key)
	r.unknownField(e)
}

// requiredFields defaults a missing name to the file's and reports a missing description.
func (r *reader) requiredFields(d *parsed, p *Persona, path string) {
	switch {
	case p.Name != "":
	case d.legacyJSON:
		r.fieldAt(Error, "name", d.missLine, d.missCol, "missing field name; every agent of the legacy JSON file needs one")
	default:
		// No name, or an empty one: the file name is the name.
		p.Name = r.checkNameDefault(path)
	}
	if !d.has("description") {
		r.fieldAt(Error, "description", d.missLine, d.missCol, "missing field description; add one line that says what this persona does")
	}
}

// permissionsField reads the rules from the one of permissions (perm) and its alias permission
// that is set; both or neither is an error.
func (r *reader) permissionsField(d *parsed, p *Persona, perm, permAlias *entry, path string, scope Scope) {
	switch {
	case perm != nil && permAlias != nil:
		first, second := perm, permAlias
		if l1, _ := nodePos(permAlias.mv); l1 < lineOf(perm.mv) {
			first, second = permAlias, perm
		}
		r.fieldf(Error, second.key, second.mv, "both permissions and permission are set (the other on line %d); keep one", lineOf(first.mv)+r.lineOff)
		return
	case perm == nil && permAlias == nil:
		r.fieldAt(Error, "permissions", d.missLine, d.missCol, "missing field permissions; expected a preset (read, plan or build), a list of legacy words, or a map of rules")
		return
	}
	e := perm
	if e == nil {
		e = permAlias
	}
	d.permKey = e.key
	src := func(line int) engine.Source { return engine.Source{Kind: engine.FromFile, Name: path, Line: line} }
	if scope == ScopeBuiltin {
		name := p.Name
		src = func(line int) engine.Source { return engine.Source{Kind: engine.FromBuiltin, Name: name, Line: line} }
	}
	if perms, ok := r.permissions(e.key, e.mv, src); ok {
		p.Form, p.Preset, p.Legacy, p.Rules = perms.form, perms.preset, perms.legacy, perms.rules
	}
}

func lineOf(n ast.Node) int {
	l, _ := nodePos(n)
	return l
}

// stringField reads a scalar field as text; null is "" with ok true.
func (r *reader) stringField(e *entry) (string, bool) {
	s, _, ok := scalarText(e.mv.Value)
	if !ok {
		r.fieldf(Error, e.key, e.mv.Value, "expected text, got %s", kindOf(e.mv.Value))
		return "", false
	}
	return s, true
}

func (r *reader) boolField(e *entry) bool {
	switch v := unwrap(e.mv.Value).(type) {
	case *ast.BoolNode:
		return v.Value
	case *ast.NullNode:
		return false
	}
	s, _, _ := scalarText(e.mv.Value)
	r.fieldf(Error, e.key, e.mv.Value, "expected true or false, got %s", describe(e.mv.Value, s))
	return false
}

func (r *reader) stepsField(e *entry) int {
	if v, ok := unwrap(e.mv.Value).(*ast.IntegerNode); ok {
		if n, ok := v.Value.(int64); ok && n > 0 && n <= 1<<31-1 {
			return int(n)
		}
		if n, ok := v.Value.(uint64); ok && n > 0 && n <= 1<<31-1 {
			return int(n)
		}
	}
	if _, null, _ := scalarText(e.mv.Value); null {
		return 0
	}
	s, _, _ := scalarText(e.mv.Value)
	r.fieldf(Error, e.key, e.mv.Value, "expected a positive whole number of steps, got %s", describe(e.mv.Value, s))
	return 0
}

// describe shows a bad value in a message: the value itself when it is a scalar.
func describe(n ast.Node, s string) string {
	if _, _, ok := scalarText(n); ok {
		return `"` + s + `"`
	}
	return kindOf(n)
}

// checkName lower-cases a name and checks it against [a-z0-9][a-z0-9_-]*.
func (r *reader) checkName(n ast.Node, s string) string {
	name := strings.ToLower(s)
	if !ValidName(name) {
		r.fieldf(Error, "name", n, "%q is not a valid name; use lower-case letters, digits, - and _, starting with a letter or digit", s)
	}
	return name
}

func (r *reader) checkNameDefault(path string) string {
	name := nameFromFile(path)
	if !ValidName(name) {
		r.fieldAt(Error, "name", 1, 1, "the file name %q is not a valid persona name; add a name field, or rename the file to lower-case letters, digits, - and _", filepath.Base(path))
	}
	return name
}

// ValidName reports whether s is a valid persona name: [a-z0-9][a-z0-9_-]*.
func ValidName(s string) bool {
	if s == "" {
		return false
	}
	for i, c := range []byte(s) {
		switch {
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9':
		case (c == '-' || c == '_') && i > 0:
		default:
			return false
		}
	}
	return true
}

// valueOrKey is where to report a problem with a value: the value, or the key when the value
// is missing (the YAML parser places a missing value after the colon, on no text).
func valueOrKey(mv *ast.MappingValueNode) ast.Node {
	if n, ok := mv.Value.(*ast.NullNode); mv.Value == nil || ok && (n.Token == nil || n.Token.Type == token.ImplicitNullType) {
		return mv
	}
	return mv.Value
}
