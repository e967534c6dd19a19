package shell

import (
	"strings"
	"testing"
)

// TestLiteralVariablesResolve checks that a variable the script gives one literal value, and
// that nothing in the script can change before the use, is read as that literal (so a sed
// script in it is scanned), and that every other variable stays unknown (so sed asks).
func TestLiteralVariablesResolve(t *testing.T) {
	cases := []struct {
		cmd      string
		resolved bool
	}{
		{`S='1d'; sed "$S" f`, true},
		{"SEMVER_RE='[^0-9]*\\([0-9]*\\)'\nX=`echo v1 | sed -e \"s#$SEMVER_RE#\\1#\"`", true},
		{`S=1d; X=$(sed -e "${S}" f)`, true},
		{`S='1d'; printf '%s\n' "$S"; sed "$S" f`, true},
		{`S='1d'; f() { sed "$S" f; }; f`, true},
		{`S=1d; sed $S f`, true},
		// the value would run a command: resolved, and the scan sees it
		{`S='1e touch x'; sed "$S" f`, true},
		{`sed "$S" f; S='1d'`, false},                            // read before the assignment
		{`f() { sed "$S" f; }; S='1d'; f`, false},                // a function body written before it
		{`S='1d'; S='1e id'; sed "$S" f`, false},                 // assigned twice
		{`S='1d'; S+='x'; sed "$S" f`, false},                    // appended to
		{`if true; then S='1d'; fi; sed "$S" f`, false},          // not every path assigns it
		{`true && S='1d'; sed "$S" f`, false},                    // nor here
		{`S='1d' & sed "$S" f`, false},                           // assigned in a background job
		{`S='1d'; read -r S; sed "$S" f`, false},                 // read names it
		{`n=S; S='1d'; read -r "$n"; sed "$S" f`, false},         // read names it only at run time
		{`n=S; S='1d'; printf -v "$n" x; sed "$S" f`, false},     // so does printf -v
		{`n=S; S='1d'; printf "$n" x; sed "$S" f`, false},        // a format only known at run time may be -v
		{`n=S; S='1d'; declare "$n=x"; sed "$S" f`, false},       // a declaration with a run-time name
		{`S='1d'; eval $'\x53=x'; sed "$S" f`, false},            // eval names it in ANSI-C quotes
		{`S='1d'; source ./x; sed "$S" f`, false},                // a sourced file may set it
		{`S='1d'; $c S; sed "$S" f`, false},                      // a command only known at run time
		{`S="$(cat f)"; sed "$S" f`, false},                      // not a literal
		{`S=~; sed "$S" f`, false},                               // tilde expansion: not the text
		{`IFS=d; S=1d; sed $S f`, false},                         // unquoted, split at IFS
		{`S='1 d'; sed $S f`, false},                             // unquoted, split at blanks
		{`S='1d'; sed "${S%d}" f`, false},                        // an expansion with an operator
		{`RANDOM=1d; sed "$RANDOM" f`, false},                    // bash's own variables
		{`S='1d'; declare -n r=S; r='1e id'; sed "$S" f`, false}, // a reference names it
	}
	for _, c := range cases {
		var sed *Unit
		units := Analyze(c.cmd)
		for i := range units {
			if strings.HasPrefix(units[i].Text, "sed ") {
				sed = &units[i]
			}
		}
		if sed == nil {
			t.Errorf("%q: no sed unit", c.cmd)
			continue
		}
		resolved := !strings.Contains(sed.Text, "$")
		if resolved != c.resolved {
			t.Errorf("%q: sed unit %q resolved = %v, want %v", c.cmd, sed.Text, resolved, c.resolved)
		}
		if !resolved && !strings.Contains(sed.Needs, "sed") {
			t.Errorf("%q: an unknown sed script must need a rule naming sed, needs %q", c.cmd, sed.Needs)
		}
	}
}

// TestLiteralVariableScriptIsScanned checks that a resolved script is scanned as written: a
// harmless one needs nothing, one that runs a command needs a rule naming sed.
func TestLiteralVariableScriptIsScanned(t *testing.T) {
	for cmd, want := range map[string]string{
		`S='s/a/b/'; sed "$S" f`:     "",
		`S='1e touch x'; sed "$S" f`: "sed",
		`S='w out'; sed "$S" f`:      "sed",
	} {
		units := Analyze(cmd)
		last := units[len(units)-1]
		if last.Needs != want {
			t.Errorf("%q: needs %q, want %q", cmd, last.Needs, want)
		}
	}
}

// TestLiteralVariableChoices checks that an unquoted read of a variable the script gives
// several literal values is decided as each of them, and that a move to one of several
// directories leaves the directory unknown.
func TestLiteralVariableChoices(t *testing.T) {
	cases := []struct {
		cmd  string
		want []string // the unit texts of the command reading the variable
	}{
		{"guard=echo\n[ \"$P\" = false ] || guard=\"\"\nls | xargs $guard gh release create --", []string{"xargs echo gh release create --", "xargs gh release create --"}},
		{`g=echo; false || g=rm; $g victim`, []string{"echo victim", "rm victim"}},
		{`g=echo; false || g=rm; g2=$g; $g victim`, []string{"echo victim", "rm victim"}},
		{`g=echo; false || g='a b'; $g victim`, []string{"$g victim"}}, // a value to split
		{`g=echo; false || g=rm; "$g" victim`, []string{"$g victim"}},  // quoted: empty would stay a word
		{`$g victim; g=echo; false || g=rm`, []string{"$g victim"}},    // before the assignments
		{`false || g=rm; $g victim`, []string{"$g victim"}},            // no top-level assignment
		{`g=echo; false || g=$(cat f); $g victim`, []string{"$g victim"}},
	}
	for _, c := range cases {
		var got []string
		for _, u := range Analyze(c.cmd) {
			if strings.HasSuffix(u.Text, "victim") || strings.HasPrefix(u.Text, "xargs") {
				got = append(got, u.Text)
			}
		}
		if strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("%q: units %q, want %q", c.cmd, got, c.want)
		}
	}
	units := Analyze(`D=a; false || D=b; cd $D; echo x > f`)
	last := units[len(units)-1]
	if !last.DirUnknown {
		t.Errorf("after cd to one of two folders the folder must be unknown: %+v", last)
	}
	units = Analyze(`D=a; cd $D; echo x > f`)
	if last := units[len(units)-1]; last.DirUnknown || last.Dir != "a" {
		t.Errorf("after cd to the one folder the script names: dir %q unknown %v, want a", last.Dir, last.DirUnknown)
	}
}

// TestLiteralVariableCommandNames checks that a command named by a variable keeps every other
// literal unknown unless its values are plain names of commands that cannot assign a variable.
func TestLiteralVariableCommandNames(t *testing.T) {
	for cmd, resolved := range map[string]bool{
		`g=echo; false || g=true; S='1d'; $g x; sed "$S" f`:   true,
		`g=echo; false || g=; S='1d'; $g read x; sed "$S" f`:  false, // then read is the command
		`g=echo; false || g=read; S='1d'; $g x; sed "$S" f`:   false,
		`g=echo; false || g=printf; S='1d'; $g x; sed "$S" f`: false,
		`g=echo; false || g=eval; S='1d'; $g x; sed "$S" f`:   false,
		`g=echo; false || g=.; S='1d'; $g x; sed "$S" f`:      false,
		`S='1d'; $unknown x; sed "$S" f`:                      false,
		`g=echo; false || g='a b'; S='1d'; $g x; sed "$S" f`:  false,
	} {
		units := Analyze(cmd)
		last := units[len(units)-1]
		if got := !strings.Contains(last.Text, "$"); got != resolved {
			t.Errorf("%q: sed unit %q resolved = %v, want %v", cmd, last.Text, got, resolved)
		}
	}
}
