package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"

	"github.com/agentmgr/agentmgr/internal/blocktext"
)

// fakeAPI is a scripted Anthropic Messages API for driving the real Claude Code offline. A
// conversation that offers tools gets a script's tool_use blocks one per turn, then a closing
// text: a subagent's conversation (its first user message holds a route's marker) gets that
// route's script, the main conversation the main script. A request without tools (a title, a
// summary) gets a short text. It records every tool_result Claude Code sends back, by
// tool_use id.
type fakeAPI struct {
	script []fakeToolUse
	// routes are the scripts of subagents, by a marker in the subagent's prompt.
	routes map[string][]fakeToolUse

	mu      sync.Mutex
	results map[string]fakeResult // by tool_use id
	bodies  []string              // every Messages request, as sent
	turns   int
	errs    []string
}

// fakeToolUse is one tool call the fake model makes.
type fakeToolUse struct {
	ID    string
	Name  string
	Input map[string]any
}

// fakeResult is what Claude Code answered to a tool call.
type fakeResult struct {
	IsError bool
	Text    string
}

func newFakeAPI(script ...fakeToolUse) *fakeAPI {
	return &fakeAPI{script: script, routes: map[string][]fakeToolUse{}, results: map[string]fakeResult{}}
}

// route gives the subagent whose prompt holds marker its own script.
func (f *fakeAPI) route(marker string, script ...fakeToolUse) *fakeAPI {
	f.routes[marker] = script
	return f
}

// scriptFor picks the script of a conversation by a route marker in its first user message.
func (f *fakeAPI) scriptFor(req messagesRequest) []fakeToolUse {
	for _, m := range req.Messages {
		if m.Role != "user" {
			continue
		}
		text := string(m.Content)
		for marker, script := range f.routes {
			if strings.Contains(text, marker) {
				return script
			}
		}
		break
	}
	return f.script
}

// messagesRequest is the part of a Messages API request the fake reads.
type messagesRequest struct {
	Messages []struct {
		Role    string          `json:"role"`
		Content json.RawMessage `json:"content"`
	} `json:"messages"`
	Tools []struct {
		Name string `json:"name"`
	} `json:"tools"`
}

type contentBlock struct {
	Type      string          `json:"type"`
	ToolUseID string          `json:"tool_use_id"`
	IsError   bool            `json:"is_error"`
	Content   json.RawMessage `json:"content"`
}

func (f *fakeAPI) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost || r.URL.Path != "/v1/messages" {
		// Claude Code only needs the Messages API; anything else is answered empty.
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, "{}")
		return
	}
	body, _ := io.ReadAll(r.Body)
	f.mu.Lock()
	f.bodies = append(f.bodies, string(body))
	f.mu.Unlock()
	var req messagesRequest
	if err := json.Unmarshal(body, &req); err != nil {
		f.fail("request is not JSON: %v", err)
		http.Error(w, "bad request", http.StatusBadRequest)
		return
	}
	main := len(req.Tools) > 0
	script := f.scriptFor(req)
	step := f.record(req, script)
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	switch {
	case !main:
		streamText(w, "ok")
	case step < len(script):
		f.mu.Lock()
		f.turns++
		f.mu.Unlock()
		streamToolUse(w, script[step])
	default:
		streamText(w, "All done.")
	}
}

// record stores the tool results of the request and returns how many of the script's calls
// have been answered: the next step of the conversation.
func (f *fakeAPI) record(req messagesRequest, script []fakeToolUse) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	answered := 0
	for _, m := range req.Messages {
		var blocks []contentBlock
		if json.Unmarshal(m.Content, &blocks) != nil {
			continue
		}
		for _, b := range blocks {
			if b.Type != "tool_result" {
				continue
			}
			f.results[b.ToolUseID] = fakeResult{IsError: b.IsError, Text: blocktext.Text(b.Content)}
			for _, s := range script {
				if s.ID == b.ToolUseID {
					answered++
				}
			}
		}
	}
	return answered
}

func (f *fakeAPI) fail(format string, a ...any) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.errs = append(f.errs, fmt.Sprintf(format, a...))
}

// sent reports whether any request Claude Code sent holds s: what the model was shown.
func (f *fakeAPI) sent(s string) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, b := range f.bodies {
		if strings.Contains(b, s) {
			return true
		}
	}
	return false
}

// result returns what Claude Code answered to the tool call id.
func (f *fakeAPI) result(id string) (fakeResult, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	r, ok := f.results[id]
	return r, ok
}

func sse(w io.Writer, event string, data any) {
	b, _ := json.Marshal(data)
	fmt.Fprintf(w, "event: %s\ndata: %s\n\n", event, b)
	if fl, ok := w.(http.Flusher); ok {
		fl.Flush()
	}
}

func messageStart(w io.Writer) {
	sse(w, "message_start", map[string]any{"type": "message_start", "message": map[string]any{
		"id": "msg_fake", "type": "message", "role": "assistant", "model": "claude-fake", "content": []any{},
		"stop_reason": nil, "stop_sequence": nil, "usage": map[string]any{"input_tokens": 10, "output_tokens": 1},
	}})
}

func messageEnd(w io.Writer, stop string) {
	sse(w, "message_delta", map[string]any{"type": "message_delta", "delta": map[string]any{"stop_reason": stop, "stop_sequence": nil},
		"usage": map[string]any{"output_tokens": 5}})
	sse(w, "message_stop", map[string]any{"type": "message_stop"})
}

func streamText(w io.Writer, text string) {
	messageStart(w)
	sse(w, "content_block_start", map[string]any{"type": "content_block_start", "index": 0, "content_block": map[string]any{"type": "text", "text": ""}})
	sse(w, "content_block_delta", map[string]any{"type": "content_block_delta", "index": 0, "delta": map[string]any{"type": "text_delta", "text": text}})
	sse(w, "content_block_stop", map[string]any{"type": "content_block_stop", "index": 0})
	messageEnd(w, "end_turn")
}

func streamToolUse(w io.Writer, t fakeToolUse) {
	input, _ := json.Marshal(t.Input)
	messageStart(w)
	sse(w, "content_block_start", map[string]any{"type": "content_block_start", "index": 0,
		"content_block": map[string]any{"type": "tool_use", "id": t.ID, "name": t.Name, "input": map[string]any{}}})
	sse(w, "content_block_delta", map[string]any{"type": "content_block_delta", "index": 0,
		"delta": map[string]any{"type": "input_json_delta", "partial_json": string(input)}})
	sse(w, "content_block_stop", map[string]any{"type": "content_block_stop", "index": 0})
	messageEnd(w, "tool_use")
}
