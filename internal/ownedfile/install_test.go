package ownedfile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/internal/testfiles"
)

func TestInstall(t *testing.T) {
	f := jsFile()
	const bin = "/opt/agentmgr"
	for _, tc := range []struct {
		name    string
		before  string // the file before install; "" for none
		want    Outcome
		wantErr string
	}{
		{"none there", "", Written, ""},
		{"the same one", string(f.Render(bin, "1.0")), Unchanged, ""},
		{"an older one", string(f.Render(bin, "0.9")), Updated, ""},
		{"another binary's", string(f.Render("/elsewhere/agentmgr", "1.0")), Updated, ""},
		{"someone else's", "export default {};\n", "", "exists and is not agentmgr's plugin"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := filepath.Join(t.TempDir(), "config")
			path := f.Path(root)
			if tc.before != "" {
				testfiles.Write(t, path, tc.before)
			}
			got, err := f.Install(root, bin, "1.0")
			data, rerr := os.ReadFile(path)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("Install = %v, %v; want an error containing %q", got, err, tc.wantErr)
				}
				if string(data) != tc.before {
					t.Errorf("the file was changed to\n%s", data)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Fatalf("Install = %q, %v; want %q", got, err, tc.want)
			}
			if rerr != nil || string(data) != string(f.Render(bin, "1.0")) {
				t.Errorf("the file is %q (%v), want the rendered one", data, rerr)
			}
		})
	}
}

func TestInstallRefusesARelativeBinary(t *testing.T) {
	root := t.TempDir()
	_, err := jsFile().Install(root, "bin/agentmgr", "1.0")
	want := `the binary path "bin/agentmgr" is not absolute; Tester starts the plugin from any folder`
	if err == nil || err.Error() != want {
		t.Fatalf("Install = %v, want %q", err, want)
	}
	if _, err := os.Stat(filepath.Join(root, "plugin")); !os.IsNotExist(err) {
		t.Errorf("install created its folder anyway: %v", err)
	}
}

func TestUninstall(t *testing.T) {
	f := jsFile()
	for _, tc := range []struct {
		name       string
		before     string // the file before uninstall; "" for none
		neighbour  bool   // another file beside it, which keeps the folder
		removed    bool
		wantErr    string
		rootRemain bool
	}{
		{name: "none there", rootRemain: true},
		{name: "agentmgr's", before: string(f.Render("/opt/agentmgr", "1.0")), removed: true},
		{name: "agentmgr's beside another file", before: string(f.Render("/opt/agentmgr", "1.0")), neighbour: true, removed: true, rootRemain: true},
		{name: "someone else's", before: "export default {};\n", wantErr: "is not agentmgr's plugin", rootRemain: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := filepath.Join(t.TempDir(), "config")
			if err := os.MkdirAll(root, 0o755); err != nil {
				t.Fatal(err)
			}
			path := f.Path(root)
			if tc.before != "" {
				testfiles.Write(t, path, tc.before)
			}
			if tc.neighbour {
				testfiles.Write(t, filepath.Join(filepath.Dir(path), "theirs.js"), "x")
			}
			removed, err := f.Uninstall(root)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("Uninstall = %v, %v; want an error containing %q", removed, err, tc.wantErr)
				}
				if data, _ := os.ReadFile(path); string(data) != tc.before {
					t.Errorf("the file was changed to %q", data)
				}
			} else if err != nil || removed != tc.removed {
				t.Fatalf("Uninstall = %v, %v; want %v", removed, err, tc.removed)
			}
			if tc.wantErr == "" {
				if _, err := os.Stat(path); !os.IsNotExist(err) {
					t.Errorf("the file is still there: %v", err)
				}
			}
			if _, err := os.Stat(root); (err == nil) != tc.rootRemain {
				t.Errorf("the config folder: %v, want it kept = %v", err, tc.rootRemain)
			}
		})
	}
}
