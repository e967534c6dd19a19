package convert

import "github.com/agentmgr/agentmgr/engine"

// actionWord is a format's or the report's word for action a, of the three given. Anything
// that is neither allow nor ask reads as deny, as the engine treats it: a word never loosens.
func actionWord(a engine.Action, allow, ask, deny string) string {
	switch a {
	case engine.Allow:
		return allow
	case engine.Ask:
		return ask
	}
	return deny
}
