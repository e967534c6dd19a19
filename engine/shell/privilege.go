package shell

var sudoOptions = optionSet{
	flags: "AbBEeHiKklnPSsVv",
	args:  "aCcDghpRrTtUu",
	longArgs: []string{"user", "group", "close-from", "chdir", "host", "prompt", "role", "type",
		"command-timeout", "other-user", "chroot", "login-class", "auth-type"},
	longFlags: []string{"askpass", "background", "bell", "edit", "set-home", "help", "login",
		"remove-timestamp", "reset-timestamp", "list", "non-interactive", "preserve-groups",
		"shell", "stdin", "validate", "version"},
	longAttached: []string{"preserve-env"},
}

// sudo runs its command, or with -s/-i and no command a shell reading
// standard input. -e (edit files), -l (list), -v, -V and -K run nothing.
func sudo(name string, args []word, _ stdin) lookThrough {
	shellMode, runsNothing, edit := false, false, false
	s := scanOptions(args, &sudoOptions, func(o option) {
		switch o.name {
		case "s", "i", "shell", "login":
			shellMode = true
		case "e", "edit":
			edit = true
		case "l", "list", "v", "validate", "V", "version", "K", "remove-timestamp", "help":
			runsNothing = true
		}
	})
	lt := lookThrough{ask: optionTrouble(name, s)}
	if edit {
		// sudo -e FILE... edits the files as root: each is an edit.
		lt.edits = args[s.rest:]
		return lt
	}
	if runsNothing {
		return lt
	}
	rest := skipAssignments(args, s.rest)
	lt.env = args[s.rest:rest]
	switch {
	case rest < len(args):
		lt.commands = append(lt.commands, args[rest:])
	case shellMode:
		lt.readsStdin = name + " -s"
	}
	return lt
}

var doasOptions = optionSet{flags: "Lns", args: "Cu"}

// doas runs its command, or with -s a shell reading standard input. -C
// (check the configuration) and -L run nothing.
func doas(name string, args []word, _ stdin) lookThrough {
	shellMode, runsNothing := false, false
	s := scanOptions(args, &doasOptions, func(o option) {
		switch o.name {
		case "s":
			shellMode = true
		case "C", "L":
			runsNothing = true
		}
	})
	lt := lookThrough{ask: optionTrouble(name, s)}
	switch {
	case runsNothing:
	case s.rest < len(args):
		lt.commands = append(lt.commands, args[s.rest:])
	case shellMode:
		lt.readsStdin = name + " -s"
	}
	return lt
}

var suOptions = optionSet{
	flags:     "flmpPhV",
	args:      "cgGswu",
	longArgs:  []string{"command", "session-command", "group", "supp-group", "shell", "whitelist-environment", "user"},
	longFlags: []string{"fast", "login", "preserve-environment", "pty", "help", "version"},
}

// su (and runuser) run a shell as another user: the shell string of -c,
// or with runuser -u USER a command, or else a shell reading standard input
// (or running a script file named after the user). Options may come after
// the user, as GNU getopt allows.
func su(name string, args []word, _ stdin) lookThrough {
	var shellString *word
	userOption := false
	visit := func(o option) {
		switch o.name {
		case "c", "command", "session-command":
			v := o.value
			shellString = &v
		case "u", "user":
			userOption = true
		}
	}
	var operands []word
	var lt lookThrough
	for i := 0; i < len(args); {
		s := scanOptions(args[i:], &suOptions, visit)
		if lt.ask == "" {
			lt.ask = optionTrouble(name, s)
		}
		i += s.rest
		if s.dashDash || userOption {
			operands = append(operands, args[i:]...)
			break
		}
		if i < len(args) {
			if args[i].text != "-" {
				operands = append(operands, args[i])
			}
			i++
		}
	}
	switch {
	case shellString != nil:
		lt.scripts = []script{{text: shellString.text, literal: shellString.literal, what: "the command given to " + name + " -c"}}
	case userOption:
		if len(operands) > 0 {
			lt.commands = append(lt.commands, operands)
		}
	case len(operands) <= 1:
		lt.readsStdin = name
	default:
		// su USER ARG...: the ARGs go to the user's shell (su root -- -c
		// 'CMD' runs CMD), so they are read as a shell's arguments.
		lt.commands = append(lt.commands, append([]word{{text: "sh", literal: true}}, operands[1:]...))
	}
	return lt
}

var chrootOptions = optionSet{
	longArgs:  []string{"userspec", "groups"},
	longFlags: []string{"skip-chdir", "help", "version"},
}

// chroot NEWROOT runs its command, or an interactive shell when none is
// given.
func chroot(name string, args []word, _ stdin) lookThrough {
	s := scanOptions(args, &chrootOptions, nil)
	lt := lookThrough{ask: optionTrouble(name, s)}
	switch rest := s.rest + 1; {
	case rest < len(args):
		lt.commands = append(lt.commands, args[rest:])
	case rest == len(args):
		lt.readsStdin = name
	}
	return lt
}
