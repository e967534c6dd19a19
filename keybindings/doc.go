// Package keybindings reads, validates and writes pi's keybindings.json for
// the agent manager's three actions (piAgentManager.next, .previous and
// .picker), and tells the user before pi starts which of their keys pi will
// skip or which built-in binding they will override.
//
// Keys are compared as combos (a set of modifiers plus one key), never as
// strings: "ctrl+shift+p" and pi's "shift+ctrl+p" are the same key press.
// pi's own default bindings ship inside the package as data, one table per
// pi release, so the checks work without pi installed.
//
// The file is edited losslessly: Set and Unset change only the bytes of the
// entries they touch, and Save writes atomically and refuses to overwrite a
// file that changed on disk since it was read.
package keybindings
