package rules

import "encounterplanner/model"

// Every number a query takes from the user (a Speed, a mobility, a turning
// cost, a reach, a range, a distance) may be any int, math.MaxInt64
// included. Each engine clamps it with clampUse, before any arithmetic, to
// the most the map can use: a larger value gives the same answer, and every
// sum and product the searches make stays far from overflow.

// maxUse bounds every limit clampUse is given (satMul saturates here), so
// that a clamped value times a small factor still fits an int.
const maxUse = 1 << 40

// clampUse limits v, a number the user gave, to [0, limit]: a negative
// value counts as 0 and one beyond what the map can use as limit.
func clampUse(v, limit int) int { return min(max(v, 0), limit) }

// satMul is a x b for a, b >= 0, saturating at maxUse; satAdd likewise.
func satMul(a, b int) int {
	if a <= 0 || b <= 0 {
		return 0
	}
	if a > maxUse/b {
		return maxUse
	}
	return min(a*b, maxUse)
}

func satAdd(a, b int) int { return min(a+min(b, maxUse), maxUse) }

// mapSquares is the number of squares of the map (at most maxUse).
func mapSquares(g *model.Grid) int { return satMul(max(g.W, 0), max(g.H, 0)) }

// mapSide is the longer side of the map in squares: no straight line on
// the map (a leap, a teleport, a forced movement) is longer.
func mapSide(g *model.Grid) int { return max(g.W, g.H, 0) }

// reachFeet is the token's reach in feet (naturalReach), clamped to the
// farthest any square of the map can be from its space: the distance
// a + floor(b/2) between squares whose gaps are a >= b is below W + H, and a
// reach that long already covers the whole map (a pf1e reach weapon's ring
// beyond it is empty either way).
func reachFeet(k kind, e *model.Encounter, t *model.Token) int {
	g := &e.Grid
	return clampUse(naturalReach(k, t), satMul(e.Feet(), 2*(max(g.W, 0)+max(g.H, 0)+2)))
}
