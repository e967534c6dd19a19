package inbox

import (
	"os"
	"slices"
	"time"
)

// respond writes the response to r and remembers it among the recent answers.
func (s *Server) respond(r Request, resp Response) {
	resp.Version, resp.ID, resp.Server, resp.At = protocolVersion, r.ID, os.Getpid(), time.Now().UTC()
	if err := s.inbox.respond(resp); err != nil {
		s.report(err)
	}
	s.remember(Answered{Request: r, Response: resp})
}

// remember adds a to the recent answers, dropping the oldest past maxRecent.
func (s *Server) remember(a Answered) {
	s.mu.Lock()
	s.recent = append(s.recent, a)
	if len(s.recent) > maxRecent {
		s.recent = slices.Delete(s.recent, 0, len(s.recent)-maxRecent)
	}
	s.mu.Unlock()
	s.changed()
}

// addSession notes a session the server serves, for the record; it reports whether the
// session is new.
func (s *Server) addSession(id string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if slices.Contains(s.sessions, id) {
		return false
	}
	s.sessions = append(s.sessions, id)
	if len(s.sessions) > maxRecordSessions {
		s.sessions = slices.Delete(s.sessions, 0, len(s.sessions)-maxRecordSessions)
	}
	return true
}
