package rules

import (
	"fmt"
	"math/rand"
	"testing"

	"encounterplanner/model"
)

// Independent plain readings of the starship and points movement
// conventions (sharing only convSwept with the engines), compared with
// Reach on random maps with spaces of every size.

type convGrid struct {
	e    *model.Encounter
	tok  int
	k    int
	W, H int
}

func (g convGrid) fits(x, y int) bool { return x >= 0 && y >= 0 && x+g.k <= g.W && y+g.k <= g.H }

// entered lists the squares a step of the space from (x, y) to (nx, ny)
// newly enters.
func (g convGrid) entered(x, y, nx, ny int) [][2]int {
	var out [][2]int
	for yy := ny; yy < ny+g.k; yy++ {
		for xx := nx; xx < nx+g.k; xx++ {
			if !(xx >= x && xx < x+g.k && yy >= y && yy < y+g.k) {
				out = append(out, [2]int{xx, yy})
			}
		}
	}
	return out
}

// others reports the other tokens whose space holds (x, y).
func (g convGrid) others(x, y int) []*model.Token {
	var out []*model.Token
	for j := range g.e.Tokens {
		o := &g.e.Tokens[j]
		ko := g.e.Space(o)
		if j != g.tok && x >= o.X && x < o.X+ko && y >= o.Y && y < o.Y+ko {
			out = append(out, o)
		}
	}
	return out
}

type convItem struct{ s, c int }

// convDijkstra runs Dijkstra over states 0..n-1 from s0 with the given
// edges, up to budget; it returns the cost per state (-1: not reached).
func convDijkstra(n, s0, budget int, edges func(s int, add func(t, w int))) []int {
	dist := make([]int, n)
	for i := range dist {
		dist[i] = -1
	}
	dist[s0] = 0
	h := newMinQueue(func(a, b convItem) bool { return a.c < b.c }, convItem{s0, 0})
	for h.Len() > 0 {
		it := h.pop()
		if dist[it.s] != it.c {
			continue
		}
		edges(it.s, func(t, w int) {
			if c := it.c + w; c <= budget && (dist[t] < 0 || c < dist[t]) {
				dist[t] = c
				h.push(convItem{t, c})
			}
		})
	}
	return dist
}

func convRefShipReach(e *model.Encounter, tok int) map[[2]int]Square {
	t := &e.Tokens[tok]
	g := convGrid{e, tok, e.Space(t), e.Grid.W, e.Grid.H}
	feet := e.Feet()
	fly := t.Speeds["fly"]
	turn, canTurn := t.Speeds["turn"]
	solid := func(x, y int) bool { return e.Grid.At(x, y)&(model.Wall|model.Obstacle) != 0 }
	st := func(x, y, f, p int) int { return ((y*g.W+x)*8+f)*2 + p }
	dist := convDijkstra(g.W*g.H*16, st(t.X, t.Y, int(t.Facing), 0), fly, func(s int, add func(int, int)) {
		p, f, pos := s&1, (s>>1)&7, s>>4
		x, y := pos%g.W, pos/g.W
		if canTurn {
			add(st(x, y, (f+1)&7, p), turn/2)
			add(st(x, y, (f+7)&7, p), turn/2)
		}
		dx, dy := model.Dir[f][0], model.Dir[f][1]
		nx, ny := x+dx, y+dy
		if !g.fits(nx, ny) {
			return
		}
		w, np := feet, p
		if dx != 0 && dy != 0 {
			for _, b := range convSwept(x, y, g.k, dx, dy) {
				if solid(b[0], b[1]) {
					return
				}
			}
			if p == 1 {
				w = 2 * feet
			}
			np = 1 - p
		}
		difficult := false
		for _, sq := range g.entered(x, y, nx, ny) {
			if solid(sq[0], sq[1]) {
				return
			}
			if e.Grid.At(sq[0], sq[1])&(model.Difficult|model.GreaterDifficult) != 0 || len(g.others(sq[0], sq[1])) > 0 {
				difficult = true
			}
		}
		if difficult {
			w *= 2
		}
		add(st(nx, ny, f, np), w)
	})
	out := map[[2]int]Square{}
	for y := 0; y+g.k <= g.H; y++ {
		for x := 0; x+g.k <= g.W; x++ {
			if x == t.X && y == t.Y {
				continue
			}
			ok := true
			for yy := y; yy < y+g.k; yy++ {
				for xx := x; xx < x+g.k; xx++ {
					if solid(xx, yy) {
						ok = false
					}
					for _, o := range g.others(xx, yy) {
						if d := int(o.Size) - int(t.Size); d < 2 && d > -2 {
							ok = false
						}
					}
				}
			}
			if !ok {
				continue
			}
			sq := Square{X: x, Y: y, Cost: -1, Actions: 1}
			for f := 0; f < 8; f++ {
				for p := 0; p < 2; p++ {
					if c := dist[st(x, y, f, p)]; c >= 0 {
						sq.Facings |= 1 << f
						if sq.Cost < 0 || c < sq.Cost {
							sq.Cost = c
						}
					}
				}
			}
			if sq.Facings != 0 {
				out[[2]int{x, y}] = sq
			}
		}
	}
	return out
}

func convRefPointsReach(e *model.Encounter, tok int, q MoveQuery) map[[2]int]Square {
	t := &e.Tokens[tok]
	g := convGrid{e, tok, e.Space(t), e.Grid.W, e.Grid.H}
	land, ok := t.Speeds["land"]
	if !ok {
		land = 5
	}
	mob, ok := t.Speeds["mobility"]
	if !ok {
		mob = 2
	}
	if land == 0 {
		mob = 0 // "A Speed of 0 is a Speed: it reaches no square"
	}
	n := max(q.Actions, 1)
	extra := 0
	if q.Mode == ModeCrawl || q.Mode == ModeClimb || q.Mode == ModeSwim {
		extra = 1
	}
	ally := func(o *model.Token) bool {
		return o.SideOrNeutral() == t.SideOrNeutral() && t.SideOrNeutral() != model.Neutral
	}
	blocks := func(x, y int) bool {
		if e.Grid.At(x, y)&(model.Wall|model.Obstacle) != 0 {
			return true
		}
		for _, o := range g.others(x, y) {
			if !ally(o) {
				return true
			}
		}
		return false
	}
	dist := convDijkstra(g.W*g.H, t.Y*g.W+t.X, land+(n-1)*mob, func(s int, add func(int, int)) {
		x, y := s%g.W, s/g.W
		for d := 0; d < 8; d++ {
			dx, dy := model.Dir[d][0], model.Dir[d][1]
			nx, ny := x+dx, y+dy
			if !g.fits(nx, ny) {
				continue
			}
			if dx != 0 && dy != 0 {
				cut := false
				for _, b := range convSwept(x, y, g.k, dx, dy) {
					if b[0] >= 0 && b[1] >= 0 && b[0] < g.W && b[1] < g.H && blocks(b[0], b[1]) {
						cut = true
					}
				}
				if cut {
					continue
				}
			}
			sur, ok := 0, true
			for _, sq := range g.entered(x, y, nx, ny) {
				if blocks(sq[0], sq[1]) {
					ok = false
				}
				tr := e.Grid.At(sq[0], sq[1])
				if tr&model.GreaterDifficult != 0 {
					sur = 2
				} else if tr&model.Difficult != 0 {
					sur = max(sur, 1)
				}
			}
			if ok {
				add(ny*g.W+nx, 1+sur+extra)
			}
		}
	})
	out := map[[2]int]Square{}
	for y := 0; y+g.k <= g.H; y++ {
		for x := 0; x+g.k <= g.W; x++ {
			c := dist[y*g.W+x]
			if c < 0 || x == t.X && y == t.Y {
				continue
			}
			end := true
			for yy := y; yy < y+g.k; yy++ {
				for xx := x; xx < x+g.k; xx++ {
					if e.Grid.At(xx, yy)&(model.Wall|model.Obstacle) != 0 || len(g.others(xx, yy)) > 0 {
						end = false
					}
				}
			}
			if !end {
				continue
			}
			a := 1
			for c > land+(a-1)*mob {
				a++
			}
			out[[2]int{x, y}] = Square{X: x, Y: y, Cost: c, Actions: a}
		}
	}
	return out
}

func convRandomTerrain(r *rand.Rand, W, H int) model.Grid {
	g := model.NewGrid(W, H)
	pool := []model.Trait{0, 0, 0, 0, 0, 0, model.Wall, model.Obstacle, model.Difficult, model.GreaterDifficult, model.Hazardous,
		model.Water, model.Difficult | model.GreaterDifficult}
	for i := range g.Cells {
		g.Cells[i] = pool[r.Intn(len(pool))]
	}
	return g
}

func convCompareSquares(t *testing.T, seed int64, e *model.Encounter, got []Square, want map[[2]int]Square) bool {
	t.Helper()
	gm := map[[2]int]Square{}
	for _, s := range got {
		gm[[2]int{s.X, s.Y}] = s
	}
	same := len(gm) == len(want) && len(got) == len(gm)
	for p, w := range want {
		if gm[p] != w {
			same = false
		}
	}
	if !same {
		var ws []Square
		for _, w := range want {
			ws = append(ws, w)
		}
		t.Errorf("seed %d: token %+v, feet %d\n%s", seed, e.Tokens[0], e.Feet(), sideBySide(e, shipRows(e, 0, got), shipRows(e, 0, ws)))
	}
	return same
}

func TestConvShipIndependentReference(t *testing.T) {
	en := mustEngine(t, model.Starship)
	fails := 0
	for seed := int64(1); seed <= 1500 && fails < 3; seed++ {
		r := rand.New(rand.NewSource(seed))
		W, H := 3+r.Intn(8), 3+r.Intn(8)
		e := &model.Encounter{Name: "r", Ruleset: model.Starship, Grid: convRandomTerrain(r, W, H)}
		sizes := []model.Size{model.Tiny, model.Small, model.Medium, model.Large}
		mv := model.Token{Name: "S", Size: sizes[r.Intn(len(sizes))], Facing: model.Facing(r.Intn(8)),
			Speeds: map[string]int{"fly": 50 * r.Intn(7)}}
		if r.Intn(5) != 0 {
			mv.Speeds["turn"] = []int{0, 20, 50, 60, 100, 150}[r.Intn(6)]
		}
		if r.Intn(4) == 0 {
			mv.Speeds["fly"] += []int{10, 25, 30}[r.Intn(3)]
		}
		k := e.Space(&mv)
		if k > W || k > H {
			continue
		}
		mv.X, mv.Y = r.Intn(W-k+1), r.Intn(H-k+1)
		for y := mv.Y; y < mv.Y+k; y++ {
			for x := mv.X; x < mv.X+k; x++ {
				e.Grid.Set(x, y, 0)
			}
		}
		e.Tokens = append(e.Tokens, mv)
		for i := r.Intn(3); i > 0; i-- {
			o := model.Token{Name: string(rune('N' + i)), Size: sizes[r.Intn(len(sizes))]}
			ko := e.Space(&o)
			if ko > W || ko > H {
				continue
			}
			o.X, o.Y = r.Intn(W-ko+1), r.Intn(H-ko+1)
			e.Tokens = append(e.Tokens, o)
		}
		sq, err := en.Reach(nil, e, MoveQuery{})
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if !convCompareSquares(t, seed, e, sq, convRefShipReach(e, 0)) {
			fails++
		}
	}
}

func TestConvPointsIndependentReference(t *testing.T) {
	en := mustEngine(t, model.Points)
	fails := 0
	for seed := int64(1); seed <= 3000 && fails < 3; seed++ {
		r := rand.New(rand.NewSource(seed))
		W, H := 3+r.Intn(7), 3+r.Intn(7)
		e := &model.Encounter{Name: "r", Ruleset: model.Points, Grid: convRandomTerrain(r, W, H)}
		sizes := []model.Size{model.Tiny, model.Small, model.Medium, model.Medium, model.Large, model.Huge}
		mv := model.Token{Name: "M", Size: sizes[r.Intn(len(sizes))], Side: []string{"a", "b", ""}[r.Intn(3)], Speeds: map[string]int{}}
		if r.Intn(4) != 0 {
			mv.Speeds["land"] = r.Intn(7)
		}
		if r.Intn(3) == 0 {
			mv.Speeds["mobility"] = r.Intn(4)
		}
		k := e.Space(&mv)
		if k > W || k > H {
			continue
		}
		mv.X, mv.Y = r.Intn(W-k+1), r.Intn(H-k+1)
		for y := mv.Y; y < mv.Y+k; y++ {
			for x := mv.X; x < mv.X+k; x++ {
				e.Grid.Set(x, y, 0)
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
				continue
			}
			e.Tokens = append(e.Tokens, o)
		}
		q := MoveQuery{Mode: Modes(model.Points)[r.Intn(4)], Actions: 1 + r.Intn(3)}
		sq, err := en.Reach(nil, e, q)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if !convCompareSquares(t, seed, e, sq, convRefPointsReach(e, 0, q)) {
			fails++
			t.Logf("query %+v", q)
		}
	}
	_ = fmt.Sprint
}
