package main

import (
	"flag"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/agentmgr/agentmgr/convert"
	"github.com/agentmgr/agentmgr/internal/regularfile"
	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/opencode"
	"github.com/agentmgr/agentmgr/personas"
)

const (
	importUsage = "claude|opencode|roo|opcode|codex|gemini|pi-permission-system PATH... [--scope global|project] [--name NAME] [--with-settings FILE] [--guards] [--dry-run] [--force] [--json]"
	exportUsage = "NAME... --to claude|opencode|roo|kilo|codex|gemini [--out DIR] [--dry-run] [--force] [--json]"
)

// importResult is one imported item as --json prints it: the fidelity report, where the
// persona goes, and whether it was written.
type importResult struct {
	*convert.Report
	Path    string               `json:"path,omitempty"`
	Written bool                 `json:"written"`
	Error   string               `json:"error,omitempty"`
	Guards  *convert.GuardsMerge `json:"guards,omitempty"`
	planned string               // --dry-run: the persona's text, printed after the reports
}

// importArgs is what an import without a format and a PATH is told.
const importArgs = "import takes a format and at least one PATH"

const importHelp = `Make personas of other coding agents' definitions and print what each conversion kept, changed and lost.
  claude    a subagent (.claude/agents/NAME.md) or a settings.json whose permissions allow, ask
            and deny lists become one persona (allow, then ask, then deny; --name names it)
  opencode  an agent file (.opencode/agent(s)/NAME.md) or opencode.json (agent and agents)
  roo       a .roomodes, .kilocodemodes or custom_modes.yaml file: one persona per mode, with
            the files of .roo/rules-SLUG/ (.kilocode/rules-SLUG/) in its prompt
  opcode    an .opcode.json export
  codex     a Codex .rules file (prefix_rule, host_executable): its bash rules (allow, then ask,
            then deny, as Codex decides the strictest) and match/not_match as the examples
  gemini    a Gemini CLI policy file (~/.gemini/policies/*.toml): one persona per file, its
            rules ordered by priority so that the last match is Gemini's highest
  pi-permission-system (or pps)
            pi-permission-system's config.json, or a folder (an agent dir, a project): the
            global and project configs merged as it merges them into one persona (--name,
            else pps), and one persona per agent file with a permission block; with no PATH,
            the agent dir's and the working directory's
A folder PATH imports every file of that format in it. An existing persona is never replaced
unless --force (the old file goes to the trash).`

func importOptions(fs *flag.FlagSet) action {
	o := importFlags{
		scope:        fs.String("scope", "global", "global or project"),
		name:         fs.String("name", "", "name of the persona (one imported item only; a settings.json or rules file imported alone)"),
		withSettings: fs.String("with-settings", "", "Claude Code settings.json whose permissions are merged into the imported subagents"),
		dryRun:       fs.Bool("dry-run", false, "print the report and the persona text; write nothing"),
		force:        fs.Bool("force", false, "replace an existing persona of the same name (it goes to the trash)"),
		guards: fs.Bool("guards", false, "pi-permission-system: also merge its path rules into the guards file\n"+
			"(keeping the file's rules, comments and order; a rule that would loosen one\nis not written)"),
		asJSON: fs.Bool("json", false, "print the reports as JSON"),
	}
	return func(e *env, rest []string) error {
		format, err := o.check(rest)
		if err != nil {
			return err
		}
		items, problems := o.read(e, format, rest[1:])
		if *o.name != "" && len(items) > 1 {
			return usagef("--name names one persona, but the paths hold %d items", len(items))
		}
		results := []importResult{}
		seen := map[string]bool{}
		failed := len(problems) > 0
		for _, it := range items {
			r := o.importOne(e, it, seen)
			seen[it.Draft.Name] = true
			failed = failed || r.Error != ""
			results = append(results, r)
		}
		if err := printImport(e, *o.asJSON, results, problems); err != nil {
			return err
		}
		if failed {
			return exitError{1}
		}
		return nil
	}
}

// importFlags are import's flags.
type importFlags struct {
	scope, name, withSettings *string
	dryRun, force, guards     *bool
	asJSON                    *bool
	sc                        personas.Scope
}

// check checks the arguments (at least the format: import's arity) and flags, and returns
// the format named.
func (o *importFlags) check(rest []string) (string, error) {
	format := convert.CanonicalFormat(rest[0])
	if len(rest) < 2 && format != convert.PPSFormat {
		return "", usageError{importArgs} // only pi-permission-system has a default PATH
	}
	if !slices.Contains(convert.Formats, format) {
		return "", usagef("unknown format %q; expected %s", format, strings.Join(convert.Formats, ", "))
	}
	sc, err := personas.ParseScope(*o.scope)
	if err != nil || sc == personas.ScopeBuiltin {
		return "", usagef("unknown scope %q; expected global or project", *o.scope)
	}
	o.sc = sc
	if *o.name != "" && !personas.ValidName(*o.name) {
		return "", usagef("%q is not a valid persona name; use lower-case letters, digits, - and _", *o.name)
	}
	return format, nil
}

// read converts the files at paths (for pi-permission-system with no path, where pi reads
// them).
func (o *importFlags) read(e *env, format string, paths []string) ([]*convert.Item, []error) {
	opt := convert.ImportOptions{SettingsName: *o.name, OpenCodeGlobal: opencode.FindDirs(e.getenv, locations.Home(e.getenv), e.cwd).Global}
	if *o.withSettings != "" {
		opt.SettingsPath = e.abs(*o.withSettings)
	}
	var items []*convert.Item
	var problems []error
	for _, path := range paths {
		got, errs := convert.ReadSources(format, e.abs(path), opt)
		items = append(items, got...)
		problems = append(problems, errs...)
	}
	if len(paths) == 0 {
		// pi-permission-system's files where pi reads them: the agent dir's and the project's.
		got, err := convert.ImportPPS(convert.FindPPSSources(e.dirs().Agent, e.abs(".")), *o.name)
		if err != nil {
			problems = append(problems, err)
		}
		items = append(items, got...)
	}
	return items, problems
}

// importOne writes (or, with --dry-run, plans) one imported item and, with --guards, merges its
// guard rules into the guards file.
func (o *importFlags) importOne(e *env, it *convert.Item, seen map[string]bool) importResult {
	dirs := e.dirs()
	if *o.name != "" && it.Draft.Name != *o.name {
		it.Report.Changed = append(it.Report.Changed, convert.Change{What: "name", From: it.Draft.Name, To: *o.name, Why: "--name"})
		it.Draft.Name, it.Report.Target = *o.name, *o.name
	}
	r := importResult{Report: it.Report}
	switch {
	case seen[it.Draft.Name]:
		r.Error = fmt.Sprintf("another imported item is also named %s; import it alone with --name", it.Draft.Name)
	case isBuiltin(it.Draft.Name) && !*o.force:
		r.Error = fmt.Sprintf("%s is the name of a built-in persona; import it with another --name, or --force to replace the built-in", it.Draft.Name)
	case *o.dryRun:
		path, text, err := convert.PlanPersona(it, dirs, o.sc, *o.force)
		r.Path = path
		if err != nil {
			r.Error = err.Error()
		} else {
			r.planned = string(text)
		}
	default:
		path, err := convert.WritePersona(it, dirs, o.sc, *o.force)
		r.Path, r.Written = path, err == nil
		if err != nil {
			r.Error = err.Error()
		}
	}
	if *o.guards && len(it.Guards) > 0 && r.Error == "" && !*o.dryRun {
		m, err := convert.MergeGuards(dirs.GlobalGuards(), it.Guards, it.Report.Source)
		if err != nil {
			r.Error = err.Error()
		}
		r.Guards = m
	}
	return r
}

// printImport prints the results, as text or JSON, and the files that could not be read.
func printImport(e *env, asJSON bool, results []importResult, problems []error) error {
	if asJSON {
		out := struct {
			Items  []importResult `json:"items"`
			Errors []string       `json:"errors"`
		}{Items: results, Errors: []string{}}
		for _, p := range problems {
			out.Errors = append(out.Errors, p.Error())
		}
		return writeJSON(e, out)
	}
	for _, r := range results {
		r.WriteText(e.stdout)
		switch {
		case r.Error != "":
			fmt.Fprintf(e.stderr, "agentmgr import: %s\n", r.Error)
		case r.Written:
			fmt.Fprintf(e.stdout, "  wrote %s\n", r.Path)
		}
		r.writeGuards(e)
	}
	for _, r := range results {
		if r.planned != "" {
			fmt.Fprintf(e.stdout, "--- %s (not written)\n%s", r.Path, r.planned)
		}
	}
	for _, p := range problems {
		fmt.Fprintf(e.stderr, "agentmgr import: %v\n", p)
	}
	return nil
}

// writeGuards prints what merging into the guards file did: each rule added, and each rule
// not written with why.
func (r importResult) writeGuards(e *env) {
	m := r.Guards
	if m == nil {
		return
	}
	verb := "merged into"
	if m.Created {
		verb = "wrote"
	}
	fmt.Fprintf(e.stdout, "  %s %s: %d imported rules added, %d not written\n", verb, m.Path, len(m.Added), len(m.Kept))
	for _, g := range m.Added {
		if g.Why != "" {
			fmt.Fprintf(e.stdout, "    added %s (%s)\n", g.Rule, g.Why)
		} else {
			fmt.Fprintf(e.stdout, "    added %s\n", g.Rule)
		}
	}
	for _, g := range m.Kept {
		fmt.Fprintf(e.stdout, "    not written %s: %s\n", g.Rule, g.Why)
	}
}

// isBuiltin reports whether name is a built-in persona, which an import must not shadow by
// accident.
func isBuiltin(name string) bool {
	p, _ := personas.LoadBuiltin(name)
	return p != nil
}

// abs makes a command-line path absolute against the command's working directory.
func (e *env) abs(p string) string {
	if filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(e.cwd, p)
}

const exportHelp = `Write personas as another coding agent's definitions and print what each conversion kept, changed and lost.
  claude    agents/NAME.md, a subagent whose hooks run "agentmgr gate claude --agent NAME" (this
            binary by absolute path, or --binary; the hook blocks the call when it cannot run) so
            the persona's rules decide every call, and NAME.settings.json, the rules Claude
            Code's allow/ask/deny lists can hold (default --out: .claude)
  opencode  agents/NAME.md with the rules as OpenCode 1.18.33 permissions, written so that
            OpenCode loads them and decides as the persona does where it can (default --out:
            .opencode)
  roo       .roomodes with one mode per persona, and .roo/rules-NAME/ (default --out: .)
  kilo      .kilocodemodes with one mode per persona, .kilocode/rules-NAME/, and
            .kilo/agents/NAME.md for the tools no mode group governs (default --out: .)
  codex     rules/NAME.rules, the bash rules as Codex prefix rules, with the approval policy
            to run Codex with in its header (default --out: .codex)
  gemini    policies/agentmgr-NAME.toml, a Gemini CLI policy file for the user tier; copy it
            into ~/.gemini/policies (default --out: .gemini)
A group is left out of a mode when the persona denies any call it would grant. Every report
ends with a fidelity figure: how many rules are enforced as written, stricter, looser or lost.
Existing files are never replaced unless --force.`

func exportOptions(fs *flag.FlagSet) action {
	to := fs.String("to", "", "claude, opencode, roo, kilo, codex or gemini")
	out := fs.String("out", "", "folder to write into")
	dryRun := fs.Bool("dry-run", false, "print the report and the files; write nothing")
	force := fs.Bool("force", false, "replace existing files")
	asJSON := fs.Bool("json", false, "print the reports as JSON")
	binary := fs.String("binary", "", "claude: the agentmgr binary the hook runs (default: this one)")
	return func(e *env, names []string) error {
		var err error
		bin := ""
		if *to == "claude" {
			// The hook names the binary by absolute path: a subagent must not depend on the PATH
			// Claude Code happens to run with, and must block, not run unchecked, when it is gone.
			if bin, err = selfPath(*binary); err != nil {
				return err
			}
			if why := unstableBinary(bin); why != "" {
				fmt.Fprintf(e.stderr, "warning: the exported hook runs %s, which will not last (%s); the subagent's calls are blocked once it is gone: install agentmgr (go install, make build) and export again\n", bin, why)
			}
		}
		if !slices.Contains(convert.ExportFormats, *to) {
			return usagef("--to %q: expected %s", *to, strings.Join(convert.ExportFormats, ", "))
		}
		dir := *out
		if dir == "" {
			dir = map[string]string{"claude": ".claude", "opencode": ".opencode", "roo": ".", "kilo": ".", "codex": ".codex", "gemini": ".gemini"}[*to]
		}
		dir = e.abs(dir)
		c := e.catalog(true)
		var exports []*convert.Export
		for _, n := range names {
			p, ok := c.Lookup(n)
			if !ok {
				return notFound(c, n)
			}
			var src []byte
			if p.Path != "" {
				if src, err = regularfile.Read(p.Path, regularfile.PersonaLimit); err != nil {
					return err
				}
			}
			var ex *convert.Export
			if *to == "claude" {
				ex, err = convert.ExportClaudeWith(p, src, bin)
			} else {
				ex, err = convert.ExportPersona(*to, p, src)
			}
			if err != nil {
				return err
			}
			exports = append(exports, ex)
		}
		exportGated(e, *to, exports)
		files, err := convert.ExportFiles(*to, exports)
		if err != nil {
			return err
		}
		writeErr := error(nil)
		if !*dryRun {
			writeErr = convert.WriteFiles(dir, files, *force)
		}
		if *asJSON {
			type fileJSON struct {
				Path string `json:"path"`
				Text string `json:"text,omitempty"`
			}
			res := struct {
				Reports []*convert.Report `json:"reports"`
				Files   []fileJSON        `json:"files"`
				Written bool              `json:"written"`
			}{Written: !*dryRun && writeErr == nil}
			for _, ex := range exports {
				res.Reports = append(res.Reports, ex.Report)
			}
			for _, f := range files {
				fj := fileJSON{Path: filepath.Join(dir, f.Path)}
				if *dryRun {
					fj.Text = string(f.Data)
				}
				res.Files = append(res.Files, fj)
			}
			if err := writeJSON(e, res); err != nil {
				return err
			}
			return writeErr
		}
		for _, ex := range exports {
			ex.Report.WriteText(e.stdout)
		}
		for _, f := range files {
			p := filepath.Join(dir, f.Path)
			if *dryRun {
				fmt.Fprintf(e.stdout, "--- %s (not written)\n%s", p, f.Data)
			} else if writeErr == nil {
				fmt.Fprintf(e.stdout, "wrote %s\n", p)
			}
		}
		return writeErr
	}
}
