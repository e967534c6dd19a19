package shell

// Programs that run a command elsewhere: docker and podman run/exec, kubectl exec, ssh.

import (
	"fmt"
	"strings"
)

var containerRunOptions = optionSet{
	flags: "dilPqt",
	args:  "acehlmpuvw",
	longArgs: []string{"name", "entrypoint", "env", "env-file", "volume", "workdir", "user", "network", "net", "publish", "label",
		"mount", "platform", "pull", "hostname", "memory", "memory-swap", "cpus", "cpu-shares", "cpuset-cpus", "add-host", "device", "dns",
		"gpus", "ipc", "pid", "restart", "runtime", "shm-size", "tmpfs", "ulimit", "volumes-from", "cap-add", "cap-drop", "security-opt",
		"log-driver", "log-opt", "cidfile", "expose", "link", "group-add", "health-cmd", "health-interval", "health-retries",
		"health-timeout", "health-start-period", "stop-signal", "stop-timeout", "userns", "uts", "cgroupns", "isolation", "storage-opt",
		"sysctl", "label-file", "mac-address", "ip", "ip6", "attach", "detach-keys", "annotation", "cgroup-parent", "network-alias",
		"pids-limit", "blkio-weight", "oom-score-adj", "domainname", "dns-search", "dns-option", "arch", "os", "variant", "secret",
		"replace", "pod", "userns-remap", "uidmap", "gidmap", "subuidname", "subgidname", "cpu-period", "cpu-quota", "memory-reservation"},
	longFlags: []string{"detach", "interactive", "tty", "rm", "privileged", "init", "read-only", "quiet", "no-healthcheck",
		"oom-kill-disable", "publish-all", "help", "sig-proxy", "disable-content-trust", "use-api-socket"},
}

// container handles docker, podman and nerdctl run and exec (also as
// "container run"): the command after the image or container runs inside
// it, after --entrypoint's program when one is given; -e VAR=VALUE sets
// its environment; --health-cmd runs a shell string.
func container(name string, args []word, in stdin) lookThrough {
	i := 0
	for i < len(args) && strings.HasPrefix(args[i].text, "-") {
		t := args[i].text
		i++
		// Global options with a value: -H host, --context, --config, -c, -l.
		if t == "-H" || t == "--host" || t == "--context" || t == "--config" || t == "-c" || t == "-l" || t == "--log-level" || t == "--url" || t == "--connection" {
			i++
		}
	}
	if i < len(args) && args[i].text == "container" {
		i++
	}
	if i >= len(args) {
		return lookThrough{}
	}
	sub := args[i].text
	if sub != "run" && sub != "exec" && sub != "create" {
		return lookThrough{}
	}
	rest := args[i+1:]
	var entrypoint *word
	var env []word
	health := ""
	s := scanOptions(rest, &containerRunOptions, func(o option) {
		switch o.name {
		case "entrypoint":
			v := o.value
			entrypoint = &v
		case "e", "env":
			if strings.Contains(o.value.text, "=") {
				env = append(env, o.value)
			}
		case "health-cmd":
			health = o.value.text
		}
	})
	lt := lookThrough{ask: optionTrouble(name+" "+sub, s), env: env}
	if health != "" {
		lt.scripts = append(lt.scripts, script{text: health, literal: true, what: "the command given to " + name + " --health-cmd"})
	}
	op := s.rest + 1 // the image or container
	var cmd []word
	if entrypoint != nil && entrypoint.text != "" {
		cmd = append(cmd, *entrypoint)
	}
	if op < len(rest) {
		cmd = append(cmd, rest[op:]...)
	}
	if len(cmd) > 0 {
		lt.commands = append(lt.commands, cmd)
	}
	return lt
}

// kubectlExec: kubectl exec POD -- CMD... runs CMD in the pod.
func kubectlExec(name string, args []word, _ stdin) lookThrough {
	var lt lookThrough
	sub := -1
	for i := 0; i < len(args); i++ {
		t := args[i].text
		if !strings.HasPrefix(t, "-") {
			sub = i
			break
		}
		if !strings.Contains(t, "=") && (t == "-n" || t == "--namespace" || t == "--context" || t == "--kubeconfig" || t == "--cluster" || t == "--user" || t == "-s" || t == "--server" || t == "--token") {
			i++
		}
	}
	if sub < 0 || args[sub].text != "exec" {
		return lt
	}
	rest := args[sub+1:]
	for i, w := range rest {
		if w.text == "--" {
			if i+1 < len(rest) {
				lt.commands = append(lt.commands, rest[i+1:])
			}
			return lt
		}
	}
	// The old form, kubectl exec POD CMD..., with no "--".
	s := scanOptions(rest, &optionSet{flags: "itq", args: "cfn", longArgs: []string{"container", "filename", "namespace", "pod-running-timeout", "context"},
		longFlags: []string{"stdin", "tty", "quiet"}}, nil)
	lt.ask = optionTrouble(name+" exec", s)
	if s.rest+1 < len(rest) {
		lt.commands = append(lt.commands, rest[s.rest+1:])
	}
	return lt
}

var sshOptions = optionSet{
	flags: "46AaCfGgKkMNnqsTtVvXxYy",
	args:  "BbcDEeFIiJLlmOopQRSWw",
}

// sshCommandKeys are ssh_config keys whose value ssh runs on this machine.
var sshCommandKeys = []string{"proxycommand", "localcommand", "knownhostscommand", "permitlocalcommand", "match"}

// ssh runs its command words, joined, as a shell string on the remote
// host; with none (and no -N), a shell there reads standard input. -o
// options that make ssh run a local command ask; -o RemoteCommand= runs a
// remote shell string.
func ssh(name string, args []word, _ stdin) lookThrough {
	var lt lookThrough
	noCommand := false
	visit := func(o option) {
		switch o.name {
		case "N", "W", "O", "G", "V", "Q":
			noCommand = true
		case "o":
			k, v, _ := strings.Cut(o.value.text, "=")
			if !strings.Contains(o.value.text, "=") {
				k, v, _ = strings.Cut(o.value.text, " ")
			}
			k = strings.ToLower(strings.TrimSpace(k))
			if !o.value.literal {
				lt.ask = fmt.Sprintf("%s has the option -o %s, which is only known when the command runs", name, o.value.text)
			}
			for _, c := range sshCommandKeys {
				if k == c {
					lt.ask = fmt.Sprintf("%s -o %s runs a command on this machine", name, o.value.text)
				}
			}
			if k == "remotecommand" {
				lt.scripts = append(lt.scripts, script{text: v, literal: o.value.literal, what: "the remote command given to " + name})
			}
		}
	}
	s := scanOptions(args, &sshOptions, visit)
	if lt.ask == "" {
		lt.ask = optionTrouble(name, s)
	}
	rest := s.rest + 1 // the host
	if rest < len(args) {
		// ssh reads options after the host too (ssh host -p 22 CMD, ssh host -- CMD).
		after := scanOptions(args[rest:], &sshOptions, visit)
		if lt.ask == "" {
			lt.ask = optionTrouble(name, after)
		}
		rest += after.rest
	}
	switch {
	case rest < len(args):
		lt.scripts = append(lt.scripts, shellString(args[rest:], "the command given to "+name))
	case !noCommand && s.rest < len(args) && len(lt.scripts) == 0:
		lt.readsStdin = name
	}
	return lt
}
