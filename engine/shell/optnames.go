package shell

import (
	"slices"
	"strings"
)

// LongOptions are the long options (--name) the engine's option tables know for a command
// given by its words (a program, then its subcommands: git push), sorted; nil when there is no
// table for it. An export to a rule language without wildcards uses them to spell out what a
// pattern such as `git push --force*` matches.
func LongOptions(words ...string) []string {
	if len(words) == 0 {
		return nil
	}
	t := optionTables[words[0]]
	for _, w := range words[1:] {
		if t == nil || t.subs == nil {
			return nil
		}
		t = t.subs[w]
	}
	if t == nil {
		return nil
	}
	out := make([]string, 0, len(t.long))
	for _, l := range t.long {
		name, _, _ := strings.Cut(l, "=")
		out = append(out, "--"+name)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// SubcommandsWith are the subcommands of program whose option table knows the long option opt
// (--hard: git reset), sorted.
func SubcommandsWith(program, opt string) []string {
	t := optionTables[program]
	if t == nil {
		return nil
	}
	var out []string
	for name := range t.subs {
		if slices.Contains(LongOptions(program, name), opt) {
			out = append(out, name)
		}
	}
	slices.Sort(out)
	return out
}
