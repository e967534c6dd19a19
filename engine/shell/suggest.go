package shell

import "strings"

// arity says how many leading words of a command name what it does: git
// push is a different act from git status, so "always" for git push origin
// should allow git push *, not git *.
type arity struct {
	prefix []string // leading words, the command by its base name
	words  int      // words kept in the suggestion
}

// arities is the arity table. The longest matching prefix wins; a command
// not listed keeps one word.
var arities = []arity{
	{[]string{"git"}, 2},
	{[]string{"npm"}, 2},
	{[]string{"npm", "run"}, 3},
	{[]string{"npm", "exec"}, 3},
	{[]string{"npx"}, 2},
	{[]string{"yarn"}, 2},
	{[]string{"yarn", "run"}, 3},
	{[]string{"pnpm"}, 2},
	{[]string{"pnpm", "run"}, 3},
	{[]string{"pnpm", "exec"}, 3},
	{[]string{"bun"}, 2},
	{[]string{"bun", "run"}, 3},
	{[]string{"deno"}, 2},
	{[]string{"docker"}, 2},
	{[]string{"docker", "compose"}, 3},
	{[]string{"docker-compose"}, 2},
	{[]string{"podman"}, 2},
	{[]string{"kubectl"}, 2},
	{[]string{"helm"}, 2},
	{[]string{"go"}, 2},
	{[]string{"cargo"}, 2},
	{[]string{"rustup"}, 2},
	{[]string{"make"}, 2},
	{[]string{"pip"}, 2},
	{[]string{"pip3"}, 2},
	{[]string{"python", "-m"}, 3},
	{[]string{"python3", "-m"}, 3},
	{[]string{"uv"}, 2},
	{[]string{"uv", "run"}, 3},
	{[]string{"poetry"}, 2},
	{[]string{"gh"}, 3},
	{[]string{"terraform"}, 2},
	{[]string{"systemctl"}, 2},
	{[]string{"brew"}, 2},
	{[]string{"apt"}, 2},
	{[]string{"apt-get"}, 2},
	{[]string{"dotnet"}, 2},
	{[]string{"mvn"}, 2},
	{[]string{"gradle"}, 2},
	{[]string{"bundle"}, 2},
	{[]string{"composer"}, 2},
}

// maxArityWords is the longest prefix plus one: no suggestion needs more
// leading words than that.
const maxArityWords = 4

// Suggest returns the "always" suggestion for a unit's match text: its
// first N words followed by " *", N from the arity table ("git push origin"
// gives "git push *"; "ls -la" gives "ls *"). A text with fewer than N words
// keeps them all ("git" gives "git *"). The empty text gives "", which
// matches only the empty command.
func Suggest(text string) string {
	if text == "" {
		return ""
	}
	var buf [maxArityWords]string
	words := leadingWords(text, buf[:0])
	n := 1
	best := 0
	for _, a := range arities {
		if len(a.prefix) > best && matchesPrefix(words, a.prefix) {
			n, best = a.words, len(a.prefix)
		}
	}
	// Cut after the n-th word, on the spaces that joined the words.
	end := 0
	for i := 0; i < n; i++ {
		j := strings.IndexByte(text[end:], ' ')
		if j < 0 {
			end = len(text)
			break
		}
		end += j
		if i < n-1 {
			end++
		}
	}
	return text[:end] + " *"
}

// leadingWords splits the first few space-separated words off text.
func leadingWords(text string, words []string) []string {
	for len(words) < cap(words) {
		w, rest, more := strings.Cut(text, " ")
		words = append(words, w)
		if !more {
			break
		}
		text = rest
	}
	return words
}

// matchesPrefix reports whether words start with prefix, the first word
// taken by its base name (/usr/bin/git is git).
func matchesPrefix(words, prefix []string) bool {
	if len(words) < len(prefix) {
		return false
	}
	for i, p := range prefix {
		w := words[i]
		if i == 0 {
			w = baseName(w)
		}
		if w != p {
			return false
		}
	}
	return true
}
