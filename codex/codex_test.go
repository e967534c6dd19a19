package codex

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agentmgr/agentmgr/internal/e2etest"
	"github.com/agentmgr/agentmgr/internal/testfiles"
)

func TestTrustHash(t *testing.T) {
	tests := []struct {
		matcher, command string
		timeout          int
		want             string
	}{
		// Read from `codex app-server`'s hooks/list (Codex 0.171.0) for these hooks.
		{"*", "/usr/bin/agentmgr gate codex", 130, "sha256:c78646b4b2c9d272b296f08045ec4f1de936b95d7f957932fbaadc3dab201cf2"},
		{"*", "'/tmp/cx/agentmgr' gate codex || { echo 'agentmgr (/tmp/cx/agentmgr) is missing or failed, so Codex'\\''s call is blocked; run `agentmgr codex install`' >&2; exit 2; }", 130,
			"sha256:8ac87345d5e5202cae6642b38daf2c09c860c919fd65cef0b87c0a007b8271d0"},
	}
	for _, tt := range tests {
		if got := TrustHash(tt.matcher, tt.command, tt.timeout); got != tt.want {
			t.Errorf("TrustHash(%q, %q, %d) = %s, want %s", tt.matcher, tt.command, tt.timeout, got, tt.want)
		}
	}
}

func TestSerdeString(t *testing.T) {
	for in, want := range map[string]string{
		`a"b\c`:          `"a\"b\\c"`,
		"<&>\u2028é":     "\"<&>\u2028é\"",
		"\t\n\r\b\f\x01": `"\t\n\r\b\f\u0001"`,
	} {
		if got := serdeString(in); got != want {
			t.Errorf("serdeString(%q) = %s, want %s", in, got, want)
		}
	}
}

func TestConfigTrust(t *testing.T) {
	const key = "/h/.codex/hooks.json:pre_tool_use:0:0"
	tests := []struct {
		name, before, after, err string
	}{
		{"an empty file gets the table", "", "[hooks.state.\"" + key + "\"]\ntrusted_hash = \"sha256:new\"\n", ""},
		{"other lines are kept", "model = \"x\" # mine\n[projects.\"/p\"]\ntrust_level = \"trusted\"",
			"model = \"x\" # mine\n[projects.\"/p\"]\ntrust_level = \"trusted\"\n\n[hooks.state.\"" + key + "\"]\ntrusted_hash = \"sha256:new\"\n", ""},
		{"an old hash is replaced in place", "[hooks.state.\"" + key + "\"]\ntrusted_hash = \"sha256:old\"\n[x]\ny = 1\n",
			"[hooks.state.\"" + key + "\"]\ntrusted_hash = \"sha256:new\"\n[x]\ny = 1\n", ""},
		{"an inline form is not edited", "[hooks]\nstate = { \"" + key + "\" = { trusted_hash = \"sha256:old\" } }\n", "", "does not edit"},
		{"bad TOML is not edited", "model = \n", "", "not valid TOML"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "config.toml")
			if tt.before != "" {
				if err := os.WriteFile(path, []byte(tt.before), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			cfg, err := readConfig(path)
			if err == nil {
				err = cfg.trust(key, "sha256:new")
			}
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("trust: %v, want an error with %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if data, _ := os.ReadFile(path); string(data) != tt.after {
				t.Errorf("config.toml:\n%s\nwant\n%s", data, tt.after)
			}
			cfg, _ = readConfig(path)
			if err := cfg.untrust(key); err != nil {
				t.Fatal(err)
			}
			if data, _ := os.ReadFile(path); strings.Contains(string(data), "hooks.state") || tt.before != "" && strings.TrimSpace(string(data)) != strings.TrimSpace(tt.before) && !strings.Contains(tt.before, "sha256:old") {
				t.Errorf("after untrust:\n%s", data)
			}
		})
	}
}

// TestInstallStatus installs the hook, checks that status reads it as enforcing, changes it
// as a moved binary does and sees it read as modified (Codex would skip it), installs again and
// sees it trusted, and uninstalls.
func TestInstallStatus(t *testing.T) {
	home := t.TempDir()
	bin := filepath.Join(home, "bin", "agentmgr")
	writeExe(t, bin)
	if outcome, err := Install(home, bin); err != nil || outcome != "installed" {
		t.Fatalf("install: %s %v", outcome, err)
	}
	if r := Status(home, bin); !r.Enforcing || r.Trust != Trusted || !r.Current || r.BinaryMissing {
		t.Fatalf("status after install: %+v", r)
	}
	// Someone edits the command (as a binary moved by hand would): Codex skips it.
	hooks := filepath.Join(home, HooksName)
	data, _ := os.ReadFile(hooks)
	if err := os.WriteFile(hooks, []byte(strings.ReplaceAll(string(data), "'"+bin+"'", "'/elsewhere/agentmgr'")), 0o644); err != nil {
		t.Fatal(err)
	}
	r := Status(home, bin)
	if r.Enforcing || r.Trust != Modified || r.Current || !r.BinaryMissing || !strings.Contains(strings.Join(r.Advice, " "), "not enforcing") {
		t.Fatalf("status after the edit: %+v, want modified, not enforcing", r)
	}
	if outcome, err := Install(home, bin); err != nil || outcome != "updated" {
		t.Fatalf("install again: %s %v", outcome, err)
	}
	if r := Status(home, bin); !r.Enforcing || r.Trust != Trusted {
		t.Fatalf("status after installing again: %+v", r)
	}
	if outcome, err := Install(home, bin); err != nil || outcome != "unchanged" {
		t.Fatalf("install a third time: %s %v", outcome, err)
	}
	cfg := filepath.Join(home, ConfigName)
	trusted, _ := os.ReadFile(cfg)
	if err := os.WriteFile(cfg, append([]byte("[features]\nhooks = false\n\n"), trusted...), 0o600); err != nil {
		t.Fatal(err)
	}
	if r := Status(home, bin); r.Enforcing || !r.HooksOff || !strings.Contains(strings.Join(r.Advice, " "), "hooks = false") {
		t.Fatalf("status with hooks turned off: %+v", r)
	}
	if err := os.WriteFile(cfg, trusted, 0o600); err != nil {
		t.Fatal(err)
	}
	if removed, err := Uninstall(home); err != nil || !removed {
		t.Fatalf("uninstall: %v %v", removed, err)
	}
	if r := Status(home, bin); r.Installed || r.Enforcing {
		t.Fatalf("status after uninstall: %+v", r)
	}
	if data, _ := os.ReadFile(filepath.Join(home, ConfigName)); strings.Contains(string(data), "hooks.state") {
		t.Errorf("the trust stayed after uninstall:\n%s", data)
	}
}

// TestInstallTrustedByRealCodex installs the hook into a fresh Codex home and asks the real
// Codex (its app-server's hooks/list, as its /hooks review reads it) whether it trusts it.
func TestInstallTrustedByRealCodex(t *testing.T) {
	codexBin := e2etest.Codex.Find(t)
	root := t.TempDir()
	home := filepath.Join(root, "home")
	codexHome := filepath.Join(home, ".codex")
	bin := filepath.Join(root, "a dir", "o'brien", "agentmgr")
	writeExe(t, bin)
	if err := os.MkdirAll(codexHome, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(codexHome, ConfigName), []byte("model = \"gpt-5.5\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := Install(codexHome, bin); err != nil {
		t.Fatal(err)
	}
	hooks := listHooks(t, codexBin, home, root)
	if len(hooks) != 1 {
		t.Fatalf("Codex lists %d hooks, want 1: %+v", len(hooks), hooks)
	}
	h := hooks[0]
	if h.TrustStatus != Trusted || h.CurrentHash != TrustHash(h.Matcher, h.Command, h.TimeoutSec) || h.Key != Status(codexHome, bin).Key {
		t.Errorf("Codex lists %+v; want trusted, with the hash and key agentmgr computes", h)
	}
}

// listedHook is one hook of hooks/list.
type listedHook struct {
	Key         string `json:"key"`
	Command     string `json:"command"`
	Matcher     string `json:"matcher"`
	TimeoutSec  int    `json:"timeoutSec"`
	CurrentHash string `json:"currentHash"`
	TrustStatus string `json:"trustStatus"`
}

// listHooks asks `codex app-server` for the hooks of cwd, with HOME home.
func listHooks(t *testing.T, codexBin, home, cwd string) []listedHook {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute) // only stops a hang
	defer cancel()
	cmd := exec.CommandContext(ctx, codexBin, "app-server")
	cmd.Env = []string{"HOME=" + home, "PATH=" + os.Getenv("PATH")}
	cmd.Dir = cwd
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }()
	for _, m := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"clientInfo":{"name":"agentmgr-test","version":"1"}}}`,
		`{"jsonrpc":"2.0","method":"initialized"}`,
		`{"jsonrpc":"2.0","id":2,"method":"hooks/list","params":{"cwds":[` + jsonString(cwd) + `]}}`,
	} {
		if _, err := stdin.Write([]byte(m + "\n")); err != nil {
			t.Fatal(err)
		}
	}
	sc := bufio.NewScanner(stdout)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var resp struct {
			ID     int `json:"id"`
			Result struct {
				Data []struct {
					Hooks []listedHook `json:"hooks"`
				} `json:"data"`
			} `json:"result"`
		}
		if json.Unmarshal(sc.Bytes(), &resp) == nil && resp.ID == 2 {
			if len(resp.Result.Data) != 1 {
				t.Fatalf("hooks/list answered %s", sc.Bytes())
			}
			return resp.Result.Data[0].Hooks
		}
	}
	t.Fatalf("codex app-server gave no hooks/list answer: %v", sc.Err())
	return nil
}

func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

func writeExe(t *testing.T, path string) {
	t.Helper()
	testfiles.WriteMode(t, path, "#!/bin/sh\n", 0o755)
}
