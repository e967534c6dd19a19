package shell

// git: the options and configuration keys that make it run commands.

import "strings"

// gitScriptKeys are configuration keys whose value git runs as a shell
// command.
var gitScriptKeys = []string{"core.pager", "core.editor", "core.sshcommand", "core.fsmonitor", "sequence.editor", "diff.external", "pager."}

// git looks through the commands git runs from its arguments: -c values
// that are shell commands (alias.x=!cmd, core.pager=cmd), rebase -x/--exec,
// submodule foreach and bisect run. That these need a rule naming them is
// the code-running catalogue's business (codeNeeds).
func git(name string, args []word, _ stdin) lookThrough {
	var lt lookThrough
	i, aliases := gitGlobalOptions(args, &lt)
	if i >= len(args) {
		return lt
	}
	sub, rest := args[i].text, args[i+1:]
	if a, ok := aliases[sub]; ok {
		// The alias runs git with its words in the subcommand's place.
		if !a.literal {
			lt.ask = "the alias given to git -c is only known when the command runs"
			return lt
		}
		cmd := []word{{text: "git", literal: true}}
		for f := range strings.FieldsSeq(a.text) {
			cmd = append(cmd, word{text: f, literal: true})
		}
		lt.commands = append(lt.commands, append(cmd, rest...))
		return lt
	}
	switch sub {
	case "rebase":
		gitRebaseExec(rest, &lt)
	case "submodule":
		gitSubmoduleForeach(rest, &lt)
	case "bisect":
		if len(rest) > 1 && rest[0].text == "run" {
			lt.commands = append(lt.commands, rest[1:])
		}
	}
	return lt
}

// gitGlobalOptions reads git's options before its subcommand: the shell commands of -c values
// (alias.x=!cmd, core.pager=cmd) go into lt's scripts, and the other aliases -c defines are
// returned by name. It returns the index of the subcommand (len(args) when there is none).
func gitGlobalOptions(args []word, lt *lookThrough) (int, map[string]word) {
	var aliases map[string]word // git -c alias.p=push: p runs git push
	i := 0
	for ; i < len(args); i++ {
		t := args[i].text
		if !strings.HasPrefix(t, "-") {
			break
		}
		v := word{}
		switch {
		case t == "-c" && i+1 < len(args):
			i++
			v = args[i]
		case strings.HasPrefix(t, "-c") && !strings.HasPrefix(t, "--"):
			v = word{text: t[2:], literal: args[i].literal}
		case t == "-C" || t == "--git-dir" || t == "--work-tree" || t == "--namespace":
			i++
			continue
		default:
			continue
		}
		key, value, _ := strings.Cut(v.text, "=")
		key = strings.ToLower(key)
		if cmd, ok := strings.CutPrefix(value, "!"); ok && strings.HasPrefix(key, "alias.") {
			lt.scripts = append(lt.scripts, script{text: cmd, literal: v.literal, what: "the alias given to git -c"})
			continue
		}
		if name, ok := strings.CutPrefix(key, "alias."); ok && value != "" {
			if aliases == nil {
				aliases = map[string]word{}
			}
			aliases[name] = word{text: value, literal: v.literal}
		}
		for _, k := range gitScriptKeys {
			if strings.HasPrefix(key, k) {
				lt.scripts = append(lt.scripts, script{text: value, literal: v.literal, what: "the command given to git -c " + key})
			}
		}
	}
	return i, aliases
}

// gitRebaseExec adds the commands git rebase -x/--exec runs after each commit.
func gitRebaseExec(rest []word, lt *lookThrough) {
	for j := 0; j < len(rest); j++ {
		t := rest[j].text
		switch {
		case (t == "-x" || t == "--exec") && j+1 < len(rest):
			lt.scripts = append(lt.scripts, script{text: rest[j+1].text, literal: rest[j+1].literal, what: "the command given to git rebase " + t})
			j++
		case strings.HasPrefix(t, "--exec="):
			lt.scripts = append(lt.scripts, script{text: t[len("--exec="):], literal: rest[j].literal, what: "the command given to git rebase --exec"})
		case strings.HasPrefix(t, "-x") && len(t) > 2:
			lt.scripts = append(lt.scripts, script{text: t[2:], literal: rest[j].literal, what: "the command given to git rebase -x"})
		}
	}
}

// gitSubmoduleForeach adds the command git submodule foreach runs in every submodule.
func gitSubmoduleForeach(rest []word, lt *lookThrough) {
	for j, w := range rest {
		if w.text != "foreach" {
			continue
		}
		k := j + 1
		for k < len(rest) && strings.HasPrefix(rest[k].text, "-") {
			k++
		}
		if k < len(rest) {
			lt.scripts = append(lt.scripts, shellString(rest[k:], "the command given to git submodule foreach"))
		}
		return
	}
}
