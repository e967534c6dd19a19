package trust

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/agentmgr/agentmgr/locations"
)

// Trust records that the person trusts d's project as its files are now, and returns the
// status that results. The trust covers exactly the files listed in it: a later change to
// any of them, or a file added or removed, needs a fresh look (Changed). A copy of each file
// is kept, so that such a change can be shown as a diff (Diffs).
func Trust(d locations.Dirs, now time.Time) (Status, error) {
	return trustFiles(d, now, nil)
}

// TrustAsShown is Trust of the files the person was shown (a Status's Files, which its Diffs
// show): when the project's files are not those any more (changed, added or removed since they
// were read), nothing is recorded and the error says to look again. A trust covers the files
// as the person saw them, not as they became while the person looked.
func TrustAsShown(d locations.Dirs, now time.Time, shown []File) (Status, error) {
	return trustFiles(d, now, func(files []File) error {
		if c := changes(shown, files); len(c) > 0 {
			return fmt.Errorf("the project's files changed since they were shown (%s): look at them again", strings.Join(c, ", "))
		}
		return nil
	})
}

// trustFiles records the trust of d's project as its files are now, when check (if any)
// accepts them.
func trustFiles(d locations.Dirs, now time.Time, check func([]File) error) (Status, error) {
	if err := d.Check(); err != nil {
		return Status{}, err
	}
	if d.Project == "" {
		return Status{}, errors.New("no project here: no .pi folder in this folder or above it, up to the repository root")
	}
	files, contents, err := projectFiles(d, true)
	if err != nil {
		return Status{}, err
	}
	if check != nil {
		if err := check(files); err != nil {
			return Status{}, err
		}
	}
	return record(d, Record{Trusted: true, At: now.UTC(), Files: files}, func() error {
		return saveCopies(d, files, contents)
	})
}

// record writes rec as the decision on d's project, after first (a step run before the record
// is written: the trust's copies), and returns the status that results. The copies no trust
// refers to any more are removed after: a failure to remove them changes no decision, and is
// reported in the status's problems. A refusal is recorded even when the copies' folder
// cannot be locked: the copies are only shown, and the trust it replaces would stay in force.
func record(d locations.Dirs, rec Record, first func() error) (Status, error) {
	unlock, pruneErr := lockCopies(d)
	switch {
	case pruneErr == nil:
		defer unlock()
	case rec.Trusted:
		return Status{}, pruneErr
	}
	if err := first(); err != nil {
		return Status{}, err
	}
	dir := canonical(d.ProjectDir())
	if err := update(d.TrustStore(), func(s *store) { s.Projects[dir] = rec }); err != nil {
		return Status{}, err
	}
	if pruneErr == nil {
		pruneErr = pruneCopies(d)
	}
	st := Of(d)
	if pruneErr != nil {
		st.Problems = append(st.Problems, "cannot remove the copies of files no trust covers any more: "+pruneErr.Error())
	}
	return st, nil
}

// Revoke records that the person does not trust d's project: its files are not used, whatever
// pi's trust store says, until the person trusts it again. The copies its trust kept go, unless
// another trust covers the same content.
func Revoke(d locations.Dirs, now time.Time) (Status, error) {
	if err := d.Check(); err != nil {
		return Status{}, err
	}
	if d.Project == "" {
		return Status{}, errors.New("no project here: no .pi folder in this folder or above it, up to the repository root")
	}
	return record(d, Record{Trusted: false, At: now.UTC()}, func() error { return nil })
}
