package gitconfig

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/agentmgr/agentmgr/internal/regularfile"
)

// Limits that keep a hostile repository's configuration cheap to read: git's own include depth,
// a cap on the files one repository pulls in, and on each file's size.
const (
	maxIncludeDepth = 10
	maxFiles        = 32
	fileLimit       = 1 << 20
	maxUpward       = 256
)

// Repo is a repository's own configuration as git reads it for a command: the entries of its
// config file, its worktree's config.worktree, and every file they include, in order.
type Repo struct {
	// GitDir is the repository's git folder ("" when none was found: no configuration).
	GitDir string
	// Entries are the settings read, each with its file and line.
	Entries []Entry
	// Problems are the files that could not be read or parsed: git may read what this reader
	// could not, so a caller deciding on them fails closed.
	Problems []string
}

// Find locates the git folder for a command run in dir: gitDir when given (--git-dir,
// $GIT_DIR; relative to dir), else the nearest .git up from dir (a folder, or a file naming the
// folder as a worktree's or a submodule's does).
func Find(dir, gitDir string) (string, error) {
	if gitDir != "" {
		if !filepath.IsAbs(gitDir) {
			gitDir = filepath.Join(dir, gitDir)
		}
		return filepath.Clean(gitDir), nil
	}
	d := filepath.Clean(dir)
	for range maxUpward {
		cand := filepath.Join(d, ".git")
		if st, err := os.Stat(cand); err == nil {
			if st.IsDir() {
				return cand, nil
			}
			return readGitFile(cand)
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", nil
		}
		d = parent
	}
	return "", nil
}

// readGitFile reads a .git file ("gitdir: PATH").
func readGitFile(path string) (string, error) {
	data, err := regularfile.Read(path, 4096)
	if err != nil {
		return "", err
	}
	line, _, _ := strings.Cut(string(data), "\n")
	target, ok := strings.CutPrefix(strings.TrimSpace(line), "gitdir:")
	if !ok {
		return "", fmt.Errorf("%s: expected gitdir: PATH", path)
	}
	target = strings.TrimSpace(target)
	if !filepath.IsAbs(target) {
		target = filepath.Join(filepath.Dir(path), target)
	}
	return filepath.Clean(target), nil
}

// Load reads the configuration of the repository whose git folder is gitDir: the common
// folder's config (a worktree's gitdir names it in commondir), the worktree's config.worktree,
// and their includes, include.path and every includeIf.*.path whatever its condition (a
// condition this reader does not weigh is taken as met, so nothing git may read is missed).
// home is what a leading ~/ in an include path stands for.
func Load(gitDir, home string) Repo {
	r := Repo{GitDir: gitDir}
	if gitDir == "" {
		return r
	}
	common := gitDir
	if data, err := regularfile.Read(filepath.Join(gitDir, "commondir"), 4096); err == nil {
		c := strings.TrimSpace(string(data))
		if !filepath.IsAbs(c) {
			c = filepath.Join(gitDir, c)
		}
		common = filepath.Clean(c)
	}
	l := loader{home: home, repo: &r, seen: map[string]bool{}}
	l.file(filepath.Join(common, "config"), 0)
	l.file(filepath.Join(gitDir, "config.worktree"), 0)
	return r
}

type loader struct {
	home  string
	repo  *Repo
	seen  map[string]bool
	files int
}

// file reads path and, in place, the files it includes.
func (l *loader) file(path string, depth int) {
	if l.seen[path] {
		return
	}
	l.seen[path] = true
	if l.files >= maxFiles {
		l.repo.Problems = append(l.repo.Problems, fmt.Sprintf("%s: more than %d configuration files are included; the rest were not read", path, maxFiles))
		return
	}
	l.files++
	data, err := regularfile.Read(path, fileLimit)
	if errors.Is(err, fs.ErrNotExist) {
		return
	}
	if err != nil {
		l.repo.Problems = append(l.repo.Problems, err.Error())
		return
	}
	entries, err := Parse(path, data)
	if err != nil {
		l.repo.Problems = append(l.repo.Problems, err.Error())
	}
	for _, e := range entries {
		l.repo.Entries = append(l.repo.Entries, e)
		if e.Name != "path" || (e.Section != "include" && e.Section != "includeif") {
			continue
		}
		if depth+1 > maxIncludeDepth {
			l.repo.Problems = append(l.repo.Problems, fmt.Sprintf("%s: includes nest deeper than %d", e.Where(), maxIncludeDepth))
			continue
		}
		l.file(l.includePath(path, e.Value), depth+1)
	}
}

// includePath is an include's path: ~/ is the home folder, a relative path is relative to the
// including file's folder.
func (l *loader) includePath(from, p string) string {
	if rest, ok := strings.CutPrefix(p, "~/"); ok && l.home != "" {
		return filepath.Join(l.home, rest)
	}
	if !filepath.IsAbs(p) {
		return filepath.Join(filepath.Dir(from), p)
	}
	return filepath.Clean(p)
}
