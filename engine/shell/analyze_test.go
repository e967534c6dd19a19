package shell

import (
	"strings"
	"testing"
)

func TestAnalyzeFindsEveryCommand(t *testing.T) {
	t.Parallel()
	runConstructs(t, []construct{
		{"and_or_semicolon_background", "a && b || c ; d & e", []want{
			plain("a", "a *"), plain("b", "b *"), plain("c", "c *"), plain("d", "d *"), plain("e", "e *"),
		}},
		{"newlines_separate_commands", "a\nb\n\nc", []want{
			plain("a", "a *"), plain("b", "b *"), plain("c", "c *"),
		}},
		{"pipelines", "a | b |& c", []want{plain("a", "a *"), plain("b", "b *"), plain("c", "c *")}},
		{"long_chain_keeps_order", "a && b || c && d | e", []want{
			plain("a", "a *"), plain("b", "b *"), plain("c", "c *"), plain("d", "d *"), plain("e", "e *"),
		}},
		{"negation", "! rm x", []want{plain("rm x", "rm *")}},
		{"subshell", "(rm x; b)", []want{plain("rm x", "rm *"), plain("b", "b *")}},
		{"group", "{ rm x; b; }", []want{plain("rm x", "rm *"), plain("b", "b *")}},
		{"if_conditions_and_bodies", "if a; then b; elif c; then d; else e; fi", []want{
			plain("a", "a *"), plain("b", "b *"), plain("c", "c *"), plain("d", "d *"), plain("e", "e *"),
		}},
		{"while_condition_and_body", "while a; do b; done", []want{plain("a", "a *"), plain("b", "b *")}},
		{"until_condition_and_body", "until a; do b; done", []want{plain("a", "a *"), plain("b", "b *")}},
		{"for_items_and_body", "for i in x $(a); do b $i; done", []want{plain("a", "a *"), plain("b $i", "b *")}},
		{"c_style_for", "for ((i=$(a); i<3; i++)); do b; done", []want{asked("i=$(a)", "i=$(a) *"), plain("a", "a *"), plain("b", "b *")}},
		{"select", "select x in $(a); do b; done", []want{plain("a", "a *"), plain("b", "b *")}},
		{"case_word_patterns_and_bodies", "case $(a) in x) b;; $(c)) d;; esac", []want{
			plain("a", "a *"), plain("b", "b *"), plain("c", "c *"), plain("d", "d *"),
		}},
		{"function_body", "f() { rm x; }", []want{plain("rm x", "rm *")}},
		{"function_keyword", "function g { rm x; }; g", []want{plain("rm x", "rm *"), plain("g", "g *")}},
		{"substitutions_of_every_kind", "echo $(a) `b` <(c) >(d)", []want{
			plain("echo $(a) `b` <(c) >(d)", "echo *"),
			plain("a", "a *"), plain("b", "b *"), plain("c", "c *"), plain("d", "d *"),
		}},
		{"nested_substitutions", `echo "$(a "$(b)")"`, []want{
			plain(`echo $(a "$(b)")`, "echo *"), plain("a $(b)", "a *"), plain("b", "b *"),
		}},
		{"substitution_in_parameter_default", "echo ${x:-$(a)}", []want{
			plain("echo ${x:-$(a)}", "echo *"), plain("a", "a *"),
		}},
		{"substitution_in_arithmetic", "echo $(( $(a) + 1 ))", []want{
			plain("echo $(( $(a) + 1 ))", "echo *"), asked("$(a) + 1", "$(a) *"), plain("a", "a *"),
		}},
		{"substitutions_in_assignments", "x=$(a) y=$(b) c", []want{plain("c", "c *"), plain("a", "a *"), plain("b", "b *")}},
		{"assignment_only_keeps_its_substitution", "X=$(rm x)", []want{plain("rm x", "rm *")}},
		{"array_assignment", "a=( $(b) )", []want{plain("b", "b *")}},
		{"substitution_in_redirection", "cat > $(a)", []want{plain("cat", "cat *"), {text: "$(a)", ask: true, suggestion: "$(a)", key: EditKey}, plain("a", "a *")}},
		{"redirection_alone", "> $(a)", []want{{text: "$(a)", ask: true, suggestion: "$(a)", key: EditKey}, plain("a", "a *")}},
		{"unquoted_heredoc_body", "cat <<EOF\nx $(rm y)\nEOF", []want{plain("cat", "cat *"), plain("rm y", "rm *")}},
		{"quoted_heredoc_body_is_text", "cat <<'EOF'\nx $(rm y)\nEOF", []want{plain("cat", "cat *")}},
		{"test_clause", "[[ -n $(a) ]]", []want{plain("a", "a *")}},
		{"arithmetic_command", "(( $(a) ))", []want{asked("$(a)", "$(a) *"), plain("a", "a *")}},
		{"let", "let x=$(a)", []want{asked("x=$(a)", "x=$(a) *"), plain("a", "a *")}},
		{"coproc", "coproc rm x", []want{plain("rm x", "rm *")}},
		{"named_coproc", "coproc name { a; }", []want{plain("a", "a *")}},
		{"time_simple_command", "time -p rm x", []want{plain("time -p rm x", "time *"), plain("rm x", "rm *")}},
		{"time_compound", "time { a; }", []want{plain("time", "time *"), plain("a", "a *")}},
		{"time_alone", "time", []want{plain("time", "time *")}},
		{"export_substitution", "export X=$(rm -rf /)", []want{
			plain("export X=$(rm -rf /)", "export *"), plain("rm -rf /", "rm *"),
		}},
		{"local_declaration", "local y=1 -r z", []want{plain("local y=1 -r z", "local *")}},
		{"declare_array", "declare -a arr=(1 $(a))", []want{
			plain("declare -a arr=(1 $(a))", "declare *"), plain("a", "a *"),
		}},
		{"comment_is_not_a_command", "a # rm x", []want{plain("a", "a *")}},
	})
}

func TestAnalyzeMatchText(t *testing.T) {
	t.Parallel()
	runConstructs(t, []construct{
		{"double_and_single_quotes", `"rm" -rf '/'`, []want{plain("rm -rf /", "rm *")}},
		{"backslash", `\rm -rf /`, []want{plain("rm -rf /", "rm *")}},
		{"empty_quotes_inside", `r''m -rf /`, []want{plain("rm -rf /", "rm *")}},
		{"line_continuation", "r\\\nm x", []want{plain("rm x", "rm *")}},
		{"ansi_c_quotes", `$'rm' x`, []want{plain("rm x", "rm *")}},
		{"ansi_c_escapes", `$'\x72\x6d' x`, []want{plain("rm x", "rm *")}},
		{"locale_quotes", `$"rm" x`, []want{plain("rm x", "rm *")}},
		{"mixed_quotes", `'r'"m" x`, []want{plain("rm x", "rm *")}},
		{"quoted_spaces_stay_in_a_word", `rm "a b"`, []want{plain("rm a b", "rm *")}},
		{"escapes_in_double_quotes", `echo "a\"b\\c\d"`, []want{plain(`echo a"b\c\d`, "echo *")}},
		{"one_space_between_words", "rm   -rf\t /", []want{plain("rm -rf /", "rm *")}},
		{"leading_assignments_dropped", "FOO=1 BAR='x y' rm x", []want{plain("rm x", "rm *")}},
		{"redirections_left_out", "rm x 2>/dev/null >out <in", []want{plain("rm x", "rm *"), edits("out", "out"), reads("in", "in")}},
		{"expanded_argument_keeps_source_form", `rm "$HOME/x" ~/y`, []want{plain("rm $HOME/x ~/y", "rm *")}},
		{"absolute_path", "/bin/rm x", []want{pathed("/bin/rm x", "rm x", "/bin/rm *")}},
		{"relative_path", "./rm", []want{pathed("./rm", "rm", "./rm *")}},
		{"quoted_path", `"/usr/bin/rm" -f x`, []want{pathed("/usr/bin/rm -f x", "rm -f x", "/usr/bin/rm *")}},
		{"home_path", "~/bin/tool x", []want{pathed("~/bin/tool x", "tool x", "~/bin/tool *")}},
		{"path_to_a_folder_has_no_base", "/bin/ x", []want{plain("/bin/ x", "/bin/ *")}},
		{"path_with_expansion_keeps_plain_base", "$HOME/bin/rm x", []want{
			{text: "$HOME/bin/rm x", base: "rm x", ask: true, suggestion: "$HOME/bin/rm *"},
		}},
	})
}

func TestAnalyzeAsksForUnknownCommandNames(t *testing.T) {
	t.Parallel()
	runConstructs(t, []construct{
		{"variable", "$CMD x", []want{asked("$CMD x", "$CMD *")}},
		{"braced_variable", "${CMD} x", []want{asked("${CMD} x", "${CMD} *")}},
		{"command_substitution", `"$(echo rm)" -rf /`, []want{
			asked("$(echo rm) -rf /", "$(echo *"), plain("echo rm", "echo *"),
		}},
		{"which", "$(which rm) x", []want{asked("$(which rm) x", "$(which *"), plain("which rm", "which *")}},
		{"brace_expansion", "{rm,-rf,/}", []want{asked("{rm,-rf,/}", "{rm,-rf,/} *")}},
		{"brace_sequence", "{a..b} x", []want{asked("{a..b} x", "{a..b} *")}},
		{"glob_question_mark", "r? x", []want{asked("r? x", "r? *")}},
		{"glob_star_in_path", "/bin/r* x", []want{asked("/bin/r* x", "/bin/r* *")}},
		{"glob_bracket_in_path", "/bin/r[m] x", []want{asked("/bin/r[m] x", "/bin/r[m] *")}},
		{"extended_glob", "@(rm) x", []want{asked("@(rm) x", "@(rm) *")}},
		{"arithmetic", "$((1)) x", []want{asked("$((1)) x", "$((1)) *")}},
		{"escaped_glob_is_literal", `r\? x`, []want{plain("r? x", "r? *")}},
		{"quoted_braces_are_literal", `'{rm,x}' y`, []want{plain("{rm,x} y", "{rm,x} *")}},
		{"bracket_without_close_is_literal", "[ -f x ]", []want{plain("[ -f x ]", "[ *")}},
	})
}

func TestAnalyzeEmptyAndBroken(t *testing.T) {
	t.Parallel()
	runConstructs(t, []construct{
		{"empty", "", []want{plain("", "")}},
		{"blank", " \t\n ", []want{plain("", "")}},
		{"comment_only", "# rm -rf /", []want{plain("", "")}},
		{"assignments_only", "X=1 Y=2", []want{plain("", "")}},
		{"arithmetic_only", "(( x = 1 ))", []want{plain("", "")}},
		{"parse_error", "  echo ( ", []want{asked("echo (", "echo *")}},
		{"unfinished_if", "if true; then rm x", []want{asked("if true; then rm x", "if *")}},
		{"unclosed_quote", `rm "x`, []want{asked(`rm "x`, "rm *")}},
		{"glob_parsed_as_array_index", "r[m] x", []want{asked("r[m] x", "r[m] *")}},
		{"statements_before_the_error_still_run", "ls\nrm -rf build/x\n)", []want{
			asked("ls\nrm -rf build/x\n)", "ls\nrm *"), plain("ls", "ls *"), plain("rm -rf build/x", "rm *"),
		}},
		{"script_statements_before_the_error", "sh -c 'cd /\n)'", []want{
			plain("sh -c cd /\n)", "sh *"), asked("cd /\n)", "cd *"), plain("cd /", "cd *"),
		}},
	})
}

func TestAnalyzeParseErrorNamesTheError(t *testing.T) {
	t.Parallel()
	units := Analyze("echo (")
	if len(units) != 1 || !strings.Contains(units[0].AskReason, "does not parse") || !strings.Contains(units[0].AskReason, "1:") {
		t.Errorf("Analyze(%q) = %+v, want one unit whose AskReason names the parse error with its position", "echo (", units)
	}
}

// TestAskReasonsAreSentences checks the wording the engine shows the user:
// one lower-case sentence, no trailing period, that names the cause.
func TestAskReasonsAreSentences(t *testing.T) {
	t.Parallel()
	cases := []struct {
		cmd, mentions string
	}{
		{"$CMD x", "$CMD"},
		{"curl x | sh", "standard input"},
		{`sh -c "$X"`, "sh -c"},
		{"sudo -Z rm x", "-Z"},
		{"echo (", "does not parse"},
		{"find . -exec {} +", `"{}"`},
		{strings.Repeat("(", maxNesting+1), "nests"},
	}
	for _, tc := range cases {
		var reasons []string
		for _, u := range Analyze(tc.cmd) {
			if u.AskReason != "" {
				reasons = append(reasons, u.AskReason)
			}
		}
		if len(reasons) == 0 {
			t.Errorf("Analyze(%q): no AskReason, want one mentioning %q", tc.cmd, tc.mentions)
			continue
		}
		r := reasons[0]
		if !strings.Contains(r, tc.mentions) || strings.HasSuffix(r, ".") || r != strings.TrimSpace(r) {
			t.Errorf("Analyze(%q): AskReason %q, want a sentence without trailing period mentioning %q", tc.cmd, r, tc.mentions)
		}
	}
}

func TestAnalyzeLimits(t *testing.T) {
	t.Parallel()
	wrappers := strings.Repeat("nohup ", maxWrapperDepth+2) + "rm x"
	scripts := strings.Repeat("eval ", maxScriptDepth+1) + "rm x"
	cases := []struct {
		name string
		cmd  string
	}{
		{"too_long", "echo " + strings.Repeat("a", maxInput)},
		{"too_deeply_nested", strings.Repeat("( ", maxNesting+1) + "rm x" + strings.Repeat(" )", maxNesting+1)},
		{"decoded_script_too_deeply_nested", "eval $'" + strings.Repeat(`\x28 `, maxNesting+1) + "true" + strings.Repeat(` \x29`, maxNesting+1) + "'"},
		{"wrappers_too_deep", wrappers},
		{"scripts_too_deep", scripts},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			units := Analyze(tc.cmd)
			for _, u := range units {
				if u.AskReason != "" {
					return
				}
			}
			t.Errorf("Analyze(%.60q...) gave %d units and none asks; want a limit to make one ask", tc.cmd, len(units))
		})
	}
}

func TestAnalyzeWithinLimitsDoesNotAsk(t *testing.T) {
	t.Parallel()
	cases := []string{
		strings.Repeat("nohup ", maxWrapperDepth-1) + "rm x",
		strings.Repeat("eval ", maxScriptDepth) + "rm x",
		strings.Repeat("( ", 100) + "rm x" + strings.Repeat(" )", 100),
	}
	for _, cmd := range cases {
		units := Analyze(cmd)
		last := units[len(units)-1]
		for _, u := range units {
			if u.AskReason != "" {
				t.Errorf("Analyze(%.60q...): unit %q asks (%s); want no ask within the limits", cmd, u.Text, u.AskReason)
			}
		}
		if last.Text != "rm x" {
			t.Errorf("Analyze(%.60q...): last unit %q, want %q", cmd, last.Text, "rm x")
		}
	}
}
