// Package layering holds the test that imports point down the layering docs/design.md draws.
package layering

import (
	"bufio"
	"bytes"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

const module = "github.com/agentmgr/agentmgr/"

// layers are the packages from the bottom up, as docs/design.md's picture stacks them: a
// package imports only packages of lower layers. Packages of one layer are siblings and import
// none of each other (gate and serve; the installers; the screens' models). A package added to
// the repository goes into this table, and into the picture, where its imports put it; until
// it does, the test names it in its log and holds only the packages listed (a package added
// by one change must not fail every other).
var layers = [][]string{
	{"mapping", "wildcard", "locations", "pathres", "internal/regularfile", "internal/release", "internal/posixlocale", "internal/jsonc", "internal/dupcheck", "internal/escape", "internal/parallel", "internal/testproc", "internal/uniq", "internal/blocktext", "internal/schematest", "internal/boundedmap", "internal/testfiles", "internal/unidiff"},
	{"engine/shell", "internal/filelock", "gitconfig"},
	{"engine"},
	{"approvals", "builtin", "pam", "internal/atomicfile", "internal/testrules"},
	{"trust"},
	{"approvals/storetest", "internal/ownedfile", "personas", "sessions", "reviewlog", "keybindings"},
	{"internal/ownedfile/ownedfiletest", "personas/personastest", "policy", "history"},
	{"decide"},
	{"pi", "opencode", "codex", "gemini", "convert", "compat", "replay", "preview"},
	{"inbox"},
	{"gate", "serve", "internal/e2etest"},
	{"gui/personalist", "gui/keysedit", "gui/logfeed", "gui/impact", "gui/importexport", "gui/runtimeinstall", "gui/approvalqueue", "gui/internal/fixture", "gui/history"},
	{"gui/personaedit"},
	{"gui/workspace"},
	{"gui"},
	{"cmd/agentmgr", "cmd/agentmgr-app", "internal/layering"},
}

// fyneAllowed are the only packages that may link Fyne: the window, and the app's program.
var fyneAllowed = map[string]bool{"gui": true, "cmd/agentmgr-app": true}

func TestImportsPointDownTheLayers(t *testing.T) {
	layer := map[string]int{}
	for i, l := range layers {
		for _, p := range l {
			layer[p] = i
		}
	}
	for pkg, imports := range listImports(t) {
		from, ok := layer[pkg]
		for _, imp := range imports {
			if strings.HasPrefix(imp, "fyne.io/") && !fyneAllowed[pkg] {
				t.Errorf("%s imports %s: only gui and cmd/agentmgr-app link Fyne", pkg, imp)
			}
		}
		if !ok {
			t.Logf("package %s is in no layer yet: add it to internal/layering's table and to docs/design.md's picture, where its imports put it", pkg)
			continue
		}
		for _, imp := range imports {
			dep, ours := strings.CutPrefix(imp, module)
			if !ours {
				continue
			}
			to, known := layer[dep]
			switch {
			case !known:
				// Logged as a package in no layer.
			case to >= from:
				t.Errorf("%s (layer %d) imports %s (layer %d): imports point down the layers of docs/design.md", pkg, from, dep, to)
			}
		}
	}
}

// listImports lists every package of the module with the imports of its non-test files, as
// the headless build sees them.
func listImports(t *testing.T) map[string][]string {
	t.Helper()
	_, file, _, _ := runtime.Caller(0)
	root := filepath.Join(filepath.Dir(file), "..", "..")
	cmd := exec.Command("go", "list", "-tags", "ci", "-f", `{{.ImportPath}}{{range .Imports}} {{.}}{{end}}`, "./...")
	cmd.Dir = root
	cmd.Env = append(cmd.Environ(), "CGO_ENABLED=0")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.String())
	}
	pkgs := map[string][]string{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		pkgs[strings.TrimPrefix(f[0], module)] = f[1:]
	}
	if len(pkgs) < 10 {
		t.Fatalf("go list found %d packages; it did not run from the module root:\n%s", len(pkgs), out)
	}
	return pkgs
}
