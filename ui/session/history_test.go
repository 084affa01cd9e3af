package session

import (
	"strings"
	"testing"

	"encounterplanner/model"
)

func named(n string) *model.Encounter { return &model.Encounter{Name: n} }

// TestHistory: undo and redo walk the snapshots; edits with one key in a
// row share a step; a new edit clears redo; the stack keeps HistoryLimit.
func TestHistory(t *testing.T) {
	type op struct {
		do   string // "push KEY STATE", "back", "forward", "drop"
		want string // the state returned ("" = nil), for back and forward
	}
	for _, c := range []struct {
		name string
		cur  string
		ops  []op
	}{
		{"undo then redo", "b", []op{{"push - a", ""}, {"back", "a"}, {"forward", "b"}, {"forward", ""}}},
		{"nothing to undo", "a", []op{{"back", ""}}},
		{"one key shares a step", "c", []op{{"push name a", ""}, {"push name b", ""}, {"back", "a"}, {"back", ""}}},
		{"different keys, two steps", "c", []op{{"push name a", ""}, {"push size b", ""}, {"back", "b"}, {"back", "a"}}},
		{"a new edit clears redo", "b", []op{{"push - a", ""}, {"back", "a"}, {"push - x", ""}, {"forward", ""}}},
		{"drop forgets the last step", "b", []op{{"push - a", ""}, {"push - z", ""}, {"drop", ""}, {"back", "a"}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var h History
			cur := named(c.cur)
			for i, o := range c.ops {
				var got *model.Encounter
				switch {
				case o.do == "back":
					got = h.Back(cur)
				case o.do == "forward":
					got = h.Forward(cur)
				case o.do == "drop":
					h.DropLast()
					continue
				default:
					parts := strings.Fields(o.do)
					key, state := parts[1], parts[2]
					if key == "-" {
						key = ""
					}
					h.Push(named(state), key)
					continue
				}
				name := ""
				if got != nil {
					name = got.Name
					cur = got
				}
				if name != o.want {
					t.Fatalf("op %d (%s) gave %q, want %q", i, o.do, name, o.want)
				}
			}
		})
	}
}

// TestHistoryLimit: the oldest steps go once HistoryLimit are kept.
func TestHistoryLimit(t *testing.T) {
	var h History
	for i := 0; i < HistoryLimit+10; i++ {
		h.Push(named("s"), "")
	}
	n := 0
	for h.Back(named("cur")) != nil {
		n++
	}
	if n != HistoryLimit {
		t.Errorf("%d undo steps kept, want %d", n, HistoryLimit)
	}
}
