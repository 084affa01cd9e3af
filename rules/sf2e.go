package rules

import (
	"encounterplanner/model"
)

// sf2eEngine is the Starfinder 2e (and Pathfinder 2e) ruleset: Player Core
// pp. 412-417 as settled by rules-conventions.md "sf2e".
type sf2eEngine struct {
	s     searcher
	flank flankScratch // Flanking's buffers
}

func newSF2E() Engine { return &sf2eEngine{} }

// Reach lists where the token can end a move of q.Actions Strides (or one
// Step). See searcher.reach for the cost.
func (g *sf2eEngine) Reach(dst []Square, e *model.Encounter, q MoveQuery) ([]Square, error) {
	if out, used, err := g.s.flyReach(kindSF2E, dst, e, q); used {
		return out, err
	}
	if err := g.s.moveReach(kindSF2E, e, q); err != nil {
		return dst, err
	}
	return g.s.results(dst), nil
}

func (g *sf2eEngine) reachBands(buf []Square, e *model.Encounter, q MoveQuery, fn func([]Square) error) error {
	return g.s.moveBands(kindSF2E, buf, e, q, fn)
}

// moveReach runs the 2-D search of an sf2e or pf1e reach query, leaving the
// answers for results: a Step, or the Strides or move actions (and pf1e's
// minimum movement).
func (s *searcher) moveReach(k kind, e *model.Encounter, q MoveQuery) error {
	if _, err := s.m.prepare(k, e, q); err != nil {
		return err
	}
	switch {
	case q.Step:
		s.step()
	case k == kindPF1E:
		s.reach()
		pf1eMinimum(s)
	default:
		s.reach()
	}
	return nil
}

// Path returns the best route to (x, y) (queries.md "path").
func (g *sf2eEngine) Path(e *model.Encounter, q MoveQuery, x, y int) (Path, error) {
	return movePath(&g.s, kindSF2E, nil, e, q, x, y)
}

// AppendPath is Path with the steps in steps[:0] (PathAppender).
func (g *sf2eEngine) AppendPath(steps []Step, e *model.Encounter, q MoveQuery, x, y int) (Path, error) {
	return movePath(&g.s, kindSF2E, steps, e, q, x, y)
}

// noSteps is the empty Steps of an unreachable square: steps[:0], never
// nil (an empty list, not a missing one).
func noSteps(steps []Step) []Step {
	if steps == nil {
		return []Step{}
	}
	return steps[:0]
}

func movePath(s *searcher, k kind, steps []Step, e *model.Encounter, q MoveQuery, x, y int) (Path, error) {
	if p, used, err := s.flyPath(k, steps, e, q, x, y); used {
		return p, err
	}
	if _, err := s.m.prepare(k, e, q); err != nil {
		return Path{}, err
	}
	m := &s.m
	if !e.Grid.In(x, y) {
		return Path{}, BadQuery("path: square (%d, %d) is off the %dx%d map", x, y, m.W, m.H)
	}
	none := Path{Steps: noSteps(steps), Diagonals: m.diag0}
	if x+m.k > m.W || y+m.k > m.H {
		return none, nil
	}
	target := y*m.W + x
	if q.Step {
		s.step()
		if s.posStamp[target] != s.gen {
			return none, nil
		}
		sx, sy := m.start%m.W, m.start/m.W
		for d := 0; d < 8; d++ {
			if sx+model.Dir[d][0] == x && sy+model.Dir[d][1] == y {
				diags := m.diag0
				if isDiagDir(d) {
					diags++
				}
				return Path{Reachable: true, Cost: m.feet, Actions: 1, Diagonals: diags, Steps: append(steps[:0], Step{X: x, Y: y, Turn: NoTurn,
					Cost: m.feet, Total: m.feet, Flags: m.enteredFlags(sx, sy, d)})}, nil
			}
		}
	}
	actions := s.path(target)
	if actions == 0 {
		if k == kindPF1E {
			if p, ok := pf1eMinimumPath(s, steps, x, y); ok {
				return p, nil
			}
		}
		return none, nil
	}
	return s.buildPath(steps, actions), nil
}

// Cover returns the cover token `to` has against token `from` (Player Core
// p. 416; rules-conventions.md "Cover"). O(squares along 17 segments +
// tokens).
func (g *sf2eEngine) Cover(e *model.Encounter, from, to int) (Cover, error) {
	if err := checkPair(e, from, to); err != nil {
		return 0, err
	}
	if c, ok := cover3(kindSF2E, e, from, to); ok {
		return c, nil
	}
	A, B := &e.Tokens[from], &e.Tokens[to]
	ak, bk := e.Space(A), e.Space(B)
	if blockedBy(&e.Grid, e.Edges, A.X, A.Y, ak, B.X, B.Y, bk) {
		return CoverBlocked, nil
	}
	px, py := centre(A.X, A.Y, ak)
	qx, qy := centre(B.X, B.Y, bk)
	c := CoverNone
	if segHits(px, py, qx, qy, -1, e.Grid.W, geom{&e.Grid}.terrain(model.Wall|model.Obstacle)) ||
		len(e.Edges) > 0 && edgesHit(e.Edges, px, py, qx, qy, segStartOn) {
		c = CoverStandard
	} else {
		for i := range e.Tokens {
			o := &e.Tokens[i]
			if i == from || i == to || o.Size <= model.Tiny || !creatureHit(e, o, px, py, qx, qy) {
				continue
			}
			// Cover and Large Creatures (p. 416).
			if o.Size >= A.Size+2 && o.Size >= B.Size+2 {
				c = CoverStandard
				break
			}
			c = CoverLesser
		}
	}
	if c == CoverStandard && B.Has(model.CondTakenCover) {
		c = CoverGreater
	}
	return c, nil
}

// Flanking lists every flanking pair (Player Core p. 417). O(T^3).
func (g *sf2eEngine) Flanking(e *model.Encounter) ([]Flank, error) {
	return flanking(kindSF2E, e, &g.flank)
}

// Threatened appends the squares within tok's reach, outside its space.
func (g *sf2eEngine) Threatened(dst []Point, e *model.Encounter, tok int) []Point {
	return threatened(kindSF2E, dst, e, tok, &g.s.m.walls)
}
