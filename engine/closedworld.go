package engine

import (
	"fmt"
	"path"
	"path/filepath"
	"strings"

	"github.com/agentmgr/agentmgr/engine/shell"
	"github.com/agentmgr/agentmgr/wildcard"
)

// The closed world (docs/shell.md): the shell analysis cannot know every program that runs
// another one, reads a file or takes code in an option, so a command that mentions a program
// the rules deny or ask about, or a path they protect, asks, wherever the mention stands.

// mentionRule is a bash rule that denies or asks, read as the words a command must mention
// for the rule to be at stake: the literal words its pattern starts with (`git push *` gives
// git, push).
type mentionRule struct {
	words []string
}

// protectedPath is an edit or read rule that denies or asks for some paths (not all: a
// catch-all is what the edit and read units of the analysis are decided by).
type protectedPath struct {
	key  string // EditKey or ReadKey
	rule *compiledRule
	home string // the home directory of the ruleset
	dir  string // the folder the pattern protects the contents of (`~/.ssh` for `~/.ssh/*`), expanded; "" if none
	// pattern and val are the path pattern protected: the rule's, or for a group rule
	// (`@ssh-keys`) one of the group's.
	pattern string
	val     *Pattern
}

// closedWorld is what one compiled ruleset makes a shell key watch for.
type closedWorld struct {
	names     map[string][]mentionRule // by the rule's first word
	protected []protectedPath
	families  map[shell.Effect][]familyRule // deny and ask rules that stand for an effect
}

// closedWorld returns the watch list of c for shell key key, computed once per key.
func (c *Compiled) closedWorld(key string) *closedWorld {
	if v, ok := c.worlds.Load(key); ok {
		return v.(*closedWorld)
	}
	cw := &closedWorld{}
	for _, i := range c.candidates(key) {
		r := &c.rules[i]
		if r.Action == Allow || r.catchAll {
			continue
		}
		words := leadingWords(r.Pattern)
		if len(words) == 0 {
			continue
		}
		if cw.names == nil {
			cw.names = map[string][]mentionRule{}
		}
		first := words[0][strings.LastIndexByte(words[0], '/')+1:]
		cw.names[first] = append(cw.names[first], mentionRule{words: words})
		if fam, fw, star, ok := familyWords(r.Pattern); ok && !r.NoEffects {
			if cw.families == nil {
				cw.families = map[shell.Effect][]familyRule{}
			}
			cw.families[fam.Effect] = append(cw.families[fam.Effect], familyRule{words: fw, star: star, rule: r})
		}
	}
	for _, k := range [...]string{shell.EditKey, shell.ReadKey} {
		for _, i := range c.candidates(k) {
			r := &c.rules[i]
			if r.Action == Allow || r.catchAll || IsCatchAll(strings.TrimPrefix(r.Pattern, "/")) {
				continue
			}
			members := r.members
			if members == nil {
				members = []member{{src: r.Pattern, pathVal: r.pathVal}}
			}
			for _, m := range members {
				pp := protectedPath{key: k, rule: r, home: c.home, pattern: m.src, val: m.pathVal}
				p := NormalizePath(m.src, c.home)
				if d, ok := strings.CutSuffix(p, "/*"); ok && !strings.ContainsAny(d, "*?") {
					pp.dir = d
				} else if d, ok := strings.CutSuffix(p, "/**"); ok && !strings.ContainsAny(d, "*?") {
					pp.dir = d
				}
				cw.protected = append(cw.protected, pp)
			}
		}
	}
	c.worlds.Store(key, cw)
	return cw
}

// leadingWords returns the words a pattern starts with up to its first wildcard; none when
// its first word has one.
func leadingWords(pattern string) []string {
	var out []string
	for w := range strings.FieldsSeq(pattern) {
		if strings.ContainsAny(w, "*?") {
			break
		}
		out = append(out, w)
	}
	return out
}

// maxMentionTokens bounds the words after a mention that are tried as its arguments.
const maxMentionTokens = 32

// mentioned looks for a program the rules deny or ask about in the unit's mentions. It
// returns the command the mention could stand for (`rm victim`) and its decision, or ok false.
func (p *Policy) mentioned(key string, u shell.Unit) (string, Decision, bool) {
	if u.Mentions == "" {
		return "", Decision{}, false
	}
	worlds := p.worlds(key)
	hit := false
	shell.MentionTokens(u.Mentions, false, func(tok string) bool {
		base := tok[strings.LastIndexByte(tok, '/')+1:]
		for _, cw := range worlds {
			if _, ok := cw.names[base]; ok {
				hit = true
				return false
			}
		}
		return true
	})
	if !hit {
		return "", Decision{}, false
	}
	var toks []string
	shell.MentionTokens(u.Mentions, false, func(tok string) bool {
		toks = append(toks, tok)
		return true
	})
	for i, tok := range toks {
		base := tok[strings.LastIndexByte(tok, '/')+1:]
		for _, cw := range worlds {
			for _, mr := range cw.names[base] {
				end, ok := inOrder(mr.words[1:], toks[i+1:])
				if !ok {
					continue
				}
				rest := toks[i+1+end:]
				if len(rest) > maxMentionTokens {
					rest = rest[:maxMentionTokens]
				}
				hyp := strings.Join(append([]string{base}, mr.words[1:]...), " ")
				if len(rest) > 0 {
					hyp += " " + strings.Join(rest, " ")
				}
				if d := p.Decide(key, hyp); d.Action != Allow {
					return hyp, d, true
				}
			}
		}
	}
	return "", Decision{}, false
}

// inOrder reports whether words appear in toks in order, and the index just after the last.
func inOrder(words, toks []string) (int, bool) {
	j := 0
	for _, w := range words {
		for j < len(toks) && toks[j] != w {
			j++
		}
		if j == len(toks) {
			return 0, false
		}
		j++
	}
	return j, true
}

// worlds returns the watch lists of every layer that can deny or ask: the persona's and
// each guards file's (a session only allows).
func (p *Policy) worlds(key string) []*closedWorld {
	out := make([]*closedWorld, 0, 1+len(p.Guards))
	out = append(out, p.Persona.closedWorld(key))
	for _, g := range p.Guards {
		out = append(out, g.closedWorld(key))
	}
	return out
}

// protectedMention looks for a path an edit or read rule protects in the unit's mentions.
// A known reader's operand is decided as a read; any other mention is at least ask when the
// protecting key does not allow the path. It returns the path, its decision and the key.
func (p *Policy) protectedMention(key string, u shell.Unit) (string, Decision, bool) {
	if u.Mentions == "" || u.Looks {
		return "", Decision{}, false
	}
	worlds := p.worlds(key)
	any := false
	for _, cw := range worlds {
		any = any || len(cw.protected) > 0
	}
	if !any {
		return "", Decision{}, false
	}
	var found string
	var out Decision
	shell.MentionTokens(u.Mentions, true, func(tok string) bool {
		for _, name := range pathSpellings(tok, u.Dir) {
			for _, cw := range worlds {
				for _, pp := range cw.protected {
					child, glob, ok := pp.touches(name)
					if !ok || glob && u.Reads && pp.key != shell.ReadKey {
						continue
					}
					k := pp.key
					if u.Reads {
						k = shell.ReadKey
					}
					var d Decision
					if glob {
						d = p.decideGlob(pp, k, tok, name, u)
					} else {
						d = p.decidePath(k, child)
					}
					if d.Action == Allow {
						continue
					}
					if !u.Reads && d.Action == Deny {
						d.Action = Ask
					}
					found, out = tok, d
					return false
				}
			}
		}
		return true
	})
	return found, out, found != ""
}

// decideGlob decides a glob operand name (mentioned as tok) that can match a path pp protects.
// Which files it matches is only known at run time, so the rule that protects the path decides,
// unless the command is a known reader of its operands and the policy knows where the call runs:
// then the glob is matched against the files there as the call is decided (dot files
// included, as under dotglob), and each match is decided as a read; a glob that matches no
// protected file is no read of one. A glob bash would read differently (globstar's **, an
// extended glob, a brace) keeps the rule's answer.
func (p *Policy) decideGlob(pp protectedPath, key, tok, name string, u shell.Unit) Decision {
	rule := Decision{Action: pp.rule.Action, Rule: &pp.rule.Rule, Permission: pp.key, Value: tok, Reason: pp.rule.Reason}
	if !u.Reads || u.DirUnknown || p.Place == nil || p.Place.Cwd == "" || strings.Contains(name, "**") || strings.ContainsAny(name, "(){}$`\\") {
		return rule
	}
	pattern := NormalizePath(name, pp.home)
	if !filepath.IsAbs(pattern) {
		pattern = filepath.Join(p.Place.Cwd, pattern)
	}
	matches, err := filepath.Glob(pattern)
	if err != nil {
		return rule
	}
	d := Decision{Action: Allow, Permission: key, Value: tok}
	for _, m := range matches {
		if md := p.decidePath(key, m); md.Action.rank() > d.Action.rank() {
			d = md
			d.Reason = joinReason(d.Reason, fmt.Sprintf("%s matches %s now", quote(tok), quote(m)))
		}
	}
	return d
}

// touches reports whether the path name (home expanded or not) can be a path pp protects:
// the pattern matches it, or a glob in it, or it is the folder whose contents the pattern
// protects. It returns the path to decide (name, or for a folder a path inside it) and
// whether name is a glob.
func (pp protectedPath) touches(name string) (string, bool, bool) {
	v := NormalizePath(name, pp.home)
	if strings.ContainsAny(v, "*?[") {
		pat := NormalizePath(pp.pattern, pp.home)
		if !strings.HasPrefix(v, "/") && strings.HasPrefix(pat, "/") && !strings.Contains(v, "..") {
			// A relative glob names files below the working directory, which an
			// absolute pattern is not known to be.
			return "", true, false
		}
		return name, true, wildcard.Meet(bracketsAsAny(v), pat)
	}
	if pp.val.Match(v) {
		return name, false, true
	}
	if pp.dir != "" && strings.TrimSuffix(v, "/") == pp.dir {
		return strings.TrimSuffix(name, "/") + "/x", false, true
	}
	return "", false, false
}

// bracketsAsAny turns each bracket expression of a shell glob into `?`, which matches at
// least what the bracket does.
func bracketsAsAny(g string) string {
	if !strings.Contains(g, "[") {
		return g
	}
	var b strings.Builder
	for i := 0; i < len(g); i++ {
		if g[i] == '[' {
			if j := strings.IndexByte(g[i+1:], ']'); j >= 0 {
				b.WriteByte('?')
				i += j + 1
				continue
			}
		}
		b.WriteByte(g[i])
	}
	return b.String()
}

// pathSpellings lists the names a mentioned word may stand for as a path: as written, with
// ${HOME}, ~user and ~+ read as the home or the working directory, cleaned (`..`, `//`), and
// joined to the directory the command moved to.
func pathSpellings(tok, dir string) []string {
	t := tok
	if !strings.HasPrefix(t, "${") {
		t = strings.TrimPrefix(t, "{")
	}
	t = strings.TrimSuffix(t, "}")
	// curl -d @FILE, httpie f@FILE: the file after the '@'.
	t = strings.TrimPrefix(t, "@")
	if t == "" {
		return nil
	}
	t = strings.ReplaceAll(t, "${HOME}", "$HOME")
	switch {
	case strings.HasPrefix(t, "~+"):
		t = "." + t[2:]
	case strings.HasPrefix(t, "~") && len(t) > 1 && t[1] != '/':
		// ~user: another user's home, or this one's under its own name.
		if i := strings.IndexByte(t, '/'); i > 0 {
			t = "~" + t[i:]
		} else {
			t = "~"
		}
	}
	out := []string{t}
	if t != tok {
		out = []string{tok, t}
	}
	if c := path.Clean(t); c != t && c != "." {
		out = append(out, c)
	}
	if dir != "" && !strings.HasPrefix(t, "/") && !strings.HasPrefix(t, "~") && !strings.HasPrefix(t, "$HOME") {
		// Joined lexically (as bash's logical cd reads it) and as spelt (as the kernel does,
		// each link before the next `..`, once the Place resolves it).
		out = append(out, path.Join(dir, t))
		if spelt := strings.TrimSuffix(dir, "/") + "/" + t; spelt != out[len(out)-1] {
			out = append(out, spelt)
		}
	}
	return out
}

// watches reports whether some layer's rules deny or ask a command starting with the program
// prog (by its base name).
func (p *Policy) watches(key, prog string) bool {
	for _, cw := range p.worlds(key) {
		if len(cw.names[prog]) > 0 {
			return true
		}
	}
	return false
}

// baseNameOf returns the base name of the first word of text.
func baseNameOf(text string) string {
	f, _, _ := strings.Cut(text, " ")
	return f[strings.LastIndexByte(f, '/')+1:]
}
