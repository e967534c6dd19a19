package boundedmap

import "testing"

func TestMapKeepsTheNewestKeys(t *testing.T) {
	tests := []struct {
		name     string
		max      int
		puts     []string
		kept     []string
		dropped  []string
		wantSize int
	}{
		{"under the bound keeps all", 3, []string{"a", "b"}, []string{"a", "b"}, nil, 2},
		{"past the bound drops the oldest", 2, []string{"a", "b", "c"}, []string{"b", "c"}, []string{"a"}, 2},
		{"a replaced value keeps its place", 2, []string{"a", "b", "a", "c"}, []string{"b", "c"}, []string{"a"}, 2},
		{"no room keeps nothing", 0, []string{"a"}, nil, []string{"a"}, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var m Map[string, int]
			for i, k := range tc.puts {
				m.Put(k, i, tc.max)
			}
			for _, k := range tc.kept {
				if _, ok := m.Get(k); !ok {
					t.Errorf("%q was dropped", k)
				}
			}
			for _, k := range tc.dropped {
				if _, ok := m.Get(k); ok {
					t.Errorf("%q was kept", k)
				}
			}
			if m.Len() != tc.wantSize {
				t.Errorf("Len %d, want %d", m.Len(), tc.wantSize)
			}
		})
	}
}

func TestReplacedValueIsTheNewOne(t *testing.T) {
	var m Map[string, int]
	m.Put("a", 1, 2)
	m.Put("a", 2, 2)
	if v, _ := m.Get("a"); v != 2 {
		t.Errorf("Get = %d, want 2", v)
	}
}
