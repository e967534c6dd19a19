// Package convert translates personas between agentmgr and other coding agents' formats
// (Claude Code, OpenCode, Roo/Kilo modes, Codex rules, opcode) and reports, item by item, what each
// conversion keeps, changes and loses.
//
// The conversion core works on bytes and returns drafts, files and reports; reading source
// files and writing results happen only at the edges (ReadSources, WriteDraft, WriteFiles).
package convert
