// Package history reads the tool calls other tools recorded into review-log entries, so that
// replay and suggest start from a new user's real history: pi-permission-system's review log
// (<agentDir>/extensions/pi-permission-system/logs/*.jsonl), pi's session files
// (<agentDir>/sessions/**/*.jsonl) and Claude Code's transcripts (~/.claude/projects/**/*.jsonl),
// as well as agentmgr's own log. Each call becomes a decision entry, and a call the person was
// asked about a reply entry: allowed (it ran, or a rule allowed it), denied (a rule blocked it),
// or asked and approved once or rejected. A line that is not one of these tools' records is
// skipped; a file of no known format is an error naming it.
package history
