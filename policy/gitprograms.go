package policy

import (
	"os"
	"path/filepath"

	"github.com/agentmgr/agentmgr/gitconfig"
	"github.com/agentmgr/agentmgr/locations"
)

// gitPrograms is engine.Place.GitPrograms: the settings of the repository a git command run in
// dir works on (its git folder gitDir when given) that make its subcommand sub run a program,
// read now, as git will read them (package gitconfig), each as "key = value (file:line)".
func gitPrograms(dir, gitDir, sub string) (programs, problems []string) {
	gd, err := gitconfig.Find(filepath.FromSlash(dir), filepath.FromSlash(gitDir))
	if err != nil {
		return nil, []string{err.Error()}
	}
	repo := gitconfig.Load(gd, locations.Home(os.Getenv))
	for _, e := range repo.Programs(sub) {
		programs = append(programs, e.Key()+" = "+quoteShort(e.Value)+" ("+e.Where()+")")
	}
	return programs, repo.Problems
}

// quoteShort quotes a configuration value for a reason, cut to a length a person reads.
func quoteShort(v string) string {
	const max = 80
	if len(v) > max {
		v = v[:max] + "…"
	}
	return `"` + v + `"`
}
