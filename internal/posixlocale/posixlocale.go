// Package posixlocale keeps a C or POSIX locale with a codeset (LANG=C.UTF-8, common in
// containers and CI) away from the packages' initialisation.
//
// Fyne's lang package reads the locale while the program initialises, cannot parse "C" as a
// language, and logs three "Fyne error" lines to stderr before main runs: noise on every CLI
// command. A plain "C" or "POSIX" is understood as "no locale", so while packages initialise
// the variable that decides the locale reads "C", and main puts the real value back with
// Restore before anything else runs. Nothing else is hidden: other init-time output still
// reaches stderr.
//
// Import this package (for its side effect and Restore) from main only. Go initialises
// packages in import-path order among those whose imports are ready; this package imports
// only os, so it is initialised before any package that reads the locale through os
// (github.com/jeandeaual/go-locale, which Fyne's lang package imports, sorts after it).
package posixlocale

import (
	"os"
	"strings"
)

// localeVars are the variables that name the locale, in the order they take precedence.
var localeVars = []string{"LC_ALL", "LC_MESSAGES", "LANG"}

// saved is the variable changed at start-up and its value, for Restore; name is "" when
// nothing was changed.
var saved struct{ name, value string }

func init() { saved.name, saved.value = hide() }

// hide sets the deciding locale variable to "C" when it is C or POSIX with a codeset or
// modifier, and returns its name and old value ("" when nothing changed).
func hide() (name, value string) {
	for _, v := range localeVars {
		val := os.Getenv(v)
		if val == "" {
			continue
		}
		if !isPOSIXWithSuffix(val) {
			return "", ""
		}
		if os.Setenv(v, "C") != nil {
			return "", ""
		}
		return v, val
	}
	return "", ""
}

// isPOSIXWithSuffix reports whether a locale value is C or POSIX followed by a codeset or
// modifier ("C.UTF-8", "POSIX@euro"); a bare "C" needs no help.
func isPOSIXWithSuffix(val string) bool {
	for _, base := range []string{"C", "POSIX"} {
		if rest, ok := strings.CutPrefix(val, base); ok && rest != "" && (rest[0] == '.' || rest[0] == '@') {
			return true
		}
	}
	return false
}

// Restore puts the locale variable changed at start-up back, so that the program and the
// processes it starts see the environment they were given. It is safe to call more than once.
func Restore() {
	if saved.name != "" {
		os.Setenv(saved.name, saved.value)
		saved.name = ""
	}
}

// Hide does for the rest of the process what the package does while packages initialise. The
// desktop app calls it: Fyne reads the locale again when it starts (and while it runs), and
// nothing in the app needs the codeset of a C locale.
func Hide() {
	if saved.name == "" {
		saved.name, saved.value = hide()
	}
}
