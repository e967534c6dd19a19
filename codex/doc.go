// Package codex installs, removes and reports agentmgr's hook in Codex: a PreToolUse handler
// in Codex's hooks.json that runs `agentmgr gate codex` before every tool call, and the trust
// Codex requires before it runs a hook at all.
//
// Codex runs a hook only when config.toml holds, for the hook's key (its file, event, group and
// handler), a trusted_hash equal to the hash of what the hook says (TrustHash); an untrusted or
// changed hook is skipped without a word. Install writes the handler and its trust together;
// Status computes the hash as Codex does and reports a hook that Codex would skip as not
// enforcing.
package codex
