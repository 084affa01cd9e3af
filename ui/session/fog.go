package session

import (
	"fmt"

	"encounterplanner/model"
	"encounterplanner/rules"
)

// Masks are per-square flags of a W x H map, row-major: the encounter's
// Revealed (fog of war; nil = no fog) and GMOnly (hidden to players).

// MarkBrush sets the size x size block centred on (x, y) (for even sizes
// the extra square goes right and down) of mask to v; squares off the
// w x h map are skipped.
func MarkBrush(mask []bool, w, h, x, y, size int, v bool) {
	lo := -(size - 1) / 2
	for dy := lo; dy < lo+size; dy++ {
		for dx := lo; dx < lo+size; dx++ {
			if sx, sy := x+dx, y+dy; sx >= 0 && sy >= 0 && sx < w && sy < h {
				mask[sy*w+sx] = v
			}
		}
	}
}

// MarkLine sets the brush-size squares along the line from (x0, y0) to
// (x1, y1): a brush dragged between two pointer events.
func MarkLine(mask []bool, w, h, x0, y0, x1, y1, size int, v bool) {
	for _, p := range linePoints(x0, y0, x1, y1) {
		MarkBrush(mask, w, h, p[0], p[1], size, v)
	}
}

// MarkRect sets the rectangle with corners (x0, y0) and (x1, y1) of mask
// to v, clipped to the w x h map.
func MarkRect(mask []bool, w, h, x0, y0, x1, y1 int, v bool) {
	x0, x1 = max(0, min(x0, x1)), min(w-1, max(x0, x1))
	y0, y1 = max(0, min(y0, y1)), min(h-1, max(y0, y1))
	for y := y0; y <= y1; y++ {
		for x := x0; x <= x1; x++ {
			mask[y*w+x] = v
		}
	}
}

// FogOn gives e fog of war, unless it has fog already: the squares it
// revealed before it was turned off revealed again, every other square
// hidden (model.Encounter.FogOn). It reports whether it turned fog on.
func FogOn(e *model.Encounter) bool { return e.FogOn() }

// SetAll reveals (v true) or hides every square, turning fog on.
func SetAll(e *model.Encounter, v bool) {
	FogOn(e)
	for i := range e.Revealed {
		e.Revealed[i] = v
	}
}

// GMOnlyMask returns e.GMOnly, making an all-false one first when e has
// none.
func GMOnlyMask(e *model.Encounter) []bool {
	if e.GMOnly == nil {
		e.GMOnly = make([]bool, e.Grid.W*e.Grid.H)
	}
	return e.GMOnly
}

// PartySide is the players' side: the party's when the encounter names
// one, else "party".
func PartySide(e *model.Encounter) string {
	if e.Party != nil && e.Party.Side != "" {
		return e.Party.Side
	}
	return rules.DefaultPartySide
}

// RevealParty reveals every square a token of the party side sees now
// (rules.Seer.RevealSide), turning fog on; it fails for a malformed map,
// and, changing nothing, when no token is on the party side (fog turned
// on with nothing to reveal would hide the whole map from the players).
func RevealParty(e *model.Encounter) error {
	side := PartySide(e)
	found := false
	for _, t := range e.Tokens {
		found = found || t.SideOrNeutral() == side
	}
	if !found {
		return fmt.Errorf("no token is on the party side (%q), so nothing was revealed: place the party, or name its side in Encounter > Party…", side)
	}
	FogOn(e)
	var s rules.Seer
	return s.RevealSide(e.Revealed, e, PartySide(e))
}

// RevealSeenBy reveals what token tok sees now, when e has fog and tok is
// on the party side: "reveal follows the party". It reports whether it
// revealed anything new.
func RevealSeenBy(e *model.Encounter, tok int) (bool, error) {
	if e.Revealed == nil || tok < 0 || tok >= len(e.Tokens) || e.Tokens[tok].SideOrNeutral() != PartySide(e) {
		return false, nil
	}
	mark := make([]bool, len(e.Revealed))
	var s rules.Seer
	if err := s.Visible(mark, e, tok); err != nil {
		return false, err
	}
	return revealMarked(e.Revealed, mark), nil
}

// RevealSeenByParty reveals what every token of the party side sees now,
// when e has fog (it never turns fog on): "reveal follows the party" after
// a door opens. It reports whether it revealed anything new.
func RevealSeenByParty(e *model.Encounter) (bool, error) {
	if e.Revealed == nil {
		return false, nil
	}
	mark := make([]bool, len(e.Revealed))
	var s rules.Seer
	if err := s.RevealSide(mark, e, PartySide(e)); err != nil {
		return false, err
	}
	return revealMarked(e.Revealed, mark), nil
}

// revealMarked reveals the squares set in mark; it reports whether any of
// them was hidden.
func revealMarked(revealed, mark []bool) bool {
	changed := false
	for i, m := range mark {
		if m && !revealed[i] {
			revealed[i], changed = true, true
		}
	}
	return changed
}

// RevealRoom reveals the room of square (x, y) (rules.RevealRoom: it
// stops at walls and closed doors), turning fog on.
func RevealRoom(e *model.Encounter, x, y int) error {
	FogOn(e)
	return rules.RevealRoom(e.Revealed, e, x, y)
}
