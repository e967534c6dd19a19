package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/agentmgr/agentmgr/keybindings"
	"github.com/agentmgr/agentmgr/pam"
	"github.com/agentmgr/agentmgr/pi"
)

const keysUsage = "[check | set ACTION KEY... | unset ACTION] [--pi-version V] [--json]"

const keysHelp = `Show, check and change the keys of the agent manager's actions in pi's keybindings.json
($PI_CODING_AGENT_DIR/keybindings.json or ~/.pi/agent/keybindings.json), and tell which keys
pi will skip and which of pi's own bindings they override.

  agentmgr keys                      each action's keys and their status
  agentmgr keys check                every problem in the file, with fixes (exit 1 on errors)
  agentmgr keys set ACTION KEY...    bind ACTION; KEY "none" disables it
  agentmgr keys unset ACTION         remove ACTION's entry: the default applies again

ACTION is next, previous, picker (or piAgentManager.next, ...), or one of pi's own ids such
as app.thinking.cycle, to apply a suggested fix. A KEY is modifiers and a key joined by +,
like ctrl+shift+p; agentmgr writes it in canonical form.`

// keysOptions are the flags every keys subcommand shares.
type keysOptions struct {
	version *string
	asJSON  *bool
}

func keysFlags(fs *flag.FlagSet, withJSON bool) keysOptions {
	o := keysOptions{version: fs.String("pi-version", "", "check against this pi release, e.g. 1.6 or 0.73.1 (default: the newest known)")}
	if withJSON {
		o.asJSON = fs.Bool("json", false, "print JSON")
	} else {
		o.asJSON = new(bool)
	}
	return o
}

// keysContext is what every keys subcommand works on: the file and the pi table.
type keysContext struct {
	path  string
	file  *keybindings.File
	table *keybindings.Table
}

func loadKeys(e *env, version string) (*keysContext, error) {
	table, err := keybindings.TableFor(version)
	if err != nil {
		return nil, usagef("--pi-version: %v", err)
	}
	path := e.dirs().Keybindings()
	f, err := keybindings.Load(path)
	if err != nil {
		return nil, fmt.Errorf("%w\n(pi cannot read this file either; fix it first)", err)
	}
	return &keysContext{path: path, file: f, table: table}, nil
}

// keysSummary is the JSON shape shared by keys and keys check.
type keysSummary struct {
	File     string                     `json:"file"`
	Exists   bool                       `json:"exists"`
	Pi       string                     `json:"pi"`
	Actions  []keybindings.ActionStatus `json:"actions"`
	Findings []keybindings.Finding      `json:"findings"`
	Errors   int                        `json:"errors"`
	Warnings int                        `json:"warnings"`
}

func summarize(k *keysContext, r *keybindings.Report) keysSummary {
	s := keysSummary{File: k.path, Exists: k.file.Exists(), Pi: k.table.Version.String(),
		Actions: r.Actions, Findings: r.Findings, Errors: r.Count(keybindings.Error), Warnings: r.Count(keybindings.Warning)}
	if s.Findings == nil {
		s.Findings = []keybindings.Finding{}
	}
	return s
}

func keysListOptions(fs *flag.FlagSet) action {
	o := keysFlags(fs, true)
	return func(e *env, rest []string) error {
		if len(rest) > 0 {
			return usagef("unknown keys subcommand %q; expected check, set or unset", rest[0])
		}
		k, err := loadKeys(e, *o.version)
		if err != nil {
			return err
		}
		r := keybindings.Check(k.file, k.table)
		if *o.asJSON {
			return writeJSON(e, summarize(k, r))
		}
		printKeysHeader(e.stdout, k)
		tw := newTable(e.stdout)
		fmt.Fprintln(tw, "ACTION\tKEY\tFROM\tSTATUS")
		for _, a := range r.Actions {
			name := a.ID
			if a.Disabled {
				fmt.Fprintf(tw, "%s\t(disabled)\t%s\tdisabled\n", name, "file "+a.Pos.String())
				continue
			}
			for _, key := range a.Keys {
				from := "default"
				if !key.Default {
					from = "file " + key.Pos.String()
				}
				status := string(key.Status)
				if key.Detail != "" {
					status = key.Detail
				}
				fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", name, key.Text, from, status)
				name = ""
			}
		}
		tw.Flush()
		if n, w := r.Count(keybindings.Error), r.Count(keybindings.Warning); n+w > 0 {
			fmt.Fprintf(e.stdout, "\n%s: run `agentmgr keys check` for details and fixes\n", counts(n, w))
		}
		return nil
	}
}

func printKeysHeader(w io.Writer, k *keysContext) {
	state := ""
	if !k.file.Exists() {
		state = " (not found: the defaults apply)"
	}
	fmt.Fprintf(w, "%s%s\nchecked against %s\n\n", k.path, state, k.table.Name())
}

func counts(errs, warns int) string {
	plural := func(n int, word string) string {
		if n == 1 {
			return fmt.Sprintf("%d %s", n, word)
		}
		return fmt.Sprintf("%d %ss", n, word)
	}
	return plural(errs, "error") + ", " + plural(warns, "warning")
}

func keysCheckOptions(fs *flag.FlagSet) action {
	o := keysFlags(fs, true)
	return func(e *env, rest []string) error {
		k, err := loadKeys(e, *o.version)
		if err != nil {
			return err
		}
		r := keybindings.Check(k.file, k.table)
		r.Findings = append(r.Findings, keybindings.ExtensionClashes(r, agentManagerExtensions(e))...)
		if *o.asJSON {
			if err := writeJSON(e, summarize(k, r)); err != nil {
				return err
			}
		} else {
			printFindings(e.stdout, k.path, r.Findings)
			if len(r.Findings) == 0 {
				fmt.Fprintf(e.stdout, "%s: no problems (%s)\n", k.path, k.table.Name())
			} else {
				fmt.Fprintf(e.stdout, "%s (%s)\n", counts(r.Count(keybindings.Error), r.Count(keybindings.Warning)), k.table.Name())
			}
		}
		if r.HasErrors() {
			return exitError{1}
		}
		return nil
	}
}

// printFindings prints findings with their fixes and the command that
// applies each fix.
func printFindings(w io.Writer, path string, findings []keybindings.Finding) {
	for _, f := range findings {
		fmt.Fprintln(w, f.Format(path))
		for _, x := range f.Fixes {
			fmt.Fprintf(w, "  fix: %s\n       agentmgr keys set %s %s\n", x.Message, x.ID, comboArgs(x.Keys))
		}
	}
}

func comboArgs(keys []keybindings.Combo) string {
	if len(keys) == 0 {
		return "none"
	}
	parts := make([]string, len(keys))
	for i, c := range keys {
		parts[i] = shellQuote(c.String())
	}
	return strings.Join(parts, " ")
}

// shellQuote quotes a key for a shell when it holds characters the shell
// would interpret (ctrl+; or alt+<).
func shellQuote(s string) string {
	if strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+-=.,/_:@") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// loadKeysFor is loadKeys, and the id of the action name names (resolveID, with allowFileIDs):
// what keys set and keys unset change.
func loadKeysFor(e *env, version, name string, allowFileIDs bool) (*keysContext, string, error) {
	k, err := loadKeys(e, version)
	if err != nil {
		return nil, "", err
	}
	id, err := resolveID(name, k.file, allowFileIDs)
	return k, id, err
}

// resolveID turns the ACTION argument into an id: an agent-manager action
// by short or full name, or one of pi's ids in any known release. For
// unset, any id present in the file is accepted too.
func resolveID(name string, f *keybindings.File, allowFileIDs bool) (string, error) {
	if a, ok := keybindings.LookupAction(name); ok {
		return a.ID, nil
	}
	for _, t := range keybindings.Tables() {
		if _, ok := t.Lookup(name); ok {
			return name, nil
		}
	}
	if allowFileIDs {
		if _, ok := f.Lookup(name); ok && name != keybindings.SchemaKey {
			return name, nil
		}
	}
	return "", usagef("unknown action %q; expected next, previous, picker or one of pi's ids such as app.thinking.cycle", name)
}

func keysSetOptions(fs *flag.FlagSet) action {
	o := keysFlags(fs, false)
	force := fs.Bool("force", false, "save even if pi would skip the key or another action has it")
	return func(e *env, rest []string) error {
		var combos []keybindings.Combo
		if !(len(rest) == 2 && strings.EqualFold(rest[1], "none")) {
			for _, s := range rest[1:] {
				c, err := keybindings.ParseCombo(s)
				if err != nil {
					return usageError{err.Error()}
				}
				combos = append(combos, c)
			}
		}
		k, id, err := loadKeysFor(e, *o.version, rest[0], false)
		if err != nil {
			return err
		}
		if err := k.file.Set(id, combos...); err != nil {
			return err
		}
		r := keybindings.Check(k.file, k.table)
		involved := r.Involving(id)
		var errs []keybindings.Finding
		for _, f := range involved {
			if f.Severity == keybindings.Error {
				errs = append(errs, f)
			}
		}
		if len(errs) > 0 && !*force {
			printFindings(e.stderr, k.path, errs)
			fmt.Fprintf(e.stderr, "not saved: %s %s would not work as wanted (%s); apply a fix above, or use --force to save anyway\n",
				id, comboArgs(combos), k.table.Name())
			return exitError{1}
		}
		if !k.file.Changed() {
			fmt.Fprintf(e.stdout, "%s is already %s in %s; nothing to save\n", id, comboArgs(combos), k.path)
			return nil
		}
		if err := k.file.Save(); err != nil {
			return err
		}
		fmt.Fprintf(e.stdout, "%s = %s (saved in %s)\n", id, comboArgs(combos), k.path)
		printFindings(e.stdout, k.path, involved)
		return nil
	}
}

func keysUnsetOptions(fs *flag.FlagSet) action {
	o := keysFlags(fs, false)
	return func(e *env, rest []string) error {
		k, id, err := loadKeysFor(e, *o.version, rest[0], true)
		if err != nil {
			return err
		}
		removed, err := k.file.Unset(id)
		if err != nil {
			return err
		}
		if !removed {
			fmt.Fprintf(e.stdout, "%s has no entry in %s; nothing to do\n", id, k.path)
			return nil
		}
		if err := k.file.Save(); err != nil {
			return err
		}
		fmt.Fprintf(e.stdout, "removed %s from %s; %s\n", id, k.path, defaultNote(id, k.table))
		if keybindings.IsAction(id) {
			// The extension itself has no default keys: what agentmgr calls the default is not there.
			fmt.Fprintf(e.stdout, "note: %s is now unbound in %s, which has no default keys\n", id, pam.Runtime)
		}
		printFindings(e.stdout, k.path, keybindings.Check(k.file, k.table).Involving(id))
		return nil
	}
}

// defaultNote says which keys apply once id's entry is gone.
func defaultNote(id string, t *keybindings.Table) string {
	var keys []keybindings.Combo
	if a, ok := keybindings.LookupAction(id); ok {
		keys = a.Defaults
	} else if b, ok := t.Lookup(id); ok {
		keys = b.Combos
	} else {
		return "it had no default"
	}
	if len(keys) == 0 {
		return "its default is no key"
	}
	return "the default applies: " + comboArgs(keys)
}

// agentManagerExtensions names the installed extensions that register the agent manager's
// actions: agentmgr's own and pi-agent-manager (found as `pi status` finds it).
func agentManagerExtensions(e *env) []string {
	bin, _ := selfPath("")
	r := pi.Check(e.dirs(), bin, version)
	var out []string
	if r.Global.Installed && r.Global.Problem == "" || r.Project != nil && r.Project.Installed && r.Project.Problem == "" {
		out = append(out, "agentmgr's extension")
	}
	for _, o := range r.Others {
		if o.Name == "pi-agent-manager" {
			out = append(out, "pi-agent-manager ("+o.Where+")")
			break
		}
	}
	return out
}
