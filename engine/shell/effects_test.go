package shell

import (
	"slices"
	"testing"
)

func TestEffectsOfUnits(t *testing.T) {
	t.Parallel()
	tests := []struct {
		cmd     string
		effect  Effect
		via     string
		targets []string
	}{
		{"rm -rf build dist", Deletes, "rm", []string{"build", "dist"}},
		{"find src tmp -name '*.o' -delete", Deletes, "find -delete", []string{"src", "tmp"}},
		{"git -C repo clean -fdx", Deletes, "git clean", nil},
		{"rsync -a --delete-after a/ b/", Deletes, "rsync --delete-after", []string{"b/"}},
		{"shred -n 3 -u key", Deletes, "shred", []string{"key"}},
		{"wget https://example.com/x", ReachesNetwork, "wget", []string{"https://example.com/x"}},
		{"git clone git@github.com:o/r.git", ReachesNetwork, "git clone", []string{"git@github.com:o/r.git"}},
		{"scp f host:/tmp", ReachesNetwork, "scp", []string{"host:/tmp"}},
		{"pip install git+https://example.com/p.git", ReachesNetwork, "pip install", []string{"git+https://example.com/p.git"}},
		{"chmod -R 755 a b", ChangesMode, "chmod", []string{"a", "b"}},
		{"install -m u+s x y", ChangesMode, "install -m u+s", nil},
		{"chown -R u:g dir", ChangesOwner, "chown", []string{"dir"}},
		{"systemd-run -p User=root id", RaisesPrivilege, "systemd-run -p", nil},
		{"podman run -v /:/host img", RaisesPrivilege, "podman run -v /:", nil},
		{"git push origin main", Publishes, "git push", []string{"origin", "main"}},
		{"git --git-dir=../r/.git fetch ./ main", Publishes, "git -C ../r/.git fetch", []string{"../r/.git"}},
	}
	for _, tt := range tests {
		units := Analyze(tt.cmd)
		found := false
		for _, d := range units[0].Effects() {
			if d.Effect == tt.effect && d.Via == tt.via && slices.Equal(d.Targets, tt.targets) {
				found = true
			}
		}
		if !found {
			t.Errorf("%q: effects %+v, want %s via %q on %q", tt.cmd, units[0].Effects(), tt.effect, tt.via, tt.targets)
		}
	}
}

func TestNoEffectsOfOrdinaryForms(t *testing.T) {
	t.Parallel()
	for _, cmd := range []string{
		"find . -name '*.go'", "git fetch origin", "git rm --cached x", "install -m 0644 a b", "mkdir -m 700 d",
		"rsync -a a/ b/", "zip -r x.zip dir", "tar czf x.tgz dir", "docker run --rm img", "systemd-run --user x",
		"pip install -r requirements.txt", "npm install", "git remote add origin https://example.com/r.git",
	} {
		if d := Analyze(cmd)[0].Does; len(d) > 0 {
			t.Errorf("%q: effects %+v, want none", cmd, d)
		}
	}
}

func TestEffectsOfFileUnits(t *testing.T) {
	t.Parallel()
	units := Analyze("cat < in > out")
	var got []Effect
	for _, u := range units {
		for _, d := range u.Effects() {
			got = append(got, d.Effect)
		}
	}
	if !slices.Contains(got, Writes) || !slices.Contains(got, Reads) {
		t.Errorf("effects %v, want writes and reads", got)
	}
	if e := Analyze("python3 -c 'print(1)'")[0].Effects(); len(e) == 0 || e[0].Effect != Runs {
		t.Errorf("python3 -c: effects %+v, want runs", e)
	}
}
