package shell

import "testing"

func TestAnalyzeLooksThroughWrappers(t *testing.T) {
	t.Parallel()
	rmx := plain("rm x", "rm *")
	runConstructs(t, []construct{
		{"sudo_options_with_arguments", "sudo -u root -g wheel -- rm x", []want{plain("sudo -u root -g wheel -- rm x", "sudo *"), rmx}},
		{"sudo_attached_and_long_options", "sudo -uroot --group=wheel -E -H rm x", []want{plain("sudo -uroot --group=wheel -E -H rm x", "sudo *"), rmx}},
		{"sudo_long_option_with_separate_value", "sudo --user root rm x", []want{plain("sudo --user root rm x", "sudo *"), rmx}},
		{"sudo_abbreviated_long_option", "sudo --us=root rm x", []want{plain("sudo --us=root rm x", "sudo *"), rmx}},
		{"sudo_assignments", "sudo FOO=1 BAR=2 rm x", []want{plain("sudo FOO=1 BAR=2 rm x", "sudo *"), rmx}},
		{"sudo_every_option_with_argument", "sudo -C 3 -D /tmp -h host -p pw -r role -t type -T 5 -U bob rm x", []want{
			plain("sudo -C 3 -D /tmp -h host -p pw -r role -t type -T 5 -U bob rm x", "sudo *"), rmx,
		}},
		{"sudo_flags", "sudo -i -n -k -b -P -S rm x", []want{plain("sudo -i -n -k -b -P -S rm x", "sudo *"), rmx}},
		{"sudo_unknown_option_asks", "sudo -Z rm x", []want{asked("sudo -Z rm x", "sudo *"), rmx}},
		{"sudo_list_runs_nothing", "sudo -l rm x", []want{plain("sudo -l rm x", "sudo *")}},
		{"sudo_edit_edits", "sudo -e /etc/hosts", []want{plain("sudo -e /etc/hosts", "sudo *"), edits("/etc/hosts", "/etc/*")}},
		{"sudo_expanded_options_ask", "sudo $OPTS rm x", []want{plain("sudo $OPTS rm x", "sudo *"), asked("$OPTS rm x", "$OPTS *")}},
		{"sudo_shell_reads_stdin", "sudo -s", []want{asked("sudo -s", "sudo *")}},
		{"sudo_alone", "sudo", []want{plain("sudo", "sudo *")}},
		{"sudo_by_path", "/usr/bin/sudo rm x", []want{pathed("/usr/bin/sudo rm x", "sudo rm x", "/usr/bin/sudo *"), rmx}},
		{"doas", "doas -n -u root rm x", []want{plain("doas -n -u root rm x", "doas *"), rmx}},
		{"doas_shell_reads_stdin", "doas -s", []want{asked("doas -s", "doas *")}},
		{"env_options_and_assignments", "env -i -u HOME -C /tmp FOO=1 BAR=2 rm x", []want{
			plain("env -i -u HOME -C /tmp FOO=1 BAR=2 rm x", "env *"), rmx,
		}},
		{"env_dash_is_ignore_environment", "env - rm x", []want{plain("env - rm x", "env *"), rmx}},
		{"env_double_dash", "env -- rm x", []want{plain("env -- rm x", "env *"), rmx}},
		{"env_long_options", "env --unset=HOME --chdir /tmp rm x", []want{plain("env --unset=HOME --chdir /tmp rm x", "env *"), rmx}},
		{"env_split_string", "env -S 'rm -rf' /", []want{plain("env -S rm -rf /", "env *"), plain("rm -rf /", "rm *")}},
		{"env_split_string_with_options", "env -S '-i FOO=1 rm' x", []want{plain("env -S -i FOO=1 rm x", "env *"), rmx}},
		{"env_split_string_not_plain_asks", `env -S "rm $X"`, []want{asked("env -S rm $X", "env *"), plain("rm $X", "rm *")}},
		{"env_alone", "env", []want{plain("env", "env *")}},
		{"command", "command -p rm x", []want{plain("command -p rm x", "command *"), rmx}},
		{"command_v_runs_nothing", "command -v rm", []want{plain("command -v rm", "command *")}},
		{"command_V_runs_nothing", "command -V rm", []want{plain("command -V rm", "command *")}},
		{"builtin", "builtin eval 'rm x'", []want{plain("builtin eval rm x", "builtin *"), plain("eval rm x", "eval *"), rmx}},
		{"exec", "exec -a name -c -l rm x", []want{plain("exec -a name -c -l rm x", "exec *"), rmx}},
		{"exec_redirection_only", "exec >log", []want{plain("exec", "exec *"), edits("log", "log")}},
		{"nohup", "nohup rm x &", []want{plain("nohup rm x", "nohup *"), rmx}},
		{"nice_n", "nice -n 5 rm x", []want{plain("nice -n 5 rm x", "nice *"), rmx}},
		{"nice_old_form", "nice -5 rm x", []want{plain("nice -5 rm x", "nice *"), rmx}},
		{"nice_negative_old_form", "nice --10 rm x", []want{plain("nice --10 rm x", "nice *"), rmx}},
		{"nice_long", "nice --adjustment=3 rm x", []want{plain("nice --adjustment=3 rm x", "nice *"), rmx}},
		{"gnu_time", "/usr/bin/time -f %e -o out -a rm x", []want{
			pathed("/usr/bin/time -f %e -o out -a rm x", "time -f %e -o out -a rm x", "/usr/bin/time *"), rmx,
		}},
		{"escaped_time_is_the_program", `\time -p rm x`, []want{plain("time -p rm x", "time *"), rmx}},
		{"timeout", "timeout -s KILL 5 rm x", []want{plain("timeout -s KILL 5 rm x", "timeout *"), rmx}},
		{"timeout_long_options", "timeout --signal=KILL -k 1 --preserve-status --foreground 5s rm x", []want{
			plain("timeout --signal=KILL -k 1 --preserve-status --foreground 5s rm x", "timeout *"), rmx,
		}},
		{"stdbuf", "stdbuf -oL -e0 --input=0 rm x", []want{plain("stdbuf -oL -e0 --input=0 rm x", "stdbuf *"), rmx}},
		{"stdbuf_separate_mode", "stdbuf -o L rm x", []want{plain("stdbuf -o L rm x", "stdbuf *"), rmx}},
		{"setsid", "setsid -c -f -w rm x", []want{plain("setsid -c -f -w rm x", "setsid *"), rmx}},
		{"xargs_options", "xargs -0 -r -t -n 1 -P 4 -d , -E END -s 100 -L 2 -a list rm", []want{
			plain("xargs -0 -r -t -n 1 -P 4 -d , -E END -s 100 -L 2 -a list rm", "xargs *"), plain("rm", "rm *"),
		}},
		{"xargs_replace", "xargs -I{} rm {}", []want{plain("xargs -I{} rm {}", "xargs *"), plain("rm {}", "rm *")}},
		{"xargs_long_options", "xargs --null --max-args=1 --replace rm {}", []want{
			plain("xargs --null --max-args=1 --replace rm {}", "xargs *"), plain("rm {}", "rm *"),
		}},
		{"tmux_shell_command_clustered", "tmux -uc 'rm x'", []want{plain("tmux -uc rm x", "tmux *"), rmx}},
		{"tmux_every_shell_command", "tmux -c true -c 'rm x'", []want{plain("tmux -c true -c rm x", "tmux *"), plain("true", "true *"), rmx}},
		{"tmux_socket_clustered", "tmux -2L s new 'rm x'", []want{plain("tmux -2L s new rm x", "tmux *"), rmx}},
		{"tmux_unknown_option_asks", "tmux -Z new 'rm x'", []want{asked("tmux -Z new rm x", "tmux *"), rmx}},
		{"valgrind_double_dash_ends_options", "valgrind -q -- rm x", []want{plain("valgrind -q -- rm x", "valgrind *"), rmx}},
		{"valgrind_db_command_asks", "valgrind --db-command='rm y' rm x", []want{asked("valgrind --db-command=rm y rm x", "valgrind *"), rmx}},
		{"firejail_help_runs_nothing", "firejail --help rm x", []want{plain("firejail --help rm x", "firejail *")}},
		{"bwrap_options_of_fixed_arity", "bwrap --ro-bind / / --setenv A b rm x", []want{plain("bwrap --ro-bind / / --setenv A b rm x", "bwrap *"), rmx}},
		{"bwrap_args_from_a_descriptor_asks", "bwrap --args 3 rm x", []want{asked("bwrap --args 3 rm x", "bwrap *")}},
		{"npx_call_clustered", "npx -yc 'rm x'", []want{plain("npx -yc rm x", "npx -yc *"), rmx}},
		{"npx_call_after_package", "npx -p pkg -c 'rm x'", []want{plain("npx -p pkg -c rm x", "npx -p *"), rmx}},
		{"npx_long_call_after_package", "npx --yes --package pkg --call 'rm x'", []want{plain("npx --yes --package pkg --call rm x", "npx --yes *"), rmx}},
		{"npx_call_with_equals", "npx --call='rm x'", []want{plain("npx --call=rm x", "npx --call=rm *"), rmx}},
		{"npx_config_option_asks", "npx --registry r -c 'rm x'", []want{asked("npx --registry r -c rm x", "npx --registry *")}},
		{"npx_options_after_the_package_are_its_own", "npx pkg -c 'rm x'", []want{plain("npx pkg -c rm x", "npx pkg *")}},
		// npm takes no word that looks like an option as an option's value: -p leaves --call to
		// be read as its own, and --call runs the string (npx -yp --call CMD ran CMD).
		{"npx_value_like_an_option_asks", "npx -yp --call 'rm x'", []want{asked("npx -yp --call rm x", "npx -yp *")}},
		{"npx_package_value_like_an_option_asks", "npx --package --call 'rm x'", []want{asked("npx --package --call rm x", "npx --package *")}},
		{"npx_call_value_like_an_option_asks", "npx -c --yes 'rm x'", []want{asked("npx -c --yes rm x", "npx -c *")}},
		{"npx_value_only_the_run_knows_asks", `npx -yp "$P" 'rm x'`, []want{asked("npx -yp $P rm x", "npx -yp *")}},
		// An unquoted expansion the wrapper reads before its command may split into several
		// words and move which one is the command: X="1 rm x"; timeout $X true runs rm.
		{"split_word_before_the_command_asks", "timeout $X true", []want{asked("timeout $X true", "timeout *"), plain("true", "true *")}},
		{"split_option_value_before_the_command_asks", "nice -n $X true", []want{asked("nice -n $X true", "nice *"), plain("true", "true *")}},
		{"quoted_word_before_the_command_is_one_word", `timeout "$X" true`, []want{plain("timeout $X true", "timeout *"), plain("true", "true *")}},
		{"split_word_after_the_command_is_its_argument", "timeout 5 ls $X", []want{plain("timeout 5 ls $X", "timeout *"), plain("ls $X", "ls *")}},
		{"split_word_before_a_script_asks", "watch -n $N true", []want{asked("watch -n $N true", "watch *"), plain("true", "true *")}},
		{"split_git_global_option_asks", "git -C $D status", []want{asked("git -C $D status", "git -C *")}},
		{"split_git_argument_after_the_subcommand", "git log ${tag}..HEAD", []want{plain("git log ${tag}..HEAD", "git log *")}},
		{"split_git_subcommand_asks", "git $X status", []want{asked("git $X status", "git $X *")}},
		{"split_word_after_a_script_is_an_argument", "sh -c 'true' $X", []want{plain("sh -c true $X", "sh *"), plain("true", "true *")}},
		{"xargs_command_from_input_asks", "xargs -I % % x", []want{plain("xargs -I % % x", "xargs *"), asked("% x", "% *")}},
		{"xargs_script_from_input_asks", "xargs -I% sh -c %", []want{plain("xargs -I% sh -c %", "xargs *"), asked("sh -c %", "sh *"), plain("%", "% *")}},
		{"xargs_shell_has_no_script", "xargs sh", []want{asked("xargs sh", "xargs *"), asked("sh", "sh *")}},
		{"xargs_git_subcommand_takes_the_words", "xargs -r git cherry-pick -x", []want{plain("xargs -r git cherry-pick -x", "xargs *"), plain("git cherry-pick -x", "git cherry-pick *")}},
		{"xargs_git_without_subcommand_asks", "xargs git", []want{asked("xargs git", "xargs *"), plain("git", "git *")}},
		{"xargs_git_rebase_asks", "xargs git rebase", []want{asked("xargs git rebase", "xargs *"), plain("git rebase", "git rebase *")}},
		{"xargs_git_update_index_asks", "xargs git update-index", []want{asked("xargs git update-index", "xargs *"), plain("git update-index", "git update-index *")}},
		{"watch_joins_into_a_script", "watch -n 1 -d 'rm x' y", []want{plain("watch -n 1 -d rm x y", "watch *"), plain("rm x y", "rm *")}},
		{"watch_exec", "watch -x rm x", []want{plain("watch -x rm x", "watch *"), rmx}},
		{"watch_script_not_literal_asks", `watch "rm $X"`, []want{asked("watch rm $X", "watch *"), plain("rm $X", "rm *")}},
		{"flock_file_command", "flock -x -w 5 app.lock rm x", []want{plain("flock -x -w 5 app.lock rm x", "flock *"), rmx}},
		{"flock_c_before_file", "flock -c 'rm x' app.lock", []want{plain("flock -c rm x app.lock", "flock *"), rmx}},
		{"flock_c_after_file", "flock -n app.lock -c 'rm x'", []want{plain("flock -n app.lock -c rm x", "flock *"), rmx}},
		{"flock_descriptor_runs_nothing", "flock 9", []want{plain("flock 9", "flock *")}},
		{"find_exec", `find . -name '*.tmp' -exec rm {} \;`, []want{plain("find . -name *.tmp -exec rm {} ;", "find *"), plain("rm {}", "rm *")}},
		{"find_execdir_plus", "find . -execdir rm {} +", []want{plain("find . -execdir rm {} +", "find *"), plain("rm {}", "rm *")}},
		{"find_ok_and_okdir", `find . -ok rm {} ';' -okdir rm -f {} \;`, []want{
			plain("find . -ok rm {} ; -okdir rm -f {} ;", "find *"), plain("rm {}", "rm *"), plain("rm -f {}", "rm *"),
		}},
		{"find_plus_only_after_braces", `find . -exec echo + {} \;`, []want{plain("find . -exec echo + {} ;", "find *"), plain("echo + {}", "echo *")}},
		{"find_exec_shell", `find . -exec sh -c 'rm "$1"' _ {} \;`, []want{
			plain(`find . -exec sh -c rm "$1" _ {} ;`, "find *"), plain(`sh -c rm "$1" _ {}`, "sh *"), plain("rm $1", "rm *"),
		}},
		{"find_runs_found_files_asks", `find . -exec {} \;`, []want{plain("find . -exec {} ;", "find *"), asked("{}", "{} *")}},
		{"find_file_name_in_script_asks", `find . -exec sh -c 'echo {}' \;`, []want{
			plain("find . -exec sh -c echo {} ;", "find *"), asked("sh -c echo {}", "sh *"), plain("echo {}", "echo *"),
		}},
		{"find_split_expansion_asks", "find $ARGS", []want{asked("find $ARGS", "find *")}},
		{"find_quoted_expansion_is_fine", `find "$DIR" -name x`, []want{plain("find $DIR -name x", "find *")}},
		{"busybox", "busybox rm x", []want{plain("busybox rm x", "busybox *"), rmx}},
		{"chroot", "chroot --userspec=bob /mnt rm x", []want{plain("chroot --userspec=bob /mnt rm x", "chroot *"), rmx}},
		{"chroot_without_command_runs_a_shell", "chroot /mnt", []want{asked("chroot /mnt", "chroot *")}},
		{"ionice", "ionice -c 3 rm x", []want{plain("ionice -c 3 rm x", "ionice *"), rmx}},
		{"ionice_pid_runs_nothing", "ionice -c 3 -p 42", []want{plain("ionice -c 3 -p 42", "ionice *")}},
		{"pkexec", "pkexec --user root rm x", []want{plain("pkexec --user root rm x", "pkexec *"), rmx}},
		{"su_c_after_user", "su root -c 'rm x'", []want{plain("su root -c rm x", "su *"), rmx}},
		{"su_login_c", "su - -c 'rm x'", []want{plain("su - -c rm x", "su *"), rmx}},
		{"su_shell_reads_stdin", "su root", []want{asked("su root", "su *")}},
		{"runuser_u", "runuser -u bob -- rm x", []want{plain("runuser -u bob -- rm x", "runuser *"), rmx}},
		{"nested_wrappers", "sudo env FOO=1 nice -n 5 timeout 5 rm -rf /", []want{
			plain("sudo env FOO=1 nice -n 5 timeout 5 rm -rf /", "sudo *"),
			plain("env FOO=1 nice -n 5 timeout 5 rm -rf /", "env *"),
			plain("nice -n 5 timeout 5 rm -rf /", "nice *"),
			plain("timeout 5 rm -rf /", "timeout *"),
			plain("rm -rf /", "rm *"),
		}},
		{"wrapper_keeps_path_base", "sudo /bin/rm x", []want{plain("sudo /bin/rm x", "sudo *"), pathed("/bin/rm x", "rm x", "/bin/rm *")}},
		{"wrapper_unit_then_substitutions", "sudo rm $(cat list)", []want{
			plain("sudo rm $(cat list)", "sudo *"), plain("rm $(cat list)", "rm *"), plain("cat list", "cat *"),
		}},
	})
}

func TestScanOptions(t *testing.T) {
	t.Parallel()
	set := &optionSet{flags: "ab", args: "u", attached: "i", longFlags: []string{"all"},
		longArgs: []string{"user", "usage"}, longAttached: []string{"replace"}}
	lit := func(texts ...string) []word {
		ws := make([]word, len(texts))
		for i, t := range texts {
			ws[i] = word{text: t, literal: true}
		}
		return ws
	}
	cases := []struct {
		name    string
		args    []word
		rest    int
		unknown string
		seen    string
	}{
		{"stops_at_operand", lit("-a", "cmd", "-b"), 1, "", "a"},
		{"cluster_with_argument", lit("-abuROOT", "cmd"), 1, "", "a b u=ROOT"},
		{"separate_argument", lit("-u", "root", "cmd"), 2, "", "u=root"},
		{"optional_argument_must_be_attached", lit("-i", "cmd"), 1, "", "i"},
		{"attached_optional_argument", lit("-iR", "cmd"), 1, "", "i=R"},
		{"double_dash_ends_options", lit("--", "-a"), 1, "", ""},
		{"dash_alone_is_an_operand", lit("-", "x"), 0, "", ""},
		{"long_with_value", lit("--user=x", "cmd"), 1, "", "user=x"},
		{"long_with_separate_value", lit("--user", "x", "cmd"), 2, "", "user=x"},
		{"long_attached_does_not_take_next", lit("--replace", "cmd"), 1, "", "replace"},
		{"unique_prefix", lit("--al", "cmd"), 1, "", "all"},
		{"ambiguous_prefix_is_unknown", lit("--us", "x", "cmd"), 1, "--us", "us"},
		{"unknown_short", lit("-z", "cmd"), 1, "-z", "z"},
		{"unknown_long", lit("--zzz", "cmd"), 1, "--zzz", "zzz"},
		{"missing_argument_at_end", lit("-u"), 1, "", "u="},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			seen := ""
			s := scanOptions(tc.args, set, func(o option) {
				if seen != "" {
					seen += " "
				}
				seen += o.name
				if o.hasValue {
					seen += "=" + o.value.text
				}
			})
			if s.rest != tc.rest || s.unknown != tc.unknown || seen != tc.seen {
				t.Errorf("scanOptions(%v) = rest %d, unknown %q, seen %q; want rest %d, unknown %q, seen %q",
					tc.args, s.rest, s.unknown, seen, tc.rest, tc.unknown, tc.seen)
			}
		})
	}
}

func TestScanOptionsNonLiteral(t *testing.T) {
	t.Parallel()
	set := &optionSet{args: "u"}
	args := []word{{text: "-u$U"}, {text: "$X"}, {text: "cmd", literal: true}}
	s := scanOptions(args, set, nil)
	if s.rest != 1 || s.nonLiteral != "" {
		t.Errorf("scanOptions(-u$U $X cmd) = rest %d, nonLiteral %q; want rest 1 (an attached argument is safe, $X is an operand)", s.rest, s.nonLiteral)
	}
	s = scanOptions([]word{{text: "-$X"}, {text: "cmd", literal: true}}, set, nil)
	if s.rest != 1 || s.nonLiteral != "-$X" {
		t.Errorf("scanOptions(-$X cmd) = rest %d, nonLiteral %q; want rest 1, nonLiteral %q", s.rest, s.nonLiteral, "-$X")
	}
}
