package rules

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"encounterplanner/model"
)

// shipRef is the slow, obviously right starship search: plain Dijkstra over
// every (square, facing, parity) of the map, each step worked out from the
// sets of squares the space covers before and after.
type shipRefState struct{ x, y, f, p int }

type shipRefItem struct {
	s shipRefState
	d int
}

// spaceSquares is the set of squares of a k x k space at (x, y).
func spaceSquares(x, y, k int) map[[2]int]bool {
	m := map[[2]int]bool{}
	for dy := 0; dy < k; dy++ {
		for dx := 0; dx < k; dx++ {
			m[[2]int{x + dx, y + dy}] = true
		}
	}
	return m
}

// shipRefReach returns, per position, the least cost and the facings.
func shipRefReach(e *model.Encounter, tok int) map[[2]int]Square {
	return shipRefReachTurn(e, tok, model.TurnState{})
}

// shipRefReachTurn is shipRefReach continuing a turn: the ship flies what is
// left of its Speed, and its next diagonal is the (count+1)-th.
func shipRefReachTurn(e *model.Encounter, tok int, ts model.TurnState) map[[2]int]Square {
	t := &e.Tokens[tok]
	k := e.Space(t)
	fly := t.Speeds[model.SpeedFly] - ts.Spent
	turn, canTurn := t.Speeds[model.SpeedTurn]
	g := &e.Grid
	blocked := func(x, y int) bool { return g.In(x, y) && refAt(g, x, y).Any(model.Wall|model.Obstacle) }
	otherShip := func(x, y int) (any, noEnd bool) {
		for i := range e.Tokens {
			if i == tok {
				continue
			}
			o := &e.Tokens[i]
			if spaceSquares(o.X, o.Y, e.Space(o))[[2]int{x, y}] {
				any = true
				d := int(o.Size) - int(t.Size)
				if d > -2 && d < 2 {
					noEnd = true
				}
			}
		}
		return
	}
	dist := map[shipRefState]int{}
	start := shipRefState{t.X, t.Y, int(t.Facing), ts.Diagonals % 2}
	dist[start] = 0
	pq := newMinQueue(func(a, b shipRefItem) bool { return a.d < b.d }, shipRefItem{start, 0})
	for pq.Len() > 0 {
		it := pq.pop()
		if it.d != dist[it.s] {
			continue
		}
		s := it.s
		try := func(n shipRefState, w int) {
			nd := it.d + w
			if nd > fly {
				return
			}
			if old, ok := dist[n]; !ok || nd < old {
				dist[n] = nd
				pq.push(shipRefItem{n, nd})
			}
		}
		if canTurn {
			try(shipRefState{s.x, s.y, (s.f + 1) % 8, s.p}, turn/2)
			try(shipRefState{s.x, s.y, (s.f + 7) % 8, s.p}, turn/2)
		}
		if n, cost, ok := shipRefStep(e, tok, s); ok {
			try(n, cost)
		}
	}
	out := map[[2]int]Square{}
	for s, d := range dist {
		if s.x == t.X && s.y == t.Y {
			continue
		}
		ok := true
		for q := range spaceSquares(s.x, s.y, k) {
			if _, ne := otherShip(q[0], q[1]); ne || blocked(q[0], q[1]) {
				ok = false
			}
		}
		if !ok {
			continue
		}
		p := [2]int{s.x, s.y}
		sq, seen := out[p]
		if !seen || d < sq.Cost {
			sq.Cost = d
		}
		sq.X, sq.Y, sq.Actions = s.x, s.y, 1
		sq.Facings |= 1 << s.f
		out[p] = sq
	}
	return out
}

// shipRandom makes a random small starship encounter from r: the mover is
// token 0.
func shipRandom(r *rand.Rand) *model.Encounter {
	w, h := 3+r.IntN(8), 3+r.IntN(8)
	g := model.NewGrid(w, h)
	traits := []model.Terrain{0, 0, 0, 0, 0, model.Wall, model.Obstacle, model.Difficult, model.GreaterDifficult,
		model.Hazardous, model.Difficult | model.GreaterDifficult, model.Uneven}
	for i := range g.Cells {
		g.Cells[i] = traits[r.IntN(len(traits))]
	}
	e := &model.Encounter{Name: "r", Ruleset: model.Starship, Grid: g}
	if r.IntN(4) == 0 {
		e.FeetPerSquare = []int{30, 40, 10}[r.IntN(3)]
	}
	sizes := []model.Size{model.Tiny, model.Small, model.Small, model.Medium, model.Large}
	n := 1 + r.IntN(4)
	for i := 0; i < n; i++ {
		s := sizes[r.IntN(len(sizes))]
		k := model.Starship.Space(s)
		if k > w || k > h {
			s, k = model.Small, 1
		}
		tk := model.Token{Name: fmt.Sprint("S", i), Size: s, X: r.IntN(w - k + 1), Y: r.IntN(h - k + 1),
			Facing: model.Facing(r.IntN(8)), Side: "x"}
		if i == 0 {
			tk.Speeds = map[string]int{model.SpeedFly: r.IntN(9) * 50}
			switch r.IntN(4) {
			case 0:
			case 1:
				tk.Speeds[model.SpeedTurn] = 0
			default:
				tk.Speeds[model.SpeedTurn] = 2 * r.IntN(120)
			}
		}
		e.Tokens = append(e.Tokens, tk)
	}
	return e
}

// shipCheck compares the engine's reach with the reference, and every path's
// cost with the reach cost of its end.
func shipCheck(t *testing.T, eng Engine, e *model.Encounter) {
	t.Helper()
	sq, err := eng.Reach(nil, e, MoveQuery{})
	if err != nil {
		t.Fatal(err)
	}
	ref := shipRefReach(e, 0)
	if len(sq) != len(ref) {
		t.Fatalf("reach has %d squares, the reference %d\nspeeds %v feet %d\n%s\nref:\n%s", len(sq), len(ref),
			e.Tokens[0].Speeds, e.Feet(), reachMap(e, 0, sq), reachMap(e, 0, squareList(ref)))
	}
	for i, s := range sq {
		if i > 0 && (sq[i-1].Y > s.Y || sq[i-1].Y == s.Y && sq[i-1].X >= s.X) {
			t.Fatalf("not sorted: %v", sq)
		}
		if r := ref[[2]int{s.X, s.Y}]; r != s {
			t.Fatalf("(%d,%d) = %+v, reference %+v\nspeeds %v\n%s", s.X, s.Y, s, r, e.Tokens[0].Speeds, reachMap(e, 0, sq))
		}
		p, err := eng.Path(e, MoveQuery{}, s.X, s.Y)
		if err != nil || !p.Reachable || p.Cost != s.Cost {
			t.Fatalf("path to (%d,%d) = %+v %v, reach cost %d", s.X, s.Y, p, err, s.Cost)
		}
		total := 0
		for _, st := range p.Steps {
			total += st.Cost
			if st.Total != total {
				t.Fatalf("path totals %+v", p)
			}
		}
		if total != s.Cost {
			t.Fatalf("path steps sum %d, cost %d", total, s.Cost)
		}
		shipReplay(t, e, p, s)
	}
}

// shipReplay walks a path with the reference's rules: each step a legal
// forward step of the stated cost, each turn the shortest rotation at
// turn/2 per 45 degrees, never two turns in a row, ending at the square.
func shipReplay(t *testing.T, e *model.Encounter, p Path, end Square) {
	t.Helper()
	tk := &e.Tokens[0]
	cur := shipRefState{tk.X, tk.Y, int(tk.Facing), 0}
	turn, canTurn := tk.Speeds[model.SpeedTurn]
	lastTurn := false
	for i, st := range p.Steps {
		if st.Turn != NoTurn {
			rot := (st.Turn - cur.f + 8) % 8
			rot = min(rot, 8-rot)
			if !canTurn || lastTurn || rot == 0 || st.Cost != rot*(turn/2) || st.X != cur.x || st.Y != cur.y {
				t.Fatalf("step %d %+v: bad turn from %+v (turn %d)\n%s", i, st, cur, turn, shipStepsString(p))
			}
			cur.f, lastTurn = st.Turn, true
			continue
		}
		n, cost, ok := shipRefStep(e, 0, cur)
		if !ok || n.x != st.X || n.y != st.Y || cost != st.Cost {
			t.Fatalf("step %d %+v: the reference says %+v %d %v\n%s", i, st, n, cost, ok, shipStepsString(p))
		}
		cur, lastTurn = n, false
	}
	if cur.x != end.X || cur.y != end.Y {
		t.Fatalf("path ends at %+v, not (%d,%d)", cur, end.X, end.Y)
	}
}

// TestShipReachMatchesReference cross-checks Reach and Path against the
// plain Dijkstra on random maps. Seeds that once failed go in the list.
func TestShipReachMatchesReference(t *testing.T) {
	eng, _ := For(model.Starship)
	seeds := []uint64{}
	for i := uint64(0); i < 300; i++ {
		seeds = append(seeds, i)
	}
	for _, seed := range seeds {
		r := rand.New(rand.NewPCG(seed, 7))
		e := shipRandom(r)
		t.Run(fmt.Sprint(seed), func(t *testing.T) { shipCheck(t, eng, e) })
	}
}

// FuzzShipReach: no panic; Reach equals the reference; each path costs what
// reach says; more flying speed never loses a square or raises a cost.
func FuzzShipReach(f *testing.F) {
	add := func(e *model.Encounter) {
		data, err := model.EncodeEncounter(e)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data, uint8(3))
	}
	for _, c := range extremeCases {
		if c.rs == model.Starship {
			add(c.encounter(f, 300))
		}
	}
	for _, s := range []uint64{1, 2, 3, 42, 1000} {
		add(shipRandom(rand.New(rand.NewPCG(s, 7))))
	}
	eng, _ := For(model.Starship)
	f.Fuzz(func(t *testing.T, data []byte, more uint8) {
		e, err := model.DecodeEncounter(data)
		if err != nil || e.Ruleset != model.Starship || len(e.Tokens) == 0 || !ordinarySpeeds(e) {
			return
		}
		if _, ok := e.Tokens[0].Speed(model.SpeedFly); !ok {
			return
		}
		shipCheck(t, eng, e)
		a, _ := eng.Reach(nil, e, MoveQuery{})
		e.Tokens[0].Speeds[model.SpeedFly] += int(more) * 10
		b, _ := eng.Reach(nil, e, MoveQuery{})
		for _, s := range a {
			o, ok := costAt(b, s.X, s.Y)
			if !ok || o.Cost > s.Cost || o.Facings&s.Facings != s.Facings {
				t.Fatalf("(%d,%d) %+v became %+v with more speed", s.X, s.Y, s, o)
			}
		}
	})
}

func BenchmarkShipReach100(b *testing.B) {
	g := model.NewGrid(100, 100)
	r := rand.New(rand.NewPCG(1, 2))
	for i := range g.Cells {
		if r.IntN(10) == 0 {
			g.Cells[i] = model.Difficult
		}
	}
	e := &model.Encounter{Name: "b", Ruleset: model.Starship, Grid: g, Tokens: []model.Token{
		{Name: "S", X: 50, Y: 50, Size: model.Small, Speeds: map[string]int{model.SpeedFly: 2000, model.SpeedTurn: 100}},
	}}
	eng, _ := For(model.Starship)
	var dst []Square
	b.ReportAllocs()
	for b.Loop() {
		dst, _ = eng.Reach(dst[:0], e, MoveQuery{})
	}
}

// A turning speed sharing no factor with the square makes tiny cost units;
// beyond shipMaxBuckets buckets the search switches to a heap and must agree.
func TestShipHugeSpeedsMatchReference(t *testing.T) {
	eng, _ := For(model.Starship)
	for seed := uint64(0); seed < 40; seed++ {
		r := rand.New(rand.NewPCG(seed, 9))
		e := shipRandom(r)
		e.FeetPerSquare = 0
		e.Tokens[0].Speeds = map[string]int{model.SpeedFly: 300 + r.IntN(200), model.SpeedTurn: 2 * (r.IntN(90) + 1)}
		if seed%2 == 0 {
			e.Tokens[0].Speeds = map[string]int{model.SpeedFly: 1_000_000, model.SpeedTurn: 2*100_003 + 2*r.IntN(100)}
		}
		t.Run(fmt.Sprint(seed), func(t *testing.T) { shipCheck(t, eng, e) })
	}
}

// shipRefStep is the forward step from s: the new state, its cost in feet,
// and whether it is allowed.
func shipRefStep(e *model.Encounter, tok int, s shipRefState) (shipRefState, int, bool) {
	t := &e.Tokens[tok]
	k := e.Space(t)
	F := e.Feet()
	g := &e.Grid
	blocked := func(x, y int) bool { return g.In(x, y) && refAt(g, x, y).Any(model.Wall|model.Obstacle) }
	otherShip := func(x, y int) bool {
		for i := range e.Tokens {
			o := &e.Tokens[i]
			if i != tok && spaceSquares(o.X, o.Y, e.Space(o))[[2]int{x, y}] {
				return true
			}
		}
		return false
	}
	dx, dy := model.Dir[s.f][0], model.Dir[s.f][1]
	nx, ny := s.x+dx, s.y+dy
	if nx < 0 || ny < 0 || nx+k > g.W || ny+k > g.H {
		return s, 0, false
	}
	old, nw := spaceSquares(s.x, s.y, k), spaceSquares(nx, ny, k)
	ok, diff := true, false
	for q := range nw {
		if old[q] {
			continue
		}
		if blocked(q[0], q[1]) {
			ok = false
		}
		if otherShip(q[0], q[1]) || g.At(q[0], q[1]).Any(model.Difficult|model.GreaterDifficult) {
			diff = true
		}
	}
	cost, np := F, s.p
	if dx != 0 && dy != 0 {
		// the squares of the bounding box in neither space
		for yy := min(s.y, ny); yy <= max(s.y, ny)+k-1; yy++ {
			for xx := min(s.x, nx); xx <= max(s.x, nx)+k-1; xx++ {
				q := [2]int{xx, yy}
				if !old[q] && !nw[q] && blocked(xx, yy) {
					ok = false
				}
			}
		}
		if s.p == 1 {
			cost = 2 * F
		}
		np = 1 - s.p
	}
	if refEdgeRefuses(e, s.x, s.y, k, dx, dy, blocked, true) {
		ok = false
	}
	if diff {
		cost *= 2
	}
	return shipRefState{nx, ny, s.f, np}, cost, ok
}
