package session

import "encounterplanner/model"

// PaintBrush sets terrain t on the size x size block centred on (x, y)
// (for even sizes the extra square goes right and down).
func PaintBrush(g *model.Grid, x, y, size int, t model.Terrain) {
	lo := -(size - 1) / 2
	for dy := lo; dy < lo+size; dy++ {
		for dx := lo; dx < lo+size; dx++ {
			g.Set(x+dx, y+dy, t)
		}
	}
}

// PaintRect fills the rectangle with corners (x0, y0) and (x1, y1).
func PaintRect(g *model.Grid, x0, y0, x1, y1 int, t model.Terrain) {
	if x0 > x1 {
		x0, x1 = x1, x0
	}
	if y0 > y1 {
		y0, y1 = y1, y0
	}
	for y := y0; y <= y1; y++ {
		for x := x0; x <= x1; x++ {
			g.Set(x, y, t)
		}
	}
}

// linePoints lists the squares of a Bresenham line from (x0, y0) to (x1, y1).
func linePoints(x0, y0, x1, y1 int) [][2]int {
	dx, dy := abs(x1-x0), -abs(y1-y0)
	sx, sy := 1, 1
	if x0 > x1 {
		sx = -1
	}
	if y0 > y1 {
		sy = -1
	}
	err := dx + dy
	var out [][2]int
	for {
		out = append(out, [2]int{x0, y0})
		if x0 == x1 && y0 == y1 {
			return out
		}
		e2 := 2 * err
		if e2 >= dy {
			err += dy
			x0 += sx
		}
		if e2 <= dx {
			err += dx
			y0 += sy
		}
	}
}

// PaintLine draws a line of brush-size squares, for walls.
func PaintLine(g *model.Grid, x0, y0, x1, y1, size int, t model.Terrain) {
	for _, p := range linePoints(x0, y0, x1, y1) {
		PaintBrush(g, p[0], p[1], size, t)
	}
}

// FloodFill replaces the 4-connected region of equal terrain around (x, y)
// with t. Time and memory O(W*H).
func FloodFill(g *model.Grid, x, y int, t model.Terrain) int {
	if !g.In(x, y) {
		return 0
	}
	from := g.At(x, y)
	if from == t {
		return 0
	}
	n := 0
	stack := []int{y*g.W + x}
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if g.Cells[i] != from {
			continue
		}
		g.Cells[i] = t
		n++
		cx, cy := i%g.W, i/g.W
		if cx > 0 {
			stack = append(stack, i-1)
		}
		if cx < g.W-1 {
			stack = append(stack, i+1)
		}
		if cy > 0 {
			stack = append(stack, i-g.W)
		}
		if cy < g.H-1 {
			stack = append(stack, i+g.W)
		}
	}
	return n
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
