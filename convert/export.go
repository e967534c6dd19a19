package convert

import (
	"fmt"
	"strings"

	"github.com/agentmgr/agentmgr/personas"
)

// File is one file an export writes, relative to the output folder.
type File struct {
	Path string `json:"path"`
	Data []byte `json:"-"`
}

// Export is the result of exporting one persona: the files to write and the fidelity report.
type Export struct {
	Files  []File
	Report *Report

	rooMode any // a Roo export's mode, for CombineRoo
}

// ExportPersona exports p to format (claude, opencode or roo). src is the persona file's text,
// nil for a built-in.
func ExportPersona(format string, p *personas.Persona, src []byte) (*Export, error) {
	switch format {
	case "claude":
		return ExportClaude(p, src)
	case "opencode":
		return ExportOpenCode(p, src)
	case "roo":
		return ExportRoo(p, src)
	}
	return nil, fmt.Errorf("unknown export format %q; expected %s", format, strings.Join(ExportFormats, ", "))
}

// ExportFiles lists every file of exports to format: Roo's modes share one .roomodes file.
func ExportFiles(format string, exports []*Export) ([]File, error) {
	if format == "roo" {
		return CombineRoo(exports)
	}
	var out []File
	for _, e := range exports {
		out = append(out, e.Files...)
	}
	return out, nil
}
