// Package blocktext reads the text of a message's content as the model APIs and the runtimes'
// transcripts write it: either a JSON string, or a list of blocks whose text fields make it up.
package blocktext

import (
	"encoding/json"
	"strings"
)

// Text is the text of content: the string itself, or the text of its blocks joined in order
// (blocks of another type, such as an image, have none). Content that is neither reads as "".
func Text(content json.RawMessage) string {
	var s string
	if json.Unmarshal(content, &s) == nil {
		return s
	}
	var blocks []struct {
		Text string `json:"text"`
	}
	_ = json.Unmarshal(content, &blocks)
	var b strings.Builder
	for _, bl := range blocks {
		b.WriteString(bl.Text)
	}
	return b.String()
}
