// Package gui is agentmgr's Fyne desktop app: a thin shell over the personas and engine
// packages. It never imports fyne.io/fyne/v2/app; cmd/agentmgr makes the fyne.App and hands it
// to NewShell, and tests hand it test.NewApp().
//
// # The frame other screens plug into
//
// Shell holds the fyne.App, the main window, the locations.Dirs, the loaded catalog, the
// selected and the active persona, and the persona open in the editor:
//
//	s.App(), s.Window(), s.Dirs()
//	s.Catalog()              // the catalog as last loaded; replaced, never mutated, on reload
//	s.Reload()               // read catalog, state and the open file again off the UI goroutine
//	s.StartWatching()        // reload on outside changes (fsnotify); cmd starts it, tests opt in
//	s.Selected()             // key of the selected list item: a persona name or a broken file's path
//	s.SelectPersona(key)     // select and open it (asks save/discard/cancel when the editor is dirty)
//	s.Active(), s.SetActive(name), s.CycleActive(±1), s.Yolo()
//	s.Editor()               // *personaedit.Model of the open persona, nil when none
//	s.SelectedPersona()      // the open persona as edited, nil for a broken file
//	s.EditedPersona(name)    // the unsaved in-memory version when the editor has name dirty, else as loaded
//	s.OnChange(func())       // after any change of catalog, active, selection or edits; on the UI goroutine
//	s.ShowScreen(title)      // bring a screen to the front
//	s.RevealRule(name, row)  // open persona name on its Rules tab with row selected
//	s.RefreshMenu()          // assemble the main menu again (when a hook's inputs changed)
//
// Every Shell and personaedit.Model method runs on the UI goroutine; work done elsewhere hands its
// result back with fyne.Do.
//
// Registries, filled from init functions (order of registration does not matter):
//
//	RegisterScreen(Screen{Title, Icon or IconName, Order, Make func(*Shell) fyne.CanvasObject})
//	    A top-level screen. The window shows Personas first, then the screens by Order (ties
//	    by Title). Make runs once, when the window is built. Give a theme icon as IconName:
//	    theme.XxxIcon() in an init function runs before the app exists and Fyne logs an error.
//	RegisterEditorTab(EditorTab{Title, Order, Make func(*Shell, *personaedit.Model) fyne.CanvasObject})
//	    A tab of the persona editor. Built-in tabs: Persona 10, Rules 20, File 30.
//	    Make runs for every persona opened; follow the model with personaedit.Model.OnChange.
//	RegisterMenu(func(*Shell, *fyne.MainMenu))
//	    Add items or menus. The built-in menus are File, Agent and View (labels are the Menu*
//	    and Item* constants; FindMenuItem finds one, e.g. to give ItemNextAgent a shortcut).
//	    Every item Shortcut is also registered on the window canvas, so it works while an
//	    Entry has focus and in tests. Hooks run again on RefreshMenu.
//	RegisterRuleNotes(func(*Shell, *personaedit.Model) []RuleNote)
//	    Remarks under rows of the Rules tab (lint findings), with an optional fix button.
//
// # Models
//
// What the window shows is computed by plain Go that is tested without a display:
// personalist.BuildList (grouping by scope, search filter, markers), personaedit.Model (draft, dirty state,
// validation, row operations, what Save writes, the on-disk conflict). Widgets only render
// these and send edits back through personaedit.Model.Update and its row operations.
package gui
