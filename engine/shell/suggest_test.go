package shell

import "testing"

func TestSuggest(t *testing.T) {
	t.Parallel()
	checkNamedResults(t, "Suggest", Suggest, []namedResult[string]{
		{"default_keeps_one_word", "ls -la /tmp", "ls *"},
		{"one_word", "ls", "ls *"},
		{"git_two", "git push origin main", "git push *"},
		{"git_with_fewer_words", "git", "git *"},
		{"git_exactly_two", "git status", "git status *"},
		{"npm_two", "npm install left-pad", "npm install *"},
		{"npm_run_three", "npm run build -- --watch", "npm run build *"},
		{"npm_run_without_script", "npm run", "npm run *"},
		{"docker_two", "docker ps -a", "docker ps *"},
		{"docker_compose_three", "docker compose up -d", "docker compose up *"},
		{"kubectl_two", "kubectl get pods -A", "kubectl get *"},
		{"go_two", "go test ./...", "go test *"},
		{"cargo_two", "cargo build --release", "cargo build *"},
		{"yarn_run_three", "yarn run lint --fix", "yarn run lint *"},
		{"pnpm_run_three", "pnpm run test", "pnpm run test *"},
		{"make_two", "make install PREFIX=/usr", "make install *"},
		{"pip_two", "pip install requests", "pip install *"},
		{"python_m_three", "python -m http.server 8000", "python -m http.server *"},
		{"python_without_m_is_one", "python script.py", "python *"},
		{"gh_three", "gh pr create --fill", "gh pr create *"},
		{"path_uses_base_name_for_arity", "/usr/bin/git push origin", "/usr/bin/git push *"},
		{"prefix_must_be_whole_word", "gitk --all", "gitk *"},
		{"empty_text", "", ""},
	})
}

// TestArityTableIsConsistent guards the table as data: no duplicate
// prefixes, every arity keeps at least the prefix's words plus one, and no
// prefix is longer than Suggest looks.
func TestArityTableIsConsistent(t *testing.T) {
	t.Parallel()
	seen := map[string]bool{}
	for _, a := range arities {
		key := ""
		for _, w := range a.prefix {
			key += w + " "
		}
		if seen[key] {
			t.Errorf("arity prefix %q is listed twice", key)
		}
		seen[key] = true
		if a.words < len(a.prefix) || a.words > maxArityWords || len(a.prefix) >= maxArityWords {
			t.Errorf("arity %v keeps %d words; want between %d and %d", a.prefix, a.words, len(a.prefix), maxArityWords)
		}
	}
}

func TestUnitSuggestionFollowsText(t *testing.T) {
	t.Parallel()
	for _, cmd := range []string{"git push origin main", "sudo npm run build", "FOO=1 docker compose up -d"} {
		for _, u := range Analyze(cmd) {
			if want := Suggest(u.Text); u.Suggestion != want {
				t.Errorf("Analyze(%q): unit %q has suggestion %q, want Suggest(text) = %q", cmd, u.Text, u.Suggestion, want)
			}
		}
	}
}

func BenchmarkSuggest(b *testing.B) {
	for b.Loop() {
		Suggest("docker compose up -d --build")
	}
}
