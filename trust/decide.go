package trust

import (
	"errors"
	"time"

	"github.com/agentmgr/agentmgr/locations"
)

// Trust records that the person trusts d's project as its files are now, and returns the
// status that results. The trust covers exactly the files listed in it: a later change to
// any of them, or a file added or removed, needs a fresh look (Changed). A copy of each file
// is kept, so that such a change can be shown as a diff (Diffs).
func Trust(d locations.Dirs, now time.Time) (Status, error) {
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
	return record(d, Record{Trusted: true, At: now.UTC(), Files: files}, func() error {
		return saveCopies(d, files, contents)
	})
}

// record writes rec as the decision on d's project, after first (a step run before the record
// is written: the trust's copies), and returns the status that results. The copies no trust
// refers to any more are removed after: a failure to remove them changes no decision, and is
// reported in the status's problems.
func record(d locations.Dirs, rec Record, first func() error) (Status, error) {
	unlock, err := lockCopies(d)
	if err != nil {
		return Status{}, err
	}
	defer unlock()
	if err := first(); err != nil {
		return Status{}, err
	}
	dir := canonical(d.ProjectDir())
	if err := update(d.TrustStore(), func(s *store) { s.Projects[dir] = rec }); err != nil {
		return Status{}, err
	}
	pruneErr := pruneCopies(d)
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
