package workspace

import (
	"slices"
	"testing"
)

func TestEventsReachOnlyTheirSubscribersUntilUnsubscribed(t *testing.T) {
	var e Events
	var got []string
	catalog := e.Subscribe(CatalogChanged, func(c Change) { got = append(got, "catalog:"+c.String()) })
	e.Subscribe(Everything, func(c Change) { got = append(got, "all:"+c.String()) })
	e.Publish(DraftChanged)
	e.Publish(CatalogChanged | ActiveChanged)
	catalog()
	catalog() // twice is fine
	e.Publish(CatalogChanged)
	want := []string{"all:draft", "catalog:catalog+active", "all:catalog+active", "all:catalog"}
	if !slices.Equal(got, want) {
		t.Errorf("deliveries %q; want %q", got, want)
	}
	if n := e.Subscribers(); n != 1 {
		t.Errorf("%d subscribers after one unsubscribed; want 1", n)
	}
}

func TestUnsubscribingDuringPublishSkipsTheRemovedOne(t *testing.T) {
	var e Events
	var calls []int
	var second func()
	e.Subscribe(Everything, func(Change) { calls = append(calls, 1); second() })
	second = e.Subscribe(Everything, func(Change) { calls = append(calls, 2) })
	e.Publish(DraftChanged)
	if !slices.Equal(calls, []int{1}) {
		t.Errorf("calls %v; want only the first (it removed the second)", calls)
	}
}
