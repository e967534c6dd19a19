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

// ExportPersona exports p to format (claude, opencode, roo, kilo or codex). src is the persona file's text,
// nil for a built-in.
func ExportPersona(format string, p *personas.Persona, src []byte) (*Export, error) {
	switch format {
	case "claude":
		return ExportClaude(p, src)
	case "opencode":
		return ExportOpenCode(p, src)
	case "roo":
		return ExportRoo(p, src)
	case "kilo":
		return ExportKilo(p, src)
	case "codex":
		return ExportCodex(p, src)
	}
	return nil, fmt.Errorf("unknown export format %q; expected %s", format, strings.Join(ExportFormats, ", "))
}

// ExportFiles lists every file of exports to format: Roo's modes share one .roomodes file,
// Kilo Code's one .kilocodemodes file.
func ExportFiles(format string, exports []*Export) ([]File, error) {
	switch format {
	case "roo":
		return CombineRoo(exports)
	case "kilo":
		return CombineKilo(exports)
	}
	var out []File
	for _, e := range exports {
		out = append(out, e.Files...)
	}
	return out, nil
}

// passthroughNamespaces are the keys imports keep other formats' fields under.
var passthroughNamespaces = []string{"x-claude", "x-opencode", "x-roo", "x-opcode"}

// reportForeign lists, as lost, the fields the persona keeps for formats other than own: the
// target cannot use them, and they stay in the persona file.
func reportForeign(src []byte, own string, rep *Report) {
	for _, ns := range passthroughNamespaces {
		if ns == own {
			continue
		}
		var keys []string
		for _, it := range passthroughOf(src, ns) {
			keys = append(keys, fmt.Sprint(it.Key))
		}
		if len(keys) > 0 {
			rep.lose(ns+" ("+strings.Join(keys, ", ")+")", "fields of another format; they stay in the persona file")
		}
	}
}
