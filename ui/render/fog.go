package render

import (
	"math"

	"encounterplanner/model"
)

// Fog of war and GM-only terrain (rules-conventions.md, "Sight and fog of
// war"; encounter-format.md, map.revealed and map.gmOnly).
//
// With Encounter.Revealed set, the player view covers every fogged square
// with fog, last, over everything drawn there, and leaves out of the scene
// what lies wholly in fog (its terrain in a painted page, its tokens and
// their labels, its notes), so nothing shows through and a vector page
// holds nothing to uncover. On screen the fog is near-black; on paper
// (View.PaperFog) it is blank white, as a printed map shows unexplored
// ground: no grid, nothing given away, no ink. The GM view dims fogged
// squares under the tokens. GM-only squares are open ground to players and carry a small
// folded-corner mark for the GM.

var (
	colFog      = hex(0x1B1D21)
	colFogGM    = colInk.alpha(0.42)
	colFogPaper = colWhite
)

// gmMarks reports whether the view carries the GM's marks: dimmed fog,
// GM-only corners, secret doors told from walls. Not for players, and not
// in a terrain-only image (the UVTT map goes to a table's VTT).
func (f *frame) gmMarks() bool { return !f.v.Player && !f.v.NoTokens }

// hasFog reports whether the encounter has fog of war.
func (f *frame) hasFog() bool {
	return f.e.Revealed != nil && len(f.e.Revealed) == len(f.e.Grid.Cells)
}

// fogged reports whether square index i is in fog (never without fog).
func (f *frame) fogged(i int) bool { return f.hasFog() && !f.e.Revealed[i] }

// gmOnly reports whether square index i is GM-only.
func (f *frame) gmOnly(i int) bool {
	return len(f.e.GMOnly) == len(f.e.Grid.Cells) && f.e.GMOnly[i]
}

// shown is the terrain the view draws at square index i: open ground for
// a GM-only square in the player view.
func (f *frame) shown(i int) model.Terrain {
	if f.v.Player && f.gmOnly(i) {
		return 0
	}
	return f.e.Grid.Cells[i]
}

// hiddenByFog reports whether the k x k block at (x, y) lies wholly in fog
// for this view (only the player view hides).
func (f *frame) hiddenByFog(x, y, k int) bool {
	return f.v.Player && f.e.BlockInFog(x, y, k)
}

// fogUnder dims the fogged squares for the GM and marks the GM-only ones,
// over the terrain and under everything else.
func (r *Renderer) fogUnder(f *frame) {
	if f.hasFog() && f.gmMarks() {
		for y := f.sy0; y < f.sy1; y++ {
			rev := f.e.Revealed[y*f.e.Grid.W : (y+1)*f.e.Grid.W]
			for x := f.sx0; x < f.sx1; {
				if rev[x] {
					x++
					continue
				}
				x0 := x
				for x < f.sx1 && !rev[x] {
					x++
				}
				r.rect(f.bx(x0), f.by(y), f.bx(x), f.by(y+1), colFogGM)
			}
		}
	}
	if !f.gmMarks() || len(f.e.GMOnly) != len(f.e.Grid.Cells) || f.v.Scale < 8 {
		return
	}
	g := &f.e.Grid
	for y := f.sy0; y < f.sy1; y++ {
		for x := f.sx0; x < f.sx1; x++ {
			if !f.e.GMOnly[y*g.W+x] {
				continue
			}
			// a folded top-right corner: purple, outlined
			x1, y0 := float64(f.bx(x+1)), float64(f.by(y))
			d := max(5, f.v.Scale*0.28)
			r.triangle(x1-d-1.5, y0, x1, y0, x1, y0+d+1.5, colInk)
			r.triangle(x1-d, y0, x1, y0, x1, y0+d, colPurple)
		}
	}
}

// fogOver covers the fogged squares of the player view with fog: dark,
// or with PaperFog blank paper.
func (r *Renderer) fogOver(f *frame) {
	if !f.v.Player || !f.hasFog() {
		return
	}
	c, pad := colFog, 0
	if f.v.PaperFog {
		// Paper also covers the half of the map's outline grid line that
		// lies outside the map, or a grey hairline would trace the fogged
		// map's edge.
		c, pad = colFogPaper, GridWidth
	}
	g := &f.e.Grid
	out := func(at, edge int) int {
		if at == edge {
			return pad
		}
		return 0
	}
	for y := f.sy0; y < f.sy1; y++ {
		rev := f.e.Revealed[y*g.W : (y+1)*g.W]
		for x := f.sx0; x < f.sx1; {
			if rev[x] {
				x++
				continue
			}
			x0 := x
			for x < f.sx1 && !rev[x] {
				x++
			}
			r.rect(f.bx(x0)-out(x0, 0), f.by(y)-out(y, 0), f.bx(x)+out(x, g.W), f.by(y+1)+out(y+1, g.H), c)
		}
	}
}

// fogOverLabels covers with fog again what of the tokens' labels (names,
// conditions, heights, condition dots) lies over fogged squares in the
// player view: they are drawn over the fog, after the edges so that no
// wall line runs through them, and a Large token half in fog showed its
// whole name over the fogged squares while its disc was cut at the fog's
// edge. Where the label lies, the label already covers the edges, so the
// fog covers no wall line the label did not. The raster and the PDF walk
// the same scene.
func (r *Renderer) fogOverLabels(f *frame) {
	c := colFog
	if f.v.PaperFog {
		c = colFogPaper
	}
	cover := func(b box) {
		g := &f.e.Grid
		i0 := max(int(math.Floor(float64(b.x0)/f.v.Scale+f.v.OriginX)), 0)
		i1 := min(int(math.Ceil(float64(b.x1)/f.v.Scale+f.v.OriginX)), g.W)
		j0 := max(int(math.Floor(float64(b.y0)/f.v.Scale+f.v.OriginY)), 0)
		j1 := min(int(math.Ceil(float64(b.y1)/f.v.Scale+f.v.OriginY)), g.H)
		for j := j0; j < j1; j++ {
			for i := i0; i < i1; i++ {
				if f.e.Revealed[j*g.W+i] {
					continue
				}
				x0, y0 := max(f.bx(i), b.x0), max(f.by(j), b.y0)
				x1, y1 := min(f.bx(i+1), b.x1), min(f.by(j+1), b.y1)
				if x0 < x1 && y0 < y1 {
					r.rect(x0, y0, x1, y1, c)
				}
			}
		}
	}
	for _, d := range r.lay.dots {
		rad := d.r + 1
		cover(box{int(math.Floor(d.x - rad)), int(math.Floor(d.y - rad)), int(math.Ceil(d.x + rad)), int(math.Ceil(d.y + rad))})
	}
	for i := range r.lay.labels {
		if l := &r.lay.labels[i]; !l.kind.over() {
			cover(l.b)
		}
	}
}
