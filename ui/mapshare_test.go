package ui

import (
	"context"
	"errors"
	"runtime"
	"slices"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/ui/internal/memstore"
	"encounterplanner/ui/session"
)

// bigFoggedEditor opens a 1000 x 1000 map, the largest, with fog of war
// (its first 40 rows revealed), a GM-only square and a wall, and Dae on
// (10, 10), with a land Speed of speed feet, selected.
func bigFoggedEditor(t *testing.T, speed int) (*Editor, *pump) {
	t.Helper()
	ed, _, p := newTestEditor(t, bigFoggedMap(t, speed))
	ed.Select(0)
	p.until(t, "Dae's overlays", ed.overlaysIdle)
	return ed, p
}

// bigFoggedMap is bigFoggedEditor's encounter.
func bigFoggedMap(t *testing.T, speed int) *model.Encounter {
	t.Helper()
	e := openEncounter(t, model.MaxMapSide, model.MaxMapSide)
	e.Grid.Set(14, 10, model.Wall)
	e.FogOn()
	for i := 0; i < 40*model.MaxMapSide; i++ {
		e.Revealed[i] = true
	}
	e.GMOnly = make([]bool, len(e.Grid.Cells))
	e.GMOnly[3] = true
	e.Tokens = append(e.Tokens, model.Token{ID: "00000000-0000-4000-8000-000000000001", Name: "Dae", X: 10, Y: 10, Size: model.Medium, Side: "party", Speeds: map[string]int{model.SpeedLand: speed}})
	return e
}

// sameArray reports whether a and b are views of one array.
func sameArray[T any](a, b []T) bool { return len(a) > 0 && len(b) > 0 && &a[0] == &b[0] }

// TestAMoveSharesTheMapWithUndoAndTheOverlays: a token moved on a 1000 x
// 1000 map copied its squares and masks twice, for the undo step and for
// the overlay worker, 4 MB a move that was garbage at once. The two now
// share one read-only copy, which is not the editor's own: a brush
// stroke after the move changes neither, and undo brings back the
// terrain exactly.
func TestAMoveSharesTheMapWithUndoAndTheOverlays(t *testing.T) {
	ed, p := bigFoggedEditor(t, 30)
	terrain := slices.Clone(ed.enc.Grid.Cells)
	if !ed.MoveToken(0, 11, 10, false) {
		t.Fatal("Dae did not move")
	}
	p.until(t, "overlays after the move", ed.overlaysIdle)
	undo, snap := ed.hist.Peek(), ed.live.snap
	if undo.Tokens[0].X != 10 || snap.Tokens[0].X != 11 {
		t.Fatalf("the undo step has Dae at x %d, the overlays' copy at x %d; want 10 and 11", undo.Tokens[0].X, snap.Tokens[0].X)
	}
	for _, m := range []struct {
		name            string
		undo, snap, own []bool
	}{{"fog", undo.Revealed, snap.Revealed, ed.enc.Revealed}, {"GM-only squares", undo.GMOnly, snap.GMOnly, ed.enc.GMOnly}} {
		if !sameArray(m.undo, m.snap) {
			t.Errorf("the undo step and the overlays' copy each have their own %s", m.name)
		}
		if sameArray(m.own, m.snap) {
			t.Errorf("the editor's own %s is the one the overlays' copy reads", m.name)
		}
	}
	if !sameArray(undo.Grid.Cells, snap.Grid.Cells) {
		t.Error("the undo step and the overlays' copy each have their own squares")
	}
	if sameArray(ed.enc.Grid.Cells, snap.Grid.Cells) || sameArray(ed.enc.Grid.Cells, undo.Grid.Cells) {
		t.Fatal("the editor paints in the squares the undo step or the overlays' copy hold")
	}

	// a wall painted after the move: the states handed out keep the map
	ed.SetTool(ToolBrush)
	ed.SetTerrain(model.Water)
	gesture(ed, 0, [2]int{3, 3}, [2]int{5, 3})
	if ed.enc.Grid.At(4, 3) != model.Water {
		t.Fatal("the stroke painted nothing")
	}
	if !slices.Equal(undo.Grid.Cells, terrain) || !slices.Equal(snap.Grid.Cells, terrain) {
		t.Error("the stroke painted the undo step's or the overlays' copy of the map")
	}
	ed.Undo()
	if !slices.Equal(ed.enc.Grid.Cells, terrain) {
		t.Error("undoing the stroke did not bring back the terrain exactly")
	}
	ed.Undo()
	if ed.enc.Tokens[0].X != 10 || !slices.Equal(ed.enc.Grid.Cells, terrain) {
		t.Errorf("undoing the move: Dae at x %d, terrain as before %v", ed.enc.Tokens[0].X, slices.Equal(ed.enc.Grid.Cells, terrain))
	}
	// the state undone to is painted in place: no recorded state changes
	redo := ed.hist.PeekRedo()
	gesture(ed, 0, [2]int{8, 8})
	if redo.Grid.At(8, 8) == model.Water || ed.live.snap.Grid.At(8, 8) != model.Water {
		t.Error("painting after undo changed the state put aside for redo, or not the overlays' copy")
	}
	ed.Undo()
	if ed.enc.Grid.At(8, 8) == model.Water || !slices.Equal(ed.enc.Grid.Cells, terrain) {
		t.Error("undoing the paint after undo did not bring back the terrain exactly")
	}
}

// TestAMoveAllocatesLessThanTheMap: on a 1000 x 1000 map with fog and
// GM-only squares (2 MB of squares, 1 MB a mask), each token move
// allocated two copies of all of them, about 8 MB, that the collector
// then had to find: dragging filled the app's soft memory limit. A move
// now allocates what the tokens and the answer take, well under the
// squares alone.
func TestAMoveAllocatesLessThanTheMap(t *testing.T) {
	ed, p := bigFoggedEditor(t, 30)
	squares := uint64(len(ed.enc.Grid.Cells)) * 2
	move := func(x int) {
		if !ed.MoveToken(0, x, 10, false) {
			t.Fatalf("Dae did not move to x %d", x)
		}
		p.until(t, "overlays after the move", ed.overlaysIdle)
	}
	move(11) // the first move copies the map once, for the states that share it
	const moves = 10
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for i := range moves {
		move(10 + i%2)
	}
	runtime.ReadMemStats(&after)
	per := (after.TotalAlloc - before.TotalAlloc) / moves
	t.Logf("a move allocated %d kB", per>>10)
	if per >= squares/2 {
		t.Errorf("a move allocated %d kB; the map's squares are %d kB", per>>10, squares>>10)
	}
	if ed.shared.Copied() > int(squares)+2*len(ed.enc.Revealed) {
		t.Errorf("the moves copied %d kB of map; the map is %d kB", ed.shared.Copied()>>10, (int(squares)+2*len(ed.enc.Revealed))>>10)
	}
}

// TestAnEditRefusedLeavesTheMapAsItWas: an edit works on the editor's own
// squares and masks, in place; refused, what it changed is put back, and
// no undo step is recorded.
func TestAnEditRefusedLeavesTheMapAsItWas(t *testing.T) {
	ed, _ := bigFoggedEditor(t, 30)
	terrain, fog := slices.Clone(ed.enc.Grid.Cells), slices.Clone(ed.enc.Revealed)
	undo := ed.hist.Peek()
	err := ed.apply("", func(c *model.Encounter) error {
		c.Grid.Set(2, 2, model.Wall)
		c.Revealed[5] = !c.Revealed[5]
		return errors.New("refused")
	})
	if err == nil {
		t.Fatal("the edit was kept")
	}
	if !slices.Equal(ed.enc.Grid.Cells, terrain) || !slices.Equal(ed.enc.Revealed, fog) {
		t.Error("the refused edit left its squares or fog on the map")
	}
	if ed.hist.Peek() != undo {
		t.Error("the refused edit recorded an undo step")
	}
	// refused by Validate, after the edit: a token on a wall it painted
	ed.status.quiet = true
	err = ed.apply("", func(c *model.Encounter) error {
		c.Grid.Set(10, 10, model.Wall)
		c.Tokens[0].Name = ""
		return nil
	})
	if err == nil || !slices.Equal(ed.enc.Grid.Cells, terrain) {
		t.Errorf("an edit Validate refused (%v) left its squares on the map", err)
	}
}

// TestPaintingWhileTheWorkerReadsItsCopy: the overlay worker reads the
// map of its copy on its own goroutine while the editor paints its own
// squares and masks; run with -race, a copy that shared the editor's
// arrays is a data race. Dae's Speed of 2,000 ft makes each answer a
// search of most of the map, under way as the next stroke paints.
func TestPaintingWhileTheWorkerReadsItsCopy(t *testing.T) {
	ed, p := bigFoggedEditor(t, 2000)
	for i := range 12 {
		// a move asks for new overlays, which the worker computes while
		// the brush and the fog tool paint
		ed.SetTool(ToolSelect)
		gesture(ed, 0, [2]int{10 + i%2, 10}, [2]int{11 - i%2, 10})
		ed.SetTool(ToolBrush)
		gesture(ed, 0, [2]int{2, 2 + i%4}, [2]int{6, 2 + i%4})
		ed.SetTool(ToolFog)
		gesture(ed, fyne.KeyModifierShift, [2]int{7, 20 + i}, [2]int{9, 20 + i}) // hidden
		if i%3 == 0 {
			ed.Undo()
		}
	}
	p.until(t, "the last overlays", ed.overlaysIdle)
	if got := session.ChangeWords(ed.hist.Peek(), ed.enc); got != "fog of war changed" {
		t.Errorf("the last gesture was undone as %q, want fog of war changed", got)
	}
}

// savingStore is a store that keeps the encounter its last Save was given.
type savingStore struct {
	*memstore.Store
	given *model.Encounter
}

func (s *savingStore) Save(ctx context.Context, e *model.Encounter) error {
	s.given = e
	return s.Store.Save(ctx, e)
}

// TestASaveCopiesNoMap: the autosave, every few seconds of dragging,
// handed the store a deep copy of the encounter, the whole map again
// (4 MB on a 1000 x 1000 map with fog and GM-only squares), though the
// store only reads it while it saves. It now hands it the copy the undo
// step and the overlay worker share.
func TestASaveCopiesNoMap(t *testing.T) {
	e := bigFoggedMap(t, 30)
	test.NewTempApp(t)
	st := &savingStore{Store: memstore.New(e)}
	loaded, err := st.Load(context.Background(), e.ID)
	if err != nil {
		t.Fatal(err)
	}
	w := test.NewTempWindow(t, widget.NewLabel(""))
	p := newPump()
	ed := newEditor(w, st, loaded, p.post)
	t.Cleanup(ed.Close)
	p.until(t, "first overlays", ed.overlaysIdle)
	if !ed.MoveToken(0, 11, 10, false) {
		t.Fatal("Dae did not move")
	}
	if err := ed.SaveNow(); err != nil {
		t.Fatal(err)
	}
	got, undo := st.given, ed.hist.Peek()
	if got == nil || got.Tokens[0].X != 11 {
		t.Fatal("the store was not given the moved Dae")
	}
	if !sameArray(got.Grid.Cells, undo.Grid.Cells) || !sameArray(got.Revealed, undo.Revealed) || !sameArray(got.GMOnly, undo.GMOnly) {
		t.Error("the save copied the map")
	}
	if sameArray(got.Grid.Cells, ed.enc.Grid.Cells) || &got.Tokens[0] == &ed.enc.Tokens[0] {
		t.Error("the store was given the editor's own squares or tokens")
	}
}
