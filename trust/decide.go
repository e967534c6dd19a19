package trust

import (
	"errors"
	"time"

	"github.com/agentmgr/agentmgr/locations"
)

// Trust records that the person trusts d's project as its files are now, and returns the
// status that results. The trust covers exactly the files listed in it: a later change to
// any of them, or a file added or removed, needs a fresh look (Changed).
func Trust(d locations.Dirs, now time.Time) (Status, error) {
	if err := d.Check(); err != nil {
		return Status{}, err
	}
	if d.Project == "" {
		return Status{}, errors.New("no project here: no .pi folder in this folder or above it, up to the repository root")
	}
	files, err := ProjectFiles(d)
	if err != nil {
		return Status{}, err
	}
	dir := canonical(d.ProjectDir())
	if err := update(d.TrustStore(), func(s *store) {
		s.Projects[dir] = Record{Trusted: true, At: now.UTC(), Files: files}
	}); err != nil {
		return Status{}, err
	}
	return Of(d), nil
}

// Revoke records that the person does not trust d's project: its files are not used, whatever
// pi's trust store says, until the person trusts it again.
func Revoke(d locations.Dirs, now time.Time) (Status, error) {
	if err := d.Check(); err != nil {
		return Status{}, err
	}
	if d.Project == "" {
		return Status{}, errors.New("no project here: no .pi folder in this folder or above it, up to the repository root")
	}
	dir := canonical(d.ProjectDir())
	if err := update(d.TrustStore(), func(s *store) {
		s.Projects[dir] = Record{Trusted: false, At: now.UTC()}
	}); err != nil {
		return Status{}, err
	}
	return Of(d), nil
}
