//go:build !windows

package locations

const managedGuards = "/etc/agentmgr/guards.yaml"
