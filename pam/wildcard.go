package pam

import "github.com/agentmgr/agentmgr/wildcard"

// Match is the AM's wildcardMatch(str, pattern) on Linux: package wildcard's JavaScript
// reading (`\` as `/` in both, `?` exactly one UTF-16 code unit, a pattern ending in " *" also
// matching without that tail, nothing expanded). It differs from agentmgr's engine in that `?`
// counts code units, `**` before the tail is not a star run and `~` means nothing.
func Match(str, pattern string) bool {
	return wildcard.Match(pattern, str, wildcard.Options{JavaScript: true})
}
