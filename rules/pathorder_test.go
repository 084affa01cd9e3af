package rules

import (
	"math/rand/v2"
	"slices"
	"testing"

	"encounterplanner/model"
)

// refLexPath returns the directions of the route queries.md asks for, by
// brute force over the reference's settled states: the optimal routes to
// the target form a DAG of tight edges; walking it from the start, take the
// first direction (N, NE, ... NW) any optimal route can take next, keeping
// every state that direction leads to.
func refLexPath(k kind, e *model.Encounter, q MoveQuery, tx, ty int) ([]int, bool) {
	refDist = map[refState]refKey{}
	defer func() { refDist = nil }()
	out, ok := refReach(k, e, q)
	if !ok {
		return nil, false
	}
	best, ok := out[[2]int{tx, ty}]
	if !ok {
		return nil, false
	}
	t := &e.Tokens[q.Token]
	mode := q.Mode
	if mode == "" {
		mode = ModeLand
	}
	n := max(q.Actions, 1)
	r := &refRules{k: k, e: e, tok: q.Token, t: t, mode: mode, size: e.Space(t), feet: e.Feet(), B: t.Speeds[mode] / e.Feet(), N: n,
		ign: t.Has(model.CondIgnoresDifficult)}
	type edge struct {
		to  refState
		dir int // -1: a new Stride
	}
	succ := func(s refState) []edge {
		var out []edge
		d0 := refDist[s]
		if s.layer+1 < n && r.legal(s.x, s.y, false) {
			ns := refState{s.layer + 1, s.x, s.y, s.p, 0}
			if dn, ok := refDist[ns]; ok && dn == (refKey{s.layer + 1, d0.t, d0.h, d0.r}) {
				out = append(out, edge{ns, -1})
			}
		}
		for d := 0; d < 8; d++ {
			st := r.step(s.x, s.y, s.p, d)
			if !st.ok || s.c+st.w > r.B {
				continue
			}
			rr := 0
			if st.reaction {
				rr = 1
			}
			ns := refState{s.layer, s.x + model.Dir[d][0], s.y + model.Dir[d][1], st.p, s.c + st.w}
			if dn, ok := refDist[ns]; ok && dn == (refKey{s.layer, d0.t + st.w, d0.h + st.haz, d0.r + rr}) {
				out = append(out, edge{ns, d})
			}
		}
		return out
	}
	isEnd := func(s refState) bool {
		return s.x == tx && s.y == ty && refDist[s] == best
	}
	states := make([]refState, 0, len(refDist))
	for s := range refDist {
		states = append(states, s)
	}
	slices.SortFunc(states, func(a, b refState) int {
		ka, kb := refDist[a], refDist[b]
		if ka == kb {
			return 0
		}
		if ka.less(kb) {
			return 1 // descending
		}
		return -1
	})
	marked := map[refState]bool{}
	for _, s := range states {
		if isEnd(s) {
			marked[s] = true
			continue
		}
		for _, ed := range succ(s) {
			if marked[ed.to] {
				marked[s] = true
				break
			}
		}
	}
	closure := func(set []refState) []refState {
		for i := 0; i < len(set); i++ {
			for _, ed := range succ(set[i]) {
				if ed.dir < 0 && marked[ed.to] && !slices.Contains(set, ed.to) {
					set = append(set, ed.to)
				}
			}
		}
		return set
	}
	cur := closure([]refState{{0, t.X, t.Y, 0, 0}})
	var dirs []int
	for steps := 0; steps < 1000; steps++ {
		if slices.ContainsFunc(cur, isEnd) {
			return dirs, true
		}
		found := false
		for d := 0; d < 8 && !found; d++ {
			var next []refState
			for _, s := range cur {
				for _, ed := range succ(s) {
					if ed.dir == d && marked[ed.to] && !slices.Contains(next, ed.to) {
						next = append(next, ed.to)
					}
				}
			}
			if len(next) > 0 {
				dirs = append(dirs, d)
				cur = closure(next)
				found = true
			}
		}
		if !found {
			return nil, false
		}
	}
	return nil, false
}

// TestPathDirectionOrder checks the last tie-break of queries.md (the first
// direction in N, NE, ... NW order at each step) against the brute force.
func TestPathDirectionOrder(t *testing.T) {
	n := randomCases(100, 30)
	for _, rs := range []model.Ruleset{model.SF2E, model.PF1E} {
		k := kindOf(rs)
		for seed := uint64(0); seed < uint64(n); seed++ {
			e, q := randEncounter(rand.New(rand.NewPCG(seed, 7)), rs)
			if q.Step {
				continue
			}
			en := mustEngine(t, rs)
			sq, err := en.Reach(nil, e, q)
			if err != nil {
				continue
			}
			for _, s := range sq {
				want, ok := refLexPath(k, e, q, s.X, s.Y)
				if !ok {
					continue // pf1e minimum movement
				}
				p, _ := en.Path(e, q, s.X, s.Y)
				var got []int
				tx, ty := e.Tokens[q.Token].X, e.Tokens[q.Token].Y
				for _, st := range p.Steps {
					for d := 0; d < 8; d++ {
						if tx+model.Dir[d][0] == st.X && ty+model.Dir[d][1] == st.Y {
							got = append(got, d)
						}
					}
					tx, ty = st.X, st.Y
				}
				if !slices.Equal(got, want) {
					t.Errorf("%s seed %d %+v to (%d,%d): directions %v, want %v\n%s", rs, seed, q, s.X, s.Y, got, want,
						reachMap(e, q.Token, sq))
					return
				}
			}
		}
	}
}
