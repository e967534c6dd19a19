package ownedfile

import "os"

// Is reports whether the handler at p is exactly h: the command, timeout and matcher install
// would write now.
func (p Placement) Is(h Hook) bool {
	return p.Command == h.Command && p.Timeout == h.Timeout && p.Matcher == h.Matcher
}

// BinaryGone reports whether the handler at p starts an agentmgr binary (HookBinary) that is
// not there any more: the hook's fallback then blocks every tool call.
func (p Placement) BinaryGone() bool {
	bin := HookBinary(p.Command)
	if bin == "" {
		return false
	}
	_, err := os.Stat(bin)
	return err != nil
}

// HookAdvice words what a runtime's hook status advises, the same for every runtime agentmgr
// hooks into: Program is the runtime as its users name it (Codex, Gemini CLI), Subcommand the
// agentmgr command that installs into it (codex, gemini).
type HookAdvice struct {
	Program, Subcommand string
}

// NotInstalled is the advice when agentmgr's handler is not in the runtime's hooks.
func (a HookAdvice) NotInstalled() string {
	return "the hook is not installed; run `agentmgr " + a.Subcommand + " install` so that agentmgr decides " + a.Program + "'s tool calls"
}

// NotEveryTool is the advice when the handler's matcher leaves tools out.
func (a HookAdvice) NotEveryTool(matcher string) string {
	return "the hook's matcher is " + matcher + ", not every tool: agentmgr is not enforcing; run `agentmgr " + a.Subcommand + " install`"
}

// BinaryGone is the advice when the handler at p starts a binary that is gone.
func (a HookAdvice) BinaryGone(p Placement) string {
	return "the hook starts " + HookBinary(p.Command) + ", which is gone, so every " + a.Program + " tool call is blocked; run `agentmgr " + a.Subcommand + " install`"
}

// Another is the advice when the handler at p starts another agentmgr than this one.
func (a HookAdvice) Another(p Placement) string {
	return "the hook starts another agentmgr (" + p.Command + "); run `agentmgr " + a.Subcommand + " install` to start this one"
}
