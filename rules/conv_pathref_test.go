package rules

import (
	"fmt"
	"math/rand"
	"testing"

	"encounterplanner/model"
)

// The path tie-breaks of queries.md checked by brute force: every route
// (every sequence of steps, split into Strides every way the rules allow)
// is enumerated on small random maps, keyed by (actions, cost, hazardous
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
	pf1e := e.Ruleset == model.PF1E
	t := &e.Tokens[q.Token]
	mode := q.Mode
	if mode == "" {
		mode = ModeLand
	}
	speed, _ := t.Speed(mode)
	feet := e.Feet()
	B := speed / feet
	N := max(q.Actions, 1)
	k := e.Space(t)
	W, H := e.Grid.W, e.Grid.H
	// Reuse the plain reading of the step rule (bfReachReplay) through a
	// one-step probe: build the step and cost rules here again, briefly.
	little := func(s model.Size) bool { return s <= model.Tiny }
	sideOf := func(o *model.Token) string { return o.SideOrNeutral() }
	me := sideOf(t)
	occ := func(x, y int) (ally, other, blocker bool) {
		for j := range e.Tokens {
			o := &e.Tokens[j]
			ko := e.Space(o)
			if j == q.Token || little(t.Size) || little(o.Size) || x < o.X || x >= o.X+ko || y < o.Y || y >= o.Y+ko {
				continue
			}
			if sideOf(o) == me && me != model.Neutral {
				ally = true
				continue
			}
			other = true
			if gap := int(t.Size) - int(o.Size); gap < 3 && gap > -3 {
				blocker = true
			}
		}
		return
	}
	enter := func(x, y int) bool {
		tr := e.Grid.At(x, y)
		var bad model.Trait
		switch mode {
		case ModeFly:
			bad = model.Wall
		case ModeBurrow:
			bad = model.Wall | model.Water
		case ModeSwim:
			bad = model.Wall | model.Obstacle
			if tr&model.Water == 0 {
				return false
			}
		default:
			bad = model.Wall | model.Obstacle | model.Water
		}
		_, _, blocker := occ(x, y)
		return tr&bad == 0 && !blocker
	}
	solid := func(x, y int) bool { return e.Grid.At(x, y)&(model.Wall|model.Obstacle) != 0 }
	spaceOK := func(x, y int, final bool) bool {
		for yy := y; yy < y+k; yy++ {
			for xx := x; xx < x+k; xx++ {
				ally, other, _ := occ(xx, yy)
				if solid(xx, yy) || other || final && ally {
					return false
				}
			}
		}
		return true
	}
	level := func(x, y int) int {
		tr := e.Grid.At(x, y)
		l := 0
		if tr&model.Difficult != 0 {
			l = 1
		}
		if tr&model.GreaterDifficult != 0 {
			l = 2
		}
		if mode == ModeFly || t.Has(model.CondIgnoresDifficult) {
			l = max(l-1, 0)
		}
		if mode == ModeBurrow {
			l = 0
		}
		return l
	}
	// Threatened squares: within the reach of an enemy that can act.
	threat := map[[2]int]bool{}
	for j := range e.Tokens {
		o := &e.Tokens[j]
		if j == q.Token || me == model.Neutral || sideOf(o) == model.Neutral || sideOf(o) == me ||
			o.Has(model.CondUnconscious) || o.Has(model.CondCannotAct) || o.Has(model.CondNoMelee) {
			continue
		}
		for _, p := range mustThreat(e, j) {
			threat[[2]int{p.X, p.Y}] = true
		}
	}
	best := map[[2]int]convRoute{}
	var dirs []int
	var walk func(x, y, p, s, c, cost, haz, react int)
	walk = func(x, y, p, s, c, cost, haz, react int) {
		if (x != t.X || y != t.Y) && spaceOK(x, y, true) {
			r := convRoute{s + 1, cost, haz, react, append([]int(nil), dirs...)}
			if b, ok := best[[2]int{x, y}]; !ok || r.less(b) {
				best[[2]int{x, y}] = r
			}
		}
		if s+1 < N && c > 0 && spaceOK(x, y, false) {
			walk(x, y, p, s+1, 0, cost, haz, react)
		}
		for d := 0; d < 8; d++ {
			dx, dy := model.Dir[d][0], model.Dir[d][1]
			nx, ny := x+dx, y+dy
			if nx < 0 || ny < 0 || nx+k > W || ny+k > H {
				continue
			}
			diag := dx != 0 && dy != 0
			if diag {
				n := 0
				for _, b := range convSwept(x, y, k, dx, dy) {
					if b[0] >= 0 && b[1] >= 0 && b[0] < W && b[1] < H {
						tr := e.Grid.At(b[0], b[1])
						if mode == ModeFly || mode == ModeBurrow { // they pass obstacles
							tr &= model.Wall
						}
						if tr&(model.Wall|model.Obstacle) != 0 {
							n++
						}
					}
				}
				if n == 2 || pf1e && n == 1 {
					continue
				}
			}
			ok, lvl, h := true, 0, 0
			for yy := ny; yy < ny+k; yy++ {
				for xx := nx; xx < nx+k; xx++ {
					if xx >= x && xx < x+k && yy >= y && yy < y+k {
						continue
					}
					if !enter(xx, yy) {
						ok = false
					}
					lvl = max(lvl, level(xx, yy))
					if mode != ModeFly && e.Grid.At(xx, yy)&(model.Hazardous|model.Narrow|model.Uneven) != 0 {
						h++
					}
				}
			}
			if !ok {
				continue
			}
			w, np := 1, p
			if pf1e && lvl > 0 {
				w = 1 << lvl
				if diag {
					w = 3 << (lvl - 1)
				}
			} else {
				if diag {
					w += p
					np ^= 1
				}
				if !pf1e {
					w += lvl
				}
			}
			if c+w > B {
				continue
			}
			rx := 0
			for yy := y; yy < y+k && rx == 0; yy++ {
				for xx := x; xx < x+k; xx++ {
					if !(xx >= nx && xx < nx+k && yy >= ny && yy < ny+k) && threat[[2]int{xx, yy}] {
						rx = 1
						break
					}
				}
			}
			dirs = append(dirs, d)
			walk(nx, ny, np, s, c+w, cost+w, haz+h, react+rx)
			dirs = dirs[:len(dirs)-1]
		}
	}
	if B > 0 {
		walk(t.X, t.Y, 0, 0, 0, 0, 0, 0)
	}
	return best
}

func mustThreat(e *model.Encounter, j int) []Point {
	en, _ := For(e.Ruleset)
	return en.Threatened(nil, e, j)
}

func TestConvPathTieBreaksBruteForce(t *testing.T) {
	for _, rs := range []model.Ruleset{model.SF2E, model.PF1E} {
		t.Run(string(rs), func(t *testing.T) {
			en := mustEngine(t, rs)
			fails, paths := 0, 0
			for seed := int64(1); seed <= 400 && fails < 3; seed++ {
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
