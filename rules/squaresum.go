package rules

import "encounterplanner/model"

// squareSum is a 2-D prefix sum over a window of the map: the number of
// marked squares in any rectangle in O(1), after O(window) to build.
type squareSum struct {
	ox, oy, w, h int
	s            []int32
}

func (p *squareSum) build(cells []uint8, ox, oy, w, h int, bit uint8) {
	p.ox, p.oy, p.w, p.h = ox, oy, w, h
	n := (w + 1) * (h + 1)
	if cap(p.s) < n {
		p.s = make([]int32, n)
	}
	p.s = p.s[:n]
	for x := 0; x <= w; x++ {
		p.s[x] = 0
	}
	for y := 0; y < h; y++ {
		row := (y + 1) * (w + 1)
		prev := y * (w + 1)
		p.s[row] = 0
		var acc int32
		for x := 0; x < w; x++ {
			if cells[y*w+x]&bit != 0 {
				acc++
			}
			p.s[row+x+1] = p.s[prev+x+1] + acc
		}
	}
}

// rect counts the marked squares of columns x0..x1 and rows y0..y1
// (inclusive, map coordinates); squares outside the window count 0.
func (p *squareSum) rect(x0, y0, x1, y1 int) int32 {
	x0 -= p.ox
	x1 -= p.ox
	y0 -= p.oy
	y1 -= p.oy
	x0 = max(x0, 0)
	y0 = max(y0, 0)
	x1 = min(x1, p.w-1)
	y1 = min(y1, p.h-1)
	if x0 > x1 || y0 > y1 {
		return 0
	}
	W := p.w + 1
	return p.s[(y1+1)*W+x1+1] - p.s[y0*W+x1+1] - p.s[(y1+1)*W+x0] + p.s[y0*W+x0]
}

func (p *squareSum) at(x, y int) bool { return p.rect(x, y, x, y) != 0 }

// buildTraits counts the squares of the window with a trait of mask.
func (p *squareSum) buildTraits(g *model.Grid, ox, oy, w, h int, mask model.Trait) {
	if len(g.Cells) != g.W*g.H || ox < 0 || oy < 0 || ox+w > g.W || oy+h > g.H {
		w, h = 0, 0 // a malformed map or window: cover nothing
	}
	p.ox, p.oy, p.w, p.h = ox, oy, w, h
	n := (w + 1) * (h + 1)
	if cap(p.s) < n {
		p.s = make([]int32, n)
	}
	p.s = p.s[:n]
	clear(p.s[:w+1])
	for y := 0; y < h; y++ {
		row := (y + 1) * (w + 1)
		prev := y * (w + 1)
		p.s[row] = 0
		var acc int32
		cells := g.Cells[(oy+y)*g.W+ox : (oy+y)*g.W+ox+w]
		for x, t := range cells {
			if wallish(t)&mask != 0 {
				acc++
			}
			p.s[row+x+1] = p.s[prev+x+1] + acc
		}
	}
}

// covers reports whether the window holds columns x0..x1 and rows y0..y1.
func (p *squareSum) covers(x0, y0, x1, y1 int) bool {
	return x0 >= p.ox && y0 >= p.oy && x1 < p.ox+p.w && y1 < p.oy+p.h
}
