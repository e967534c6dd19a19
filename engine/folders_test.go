package engine

import "testing"

// TestFoldersOfProtectedPaths: a recursive reader, copier or archiver of a folder that holds a
// protected path reads it; a delete below it edits it; programs with protected default paths
// write them; looking at the folder stays free.
func TestFoldersOfProtectedPaths(t *testing.T) {
	p := homePolicy(
		"*", "*", "allow",
		"read", "~/.ssh/*", "deny",
		"edit", "~/.ssh/*", "deny",
		"edit", "~/.bashrc", "deny",
		"edit", "~/.npmrc", "deny",
		"read", "~/.config/gh/*", "deny",
	)
	checkBash(t, p, []bashCase{
		{"cp -a ~/. /tmp/h", Ask},
		{"cp -r ~ /tmp/h", Ask},
		{"grep -r 'PRIVATE KEY' ~", Ask},
		{"grep -R KEY /home/u", Ask},
		{"rg -l KEY ~/", Ask},
		{"tar czf x.tgz ~", Ask},
		{"tar -czf x.tgz -C / home/u ~", Ask},
		{"zip -r x.zip ~", Ask},
		{"rsync -a ~/ /tmp/h/", Ask},
		{"git -C ~ add -A", Ask},
		{"cp -r dotfiles/. ~/", Ask},
		{"find ~ -name '*.tmp' -delete", Ask},
		{"find -L ~ -exec cat {} +", Ask}, // -L is an option, not the end of the starting points
		{"rm -rf ~", Ask},
		{"ssh-keygen -t ed25519 -N ''", Deny},
		{"ssh-keygen -f ~/.ssh/id_new -N ''", Deny},
		{"npm login", Deny},
		{"gh auth token", Deny},
		// Free: looking at the folder, and the same programs on other folders.
		{"ls ~", Allow},
		{"ls -la ~", Allow},
		{"cd ~", Allow},
		{"du -sh ~", Allow},
		{"grep -r TODO .", Allow},
		{"grep -rn TODO src", Allow},
		{"grep TODO ~/notes.txt", Allow},
		{"tar czf x.tgz src", Allow},
		{"tar xzf x.tgz", Allow},
		{"cp -r src dst", Allow},
		{"rsync -a src/ dst/", Allow},
		{"find . -name '*.tmp' -delete", Allow},
		{"git add -A", Allow},
		{"ssh-keygen -f build/key -N ''", Allow},
		{"ssh-keygen -l -f ~/.ssh/id_rsa.pub", Ask},
		{"npm ci", Allow},
	})
}
