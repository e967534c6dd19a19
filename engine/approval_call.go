package engine

// withSession returns a copy of p deciding with session rules s.
func (p *Policy) withSession(s *Compiled) *Policy {
	q := *p
	q.Session = s
	return &q
}
