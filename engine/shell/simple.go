package shell

import "fmt"

// lookThrough is what a wrapper runs, as its handler found it.
type lookThrough struct {
	// commands are the commands the wrapper runs, each as its words: one
	// for most wrappers, one per action for find.
	commands [][]word
	// detach is true when the commands do not read the wrapper's standard input
	// (xargs feeds its input to the command line, not to the command).
	detach bool
	// scripts are shell scripts the wrapper runs (sh -c, eval, watch).
	scripts []script
	// readsStdin names a shell the wrapper runs on its standard input as
	// a script (bash with no script, sudo -s with no command); "" if none.
	readsStdin string
	// ask says why the wrapper itself must be asked about, if it must.
	ask string
}

// script is a shell script handed to a wrapper.
type script struct {
	text    string // the script, in its visible form when not literal
	literal bool   // text is exactly what will run
	what    string // names the script in messages: "the script given to sh -c"
}

// handler finds what a wrapper named name runs, given its arguments and
// its standard input.
type handler func(name string, args []word, in stdin) lookThrough

// simple adds the unit of a simple command given by its words (at least
// one), then the units of whatever it wraps. level counts the wrappers
// around it.
func (a *analyzer) simple(src *source, words []word, in stdin, level int) {
	at := len(a.units)
	a.units = append(a.units, newUnit(words))
	if !words[0].literal {
		return
	}
	name := baseName(words[0].text)
	h := handlers[name]
	if h == nil {
		return
	}
	lt := h(name, words[1:], in)
	if lt.ask != "" {
		a.ask(at, lt.ask)
	}
	if len(lt.commands) > 0 && level+1 >= maxWrapperDepth {
		a.ask(at, fmt.Sprintf("wrappers nest more than %d deep; the command inside is not analysed", maxWrapperDepth))
		lt.commands = nil
	}
	innerIn := in
	if lt.detach {
		innerIn = stdin{}
	}
	for _, c := range lt.commands {
		a.simple(src, c, innerIn, level+1)
	}
	if lt.readsStdin != "" {
		if in.given {
			lt.scripts = append(lt.scripts, script{text: in.script, literal: in.literal, what: "the script fed to " + lt.readsStdin})
		} else {
			a.ask(at, lt.readsStdin+" runs the commands it reads on standard input, which the command text does not show")
		}
	}
	for _, s := range lt.scripts {
		a.run(src, at, s)
	}
}

// run analyses a script handed to the wrapper whose unit is at index at.
func (a *analyzer) run(src *source, at int, s script) {
	if src.depth+1 > maxScriptDepth {
		a.ask(at, fmt.Sprintf("scripts nest more than %d deep; %s is not analysed", maxScriptDepth, s.what))
		return
	}
	if s.literal {
		a.script(s.text, src.depth+1, s.what)
		return
	}
	a.ask(at, s.what+" is only known when the command runs")
	a.bestEffort(s.text, src.depth+1)
}

// ask sets the AskReason of the unit at index at, keeping the first reason
// given.
func (a *analyzer) ask(at int, reason string) {
	if a.units[at].AskReason == "" {
		a.units[at].AskReason = reason
	}
}
