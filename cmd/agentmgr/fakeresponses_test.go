package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
)

// fakeResponses is a scripted OpenAI Responses API (POST /v1/responses, streamed as server-sent
// events) for driving the real Codex offline. Each turn it sends the first call of its script
// that the conversation does not hold yet, as a function_call or (apply_patch, a freeform tool)
// a custom_tool_call item, and a closing message once every call was made. It records the
// output Codex sends back for each call, by call id; before sending a call it runs that call's
// before function, if any (to change agentmgr's state between two calls, as a person would).
type fakeResponses struct {
	script      []fakeCall
	fakeAnswers // by call id: the output
}

// fakeCall is one tool call the fake model makes.
type fakeCall struct {
	ID     string
	Name   string
	Args   map[string]any // a function tool's arguments
	Input  string         // a custom (freeform) tool's input: apply_patch's patch
	Before func()
}

func newFakeResponses(script ...fakeCall) *fakeResponses {
	return &fakeResponses{script: script}
}

// responsesItem is the part of a conversation item the fake reads.
type responsesItem struct {
	Type   string          `json:"type"`
	CallID string          `json:"call_id"`
	Output json.RawMessage `json:"output"`
}

func (f *fakeResponses) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	if r.URL.Path != "/v1/responses" {
		f.fail("unexpected request %s %s", r.Method, r.URL.Path)
		http.NotFound(w, r)
		return
	}
	var req struct {
		Input []responsesItem `json:"input"`
	}
	if err := json.Unmarshal(body, &req); err != nil {
		f.fail("a request that is not JSON: %v", err)
	}
	made := map[string]bool{}
	for _, it := range req.Input {
		switch it.Type {
		case "function_call", "custom_tool_call":
			made[it.CallID] = true
		case "function_call_output", "custom_tool_call_output":
			f.recordOutput(it.CallID, it.Output)
		}
	}
	w.Header().Set("Content-Type", "text/event-stream")
	events := []map[string]any{{"type": "response.created", "response": map[string]any{"id": "resp_fake"}}}
	item := map[string]any{"type": "message", "role": "assistant", "id": "msg_fake",
		"content": []map[string]any{{"type": "output_text", "text": "All done."}}}
	for _, c := range f.script {
		if made[c.ID] {
			continue
		}
		if c.Before != nil {
			c.Before()
		}
		if c.Args != nil {
			args, _ := json.Marshal(c.Args)
			item = map[string]any{"type": "function_call", "id": "fc_" + c.ID, "call_id": c.ID, "name": c.Name, "arguments": string(args)}
		} else {
			item = map[string]any{"type": "custom_tool_call", "id": "ctc_" + c.ID, "call_id": c.ID, "name": c.Name, "input": c.Input}
		}
		break
	}
	events = append(events,
		map[string]any{"type": "response.output_item.done", "output_index": 0, "item": item},
		map[string]any{"type": "response.completed", "response": map[string]any{"id": "resp_fake",
			"usage": map[string]any{"input_tokens": 1, "output_tokens": 1, "total_tokens": 2}}})
	for _, ev := range events {
		data, _ := json.Marshal(ev)
		fmt.Fprintf(w, "event: %s\ndata: %s\n\n", ev["type"], data)
	}
}

// recordOutput keeps what Codex answered to a call: a string, or the text parts of a list.
func (f *fakeResponses) recordOutput(id string, raw json.RawMessage) {
	var text string
	if json.Unmarshal(raw, &text) != nil {
		var parts []struct {
			Text string `json:"text"`
		}
		_ = json.Unmarshal(raw, &parts)
		for _, p := range parts {
			text += p.Text
		}
		if text == "" {
			text = string(raw)
		}
	}
	f.record(id, text)
}
