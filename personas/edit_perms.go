package personas

import (
	"fmt"
	"strings"

	"github.com/agentmgr/agentmgr/builtin"
	"github.com/agentmgr/agentmgr/engine"
)

// ExpandRules turns a preset or a legacy list into the explicit rule map it stands for, so that
// single rules can be edited. The permissions field's own line and comment stay; a rule map is
// left as it is.
func (d *Document) ExpandRules() (err error) {
	defer d.recoverEdit(&err)
	p := d.cur.persona
	if p.Form == FormRules {
		return nil
	}
	var b strings.Builder
	e, s, t := d.rootEntry(d.cur.permKey)
	if e == nil {
		return fmt.Errorf("%s has no permissions field", d.path)
	}
	pad := strings.Repeat(" ", s.indent+2)
	pl := &permLayout{quote: styleDouble, indent: s.indent + 2, step: 2}
	eol := d.eol()
	for _, g := range groups(slotsOf(p.Rules)) {
		b.WriteString(pl.freshGroup(pl.quoteKey(g.key, false), g, false, pad, eol))
	}
	want := append(engine.Ruleset(nil), p.Rules...)
	return d.replace(d.replacePermValue(t, s, "", b.String()), func(np *Persona) error {
		if np.Form != FormRules {
			return fmt.Errorf("the expanded permissions would not read as a rule map; nothing was changed")
		}
		return sameRules(np.Rules, want)
	})
}

// SetPreset replaces the permissions with a preset (read, plan or build). From a rule map this
// drops its rules: the caller asked for exactly that.
func (d *Document) SetPreset(preset string) (err error) {
	defer d.recoverEdit(&err)
	if !builtin.IsPreset(preset) && !(d.allowInvalid && isPlainSegment(preset)) {
		return fmt.Errorf("unknown preset %q; expected read, plan or build", preset)
	}
	e, s, t := d.rootEntry(d.cur.permKey)
	if e == nil {
		return fmt.Errorf("%s has no permissions field", d.path)
	}
	if s.valueEnd >= 0 && styleOf(s.raw) == stylePlain && !strings.HasPrefix(string(s.raw), "{") && !strings.HasPrefix(string(s.raw), "[") {
		return d.replace(splice(t.data, s.valueStart, s.valueEnd, strings.ToLower(preset)), nil)
	}
	return d.replace(d.replacePermValue(t, s, " "+strings.ToLower(preset), ""), nil)
}

// replacePermValue rewrites the permissions value: inline is written after the colon (keeping a
// comment that followed a one-line value), block as lines below the key.
func (d *Document) replacePermValue(t *text, s span, inline, block string) []byte {
	rest := ""
	if s.valueEnd >= 0 {
		rest = string(t.data[s.valueEnd:t.lineEnd(s.keyLine)])
	} else if s.valueStart >= 0 && t.lineOf(s.valueStart) == s.keyLine {
		rest = ""
	} else {
		// A block value starts on the next line: keep what follows the colon (a comment).
		rest = string(t.data[s.colonEnd:t.lineEnd(s.keyLine)])
	}
	out := string(t.data[:s.colonEnd]) + inline + rest + d.eol() + block
	return append([]byte(out), t.data[t.lineNext(s.endLine):]...)
}

func slotsOf(rs engine.Ruleset) []slot {
	out := make([]slot, len(rs))
	for i, r := range rs {
		out[i] = slot{rule: r, from: origin{-1, -1}}
	}
	return out
}
