package engine

import (
	"encoding/xml"
	"strings"
)

// EnvelopeInfo is what the permission envelope says about an agent besides its rules.
type EnvelopeInfo struct {
	Label       string // the agent's name, with its icon when it has one
	Description string
}

// Envelope writes the XML permission envelope injected into the system prompt, so the model
// knows up front what it may use: the permission mode, the tools it can call (some may still
// ask the person) and the tools that are hidden from it. tools is the list to sort into the
// two groups, in the order given.
func Envelope(info EnvelopeInfo, p *Policy, tools []string) string {
	hidden, active := p.SplitTools(tools)
	var b strings.Builder
	b.WriteString(`<permission-envelope agent="` + xmlEscape(info.Label) + `" mode="` + string(p.Persona.Mode()) + `">` + "\n")
	if info.Description != "" {
		b.WriteString("  <description>" + xmlEscape(info.Description) + "</description>\n")
	}
	b.WriteString("  <allowed-tools>" + xmlEscape(strings.Join(active, ", ")) + "</allowed-tools>\n")
	b.WriteString("  <denied-tools>" + xmlEscape(strings.Join(hidden, ", ")) + "</denied-tools>\n")
	b.WriteString("</permission-envelope>\n")
	return b.String()
}

func xmlEscape(s string) string {
	var b strings.Builder
	_ = xml.EscapeText(&b, []byte(s))
	return b.String()
}
