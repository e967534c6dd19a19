package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
)

// fakeGemini is a scripted Gemini API (POST /v1beta/models/MODEL:streamGenerateContent?alt=sse)
// for driving the real Gemini CLI offline. Each turn it sends, as one server-sent event, the
// first call of its script the conversation holds no response to yet, as a functionCall part
// with the call's id, and a closing text once every call was answered; any other request (a
// router's generateContent) gets an empty JSON answer. It records the response Gemini CLI sends
// back for each call, by id, and runs a call's before function before sending it.
type fakeGemini struct {
	script      []fakeCall
	fakeAnswers // by call id: the output, or the error
}

func newFakeGemini(script ...fakeCall) *fakeGemini {
	return &fakeGemini{script: script}
}

func (f *fakeGemini) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	var req struct {
		Contents []struct {
			Parts []struct {
				FunctionResponse *struct {
					ID       string         `json:"id"`
					Response map[string]any `json:"response"`
				} `json:"functionResponse"`
			} `json:"parts"`
		} `json:"contents"`
	}
	if err := json.Unmarshal(body, &req); err != nil {
		f.fail("a request that is not JSON: %v", err)
	}
	if !strings.HasSuffix(r.URL.Path, ":streamGenerateContent") {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"candidates":[{"content":{"role":"model","parts":[{"text":"{}"}]},"finishReason":"STOP"}]}`)
		return
	}
	answered := map[string]bool{}
	for _, c := range req.Contents {
		for _, p := range c.Parts {
			if fr := p.FunctionResponse; fr != nil {
				answered[fr.ID] = true
				out, _ := json.Marshal(fr.Response)
				f.record(fr.ID, string(out))
			}
		}
	}
	part := map[string]any{"text": "All done."}
	for _, c := range f.script {
		if answered[c.ID] {
			continue
		}
		if c.Before != nil {
			c.Before()
		}
		part = map[string]any{"functionCall": map[string]any{"id": c.ID, "name": c.Name, "args": c.Args}}
		break
	}
	data, _ := json.Marshal(map[string]any{
		"candidates":    []any{map[string]any{"content": map[string]any{"role": "model", "parts": []any{part}}, "finishReason": "STOP", "index": 0}},
		"usageMetadata": map[string]any{"promptTokenCount": 1, "candidatesTokenCount": 1, "totalTokenCount": 2},
	})
	w.Header().Set("Content-Type", "text/event-stream")
	fmt.Fprintf(w, "data: %s\n\n", data)
}
