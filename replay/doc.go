// Package replay re-decides the calls of the review log under other rules: which logged
// decisions a rule change would change (Replay), and the least-privilege rules that keep every
// call the log shows allowed (Suggest). It reads log entries, never files, and knows nothing of
// Fyne.
package replay
