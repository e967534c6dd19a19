package opencode

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"

	"github.com/agentmgr/agentmgr/internal/blocktext"
)

// fakeModel is a scripted OpenAI-compatible chat completions API for driving the real
// OpenCode offline. A user message made by script makes the model call its tools with their
// arguments, one a turn; once the last call's result came back the model says "DONE" and
// stops. Requests
// without tools (OpenCode's title generation) get a short text. It records every tool result
// OpenCode sends back, as the model reads them.
type fakeModel struct {
	mu      sync.Mutex
	results []string
	calls   int
}

type chatRequest struct {
	Messages []struct {
		Role    string          `json:"role"`
		Content json.RawMessage `json:"content"`
	} `json:"messages"`
	Tools []struct {
		Function struct {
			Name string `json:"name"`
		} `json:"function"`
	} `json:"tools"`
}

func (f *fakeModel) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !strings.HasSuffix(r.URL.Path, "/chat/completions") {
		http.NotFound(w, r)
		return
	}
	var req chatRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	if len(req.Tools) == 0 || len(req.Messages) == 0 {
		f.stream(w, map[string]any{"role": "assistant", "content": "A title"}, "stop")
		return
	}
	last := req.Messages[len(req.Messages)-1]
	if last.Role == "tool" {
		f.mu.Lock()
		f.results = append(f.results, blocktext.Text(last.Content))
		f.mu.Unlock()
	}
	// The script is in the last user message; the calls made since are the tool results after
	// it.
	prompt, done := "", 0
	for _, m := range req.Messages {
		switch m.Role {
		case "user":
			prompt, done = blocktext.Text(m.Content), 0
		case "tool":
			done++
		}
	}
	script, ok := decodeScript(prompt)
	if !ok || done >= len(script) {
		f.stream(w, map[string]any{"role": "assistant", "content": "DONE"}, "stop")
		return
	}
	next := script[done]
	f.mu.Lock()
	f.calls++
	id := fmt.Sprintf("call_%d", f.calls)
	f.mu.Unlock()
	f.stream(w, map[string]any{"role": "assistant", "tool_calls": []any{map[string]any{
		"index": 0, "id": id, "type": "function", "function": map[string]any{"name": next.Tool, "arguments": string(next.Args)},
	}}}, "tool_calls")
}

// stream writes one delta and the end of a streamed completion.
func (f *fakeModel) stream(w http.ResponseWriter, delta map[string]any, finish string) {
	chunk := func(delta map[string]any, finish any) {
		b, _ := json.Marshal(map[string]any{
			"id": "chatcmpl-fake", "object": "chat.completion.chunk", "created": 1, "model": "fake-1",
			"choices": []any{map[string]any{"index": 0, "delta": delta, "finish_reason": finish}},
		})
		fmt.Fprintf(w, "data: %s\n\n", b)
	}
	chunk(delta, nil)
	chunk(map[string]any{}, finish)
	b, _ := json.Marshal(map[string]any{
		"id": "chatcmpl-fake", "object": "chat.completion.chunk", "created": 1, "model": "fake-1", "choices": []any{},
		"usage": map[string]any{"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15},
	})
	fmt.Fprintf(w, "data: %s\n\ndata: [DONE]\n\n", b)
	if fl, ok := w.(http.Flusher); ok {
		fl.Flush()
	}
}

// lastResults returns the tool results since n.
func (f *fakeModel) resultsSince(n int) []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.results[n:]...)
}

func (f *fakeModel) resultCount() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.results)
}

// scripted is one tool call of a script.
type scripted struct {
	Tool string          `json:"tool"`
	Args json.RawMessage `json:"args"`
}

// call is one scripted call of tool with args.
func call(tool string, args any) scripted {
	b, _ := json.Marshal(args)
	return scripted{Tool: tool, Args: b}
}

// script is a prompt that makes the fake model make calls, one a turn, each after the result
// of the one before. The calls are base64 in the prompt: OpenCode 1.18.33 quotes a
// command-line prompt holding JSON in a way that loses its backslashes.
func script(calls ...scripted) string {
	b, _ := json.Marshal(calls)
	return "CALL " + base64.StdEncoding.EncodeToString(b)
}

// decodeScript reads the calls a prompt names.
func decodeScript(prompt string) ([]scripted, bool) {
	i := strings.Index(prompt, "CALL ")
	if i < 0 {
		return nil, false
	}
	enc := strings.TrimRight(strings.Fields(prompt[i+len("CALL "):] + " ")[0], `"`)
	b, err := base64.StdEncoding.DecodeString(enc)
	if err != nil {
		return nil, false
	}
	var calls []scripted
	if json.Unmarshal(b, &calls) != nil {
		return nil, false
	}
	return calls, true
}
