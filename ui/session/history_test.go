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

// TestChangeWordsNameTheEdit: each kind of edit, made on a copy of a
// fight in progress, is named in the status bar's words; a ruleset switch
// or a fight started is named as such, though it changes tokens too. The
// token an edit added, deleted or changed is the one Undo and Redo select;
// an edit of several tokens, or of the whole encounter, names none.
func TestChangeWordsNameTheEdit(t *testing.T) {
	for _, c := range []struct {
		want, tok string // the words; the name of the token named, "" for none
		edit      func(e *model.Encounter)
	}{
		{"", "", func(e *model.Encounter) {}},
		{"Ann moved", "Ann", func(e *model.Encounter) {
			e.Tokens[0].X++
			e.Fight.State = map[string]model.TurnState{"Ann": {Actions: 1}}
		}},
		{"Ann renamed Anna", "Ann", func(e *model.Encounter) { e.Tokens[0].Name = "Anna" }},
		{"Bo's HP changed", "Bo", func(e *model.Encounter) { e.Tokens[1].HP = &model.HP{Current: 3, Max: 9} }},
		{"Bo's conditions changed", "Bo", func(e *model.Encounter) { e.Tokens[1].Conditions = []string{"prone"} }},
		{"Bo's height changed", "Bo", func(e *model.Encounter) { e.Tokens[1].Elevation = 10 }},
		{"Bo hidden from the players", "Bo", func(e *model.Encounter) { e.Tokens[1].Hidden = true }},
		{"Bo's size changed", "Bo", func(e *model.Encounter) { e.Tokens[1].Size = model.Large }},
		{"Bo's side changed", "Bo", func(e *model.Encounter) { e.Tokens[1].Side = "party" }},
		{"Bo's Speeds changed", "Bo", func(e *model.Encounter) { e.Tokens[1].Speeds = map[string]int{"fly": 30} }},
		{"Bo's reach changed", "Bo", func(e *model.Encounter) { e.Tokens[1].Long = true }},
		{"Bo's level changed", "Bo", func(e *model.Encounter) { l := 3; e.Tokens[1].Level = &l }},
		{"Bo's notes changed", "Bo", func(e *model.Encounter) { e.Tokens[1].Notes = "bribable" }},
		{"Bo's colour changed", "Bo", func(e *model.Encounter) { e.Tokens[1].Color = "#112233" }},
		{"2 tokens changed", "", func(e *model.Encounter) { e.Tokens[0].X++; e.Tokens[1].X++ }},
		{"Dee added", "Dee", func(e *model.Encounter) {
			e.Tokens = append(e.Tokens, model.Token{ID: "dee", Name: "Dee", X: 9, Y: 9, Size: model.Medium})
		}},
		{"Bo deleted", "Bo", func(e *model.Encounter) { e.Tokens = e.Tokens[:1] }},
		{"fight ended", "", func(e *model.Encounter) { e.Fight = nil }},
		{"turn passed", "", func(e *model.Encounter) { e.Fight.NextTurn() }},
		{"initiative order changed", "", func(e *model.Encounter) { MoveInOrder(e.Fight, 0, 1) }},
		{"walls painted (1 square)", "", func(e *model.Encounter) { e.Grid.Set(5, 5, model.Wall) }},
		{"terrain changed", "", func(e *model.Encounter) { e.Grid.Set(5, 5, model.Wall); e.Grid.Set(6, 5, model.Water) }},
		{"walls and doors changed", "", func(e *model.Encounter) {
			e.Edges = []model.Edge{{X1: 1, Y1: 1, X2: 1, Y2: 3, Kind: model.EdgeWall}}
		}},
		{"fog of war changed", "", func(e *model.Encounter) { FogOn(e) }},
		{"areas changed", "", func(e *model.Encounter) { e.Areas = []model.Area{{Kind: model.Burst, X: 4, Y: 4, Radius: 10}} }},
		{"notes changed", "", func(e *model.Encounter) { e.Notes = []model.Note{{X: 2, Y: 2, Text: "trap"}} }},
		{"party changed", "", func(e *model.Encounter) { e.Party = &model.Party{Side: "party", Level: 2, Size: 4} }},
		{"encounter renamed", "", func(e *model.Encounter) { e.Name = "Ambush" }},
		{"map resized", "", func(e *model.Encounter) { e.Grid = e.Grid.Resize(10, 10) }},
		{"ruleset switched", "", func(e *model.Encounter) { e.Ruleset = model.PF1E; e.Tokens[0].X++ }},
	} {
		older := fightEnc()
		older.Tokens = older.Tokens[:2]
		older.Fight = &model.Fight{Round: 1, Order: []string{"Ann", "Bo"}, Turn: "Ann"}
		newer := older.Clone()
		c.edit(newer)
		if got := ChangeWords(older, newer); got != c.want {
			t.Errorf("%q: got %q", c.want, got)
		}
		wantID := ""
		for _, e := range []*model.Encounter{older, newer} {
			if i := e.TokenIndex(c.tok); c.tok != "" && i >= 0 {
				wantID = e.Tokens[i].ID
			}
		}
		if got := Change(older, newer).Token; got != wantID || (c.tok != "" && got == "") {
			t.Errorf("%q: token %q, want %s's %q", c.want, got, c.tok, wantID)
		}
	}
	fresh := fightEnc()
	started := fresh.Clone()
	if err := StartFight(started, func() int { return 7 }); err != nil {
		t.Fatal(err)
	}
	if got := Change(fresh, started); got.Words != "fight started" || got.Token != "" {
		t.Errorf("a fight started, with initiatives rolled: %+v", got)
	}
}

// movesOnABigFoggedMap records n token moves on a 1000 x 1000 map with
// fog, as the editor does (the state an edit replaced is pushed), and
// returns the history and the live state.
func movesOnABigFoggedMap(n int) (*History, *model.Encounter) {
	live := fightEnc()
	live.Fight = nil
	live.Grid = model.NewGrid(1000, 1000)
	FogOn(live)
	h := &History{}
	for i := range n {
		next := live.Clone()
		next.Tokens[0].X = i % 5
		h.Push(live, "")
		live = next
	}
	return h, live
}

// TestHistorySharesTheMapItDidNotChange: a token moved on a 1000 x 1000
// map recorded the map's 2 MB of squares and its fog again a step, so a
// hundred steps held hundreds of megabytes. Recorded states share the
// squares and masks that did not change; the state an undo brings back,
// given its own as the editor gives them (SharedMap.Restore), is painted
// without changing a recorded state.
func TestHistorySharesTheMapItDidNotChange(t *testing.T) {
	h, live := movesOnABigFoggedMap(20)
	first := h.undoStates()[0]
	for i, s := range h.undoStates() {
		if &s.Grid.Cells[0] != &first.Grid.Cells[0] || &s.Revealed[0] != &first.Revealed[0] {
			t.Fatalf("recorded state %d keeps its own squares or fog", i)
		}
	}
	// a paint, then undo twice: each state brought back is its own
	paint := live.Clone()
	paint.Grid.Set(5, 5, model.Wall)
	h.Push(live, "")
	live = paint
	back := h.Back(live)
	if back.Grid.At(5, 5) != 0 {
		t.Fatal("undo did not bring back the unpainted map")
	}
	var m SharedMap
	m.Restore(back, nil)
	back.Grid.Set(7, 7, model.Water) // the editor paints in place
	back.Revealed[3] = true
	for i, s := range h.undoStates() {
		if s.Grid.At(7, 7) != 0 || s.Revealed[3] {
			t.Errorf("painting the state undo brought back changed recorded state %d", i)
		}
	}
	if redo := h.Forward(back); redo.Grid.At(5, 5) != model.Wall {
		t.Errorf("redo lost the paint")
	}
}

// TestHistoryBoundsTheMapsItHolds: a fill of a whole 1000 x 1000 map
// records its 2 MB of squares (no diff is smaller); a hundred of them held
// 200 MB. The oldest go once HistoryBytes are held, the last HistoryMin
// always stay.
func TestHistoryBoundsTheMapsItHolds(t *testing.T) {
	live := fightEnc()
	live.Fight = nil
	live.Grid = model.NewGrid(1000, 1000)
	var h History
	for i := range 40 {
		next := live.Clone()
		for c := range next.Grid.Cells {
			next.Grid.Cells[c] = model.Terrain(i % 2 * int(model.Difficult))
		}
		next.Grid.Set(i, 0, model.Wall)
		h.Push(live, "")
		live = next
	}
	step := 2 * 1000 * 1000
	if n := len(h.undo); n != HistoryBytes/step || h.held() > HistoryBytes {
		t.Errorf("%d strokes kept, holding %d bytes; want %d within %d", n, h.held(), HistoryBytes/step, HistoryBytes)
	}
	// the states kept are the last ones: the oldest has the strokes before it
	if oldest := h.undoStates()[0]; oldest.Grid.At(40-len(h.undo)-1, 0) != model.Wall || oldest.Grid.At(40-len(h.undo), 0) != 0 {
		t.Errorf("the oldest state kept is not the one before stroke %d", 40-len(h.undo))
	}
	small := History{}
	s := fightEnc()
	for range HistoryLimit + 5 {
		small.Push(s.Clone(), "")
	}
	if len(small.undo) != HistoryLimit {
		t.Errorf("a small map keeps %d steps, want %d", len(small.undo), HistoryLimit)
	}
}

// distinctMaps counts the different arrays of squares, fog and GM-only
// marks the states hold between them, in bytes.
func distinctMaps(states ...*model.Encounter) int {
	seen := map[any]bool{}
	n := 0
	for _, s := range states {
		if s == nil {
			continue
		}
		if len(s.Grid.Cells) > 0 && !seen[&s.Grid.Cells[0]] {
			seen[&s.Grid.Cells[0]] = true
			n += 2 * len(s.Grid.Cells)
		}
		if len(s.Revealed) > 0 && !seen[&s.Revealed[0]] {
			seen[&s.Revealed[0]] = true
			n += len(s.Revealed)
		}
		if len(s.GMOnly) > 0 && !seen[&s.GMOnly[0]] {
			seen[&s.GMOnly[0]] = true
			n += len(s.GMOnly)
		}
	}
	return n
}

// TestUndoAndRedoKeepTheMapShared: 60 token moves on a 1000 x 1000 map
// with fog share one copy of its squares and masks; undone all the way,
// each state brought back took its own copy and kept it on the redo stack
// (60 copies, 180 MB), and redone all the way they stayed on the undo
// stack. Undo and redo share the map between the states they put aside as
// recording does; and a new edit after undoing lets the redo states go.
func TestUndoAndRedoKeepTheMapShared(t *testing.T) {
	h, live := movesOnABigFoggedMap(60)
	held := func() int { return distinctMaps(append(append([]*model.Encounter{live}, h.undo...), h.redo...)...) }
	start := held()
	for len(h.undo) > 0 {
		live = h.Back(live)
	}
	if got := held(); got > 3*start {
		t.Errorf("undone all the way, the states hold %d MB of map; recorded, %d MB", got>>20, start>>20)
	}
	for len(h.redo) > 0 {
		live = h.Forward(live)
	}
	if got := held(); got > 3*start {
		t.Errorf("redone all the way, the states hold %d MB of map; recorded, %d MB", got>>20, start>>20)
	}
	// the state brought back, given arrays of its own as the editor gives
	// them (SharedMap.Restore), is painted without changing a recorded one
	for len(h.undo) > 30 {
		live = h.Back(live)
	}
	var m SharedMap
	m.Restore(live, nil)
	live.Grid.Set(9, 9, model.Water)
	live.Revealed[7] = !live.Revealed[7]
	for i, s := range append(h.undoStates(), h.redoStates()...) {
		if s.Grid.At(9, 9) == model.Water || s.Revealed[7] == live.Revealed[7] {
			t.Fatalf("painting the live state changed recorded state %d", i)
		}
	}
	live.Grid.Set(9, 9, 0)
	live.Revealed[7] = !live.Revealed[7]

	// a new edit drops the redo states, all of them
	redo := h.redo[:cap(h.redo)]
	h.Push(live.Clone(), "")
	for i, s := range redo {
		if s != nil {
			t.Errorf("a new edit left redo state %d held", i)
			break
		}
	}
}
