package engine

import "github.com/agentmgr/agentmgr/wildcard"

// RulesOverlap reports whether some call could be matched by both rules: their permission
// patterns share a key and their value patterns share a value. It may answer true for rules
// that cannot meet in practice (it reads every pattern both as a path and as plain text), never
// false for rules that can.
func RulesOverlap(a, b Rule) bool {
	return wildcard.AnyMeet(KeyAlternatives(a.Permission), KeyAlternatives(b.Permission)) &&
		wildcard.AnyMeet(valueReadings(a.Pattern), valueReadings(b.Pattern))
}

// valueReadings lists the plain wildcards a value pattern stands for, read as plain text and
// as a path, each with the home directory expanded or not and with and without its optional
// " *" tail. Whose home it is the rules do not say, so `~` and `$HOME` are read as any folder
// (anyHome): two rules that could meet under some home are said to overlap.
func valueReadings(p string) []string {
	return append(Alternatives(p, PatternOptions{Home: anyHome}), Alternatives(p, PatternOptions{Path: true, Home: anyHome})...)
}

// anyHome is a home directory that stands for every folder.
const anyHome = "*"
