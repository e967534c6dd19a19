package gate

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"path/filepath"
	"strings"

	"github.com/agentmgr/agentmgr/decide"
	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/mapping"
)

// geminiBeforeTool is the hook event the gate answers.
const geminiBeforeTool = "BeforeTool"

// GeminiEvent is the part of the JSON Gemini CLI sends on stdin to a BeforeTool hook that the
// gate uses (Gemini CLI 0.61.0). Every other field (transcript_path, timestamp,
// original_request_name, whatever later versions add) is skipped whatever its type; a field
// listed here with the wrong type is an error, which denies the call.
type GeminiEvent struct {
	SessionID     string          `json:"session_id"`
	Cwd           string          `json:"cwd"`
	HookEventName string          `json:"hook_event_name"`
	ToolName      string          `json:"tool_name"`
	ToolInput     json.RawMessage `json:"tool_input"`
	// MCPContext names the MCP server and its tool when the call is an MCP tool's: Gemini
	// names the tool mcp_<server>_<tool>, which cannot be split when a name has a '_'.
	MCPContext *struct {
		ServerName string `json:"server_name"`
		ToolName   string `json:"tool_name"`
	} `json:"mcp_context,omitempty"`
}

// ParseGemini reads a Gemini CLI BeforeTool event into a call: the tool is mapped to its key
// through Gemini's table (mapping.GeminiToolFor), the value read from the argument it names.
// run_shell_command runs in its dir_path; web_fetch is decided on every URL its prompt holds;
// an MCP tool is decided under Claude Code's name for it (mcp__server__tool), so one rule holds
// in both; the input of a tool in no table is searched for what it would run, write or fetch.
func ParseGemini(data []byte) (decide.Call, error) {
	var ev GeminiEvent
	if err := decodeStrict(data, &ev); err != nil {
		return decide.Call{}, err
	}
	if ev.HookEventName != "" && ev.HookEventName != geminiBeforeTool {
		return decide.Call{}, fmt.Errorf("hook_event_name is %q; agentmgr gate gemini answers %s hooks", ev.HookEventName, geminiBeforeTool)
	}
	if ev.ToolName == "" {
		return decide.Call{}, errors.New("tool_name is missing; cannot tell which tool is called")
	}
	if err := checkSession(ev.SessionID); err != nil {
		return decide.Call{}, fmt.Errorf("session_id: %w", err)
	}
	tool, known := mapping.GeminiToolFor(ev.ToolName)
	c := decide.Call{Client: decide.ClientGemini, Session: ev.SessionID, Tool: ev.ToolName, Key: tool.Key, Cwd: ev.Cwd}
	fields, err := geminiFields(ev.ToolName, ev.ToolInput)
	if err != nil {
		return decide.Call{}, err
	}
	if !known {
		if mcp := ev.MCPContext; mcp != nil && mcp.ServerName != "" && mcp.ToolName != "" {
			tool.Key = mapping.MCPKey(mcp.ServerName, mcp.ToolName)
		}
	}
	switch ev.ToolName {
	case "run_shell_command":
		return geminiShell(c, fields)
	case "web_fetch":
		return geminiFetch(c, fields)
	case "read_many_files":
		return geminiReadMany(c, fields)
	}
	// Every other tool goes by the one input rule (decide.FromInput): its table's value and
	// folders, a command any input carries, and for a tool in no table (an MCP tool) what its
	// input would run, write or fetch.
	c, err = decide.FromInput(c, decide.InputTool{Key: tool.Key, Fields: tool.Fields, Folders: tool.Folders}, fields, notString)
	if err != nil {
		return decide.Call{}, err
	}
	if mapping.IsPathKey(c.Key) && len(tool.Fields) > 0 && c.Value == "" {
		c.NoValue = true // an empty path names nothing
	}
	return c, nil
}

// geminiFields reads tool_input as an object; a missing one is no arguments.
func geminiFields(tool string, input json.RawMessage) (map[string]json.RawMessage, error) {
	if len(input) == 0 || string(input) == "null" {
		return nil, nil
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(input, &fields); err != nil {
		return nil, fmt.Errorf("tool_input of %s is not a JSON object; cannot tell what it would do", tool)
	}
	return fields, nil
}

// geminiShell reads run_shell_command: the command, run in dir_path (relative to the working
// directory) when given.
func geminiShell(c decide.Call, fields map[string]json.RawMessage) (decide.Call, error) {
	cmd, found, err := stringField(fields, []string{"command"})
	if err != nil {
		return decide.Call{}, err
	}
	dir, _, err := stringField(fields, []string{"dir_path"})
	if err != nil {
		return decide.Call{}, err
	}
	if dir != "" {
		if !filepath.IsAbs(dir) && c.Cwd != "" {
			dir = filepath.Join(c.Cwd, dir)
		}
		c.Cwd = dir
	}
	c.Value, c.NoValue = cmd, !found || strings.TrimSpace(cmd) == ""
	return c, nil
}

// geminiFetch reads web_fetch: Gemini fetches every http(s) URL among the whitespace-separated
// words of its prompt. Every word holding "://" is decided (any scheme: a word Gemini would
// refuse costs nothing to decide), as written and with its scheme and host lower-cased, as
// Gemini's URL parser writes them before fetching; a url argument, which a later version may
// add, is decided too. A prompt with no URL asks.
func geminiFetch(c decide.Call, fields map[string]json.RawMessage) (decide.Call, error) {
	prompt, _, err := stringField(fields, []string{"prompt"})
	if err != nil {
		return decide.Call{}, err
	}
	extra, _, err := stringField(fields, []string{"url"})
	if err != nil {
		return decide.Call{}, err
	}
	urls := PromptURLs(prompt + " " + extra)
	if len(urls) == 0 {
		c.NoValue = true
		return c, nil
	}
	c.Value, c.Also = urls[0], urls[1:]
	return c, nil
}

// PromptURLs are the URLs Gemini CLI's web_fetch would fetch from prompt: each word holding
// "://", as written and, when it differs, as a URL parser normalises it (scheme and host in
// lower case), each once.
func PromptURLs(prompt string) []string {
	var out []string
	add := func(s string) {
		for _, x := range out {
			if x == s {
				return
			}
		}
		out = append(out, s)
	}
	for _, w := range strings.Fields(prompt) {
		if !strings.Contains(w, "://") {
			continue
		}
		add(w)
		if u, err := url.Parse(w); err == nil && u.Host != "" {
			u.Scheme, u.Host = strings.ToLower(u.Scheme), strings.ToLower(u.Host)
			add(u.String())
		}
	}
	return out
}

// geminiReadMany reads read_many_files: every path or glob of include (a list, or one string)
// is decided under read; a call including nothing asks.
func geminiReadMany(c decide.Call, fields map[string]json.RawMessage) (decide.Call, error) {
	var paths []string
	if raw, ok := fields["include"]; ok && string(raw) != "null" {
		if err := json.Unmarshal(raw, &paths); err != nil {
			var one string
			if err := json.Unmarshal(raw, &one); err != nil {
				return decide.Call{}, errors.New("tool_input.include of read_many_files is neither a list of paths nor a path; the call is decided on it")
			}
			paths = []string{one}
		}
	}
	if len(paths) == 0 {
		c.NoValue = true
		return c, nil
	}
	c.Value, c.Also = paths[0], paths[1:]
	return c, nil
}

// GeminiOutput is what the Gemini CLI hook prints: {} lets the call run (Gemini's own policy
// still applies), a deny blocks it and shows the model the reason.
type GeminiOutput struct {
	Decision string `json:"decision,omitempty"`
	Reason   string `json:"reason,omitempty"`
}

// GeminiAnswer renders a verdict as Gemini CLI's BeforeTool answer. Anything but allow is a
// deny: an ask would end a `gemini -p` run silently, so the gate settles every ask before it
// answers.
func GeminiAnswer(v decide.Verdict) GeminiOutput {
	if v.Action == engine.Allow {
		return GeminiOutput{}
	}
	reason := v.Reason
	if v.Action == engine.Ask {
		reason = "agentmgr denied the call, which nobody could be asked about: " + reason
	}
	return GeminiOutput{Decision: string(engine.Deny), Reason: reason}
}

// Gemini decides a Gemini CLI BeforeTool event read from input. An ask goes to the app and
// comes back allow or deny; input it cannot read is denied with the reason.
func (g *Gate) Gemini(ctx context.Context, input []byte) GeminiOutput {
	c, err := ParseGemini(input)
	if err != nil {
		return GeminiAnswer(decide.Refusal(err.Error()))
	}
	return GeminiAnswer(g.Decide(ctx, c))
}
