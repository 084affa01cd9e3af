package model

// ReshapeMap makes the map w x h squares with the old square (x, y) at
// (x+dx, y+dy): rows and columns added (dx, dy > 0) or removed (< 0) at the
// left and top, and at the right and bottom by the new size. Terrain,
// GM-only squares and fog (kept while off too) move with their squares; new squares are open
// ground, not GM-only and, when the map has fog, fogged. Edges move and are
// cut at the new outline (what is left of a door is still one door; an
// edge left with no length goes). Tokens, notes, burst centres and lines'
// target squares move by (dx, dy); a token or note that no longer fits is
// left for the caller to move or remove (Validate names it). O(w x h).
func (e *Encounter) ReshapeMap(dx, dy, w, h int) {
	old := e.Grid
	e.Grid = NewGrid(w, h)
	move := func(mask []bool) []bool {
		if mask == nil {
			return nil
		}
		out := make([]bool, w*h)
		for y := 0; y < old.H; y++ {
			for x := 0; x < old.W; x++ {
				if nx, ny := x+dx, y+dy; nx >= 0 && ny >= 0 && nx < w && ny < h {
					out[ny*w+nx] = mask[y*old.W+x]
				}
			}
		}
		return out
	}
	for y := 0; y < old.H; y++ {
		for x := 0; x < old.W; x++ {
			e.Grid.Set(x+dx, y+dy, old.Cells[y*old.W+x])
		}
	}
	e.GMOnly, e.Revealed, e.RevealedKept = move(e.GMOnly), move(e.Revealed), move(e.RevealedKept)
	if !anyTrue(e.RevealedKept) {
		e.RevealedKept = nil // its reveals all cut off: none kept
	}
	edges := e.Edges[:0:0]
	for _, ed := range e.Edges {
		ed.X1, ed.Y1, ed.X2, ed.Y2 = ed.X1+dx, ed.Y1+dy, ed.X2+dx, ed.Y2+dy
		if ed.Horizontal() {
			if ed.Y1 < 0 || ed.Y1 > h {
				continue
			}
			ed.X1, ed.X2 = max(ed.X1, 0), min(ed.X2, w)
		} else {
			if ed.X1 < 0 || ed.X1 > w {
				continue
			}
			ed.Y1, ed.Y2 = max(ed.Y1, 0), min(ed.Y2, h)
		}
		if ed.Len() > 0 {
			edges = append(edges, ed)
		}
	}
	if len(edges) == 0 {
		edges = nil
	}
	e.Edges = edges
	for i := range e.Tokens {
		e.Tokens[i].X += dx
		e.Tokens[i].Y += dy
	}
	for i := range e.Notes {
		e.Notes[i].X += dx
		e.Notes[i].Y += dy
	}
	for i := range e.Areas {
		a := &e.Areas[i]
		switch a.Kind {
		case Burst:
			a.X, a.Y = a.X+dx, a.Y+dy
		case Line:
			a.Toward = [2]int{a.Toward[0] + dx, a.Toward[1] + dy}
		}
	}
}
