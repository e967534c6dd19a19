package pam

import (
	"errors"
	"io/fs"
	"path/filepath"
	"sort"
	"strings"

	"github.com/agentmgr/agentmgr/internal/regularfile"
	"github.com/agentmgr/agentmgr/locations"
)

// Input is one entry of the agents folder that ends in ".md", as the AM lists it.
type Input struct {
	File    string // file name
	Data    []byte
	ReadErr string // set when the AM cannot read it (a folder, a dangling link); Data unused
}

// Extension is the state the AM reaches at the start of a new session.
type Extension struct {
	Loads  bool   // false when loading threw: no agent, no command, no key
	Reason string // why it does not load
	Files  []FileResult
	Agents []*Agent // the AM's order: built-ins no file overrides, then the files'
	Start  string   // the agent a new session starts with
	Cycle  []string // names next/previous step through, in order, duplicates kept
	// Notify is what the AM says at session start about skipped files, "" when none.
	Notify string
}

// Load reads agentDir/agents as the AM does: every entry whose name ends in ".md" (dot files
// and case-sensitive ".md" included, nothing else, no project folder), in byte order of names.
func Load(agentDir string) *Extension {
	in, err := ReadDir(filepath.Join(agentDir, "agents"))
	if err != nil {
		// The AM records the error and goes on with the built-ins alone.
		return Build(nil)
	}
	return Build(in)
}

// ReadDir lists dir as the AM's loadUserAgents does. A missing folder is no entries.
func ReadDir(dir string) ([]Input, error) {
	ents, err := locations.Entries(dir, ".md")
	if err != nil {
		return nil, err
	}
	var out []Input
	for _, e := range ents {
		in := Input{File: e.Name()}
		data, err := regularfile.Read(filepath.Join(dir, e.Name()), regularfile.PersonaLimit)
		if err != nil {
			in.ReadErr = "Cannot read file: " + readErrText(err)
		} else {
			in.Data = data
		}
		out = append(out, in)
	}
	// libuv's scandir sorts names with strcmp: byte order, which is also Go's string order.
	sort.Slice(out, func(i, j int) bool { return out[i].File < out[j].File })
	return out, nil
}

func readErrText(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		if errors.Is(pe.Err, fs.ErrNotExist) {
			return "ENOENT: no such file or directory"
		}
		if strings.Contains(pe.Err.Error(), "is a directory") || strings.Contains(pe.Err.Error(), "it is a folder") {
			return "EISDIR: illegal operation on a directory, read"
		}
		return pe.Err.Error()
	}
	return err.Error()
}

// Build is the AM's start-up over listed files (in the AM's order): load each, stop at the
// first that throws, order the agents, and pick the start agent.
func Build(in []Input) *Extension {
	x := &Extension{Loads: true}
	var user []*Agent
	broken := ""
	for _, f := range in {
		if broken != "" {
			x.Files = append(x.Files, FileResult{File: f.File, Line: 1, Reason: "never read: the extension failed to load on " + broken})
			continue
		}
		var r FileResult
		if f.ReadErr != "" {
			r = FileResult{File: f.File, Line: 1, Reason: f.ReadErr}
		} else {
			r = LoadFile(f.File, f.Data)
		}
		x.Files = append(x.Files, r)
		if r.Breaks {
			broken = f.File
			x.Loads, x.Reason = false, f.File+": "+r.Reason
			continue
		}
		if r.Loads {
			user = append(user, r.Agent)
		}
	}
	if !x.Loads {
		for i := range x.Files {
			x.Files[i].Loads, x.Files[i].Agent = false, nil
		}
		x.Cycle = []string{}
		return x
	}
	names := map[string]bool{}
	for _, a := range user {
		names[a.Name] = true
	}
	for _, b := range Builtins() {
		if !names[b.Name] {
			x.Agents = append(x.Agents, b)
		}
	}
	x.Agents = append(x.Agents, user...)
	x.Cycle = []string{}
	for _, a := range x.Agents {
		if a.IsPrimary() {
			x.Cycle = append(x.Cycle, a.Name)
		}
	}
	if len(x.Cycle) == 0 {
		// The AgentManager's constructor reads this.agents[0].name of an empty list.
		x.Loads = false
		x.Reason = "no agent has type primary: Cannot read properties of undefined (reading 'name'), and the whole extension fails to load"
		x.Agents = nil
		for i := range x.Files {
			if x.Files[i].Loads {
				x.Files[i].Loads, x.Files[i].Agent = false, nil
				x.Files[i].Reason = "the extension failed to load: no agent has type primary"
			}
		}
		return x
	}
	x.Start = x.Cycle[0]
	if next, ok := Switch(x.Cycle, x.Start, DefaultAgent); ok {
		x.Start = next
	}
	skipped := 0
	for _, f := range x.Files {
		if !f.Loads {
			skipped++
		}
	}
	if skipped > 0 {
		x.Notify = "[pi-agent-manager] " + itoa(skipped) + " problem(s) in agents directory; affected agents skipped"
	}
	return x
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + itoa(n%10)
}

// Switch is setAgent: the first agent of the cycle named name (lower-cased) becomes current;
// any other name, a subagent's included, changes nothing (the AM still says "Agent → current").
func Switch(cycle []string, current, name string) (string, bool) {
	name = strings.ToLower(name)
	for _, n := range cycle {
		if n == name {
			return n, true
		}
	}
	return current, false
}

// Next is setNextAgent: the agent after the first one named current, wrapping around. With two
// agents of one name, next from either lands on the second, then stays there.
func Next(cycle []string, current string) string {
	if len(cycle) == 0 {
		return current
	}
	i := indexOf(cycle, current)
	n, _ := Switch(cycle, current, cycle[(i+1)%len(cycle)])
	return n
}

// Previous is setPreviousAgent, the mirror of Next.
func Previous(cycle []string, current string) string {
	if len(cycle) == 0 {
		return current
	}
	i := indexOf(cycle, current)
	n, _ := Switch(cycle, current, cycle[(i-1+len(cycle))%len(cycle)])
	return n
}

func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}
