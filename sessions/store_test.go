package sessions

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/approvals"
	"github.com/agentmgr/agentmgr/approvals/storetest"
	"github.com/agentmgr/agentmgr/engine"
)

func TestStoreContract(t *testing.T) {
	storetest.Run(t, func(t *testing.T) approvals.SessionStore { return New(filepath.Join(t.TempDir(), "sessions")) })
}

func TestStorePersistsAcrossOpens(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "sessions")
	rules := engine.Ruleset{
		{Permission: "bash", Pattern: "git push *", Action: engine.Allow},
		{Permission: "read", Pattern: "*.env", Action: engine.Deny, Reason: "secrets \"stay\"\nhome"},
		{Permission: "bash", Pattern: "", Action: engine.Ask},
	}
	put, err := New(dir).Put("s1", rules, 0, approvals.OperatorAuthority)
	if err != nil {
		t.Fatal(err)
	}
	got, err := New(dir).Get("s1")
	if err != nil {
		t.Fatalf("Get from a second store over the same folder: %v", err)
	}
	if got.Revision != put.Revision || got.Generation != put.Generation || !got.Updated.Equal(put.Updated) || len(got.Rules) != len(rules) {
		t.Fatalf("reopened session = %+v, want %+v", got, put)
	}
	for i := range rules {
		if got.Rules[i] != put.Rules[i] {
			t.Errorf("rule %d = %+v, want %+v", i+1, got.Rules[i], put.Rules[i])
		}
	}
}

func TestStoreFiles(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "sessions")
	s := New(dir)
	if _, err := s.Put("s1", engine.Ruleset{{Permission: "bash", Pattern: "ls *", Action: engine.Allow}}, 0, approvals.OperatorAuthority); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]os.FileMode{"": 0o700, "s1.json": 0o600, ".lock": 0o600} {
		st, err := os.Stat(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if got := st.Mode().Perm(); got != want {
			t.Errorf("mode of %q = %v, want %v", name, got, want)
		}
	}
	// A temporary file left by a writer that died is removed by the next write, never listed.
	stale := filepath.Join(dir, ".s1.json.tmp-123")
	if err := os.WriteFile(stale, []byte(`{"id":`), 0o600); err != nil {
		t.Fatal(err)
	}
	if list, err := s.List(); err != nil || len(list) != 1 {
		t.Errorf("List with a stale temporary file = %v, %v; want the one session", list, err)
	}
	if _, err := approvals.AppendSessionRules(s, "s1", approvals.OperatorAuthority, engine.Rule{Permission: "bash", Pattern: "x", Action: engine.Deny}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(stale); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("stale temporary file still there after a write: %v", err)
	}
}

func TestStoreRefusesToWriteOverABrokenFile(t *testing.T) {
	dir := t.TempDir()
	s := New(dir)
	path := s.Path("s1")
	if err := os.WriteFile(path, []byte("{\n  \"id\": \"s1\",\n  \"revision\": 7,\n  \"rules\": [\n    {\"permission\":\"bash\",\"pattern\":\"x\",\"action\":\"block\"}\n  ]\n}\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	_, err := s.Get("s1")
	if err == nil || !strings.Contains(err.Error(), path+":5:5: rules[1]: unknown action \"block\"") {
		t.Errorf("Get of a file with a bad action: err = %v, want it positioned at 5:5", err)
	}
	_, err = s.Put("s1", nil, 7, approvals.OperatorAuthority)
	if err == nil || !strings.Contains(err.Error(), "fix or remove the file") {
		t.Errorf("Put over a broken file: err = %v, want refused", err)
	}
	list, err := s.List()
	if len(list) != 0 || err == nil || !strings.Contains(err.Error(), path) {
		t.Errorf("List with a broken file = %v, %v; want no sessions and the file named", list, err)
	}
}
