package convert

import (
	"strings"

	"github.com/goccy/go-yaml"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/personas"
)

// ExportKilo converts persona p into a Kilo Code mode: Kilo Code 7.7.9 reads .kilocodemodes
// (never .roomodes) and its rules from .kilocode/rules-{slug}/. Its migrator turns each
// group into allow rules and a missing group into deny, so the mode's groups are chosen as
// for Roo: a group the persona denies any call of is left out.
func ExportKilo(p *personas.Persona, src []byte) (*Export, error) {
	return exportMode(p, src, true)
}

// CombineKilo makes the .kilocodemodes file of several exported modes.
func CombineKilo(exports []*Export) ([]File, error) {
	return combineModes(".kilocodemodes", exports)
}

// kiloTools are the tools of Kilo Code 7.7.9 that no mode group governs: its defaults allow
// them (`* allow`), so a mode alone would grant them whatever the persona says.
var kiloTools = []string{"grep", "glob", "list", "webfetch", "websearch", "task", "todowrite", "question", "skill", "lsp",
	"board_read", "board_post", "recall", "kilo_memory_recall", "kilo_memory_save", "repo_clone", "repo_overview", "suggest"}

// kiloOutsideGroups is the agent file (.kilo/agents/SLUG.md) Kilo Code merges after the
// mode's rules: for each tool outside the groups (Kilo's read group is the read tool only),
// the strictest answer the persona gives any call of it. It names no group's key and no `*`, which would replace or override what the
// mode's groups say.
func kiloOutsideGroups(p *personas.Persona, slug string, pol *engine.Policy, rep *Report) *File {
	// Kilo Code's MCP tools are server_tool, and so are several of its own tools and
	// external_directory: one `*_*` rule first, with the strictest answer the persona gives any
	// of them, keeps a mode from granting an MCP tool the persona denies.
	under := engine.Stricter(pol.Decide("mcp__zz__zz", "").Action, pol.Decide("external_directory", "/zz/outside").Action)
	for _, r := range p.Rules {
		if strings.HasPrefix(r.Permission, "mcp") || r.Permission == "external_directory" {
			under = engine.Stricter(under, r.Action)
		}
	}
	perm := yaml.MapSlice{{Key: "*_*", Value: string(under)}}
	changed := []string{"*_* " + string(under)}
	for _, k := range kiloTools {
		key := keyFromOpenCode(k)
		a := pol.Decide(key, "zz-unmatched").Action
		for _, r := range p.Rules {
			if keysOverlap(r.Permission, key) && r.Permission != "*" {
				a = engine.Stricter(a, r.Action)
			}
		}
		perm = append(perm, yaml.MapItem{Key: k, Value: string(a)})
		if a != engine.Allow {
			changed = append(changed, k+" "+string(a))
		}
	}
	fm := yaml.MapSlice{{Key: "description", Value: p.Description}, {Key: "permission", Value: perm}}
	y, err := yaml.MarshalWithOptions(fm, yaml.IndentSequence(true))
	if err != nil {
		return nil
	}
	rep.change("tools outside the groups", "allowed by Kilo Code's defaults", strings.Join(changed, ", "), "written to .kilo/agents/"+slug+".md, which Kilo Code merges after the mode: the strictest of the persona's answers for each tool")
	return &File{Path: ".kilo/agents/" + slug + ".md", Data: []byte("---\n" + string(y) + "---\n")}
}
