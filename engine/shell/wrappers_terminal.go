package shell

// Terminal multiplexers and recorders that run commands: tmux, screen, script.

import (
	"fmt"
	"strings"
)

// tmuxRunners are tmux commands whose operands are a shell command, with
// their options that take a value.
var tmuxRunners = map[string]string{
	"new-session": "cefFnstxy", "new": "cefFnstxy",
	"new-window": "cefFnt", "neww": "cefFnt",
	"split-window": "celtF", "splitw": "celtF",
	"respawn-pane": "cet", "respawnp": "cet",
	"respawn-window": "cet", "respawnw": "cet",
	"run-shell": "cdt", "run": "cdt",
	"pipe-pane": "t", "pipep": "t",
}

// tmuxAsks are tmux commands that run tmux commands or shell commands in
// ways not followed here.
var tmuxAsks = map[string]bool{
	"if-shell": true, "if": true, "set-option": true, "set": true, "set-window-option": true, "setw": true,
	"set-hook": true, "bind-key": true, "bind": true, "source-file": true, "source": true, "display-popup": true,
	"popup": true, "command-prompt": true, "confirm-before": true, "confirm": true, "display-menu": true, "menu": true,
	"set-environment": true, "setenv": true, "send-prefix": true,
}

// tmuxOptions are tmux's global options, before its first command: getopt's, so -uc CMD and
// -2L NAME are read as tmux reads them.
var tmuxOptions = optionSet{flags: "2CDdlNqUuvV", args: "cfLST"}

// tmux runs a chain of commands separated by ";" words; the global -c
// runs a shell command (the last -c given; each is looked at).
func tmux(name string, args []word, _ stdin) lookThrough {
	var lt lookThrough
	for _, w := range args {
		if !w.literal && lt.ask == "" {
			lt.ask = fmt.Sprintf("%s has the argument %s, which is only known when the command runs", name, w.text)
		}
		if strings.Contains(w.text, "#(") && lt.ask == "" {
			lt.ask = fmt.Sprintf("%s runs the shell command of the #( ) format in %s", name, w.text)
		}
	}
	s := scanOptions(args, &tmuxOptions, func(o option) {
		if o.name == "c" && o.hasValue && o.value.text != "" {
			lt.scripts = append(lt.scripts, script{text: o.value.text, literal: o.value.literal, what: "the command given to tmux -c"})
		}
	})
	if lt.ask == "" {
		lt.ask = optionTrouble(name, s)
	}
	if len(lt.scripts) > 0 {
		// tmux runs the shell command and none of its own.
		return lt
	}
	for i := s.rest; i < len(args); {
		end := i
		for end < len(args) && args[end].text != ";" && !strings.HasSuffix(args[end].text, `\;`) {
			end++
		}
		cmd := args[i:end]
		if end < len(args) && args[end].text != ";" && args[end].text != `\;` {
			// A word ending in \; ends the command, and what comes before the \; is its
			// last word (new -d 'find . -exec cat {} \;').
			last := args[end]
			last.text = strings.TrimSuffix(last.text, `\;`)
			cmd = append(append([]word(nil), cmd...), last)
		}
		tmuxCommand(&lt, name, cmd)
		i = end + 1
	}
	return lt
}

// tmuxCommand adds what one tmux command runs.
func tmuxCommand(lt *lookThrough, name string, cmd []word) {
	if len(cmd) == 0 {
		return
	}
	sub := cmd[0].text
	switch {
	case tmuxAsks[sub]:
		if lt.ask == "" {
			lt.ask = fmt.Sprintf("%s %s may run commands that are not followed here", name, sub)
		}
	case sub == "send-keys" || sub == "send":
		// The keys are typed into a pane, whose shell runs them.
		var keys []string
		literal := true
		i := 1
		for ; i < len(cmd) && strings.HasPrefix(cmd[i].text, "-"); i++ {
			if cmd[i].text == "-t" || cmd[i].text == "-N" {
				i++
			}
		}
		for _, k := range cmd[min(i, len(cmd)):] {
			literal = literal && k.literal
			switch k.text {
			case "Enter", "C-m", "KPEnter", "C-j":
				keys = append(keys, "\n")
			case "Space":
				keys = append(keys, " ")
			default:
				keys = append(keys, k.text)
			}
		}
		lt.scripts = append(lt.scripts, script{text: strings.Join(keys, ""), literal: literal, what: "the keys sent with " + name + " send-keys"})
	default:
		opts, ok := tmuxRunners[sub]
		if !ok {
			return
		}
		i := 1
		for i < len(cmd) && strings.HasPrefix(cmd[i].text, "-") && len(cmd[i].text) > 1 {
			t := cmd[i].text
			i++
			if t == "--" {
				break
			}
			if strings.IndexByte(opts, t[len(t)-1]) >= 0 {
				i++
			}
		}
		if i < len(cmd) {
			lt.scripts = append(lt.scripts, shellString(cmd[i:], "the command given to "+name+" "+sub))
		}
	}
}

// screen runs its command (in a new window); -X sends screen commands
// (stuff types text into a window), -s names the shell and -c a
// configuration file, all of which ask.
func screen(name string, args []word, _ stdin) lookThrough {
	var lt lookThrough
	i := 0
	for i < len(args) {
		t := args[i].text
		if !strings.HasPrefix(t, "-") {
			break
		}
		i++
		switch t {
		case "-X", "-s", "-c":
			lt.ask = fmt.Sprintf("%s %s may run commands that are not followed here", name, t)
			return lt
		case "-ls", "-list", "-wipe", "-v", "-version", "--help", "-r", "-R", "-x":
			return lt
		case "-Logfile":
			i++
		default:
			// A cluster (-dmS name) ends with at most one option that
			// takes the next word.
			if strings.ContainsAny(t[len(t)-1:], "SehpTt") {
				i++
			}
		}
	}
	if i < len(args) {
		lt.commands = append(lt.commands, args[i:])
	}
	return lt
}

var scriptOptions = optionSet{
	flags: "aeEfhqVO", args: "cBImoTt",
	longArgs:     []string{"command", "log-in", "log-out", "log-io", "log-timing", "logging-format", "output-limit", "echo"},
	longAttached: []string{"timing"},
	longFlags:    []string{"append", "return", "flush", "force", "quiet", "help", "version"},
}

// scriptCmd is util-linux script: -c runs a shell string, otherwise a
// shell reads standard input; the FILE operand is written.
func scriptCmd(name string, args []word, _ stdin) lookThrough {
	cmd, s := scanShellString(args, &scriptOptions)
	lt := lookThrough{ask: optionTrouble(name, s)}
	if cmd != nil {
		lt.scripts = append(lt.scripts, script{text: cmd.text, literal: cmd.literal, what: "the command given to " + name + " -c"})
	} else {
		lt.readsStdin = name
	}
	lt.edits = append(lt.edits, args[s.rest:]...)
	return lt
}
