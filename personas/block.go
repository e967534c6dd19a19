package personas

import (
	"encoding/xml"
	"strings"

	"github.com/agentmgr/agentmgr/engine"
)

// Block is the persona block injected into the system prompt: the persona's name, label and
// description as attributes, and its prompt as it is (Markdown is not escaped: the model reads
// it as written).
func Block(p *Persona) string {
	var b strings.Builder
	b.WriteString(`<persona name="` + attr(p.Name) + `" label="` + attr(p.Label()) + `" description="` + attr(p.Description) + `">` + "\n")
	if p.Prompt != "" {
		b.WriteString(p.Prompt)
		b.WriteString("\n")
	}
	b.WriteString("</persona>\n")
	return b.String()
}

// Envelope is the permission envelope of p under policy pol (its guards included), over tools
// (engine.Envelope with the persona's label and description).
func Envelope(p *Persona, pol *engine.Policy, tools []string) string {
	return engine.Envelope(engine.EnvelopeInfo{Label: p.Label(), Description: p.Description}, pol, tools)
}

func attr(s string) string {
	var b strings.Builder
	_ = xml.EscapeText(&b, []byte(s))
	return b.String()
}
