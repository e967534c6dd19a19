package main

import (
	"testing"
	"time"

	"github.com/agentmgr/agentmgr/trust"
)

// trustHere trusts the project of e's working directory as its files are now.
func trustHere(t *testing.T, e *env) {
	t.Helper()
	if _, err := trust.Trust(e.dirs(), time.Now()); err != nil {
		t.Fatal(err)
	}
}
