package shell

import "testing"

func TestPerlSubstitutionsNeedNoName(t *testing.T) {
	for cmd, want := range map[string]string{
		`perl -pi -e 's/foo/bar/g' a.txt`:                         "",
		`perl -0 -i.bak -pe 's/\[patch\.crates-io\].+\n\[/[/s' C`: "",
		`perl -pe 's#a#b#; tr/a-z/A-Z/' f`:                        "",
		`perl -pe 's/x/system("id")/e' f`:                         "perl",
		`perl -pe 's/x/@{[ qx(id) ]}/' f`:                         "perl",
		`perl -pe 's/(?{ system "id" })//' f`:                     "perl",
		`perl -e 'print 1'`:                                       "perl",
		`perl -MPOSIX -pe 's/a/b/' f`:                             "perl",
		`perl -pe "$CODE" f`:                                      "perl",
	} {
		if got := Analyze(cmd)[0].Needs; got != want {
			t.Errorf("%s: needs %q, want %q", cmd, got, want)
		}
	}
}

func FuzzPerlSubstitutes(f *testing.F) {
	for _, s := range []string{"s/a/b/g", "s#a#b#e", "tr/a/b/", "s/(?{1})//", "y|a|b|;s/x/y/"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		ok := substitutionsOnly(code)
		if ok && (len(code) > 0 && (containsAny(code, "`") || contains(code, "(?{"))) {
			t.Errorf("substitutionsOnly(%q) = true for code with an embedded block", code)
		}
	})
}

func containsAny(s, chars string) bool {
	for i := 0; i < len(s); i++ {
		for j := 0; j < len(chars); j++ {
			if s[i] == chars[j] {
				return true
			}
		}
	}
	return false
}

func contains(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}
