package render

import "math"

// areaCol are the area templates' colours, by their index in
// Overlays.Areas (the outline keeps them apart where colours fail).
var areaCol = [...]rgba{colPurple, colOrange, colSky, colGreen}

// areaShown reports whether area i of the overlays is drawn in this view.
func (r *Renderer) areaShown(f *frame, i int) bool {
	a := &f.o.Areas[i]
	return len(a.Squares) > 0 && (!f.v.Player || a.Player)
}

// areas shades each shown area template's squares and outlines the
// template (an edge wherever a square inside meets one outside). Cost
// O(squares) per area, no allocation (the per-square marks are cleared
// after each area).
func (r *Renderer) areas(f *frame) {
	g := &f.e.Grid
	n := len(g.Cells)
	s := f.v.Scale
	bw := max(1, int(math.Round(s/20)))
	for ai := range f.o.Areas {
		if !r.areaShown(f, ai) {
			continue
		}
		a := &f.o.Areas[ai]
		c := areaCol[ai%len(areaCol)]
		r.ensureMark(f)
		hide := f.v.Player && f.hasFog() // squares in fog are not the players' to see
		for _, q := range a.Squares {
			if q >= 0 && q < n && !(hide && f.fogged(q)) {
				r.mark[q] |= 4
			}
		}
		in := func(x, y int) bool { return g.In(x, y) && r.mark[y*g.W+x]&4 != 0 }
		for _, q := range a.Squares {
			if q < 0 || q >= n || r.mark[q]&(4|8) != 4 {
				continue // off the map, in fog, or listed twice
			}
			r.mark[q] |= 8
			x, y := q%g.W, q/g.W
			if !r.visible(f, x, y, 1) {
				continue
			}
			x0, y0, x1, y1 := f.sq(x, y, 1)
			r.rect(x0, y0, x1, y1, c.alpha(0.3))
			oc := c.mix(colInk, 0.3)
			if !in(x, y-1) {
				r.rect(x0, y0, x1, y0+bw, oc)
			}
			if !in(x, y+1) {
				r.rect(x0, y1-bw, x1, y1, oc)
			}
			if !in(x-1, y) {
				r.rect(x0, y0+bw, x0+bw, y1-bw, oc)
			}
			if !in(x+1, y) {
				r.rect(x1-bw, y0+bw, x1, y1-bw, oc)
			}
		}
		for _, q := range a.Squares {
			if q >= 0 && q < n {
				r.mark[q] &^= 4 | 8
			}
		}
	}
}

// layoutAreas places each shown area's label: at the middle of its
// squares, else just above or below it.
func (r *Renderer) layoutAreas(f *frame) {
	g := &f.e.Grid
	s := f.v.Scale
	if s < minCondScale {
		return
	}
	for ai := range f.o.Areas {
		a := &f.o.Areas[ai]
		if !r.areaShown(f, ai) || a.Label == "" {
			continue
		}
		sx, sy, k := 0.0, 0.0, 0
		top, bottom := g.H, -1
		hide := f.v.Player && f.hasFog()
		for _, q := range a.Squares {
			if q >= 0 && q < len(g.Cells) && !(hide && f.fogged(q)) {
				sx += float64(q%g.W) + 0.5
				sy += float64(q/g.W) + 0.5
				top, bottom = min(top, q/g.W), max(bottom, q/g.W)
				k++
			}
		}
		if k == 0 {
			continue
		}
		px := int(math.Min(math.Max(math.Round(s*0.24), 9), 20))
		fk := faceKey{px: uint8(px), bold: true}
		txt := r.fit(a.Label, fk, s*4)
		w := r.ts.width(fk, txt) + 10
		ph := px + 6
		cx := int(math.Round(f.cx(sx / float64(k))))
		cy := int(math.Round(f.cy(sy / float64(k))))
		for i, y0 := range [...]int{cy - ph/2, f.by(top) - ph - 2, f.by(bottom+1) + 2, cy + ph, cy - 2*ph} {
			b := box{cx - w/2, y0, cx - w/2 + w, y0 + ph}
			if r.canTake(b, i/3) {
				r.lay.put(label{kind: labelArea, b: b, fk: fk, tx: b.x0 + 5, ty: y0 + ph/2 + r.ts.capHeight(fk)/2, hue: uint8(ai % len(areaCol)), a: 1}, txt)
				break
			}
		}
	}
}
