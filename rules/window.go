package rules

import "encounterplanner/model"

// searchWindow is the part of the map a search from a k x k space at
// (sx, sy) can touch within r steps: every position r squares away, its
// space, and the squares a diagonal step passes between (one more on each
// side), clipped to the map. It returns the window's top-left square and
// its size (zero when empty).
func searchWindow(g *model.Grid, sx, sy, k, r int) (x0, y0, w, h int) {
	x0, y0 = max(sx-r-1, 0), max(sy-r-1, 0)
	x1, y1 := min(sx+r+k, g.W-1), min(sy+r+k, g.H-1)
	return x0, y0, max(x1-x0+1, 0), max(y1-y0+1, 0)
}
