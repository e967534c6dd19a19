package convert

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/internal/atomicfile"
	"github.com/agentmgr/agentmgr/personas"
)

// GuardsMerge is what merging imported rules into a guards file did: the rules written and,
// for each imported rule not written, why.
type GuardsMerge struct {
	Path    string       `json:"path"`
	Created bool         `json:"created"`
	Added   []GuardsRule `json:"added"`
	Kept    []GuardsRule `json:"kept"`
}

// GuardsRule is one imported rule of a guards merge and what became of it.
type GuardsRule struct {
	Rule string `json:"rule"`
	Why  string `json:"why,omitempty"`
}

// MergeGuards adds rules to the guards file path as a person would: a missing file is written
// with them; an existing one keeps its rules, comments, key order and every key it has, and
// gets each imported rule that adds something, next to the other rules of its key. A guards
// file only protects, so an imported rule never loosens it: a rule the file already has, or
// decides the same by a catch-all, is not written again; an imported rule looser than a rule
// of the file it overlaps (an allow over a deny) is not written, and the file's rule stays; an
// imported rule stricter than the file's rule of the same pattern makes it stricter. The file
// is replaced atomically, and not at all when it changed on disk since it was read. A file
// that does not parse is not touched.
func MergeGuards(path string, rules engine.Ruleset, source string) (*GuardsMerge, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return createGuards(path, rules, source)
	}
	if err != nil {
		return nil, err
	}
	existing, probs := personas.ParseRuleMap(path, data)
	for _, p := range probs {
		if p.Severity == personas.Error {
			return nil, fmt.Errorf("%s; fix the guards file first, nothing was merged into it", p.String())
		}
	}
	m := &GuardsMerge{Path: path}
	merged, err := mergeGuardsText(data, existing, rules, source, m)
	if err != nil {
		return nil, fmt.Errorf("%s: %w; add these rules to it by hand:\n%s", path, err, guardsText(rules, ""))
	}
	if len(m.Added) == 0 {
		return m, nil
	}
	err = atomicfile.Replace(path, merged, atomicfile.Options{Check: func(onDisk []byte, exists bool) error {
		if !exists || !bytes.Equal(onDisk, data) {
			return fmt.Errorf("%s: %w", path, atomicfile.ErrChangedOnDisk)
		}
		return nil
	}})
	if err != nil {
		return nil, err
	}
	return m, nil
}

// createGuards writes rules as a new guards file.
func createGuards(path string, rules engine.Ruleset, source string) (*GuardsMerge, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, err
	}
	err := atomicfile.Replace(path, []byte(guardsText(rules, source)), atomicfile.Options{Mode: 0o644, Check: func(_ []byte, exists bool) error {
		if exists {
			return fmt.Errorf("%s: %w", path, atomicfile.ErrChangedOnDisk)
		}
		return nil
	}})
	if err != nil {
		return nil, err
	}
	m := &GuardsMerge{Path: path, Created: true}
	for _, r := range rules {
		m.Added = append(m.Added, GuardsRule{Rule: r.String()})
	}
	return m, nil
}

// guardsWrapHead and guardsWrapTail make a guards file's rule map the permission map of a
// persona, so that the persona editor (which keeps comments, key order and quoting) places
// each rule; the rule map comes back out indented by two spaces.
const (
	guardsWrapHead = "---\nname: guards\ndescription: guards\npermission:\n"
	guardsWrapTail = "---\n"
)

// mergeGuardsText is data with the rules that add something merged in, noting in m what was
// added and what was not.
func mergeGuardsText(data []byte, existing, rules engine.Ruleset, source string, m *GuardsMerge) ([]byte, error) {
	if len(existing) == 0 {
		// Nothing to keep but comments: the rules go after them.
		for _, r := range rules {
			m.Added = append(m.Added, GuardsRule{Rule: r.String()})
		}
		out := append([]byte(nil), data...)
		if len(out) > 0 && !bytes.HasSuffix(out, []byte("\n")) {
			out = append(out, '\n')
		}
		return append(out, guardsText(rules, source)...), nil
	}
	// The wrapping lines end as the file's do, so that the editor writes its lines alike.
	eol := "\n"
	if bytes.Contains(data, []byte("\r\n")) {
		eol = "\r\n"
	}
	head, tail := strings.ReplaceAll(guardsWrapHead, "\n", eol), strings.ReplaceAll(guardsWrapTail, "\n", eol)
	var wrapped strings.Builder
	wrapped.WriteString(head)
	for _, line := range strings.SplitAfter(string(data), "\n") {
		if line != "" {
			wrapped.WriteString("  " + line)
		}
	}
	if !bytes.HasSuffix(data, []byte("\n")) {
		wrapped.WriteString(eol)
	}
	wrapped.WriteString(tail)
	doc, err := personas.NewDocument("guards.md", []byte(wrapped.String()), personas.ScopeGlobal)
	if err != nil {
		return nil, fmt.Errorf("it cannot be edited in place (%v)", err)
	}
	if !equalRules(doc.Rules(), existing) {
		return nil, errors.New("it cannot be edited in place")
	}
	for _, r := range rules {
		if err := mergeGuardsRule(doc, existing, r, m); err != nil {
			return nil, err
		}
	}
	return unwrapGuards(doc.Bytes(), doc.Rules(), head, tail)
}

// mergeGuardsRule merges one imported rule into doc, the guards file as a persona document.
func mergeGuardsRule(doc *personas.Document, existing engine.Ruleset, r engine.Rule, m *GuardsMerge) error {
	r.Source = engine.Source{}
	cur := doc.Rules()
	for i, o := range cur {
		if o.Permission != r.Permission || o.Pattern != r.Pattern {
			continue
		}
		switch {
		case o.Action == r.Action:
			m.Kept = append(m.Kept, GuardsRule{r.String(), "already in the file"})
			return nil
		case engine.Stricter(o.Action, r.Action) == o.Action:
			m.Kept = append(m.Kept, GuardsRule{r.String(), fmt.Sprintf("the file's %s stays: an import never loosens a guard", o.Action)})
			return nil
		}
		if err := doc.SetRule(i, r); err != nil {
			return err
		}
		m.Added = append(m.Added, GuardsRule{r.String(), fmt.Sprintf("made stricter than the file's %s", o.Action)})
		return nil
	}
	for _, o := range existing {
		if engine.RulesOverlap(o, r) && o.Action != r.Action && engine.Stricter(o.Action, r.Action) == o.Action {
			m.Kept = append(m.Kept, GuardsRule{r.String(), fmt.Sprintf("the file's %s stays: written after it, this rule would loosen it", o.String())})
			return nil
		}
	}
	if d := engine.Compile(existing).Evaluate(r.Permission, strings.ReplaceAll(r.Pattern, "*", "x")); d.Rule != nil && d.Rule.Pattern == "*" && d.Action == r.Action && (d.Rule.Permission == r.Permission || d.Rule.Permission == "*") {
		m.Kept = append(m.Kept, GuardsRule{r.String(), fmt.Sprintf("the file's %s already decides it", d.Rule.String())})
		return nil
	}
	at := len(cur)
	for i, o := range cur {
		if o.Permission == r.Permission {
			at = i + 1
		}
	}
	if err := doc.InsertRule(at, r); err != nil {
		return err
	}
	m.Added = append(m.Added, GuardsRule{Rule: r.String()})
	return nil
}

// unwrapGuards takes the rule map back out of the persona document and checks that it reads
// as the rules the document holds.
func unwrapGuards(wrapped []byte, want engine.Ruleset, head, tail string) ([]byte, error) {
	body, ok := strings.CutPrefix(string(wrapped), head)
	if ok {
		body, ok = strings.CutSuffix(body, tail)
	}
	if !ok {
		return nil, errors.New("it cannot be edited in place")
	}
	var out strings.Builder
	for _, line := range strings.SplitAfter(body, "\n") {
		out.WriteString(strings.TrimPrefix(line, "  "))
	}
	got, probs := personas.ParseRuleMap("guards.yaml", []byte(out.String()))
	if len(probs) > 0 || !equalRules(got, want) {
		return nil, errors.New("it cannot be edited in place")
	}
	return []byte(out.String()), nil
}

// equalRules reports whether a and b are the same rules in the same order, sources aside.
func equalRules(a, b engine.Ruleset) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Permission != b[i].Permission || a[i].Pattern != b[i].Pattern || a[i].Action != b[i].Action {
			return false
		}
	}
	return true
}
