package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestUnstableBinary(t *testing.T) {
	tmp := os.TempDir()
	if real, err := filepath.EvalSymlinks(tmp); err == nil {
		tmp = real
	}
	tests := []struct {
		bin, want string
	}{
		{filepath.Join(tmp, "go-build123", "b001", "exe", "agentmgr"), "go run"},
		{filepath.Join(tmp, "x", "agentmgr"), "temporary folder"},
		{"/usr/local/bin/agentmgr", ""},
		{filepath.Join(string(filepath.Separator), "opt", "tmpfiles", "agentmgr"), ""},
	}
	for _, tt := range tests {
		got := unstableBinary(tt.bin)
		if tt.want == "" && got != "" || tt.want != "" && !strings.Contains(got, tt.want) {
			t.Errorf("unstableBinary(%s) = %q, want %q", tt.bin, got, tt.want)
		}
	}
}
