// Package approvals turns the engine's ask decisions into pending requests a person answers
// (once, always, reject), and defines the session store those answers are kept in: the
// SessionStore contract with its revisions and authority checks, and an in-memory store.
// Package sessions implements the store in files; package storetest is the contract both pass.
package approvals
