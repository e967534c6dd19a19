package keybindings

import (
	"fmt"
	"strings"
)

// ExtensionClashes are the findings for extensions that both register the agent manager's
// actions: every key of each action (from r, as Check resolved them) is registered twice, and
// so are the /agent and /agents commands, which pi then renames /agents:1 and /agents:2 (a
// bare /agents goes to the model as a prompt). extensions names the installed ones; fewer
// than two clash with nothing.
func ExtensionClashes(r *Report, extensions []string) []Finding {
	if len(extensions) < 2 {
		return nil
	}
	who := joinAnd(extensions)
	var out []Finding
	for _, st := range r.Actions {
		var keys []string
		for _, k := range st.Keys {
			if k.Status != StatusInvalid && k.Status != StatusSkipped {
				keys = append(keys, k.Text)
			}
		}
		if len(keys) == 0 {
			continue
		}
		out = append(out, Finding{
			Severity: Warning, Kind: KindExtensionClash, ID: st.ID, Key: strings.Join(keys, ", "), Others: extensions,
			Message: fmt.Sprintf("%s both register %s for this action, so pi reports the shortcut conflict on every start and one of them loses it; keep one extension", who, strings.Join(keys, ", ")),
		})
	}
	out = append(out, Finding{
		Severity: Warning, Kind: KindExtensionClash, ID: "/agents", Others: extensions,
		Message: who + " both register /agent and /agents: pi renames them /agents:1 and /agents:2, and a bare /agents goes to the model as a prompt; keep one extension",
	})
	return out
}
