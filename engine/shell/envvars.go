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
	// A network peer or the trust in one: where downloads come from.
	"GOPROXY": true, "GOSUMDB": true, "GONOSUMDB": true, "GONOSUMCHECK": true, "GOINSECURE": true, "GOPRIVATE": true, "GONOPROXY": true,
	"GOEXPERIMENT": true, "GOTOOLDIR": true, "GOCACHEPROG": true, "GOAUTH": true,
	"http_proxy": true, "https_proxy": true, "HTTP_PROXY": true, "HTTPS_PROXY": true, "ALL_PROXY": true, "all_proxy": true,
	"ftp_proxy": true, "FTP_PROXY": true, "SSL_CERT_FILE": true, "SSL_CERT_DIR": true, "REQUESTS_CA_BUNDLE": true, "CURL_CA_BUNDLE": true,
	"NODE_EXTRA_CA_CERTS": true, "NODE_TLS_REJECT_UNAUTHORIZED": true, "PYTHONHTTPSVERIFY": true, "UV_INDEX_URL": true, "UV_EXTRA_INDEX_URL": true,
	"CARGO_NET_GIT_FETCH_WITH_CLI": true, "RUSTUP_DIST_SERVER": true, "RUSTUP_UPDATE_ROOT": true,
	// Code or configuration loaded from a file or a folder.
	"PYTEST_ADDOPTS": true, "PYTEST_PLUGINS": true, "PYTHONWARNINGS": true, "PYTHONEXECUTABLE": true, "PYTHONPYCACHEPREFIX": true,
	"GCONV_PATH": true, "OPENSSL_CONF": true, "OPENSSL_ENGINES": true, "OPENSSL_MODULES": true, "LOCPATH": true, "NLSPATH": true,
	"MAGIC": true, "TERMINFO": true, "TERMINFO_DIRS": true, "GEM_HOME": true, "GEM_PATH": true, "CONDARC": true, "CLASSPATH": true,
	"GRADLE_USER_HOME": true, "COMPOSER_HOME": true, "TF_CLI_CONFIG_FILE": true, "TF_PLUGIN_CACHE_DIR": true, "DENO_DIR": true,
	"PIPENV_PIPFILE": true, "POETRY_REPOSITORIES": true, "VIRTUAL_ENV": true, "PYENV_VERSION": true, "NVM_DIR": true,
	// Files the shell writes.
	"HISTFILE": true,
}

// riskyPrefixes and riskySuffixes catch families of such variables.
var (
	riskyPrefixes = []string{"GIT_", "LD_", "DYLD_", "BASH_FUNC_", "NPM_CONFIG_", "npm_config_", "KUBECONFIG", "PIP_", "UV_", "POETRY_", "PIPENV_", "CONDA_",
		"CARGO_BUILD_", "CARGO_TARGET_", "CARGO_REGISTRIES_", "AWS_CONFIG", "AWS_SHARED_", "YARN_", "PNPM_", "BUNDLE_"}
	riskySuffixes = []string{"_PAGER", "_EDITOR", "_ASKPASS", "_SSH_COMMAND", "_OPTIONS", "_OPTS", "_SHELL", "_RUNNER", "_WRAPPER",
		"_CONFIG_FILE", "_CONFIG_PATH", "RCPATH", "_PROG", "_LINKER", "_PLUGINS", "_PLUGIN_PATH", "_HOOKS", "_HOOKSPATH", "_PRELOAD"}
)

// inertGitVars are GIT_ variables that only label commits or quiet git.
var inertGitVars = map[string]bool{
	"GIT_AUTHOR_NAME": true, "GIT_AUTHOR_EMAIL": true, "GIT_AUTHOR_DATE": true,
	"GIT_COMMITTER_NAME": true, "GIT_COMMITTER_EMAIL": true, "GIT_COMMITTER_DATE": true,
	"GIT_TERMINAL_PROMPT": true, "GIT_PROGRESS_DELAY": true, "GIT_FLUSH": true, "GIT_MERGE_VERBOSITY": true,
	// Of the families above, the ones that only quiet or label (pip's, uv's, poetry's, conda's switches).
	"PIP_NO_CACHE_DIR": true, "PIP_DISABLE_PIP_VERSION_CHECK": true, "PIP_NO_INPUT": true, "PIP_PROGRESS_BAR": true, "PIP_QUIET": true,
	"PIP_ROOT_USER_ACTION": true, "PIP_NO_WARN_SCRIPT_LOCATION": true, "PIP_DEFAULT_TIMEOUT": true, "UV_NO_CACHE": true, "UV_SYSTEM_PYTHON": true,
	"UV_NO_PROGRESS": true, "UV_FROZEN": true, "UV_LOCKED": true, "POETRY_NO_INTERACTION": true, "POETRY_VIRTUALENVS_CREATE": true,
	"POETRY_VIRTUALENVS_IN_PROJECT": true, "PIPENV_NOSPIN": true, "PIPENV_VENV_IN_PROJECT": true, "CONDA_ALWAYS_YES": true,
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
		if name != "" && a.literal && len(a.text) > len(name) && inertValue(name, a.text[len(name)+1:]) {
			continue
		}
		if name != "" && (riskyVar(name) || stateVar(name) != "") {
			risky = append(risky, a)
			needs = append(needs, name+"=")
		}
	}
	return risky, needs
}

// inertValues are values of catalogued variables that only name the
// default: GOPROXY=https://proxy.golang.org is where go downloads anyway.
var inertValues = map[string][]string{
	"GOPROXY": {"https://proxy.golang.org", "https://proxy.golang.org,direct", "direct"},
	"GOSUMDB": {"sum.golang.org"},
}

// inertValue reports whether value, assigned to name, is one of its
// defaults (quotes removed).
func inertValue(name, value string) bool {
	for _, v := range inertValues[name] {
		if value == v {
			return true
		}
	}
	return false
}
