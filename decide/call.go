package decide

import (
	"github.com/agentmgr/agentmgr/mapping"
	"github.com/agentmgr/agentmgr/sessions"
)

// Client is the protocol a call came in on. It decides what an enforcer answers when the
// person cannot be asked: Claude Code can prompt in its own terminal, other agents may not.
type Client string

// The protocols a call comes in on.
const (
	ClientClaude Client = "claude" // Claude Code's PreToolUse hook
	ClientJSON   Client = "json"   // the neutral protocol (gate json, serve, eval, check)
	// ClientCodex is Codex's PreToolUse hook. Codex honours only a deny: an ask it cannot
	// show, so an ask nobody answers in the app is denied.
	ClientCodex Client = "codex"
	// ClientGemini is Gemini CLI's BeforeTool hook. An ask in `gemini -p` ends the whole run
	// silently, so an ask goes to the app, or is denied.
	ClientGemini Client = "gemini"
)

// Call is one tool call to decide, whatever adapter it came in through: the Claude Code hook,
// gate json, serve, eval or check. Each adapter fills in what its protocol says and Judge
// decides them all alike.
type Call struct {
	Client  Client
	ID      string // the caller's id for the call (Claude Code's tool_use_id), echoed back
	Session string // the agent's session id; it names the session's approved rules
	Agent   string // the persona the caller asked for; "" means the active one
	Tool    string // the tool name as the agent called it
	Key     string // the permission key the tool is governed by
	Value   string // the value rules match: a command, a path, a URL, ...
	Cwd     string // the agent's working directory; "" when not given
	// NoValue says the call lacks the value its key is decided on: a shell tool without a
	// command, a path tool without a path. Such a call is at least asked, never allowed.
	NoValue bool
	// Command is a shell command the input of a tool that is not a shell carries (HasCommand
	// says there is one, even ""): the call is also decided as bash on it.
	Command    string
	HasCommand bool
	// Writes are paths a tool agentmgr does not know would write (its name says it writes):
	// each is also decided under edit. URLs are addresses it would fetch: each is also
	// decided under webfetch. The strictest answer stands.
	Writes []string
	URLs   []string
	// Unknown says the tool is in no table of agentmgr's (an MCP tool, a tool added later):
	// allowed only by a "*" rule, it asks when the persona restricts bash, edit or webfetch.
	Unknown bool
	// Also are more values of the call, each decided under Key as Value is (the other agents
	// a pi subagent call runs in parallel or in a chain, the values of an eval request); the
	// strictest answer stands.
	Also []string
	// Opaque, when set, says why the call hides what it would do (a subagent workflow given
	// as a script): it is at least ask, with that reason.
	Opaque string
	// Folders are folders the call reads besides its value (the path Grep searches): each is
	// also decided under Key, and the strictest answer stands.
	Folders []string
	// Paths are paths the tool's input names besides its value (an MCP call's arguments.path,
	// another tool's path field): each is decided by the path rules and, outside the project,
	// by external_directory; the strictest answer stands.
	Paths []string
	// MCPTargets, for a call of pi's MCP adapter tool, are the names its input gives the MCP
	// tool, most specific first (ReadMCPCall); MCPClaude is Claude Code's name for it
	// (mcp__server__tool) when the input names both server and tool. The call is decided on
	// them instead of Value (engine.Policy.DecideMCP).
	MCPTargets []string
	MCPClaude  string
	// Mode is Claude Code's permission_mode ("default", "plan", "bypassPermissions", ...).
	Mode string
	// AgentID names the subagent that makes the call ("" for the main thread); AgentType is
	// the subagent's name (Claude Code's agent_type), which may name a persona.
	AgentID   string
	AgentType string
	// Chain are the agent types from the session to the agent making the call, outermost
	// first (AgentType last); the gate fills it in from what it recorded of the session.
	Chain []string
	// Event is the Claude Code hook event ("" for PreToolUse); Skill names the skill whose
	// inline command a PreSkillShellCommand event runs.
	Event string
	Skill string
}

// ToolCall is the call of tool (named as pi names its tools, or any other name) with value,
// as the neutral adapters (gate json, serve, eval, check) read it: mapped to its key, marked
// Unknown when agentmgr has no table entry for it, and NoValue when a shell or path tool
// has no value (hasValue false) or a path tool an empty one: such a call is at least ask.
// What the tool's other input fields carry is the adapter's to add.
func ToolCall(tool, value string, hasValue bool) Call {
	key := mapping.KeyForTool(tool)
	return Call{
		Client: ClientJSON, Tool: tool, Key: key, Value: value,
		NoValue: !hasValue && (mapping.IsShellKey(key) || mapping.IsPathKey(key)) ||
			mapping.IsPathKey(key) && value == "",
		Unknown: !mapping.IsKnownTool(tool),
	}
}

// SessionKey is the id the call's session rules are kept under: one per agent of the session,
// so that an "always" given to one subagent covers neither the others nor the main thread.
func (c Call) SessionKey() string { return sessions.AgentKey(c.Session, c.AgentID) }

// Shell reports whether the call runs a shell command, analysed command by command.
func (c Call) Shell() bool { return mapping.IsShellKey(c.Key) || c.HasCommand }
