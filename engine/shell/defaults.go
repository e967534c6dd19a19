package shell

import "strings"

// Programs whose default paths are files people protect: ssh-keygen writes
// ~/.ssh/id_* when no -f names the key, npm login writes ~/.npmrc, gh auth
// token prints the token from ~/.config/gh/hosts.yml. No word of the
// command names the file, so the catalogue gives each its edit or read
// unit, decided by the edit and read rules like any file the command
// writes or reads (docs/shell.md, "Programs with default paths").

// defaultPaths returns the files a command writes and reads by default.
type defaultPaths func(args []word) (writes, reads []string)

var defaultPathPrograms = map[string]defaultPaths{
	"ssh-keygen": sshKeygenPaths,
	"npm":        subPaths(map[string][]string{"login": {"~/.npmrc"}, "adduser": {"~/.npmrc"}, "config set": {"~/.npmrc"}, "set": {"~/.npmrc"}}, map[string][]string{"token": {"~/.npmrc"}, "config get": {"~/.npmrc"}}),
	"pnpm":       subPaths(map[string][]string{"login": {"~/.npmrc"}, "config set": {"~/.npmrc"}}, nil),
	"yarn":       subPaths(map[string][]string{"login": {"~/.yarnrc"}, "config set": {"~/.yarnrc", "~/.yarnrc.yml"}, "npm login": {"~/.yarnrc.yml"}}, nil),
	"pip":        subPaths(map[string][]string{"config set": {"~/.config/pip/pip.conf"}}, nil),
	"pip3":       subPaths(map[string][]string{"config set": {"~/.config/pip/pip.conf"}}, nil),
	"docker":     subPaths(map[string][]string{"login": {"~/.docker/config.json"}, "logout": {"~/.docker/config.json"}}, nil),
	"podman":     subPaths(map[string][]string{"login": {"~/.config/containers/auth.json"}}, nil),
	"gh": subPaths(map[string][]string{"auth login": {"~/.config/gh/hosts.yml"}, "auth refresh": {"~/.config/gh/hosts.yml"}, "auth setup-git": {"~/.gitconfig"}},
		map[string][]string{"auth token": {"~/.config/gh/hosts.yml"}, "auth status": {"~/.config/gh/hosts.yml"}}),
	"cargo": subPaths(map[string][]string{"login": {"~/.cargo/credentials.toml"}, "logout": {"~/.cargo/credentials.toml"}}, nil),
	"aws": subPaths(map[string][]string{"configure": {"~/.aws/credentials", "~/.aws/config"}, "configure set": {"~/.aws/credentials", "~/.aws/config"}},
		map[string][]string{"configure get": {"~/.aws/credentials"}, "configure export-credentials": {"~/.aws/credentials"}, "configure list": {"~/.aws/credentials"}}),
	"gcloud": subPaths(map[string][]string{"auth login": {"~/.config/gcloud/credentials.db"}, "auth activate-service-account": {"~/.config/gcloud/credentials.db"}},
		map[string][]string{"auth print-access-token": {"~/.config/gcloud/credentials.db"}, "auth print-identity-token": {"~/.config/gcloud/credentials.db"}}),
	"az":      subPaths(map[string][]string{"login": {"~/.azure/msal_token_cache.json"}}, map[string][]string{"account get-access-token": {"~/.azure/msal_token_cache.json"}}),
	"kubectl": subPaths(map[string][]string{"config set-credentials": {"~/.kube/config"}, "config set-context": {"~/.kube/config"}, "config set-cluster": {"~/.kube/config"}, "config use-context": {"~/.kube/config"}}, map[string][]string{"config view": {"~/.kube/config"}}),
	"gpg":     gpgPaths,
	"conda":   subPaths(map[string][]string{"init": {"~/.bashrc", "~/.zshrc", "~/.config/fish/config.fish"}}, nil),
	"mamba":   subPaths(map[string][]string{"init": {"~/.bashrc", "~/.zshrc"}}, nil),
	"opam":    subPaths(map[string][]string{"init": {"~/.profile", "~/.bashrc"}}, nil),
	"crontab": func(args []word) ([]string, []string) {
		if hasWord(args, "-l") {
			return nil, nil
		}
		return []string{"/var/spool/cron/crontabs/user"}, nil
	},
	"chsh":   func([]word) ([]string, []string) { return []string{"/etc/passwd"}, nil },
	"passwd": func([]word) ([]string, []string) { return []string{"/etc/shadow"}, nil },
	"visudo": func([]word) ([]string, []string) { return []string{"/etc/sudoers"}, nil },
	"systemctl": func(args []word) ([]string, []string) {
		for _, w := range args {
			switch w.text {
			case "enable", "edit", "link", "preset", "set-property", "mask", "add-wants", "add-requires", "revert":
				if hasWord(args, "--user") {
					return []string{"~/.config/systemd/user/unit"}, nil
				}
				return []string{"/etc/systemd/system/unit"}, nil
			}
		}
		return nil, nil
	},
}

// subPaths is a defaultPaths by subcommand: the first words after the
// program's options (npm login, aws configure set).
func subPaths(writes, reads map[string][]string) defaultPaths {
	return func(args []word) ([]string, []string) {
		var subs []string
		for _, w := range args {
			if strings.HasPrefix(w.text, "-") {
				continue
			}
			subs = append(subs, w.text)
			if len(subs) == 2 {
				break
			}
		}
		if len(subs) == 0 {
			return nil, nil
		}
		for _, key := range []string{strings.Join(subs, " "), subs[0]} {
			if w, r := writes[key], reads[key]; w != nil || r != nil {
				return w, r
			}
		}
		return nil, nil
	}
}

// sshKeygenPaths: ssh-keygen generating a key without -f writes the
// default key of its type in ~/.ssh; -R and -H rewrite ~/.ssh/known_hosts;
// -y, -l, -F, -e, -i, -B, -L and -Q only read.
func sshKeygenPaths(args []word) ([]string, []string) {
	keyType, file := "", ""
	for i, w := range args {
		t := w.text
		switch {
		case t == "-t" && i+1 < len(args):
			keyType = args[i+1].text
		case t == "-f" && i+1 < len(args):
			file = args[i+1].text
		case strings.HasPrefix(t, "-f") && len(t) > 2:
			file = t[2:]
		case t == "-R" || t == "-H":
			if file == "" {
				return []string{"~/.ssh/known_hosts"}, nil
			}
		case t == "-y" || t == "-l" || t == "-F" || t == "-e" || t == "-i" || t == "-B" || t == "-L" || t == "-Q" || t == "-D" || t == "-Y":
			return nil, nil
		}
	}
	if file != "" {
		return nil, nil // written as -f FILE: the file is a unit of its own (keygenFiles)
	}
	switch keyType {
	case "rsa", "dsa", "ecdsa", "ed25519", "ecdsa-sk", "ed25519-sk":
		return []string{"~/.ssh/id_" + strings.ReplaceAll(keyType, "-", "_")}, nil
	}
	return []string{"~/.ssh/id_ed25519", "~/.ssh/id_rsa"}, nil
}

// gpgPaths: gpg generating or importing keys writes ~/.gnupg; exporting
// secret keys reads it.
func gpgPaths(args []word) ([]string, []string) {
	for _, w := range args {
		switch w.text {
		case "--gen-key", "--generate-key", "--full-generate-key", "--full-gen-key", "--quick-generate-key", "--quick-gen-key", "--import", "--delete-secret-keys", "--delete-keys", "--edit-key", "--quick-add-key":
			return []string{"~/.gnupg/pubring.kbx"}, nil
		case "--export-secret-keys", "--export-secret-subkeys", "--export-ssh-key":
			return nil, []string{"~/.gnupg/private-keys-v1.d/key"}
		}
	}
	return nil, nil
}

// defaultUnits adds the edit and read units of the files a command writes
// and reads by default, and of ssh-keygen -f FILE (FILE and FILE.pub).
func (a *analyzer) defaultUnits(name string, args []word) {
	if name == "ssh-keygen" {
		for i, w := range args {
			if w.text == "-f" && i+1 < len(args) && !hasWord(args, "-y") && !hasWord(args, "-l") {
				a.file(EditKey, args[i+1], nil)
				pub := args[i+1]
				pub.text += ".pub"
				a.file(EditKey, pub, nil)
			}
		}
	}
	f := defaultPathPrograms[name]
	if f == nil {
		return
	}
	writes, reads := f(args)
	for _, p := range writes {
		a.file(EditKey, word{text: p, literal: true}, nil)
	}
	for _, p := range reads {
		a.file(ReadKey, word{text: p, literal: true}, nil)
	}
}
