package codex

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
)

// eventName is the PreToolUse event as Codex names it in trust keys and hashes.
const eventName = "pre_tool_use"

// TrustKey is the key Codex keeps a hook's trust under: the absolute path of the file that
// declares it, the event, the group's index in the event's list and the handler's in the group.
func TrustKey(source string, group, handler int) string {
	return source + ":" + eventName + ":" + strconv.Itoa(group) + ":" + strconv.Itoa(handler)
}

// TrustHash is the hash Codex 0.171.0 computes for a synchronous command handler of
// PreToolUse: "sha256:" and the hex SHA-256 of the hook's identity as compact JSON with its
// keys sorted, {"event_name","hooks":[{"async","command","timeout","type"}],"matcher"} (matcher
// left out when the group has none), strings escaped as Rust's serde_json escapes them. Any
// change to the command, the timeout or the matcher changes it, and Codex then skips the hook
// until it is trusted again. The real `codex app-server`'s hooks/list agrees (codex tests).
func TrustHash(matcher, command string, timeout int) string {
	var b strings.Builder
	b.WriteString(`{"event_name":`)
	b.WriteString(serdeString(eventName))
	b.WriteString(`,"hooks":[{"async":false,"command":`)
	b.WriteString(serdeString(command))
	b.WriteString(`,"timeout":`)
	b.WriteString(strconv.Itoa(timeout))
	b.WriteString(`,"type":"command"}]`)
	if matcher != "" {
		b.WriteString(`,"matcher":`)
		b.WriteString(serdeString(matcher))
	}
	b.WriteString("}")
	sum := sha256.Sum256([]byte(b.String()))
	return "sha256:" + hex.EncodeToString(sum[:])
}

// serdeString is s as a JSON string the way serde_json writes one: only '"', '\\' and the
// control characters below U+0020 are escaped (\b \t \n \f \r by name, the rest as \u00xx in
// lower-case hex). Go's encoding/json escapes more (<, >, &, U+2028, U+2029), which would
// change the hash.
func serdeString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\b':
			b.WriteString(`\b`)
		case '\t':
			b.WriteString(`\t`)
		case '\n':
			b.WriteString(`\n`)
		case '\f':
			b.WriteString(`\f`)
		case '\r':
			b.WriteString(`\r`)
		default:
			if c < 0x20 {
				fmt.Fprintf(&b, `\u%04x`, c)
			} else {
				b.WriteByte(c)
			}
		}
	}
	b.WriteByte('"')
	return b.String()
}
