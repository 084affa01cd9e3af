package rules

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"encounterplanner/model"
)

// A slow, obviously right reference for flights over elevation layers: every
// state (x, y, layer, diagonal parity, movement spent in the Stride) of
// every Stride is relaxed until nothing changes, over every layer the
// budget can climb (no ceiling), with the rules of rules-conventions.md
// "Elevation" written out again for a one-square mover.

type flyRefState struct{ x, y, z, p, c int }

func refFlyReach(e *model.Encounter, tok, actions, endFeet, diagonals int) map[[2]int][2]int {
	k := kindOf(e.Ruleset)
	t := &e.Tokens[tok]
	fps := e.Feet()
	speed, _ := t.Speed(ModeFly)
	B := speed / fps
	g := &e.Grid
	z0, zEnd := t.Elevation/fps, endFeet/fps
	zmax := z0 + B*actions/2
	wall := func(x, y int) bool { return g.In(x, y) && g.At(x, y)&model.Wall != 0 }
	// A creature's cell: what it means for the mover.
	type occ struct{ block, noEnd, noStop bool }
	cell := func(x, y, z int) occ {
		var o occ
		for j := range e.Tokens {
			O := &e.Tokens[j]
			if j == tok || O.Size <= model.Tiny || t.Size <= model.Tiny {
				continue
			}
			ok := e.Space(O)
			l0 := O.Elevation / fps
			if x < O.X || x >= O.X+ok || y < O.Y || y >= O.Y+ok || z < l0 || z >= l0+ok {
				continue
			}
			o.noEnd = true
			if !model.Allies(t.SideOrNeutral(), O.SideOrNeutral()) {
				o.noStop = true
				if sizeGap(t.Size, O.Size) < 3 {
					o.block = true
				}
			}
		}
		return o
	}
	mayEnd := func(x, y, z int, final bool) bool {
		if z == 0 && g.At(x, y)&(model.Wall|model.Obstacle) != 0 {
			return false
		}
		o := cell(x, y, z)
		if final {
			return !o.noEnd
		}
		return !o.noStop
	}
	lvlAt := func(x, y int) int { // fly: greater difficult counts as difficult, difficult as nothing
		if g.At(x, y)&model.GreaterDifficult != 0 {
			return 1
		}
		return 0
	}
	best := map[[2]int][2]int{} // (x, y) -> (actions, cost in squares)
	// The turn's diagonals so far give the start parity (T counts from 0).
	starts := map[flyRefState]int{{t.X, t.Y, z0, diagonals % 2, 0}: 0}
	for s := 1; s <= actions; s++ {
		T := map[flyRefState]int{}
		for st, tt := range starts {
			T[st] = tt
		}
		for changed := true; changed; {
			changed = false
			for st, tt := range T {
				for h := 0; h <= 8; h++ {
					for _, dz := range []int{-2, -1, 0, 1} {
						if h < 8 && dz == -2 || h == 8 && dz == 0 {
							continue
						}
						nx, ny, nz := st.x, st.y, st.z+dz
						if nz < 0 || nz > zmax {
							continue
						}
						w, np := 0, st.p
						if h < 8 {
							dx, dy := model.Dir[h][0], model.Dir[h][1]
							nx, ny = st.x+dx, st.y+dy
							if !g.In(nx, ny) || wall(nx, ny) {
								continue
							}
							diag := dx != 0 && dy != 0
							if diag {
								a, b := wall(st.x, ny), wall(nx, st.y)
								if k == kindPF1E && (a || b) || k == kindSF2E && a && b {
									continue
								}
							}
							lvl := 0
							if nz == 0 {
								lvl = lvlAt(nx, ny)
							}
							if dz > 0 {
								lvl++
							}
							if k == kindPF1E && lvl > 0 {
								if diag {
									w = 3 << (lvl - 1)
								} else {
									w = 1 << lvl
								}
							} else {
								w = 1
								if diag {
									w += st.p
									np = 1 - st.p
								}
								if k == kindSF2E {
									w += lvl
								}
							}
						} else if dz > 0 {
							w = 2
						} else {
							w = 1
						}
						if st.c+w > B || cell(nx, ny, nz).block {
							continue
						}
						ns := flyRefState{nx, ny, nz, np, st.c + w}
						if old, ok := T[ns]; !ok || old > tt+w {
							T[ns] = tt + w
							changed = true
						}
					}
				}
			}
		}
		next := map[flyRefState]int{}
		for st, tt := range T {
			if st.z == zEnd && !(zEnd == z0 && st.x == t.X && st.y == t.Y) && mayEnd(st.x, st.y, st.z, true) {
				key := [2]int{st.x, st.y}
				if b, ok := best[key]; !ok || b[0] == s && b[1] > tt {
					best[key] = [2]int{s, tt}
				}
			}
			if mayEnd(st.x, st.y, st.z, false) {
				ns := flyRefState{st.x, st.y, st.z, st.p, 0}
				if old, ok := next[ns]; !ok || old > tt {
					next[ns] = tt
				}
			}
		}
		starts = next
	}
	// pf1e minimum movement at the same height.
	if k == kindPF1E && actions >= 2 && speed > 0 && zEnd == z0 {
		for d := 0; d < 8; d++ {
			dx, dy := model.Dir[d][0], model.Dir[d][1]
			nx, ny := t.X+dx, t.Y+dy
			if !g.In(nx, ny) || wall(nx, ny) || cell(nx, ny, z0).block || !mayEnd(nx, ny, z0, true) {
				continue
			}
			if dx != 0 && dy != 0 && (wall(t.X, ny) || wall(nx, t.Y)) {
				continue
			}
			if _, ok := best[[2]int{nx, ny}]; !ok {
				best[[2]int{nx, ny}] = [2]int{2, 1}
			}
		}
	}
	return best
}

func TestFly3DReference(t *testing.T) {
	n := randomCases(400, 60)
	for seed := 0; seed < n; seed++ {
		rng := rand.New(rand.NewPCG(uint64(seed), 9))
		rs := []model.Ruleset{model.SF2E, model.PF1E}[seed%2]
		w, h := 2+rng.IntN(5), 2+rng.IntN(5)
		e := &model.Encounter{Name: "fly", Ruleset: rs, Grid: model.NewGrid(w, h)}
		traits := []model.Trait{0, 0, 0, model.Wall, model.Obstacle, model.Difficult, model.GreaterDifficult, model.Water, model.Hazardous}
		for i := range e.Grid.Cells {
			e.Grid.Cells[i] = traits[rng.IntN(len(traits))]
		}
		me := model.Token{Name: "me", X: rng.IntN(w), Y: rng.IntN(h), Size: model.Medium, Side: "a",
			Speeds: map[string]int{ModeFly: 5 * rng.IntN(7)}, Elevation: 5 * rng.IntN(4)}
		e.Grid.Cells[me.Y*w+me.X] &^= model.Wall
		e.Tokens = append(e.Tokens, me)
		sides := []string{"a", "b", model.Neutral}
		for i := 0; i < rng.IntN(5); i++ {
			sz := []model.Size{model.Medium, model.Medium, model.Large, model.Tiny, model.Gargantuan, model.Gargantuan}[rng.IntN(6)]
			kk := rs.Space(sz)
			if kk > w || kk > h {
				sz, kk = model.Medium, 1
			}
			e.Tokens = append(e.Tokens, model.Token{Name: fmt.Sprint("o", i), X: rng.IntN(w - kk + 1), Y: rng.IntN(h - kk + 1), Size: sz,
				Side: sides[rng.IntN(len(sides))], Elevation: 5 * rng.IntN(4)})
		}
		actions := 1 + rng.IntN(MaxActions(rs))
		end := 5 * rng.IntN(5)
		diagonals := rng.IntN(3)
		want := refFlyReach(e, 0, actions, end, diagonals)
		q := flyQuery(0, actions, end)
		q.Turn.Diagonals = diagonals
		// Both searches: the fast one (fly3dfast.go) and fly3d.search.
		for _, slow := range []bool{false, true} {
			f := fly3d{noFast: slow}
			sq, _, err := f.reach(kindOf(rs), nil, e, q)
			if err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			got := map[[2]int][2]int{}
			for _, s := range sq {
				got[[2]int{s.X, s.Y}] = [2]int{s.Actions, s.Cost / 5}
			}
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Fatalf("seed %d %s (slow search %v): %d actions to %d ft from %d ft:\ngot  %v\nwant %v\n%s%s", seed, rs, slow, actions, end, me.Elevation, got, want, tokenMap(e), stackText(e))
			}
		}
	}
}
