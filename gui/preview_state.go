package gui

import (
	"slices"

	"github.com/agentmgr/agentmgr/preview"
)

// previewState is what the preview screens of one window share: where their inputs come
// from, the cache that keeps each persona's evaluator between edits, and the simulator, which
// the matrix fills in when a cell is tapped.
type previewState struct {
	src *previewSource
	// showScreen brings a screen of the window to the front (the Simulator, to fill it in).
	showScreen func(title string) bool
	// cache is used by the view worker only (see views.go), one computation at a time.
	cache  *preview.Cache
	sim    *SimulatorScreen // nil until the Simulator screen is built
	matrix *MatrixScreen    // nil until the Matrix screen is built
	picker *Picker          // the quick switcher last opened
	log    *LogView         // nil until the Log screen is built

	// toolListeners are told when the user adds or forgets a tool name; a listener that
	// returns false is dropped (the tab of a persona no longer open).
	toolListeners []func() bool
}

// onTools adds a listener called when the previews' tool list changes.
func (st *previewState) onTools(f func() bool) { st.toolListeners = append(st.toolListeners, f) }

// toolsChanged tells every preview that the tool list changed.
func (st *previewState) toolsChanged() {
	st.toolListeners = slices.DeleteFunc(st.toolListeners, func(f func() bool) bool { return !f() })
	if st.sim != nil {
		st.sim.syncChoices()
	}
}

// previewStateOf returns the shared state of s's window, making it on first use.
func previewStateOf(s *Shell) *previewState {
	if s.preview == nil {
		s.preview = &previewState{src: &previewSource{ws: s.ws, dirs: &s.dirs}, showScreen: s.ShowScreen, cache: preview.NewCache(preview.Options{})}
	}
	return s.preview
}

// simulate shows the simulator with q filled in and checked.
func (st *previewState) simulate(q preview.Query) {
	// Showing the screen builds it the first time.
	if !st.showScreen(SimulatorTitle) || st.sim == nil {
		return
	}
	st.sim.Prefill(q)
}
