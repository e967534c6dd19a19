package posixlocale

import (
	"os"
	"testing"
)

func TestHideAndRestore(t *testing.T) {
	tests := []struct {
		name          string
		env           map[string]string // LC_ALL, LC_MESSAGES, LANG
		wantVar       string            // the variable hidden; "" for none
		wantAfterHide string            // its value while hidden
	}{
		{name: "C with a codeset is hidden", env: map[string]string{"LANG": "C.UTF-8"}, wantVar: "LANG", wantAfterHide: "C"},
		{name: "POSIX with a modifier is hidden", env: map[string]string{"LANG": "POSIX@euro"}, wantVar: "LANG", wantAfterHide: "C"},
		{name: "LC_ALL decides before LANG", env: map[string]string{"LC_ALL": "C.utf8", "LANG": "en_US.UTF-8"}, wantVar: "LC_ALL", wantAfterHide: "C"},
		{name: "a real locale deciding is left alone", env: map[string]string{"LC_ALL": "de_DE.UTF-8", "LANG": "C.UTF-8"}},
		{name: "bare C is left alone", env: map[string]string{"LANG": "C"}},
		{name: "a language starting with C is left alone", env: map[string]string{"LANG": "Cy_GB"}},
		{name: "no locale at all", env: map[string]string{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, v := range localeVars {
				t.Setenv(v, tt.env[v])
			}
			saved.name, saved.value = hide()
			if saved.name != tt.wantVar {
				t.Fatalf("hide() with %v changed %q, want %q", tt.env, saved.name, tt.wantVar)
			}
			if tt.wantVar != "" {
				if got := os.Getenv(tt.wantVar); got != tt.wantAfterHide {
					t.Errorf("after hide() %s=%q, want %q", tt.wantVar, got, tt.wantAfterHide)
				}
			}
			Restore()
			Restore() // twice is harmless
			for _, v := range localeVars {
				if got := os.Getenv(v); got != tt.env[v] {
					t.Errorf("after Restore() %s=%q, want %q as given", v, got, tt.env[v])
				}
			}
		})
	}
}

func TestHideForTheApp(t *testing.T) {
	t.Setenv("LC_ALL", "")
	t.Setenv("LC_MESSAGES", "")
	t.Setenv("LANG", "C.UTF-8")
	Restore() // the package's own init may have hidden something in this test binary
	Hide()
	if got := os.Getenv("LANG"); got != "C" {
		t.Errorf("after Hide LANG=%q, want C", got)
	}
	Hide() // a second call keeps the first saved value
	Restore()
	if got := os.Getenv("LANG"); got != "C.UTF-8" {
		t.Errorf("after Restore LANG=%q, want C.UTF-8", got)
	}
}
