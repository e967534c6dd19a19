package main

import (
	"errors"
	"flag"
	"fmt"
	"strconv"
	"strings"

	"github.com/agentmgr/agentmgr/builtin"
	"github.com/agentmgr/agentmgr/compat"
	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/personas"
)

// amOnlyFlag lets an edit produce a file pi-agent-manager 0.18.1 skips (a rule with a reason).
const (
	amOnlyFlag = "agentmgr-only"
	amOnlyHelp = "allow a change that makes pi-agent-manager 0.18.1 skip the file"
)

// Usages, shared by the help and the usage line a mistake prints.
const (
	newUsage     = "NAME [--preset P | --from OTHER] [--scope global|project] [--description TEXT] [--dry-run] [--agentmgr-only]"
	setUsage     = "NAME FIELD [VALUE] [--unset] [--dry-run] [--agentmgr-only]"
	ruleUsage    = "add NAME KEY [PATTERN] ACTION [--at N] [--reason TEXT] | rm NAME INDEX | mv NAME FROM TO | expand NAME  [--dry-run] [--agentmgr-only]"
	renameUsage  = "OLD NEW [--dry-run]"
	rmUsage      = "NAME [--dry-run]"
	restoreUsage = "[NAME] [--dry-run] [--json]"
)

// editAttempts bounds how often an edit is made again when another program changed the file
// between reading and saving it.
const editAttempts = 10

// retryChanged runs an edit command again, on the file as it is now, when its save found the
// file changed on disk: the edit is one field or one rule, so making it again on the other
// program's version keeps both changes. After editAttempts tries the error says to retry.
// The options are parsed once; the action, which only reads them, runs each time.
func retryChanged(options func(*flag.FlagSet) action) func(*flag.FlagSet) action {
	return func(fs *flag.FlagSet) action {
		act := options(fs)
		return func(e *env, args []string) error {
			for i := 1; ; i++ {
				err := act(e, args)
				if i == editAttempts || !errors.Is(err, personas.ErrChangedOnDisk) {
					return err
				}
				e.loaded = nil // read the folders again
			}
		}
	}
}

// finish saves doc, or prints what saving would change with --dry-run. A warning the edit
// brings (an unknown colour) is printed either way: the file is valid, but the person should know.
//
// An edit that makes pi-agent-manager 0.18.1 skip (or break on) a global file it loaded is
// refused unless amOnly: people who run that extension would lose the persona silently.
func finish(e *env, doc *personas.Document, dryRun, amOnly bool) error {
	reportProblems(e.stderr, newWarnings(doc), personas.Warning)
	if doc.Persona().Scope == personas.ScopeGlobal {
		if g := compat.CheckEdit(doc.Path(), doc.Original(), doc.Bytes()); g != nil {
			switch {
			case g.Already:
				// The person chose this before; lint and list keep saying so.
			case amOnly || dryRun:
				fmt.Fprintf(e.stderr, "warning: %s:%d: %s; the file is agentmgr-only\n", doc.Path(), g.Line, g.Message())
			default:
				return fmt.Errorf("%s:%d: %s.\nNothing was changed. To keep this persona agentmgr-only (its gate and pi extension still use it), run again with --%s", doc.Path(), g.Line, g.Message(), amOnlyFlag)
			}
		}
	}
	if dryRun {
		fmt.Fprint(e.stdout, doc.Diff())
		return nil
	}
	written, err := doc.Save()
	if err != nil {
		return err
	}
	if written {
		fmt.Fprintf(e.stdout, "saved %s\n", doc.Path())
	} else {
		fmt.Fprintf(e.stdout, "%s is unchanged\n", doc.Path())
	}
	return nil
}

// applyChange applies a file change, or prints its diff with --dry-run.
func applyChange(e *env, fc *personas.FileChange, dryRun bool) error {
	if dryRun {
		fmt.Fprint(e.stdout, fc.Diff())
		return nil
	}
	if err := fc.Apply(); err != nil {
		return err
	}
	fmt.Fprintln(e.stdout, fc.Summary)
	return nil
}

const newHelp = "Create a persona file in the global folder (or the project's): from a preset (default " + personas.DefaultPreset + "), or as a copy of another persona with only its name changed."

func newOptions(fs *flag.FlagSet) action {
	preset := fs.String("preset", "", "read, plan or build")
	from := fs.String("from", "", "copy this persona")
	scope := fs.String("scope", "global", "global or project")
	desc := fs.String("description", "", "one line saying what the persona does")
	dry := fs.Bool("dry-run", false, "print the new file as a diff; write nothing")
	amOnly := fs.Bool(amOnlyFlag, false, amOnlyHelp)
	return func(e *env, rest []string) error {
		if *preset != "" && *from != "" {
			return usagef("give --preset or --from, not both")
		}
		if *preset != "" && !builtin.IsPreset(*preset) {
			return usagef("unknown preset %q; expected %s", *preset, strings.Join(builtin.Presets, ", "))
		}
		sc, err := personas.ParseScope(*scope)
		if err != nil || sc == personas.ScopeBuiltin {
			return usagef("unknown scope %q; expected global or project", *scope)
		}
		name := strings.ToLower(rest[0])
		var doc *personas.Document
		if *from != "" {
			c := e.catalog(true)
			if err := known(c, *from); err != nil {
				return err
			}
			doc, err = personas.Duplicate(c, *from, name, sc)
			if err == nil && *desc != "" {
				err = doc.Set("description", *desc)
			}
		} else {
			doc, err = personas.Create(e.dirs(), sc, name, *desc, *preset)
		}
		if err != nil {
			return err
		}
		return finish(e, doc, *dry, *amOnly)
	}
}

// setArgs is what a set given other than a persona, a field and a value (or with --unset,
// no value) is told.
const setArgs = "set takes a persona name, a field and a value (or --unset)"

const setHelp = "Change one field of a persona file (name, description, type, icon, color, hidden, steps, prompt, or any other key), keeping comments, order, quoting and everything else byte for byte. prompt changes the body unless the file has a prompt field."

func setOptions(fs *flag.FlagSet) action {
	unset := fs.Bool("unset", false, "remove the field")
	dry := fs.Bool("dry-run", false, "print the change as a diff; write nothing")
	amOnly := fs.Bool(amOnlyFlag, false, amOnlyHelp)
	return func(e *env, rest []string) error {
		if *unset != (len(rest) == 2) {
			return usageError{setArgs}
		}
		c := e.catalog(true)
		if err := known(c, rest[0]); err != nil {
			return err
		}
		doc, err := personas.OpenPersona(c, rest[0])
		if err != nil {
			return err
		}
		field := rest[1]
		switch {
		case *unset:
			err = doc.Unset(field)
		case field == "prompt":
			err = doc.SetPrompt(rest[2])
		default:
			err = doc.Set(field, rest[2])
		}
		if err != nil {
			return err
		}
		return finish(e, doc, *dry, *amOnly)
	}
}

const ruleHelp = "Edit a persona's rules as an ordered list, numbered from 1 as `agentmgr show` prints them. Rules of a preset or legacy list must be expanded into a rule map first (rule expand)."

// ruleArgs are rule's subcommands, with how many arguments each takes after the persona. They
// are counted once the persona is found: an unknown persona is named first.
var ruleArgs = map[string]arity{
	"add":    between(2, 3, "rule add takes a persona, a permission key, an optional pattern and an action"),
	"rm":     exactly(1, "rule rm takes a persona and a rule number"),
	"mv":     exactly(2, "rule mv takes a persona and two rule numbers, FROM and TO"),
	"expand": exactly(0, "rule expand takes a persona only"),
}

func ruleOptions(fs *flag.FlagSet) action {
	at := fs.Int("at", 0, "add: where the new rule goes (default: last, or after its key's rules if that is the same)")
	reason := fs.String("reason", "", "add: the reason shown on deny (needs --agentmgr-only)")
	dry := fs.Bool("dry-run", false, "print the change as a diff; write nothing")
	amOnly := fs.Bool(amOnlyFlag, false, amOnlyHelp)
	return func(e *env, rest []string) error {
		sub, name, rest := rest[0], rest[1], rest[2:]
		args, ok := ruleArgs[sub]
		if !ok { // before the persona is looked up: a typo in the subcommand is a usage error
			return usagef("unknown rule subcommand %q; expected add, rm, mv or expand", sub)
		}
		c := e.catalog(true)
		if err := known(c, name); err != nil {
			return err
		}
		doc, err := personas.OpenPersona(c, name)
		if err != nil {
			return err
		}
		if !args.allows(len(rest)) {
			return usageError{args.mistake("rule " + sub)}
		}
		n := len(doc.Rules())
		switch sub {
		case "add":
			r := engine.Rule{Permission: rest[0], Pattern: "*", Reason: *reason}
			if len(rest) == 3 {
				r.Pattern = rest[1]
			}
			a, err := engine.ParseAction(rest[len(rest)-1])
			if err != nil {
				return usagef("%v", err)
			}
			r.Action = a
			pos := appendPosition(doc.Rules(), r)
			if *at != 0 {
				if *at < 1 || *at > n+1 {
					return usagef("--at %d: the position must be 1 to %d", *at, n+1)
				}
				pos = *at - 1
			}
			err = doc.InsertRule(pos, r)
			if err != nil {
				return err
			}
		case "rm":
			i, err := ruleNumber(rest[0], n)
			if err != nil {
				return err
			}
			if err := doc.RemoveRule(i); err != nil {
				return err
			}
		case "mv":
			from, err := ruleNumber(rest[0], n)
			if err != nil {
				return err
			}
			to, err := ruleNumber(rest[1], n)
			if err != nil {
				return err
			}
			if err := doc.MoveRule(from, to); err != nil {
				return err
			}
		case "expand":
			if err := doc.ExpandRules(); err != nil {
				return err
			}
		}
		return finish(e, doc, *dry, *amOnly)
	}
}

// appendPosition is where `rule add` without --at puts r: last. A rule map names each key once,
// so when r's key already has rules further up, r goes right after them instead, provided no
// rule after those can match r's key: there it decides exactly the calls it would decide last.
// Otherwise it stays last, and the edit is refused with the places it could take.
func appendPosition(rs engine.Ruleset, r engine.Rule) int {
	last := -1
	for i, x := range rs {
		if x.Permission == r.Permission {
			last = i
		}
	}
	if last < 0 || last == len(rs)-1 || strings.ContainsAny(r.Permission, "*?") {
		return len(rs)
	}
	for _, x := range rs[last+1:] {
		if engine.Match(x.Permission, r.Permission) {
			return len(rs)
		}
	}
	return last + 1
}

// ruleNumber reads a 1-based rule number and returns its index.
func ruleNumber(s string, n int) (int, error) {
	i, err := strconv.Atoi(s)
	if err != nil || i < 1 || i > n {
		return 0, usagef("%q is not a rule number; the rules are numbered 1 to %d (`agentmgr show NAME` lists them)", s, n)
	}
	return i - 1, nil
}

const renameHelp = "Rename a persona: its name field (when it has one) and its file, in the same folder. The active agent follows the rename."

// planRename plans `rename OLD NEW`.
func planRename(c *personas.Catalog, args []string) (*personas.FileChange, error) {
	return personas.PlanRename(c, args[0], args[1])
}

const rmHelp = "Move a persona file to the trash (agent-manager/trash/ in the agent dir); `agentmgr restore NAME` brings it back."

// planRm plans `rm NAME`.
func planRm(c *personas.Catalog, args []string) (*personas.FileChange, error) {
	return personas.PlanDelete(c, args[0])
}

// fileChangeOptions are the options of a command that moves a persona's file, named by its
// first argument, as plan says (rename, rm): the change is applied, or printed with --dry-run.
func fileChangeOptions(plan func(c *personas.Catalog, args []string) (*personas.FileChange, error)) func(*flag.FlagSet) action {
	return func(fs *flag.FlagSet) action {
		dry := fs.Bool("dry-run", false, "print the change; write nothing")
		return func(e *env, rest []string) error {
			c := e.catalog(true)
			if err := known(c, rest[0]); err != nil {
				return err
			}
			fc, err := plan(c, rest)
			if err != nil {
				return err
			}
			return applyChange(e, fc, *dry)
		}
	}
}

const restoreHelp = "Put the most recently deleted persona NAME back where it was. Without NAME, list the trash."

func restoreOptions(fs *flag.FlagSet) action {
	dry := fs.Bool("dry-run", false, "print the change; write nothing")
	asJSON := fs.Bool("json", false, "print the trash as JSON")
	return func(e *env, rest []string) error {
		d := e.dirs()
		if len(rest) == 0 {
			return listTrash(e, d, *asJSON)
		}
		fc, err := personas.PlanRestore(d, rest[0])
		if err != nil {
			return err
		}
		return applyChange(e, fc, *dry)
	}
}

// listTrash prints the deleted personas restore can put back.
func listTrash(e *env, d locations.Dirs, asJSON bool) error {
	list, err := personas.Trash(d)
	if err != nil {
		return err
	}
	if asJSON {
		if list == nil {
			list = []personas.TrashEntry{}
		}
		return writeJSON(e, list)
	}
	if len(list) == 0 {
		fmt.Fprintln(e.stdout, "the trash is empty")
	}
	for _, t := range list {
		fmt.Fprintf(e.stdout, "%s  %-16s %s\n", t.Deleted.Local().Format("2006-01-02 15:04"), t.Name, t.Path)
	}
	return nil
}

// newWarnings are the warnings of doc's edited text that its original text did not have
// (compared by message: the edit may move lines).
func newWarnings(doc *personas.Document) []personas.Problem {
	scope := doc.Persona().Scope
	_, now := personas.Parse(doc.Path(), doc.Bytes(), scope)
	var before []personas.Problem
	if orig := doc.Original(); orig != nil {
		_, before = personas.Parse(doc.Path(), orig, scope)
	}
	var out []personas.Problem
	for _, p := range now {
		if p.Severity != personas.Warning {
			continue
		}
		old := false
		for _, b := range before {
			old = old || b.Severity == p.Severity && b.Message == p.Message
		}
		if !old {
			out = append(out, p)
		}
	}
	return out
}
