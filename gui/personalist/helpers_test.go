package personalist

import (
	"testing"

	"github.com/agentmgr/agentmgr/gui/internal/fixture"
	"github.com/agentmgr/agentmgr/locations"
)

func fixtureDirs(t *testing.T) locations.Dirs { return fixture.Dirs(t) }

func writeFile(t *testing.T, path, text string) { t.Helper(); fixture.WriteFile(t, path, text) }
