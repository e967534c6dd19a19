package personaedit

// undoLimit is how many steps Undo keeps; older ones are dropped.
const undoLimit = 200

// undoStep is a draft to go back to, and what changed to leave it: consecutive edits of the
// same text field (typing) are one step, so that Undo takes back a word's worth, not a letter.
type undoStep struct {
	draft Draft
	// src is the Source tab's text at that point (nil: not edited there): Undo takes back a
	// Source edit as any other, the text that did not read included. Without it an undone
	// Source edit left its text behind, the persona "unsaved" with nothing to save.
	src   *sourceEdit
	field string // the one text field the step's edits changed, "" for any other edit
}

// record keeps before as an undo step of an edit that changed field ("" for none in
// particular), and drops the redo steps: a new edit starts a new branch.
func (m *Model) record(before Draft, beforeSrc *sourceEdit, field string) {
	m.redo = nil
	if n := len(m.undo); field != "" && n > 0 && m.undo[n-1].field == field && m.lastEdit == field {
		return // typing on in the same field: the step already holds the text before it
	}
	m.undo = append(m.undo, undoStep{draft: before, src: beforeSrc, field: field})
	if len(m.undo) > undoLimit {
		m.undo = m.undo[len(m.undo)-undoLimit:]
	}
	m.lastEdit = field
}

// CanUndo reports whether there is an edit to take back.
func (m *Model) CanUndo() bool { return len(m.undo) > 0 }

// CanRedo reports whether there is an undone edit to make again.
func (m *Model) CanRedo() bool { return len(m.redo) > 0 }

// Undo takes back the last edit (a run of typing in one field counts as one).
func (m *Model) Undo() { m.step(&m.undo, &m.redo) }

// Redo makes the last undone edit again.
func (m *Model) Redo() { m.step(&m.redo, &m.undo) }

// step goes back to the newest state of from, and keeps the state it leaves on to, so that the
// other of Undo and Redo comes back to it.
func (m *Model) step(from, to *[]undoStep) {
	if m.ReadOnly() || len(*from) == 0 {
		return
	}
	step := (*from)[len(*from)-1]
	*from = (*from)[:len(*from)-1]
	*to = append(*to, undoStep{draft: m.draft.clone(), src: m.src, field: step.field})
	m.draft, m.src = step.draft.clone(), step.src
	m.lastEdit = ""
	m.changed()
}

// changedField names the one text field that differs between a and b, "" when another field
// (or more than one) does.
func changedField(a, b Draft) string {
	var names []string
	for _, f := range []struct {
		name string
		x, y string
	}{
		{FieldDescription, a.Description, b.Description}, {FieldIcon, a.Icon, b.Icon},
		{FieldSteps, a.Steps, b.Steps}, {"prompt", a.Prompt, b.Prompt},
	} {
		if f.x != f.y {
			names = append(names, f.name)
		}
	}
	if len(names) != 1 {
		return ""
	}
	c := a
	switch names[0] {
	case FieldDescription:
		c.Description = b.Description
	case FieldIcon:
		c.Icon = b.Icon
	case FieldSteps:
		c.Steps = b.Steps
	default:
		c.Prompt = b.Prompt
	}
	if !c.equal(b) {
		return ""
	}
	return names[0]
}
