package pathres

import "testing"

func TestWindowsName(t *testing.T) {
	tests := []struct {
		in, want string
		unsure   bool
	}{
		{"secret.env", "secret.env", false},
		{"secret.env.", "secret.env", false},
		{"secret.env . .", "secret.env", false},
		{"secret.env::$DATA", "secret.env", false},
		{"secret.env::$data", "secret.env", false},
		{"secret.env:side", "secret.env", true},
		{"secret.env:side:$DATA", "secret.env", true},
		{"..", "..", false},
		{". .", ". .", true},
	}
	for _, tt := range tests {
		got, why := windowsName(tt.in)
		if got != tt.want || (why != "") != tt.unsure {
			t.Errorf("windowsName(%q) = %q, %q; want %q (unsure %v)", tt.in, got, why, tt.want, tt.unsure)
		}
	}
}

func TestIsShortName(t *testing.T) {
	for n, want := range map[string]bool{
		"PROGRA~1": true, "SECRET~2.ENV": true, "A~10": true, "progra~1": true,
		"~1": false, "PROGRAM~": false, "TOOLONGNAME~1": false, "X~1.TOOLONG": false, "file.txt": false, "a~b": false,
	} {
		if got := isShortName(n); got != want {
			t.Errorf("isShortName(%q) = %v, want %v", n, got, want)
		}
	}
}

func TestSplitVolume(t *testing.T) {
	tests := []struct{ in, vol, rest string }{
		{"C:/x", "C:", "/x"},
		{"c:/x", "C:", "/x"},
		{"//server/share/x/y", "//server/share", "/x/y"},
		{"//?/C:/x", "C:", "/x"},
		{"//?/UNC/server/share/x", "//server/share", "/x"},
		{"/x", "", "/x"},
	}
	for _, tt := range tests {
		if vol, rest := splitVolume(tt.in); vol != tt.vol || rest != tt.rest {
			t.Errorf("splitVolume(%q) = %q, %q; want %q, %q", tt.in, vol, rest, tt.vol, tt.rest)
		}
	}
}
