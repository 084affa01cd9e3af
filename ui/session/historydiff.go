package session

import (
	"bytes"
	"slices"
	"unsafe"

	"encounterplanner/model"
)

// A mapDiff is a recorded state's map squares and masks (Grid.Cells,
// Revealed, GMOnly, RevealedKept) written as where they differ from the
// state recorded above it on the same stack, and what they were there. A
// brush stroke on a 1000 x 1000 map changes a few hundred squares of its
// 2 MB: its undo step held all 2 MB, so the HistoryBytes budget kept about
// 24 strokes; as a diff it holds 6 bytes a changed square.
//
// Only the top state of the undo and of the redo stack has its arrays;
// each state below it has, for each array, a diff against the state
// above (empty where they are the same) or, where the two arrays cannot
// be compared square by square (a new map size, fog turned on or off) or
// differ in more places than the array is long in bytes, an array of its
// own. A state is written so when another is recorded above it (writeDiff)
// and given its arrays back, from the state above, when that one leaves
// the stack (readDiff): undo and redo only ever take the top state.
type mapDiff struct {
	cells                  diffOf[model.Terrain]
	revealed, gmOnly, kept diffOf[bool]
}

// diffOf is one array of a mapDiff: on, the array is the one above with
// was[i] at index at[i]; not on, the state keeps its own array (or none).
type diffOf[T model.Terrain | bool] struct {
	on  bool
	at  []int32
	was []T
}

// bytes is what d holds: its indices and values.
func (d *diffOf[T]) bytes() int {
	var z T
	return 4*len(d.at) + int(unsafe.Sizeof(z))*len(d.was)
}

// bytes is what d holds of its own, beyond the arrays it keeps whole.
func (d *mapDiff) bytes() int {
	if d == nil {
		return 0
	}
	return d.cells.bytes() + d.revealed.bytes() + d.gmOnly.bytes() + d.kept.bytes()
}

// writeDiff returns a copy of s, a recorded state, whose arrays are
// written as their differences from above's where that is smaller (s's
// other fields are shared with s, which it leaves untouched: the caller
// may still hold it), and the diff. O(squares): the arrays are compared
// 64 values at a time.
func writeDiff(s, above *model.Encounter) (*model.Encounter, *mapDiff) {
	c := *s
	d := &mapDiff{}
	c.Grid.Cells = diffArray(&d.cells, s.Grid.Cells, above.Grid.Cells)
	c.Revealed = diffArray(&d.revealed, s.Revealed, above.Revealed)
	c.GMOnly = diffArray(&d.gmOnly, s.GMOnly, above.GMOnly)
	c.RevealedKept = diffArray(&d.kept, s.RevealedKept, above.RevealedKept)
	return &c, d
}

// diffArray writes s as its differences from above in d when both have
// the same length and the differences take fewer bytes than s, and
// returns what the state keeps: nil then, else s.
func diffArray[T model.Terrain | bool](d *diffOf[T], s, above []T) []T {
	if len(s) == 0 || len(s) != len(above) {
		return s
	}
	if sameArray(s, above) {
		d.on = true
		return nil
	}
	var z T
	limit := len(s) * int(unsafe.Sizeof(z)) // bytes of the whole array
	const chunk = 64
	for i := 0; i < len(s); i += chunk {
		j := min(i+chunk, len(s))
		if bytes.Equal(asBytes(s[i:j]), asBytes(above[i:j])) {
			continue
		}
		for k := i; k < j; k++ {
			if s[k] != above[k] {
				d.at = append(d.at, int32(k))
				d.was = append(d.was, s[k])
			}
		}
		if d.bytes() >= limit {
			*d = diffOf[T]{}
			return s // as large as the array: kept whole
		}
	}
	d.on = true
	d.at, d.was = slices.Clip(d.at), slices.Clip(d.was)
	return nil
}

// readDiff gives s, written by writeDiff against above, its arrays back:
// above's own where the diff is empty (they are shared, read-only, as
// recorded states share them), else a copy of above's with the values
// the diff keeps.
func readDiff(s, above *model.Encounter, d *mapDiff) {
	s.Grid.Cells = undiff(&d.cells, s.Grid.Cells, above.Grid.Cells)
	s.Revealed = undiff(&d.revealed, s.Revealed, above.Revealed)
	s.GMOnly = undiff(&d.gmOnly, s.GMOnly, above.GMOnly)
	s.RevealedKept = undiff(&d.kept, s.RevealedKept, above.RevealedKept)
}

// undiff is the array d and above make, or own when d is not on.
func undiff[T model.Terrain | bool](d *diffOf[T], own, above []T) []T {
	if !d.on {
		return own
	}
	if len(d.at) == 0 {
		return above
	}
	s := slices.Clone(above)
	for i, k := range d.at {
		s[k] = d.was[i]
	}
	return s
}
