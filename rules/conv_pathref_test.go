package rules

import (
	"fmt"
	"math/rand"
	"testing"

	"encounterplanner/model"
)

// The path tie-breaks of queries.md checked by brute force: every route
// (every sequence of steps, split into Strides every way the rules allow,
// by the reference's step rule, reference_test.go) is enumerated on small
// random maps, keyed by (actions, cost, hazardous
// squares entered, reaction steps, directions), and the least key must be
// the path the engine returns, with its flags.

type convRoute struct {
	actions, cost, haz, react int
	dirs                      []int
}

func (a convRoute) less(b convRoute) bool {
	switch {
	case a.actions != b.actions:
		return a.actions < b.actions
	case a.cost != b.cost:
		return a.cost < b.cost
	case a.haz != b.haz:
		return a.haz < b.haz
	case a.react != b.react:
		return a.react < b.react
	}
	for i := 0; i < len(a.dirs) && i < len(b.dirs); i++ {
		if a.dirs[i] != b.dirs[i] {
			return a.dirs[i] < b.dirs[i]
		}
	}
	return len(a.dirs) < len(b.dirs)
}

// convBestRoutes enumerates every route and keeps the least per end.
func convBestRoutes(e *model.Encounter, q MoveQuery) map[[2]int]convRoute {
	t := &e.Tokens[q.Token]
	r, ok := newRefRules(kindOf(e.Ruleset), e, q)
	if !ok {
		return nil
	}
	best := map[[2]int]convRoute{}
	var dirs []int
	var walk func(x, y, p, s, c, cost, haz, react int)
	walk = func(x, y, p, s, c, cost, haz, react int) {
		if (x != t.X || y != t.Y) && r.legal(x, y, true) {
			rt := convRoute{s + 1, cost, haz, react, append([]int(nil), dirs...)}
			if b, ok := best[[2]int{x, y}]; !ok || rt.less(b) {
				best[[2]int{x, y}] = rt
			}
		}
		if s+1 < r.N && c > 0 && r.legal(x, y, false) {
			walk(x, y, p, s+1, 0, cost, haz, react)
		}
		for d := 0; d < 8; d++ {
			st := r.step(x, y, p, d)
			if !st.ok || c+st.w > r.B {
				continue
			}
			rx := 0
			if st.reaction {
				rx = 1
			}
			dirs = append(dirs, d)
			walk(x+model.Dir[d][0], y+model.Dir[d][1], st.p, s, c+st.w, cost+st.w, haz+st.haz, react+rx)
			dirs = dirs[:len(dirs)-1]
		}
	}
	if r.B > 0 {
		walk(t.X, t.Y, 0, 0, 0, 0, 0, 0)
	}
	return best
}

func TestConvPathTieBreaksBruteForce(t *testing.T) {
	for _, rs := range []model.Ruleset{model.SF2E, model.PF1E} {
		t.Run(string(rs), func(t *testing.T) {
			en := mustEngine(t, rs)
			fails, paths := 0, 0
			for seed := int64(1); seed <= int64(randomCases(400, 400)) && fails < 3; seed++ {
				r := rand.New(rand.NewSource(seed))
				W, H := 3+r.Intn(3), 3+r.Intn(3)
				g := model.NewGrid(W, H)
				pool := []model.Trait{0, 0, 0, 0, model.Wall, model.Obstacle, model.Difficult, model.GreaterDifficult,
					model.Hazardous, model.Narrow, model.Uneven, model.Hazardous | model.Difficult}
				for i := range g.Cells {
					g.Cells[i] = pool[r.Intn(len(pool))]
				}
				e := &model.Encounter{Name: "r", Ruleset: rs, Grid: g}
				mv := tok{name: "M", side: "a", speeds: fmt.Sprintf("land=%d fly=%d", 5*(1+r.Intn(3)), 5*(1+r.Intn(3)))}.token()
				if r.Intn(4) == 0 {
					mv.Size = model.Large
				}
				k := e.Space(&mv)
				mv.X, mv.Y = r.Intn(W-k+1), r.Intn(H-k+1)
				for y := mv.Y; y < mv.Y+k; y++ {
					for x := mv.X; x < mv.X+k; x++ {
						g.Set(x, y, 0)
					}
				}
				e.Tokens = append(e.Tokens, mv)
				for i := r.Intn(3); i > 0; i-- {
					o := tok{name: string(rune('N' + i)), x: r.Intn(W), y: r.Intn(H), side: []string{"a", "b", "b", ""}[r.Intn(4)]}.token()
					if o.X >= mv.X && o.X < mv.X+k && o.Y >= mv.Y && o.Y < mv.Y+k {
						continue
					}
					if r.Intn(3) == 0 {
						v := 10
						o.Reach = &v
					}
					e.Tokens = append(e.Tokens, o)
				}
				q := MoveQuery{Actions: 1 + r.Intn(2)}
				if r.Intn(4) == 0 {
					q.Mode = ModeFly
				}
				best := convBestRoutes(e, q)
				for pos, want := range best {
					p, err := en.Path(e, q, pos[0], pos[1])
					if err != nil {
						t.Fatal(err)
					}
					paths++
					var got []int
					x, y := mv.X, mv.Y
					for _, s := range p.Steps {
						for d := 0; d < 8; d++ {
							if x+model.Dir[d][0] == s.X && y+model.Dir[d][1] == s.Y {
								got = append(got, d)
							}
						}
						x, y = s.X, s.Y
					}
					if p.Actions != want.actions || p.Cost != want.cost*e.Feet() || fmt.Sprint(got) != fmt.Sprint(want.dirs) {
						fails++
						var names []string
						for _, d := range want.dirs {
							names = append(names, model.Facing(d).String())
						}
						t.Errorf("seed %d, %+v: path to %v: %s\nwant %d actions, cost %d, %d hazards, %d reactions: %v\n%s",
							seed, q, pos, pathString(p), want.actions, want.cost*e.Feet(), want.haz, want.react, names, pathMap(e, 0, p))
						break
					}
					// Flags: the reaction steps and the hazards agree.
					nr, nh := 0, 0
					for _, s := range p.Steps {
						if s.Flags&FlagReaction != 0 {
							nr++
						}
						if s.Flags&(FlagHazardous|FlagNarrow|FlagUneven) != 0 {
							nh++
						}
					}
					if nr != want.react || (want.haz == 0) != (nh == 0) {
						fails++
						t.Errorf("seed %d, %+v: path to %v: %s: %d reaction steps and hazard flags %v, want %d and %v\n%s",
							seed, q, pos, pathString(p), nr, nh > 0, want.react, want.haz > 0, pathMap(e, 0, p))
						break
					}
				}
			}
			t.Logf("%d paths compared", paths)
		})
	}
}
