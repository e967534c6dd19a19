package shell

import (
	"strings"
)

// The effect model: what a unit does to resources, as data beside the
// wrapper, option and writer tables. Rules are written as names (`rm *`,
// `curl *`, `~/.ssh/*`); people mean effects (no deleting, no downloads, my
// keys untouched). A unit's effects let the engine read a rule about one
// program as a rule about every form of what it does (docs/shell.md,
// "Effect families").

// Effect is a kind of thing a command does to resources.
type Effect string

// The effects of the model.
const (
	// Reads and Writes are the file units (Key read and edit): the paths a
	// command reads or writes.
	Reads  Effect = "reads"
	Writes Effect = "writes"
	// Deletes: the command removes files (rm, find -delete, git clean).
	Deletes Effect = "deletes"
	// Runs: the command runs code given in its arguments or environment
	// (Unit.Needs, Unit.AskReason say which).
	Runs Effect = "runs"
	// ChangesMode and ChangesOwner: the command changes files' permission
	// bits or owners (chmod, install -m 4755, chown).
	ChangesMode  Effect = "changes-mode"
	ChangesOwner Effect = "changes-owner"
	// RaisesPrivilege: the command runs something as another user (sudo,
	// su, doas, pkexec, run0, systemd-run --uid).
	RaisesPrivilege Effect = "raises-privilege"
	// ReachesNetwork: the command opens a connection to a host the text
	// names (curl, wget, nc HOST, git clone URL).
	ReachesNetwork Effect = "reaches-network"
	// Publishes: the command sends refs to another repository (git push,
	// git send-pack).
	Publishes Effect = "publishes"
)

// Does is one effect of a unit: what, through which form, on what.
type Does struct {
	Effect Effect
	// Via is the form that has the effect, as a person would name it:
	// "find -delete", "git clean", "install -m 4755".
	Via string
	// Targets are the paths, hosts or remotes the effect is on, as
	// written; none when the text does not show them.
	Targets []string
}

// effectForms finds the effects of a command from its arguments, by the
// command's base name. A form that is the program a family is named for
// (rm, curl, chmod, sudo, git push) is listed too: the model is complete,
// and the engine leaves a rule's own program to the rule. rmdir is left
// out: it removes only empty folders, nothing a person could lose.
var effectForms = map[string]func(name string, args []word) []Does{
	"rm": deletesOperands, "unlink": deletesOperands,
	"srm": deletesOperands, "wipe": deletesOperands, "trash": deletesOperands,
	"trash-put": deletesOperands, "gio": gioEffects, "shred": deletesOperands,
	"find": findEffects, "rsync": rsyncEffects, "tar": tarEffects, "gtar": tarEffects,
	"bsdtar": tarEffects, "zip": zipEffects, "7z": sevenZipEffects, "7za": sevenZipEffects,
	"git":   gitEffects,
	"chmod": modeOperands, "setfacl": modeOperands, "chattr": modeOperands,
	"install": installEffects, "mkdir": createModeEffects, "mknod": createModeEffects, "mkfifo": createModeEffects,
	"chown": ownerOperands, "chgrp": ownerOperands,
	"sudo": privilege, "su": privilege, "doas": privilege, "pkexec": privilege, "run0": privilege,
	"runuser": privilege, "sudoedit": privilege, "gksu": privilege, "gksudo": privilege, "kdesu": privilege,
	"kdesudo": privilege, "machinectl": machinectlEffects, "systemd-run": systemdRunEffects,
	"setcap": privilege, "capsh": privilege, "newgrp": privilege, "sg": privilege, "calife": privilege,
	"please": privilege, "docker": containerEffects, "podman": containerEffects,
	"curl": networkOperands, "wget": networkOperands, "aria2c": networkOperands, "axel": networkOperands,
	"http": networkOperands, "https": networkOperands, "xh": networkOperands, "curlie": networkOperands,
	"lynx": networkOperands, "links": networkOperands, "w3m": networkOperands, "elinks": networkOperands,
	"nc": hostEffects, "ncat": hostEffects, "netcat": hostEffects, "telnet": hostEffects,
	"socat": socatEffects, "ftp": hostEffects, "tftp": hostEffects, "sftp": remotePathEffects,
	"scp": remotePathEffects, "openssl": opensslEffects, "pip": pipEffects, "pip3": pipEffects,
	"npm": npmEffects, "pnpm": npmEffects, "yarn": npmEffects,
}

// effectsOf returns the effects of the command named name (a base name)
// with arguments args, as the effect table finds them.
func effectsOf(name string, args []word) []Does {
	f := effectForms[name]
	if f == nil {
		return nil
	}
	return f(name, args)
}

// texts returns the text of each word.
func texts(ws []word) []string {
	if len(ws) == 0 {
		return nil
	}
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = w.text
	}
	return out
}

func one(e Effect, via string, targets []string) []Does {
	return []Does{{Effect: e, Via: via, Targets: targets}}
}

// deletesOperands: rm, unlink, shred and the like remove (or destroy) their
// operands.
func deletesOperands(name string, args []word) []Does {
	return one(Deletes, name, texts(operands(args, func(t string) bool { return t == "-n" || t == "--iterations" || t == "-s" || t == "--size" })))
}

// gioEffects: gio remove and gio trash delete their operands.
func gioEffects(name string, args []word) []Does {
	if len(args) > 0 && (args[0].text == "remove" || args[0].text == "trash" || args[0].text == "rm") {
		return one(Deletes, "gio "+args[0].text, texts(operands(args[1:], nil)))
	}
	return nil
}

// findEffects: -delete removes what find finds below its roots.
func findEffects(_ string, args []word) []Does {
	for _, w := range args {
		if w.text == "-delete" {
			return one(Deletes, "find -delete", texts(findStarts(args)))
		}
	}
	return nil
}

// findStarts returns the starting points of a find (its operands before the
// first expression word); "." when none is given.
func findStarts(args []word) []word {
	var roots []word
	for _, w := range args {
		t := w.text
		if t == "-H" || t == "-L" || t == "-P" {
			continue
		}
		if strings.HasPrefix(t, "-") || t == "(" || t == "!" || t == "\\(" {
			break
		}
		roots = append(roots, w)
	}
	if len(roots) == 0 {
		roots = []word{{text: ".", literal: true}}
	}
	return roots
}

// rsyncEffects: --delete and its kin remove files of the destination that
// the source lacks; --remove-source-files removes the sources; a host in an
// operand (HOST:PATH, rsync://) reaches the network; --chmod, --chown change
// modes and owners.
func rsyncEffects(_ string, args []word) []Does {
	var out []Does
	ops := operands(args, func(t string) bool {
		return t == "-e" || t == "--rsh" || t == "-f" || t == "--filter" || t == "--exclude" || t == "--include" || t == "-T" || t == "--temp-dir"
	})
	for _, w := range args {
		t := w.text
		switch {
		case strings.HasPrefix(t, "--delete") || t == "--del":
			if len(ops) > 0 {
				out = append(out, Does{Effect: Deletes, Via: "rsync " + t, Targets: []string{ops[len(ops)-1].text}})
			} else {
				out = append(out, Does{Effect: Deletes, Via: "rsync " + t})
			}
		case t == "--remove-source-files":
			src := ops
			if len(src) > 1 {
				src = src[:len(src)-1]
			}
			out = append(out, Does{Effect: Deletes, Via: "rsync " + t, Targets: texts(src)})
		case strings.HasPrefix(t, "--chmod"):
			out = append(out, Does{Effect: ChangesMode, Via: "rsync --chmod"})
		case strings.HasPrefix(t, "--chown") || strings.HasPrefix(t, "--usermap") || strings.HasPrefix(t, "--groupmap"):
			out = append(out, Does{Effect: ChangesOwner, Via: "rsync " + strings.SplitN(t, "=", 2)[0]})
		}
	}
	for _, w := range ops {
		if h := remoteHost(w.text); h != "" {
			out = append(out, Does{Effect: ReachesNetwork, Via: "rsync", Targets: []string{w.text}})
			break
		}
	}
	return out
}

// tarEffects: --remove-files removes what tar archived; sevenZipEffects: -sdel
// removes what 7z archived.
var (
	tarEffects      = removesArchived("--remove-files")
	sevenZipEffects = removesArchived("-sdel")
)

// removesArchived is the effects of an archiver whose option (a word of its
// own) removes the files it archived.
func removesArchived(option string) func(name string, args []word) []Does {
	return func(name string, args []word) []Does {
		for _, w := range args {
			if w.text == option {
				return one(Deletes, name+" "+option, nil)
			}
		}
		return nil
	}
}

// zipEffects: -m/--move removes what zip archived (also in a cluster: -rm).
func zipEffects(_ string, args []word) []Does {
	for _, w := range args {
		t := w.text
		if t == "--move" || strings.HasPrefix(t, "-") && !strings.HasPrefix(t, "--") && strings.ContainsRune(t, 'm') {
			return one(Deletes, "zip -m", nil)
		}
	}
	return nil
}

// modeOperands: chmod and its kin change the modes of their operands (the
// first operand of chmod is the mode).
func modeOperands(name string, args []word) []Does {
	ops := texts(operands(args, func(t string) bool { return t == "--reference" }))
	if name == "chmod" && len(ops) > 0 {
		ops = ops[1:]
	}
	return one(ChangesMode, name, ops)
}

// ownerOperands: chown and chgrp change the owners of their operands (the
// first operand is the owner).
func ownerOperands(name string, args []word) []Does {
	ops := texts(operands(args, func(t string) bool { return t == "--reference" || t == "--from" }))
	if len(ops) > 0 {
		ops = ops[1:]
	}
	return one(ChangesOwner, name, ops)
}

// installEffects: install -m MODE sets a mode that counts when it grants
// more than ordinary files have (set-user-ID, set-group-ID, sticky, or
// writable by others); -o/-g set owners.
func installEffects(name string, args []word) []Does {
	var out []Does
	for i, w := range args {
		t := w.text
		var val string
		switch {
		case (t == "-m" || t == "--mode") && i+1 < len(args):
			val = args[i+1].text
		case strings.HasPrefix(t, "--mode="):
			val = t[len("--mode="):]
		case strings.HasPrefix(t, "-m") && len(t) > 2 && !strings.HasPrefix(t, "--"):
			val = t[2:]
		case t == "-o" || t == "-g" || t == "--owner" || t == "--group" || strings.HasPrefix(t, "--owner=") || strings.HasPrefix(t, "--group="):
			if name == "install" {
				out = append(out, Does{Effect: ChangesOwner, Via: "install " + strings.SplitN(t, "=", 2)[0]})
			}
			continue
		default:
			continue
		}
		if grantsMore(val) {
			out = append(out, Does{Effect: ChangesMode, Via: name + " -m " + val})
		}
	}
	return out
}

// createModeEffects: mkdir, mknod and mkfifo -m MODE, as install -m.
func createModeEffects(name string, args []word) []Does {
	return installEffects(name, args)
}

// grantsMore reports whether a mode (octal or symbolic) grants more than
// ordinary files and folders have: a set-user-ID, set-group-ID or sticky
// bit, or writing by others. A mode only known at run time counts.
func grantsMore(mode string) bool {
	if mode == "" {
		return true
	}
	if isOctal(mode) {
		n := 0
		for _, c := range mode {
			n = n*8 + int(c-'0')
		}
		return n&0o7000 != 0 || n&0o002 != 0
	}
	for clause := range strings.SplitSeq(mode, ",") {
		who, perm, _ := strings.Cut(clause, "+")
		if perm == "" {
			who, perm, _ = strings.Cut(clause, "=")
		}
		if strings.ContainsAny(perm, "st") || strings.ContainsRune(perm, 'w') && (who == "" || strings.ContainsAny(who, "oa")) {
			return true
		}
		if strings.ContainsAny(clause, "$`") {
			return true
		}
	}
	return false
}

func isOctal(s string) bool {
	for _, c := range s {
		if c < '0' || c > '7' {
			return false
		}
	}
	return s != ""
}

// privilege: the program runs its command (or a shell) as another user.
func privilege(name string, _ []word) []Does {
	return one(RaisesPrivilege, name, nil)
}

// machinectlEffects: machinectl shell and login open a shell, as any user.
func machinectlEffects(name string, args []word) []Does {
	for _, w := range args {
		if w.text == "shell" || w.text == "login" {
			return one(RaisesPrivilege, "machinectl "+w.text, nil)
		}
	}
	return nil
}

// systemdRunEffects: systemd-run asks the system manager (root) to run its
// command, as root or as --uid; --user runs it as the caller.
func systemdRunEffects(name string, args []word) []Does {
	user := false
	for i, w := range args {
		t := w.text
		if strings.HasPrefix(t, "--uid") || strings.HasPrefix(t, "--property=User") || strings.HasPrefix(t, "-pUser=") ||
			(t == "-p" || t == "--property") && i+1 < len(args) && strings.HasPrefix(args[i+1].text, "User=") {
			return one(RaisesPrivilege, name+" "+strings.SplitN(t, "=", 2)[0], nil)
		}
		if t == "--user" {
			user = true
		}
	}
	if user {
		return nil
	}
	return one(RaisesPrivilege, name, nil)
}

// containerEffects: a privileged container, or one with the host's root
// folder mounted, is root on the host.
func containerEffects(name string, args []word) []Does {
	if len(args) == 0 || args[0].text != "run" && args[0].text != "create" && args[0].text != "exec" {
		return nil
	}
	for i, w := range args {
		t := w.text
		switch {
		case t == "--privileged" || strings.HasPrefix(t, "--privileged="):
			return one(RaisesPrivilege, name+" "+args[0].text+" --privileged", nil)
		case t == "--pid=host" || t == "--userns=host" || strings.HasPrefix(t, "--cap-add"):
			return one(RaisesPrivilege, name+" "+args[0].text+" "+t, nil)
		case (t == "-v" || t == "--volume") && i+1 < len(args) && strings.HasPrefix(args[i+1].text, "/:"):
			return one(RaisesPrivilege, name+" "+args[0].text+" -v /:", nil)
		case strings.HasPrefix(t, "--volume=/:") || strings.HasPrefix(t, "-v/:"):
			return one(RaisesPrivilege, name+" "+args[0].text+" -v /:", nil)
		}
	}
	return nil
}

// networkOperands: curl, wget and other fetchers reach the hosts of their
// operands.
func networkOperands(name string, args []word) []Does {
	var hosts []string
	for _, w := range args {
		if isURL(w.text) {
			hosts = append(hosts, w.text)
		}
	}
	return one(ReachesNetwork, name, hosts)
}

// hostEffects: nc, telnet, ftp connect to the host their operands name;
// listening (-l) reaches no named host but still opens the network.
func hostEffects(name string, args []word) []Does {
	return one(ReachesNetwork, name, texts(operands(args, func(t string) bool {
		return t == "-p" || t == "-s" || t == "-w" || t == "-e" || t == "-c" || t == "-i" || t == "-q" || t == "-x" || t == "-X"
	})))
}

// socatEffects: socat addresses of the network kinds (TCP:, UDP:, OPENSSL:,
// SOCKS4:, PROXY: ...).
func socatEffects(name string, args []word) []Does {
	for _, w := range args {
		kind := strings.ToUpper(strings.SplitN(w.text, ":", 2)[0])
		kind = strings.SplitN(kind, ",", 2)[0]
		switch strings.TrimRight(kind, "46") {
		case "TCP", "UDP", "TCP-CONNECT", "UDP-CONNECT", "TCP-LISTEN", "UDP-LISTEN", "OPENSSL", "SSL", "SOCKS", "SOCKS4", "SOCKS4A", "SOCKS5",
			"PROXY", "SCTP", "SCTP-CONNECT", "UDP-SENDTO", "UDP-DATAGRAM", "IP-SENDTO", "DTLS":
			return one(ReachesNetwork, name, []string{w.text})
		}
	}
	return nil
}

// remotePathEffects: scp, sftp reach the host of a HOST:PATH operand.
func remotePathEffects(name string, args []word) []Does {
	for _, w := range operands(args, func(t string) bool {
		return t == "-P" || t == "-i" || t == "-o" || t == "-F" || t == "-c" || t == "-l" || t == "-S" || t == "-J"
	}) {
		if remoteHost(w.text) != "" || name == "sftp" {
			return one(ReachesNetwork, name, []string{w.text})
		}
	}
	return nil
}

// opensslEffects: openssl s_client connects to -connect HOST:PORT.
func opensslEffects(name string, args []word) []Does {
	if len(args) > 0 && (args[0].text == "s_client" || args[0].text == "s_time") {
		return one(ReachesNetwork, "openssl "+args[0].text, nil)
	}
	return nil
}

// pipEffects: pip install of a URL (or git+URL) fetches that URL; an
// ordinary requirement comes from the configured index.
func pipEffects(name string, args []word) []Does {
	return urlOperands(name, args, "install", "download")
}

// npmEffects: npm install of a URL or a git address fetches it.
func npmEffects(name string, args []word) []Does {
	return urlOperands(name, args, "install", "i", "add")
}

func urlOperands(name string, args []word, subs ...string) []Does {
	if len(args) == 0 {
		return nil
	}
	found := false
	for _, s := range subs {
		found = found || args[0].text == s
	}
	if !found {
		return nil
	}
	var hosts []string
	for _, w := range args[1:] {
		if isURL(w.text) {
			hosts = append(hosts, w.text)
		}
	}
	if hosts == nil {
		return nil
	}
	return one(ReachesNetwork, name+" "+args[0].text, hosts)
}

// gitEffects: git clean and git rm delete files; clone, fetch, pull,
// ls-remote and submodule add of a URL reach its host; push, send-pack and
// http-push publish; update-index --chmod changes a mode; a fetch run in
// another repository (-C DIR) from a local one publishes into DIR.
func gitEffects(_ string, args []word) []Does {
	i, other := gitSubcommandAt(args)
	if i >= len(args) {
		return nil
	}
	sub, rest := args[i].text, args[i+1:]
	if f := gitSubEffects[sub]; f != nil {
		return f(sub, rest, other)
	}
	return nil
}

// gitSubcommandAt returns the index of git's subcommand in args (len(args) when there is none)
// and the other repository or work tree the global options name (-C, --git-dir, --work-tree).
func gitSubcommandAt(args []word) (int, string) {
	i, other := 0, ""
	for i < len(args) {
		t := args[i].text
		if t == "--" || !strings.HasPrefix(t, "-") {
			break
		}
		switch {
		case t == "-C" || t == "--git-dir" || t == "--work-tree":
			if i+1 < len(args) {
				other = args[i+1].text
			}
		case strings.HasPrefix(t, "--git-dir=") || strings.HasPrefix(t, "--work-tree="):
			other = strings.SplitN(t, "=", 2)[1]
		}
		if globalValueOptions["git"][t] {
			i++
		}
		i++
	}
	return i, other
}

// gitSubEffects are the effects of git's subcommands, given the subcommand, its arguments and
// the other repository the global options name.
var gitSubEffects = map[string]func(sub string, rest []word, other string) []Does{
	"clean": gitCleanEffects, "rm": gitRmEffects,
	"push": gitPushEffects, "send-pack": gitPushEffects, "http-push": gitPushEffects,
	"subtree":      gitWordEffect("push", Publishes, "git subtree push"),
	"svn":          gitWordEffect("dcommit", Publishes, "git svn dcommit"),
	"update-index": gitUpdateIndexEffects,
	"clone":        gitFetchEffects, "fetch": gitFetchEffects, "pull": gitFetchEffects, "ls-remote": gitFetchEffects, "archive": gitFetchEffects,
	"submodule": gitSubmoduleEffects,
}

// gitCleanEffects: git clean -f deletes the untracked files below its operands.
func gitCleanEffects(_ string, rest []word, _ string) []Does {
	for _, w := range rest {
		t := w.text
		if t == "--force" || strings.HasPrefix(t, "-") && !strings.HasPrefix(t, "--") && strings.ContainsRune(t, 'f') {
			return one(Deletes, "git clean", texts(operands(rest, func(t string) bool { return t == "-e" || t == "--exclude" })))
		}
	}
	return nil
}

// gitRmEffects: git rm deletes its operands, unless --cached keeps them on disk.
func gitRmEffects(_ string, rest []word, _ string) []Does {
	for _, w := range rest {
		if w.text == "--cached" {
			return nil
		}
	}
	return one(Deletes, "git rm", texts(operands(rest, nil)))
}

// gitPushEffects: push, send-pack and http-push publish.
func gitPushEffects(sub string, rest []word, _ string) []Does {
	return one(Publishes, "git "+sub, texts(operands(rest, gitPushValue)))
}

// gitWordEffect is the effect e of a subcommand whose first argument is first (subtree push).
func gitWordEffect(first string, e Effect, via string) func(string, []word, string) []Does {
	return func(_ string, rest []word, _ string) []Does {
		if len(rest) > 0 && rest[0].text == first {
			return one(e, via, nil)
		}
		return nil
	}
}

// gitUpdateIndexEffects: update-index --chmod changes a file's mode in the index.
func gitUpdateIndexEffects(_ string, rest []word, _ string) []Does {
	for _, w := range rest {
		if strings.HasPrefix(w.text, "--chmod") {
			return one(ChangesMode, "git update-index --chmod", nil)
		}
	}
	return nil
}

// gitFetchEffects: clone, fetch, pull, ls-remote and archive of a URL reach its host; a fetch
// or pull run in another repository from a local one writes its refs there.
func gitFetchEffects(sub string, rest []word, other string) []Does {
	var out []Does
	for _, w := range operands(rest, gitFetchValue) {
		if isURL(w.text) || remoteHost(w.text) != "" {
			out = append(out, Does{Effect: ReachesNetwork, Via: "git " + sub, Targets: []string{w.text}})
			break
		}
	}
	if other != "" && (sub == "fetch" || sub == "pull") {
		for _, w := range operands(rest, gitFetchValue) {
			if strings.HasPrefix(w.text, ".") || strings.HasPrefix(w.text, "/") || strings.HasPrefix(w.text, "~") || strings.HasPrefix(w.text, "$") || strings.HasPrefix(w.text, "file://") {
				out = append(out, Does{Effect: Publishes, Via: "git -C " + other + " " + sub, Targets: []string{other}})
				break
			}
		}
	}
	return out
}

// gitSubmoduleEffects: submodule add of a URL reaches its host.
func gitSubmoduleEffects(_ string, rest []word, _ string) []Does {
	if len(rest) > 0 && rest[0].text == "add" {
		for _, w := range rest[1:] {
			if isURL(w.text) || remoteHost(w.text) != "" {
				return one(ReachesNetwork, "git submodule add", []string{w.text})
			}
		}
	}
	return nil
}

func gitPushValue(t string) bool {
	return t == "--repo" || t == "--receive-pack" || t == "--exec" || t == "-o" || t == "--push-option" || t == "--signed"
}

func gitFetchValue(t string) bool {
	return t == "--depth" || t == "-b" || t == "--branch" || t == "-o" || t == "--origin" || t == "--upload-pack" || t == "-u" ||
		t == "--reference" || t == "--separate-git-dir" || t == "-c" || t == "--config" || t == "--filter" || t == "-j" || t == "--jobs" ||
		t == "--shallow-since" || t == "--shallow-exclude" || t == "--template" || t == "--format" || t == "--prefix" || t == "--remote" || t == "--output"
}

// isURL reports whether t is an address with a network scheme.
func isURL(t string) bool {
	i := strings.Index(t, "://")
	if i <= 0 {
		return false
	}
	scheme := strings.ToLower(t[:i])
	scheme = strings.TrimPrefix(scheme, "git+")
	switch scheme {
	case "http", "https", "ftp", "ftps", "git", "ssh", "rsync", "sftp", "scp", "tftp", "telnet", "ws", "wss", "gopher", "dict", "ldap", "smb":
		return true
	}
	return false
}

// remoteHost returns the host of a HOST:PATH or USER@HOST:PATH operand (the
// scp form), or of an rsync:// or ssh:// address; "" for a local path.
func remoteHost(t string) string {
	if isURL(t) {
		rest := t[strings.Index(t, "://")+3:]
		return strings.SplitN(rest, "/", 2)[0]
	}
	i := strings.IndexByte(t, ':')
	if i <= 0 || strings.ContainsAny(t[:i], "/ =$") {
		return ""
	}
	return t[:i]
}
