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

// exporters are the formats agentmgr exports to, each with its export, in the order
// ExportFormats lists them: one table, so that a format listed is a format exported.
var exporters = []struct {
	format string
	export func(p *personas.Persona, src []byte) (*Export, error)
}{
	{"claude", ExportClaude},
	{"opencode", ExportOpenCode},
	{"roo", ExportRoo},
	{"kilo", ExportKilo},
	{"codex", ExportCodex},
	{"gemini", ExportGemini},
}

// ExportFormats are the formats agentmgr exports to.
var ExportFormats = exportFormats()

func exportFormats() []string {
	var out []string
	for _, x := range exporters {
		out = append(out, x.format)
	}
	return out
}

// ExportPersona exports p to format (one of ExportFormats). src is the persona file's text,
// nil for a built-in.
func ExportPersona(format string, p *personas.Persona, src []byte) (*Export, error) {
	for _, x := range exporters {
		if x.format == format {
			return x.export(p, src)
		}
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
