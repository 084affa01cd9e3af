package rules

import (
	"encounterplanner/model"
)

// pf1eEngine is the Pathfinder 1e / d20 ruleset (pf1e-special-movement.txt
// as settled by rules-conventions.md "pf1e").
type pf1eEngine struct {
	s     searcher
	flank flankScratch // Flanking's buffers
}

func newPF1E() Engine { return &pf1eEngine{} }

// Reach lists where the token can end a move action (1) or a double move
// (2), with the minimum-movement rule for 2. See searcher.reach for the cost.
func (g *pf1eEngine) Reach(dst []Square, e *model.Encounter, q MoveQuery) ([]Square, error) {
	if out, used, err := g.s.flyReach(kindPF1E, dst, e, q); used {
		return out, err
	}
	if err := g.s.moveReach(kindPF1E, e, q); err != nil {
		return dst, err
	}
	return g.s.results(dst), nil
}

func (g *pf1eEngine) reachBands(buf []Square, e *model.Encounter, q MoveQuery, fn func([]Square) error) error {
	return g.s.moveBands(kindPF1E, buf, e, q, fn)
}

// pf1eMinimum adds the squares of "Minimum Movement": with 2 actions, every
// adjacent square the token may enter and end in, that normal movement
// cannot reach, costs a full-round action and 5 ft. A Speed of 0 prohibits it.
func pf1eMinimum(s *searcher) {
	m := &s.m
	if m.layers < 2 || m.speed <= 0 {
		return
	}
	x, y := m.start%m.W, m.start/m.W
	for d := 0; d < 8; d++ {
		npos, _, _, _, ok := m.try(x, y, d)
		if ok && s.legal(npos)&legFinal != 0 {
			s.record(npos, 2, 1)
		}
	}
}

// pf1eMinimumPath is the one-step path of minimum movement to (x, y), if
// that is how the square is reached.
func pf1eMinimumPath(s *searcher, steps []Step, x, y int) (Path, bool) {
	m := &s.m
	if m.layers < 2 || m.speed <= 0 {
		return Path{}, false
	}
	sx, sy := m.start%m.W, m.start/m.W
	for d := 0; d < 8; d++ {
		if sx+model.Dir[d][0] != x || sy+model.Dir[d][1] != y {
			continue
		}
		npos, _, _, thr, ok := m.try(sx, sy, d)
		if !ok || s.legal(npos)&legFinal == 0 {
			return Path{}, false
		}
		f := m.enteredFlags(sx, sy, d)
		if thr {
			f |= FlagReaction // "provokes attacks of opportunity as normal"
		}
		diags := m.diag0
		if isDiagDir(d) {
			diags++ // moved diagonally, counted as a diagonal of the turn
		}
		return Path{Reachable: true, Cost: m.feet, Actions: 2, Diagonals: diags,
			Steps: append(steps[:0], Step{X: x, Y: y, Turn: NoTurn, Cost: m.feet, Total: m.feet, Flags: f})}, true
	}
	return Path{}, false
}

// Path returns the best route to (x, y) (queries.md "path").
func (g *pf1eEngine) Path(e *model.Encounter, q MoveQuery, x, y int) (Path, error) {
	return movePath(&g.s, kindPF1E, nil, e, q, x, y)
}

// AppendPath is Path with the steps in steps[:0] (PathAppender).
func (g *pf1eEngine) AppendPath(steps []Step, e *model.Encounter, q MoveQuery, x, y int) (Path, error) {
	return movePath(&g.s, kindPF1E, steps, e, q, x, y)
}

// Cover: the attacker picks the corner of its space that gives the target
// the least cover and draws segments to every corner of the target's space
// (rules-conventions.md "pf1e"). O(4 x 4 segments + tokens).
func (g *pf1eEngine) Cover(e *model.Encounter, from, to int) (Cover, error) {
	if err := checkPair(e, from, to); err != nil {
		return 0, err
	}
	if c, ok := cover3(kindPF1E, e, from, to); ok {
		return c, nil
	}
	A, B := &e.Tokens[from], &e.Tokens[to]
	ak, bk := e.Space(A), e.Space(B)
	if blockedBy(&e.Grid, e.Edges, A.X, A.Y, ak, B.X, B.Y, bk) {
		return CoverBlocked, nil
	}
	solid := geom{&e.Grid}.terrain(model.Wall | model.Obstacle)
	best := CoverStandard
	for ca := 0; ca < 4 && best > CoverNone; ca++ {
		px, py := 2*A.X+2*ak*(ca&1), 2*A.Y+2*ak*(ca>>1)
		c := CoverNone
		for cb := 0; cb < 4 && c < CoverStandard; cb++ {
			qx, qy := 2*B.X+2*bk*(cb&1), 2*B.Y+2*bk*(cb>>1)
			if segHits(px, py, qx, qy, -1, e.Grid.W, solid) || len(e.Edges) > 0 && edgesHit(e.Edges, px, py, qx, qy, segStartOn) {
				c = CoverStandard
				break
			}
			if c == CoverLesser {
				continue
			}
			for i := range e.Tokens {
				o := &e.Tokens[i]
				if i != from && i != to && o.Size > model.Tiny && creatureHit(e, o, px, py, qx, qy) {
					c = CoverLesser
					break
				}
			}
		}
		best = min(best, c)
	}
	return best, nil
}

// Flanking lists every flanking pair: allies threatening a foe from
// opposite sides or corners. O(T^3).
func (g *pf1eEngine) Flanking(e *model.Encounter) ([]Flank, error) {
	return flanking(kindPF1E, e, &g.flank)
}

// Threatened appends the squares tok threatens (reach weapons included).
func (g *pf1eEngine) Threatened(dst []Point, e *model.Encounter, tok int) []Point {
	return threatened(kindPF1E, dst, e, tok, &g.s.m.walls)
}
