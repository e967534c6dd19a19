package shell

import (
	"fmt"
	"strings"
)

// Some environment variables make an allowed program run something else:
// GIT_PAGER=cmd git log runs cmd, LD_PRELOAD=lib.so ls runs lib.so's code.
// A command with such an assignment before it (or given to env or sudo)
// keeps the assignment in its unit's Full text and needs a rule that names
// the variable (GIT_PAGER=* git log *). The catalogue is documented in
// docs/shell.md.

// riskyVars are variables, by exact name, that make programs run code or
// read configuration from elsewhere.
var riskyVars = map[string]bool{
	"PATH": true, "LD_PRELOAD": true, "LD_LIBRARY_PATH": true, "LD_AUDIT": true,
	"BASH_ENV": true, "ENV": true, "SHELL": true, "SHELLOPTS": true, "BASHOPTS": true,
	"EDITOR": true, "VISUAL": true, "PAGER": true, "MANPAGER": true, "BROWSER": true, "TERMINAL": true,
	"LESS": true, "LESSOPEN": true, "LESSCLOSE": true, "LESSKEY": true, "LESSKEYIN": true,
	"PYTHONSTARTUP": true, "PYTHONPATH": true, "PYTHONHOME": true, "PYTHONINSPECT": true, "PYTHONUSERBASE": true,
	"NODE_OPTIONS": true, "NODE_PATH": true,
	"PERL5OPT": true, "PERL5LIB": true, "PERLLIB": true, "PERL5DB": true,
	"RUBYOPT": true, "RUBYLIB": true,
	"JAVA_TOOL_OPTIONS": true, "_JAVA_OPTIONS": true, "JDK_JAVA_OPTIONS": true,
	"GOFLAGS": true, "CC": true, "CXX": true, "LD": true, "AR": true, "RUSTC": true, "RUSTC_WRAPPER": true,
	"MAKEFLAGS": true, "MFLAGS": true, "TAR_OPTIONS": true, "RSYNC_RSH": true, "ZIPOPT": true, "UNZIP": true,
	"HOME": true, "XDG_CONFIG_HOME": true, "ZDOTDIR": true, "INPUTRC": true,
	"SUDO_ASKPASS": true, "SSH_ASKPASS": true, "SUDO_EDITOR": true, "FCEDIT": true,
	"PROMPT_COMMAND": true, "PS4": true, "PS1": true, "PS0": true,
	"BASH_XTRACEFD": true, "BASH_LOADABLES_PATH": true, "GLOBIGNORE": true, "CDPATH": true,
	"GOENV": true, "GOTOOLCHAIN": true, "GOROOT": true, "MAKEFILES": true, "GNUMAKEFLAGS": true, "MAKESHELL": true,
	"HGRCPATH": true, "HGRC": true, "RSYNC_CONNECT_PROG": true, "WGETRC": true, "CURL_HOME": true, "NPM_CONFIG_USERCONFIG": true,
	"PIP_CONFIG_FILE": true, "PYTHONBREAKPOINT": true, "CARGO_HOME": true, "RUSTUP_TOOLCHAIN": true, "DOCKER_CONFIG": true,
	"DOCKER_HOST": true, "SSH_AUTH_SOCK": true, "GNUPGHOME": true, "TMUX_TMPDIR": true, "SCREENRC": true, "VIMINIT": true,
	"EXINIT": true, "MYVIMRC": true, "EMACSLOADPATH": true, "R_PROFILE_USER": true, "RUBYGEMS_GEMDEPS": true, "BUNDLE_GEMFILE": true,
}

// riskyPrefixes and riskySuffixes catch families of such variables.
var (
	riskyPrefixes = []string{"GIT_", "LD_", "DYLD_", "BASH_FUNC_", "NPM_CONFIG_", "npm_config_", "KUBECONFIG",
		"CARGO_BUILD_", "CARGO_TARGET_", "CARGO_REGISTRIES_", "AWS_CONFIG", "AWS_SHARED_", "YARN_", "PNPM_", "BUNDLE_"}
	riskySuffixes = []string{"_PAGER", "_EDITOR", "_ASKPASS", "_SSH_COMMAND", "_OPTIONS", "_OPTS", "_SHELL", "_RUNNER", "_WRAPPER",
		"_CONFIG_FILE", "_CONFIG_PATH", "RCPATH", "_PROG", "_LINKER", "_PLUGINS", "_PLUGIN_PATH", "_HOOKS", "_HOOKSPATH", "_PRELOAD"}
)

// inertGitVars are GIT_ variables that only label commits or quiet git.
var inertGitVars = map[string]bool{
	"GIT_AUTHOR_NAME": true, "GIT_AUTHOR_EMAIL": true, "GIT_AUTHOR_DATE": true,
	"GIT_COMMITTER_NAME": true, "GIT_COMMITTER_EMAIL": true, "GIT_COMMITTER_DATE": true,
	"GIT_TERMINAL_PROMPT": true, "GIT_PROGRESS_DELAY": true, "GIT_FLUSH": true, "GIT_MERGE_VERBOSITY": true,
}

// stateVars are variables whose assignment changes what later words of the
// same shell run, through bash itself: BASH_CMDS and BASH_ALIASES map
// names to commands, BASH_FUNC_x%% defines functions for child shells, PS4
// is expanded (running its substitutions) under set -x, PROMPT_COMMAND runs
// before each prompt. Assigning them asks, whatever the value.
var stateVars = map[string]bool{"BASH_CMDS": true, "BASH_ALIASES": true, "PS4": true, "PROMPT_COMMAND": true, "PS0": true, "PS1": true}

// riskyVar reports whether assigning name can make a program run code.
func riskyVar(name string) bool {
	if riskyVars[name] {
		return true
	}
	if inertGitVars[name] {
		return false
	}
	for _, p := range riskyPrefixes {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	for _, s := range riskySuffixes {
		if strings.HasSuffix(name, s) {
			return true
		}
	}
	return false
}

// stateVar says why assigning name changes what later words run, or "".
func stateVar(name string) string {
	base, _, _ := strings.Cut(name, "[")
	if stateVars[base] || strings.HasPrefix(base, "BASH_FUNC_") {
		return fmt.Sprintf("assigning %s changes what later commands run", base)
	}
	return ""
}

// assignName returns the variable name of a NAME=value word (NAME+=value,
// NAME[i]=value), or "".
func assignName(t string) string {
	i := strings.IndexByte(t, '=')
	if i <= 0 {
		return ""
	}
	name := strings.TrimSuffix(t[:i], "+")
	if j := strings.IndexByte(name, '['); j > 0 {
		name = name[:j]
	}
	for k := 0; k < len(name); k++ {
		c := name[k]
		if c != '_' && !(c >= 'a' && c <= 'z') && !(c >= 'A' && c <= 'Z') && !(k > 0 && c >= '0' && c <= '9') && c != '%' {
			return ""
		}
	}
	return name
}

// envNeeds returns, for the assignments before a command, the ones that
// can change what it runs and the Needs tokens naming them.
func envNeeds(assigns []word) (risky []word, needs []string) {
	for _, a := range assigns {
		name := assignName(a.text)
		if a.literal && strings.HasSuffix(a.text, "=") && stateVar(name) == "" && !strings.Contains(name, "PATH") && name != "HOME" {
			// GOFLAGS= clears the variable: the program runs with none. An empty
			// search path is the current directory, so PATH= still counts.
			continue
		}
		if name != "" && (riskyVar(name) || stateVar(name) != "") {
			risky = append(risky, a)
			needs = append(needs, name+"=")
		}
	}
	return risky, needs
}
