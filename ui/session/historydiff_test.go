package session

import (
	"fmt"
	"math/rand"
	"reflect"
	"testing"

	"encounterplanner/model"
)

// undoStates is every undo step as Undo would bring it back, oldest
// first, the history untouched: the steps below the top have their maps
// read back from their diffs.
func (h *History) undoStates() []*model.Encounter { return readBack(h.undo, h.undoDiff) }

// redoStates is undoStates for the redo steps.
func (h *History) redoStates() []*model.Encounter { return readBack(h.redo, h.redoDiff) }

// readBack is a stack's states with their arrays read back, oldest first.
func readBack(stack []*model.Encounter, diffs []*mapDiff) []*model.Encounter {
	out := make([]*model.Encounter, len(stack))
	for i := len(stack) - 1; i >= 0; i-- {
		if diffs[i] == nil {
			out[i] = stack[i]
			continue
		}
		c := *stack[i]
		readDiff(&c, out[i+1], diffs[i])
		out[i] = &c
	}
	return out
}

// fullCopies is the history as it was, the reference for the one that
// writes its steps as diffs: a deep copy of the state before each edit,
// and of the state put aside by each undo and redo.
type fullCopies struct{ undo, redo []*model.Encounter }

func (f *fullCopies) push(s *model.Encounter) { f.undo, f.redo = append(f.undo, s.Clone()), nil }

func (f *fullCopies) back(cur *model.Encounter) *model.Encounter {
	s := f.undo[len(f.undo)-1]
	f.undo, f.redo = f.undo[:len(f.undo)-1], append(f.redo, cur.Clone())
	return s.Clone()
}

func (f *fullCopies) forward(cur *model.Encounter) *model.Encounter {
	s := f.redo[len(f.redo)-1]
	f.redo, f.undo = f.redo[:len(f.redo)-1], append(f.undo, cur.Clone())
	return s.Clone()
}

// sameState reports how a and b differ in their map, masks, tokens and
// fight ("" when they do not), nil masks apart from empty ones.
func sameState(a, b *model.Encounter) string {
	switch {
	case a.Grid.W != b.Grid.W || a.Grid.H != b.Grid.H:
		return fmt.Sprintf("map %dx%d, want %dx%d", a.Grid.W, a.Grid.H, b.Grid.W, b.Grid.H)
	case !sameValues(a.Grid.Cells, b.Grid.Cells):
		return "squares"
	case !sameValues(a.Revealed, b.Revealed):
		return "fog"
	case !sameValues(a.GMOnly, b.GMOnly):
		return "GM-only squares"
	case !sameValues(a.RevealedKept, b.RevealedKept):
		return "kept reveals"
	case !reflect.DeepEqual(a.Tokens, b.Tokens):
		return "tokens"
	}
	return ""
}

// TestHistoryDiffsUndoAsFullCopiesDid: an editor's random session of
// brush strokes, fills, fog and GM-only marks painted in place, fog
// turned on and off, map resizes and token moves (as apply makes them),
// undos, redos and abandoned gestures, recorded both by History, whose
// steps below the top are diffs, and by a stack of deep copies: every
// state undo and redo bring back is the same, and so is every step either
// stack holds, after every action.
func TestHistoryDiffsUndoAsFullCopiesDid(t *testing.T) {
	for seed := range int64(12) {
		r := rand.New(rand.NewSource(seed))
		live := fightEnc()
		live.Fight = nil
		live.Grid = model.NewGrid(40+r.Intn(30), 30+r.Intn(30))
		var (
			h   History
			ref fullCopies
			m   SharedMap
		)
		pick := func() (int, int) { return r.Intn(live.Grid.W), r.Intn(live.Grid.H) }
		// inPlace is a gesture that records the state, then paints the
		// editor's own arrays (pushUndo, then the brush or the fog tool)
		inPlace := func(paint func()) {
			ref.push(live)
			h.Push(m.Copy(live), "")
			paint()
		}
		// apply is an edit as ed.apply makes it, on a copy that takes over
		// the live arrays
		apply := func(edit func(c *model.Encounter) error) {
			m.Hold(live)
			c := live.CloneSharingMap()
			want := live.Clone()
			if err := edit(c); err != nil {
				m.Repair(live)
				return
			}
			m.Give(live)
			ref.push(want)
			h.Push(live, "")
			live = c
		}
		for step := range 400 {
			what := ""
			switch op := r.Intn(20); {
			case op < 5:
				what = "brush"
				x, y := pick()
				inPlace(func() { PaintBrush(&live.Grid, x, y, 1+r.Intn(3), model.Terrain(1<<r.Intn(4))) })
			case op < 6:
				what = "fill"
				x, y := pick()
				inPlace(func() { FloodFill(&live.Grid, x, y, model.Terrain(1<<r.Intn(4))) })
			case op < 8:
				what = "fog"
				if live.Revealed == nil {
					apply(func(c *model.Encounter) error { FogOn(c); return nil })
				}
				x, y := pick()
				inPlace(func() { MarkBrush(live.Revealed, live.Grid.W, live.Grid.H, x, y, 1+r.Intn(4), r.Intn(2) == 0) })
			case op < 9:
				what = "fog off"
				apply(func(c *model.Encounter) error { c.FogOff(); return nil })
			case op < 10:
				what = "GM-only"
				x, y := pick()
				apply(func(c *model.Encounter) error {
					MarkRect(GMOnlyMask(c), c.Grid.W, c.Grid.H, x, y, x+r.Intn(5), y+r.Intn(5), true)
					return nil
				})
			case op < 11:
				what = "resize"
				mg := Margins{Left: r.Intn(5) - 2, Top: r.Intn(5) - 2, Right: r.Intn(5) - 2, Bottom: r.Intn(5) - 2}
				apply(func(c *model.Encounter) error { return Reframe(c, mg) })
			case op < 13:
				what = "move"
				i, x, y := r.Intn(len(live.Tokens)), r.Intn(8), r.Intn(8)
				apply(func(c *model.Encounter) error { c.Tokens[i].X, c.Tokens[i].Y = x, y; return nil })
			case op < 14:
				what = "abandoned gesture"
				if h.Peek() != nil {
					h.DropLast()
					ref.undo = ref.undo[:len(ref.undo)-1]
				}
			case op < 18:
				what = "undo"
				if h.Peek() == nil {
					continue
				}
				cur := m.Copy(live)
				want := ref.back(live)
				s := h.Back(cur)
				if d := sameState(s, want); d != "" {
					t.Fatalf("seed %d, step %d: undo brought back other %s", seed, step, d)
				}
				m.Restore(s, live) // as restoreInto, live's arrays spare
				live = s
			default:
				what = "redo"
				if h.PeekRedo() == nil {
					continue
				}
				cur := m.Copy(live)
				want := ref.forward(live)
				s := h.Forward(cur)
				if d := sameState(s, want); d != "" {
					t.Fatalf("seed %d, step %d: redo brought back other %s", seed, step, d)
				}
				m.Restore(s, live)
				live = s
			}
			if n := len(h.undo); n < len(ref.undo) {
				ref.undo = ref.undo[len(ref.undo)-n:] // the oldest let go
			}
			for name, pair := range map[string][2][]*model.Encounter{"undo": {h.undoStates(), ref.undo}, "redo": {h.redoStates(), ref.redo}} {
				got, want := pair[0], pair[1]
				if len(got) != len(want) {
					t.Fatalf("seed %d, step %d (%s): %d %s steps, want %d", seed, step, what, len(got), name, len(want))
				}
				for i := range got {
					if d := sameState(got[i], want[i]); d != "" {
						t.Fatalf("seed %d, step %d (%s): %s step %d of %d has other %s", seed, step, what, name, i, len(got), d)
					}
				}
			}
		}
	}
}

// TestHistoryKeepsEveryStrokeOfABigMap: a brush stroke on a 1000 x 1000
// map recorded its 2 MB of squares, and HistoryBytes kept about 24 of
// them. Written as diffs, HistoryLimit strokes are kept in a few hundred
// kilobytes, and undone one by one each brings back the map before it.
func TestHistoryKeepsEveryStrokeOfABigMap(t *testing.T) {
	live := fightEnc()
	live.Fight = nil
	live.Grid = model.NewGrid(1000, 1000)
	FogOn(live)
	var (
		h History
		m SharedMap
	)
	const strokes = HistoryLimit + 20
	for i := range strokes {
		h.Push(m.Copy(live), "")
		PaintLine(&live.Grid, 8*i, 0, 8*i, 999, 3, model.Wall) // a wall across the map
		MarkBrush(live.Revealed, 1000, 1000, 8*i, 500, 5, true)
	}
	if n, held := len(h.undo), h.held(); n != HistoryLimit || held > 8<<20 {
		t.Fatalf("%d strokes kept, holding %d kB; want %d, within 8 MB", n, held>>10, HistoryLimit)
	}
	for i := strokes - 1; i >= strokes-HistoryLimit; i-- {
		s := h.Back(m.Copy(live))
		m.Restore(s, live)
		live = s
		if live.Grid.At(8*i, 0) != 0 || live.Revealed[500*1000+8*i] || i > 0 && live.Grid.At(8*i-8, 0) != model.Wall {
			t.Fatalf("undoing stroke %d brought back another map", i)
		}
	}
	if h.Peek() != nil {
		t.Errorf("%d steps left to undo", len(h.undo))
	}
}

// BenchmarkHistoryStroke1000 is a brush stroke's undo step on a 1000 x
// 1000 map with fog, as the editor records it: the shared copy of the map
// (SharedMap.Copy, which copies the squares the last stroke changed) and
// the push, which writes the step below as its diff from it.
func BenchmarkHistoryStroke1000(b *testing.B) {
	live := fightEnc()
	live.Fight = nil
	live.Grid = model.NewGrid(1000, 1000)
	FogOn(live)
	var (
		h History
		m SharedMap
	)
	i := 0
	for b.Loop() {
		h.Push(m.Copy(live), "")
		PaintBrush(&live.Grid, i%1000, i/1000%1000, 3, model.Terrain(1<<(i%3)))
		i += 7
	}
	b.ReportMetric(float64(h.held())/float64(len(h.undo)), "held-B/step")
}
