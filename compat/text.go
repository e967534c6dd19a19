package compat

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/agentmgr/agentmgr/pam"
	"github.com/agentmgr/agentmgr/personas"
)

func quote(s string) string { return strconv.Quote(s) }

func list(s []string) string {
	if len(s) == 0 {
		return "nothing"
	}
	return strings.Join(s, " ")
}

// HiddenDelta says which tools only one runtime hides: "pi-agent-manager 0.18.1 also hides
// bash; agentmgr also hides read".
func HiddenDelta(am, mine []string) string {
	var onlyAM, onlyMine []string
	for _, t := range am {
		if !slices.Contains(mine, t) {
			onlyAM = append(onlyAM, t)
		}
	}
	for _, t := range mine {
		if !slices.Contains(am, t) {
			onlyMine = append(onlyMine, t)
		}
	}
	var parts []string
	if len(onlyAM) > 0 {
		parts = append(parts, pam.Runtime+" also hides "+strings.Join(onlyAM, " "))
	}
	if len(onlyMine) > 0 {
		parts = append(parts, "agentmgr also hides "+strings.Join(onlyMine, " "))
	}
	return strings.Join(parts, "; ")
}

func fileOr(file, alt string) string {
	if file != "" {
		return file
	}
	return alt
}

func fmtNum(f float64) string {
	if f == 0 {
		return "unset"
	}
	if f == math.Trunc(f) {
		return strconv.FormatFloat(f, 'f', -1, 64)
	}
	return fmt.Sprint(f)
}

func normalize(s string) string {
	return strings.TrimSpace(strings.ReplaceAll(s, "\r\n", "\n"))
}

// ruleDelta says how the AM's rules differ from agentmgr's expanded rules, or "". Reasons are
// not compared: a rule with a reason never loads in the AM anyway.
func ruleDelta(rules []pam.Rule, p *personas.Persona) string {
	n := min(len(rules), len(p.Rules))
	for i := 0; i < n; i++ {
		r, q := rules[i], p.Rules[i]
		if r.Permission != q.Permission || r.Pattern != q.Pattern || r.Action != string(q.Action) {
			return fmt.Sprintf("%s reads rule %d as %s %s %s, agentmgr as %s %s %s", pam.Runtime, i+1,
				quote(r.Permission), quote(r.Pattern), r.Action, quote(q.Permission), quote(q.Pattern), q.Action)
		}
	}
	if len(rules) != len(p.Rules) {
		return fmt.Sprintf("%s reads %d rules, agentmgr %d", pam.Runtime, len(rules), len(p.Rules))
	}
	return ""
}

// fixFor says what to change in a file the AM skips or breaks on.
func fixFor(f pam.FileResult, data []byte) string {
	reason := f.Reason
	switch {
	case strings.Contains(reason, "toLowerCase is not a function"):
		return `quote the name (name: "123") or write it with letters`
	case strings.Contains(reason, "property of every JavaScript object"):
		return "use one of the presets read, plan or build"
	case strings.Contains(reason, `Invalid action "[object Object]"`), strings.Contains(reason, `pattern "reason"`), strings.Contains(reason, `pattern "action"`):
		return "write the plain action (allow, ask or deny) instead of {action, reason}; the reason is agentmgr-only"
	case strings.HasPrefix(reason, "permissions must be") && hasKey(data, "permission"):
		return "rename permission: to permissions:"
	case strings.HasPrefix(reason, "Invalid type"):
		return "write type: primary or type: subagent, in lower case"
	case reason == "Missing or invalid description":
		return "give description: one line of text"
	case reason == "Missing agent name":
		return `remove name: "" (the file name is then the name) or give a name`
	case reason == "Frontmatter must be a YAML object" && len(data) >= 3 && string(data[:3]) == "\xef\xbb\xbf":
		return "save the file without a byte order mark (UTF-8 without BOM)"
	case strings.HasPrefix(reason, "Invalid action"):
		return "write the action as allow, ask or deny, in lower case"
	case strings.HasPrefix(reason, "Unknown permission preset"):
		return "use one of the presets read, plan or build"
	}
	return ""
}

func hasKey(data []byte, key string) bool {
	for _, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(line, key+":") {
			return true
		}
	}
	return false
}

// Text writes the plain report: the differences first, one per line with file:line, then
// what the AM does.
func Text(r *Report) string {
	var b strings.Builder
	for _, d := range r.Differences {
		b.WriteString(d.Location())
		b.WriteString(d.Message)
		if d.Fix != "" {
			b.WriteString(" (fix: " + d.Fix + ")")
		}
		b.WriteString("\n")
	}
	if len(r.Differences) == 0 {
		fmt.Fprintf(&b, "no differences: %s does what agentmgr does with these files\n", pam.Runtime)
	}
	b.WriteString("\n")
	if !r.LoadsExtension {
		fmt.Fprintf(&b, "%s does not load: %s\n", pam.Runtime, r.Reason)
		return b.String()
	}
	fmt.Fprintf(&b, "%s: start %s, cycle %s\n", pam.Runtime, r.Start, strings.Join(r.Cycle, " → "))
	for _, a := range r.Agents {
		where := a.File
		if where == "" {
			where = "built-in"
		}
		fmt.Fprintf(&b, "  %-12s %-9s hides %-30s %s\n", a.Name, a.Type, list(a.HiddenTools), where)
	}
	for _, id := range pam.KeyIDs {
		keys := r.Keys.For(id)
		k := "(unbound)"
		if len(keys) > 0 {
			k = strings.Join(keys, ", ")
		}
		fmt.Fprintf(&b, "  %s: %s\n", id, k)
	}
	return b.String()
}

// Location is "file:line: ", "file: " or "" for differences about no one file.
func (d Difference) Location() string {
	switch {
	case d.File != "" && d.Line > 0:
		return fmt.Sprintf("%s:%d: ", d.File, d.Line)
	case d.File != "":
		return d.File + ": "
	}
	return ""
}
