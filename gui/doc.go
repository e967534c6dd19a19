// Package gui is agentmgr's Fyne desktop app: a thin shell over the personas and engine
// packages. It never imports fyne.io/fyne/v2/app; cmd/agentmgr makes the fyne.App and hands it
// to NewShell, and tests hand it test.NewApp().
//
// # The frame other screens plug into
//
// Shell holds the fyne.App, the main window and the locations.Dirs, and wires the screens to
// the workspace (gui/workspace): the loaded catalog, the selected and the active persona, and
// the persona open in the editor are the workspace's, as are the typed events screens follow.
// Screens read the shared state from the workspace and follow its typed events; the shell
// changes it and publishes what changed:
//
//	s.App(), s.Window(), s.Dirs()
//	s.Workspace()            // the state and its typed events (see gui/workspace):
//	    .Catalog()           //   the catalog as last loaded; replaced, never mutated, on reload
//	    .Selected()          //   key of the selected list item: a persona name or a broken file's path
//	    .Active(), .Yolo()   //   the active persona, and whether every ask becomes allow
//	    .Draft()             //   *personaedit.Model of the open persona, nil when none
//	    .EditedPersona(name) //   the unsaved version when the editor has name dirty, else as loaded
//	    .OnChange(func())    //   after any change; OnCatalog, OnActive, OnSelection, OnDraft for one part
//	    .Subscribe(parts, f) //   only the workspace.Change parts a screen shows (the Matrix: catalog, active, draft)
//	s.Reload()               // read catalog, state and the open file again off the UI goroutine
//	s.StartWatching()        // reload on outside changes (fsnotify); cmd starts it, tests opt in
//	s.SelectPersona(key)     // select and open it (asks save/discard/cancel when the editor is dirty)
//	s.SetActive(name), s.CycleActive(±1)
//	s.Close()                // stop watching and the view worker; nothing is applied or published after
//	s.ShowScreen(title)      // bring a screen to the front
//	s.RevealRule(name, row)  // open persona name on its Rules tab with row selected
//	s.RefreshMenu()          // assemble the main menu again (when a hook's inputs changed)
//
// Every Shell and personaedit.Model method runs on the UI goroutine; work done elsewhere hands its
// result back with fyne.Do. The Matrix, Preview, Problems and the Simulator's re-check are
// computed by the view worker (workspace.Views, see views.go): a screen takes what it needs on
// the UI goroutine, the worker computes, and the screen shows the result when it comes.
//
// # Wiring (screens.go, in one place; nothing registers itself)
//
//	Screens() []Screen
//	    The screens after Personas, in order: Simulator, Matrix, Approvals, Keys, Log. NewShell
//	    takes the ones a window shows (cmd passes them all; a test only what it looks at). A
//	    screen is built the first time it is shown (ShowScreen, ScreenContent, a click on its
//	    tab), or with the window when Eager (Approvals answers agents from the start).
//	editorTabs() []EditorTab
//	    The persona editor's tabs: Persona, Rules, Preview, Problems, File. Each is built the
//	    first time it is shown, for every persona opened; follow the model with
//	    personaedit.Model.OnChange.
//	menuExtensions()
//	    Changes to the main menu after the built-in File, Agent and View menus (labels are the
//	    Menu* and Item* constants; FindMenuItem finds one). Every item Shortcut is also put on
//	    the window canvas, so it works while an Entry has focus and in tests.
//	ruleNotes
//	    Remarks under rows of the Rules tab (lint findings), with an optional fix button. The
//	    lint runs on the view worker (RulesTab.updateNotes); the rows show the newest draft's.
//
// # Models
//
// What the window shows is computed by plain Go in packages of their own, tested without a
// display: personalist (the persona list: grouping by scope, search filter, markers),
// personaedit (the open persona: draft, dirty state, validation, row operations, what Save
// writes, the on-disk conflict), keysedit (keybindings.json), approvalqueue (the approval
// inbox and session rules) and logfeed (the review log as shown). Widgets only render these
// and send edits back through their methods.
package gui
