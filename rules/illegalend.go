package rules

import "encounterplanner/model"

// Illegal ends (rules-conventions.md, "Conditions the rules act on", last
// bullet; pf1e "Accidentally Ending Movement in an Illegal Space", the same
// for every ruleset): a drop or forced move that would end where the token
// may not stand puts it in the last legal position it passed on the way,
// or, for a drop, the legal position nearest by the distance rule, ties by
// y then x.

// MayStand reports whether token tok may stand with the top-left square of
// its space at (x, y): the space is on the map, covers no wall, closed door
// or obstacle, and overlaps no other token it may not end on
// (Ruleset.MayEndOn). O(k^2 + tokens).
func MayStand(e *model.Encounter, tok, x, y int) bool {
	t := &e.Tokens[tok]
	k := e.Space(t)
	if x < 0 || y < 0 || x+k > e.Grid.W || y+k > e.Grid.H {
		return false
	}
	for yy := y; yy < y+k; yy++ {
		for xx := x; xx < x+k; xx++ {
			if tr := e.Grid.At(xx, yy); tr.BlocksLikeWall() || tr.Any(model.Obstacle) {
				return false
			}
		}
	}
	rs := Describe(e.Ruleset)
	for j := range e.Tokens {
		o := &e.Tokens[j]
		if j == tok || rs.MayEndOn(t, o) {
			continue
		}
		ko := e.Space(o)
		if x < o.X+ko && o.X < x+k && y < o.Y+ko && o.Y < y+k {
			return false
		}
	}
	return true
}

// SettleDrop is where token tok ends when dropped with its top-left at
// (x, y): there if it may stand there, else the legal position nearest to
// (x, y) by the ruleset's distance rule (SquaresBetween), ties by y then x.
// ok is false when the token may stand nowhere on the map. O(W H (k^2 +
// tokens)) at worst, (x, y) legal: O(k^2 + tokens).
func SettleDrop(e *model.Encounter, tok, x, y int) (p Point, ok bool) {
	if MayStand(e, tok, x, y) {
		return Point{x, y}, true
	}
	k := e.Space(&e.Tokens[tok])
	best := -1
	for yy := 0; yy+k <= e.Grid.H; yy++ {
		for xx := 0; xx+k <= e.Grid.W; xx++ {
			d := SquaresBetween(e.Ruleset, xx-x, yy-y)
			if (best < 0 || d < best) && MayStand(e, tok, xx, yy) {
				best, p = d, Point{xx, yy}
			}
		}
	}
	return p, best >= 0
}

// SettleForced is where token tok ends after a forced move through the
// positions passed, start first and the intended end last: the end if the
// token may stand there, else the last legal position passed before it;
// when none was legal, the end settles as a drop (SettleDrop). ok is false
// only when passed is empty or the token may stand nowhere.
func SettleForced(e *model.Encounter, tok int, passed []Point) (Point, bool) {
	for i := len(passed) - 1; i >= 0; i-- {
		if MayStand(e, tok, passed[i].X, passed[i].Y) {
			return passed[i], true
		}
	}
	if len(passed) == 0 {
		return Point{}, false
	}
	end := passed[len(passed)-1]
	return SettleDrop(e, tok, end.X, end.Y)
}
