package shell

import (
	"fmt"
	"slices"
	"strings"
)

// PowerShell (pwsh, powershell, and powershell.exe through WSL's interop or Git Bash) runs code
// from -Command (-c, -CommandWithArgs), -EncodedCommand and script files. Its parameters take
// -, -- or / before them, any letter case, an unambiguous prefix of the name or an alias, and
// a value after a colon; a parameter the table below does not know asks, so a spelling this
// reading misses cannot slip a script past it.

// psParam is one parameter of PowerShell's command line that runs nothing: its name, its
// aliases, and whether it takes the next word as its value.
type psParam struct {
	name    string
	aliases []string
	value   bool
}

// psParams are the parameters that only set how the shell runs. -ConfigurationFile,
// -SettingsFile and -PSConsoleFile are not among them: each loads a file that can name code
// to load; nor is -Version, a value in Windows PowerShell and a switch in pwsh.
var psParams = []psParam{
	{name: "executionpolicy", aliases: []string{"ep", "ex"}, value: true},
	{name: "inputformat", aliases: []string{"inp", "if"}, value: true},
	{name: "outputformat", aliases: []string{"o", "of"}, value: true},
	{name: "windowstyle", aliases: []string{"w"}, value: true},
	{name: "workingdirectory", aliases: []string{"wd", "wo"}, value: true},
	{name: "custompipename", value: true},
	{name: "noprofile", aliases: []string{"nop"}},
	{name: "nologo", aliases: []string{"nol"}},
	{name: "noninteractive", aliases: []string{"noni"}},
	{name: "noexit", aliases: []string{"noe"}},
	{name: "noprofileloadtime"},
	{name: "sta"},
	{name: "mta"},
	{name: "login", aliases: []string{"l"}},
	{name: "interactive", aliases: []string{"i"}},
	{name: "help", aliases: []string{"h", "?"}},
}

// psKind is what a PowerShell parameter does.
type psKind int

const (
	psUnknown psKind = iota
	psCommand        // -Command, -c, -CommandWithArgs, -cwa: the rest is a script
	psEncoded        // -EncodedCommand, -e, -ec: a script the text does not show
	psFile           // -File, -f: a script file
	psFlag           // a parameter without a value
	psValue          // a parameter whose value is the next word
)

// psParameter returns what the parameter word n (lower case, its dashes or slash and any
// :value removed) does. A prefix of Command is Command, even where PowerShell would find it
// ambiguous: that is the stricter reading.
func psParameter(n string) psKind {
	switch {
	case n == "":
		return psUnknown
	case n == "cwa" || strings.HasPrefix("commandwithargs", n):
		return psCommand
	case n == "ep" || len(n) >= 2 && strings.HasPrefix("executionpolicy", n):
		return psValue
	case n == "ec" || n == "ea" || strings.HasPrefix("encodedcommand", n) || strings.HasPrefix("encodedarguments", n):
		return psEncoded
	case strings.HasPrefix("file", n):
		return psFile
	}
	for _, p := range psParams {
		if n == p.name || len(n) >= 3 && strings.HasPrefix(p.name, n) || slices.Contains(p.aliases, n) {
			if p.value {
				return psValue
			}
			return psFlag
		}
	}
	return psUnknown
}

// psOption splits a word that is a PowerShell parameter (-Name, --Name, /Name, -Name:value)
// into its name, lower case, and an attached value; ok is false for an operand. A word
// starting with / is a parameter only when its name is one PowerShell knows: otherwise it is
// a script's path.
func psOption(t string) (name, value string, attached, ok bool) {
	var rest string
	switch {
	case strings.HasPrefix(t, "--"):
		rest = t[2:]
	case strings.HasPrefix(t, "-") && t != "-":
		rest = t[1:]
	case strings.HasPrefix(t, "/"):
		rest = t[1:]
		if n, _, _ := strings.Cut(rest, ":"); psParameter(strings.ToLower(n)) == psUnknown {
			return "", "", false, false
		}
	default:
		return "", "", false, false
	}
	name, value, attached = strings.Cut(rest, ":")
	return strings.ToLower(name), value, attached, true
}

// powerShell handles pwsh and powershell: a script given with -Command (or, for powershell,
// as its first operand, which Windows PowerShell reads as -Command) is shown but not trusted,
// since this package parses bash; -EncodedCommand and a parameter it does not know ask; a
// script file is read as other shells' are; with no script the shell reads standard input.
func powerShell(name string, args []word, _ stdin) lookThrough {
	var lt lookThrough
	for i := 0; i < len(args); i++ {
		t := args[i].text
		if !args[i].literal {
			lt.ask = fmt.Sprintf("the argument %s of %s is only known when the command runs, and could be a script", t, name)
			return lt
		}
		opt, value, attached, isOpt := psOption(t)
		kind := psParameter(opt)
		switch {
		case t == "-":
			lt.readsStdin = name
			return lt
		case !isOpt && name == "powershell", isOpt && kind == psCommand:
			text := value
			from := i + 1
			if !isOpt {
				from = i
			}
			if rest := joinTexts(args[from:]); rest != "" {
				text = strings.TrimSpace(text + " " + rest)
			}
			if text == "-" || text == "" {
				lt.readsStdin = name
				return lt
			}
			lt.scripts = append(lt.scripts, script{text: text, what: "the script given to " + name + " " + t + ", in a language other than bash"})
			return lt
		case !isOpt:
			scriptFile(&lt, name, args[i])
			return lt
		case kind == psEncoded:
			lt.ask = fmt.Sprintf("%s %s runs an encoded script, which the command text does not show", name, t)
			return lt
		case kind == psFile:
			switch {
			case attached:
				scriptFile(&lt, name, word{text: value, literal: true})
			case i+1 < len(args):
				scriptFile(&lt, name, args[i+1])
			default:
				lt.readsStdin = name
			}
			return lt
		case kind == psValue && !attached:
			// A value that looks like a parameter may be one, if this PowerShell's parameter
			// takes no value (-Version does in one edition, not in the other).
			if i+1 < len(args) && (strings.HasPrefix(args[i+1].text, "-") || strings.HasPrefix(args[i+1].text, "/")) {
				lt.ask = fmt.Sprintf("the value %s of %s %s could be a parameter", args[i+1].text, name, t)
				return lt
			}
			i++
		case kind == psUnknown:
			lt.ask = fmt.Sprintf("%s %s is a parameter this analysis does not know, and could run a script", name, t)
			return lt
		}
	}
	lt.readsStdin = name
	return lt
}
