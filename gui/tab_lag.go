package gui

// tabLag follows the edits for an editor tab that does its work only while it is in front
// (File, Preview, Problems): an edit made while another tab is in front is only noted, so that
// typing does not pay for tabs nobody sees, and the tab catches up when it is shown.
type tabLag struct {
	stale bool // an edit came while the tab was not on screen
}

// follow runs update now if the tab is inFront, else notes that the tab fell behind.
func (l *tabLag) follow(inFront bool, update func()) {
	if !inFront {
		l.stale = true
		return
	}
	update()
}

// catchUp runs update if an edit came while the tab was behind another (the editor calls the
// tab's catchUp when the tab is selected).
func (l *tabLag) catchUp(update func()) {
	if l.stale {
		l.stale = false
		update()
	}
}
