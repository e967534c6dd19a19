package inbox

import (
	"fmt"
	"testing"
)

// A reply settles the session's other pending requests and names itself as their cause: the
// map from approvals ids to inbox ids must keep every pending request, however old, while it
// forgets settled ones.
func TestForgetCausesKeepsPendingRequests(t *testing.T) {
	s := NewServer(Inbox{Dir: t.TempDir()}, nil, nil, nil)
	s.mu.Lock()
	defer s.mu.Unlock()
	for i := range maxRecent + 1 {
		aid, id := fmt.Sprintf("a%d", i), fmt.Sprintf("r%d", i)
		s.ids[aid] = id
		s.idOrder = append(s.idOrder, aid)
		if i%10 == 0 {
			s.prompts[id] = &Prompt{} // still pending
		}
	}
	s.forgetCauses()
	if len(s.ids) > maxRecent/2+maxRecent/10+1 || len(s.ids) != len(s.idOrder) {
		t.Errorf("after forgetting, %d ids and %d in order; want at most about %d", len(s.ids), len(s.idOrder), maxRecent/2)
	}
	for i := 0; i <= maxRecent; i += 10 {
		if s.ids[fmt.Sprintf("a%d", i)] != fmt.Sprintf("r%d", i) {
			t.Errorf("pending request a%d was forgotten", i)
		}
	}
	if newest := fmt.Sprintf("a%d", maxRecent); s.ids[newest] == "" {
		t.Errorf("the newest request %s was forgotten", newest)
	}
	if _, ok := s.ids["a1"]; ok {
		t.Error("the oldest settled request a1 was kept")
	}
}
