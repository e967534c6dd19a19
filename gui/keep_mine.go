package gui

// keepMine is the banner's Keep mine: the edits are moved onto the file as it now is, rule by
// rule. When both sides changed the same field or rule differently, the person is asked which
// side wins those, by name, and told what comes from each side; otherwise nothing is asked
// here (Save asks before writing, and says the same).
func (s *Shell) keepMine() {
	m := s.ws.Draft()
	if m == nil {
		return
	}
	plan, ok := m.MergePlan()
	if !ok || len(plan.Conflicts) == 0 {
		m.KeepMine()
		return
	}
	const mine, theirs = "Keep mine for these", "Take the file's for these"
	s.ask.choose("Changed on both sides", "Both you and the other program changed: "+plan.ConflictList()+".\n\n"+
		"Everything else merges: "+plan.Describe(),
		[]string{mine, theirs, choiceCancel}, func(c string) {
			switch c {
			case mine:
				m.KeepMineResolving(true)
			case theirs:
				m.KeepMineResolving(false)
			}
		})
}
