package policy

// The managed layer: one guards file in a system location (locations.ManagedGuards), which a
// machine's administrator keeps for every user, as Claude Code's managed settings and Gemini
// CLI's system settings are kept. It is read like any guards file and decides beside the
// others, the most restrictive winning, so neither the user's guards nor a project's can
// loosen it. It is used only when root owns it and its folder and nobody else may write
// either: otherwise whoever could write it would speak for the administrator.

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/personas"
)

// managedOwner is the uid that must own the managed guards file and its folder: root. Tests
// that cannot run as root change it; nothing else can, the environment included.
var managedOwner uint32

// LoadManaged reads the managed guards file at path ("" for none, as on Windows); ok is false
// when there is none or it may not be used, which a problem then says.
func LoadManaged(path string) (f GuardsFile, probs []personas.Problem, ok bool) {
	if path == "" {
		return GuardsFile{}, nil, false
	}
	st, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return GuardsFile{}, nil, false
	}
	if err == nil {
		err = managedSafe(path, st)
	}
	if err != nil {
		return GuardsFile{}, []personas.Problem{{File: path, Severity: personas.Warning,
			Message: "the managed guards file is not used: " + err.Error()}}, false
	}
	f, probs, ok = LoadGuardsFile(path)
	for i := range f.Rules {
		f.Rules[i].Source.Kind = engine.FromManaged
	}
	return f, probs, ok
}

// managedSafe says why the managed guards file, whose Lstat is st, may not be used: it is not
// a regular file (a link could lead anywhere), or it or its folder is owned by someone other
// than root or writable by the group or others.
func managedSafe(path string, st fs.FileInfo) error {
	if !st.Mode().IsRegular() {
		return fmt.Errorf("it is not a regular file (%s)", st.Mode().Type())
	}
	if err := ownedByAdmin(st); err != nil {
		return err
	}
	dir := filepath.Dir(path)
	dst, err := os.Stat(dir)
	if err != nil {
		return err
	}
	if err := ownedByAdmin(dst); err != nil {
		return fmt.Errorf("its folder %s: %w", dir, err)
	}
	return nil
}
