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

// Handler appends to advice what there is to say of the handler at p itself once the runtime
// runs it (enforcing: on every tool call; current: exactly what install writes now): its
// matcher leaves tools out, the binary it starts is gone, or it starts another agentmgr.
func (a HookAdvice) Handler(advice []string, p Placement, enforcing, current bool) []string {
	switch {
	case !enforcing:
		return append(advice, a.notEveryTool(p.Matcher))
	case p.BinaryGone():
		return append(advice, a.binaryGone(p))
	case !current:
		return append(advice, a.another(p))
	}
	return advice
}

// notEveryTool is the advice when the handler's matcher leaves tools out.
func (a HookAdvice) notEveryTool(matcher string) string {
	return "the hook's matcher is " + matcher + ", not every tool: agentmgr is not enforcing; run `agentmgr " + a.Subcommand + " install`"
}

// binaryGone is the advice when the handler at p starts a binary that is gone.
func (a HookAdvice) binaryGone(p Placement) string {
	return "the hook starts " + HookBinary(p.Command) + ", which is gone, so every " + a.Program + " tool call is blocked; run `agentmgr " + a.Subcommand + " install`"
}

// another is the advice when the handler at p starts another agentmgr than this one.
func (a HookAdvice) another(p Placement) string {
	return "the hook starts another agentmgr (" + p.Command + "); run `agentmgr " + a.Subcommand + " install` to start this one"
}
