package session

import (
	"bytes"
	"slices"
	"unsafe"

	"encounterplanner/model"
)

// SharedMap is the one read-only copy of the editor's map squares and
// masks (Grid.Cells, Revealed, GMOnly, RevealedKept) that the states the
// editor hands out share while the map stays the same: its undo steps and
// the overlay worker's copy. A token moved on a 1000 x 1000 map copied
// the map twice (the undo step's copy and the worker's, 2 MB of squares
// and 1 MB a mask each), garbage at once, and the heap filled the app's
// soft memory limit with them as the GM dragged.
//
// Nothing writes to the arrays a SharedMap holds. The editor's own
// encounter keeps arrays of its own, which it paints in place; Hold
// compares their values with the copy's, so an edit made in any way, in
// place or not, is seen: there is no change counter a writer could forget
// to bump.
type SharedMap struct {
	cells                  []model.Terrain
	revealed, gmOnly, kept []bool
	copied                 int // bytes copied since the map was made (tests)
}

// Hold makes m hold e's map: the arrays it holds where their values are
// e's, copies of e's where they are not (each array on its own: a fog
// reveal copies the fog, not the squares). O(squares): a comparison of
// the bytes, about 2 MB for a 1000 x 1000 map with its fog.
func (m *SharedMap) Hold(e *model.Encounter) {
	m.copied += hold(&m.cells, e.Grid.Cells) + hold(&m.revealed, e.Revealed) + hold(&m.gmOnly, e.GMOnly) + hold(&m.kept, e.RevealedKept)
}

// Give sets s's squares and masks to m's arrays: s is a state nothing
// writes to in place, whose map m holds (Hold).
func (m *SharedMap) Give(s *model.Encounter) {
	s.Grid.Cells, s.Revealed, s.GMOnly, s.RevealedKept = m.cells, m.revealed, m.gmOnly, m.kept
}

// Copy is a copy of e for a state nothing edits (an undo step, the
// overlay worker's request): its own tokens, fight and the rest, and m's
// map, which Hold makes e's.
func (m *SharedMap) Copy(e *model.Encounter) *model.Encounter {
	m.Hold(e)
	c := e.CloneSharingMap()
	m.Give(c)
	return c
}

// Repair puts back, in e's own arrays, the values m holds (Hold): an edit
// refused after it painted in place leaves e as it was.
func (m *SharedMap) Repair(e *model.Encounter) {
	repair(&e.Grid.Cells, m.cells)
	repair(&e.Revealed, m.revealed)
	repair(&e.GMOnly, m.gmOnly)
	repair(&e.RevealedKept, m.kept)
}

// Restore makes s, a recorded state (an undo or redo step, a reload)
// that other states may share arrays with, one the editor can paint in
// place: m holds s's arrays from now on, and s gets copies of them, in
// spare's arrays where the sizes fit (spare is a state put aside whose
// arrays nothing else holds; nil for none).
func (m *SharedMap) Restore(s, spare *model.Encounter) {
	m.cells, m.revealed, m.gmOnly, m.kept = s.Grid.Cells, s.Revealed, s.GMOnly, s.RevealedKept
	if spare == nil {
		spare = &model.Encounter{}
	}
	m.copied += ownCopy(&s.Grid.Cells, spare.Grid.Cells) + ownCopy(&s.Revealed, spare.Revealed) + ownCopy(&s.GMOnly, spare.GMOnly) + ownCopy(&s.RevealedKept, spare.RevealedKept)
}

// Copied is how many bytes of map m has copied since it was made.
func (m *SharedMap) Copied() int { return m.copied }

// hold makes *held a copy of live unless it has live's values already,
// and returns the bytes copied.
func hold[T model.Terrain | bool](held *[]T, live []T) int {
	if sameValues(*held, live) {
		return 0
	}
	*held = nil
	if live == nil {
		return 0
	}
	*held = slices.Clone(live)
	return len(asBytes(live))
}

// repair copies held's values into *live, its own array, where they differ.
func repair[T model.Terrain | bool](live *[]T, held []T) {
	switch {
	case sameValues(*live, held):
	case held == nil:
		*live = nil
	case len(*live) == len(held):
		copy(*live, held)
	default:
		*live = slices.Clone(held)
	}
}

// ownCopy gives *s a copy of its values, in spare's array when it is as long,
// and returns the bytes copied.
func ownCopy[T model.Terrain | bool](s *[]T, spare []T) int {
	if *s == nil {
		return 0
	}
	if len(spare) == len(*s) && len(spare) > 0 && &spare[0] != &(*s)[0] {
		copy(spare, *s)
		*s = spare
	} else {
		*s = slices.Clone(*s)
	}
	return len(asBytes(*s))
}

// sameValues reports whether a and b hold the same values, nil (none)
// apart from empty; the bytes are compared at once (slices.Equal, one
// element a step, took a millisecond over 1000 x 1000 squares).
func sameValues[T model.Terrain | bool](a, b []T) bool {
	if (a == nil) != (b == nil) || len(a) != len(b) {
		return false
	}
	return len(a) == 0 || &a[0] == &b[0] || bytes.Equal(asBytes(a), asBytes(b))
}

// asBytes is s's memory as bytes.
func asBytes[T model.Terrain | bool](s []T) []byte {
	var z T
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), len(s)*int(unsafe.Sizeof(z)))
}
