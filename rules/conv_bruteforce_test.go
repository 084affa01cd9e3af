package rules

import (
	"fmt"
	"math/rand"
	"sort"
	"strings"
	"testing"

	"encounterplanner/model"
)

// An independent, deliberately plain reading of rules-conventions.md for
// sf2e and pf1e movement, written from the text alone (it shares no code
// with the engines but convSwept, the geometric definition of the squares a
// diagonal passes between), and compared with Reach on random maps.
//
// State: (Stride s, position, diagonal parity p, movement c spent in the
// Stride); Dijkstra on the total spent. Ending a Stride that is not the
// last is allowed where the space may stop (no wall, obstacle, enemy or
// neutral under it; allies allowed); the move ends where the space may end.

type bfState struct{ s, x, y, p, c int }

type bfItem struct {
	st bfState
	t  int
}

// bfReachReplay returns position -> {cost in feet, actions}, and a function that checks a path's steps
// against the same reading of the rules.
func bfReachReplay(e *model.Encounter, q MoveQuery) (map[[2]int][2]int, func(Path) error) {
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
	little := func(s model.Size) bool { return s <= model.Tiny }

	enter := func(x, y int) bool {
		tr := e.Grid.At(x, y)
		switch mode {
		case ModeFly:
			if tr&model.Wall != 0 {
				return false
			}
		case ModeSwim:
			if tr&(model.Wall|model.Obstacle) != 0 || tr&model.Water == 0 {
				return false
			}
		case ModeBurrow:
			if tr&(model.Wall|model.Water) != 0 {
				return false
			}
		default:
			if tr&(model.Wall|model.Obstacle|model.Water) != 0 {
				return false
			}
		}
		for j := range e.Tokens {
			o := &e.Tokens[j]
			if j == q.Token || little(t.Size) || little(o.Size) {
				continue
			}
			ko := e.Space(o)
			if x < o.X || x >= o.X+ko || y < o.Y || y >= o.Y+ko {
				continue
			}
			ally := t.SideOrNeutral() == o.SideOrNeutral() && t.SideOrNeutral() != model.Neutral
			gap := int(t.Size) - int(o.Size)
			if !ally && gap < 3 && gap > -3 {
				return false
			}
		}
		return true
	}
	// occupied: 0 free, 1 ally only, 2 someone else (enemy or neutral)
	occupied := func(x, y int) int {
		r := 0
		for j := range e.Tokens {
			o := &e.Tokens[j]
			if j == q.Token || little(t.Size) || little(o.Size) {
				continue
			}
			ko := e.Space(o)
			if x < o.X || x >= o.X+ko || y < o.Y || y >= o.Y+ko {
				continue
			}
			if t.SideOrNeutral() == o.SideOrNeutral() && t.SideOrNeutral() != model.Neutral {
				r = max(r, 1)
			} else {
				r = 2
			}
		}
		return r
	}
	solid := func(x, y int) bool { return e.Grid.At(x, y)&(model.Wall|model.Obstacle) != 0 }
	canEnd := func(x, y int) bool {
		for yy := y; yy < y+k; yy++ {
			for xx := x; xx < x+k; xx++ {
				if solid(xx, yy) || occupied(xx, yy) != 0 {
					return false
				}
			}
		}
		return true
	}
	canStop := func(x, y int) bool {
		for yy := y; yy < y+k; yy++ {
			for xx := x; xx < x+k; xx++ {
				if solid(xx, yy) || occupied(xx, yy) == 2 {
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
	cornerBlocks := func(x, y int) bool {
		if x < 0 || y < 0 || x >= W || y >= H {
			return false
		}
		tr := e.Grid.At(x, y)
		if mode == ModeFly || mode == ModeBurrow { // they pass obstacles
			return tr&model.Wall != 0
		}
		return tr&(model.Wall|model.Obstacle) != 0
	}
	// step returns the new position, the level and ok.
	step := func(x, y, d int) (int, int, int, bool) {
		dx, dy := model.Dir[d][0], model.Dir[d][1]
		nx, ny := x+dx, y+dy
		if nx < 0 || ny < 0 || nx+k > W || ny+k > H {
			return 0, 0, 0, false
		}
		if dx != 0 && dy != 0 {
			n := 0
			for _, s := range convSwept(x, y, k, dx, dy) {
				if cornerBlocks(s[0], s[1]) {
					n++
				}
			}
			if (pf1e && n >= 1) || n == 2 {
				return 0, 0, 0, false
			}
		}
		lvl := 0
		for yy := ny; yy < ny+k; yy++ {
			for xx := nx; xx < nx+k; xx++ {
				if xx >= x && xx < x+k && yy >= y && yy < y+k {
					continue
				}
				if !enter(xx, yy) {
					return 0, 0, 0, false
				}
				lvl = max(lvl, level(xx, yy))
			}
		}
		return nx, ny, lvl, true
	}
	cost := func(diag bool, p, lvl int) (int, int) {
		if pf1e && lvl > 0 {
			if diag {
				return 3 << (lvl - 1), p
			}
			return 1 << lvl, p
		}
		w := 1
		if diag {
			w += p
			p ^= 1
		}
		if !pf1e {
			w += lvl
		}
		return w, p
	}
	out := map[[2]int][2]int{}
	better := func(pos [2]int, act, t int) {
		if o, ok := out[pos]; !ok || act < o[1] || act == o[1] && t < o[0] {
			out[pos] = [2]int{t, act}
		}
	}
	if B > 0 {
		dist := map[bfState]int{}
		h := newMinQueue(func(a, b bfItem) bool { return a.t < b.t })
		s0 := bfState{0, t.X, t.Y, 0, 0}
		dist[s0] = 0
		h.push(bfItem{s0, 0})
		for h.Len() > 0 {
			it := h.pop()
			if dist[it.st] != it.t {
				continue
			}
			st := it.st
			if (st.x != t.X || st.y != t.Y) && canEnd(st.x, st.y) {
				better([2]int{st.x, st.y}, st.s+1, it.t)
			}
			push := func(ns bfState, nt int) {
				if d, ok := dist[ns]; !ok || nt < d {
					dist[ns] = nt
					h.push(bfItem{ns, nt})
				}
			}
			if st.s+1 < N && canStop(st.x, st.y) {
				push(bfState{st.s + 1, st.x, st.y, st.p, 0}, it.t)
			}
			for d := 0; d < 8; d++ {
				nx, ny, lvl, ok := step(st.x, st.y, d)
				if !ok {
					continue
				}
				w, np := cost(model.Dir[d][0] != 0 && model.Dir[d][1] != 0, st.p, lvl)
				if st.c+w > B {
					continue
				}
				push(bfState{st.s, nx, ny, np, st.c + w}, it.t+w)
			}
		}
	}
	for pos, v := range out {
		out[pos] = [2]int{v[0] * feet, v[1]}
	}
	if pf1e && N == 2 && speed > 0 {
		for d := 0; d < 8; d++ {
			nx, ny, _, ok := step(t.X, t.Y, d)
			if ok && canEnd(nx, ny) {
				if _, done := out[[2]int{nx, ny}]; !done {
					out[[2]int{nx, ny}] = [2]int{feet, 2}
				}
			}
		}
	}
	replay := func(pa Path) error {
		x, y, p, total := t.X, t.Y, 0, 0
		for i, st := range pa.Steps {
			d := -1
			for dd := 0; dd < 8; dd++ {
				if x+model.Dir[dd][0] == st.X && y+model.Dir[dd][1] == st.Y {
					d = dd
				}
			}
			if d < 0 {
				return fmt.Errorf("step %d to (%d,%d) is not adjacent to (%d,%d)", i, st.X, st.Y, x, y)
			}
			_, _, lvl, ok := step(x, y, d)
			if !ok {
				return fmt.Errorf("step %d to (%d,%d) is not allowed", i, st.X, st.Y)
			}
			w, np := cost(model.Dir[d][0] != 0 && model.Dir[d][1] != 0, p, lvl)
			if pf1e && pa.Actions == 2 && len(pa.Steps) == 1 && st.Cost == feet {
				w = 1 // minimum movement
			}
			p = np
			total += w * feet
			if st.Cost != w*feet || st.Total != total {
				return fmt.Errorf("step %d to (%d,%d) costs %d (total %d), want %d (total %d)", i, st.X, st.Y, st.Cost, st.Total, w*feet, total)
			}
			x, y = st.X, st.Y
		}
		if total != pa.Cost {
			return fmt.Errorf("steps total %d, path cost %d", total, pa.Cost)
		}
		return nil
	}
	return out, replay
}

// convRandomEncounter makes a small random map with a mover (token 0) and
// a few other creatures.
func convRandomEncounter(r *rand.Rand, rs model.Ruleset) (*model.Encounter, MoveQuery) {
	W, H := 3+r.Intn(6), 3+r.Intn(6)
	g := model.NewGrid(W, H)
	pool := []model.Trait{0, 0, 0, 0, 0, model.Wall, model.Obstacle, model.Difficult, model.GreaterDifficult, model.Water,
		model.Hazardous, model.Difficult | model.GreaterDifficult, model.Water | model.Difficult, model.Water | model.GreaterDifficult}
	for i := range g.Cells {
		g.Cells[i] = pool[r.Intn(len(pool))]
	}
	e := &model.Encounter{Name: "r", Ruleset: rs, Grid: g}
	if r.Intn(6) == 0 {
		e.FeetPerSquare = 10
	}
	sizes := []model.Size{model.Tiny, model.Small, model.Medium, model.Medium, model.Large, model.Huge}
	if rs == model.PF1E {
		sizes = append(sizes, model.Fine, model.Diminutive)
	}
	modes := Modes(rs)
	mode := modes[r.Intn(len(modes))]
	if r.Intn(2) == 0 {
		mode = ModeLand
	}
	mv := model.Token{Name: "M", Size: sizes[r.Intn(len(sizes))], Side: []string{"a", "b", ""}[r.Intn(3)], Speeds: map[string]int{}}
	mv.Speeds[mode] = []int{0, 5, 10, 15, 20, 25, 30, 12}[r.Intn(8)]
	if r.Intn(4) == 0 {
		mv.Conditions = []string{model.CondIgnoresDifficult}
	}
	k := e.Space(&mv)
	for k > W || k > H {
		mv.Size = model.Medium
		k = 1
	}
	mv.X, mv.Y = r.Intn(W-k+1), r.Intn(H-k+1)
	for y := mv.Y; y < mv.Y+k; y++ {
		for x := mv.X; x < mv.X+k; x++ {
			if mode == ModeSwim {
				g.Set(x, y, model.Water)
			} else {
				g.Set(x, y, 0)
			}
		}
	}
	e.Tokens = append(e.Tokens, mv)
	for i := r.Intn(4); i > 0; i-- {
		o := model.Token{Name: string(rune('N' + i)), Size: sizes[r.Intn(len(sizes))], Side: []string{"a", "b", ""}[r.Intn(3)]}
		ko := e.Space(&o)
		if ko > W || ko > H {
			continue
		}
		o.X, o.Y = r.Intn(W-ko+1), r.Intn(H-ko+1)
		if o.X < mv.X+k && mv.X < o.X+ko && o.Y < mv.Y+k && mv.Y < o.Y+ko {
			continue // not on the mover's start
		}
		e.Tokens = append(e.Tokens, o)
	}
	return e, MoveQuery{Mode: mode, Actions: 1 + r.Intn(MaxActions(rs))}
}

func TestConvIndependentReference(t *testing.T) {
	for _, rs := range []model.Ruleset{model.SF2E, model.PF1E} {
		t.Run(string(rs), func(t *testing.T) {
			en := mustEngine(t, rs)
			fails := 0
			for seed := int64(1); seed <= 4000 && fails < 3; seed++ {
				r := rand.New(rand.NewSource(seed))
				e, q := convRandomEncounter(r, rs)
				sq, err := en.Reach(nil, e, q)
				if err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
				want, replay := bfReachReplay(e, q)
				if seed%10 == 0 {
					// Paths: the cost and actions reach reports, steps
					// the rules allow at the costs they charge.
					for pos, v := range want {
						p, err := en.Path(e, q, pos[0], pos[1])
						if err != nil {
							t.Fatalf("seed %d: Path: %v", seed, err)
						}
						if !p.Reachable || p.Cost != v[0] || p.Actions != v[1] {
							t.Errorf("seed %d: path to %v: %s, want cost %d in %d actions\n%s", seed, pos, pathString(p), v[0], v[1], pathMap(e, 0, p))
						} else if err := replay(p); err != nil {
							t.Errorf("seed %d: path to %v: %v: %s\n%s", seed, pos, err, pathString(p), pathMap(e, 0, p))
						}
					}
				}
				got := map[[2]int][2]int{}
				for _, s := range sq {
					got[[2]int{s.X, s.Y}] = [2]int{s.Cost, s.Actions}
				}
				if fmt.Sprint(sortedBF(got)) != fmt.Sprint(sortedBF(want)) {
					fails++
					wantSq := []Square{}
					for p, v := range want {
						wantSq = append(wantSq, Square{X: p[0], Y: p[1], Cost: v[0], Actions: v[1]})
					}
					t.Errorf("seed %d, %+v, mover %+v, feet %d:\n%s", seed, q, e.Tokens[0], e.Feet(),
						sideBySide(e, gotReachRows(e, 0, sq), gotReachRows(e, 0, wantSq)))
				}
			}
		})
	}
}

func sortedBF(m map[[2]int][2]int) []string {
	var out []string
	for p, v := range m {
		out = append(out, fmt.Sprintf("(%d,%d)=%d/%d", p[0], p[1], v[0], v[1]))
	}
	sort.Strings(out)
	return []string{strings.Join(out, " ")}
}
