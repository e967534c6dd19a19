package pam

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func agentText(name, typ string, extra ...string) []byte {
	s := "---\n"
	if name != "" {
		s += "name: " + name + "\n"
	}
	s += "description: d\npermissions: read\n"
	if typ != "" {
		s += "type: " + typ + "\n"
	}
	return []byte(s + strings.Join(extra, "") + "---\n")
}

func names(as []*Agent) []string {
	out := []string{}
	for _, a := range as {
		out = append(out, a.Name)
	}
	return out
}

func TestBuild(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name   string
		in     []Input
		agents []string
		start  string
		cycle  []string
		loads  bool
	}{
		{"no_files", nil, []string{"planner", "builder"}, "planner", []string{"planner", "builder"}, true},
		{"byte_order_capitals_first", []Input{{File: "Loud.md", Data: agentText("", "")}, {File: "action.md", Data: agentText("", "")}},
			[]string{"planner", "builder", "loud", "action"}, "planner", []string{"planner", "builder", "loud", "action"}, true},
		{"user_planner_takes_its_file_position", []Input{{File: "a.md", Data: agentText("", "")}, {File: "planner.md", Data: agentText("", "")}},
			[]string{"builder", "a", "planner"}, "planner", []string{"builder", "a", "planner"}, true},
		{"overriding_by_name_field", []Input{{File: "zz.md", Data: agentText("Builder", "")}},
			[]string{"planner", "builder"}, "planner", []string{"planner", "builder"}, true},
		{"hidden_still_cycles_subagent_does_not", []Input{{File: "h.md", Data: agentText("", "", "hidden: true\n")}, {File: "s.md", Data: agentText("", "subagent")}},
			[]string{"planner", "builder", "h", "s"}, "planner", []string{"planner", "builder", "h"}, true},
		{"duplicates_kept", []Input{{File: "a.md", Data: agentText("x", "")}, {File: "b.md", Data: agentText("x", "")}},
			[]string{"planner", "builder", "x", "x"}, "planner", []string{"planner", "builder", "x", "x"}, true},
		{"planner_subagent_starts_at_first_primary", []Input{{File: "planner.md", Data: agentText("", "subagent")}},
			[]string{"builder", "planner"}, "builder", []string{"builder"}, true},
		{"no_primary_breaks", []Input{{File: "builder.md", Data: agentText("", "subagent")}, {File: "planner.md", Data: agentText("", "subagent")}},
			nil, "", []string{}, false},
		{"number_name_breaks_everything", []Input{{File: "a.md", Data: agentText("", "")}, {File: "b.md", Data: agentText("123", "")}, {File: "c.md", Data: agentText("", "")}},
			nil, "", []string{}, false},
		{"unreadable_entry_skipped", []Input{{File: "dir.md", ReadErr: "Cannot read file: EISDIR"}},
			[]string{"planner", "builder"}, "planner", []string{"planner", "builder"}, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			x := Build(c.in)
			if x.Loads != c.loads {
				t.Fatalf("loads %v (%s), want %v", x.Loads, x.Reason, c.loads)
			}
			got := names(x.Agents)
			if c.agents == nil {
				c.agents = []string{}
			}
			if !reflect.DeepEqual(got, c.agents) || x.Start != c.start || !reflect.DeepEqual(x.Cycle, c.cycle) {
				t.Errorf("agents %v start %q cycle %v; want %v %q %v", got, x.Start, x.Cycle, c.agents, c.start, c.cycle)
			}
		})
	}
}

func TestBuildBreakMarksEveryFile(t *testing.T) {
	t.Parallel()
	x := Build([]Input{{File: "a.md", Data: agentText("", "")}, {File: "b.md", Data: agentText("123", "")}, {File: "c.md", Data: agentText("", "")}})
	if !strings.Contains(x.Reason, "b.md: ") || !strings.Contains(x.Reason, "toLowerCase is not a function") {
		t.Errorf("reason %q", x.Reason)
	}
	for _, f := range x.Files {
		if f.Loads {
			t.Errorf("%s loads in an extension that failed", f.File)
		}
	}
	if !strings.Contains(x.Files[2].Reason, "never read") || !x.Files[1].Breaks {
		t.Errorf("files %+v", x.Files)
	}
}

func TestNotify(t *testing.T) {
	t.Parallel()
	x := Build([]Input{{File: "a.md", Data: []byte("nothing")}, {File: "b.md", Data: agentText("", "Primary")}})
	if want := "[pi-agent-manager] 2 problem(s) in agents directory; affected agents skipped"; x.Notify != want {
		t.Errorf("notify %q, want %q", x.Notify, want)
	}
}

func TestCycle(t *testing.T) {
	t.Parallel()
	cycle := []string{"planner", "builder", "x", "x"}
	cases := []struct {
		name, from     string
		next, previous string
	}{
		{"planner", "planner", "builder", "x"},
		{"builder", "builder", "x", "planner"},
		// Both x agents are found as the first: next goes to the second name "x", which
		// switching resolves to the first x again.
		{"duplicate", "x", "x", "builder"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := Next(cycle, c.from); got != c.next {
				t.Errorf("Next(%q) = %q, want %q", c.from, got, c.next)
			}
			if got := Previous(cycle, c.from); got != c.previous {
				t.Errorf("Previous(%q) = %q, want %q", c.from, got, c.previous)
			}
		})
	}
	if got, ok := Switch(cycle, "builder", "helper"); ok || got != "builder" {
		t.Errorf("switching to a subagent: %q %v, want builder unchanged", got, ok)
	}
	if got, ok := Switch(cycle, "builder", "PLANNER"); !ok || got != "planner" {
		t.Errorf("switching by name: %q %v", got, ok)
	}
}

func TestLoadReadsOnlyAgentsMD(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	agents := filepath.Join(dir, "agents")
	for _, p := range []string{agents, filepath.Join(agents, "folder.md")} {
		if err := os.MkdirAll(p, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write := func(name string, data []byte) {
		if err := os.WriteFile(filepath.Join(agents, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("ok.md", agentText("", ""))
	write(".dot.md", agentText("", ""))
	write("upper.MD", agentText("", ""))
	write("notes.txt", agentText("", ""))
	x := Load(dir)
	var files []string
	for _, f := range x.Files {
		files = append(files, f.File)
	}
	if want := []string{".dot.md", "folder.md", "ok.md"}; !reflect.DeepEqual(files, want) {
		t.Errorf("files %v, want %v", files, want)
	}
	if want := []string{"planner", "builder", ".dot", "ok"}; !reflect.DeepEqual(names(x.Agents), want) {
		t.Errorf("agents %v, want %v", names(x.Agents), want)
	}
	if x.Files[1].Loads || !strings.Contains(x.Files[1].Reason, "EISDIR") {
		t.Errorf("folder.md: %+v", x.Files[1])
	}
}

func TestParseKeys(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, json string
		want       Keys
	}{
		{"missing_file_unbound", "", Keys{[]string{}, []string{}, []string{}}},
		{"string_and_list", `{"piAgentManager.next":"ctrl+n","piAgentManager.picker":["f2","ctrl+p"]}`, Keys{[]string{"ctrl+n"}, []string{}, []string{"f2", "ctrl+p"}}},
		{"list_with_null_unbound", `{"piAgentManager.next":["a",null]}`, Keys{[]string{}, []string{}, []string{}}},
		{"null_unbound", `{"piAgentManager.previous":null}`, Keys{[]string{}, []string{}, []string{}}},
		{"bad_json_unbound", `{"piAgentManager.next":`, Keys{[]string{}, []string{}, []string{}}},
		{"array_file_unbound", `["piAgentManager.next"]`, Keys{[]string{}, []string{}, []string{}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var data []byte
			if c.json != "" {
				data = []byte(c.json)
			}
			if got := ParseKeys(data); !reflect.DeepEqual(got, c.want) {
				t.Errorf("ParseKeys(%s) = %+v, want %+v", c.json, got, c.want)
			}
		})
	}
}
