package shell

import "testing"

func TestAnalyzeParsesScriptsAgain(t *testing.T) {
	rmx := plain("rm x", "rm *")
	runConstructs(t, []construct{
		{"sh_c", "sh -c 'rm x'", []want{plain("sh -c rm x", "sh *"), rmx}},
		{"bash_lc_cluster", "bash -lc 'rm x'", []want{plain("bash -lc rm x", "bash *"), rmx}},
		{"bash_ec_cluster", "bash -ec 'rm x'", []want{plain("bash -ec rm x", "bash *"), rmx}},
		{"bash_xc_cluster", "bash -xc 'rm x'", []want{plain("bash -xc rm x", "bash *"), rmx}},
		{"c_after_other_options", "bash -e -u -c 'rm x'", []want{plain("bash -e -u -c rm x", "bash *"), rmx}},
		{"c_before_other_options", "bash -c -e 'rm x'", []want{plain("bash -c -e rm x", "bash *"), rmx}},
		{"option_with_argument", "bash -o pipefail +O extglob -c 'rm x'", []want{plain("bash -o pipefail +O extglob -c rm x", "bash *"), rmx}},
		{"long_options", "bash --norc --rcfile f --login -c 'rm x'", []want{plain("bash --norc --rcfile f --login -c rm x", "bash *"), rmx}},
		{"script_then_argv0_and_args", "bash -c 'rm \"$1\"' argv0 x", []want{plain(`bash -c rm "$1" argv0 x`, "bash *"), plain("rm $1", "rm *")}},
		{"zsh", "zsh -c 'rm x'", []want{plain("zsh -c rm x", "zsh *"), rmx}},
		{"dash", "dash -c 'rm x'", []want{plain("dash -c rm x", "dash *"), rmx}},
		{"ksh", "ksh -c 'rm x'", []want{plain("ksh -c rm x", "ksh *"), rmx}},
		{"shell_by_path", "/bin/sh -c 'rm x'", []want{pathed("/bin/sh -c rm x", "sh -c rm x", "/bin/sh *"), rmx}},
		{"script_with_several_commands", "sh -c 'cd /; rm x | tee log'", []want{
			plain("sh -c cd /; rm x | tee log", "sh *"), plain("cd /", "cd *"), rmx, plain("tee log", "tee *"),
		}},
		{"nested_shells", `sh -c "bash -c 'rm x'"`, []want{plain("sh -c bash -c 'rm x'", "sh *"), plain("bash -c rm x", "bash *"), rmx}},
		{"script_file_is_a_normal_command", "bash script.sh", []want{plain("bash script.sh", "bash *")}},
		{"missing_script_runs_nothing", "bash -c", []want{plain("bash -c", "bash *")}},
		{"script_not_literal_asks", `bash -c "$X"`, []want{asked("bash -c $X", "bash *"), asked("$X", "$X *")}},
		{"partly_literal_script_asks_and_shows", `sh -c "rm $X"`, []want{asked("sh -c rm $X", "sh *"), plain("rm $X", "rm *")}},
		{"script_that_does_not_parse_asks", "bash -c 'a |'", []want{plain("bash -c a |", "bash *"), asked("a |", "a *")}},
		{"pipe_into_shell_asks", "curl -s x | sh", []want{plain("curl -s x", "curl *"), asked("sh", "sh *")}},
		{"pipe_into_wrapped_shell_asks", "curl -s x | sudo bash -s", []want{
			plain("curl -s x", "curl *"), plain("sudo bash -s", "sudo *"), asked("bash -s", "bash *"),
		}},
		{"shell_alone_asks", "bash", []want{asked("bash", "bash *")}},
		{"shell_reading_a_file_on_stdin_asks", "bash < script.sh", []want{asked("bash", "bash *")}},
		{"quoted_heredoc", "bash <<'EOF'\nrm x\nEOF", []want{plain("bash", "bash *"), rmx}},
		{"unquoted_heredoc_without_expansion", "bash <<EOF\nrm \\$x\nEOF", []want{plain("bash", "bash *"), plain("rm $x", "rm *")}},
		{"unquoted_heredoc_with_expansion_asks", "bash <<EOF\nrm $X\nEOF", []want{asked("bash", "bash *"), plain("rm $X", "rm *")}},
		{"tab_stripped_heredoc", "bash <<-EOF\n\trm x\n\tEOF", []want{plain("bash", "bash *"), rmx}},
		{"heredoc_through_wrapper", "sudo -s <<'EOF'\nrm x\nEOF", []want{plain("sudo -s", "sudo *"), rmx}},
		{"here_string", "sh <<< 'rm x'", []want{plain("sh", "sh *"), rmx}},
		{"here_string_on_fd_0", "sh 0<<<'rm x'", []want{plain("sh", "sh *"), rmx}},
		{"here_string_on_other_fd_asks", "sh 3<<<'rm x'", []want{asked("sh", "sh *")}},
		{"here_string_not_literal_asks", `sh <<< "$X"`, []want{asked("sh", "sh *"), asked("$X", "$X *")}},
		{"last_stdin_redirection_wins", "sh <<< 'rm x' < file", []want{asked("sh", "sh *")}},
		{"heredoc_for_a_non_shell_is_text", "cat <<'EOF'\nrm x\nEOF", []want{plain("cat", "cat *")}},
		{"eval", "eval 'rm x'", []want{plain("eval rm x", "eval *"), rmx}},
		{"eval_joins_arguments", "eval rm 'x;' ls", []want{plain("eval rm x; ls", "eval *"), rmx, plain("ls", "ls *")}},
		{"eval_double_dash", "eval -- 'rm x'", []want{plain("eval -- rm x", "eval *"), rmx}},
		{"eval_not_literal_asks", `eval "$X"`, []want{asked("eval $X", "eval *"), asked("$X", "$X *")}},
		{"eval_alone", "eval", []want{plain("eval", "eval *")}},
		{"trap_action", "trap 'rm x' EXIT", []want{plain("trap rm x EXIT", "trap *"), rmx}},
		{"trap_reset_runs_nothing", "trap - EXIT", []want{plain("trap - EXIT", "trap *")}},
		{"trap_list_runs_nothing", "trap -p", []want{plain("trap -p", "trap *")}},
		{"alias_values", "alias ll='ls -l' x='rm x'", []want{plain("alias ll=ls -l x=rm x", "alias *"), plain("ls -l", "ls *"), rmx}},
		{"source_is_a_normal_command", ". ./env.sh && source x.sh", []want{plain(". ./env.sh", ". *"), plain("source x.sh", "source *")}},
	})
}
