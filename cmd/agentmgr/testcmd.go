package main

import (
	"flag"
	"fmt"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/personas"
	"github.com/agentmgr/agentmgr/preview"
)

// exampleJSON is one decided example of `test --json`.
type exampleJSON struct {
	Tool   string    `json:"tool"`
	Value  string    `json:"value"`
	Expect string    `json:"expect"`
	Got    string    `json:"got"`
	OK     bool      `json:"ok"`
	Rule   *ruleJSON `json:"rule"`
	Source string    `json:"source"`
}

type personaExamplesJSON struct {
	Name     string        `json:"name"`
	Examples []exampleJSON `json:"examples"`
}

const testHelp = "Decide every example of the personas (all, or the ones named) with their own rules, as\n`check` decides a call, and report each one the rules decide otherwise, with the rule that\ndecided instead. Guards and session rules are left out: examples say what the persona does.\nExits 1 when an example fails or a persona file failed to load."

func testOptions(fs *flag.FlagSet) action {
	asJSON := fs.Bool("json", false, "print JSON")
	return func(e *env, names []string) error {
		c := e.catalog(*asJSON)
		list, err := selected(c, e, names)
		if err != nil {
			return err
		}
		out := struct {
			Failed   int                   `json:"failed"`
			Personas []personaExamplesJSON `json:"personas"`
		}{Personas: []personaExamplesJSON{}}
		total := 0
		for _, p := range list {
			res := preview.RunExamples(p.Rules, examplesOf(p))
			pj := personaExamplesJSON{Name: p.Name, Examples: make([]exampleJSON, len(res))}
			for i, r := range res {
				pj.Examples[i] = exampleJSON{
					Tool: r.Tool, Value: r.Value, Expect: string(r.Expect), Got: string(r.Got()), OK: r.OK,
					Rule: ruleOut(r.Decision.Rule), Source: r.Decision.Source(),
				}
				if !r.OK {
					out.Failed++
					if !*asJSON {
						fmt.Fprintf(e.stdout, "%s: %s\n", exampleWhere(p, r.Example), r.Message())
					}
				}
			}
			total += len(res)
			out.Personas = append(out.Personas, pj)
		}
		probs := c.Problems()
		if len(names) > 0 {
			probs = problemsOf(probs, list)
		}
		broken := personas.HasError(probs)
		if *asJSON {
			if err := writeJSON(e, out); err != nil {
				return err
			}
		} else {
			fmt.Fprintf(e.stdout, "%d of %d examples failed in %d %s\n", out.Failed, total, len(list), plural(len(list), "persona", "personas"))
			if broken {
				fmt.Fprintln(e.stdout, "some persona files failed to load; `agentmgr lint` says why")
			}
		}
		if out.Failed > 0 || broken {
			return exitError{1}
		}
		return nil
	}
}

// selected is the personas named, or every persona when none is.
func selected(c *personas.Catalog, e *env, names []string) ([]*personas.Persona, error) {
	if len(names) == 0 {
		return c.Personas(), nil
	}
	var list []*personas.Persona
	for _, n := range names {
		p, err := persona(c, e, n)
		if err != nil {
			return nil, err
		}
		list = append(list, p)
	}
	return list, nil
}

// examplesOf is p's examples block as the preview package decides it.
func examplesOf(p *personas.Persona) []preview.Example {
	out := make([]preview.Example, len(p.Examples))
	for i, ex := range p.Examples {
		out[i] = preview.Example(ex)
	}
	return out
}

// exampleWhere locates an example for people: "path:line:col", or "builtin:NAME line N".
func exampleWhere(p *personas.Persona, ex preview.Example) string {
	if p.Path == "" {
		return engine.Source{Kind: engine.FromBuiltin, Name: p.Name, Line: ex.Line}.Location()
	}
	return fmt.Sprintf("%s:%d:%d", p.Path, ex.Line, ex.Col)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
