package pi

import (
	"path/filepath"

	"github.com/agentmgr/agentmgr/internal/ownedfile"
)

// The extension's place inside an extensions folder: pi loads extensions/*/index.ts.
const (
	DirName  = "agentmgr"
	FileName = "index.ts"
)

// Path is the extension file inside the extensions folder extDir.
func Path(extDir string) string { return filepath.Join(extDir, DirName, FileName) }

// Outcome says what Install did: ownedfile.Written, Updated or Unchanged.
type Outcome = ownedfile.Outcome

// Install writes the extension calling binary into the extensions folder extDir. A file of
// the same name that is not agentmgr's extension is left alone, with an error.
func Install(extDir, binary, version string) (Outcome, error) {
	return extension.Install(extDir, binary, version)
}

// Uninstall removes the extension from the extensions folder extDir, and the folders install
// created when they are left empty. It reports whether there was an extension to remove. A
// file that is not agentmgr's extension is left alone, with an error.
func Uninstall(extDir string) (bool, error) { return extension.Uninstall(extDir) }

// Settings is the pi settings file beside the extensions folder extDir.
func Settings(extDir string) string { return filepath.Join(filepath.Dir(extDir), SettingsName) }

// GateChildren makes pi-subagents' children load the extension installed in extDir: it lists
// the extension in subagents.defaultExtensions of the settings file beside extDir
// (docs/pi.md, "Subagents"). It reports whether the file changed.
func GateChildren(extDir string) (bool, error) {
	return AddChildExtension(Settings(extDir), Path(extDir))
}

// UngateChildren undoes GateChildren.
func UngateChildren(extDir string) (bool, error) {
	return RemoveChildExtension(Settings(extDir), Path(extDir))
}
