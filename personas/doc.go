// Package personas reads, validates and writes persona files: Markdown files whose YAML
// frontmatter names a coding agent and the permission rules that decide its tool calls
// (docs/rules.md). It finds them in three scopes (built-in, global, project), builds the
// catalog the app and the CLI list, and keeps the active agent. Deciding calls is the engine's
// business: this package only turns files into engine rules, with their sources.
package personas
