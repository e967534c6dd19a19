package importexport

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/agentmgr/agentmgr/convert"
)

func TestReadPPSConfigFromTheAppsImport(t *testing.T) {
	dir := t.TempDir()
	cfg := convert.PPSConfigPath(dir)
	if err := os.MkdirAll(filepath.Dir(cfg), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(cfg, []byte(`{"permission": {"*": "allow", "path": {"*.env": "deny"}}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{cfg, dir} {
		im := Read(GuessFormat(cfg), path)
		if len(im.Errors) > 0 || len(im.Items) != 1 || im.Items[0].Draft.Name != "pps" {
			t.Fatalf("Read(%s): %d items, errors %v", path, len(im.Items), im.Errors)
		}
	}
}
