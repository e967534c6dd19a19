package pam

import (
	"reflect"
	"testing"
)

func TestMatch(t *testing.T) {
	t.Parallel()
	cases := []struct {
		str, pattern string
		want         bool
	}{
		{"*", "*", true}, {"*", "?", true}, {"*", "* *", true}, {"*", "**", true},
		{"*", "git *", false}, {"*", "*.env", false}, {"*", "action", false},
		{"git", "git *", true}, {"git status", "git *", true}, {"gitk", "git *", false},
		{"bash", "ba?h", true}, {"Bash", "bash", false}, {`a\b`, "a/b", true},
		{"ctx_index", "ctx_*", true}, {"a\nb", "a*b", true}, {"😀", "?", false}, {"😀", "??", true},
		{"", "", true}, {"", "*", true}, {"x", "", false}, {"a.b", "a?b", true}, {"axb", "a.b", false},
	}
	for _, c := range cases {
		if got := Match(c.str, c.pattern); got != c.want {
			t.Errorf("Match(%q, %q) = %v, want %v", c.str, c.pattern, got, c.want)
		}
	}
}

func TestHiddenTools(t *testing.T) {
	t.Parallel()
	tools := []string{"bash", "edit", "write", "read", "apply_patch", "webfetch_custom"}
	cases := []struct {
		name, perms string
		want        []string
	}{
		{"star_deny_then_bash_git_allow_hides_bash", "  \"*\": deny\n  bash: {\"git *\": allow}\n",
			[]string{"apply_patch", "bash", "edit", "read", "webfetch_custom", "write"}},
		{"read_env_deny_alone_hides_nothing", "  read: {\"*.env\": deny}\n", []string{}},
		{"question_mark_matches_star", "  edit: {\"?\": deny}\n", []string{"edit", "write"}},
		{"star_space_star_hides_bash", "  bash: {\"* *\": deny}\n", []string{"bash"}},
		{"action_key_is_a_pattern", "  bash: {action: deny}\n", []string{}},
		{"later_allow_wins", "  \"*\": deny\n  \"*\": allow\n", nil}, // duplicate key: skipped
		{"edit_deny_keeps_apply_patch", "  edit: deny\n", []string{"edit", "write"}},
		{"wildcard_key", "  \"ba*\": deny\n", []string{"bash"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := LoadFile("x.md", []byte("---\ndescription: d\npermissions:\n"+c.perms+"---\n"))
			if c.want == nil {
				if r.Loads {
					t.Fatalf("loaded, want skipped")
				}
				return
			}
			if !r.Loads {
				t.Fatalf("did not load: %s", r.Reason)
			}
			if got := HiddenTools(r.Agent.Rules, tools); !reflect.DeepEqual(got, c.want) {
				t.Errorf("hidden %v, want %v", got, c.want)
			}
		})
	}
}

func TestBuiltinsHidden(t *testing.T) {
	t.Parallel()
	b := Builtins()
	tools := []string{"read", "bash", "edit", "write", "web_search", "todo", "ctx_execute", "apply_patch"}
	if got, want := HiddenTools(b[0].Rules, tools), []string{"apply_patch", "bash", "ctx_execute", "edit", "write"}; !reflect.DeepEqual(got, want) {
		t.Errorf("planner hides %v, want %v", got, want)
	}
	if got, want := HiddenTools(b[1].Rules, tools), []string{"web_search"}; !reflect.DeepEqual(got, want) {
		t.Errorf("builder hides %v, want %v", got, want)
	}
}
