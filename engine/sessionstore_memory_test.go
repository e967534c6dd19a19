package engine_test

import (
	"testing"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/engine/sessionstoretest"
)

func TestMemoryStoreContract(t *testing.T) {
	sessionstoretest.Run(t, func(*testing.T) engine.SessionStore { return engine.NewMemoryStore() })
}
