package rules

import "encounterplanner/model"

// Distances and the ruler (rules-conventions.md, "Distance and the ruler",
// and "Elevation" for tokens at different heights).

// Distance is a length by the ruleset's distance rule.
type Distance struct {
	Squares int // squares, the diagonal rule applied
	Feet    int // Squares x feetPerSquare; points has no feet: Squares
}

func distance(e *model.Encounter, squares int) Distance {
	if e.Ruleset == model.Points {
		return Distance{Squares: squares, Feet: squares}
	}
	return Distance{Squares: squares, Feet: squares * e.Feet()}
}

// SquaresBetween is the distance in squares between two squares dx columns
// and dy rows apart (either sign), with a fresh diagonal count: with gaps
// a >= b, a + floor(b / 2) for sf2e, pf1e and starship (diagonals alternate
// 1 and 2 squares), a for points.
func SquaresBetween(r model.Ruleset, dx, dy int) int {
	a, b := absInt(dx), absInt(dy)
	if a < b {
		a, b = b, a
	}
	if r == model.Points {
		return a
	}
	return a + b/2
}

// gapBetween is the gap between the ranges [a0, a1] and [b0, b1] of squares or
// layers: 0 when they overlap, 1 when they touch (adjacent), and so on.
func gapBetween(a0, a1, b0, b1 int) int { return max(0, b0-a1, a0-b1) }

// TokenDistance is the distance between tokens a and b (indices into
// e.Tokens): between the nearest squares of their spaces (adjacent = 1
// square). In sf2e and pf1e, when their layer ranges (elevation /
// feetPerSquare up to that plus k - 1) do not overlap, it counts in three
// dimensions: with h the 2-D distance and v the vertical gap between the
// nearest layers (directly stacked = 1), max(h, v) + floor(min(h, v) / 2).
// O(1).
func TokenDistance(e *model.Encounter, a, b int) Distance {
	ta, tb := &e.Tokens[a], &e.Tokens[b]
	ka, kb := e.Space(ta), e.Space(tb)
	gx := gapBetween(ta.X, ta.X+ka-1, tb.X, tb.X+kb-1)
	gy := gapBetween(ta.Y, ta.Y+ka-1, tb.Y, tb.Y+kb-1)
	h := SquaresBetween(e.Ruleset, gx, gy)
	if e.Ruleset != model.SF2E && e.Ruleset != model.PF1E {
		return distance(e, h)
	}
	fps := e.Feet()
	la, lb := ta.Elevation/fps, tb.Elevation/fps // Validate: multiples of fps
	v := gapBetween(la, la+ka-1, lb, lb+kb-1)
	return distance(e, max(h, v)+min(h, v)/2)
}

// Ruler is a measurement along waypoints: each leg from one waypoint to the
// next, and the total.
type Ruler struct {
	Legs  []Distance
	Total Distance
}

// Measure measures square to square along the waypoints with one diagonal
// count over all the legs, starting fresh: a leg with gaps a >= b whose b
// diagonals follow c earlier ones is a + floor((c + b) / 2) - floor(c / 2)
// squares (points: a). Terrain never matters. Fewer than two waypoints
// measure nothing. O(len(waypoints)).
func Measure(e *model.Encounter, waypoints []Point) Ruler {
	return MeasureFrom(e, 0, waypoints)
}

// MeasureFrom is Measure continuing a diagonal count of diagonals made
// before (a token's turn state): the first diagonal is the
// (diagonals + 1)-th.
func MeasureFrom(e *model.Encounter, diagonals int, waypoints []Point) Ruler {
	var r Ruler
	if len(waypoints) < 2 {
		return r
	}
	r.Legs = make([]Distance, 0, len(waypoints)-1)
	c, total := diagonals, 0
	for i := 1; i < len(waypoints); i++ {
		a, b := absInt(waypoints[i].X-waypoints[i-1].X), absInt(waypoints[i].Y-waypoints[i-1].Y)
		if a < b {
			a, b = b, a
		}
		leg := a
		if e.Ruleset != model.Points {
			leg += (c+b)/2 - c/2
			c += b
		}
		total += leg
		r.Legs = append(r.Legs, distance(e, leg))
	}
	r.Total = distance(e, total)
	return r
}

// absInt is |v|.
func absInt(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
