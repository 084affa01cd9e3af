package rules

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"encounterplanner/model"
)

// ptsRefReach is the slow, obviously right points search: Dijkstra by linear
// scan over every square of the map, each step worked out from the sets of
// squares the space covers before and after.
//
// Keys are cost x 1000 + hazardous, narrow and uneven squares entered, so
// the search is lexicographic; hz gives the least such count among the
// cheapest routes.
func ptsRefReach(e *model.Encounter, q MoveQuery) (out map[[2]int]Square, hz map[[2]int]int) {
	t := &e.Tokens[q.Token]
	k := e.Space(t)
	land, mob := ptsSpeeds(t)
	n := max(q.Actions, 1)
	spent := q.Turn.Spent // points spent this turn come out of the budget
	budget := max(land+(n-1)*mob-spent, 0)
	if land == 0 {
		budget = 0 // a Speed of 0 reaches no square, whatever the actions
	}
	extra := 0
	if q.Mode == ModeCrawl || q.Mode == ModeClimb || q.Mode == ModeSwim {
		extra = 1
	}
	g := &e.Grid
	occupant := func(x, y int) (other, enemy bool) {
		for i := range e.Tokens {
			if i == q.Token {
				continue
			}
			o := &e.Tokens[i]
			if spaceSquares(o.X, o.Y, e.Space(o))[[2]int{x, y}] {
				other = true
				if !model.Allies(t.SideOrNeutral(), o.SideOrNeutral()) {
					enemy = true
				}
			}
		}
		return
	}
	hard := func(x, y int) bool {
		_, en := occupant(x, y)
		return g.In(x, y) && (refAt(g, x, y).Any(model.Wall|model.Obstacle) || en)
	}
	dist := map[[2]int]int{{t.X, t.Y}: 0}
	done := map[[2]int]bool{}
	for {
		var cur [2]int
		best := -1
		for p, d := range dist {
			if !done[p] && (best < 0 || d < best || d == best && (p[1] < cur[1] || p[1] == cur[1] && p[0] < cur[0])) {
				cur, best = p, d
			}
		}
		if best < 0 {
			break
		}
		done[cur] = true
		for d := 0; d < 8; d++ {
			dx, dy := model.Dir[d][0], model.Dir[d][1]
			nx, ny := cur[0]+dx, cur[1]+dy
			if nx < 0 || ny < 0 || nx+k > g.W || ny+k > g.H {
				continue
			}
			old, nw := spaceSquares(cur[0], cur[1], k), spaceSquares(nx, ny, k)
			ok, sur, haz := true, 0, 0
			for p := range nw {
				if old[p] {
					continue
				}
				if g.At(p[0], p[1]).Any(model.Hazardous | model.Narrow | model.Uneven) {
					haz++
				}
				if hard(p[0], p[1]) {
					ok = false
				}
				tr := g.At(p[0], p[1])
				if tr.Any(model.GreaterDifficult) {
					sur = max(sur, 2)
				} else if tr.Any(model.Difficult | model.ShallowWater) {
					sur = max(sur, 1)
				}
			}
			if dx != 0 && dy != 0 {
				for yy := min(cur[1], ny); yy <= max(cur[1], ny)+k-1; yy++ {
					for xx := min(cur[0], nx); xx <= max(cur[0], nx)+k-1; xx++ {
						p := [2]int{xx, yy}
						if !old[p] && !nw[p] && hard(xx, yy) {
							ok = false
						}
					}
				}
			}
			if refEdgeRefuses(e, cur[0], cur[1], k, dx, dy, hard, true) {
				ok = false
			}
			nd := best + (1+sur+extra)*1000 + haz
			if !ok || nd/1000 > budget {
				continue
			}
			np := [2]int{nx, ny}
			if od, seen := dist[np]; !seen || nd < od {
				dist[np] = nd
			}
		}
	}
	out, hz = map[[2]int]Square{}, map[[2]int]int{}
	for p, key := range dist {
		d := key / 1000
		if p == [2]int{t.X, t.Y} {
			continue
		}
		ok := true
		for s := range spaceSquares(p[0], p[1], k) {
			if o, _ := occupant(s[0], s[1]); o || refAt(g, s[0], s[1]).Any(model.Wall|model.Obstacle) {
				ok = false
			}
		}
		if ok {
			a := 1
			for spent+d > land+(a-1)*mob {
				a++
			}
			out[p] = Square{X: p[0], Y: p[1], Cost: d, Actions: a}
			hz[p] = key % 1000
		}
	}
	return out, hz
}

// ptsRandom makes a random small points encounter and query; the mover is
// token 0.
func ptsRandom(r *rand.Rand) (*model.Encounter, MoveQuery) {
	w, h := 3+r.IntN(9), 3+r.IntN(9)
	g := model.NewGrid(w, h)
	traits := []model.Terrain{0, 0, 0, 0, 0, 0, model.Wall, model.Obstacle, model.Difficult, model.GreaterDifficult,
		model.Hazardous, model.Difficult | model.GreaterDifficult, model.Water, model.Narrow}
	for i := range g.Cells {
		g.Cells[i] = traits[r.IntN(len(traits))]
	}
	e := &model.Encounter{Name: "r", Ruleset: model.Points, Grid: g}
	sizes := []model.Size{model.Tiny, model.Small, model.Medium, model.Medium, model.Large, model.Huge}
	sides := []string{"a", "a", "b", model.Neutral, ""}
	n := 1 + r.IntN(5)
	for i := 0; i < n; i++ {
		s := sizes[r.IntN(len(sizes))]
		k := model.Points.Space(s)
		if k > w || k > h {
			s, k = model.Medium, 1
		}
		tk := model.Token{Name: fmt.Sprint("T", i), Size: s, X: r.IntN(w - k + 1), Y: r.IntN(h - k + 1), Side: sides[r.IntN(len(sides))]}
		if i == 0 && r.IntN(4) != 0 {
			tk.Speeds = map[string]int{model.SpeedLand: r.IntN(9)}
			if r.IntN(2) == 0 {
				tk.Speeds[model.SpeedMobility] = r.IntN(4)
			}
		}
		e.Tokens = append(e.Tokens, tk)
	}
	q := MoveQuery{Actions: 1 + r.IntN(3), Mode: Modes(model.Points)[r.IntN(4)]}
	return e, q
}

func ptsCheck(t *testing.T, eng *ptsEngine, e *model.Encounter, q MoveQuery) {
	t.Helper()
	sq, err := eng.Reach(nil, e, q)
	if err != nil {
		t.Fatal(err)
	}
	ref, refHaz := ptsRefReach(e, q)
	if len(sq) != len(ref) {
		t.Fatalf("%+v: reach has %d squares, the reference %d\n%s\nref:\n%s", q, len(sq), len(ref),
			asciiMap(ptsASCII(e, sq, false)), asciiMap(ptsASCII(e, squareList(ref), false)))
	}
	for i, s := range sq {
		if i > 0 && (sq[i-1].Y > s.Y || sq[i-1].Y == s.Y && sq[i-1].X >= s.X) {
			t.Fatalf("not sorted: %v", sq)
		}
		if r := ref[[2]int{s.X, s.Y}]; r != s {
			t.Fatalf("%+v: (%d,%d) = %+v, reference %+v\n%s", q, s.X, s.Y, s, r, asciiMap(ptsASCII(e, sq, false)))
		}
		p, err := eng.Path(e, q, s.X, s.Y)
		if err != nil || !p.Reachable || p.Cost != s.Cost || p.Actions != s.Actions {
			t.Fatalf("path to (%d,%d) = %+v %v, reach %+v", s.X, s.Y, p, err, s)
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
		if h := ptsReplay(t, e, q, p, s); h != refHaz[[2]int{s.X, s.Y}] {
			t.Fatalf("path to (%d,%d) enters %d hazardous squares, the reference's best %d", s.X, s.Y, h, refHaz[[2]int{s.X, s.Y}])
		}
	}
}

// ptsReplay walks a path with set-based rules: each step one square in one
// of 8 directions, into no wall, obstacle or non-ally, past no such corner,
// at 1 + the worst surcharge (+1 for crawl, climb, swim), flagged with what
// it enters.
func ptsReplay(t *testing.T, e *model.Encounter, q MoveQuery, p Path, end Square) (hazards int) {
	t.Helper()
	m := ptsRefMover{e: e, tok: q.Token, k: e.Space(&e.Tokens[q.Token])}
	me := e.Tokens[q.Token].SideOrNeutral()
	hard := func(x, y int) bool {
		if m.terrain(x, y, model.Wall|model.Obstacle) {
			return true
		}
		for i := range e.Tokens {
			o := &e.Tokens[i]
			if i != q.Token && !model.Allies(me, o.SideOrNeutral()) && spaceSquares(o.X, o.Y, e.Space(o))[[2]int{x, y}] {
				return true
			}
		}
		return false
	}
	x, y := e.Tokens[q.Token].X, e.Tokens[q.Token].Y
	for i, st := range p.Steps {
		d := -1
		for j := 0; j < 8; j++ {
			if x+model.Dir[j][0] == st.X && y+model.Dir[j][1] == st.Y {
				d = j
			}
		}
		if d < 0 {
			t.Fatalf("step %d %+v is not one square from (%d,%d)", i, st, x, y)
		}
		_, _, touched, ok := m.stepSquares(x, y, d)
		nw := spaceSquares(st.X, st.Y, m.k)
		sur, fl := 0, Flag(0)
		for _, sq := range touched {
			if hard(sq[0], sq[1]) {
				ok = false
			}
			if !nw[sq] {
				continue
			}
			tr := e.Grid.At(sq[0], sq[1])
			if tr.Any(model.Hazardous | model.Narrow | model.Uneven) {
				hazards++
			}
			if tr.Any(model.GreaterDifficult) {
				sur = 2
			} else if tr.Any(model.Difficult | model.ShallowWater) {
				sur = max(sur, 1)
			}
			for _, f := range []struct {
				t model.Trait
				f Flag
			}{{model.Difficult | model.ShallowWater, FlagDifficult}, {model.GreaterDifficult, FlagGreaterDifficult}, {model.Hazardous, FlagHazardous}, {model.Narrow, FlagNarrow}, {model.Uneven, FlagUneven}} {
				if tr.Any(f.t) {
					fl |= f.f
				}
			}
		}
		if refEdgeRefuses(e, x, y, m.k, model.Dir[d][0], model.Dir[d][1], hard, true) {
			ok = false
		}
		cost := 1 + sur
		if q.Mode == ModeCrawl || q.Mode == ModeClimb || q.Mode == ModeSwim {
			cost++
		}
		if !ok || st.Cost != cost || st.Flags != fl || st.Turn != NoTurn {
			t.Fatalf("step %d %+v: legal %v, cost %d, flags %v", i, st, ok, cost, fl.Names())
		}
		x, y = st.X, st.Y
	}
	if x != end.X || y != end.Y {
		t.Fatalf("path ends at (%d,%d), not (%d,%d)", x, y, end.X, end.Y)
	}
	return hazards
}

// TestPointsReachMatchesReference cross-checks Reach and Path against the
// plain Dijkstra on random maps. Seeds that once failed go in the list.
func TestPointsReachMatchesReference(t *testing.T) {
	eng := ptsEng()
	for seed := uint64(0); seed < 300; seed++ {
		r := rand.New(rand.NewPCG(seed, 11))
		e, q := ptsRandom(r)
		t.Run(fmt.Sprint(seed), func(t *testing.T) { ptsCheck(t, eng, e, q) })
	}
}

// FuzzPointsReach: no panic; Reach equals the reference; each path costs what
// reach says; more Speed never loses a square or raises a cost; leap,
// teleport and forced movement do not panic and list only empty squares.
// ordinarySpeeds reports whether every Speed of the encounter is below
// 2^20: the references are compared on those (FuzzExtremeNumbers tries the
// others).
func ordinarySpeeds(e *model.Encounter) bool {
	for _, t := range e.Tokens {
		for _, v := range t.Speeds {
			if v >= 1<<20 {
				return false
			}
		}
	}
	return true
}

func FuzzPointsReach(f *testing.F) {
	add := func(e *model.Encounter, q MoveQuery) {
		data, err := model.EncodeEncounter(e)
		if err != nil {
			f.Fatal(err)
		}
		mode := slices.Index(Modes(model.Points), q.Mode)
		f.Add(data, uint8(max(q.Actions, 1)-1), uint8(max(mode, 0)), uint8(2))
	}
	for _, tb := range allReachTables() {
		for _, c := range tb.cases {
			if tb.rs == model.Points && c.q.Token == 0 {
				add(withTokens(mapOf(f, tb.rs, c.rows...), c.toks...), c.q)
			}
		}
	}
	for _, c := range extremeCases {
		if c.rs == model.Points {
			add(c.encounter(f, 7), c.q)
		}
	}
	for _, s := range []uint64{1, 2, 3, 42, 1000} {
		add(ptsRandom(rand.New(rand.NewPCG(s, 11))))
	}
	eng := ptsEng()
	f.Fuzz(func(t *testing.T, data []byte, actions, mode, more uint8) {
		e, err := model.DecodeEncounter(data)
		if err != nil || e.Ruleset != model.Points || len(e.Tokens) == 0 || !ordinarySpeeds(e) {
			return
		}
		q := MoveQuery{Actions: 1 + int(actions%3), Mode: Modes(model.Points)[mode%4]}
		ptsCheck(t, eng, e, q)
		a, _ := eng.Reach(nil, e, q)
		land, mob := ptsSpeeds(&e.Tokens[0])
		e.Tokens[0].Speeds = map[string]int{model.SpeedLand: land + int(more%8), model.SpeedMobility: mob}
		b, _ := eng.Reach(nil, e, q)
		for _, s := range a {
			o, ok := costAt(b, s.X, s.Y)
			if !ok || o.Cost > s.Cost {
				t.Fatalf("(%d,%d) %+v became %+v with more speed", s.X, s.Y, s, o)
			}
		}
		var sq []Square
		sq, _ = eng.Leap(sq, e, 0)
		sq, _ = eng.Teleport(sq, e, 0, int(more%6))
		if len(e.Tokens) > 1 {
			kinds := []string{ForcedPush, ForcedPull, ForcedSweep, ForcedShove, ForcedDrag}
			sq, _ = eng.Forced(sq, e, 0, kinds[int(more)%5], 1, int(more%5))
		}
		k := e.Space(&e.Tokens[0])
		for _, s := range sq {
			for y := s.Y; y < s.Y+k; y++ {
				for x := s.X; x < s.X+k; x++ {
					if !e.Grid.In(x, y) || e.Grid.At(x, y).Any(model.Wall|model.Obstacle) {
						t.Fatalf("%+v: space on a wall or off the map", s)
					}
				}
			}
		}
	})
}

func BenchmarkPointsReach100(b *testing.B) {
	g := model.NewGrid(100, 100)
	r := rand.New(rand.NewPCG(1, 2))
	for i := range g.Cells {
		switch r.IntN(10) {
		case 0:
			g.Cells[i] = model.Difficult
		case 1:
			g.Cells[i] = model.Wall
		}
	}
	e := &model.Encounter{Name: "b", Ruleset: model.Points, Grid: g, Tokens: []model.Token{
		{Name: "S", X: 50, Y: 50, Size: model.Medium, Speeds: map[string]int{model.SpeedLand: 40}},
	}}
	eng, _ := For(model.Points)
	var dst []Square
	b.ReportAllocs()
	for b.Loop() {
		dst, _ = eng.Reach(dst[:0], e, MoveQuery{Actions: 3})
	}
}

// ptsRefSight is the obviously right line of sight: it cuts the segment at
// every grid-line crossing and tests each piece's midpoint and each crossing
// point exactly. A point is inside the walls' area when every square whose
// closure holds it is a wall (1 square inside one, 2 on an edge, 4 at a
// corner).
func ptsRefSight(g *model.Grid, ax, ay, bx, by int) bool {
	dx, dy := bx-ax, by-ay
	// critical t = n / den, den = 2*|dx|*|dy| (or the one that is not 0)
	den := int64(1)
	if dx != 0 {
		den *= int64(absInt(dx))
	}
	if dy != 0 {
		den *= int64(absInt(dy))
	}
	den *= 2 // room for midpoints
	inside := func(n int64) bool {
		// point = a + d * n/den, in half-squares, as numerators over den
		px := int64(ax)*den + int64(dx)*n
		py := int64(ay)*den + int64(dy)*n
		var xs, ys []int
		cell := func(p int64) []int {
			q := p / (2 * den)
			if p < 0 && p%(2*den) != 0 {
				q--
			}
			if p%(2*den) == 0 {
				return []int{int(q) - 1, int(q)}
			}
			return []int{int(q)}
		}
		xs, ys = cell(px), cell(py)
		for _, x := range xs {
			for _, y := range ys {
				if !g.In(x, y) || !g.At(x, y).Any(model.Wall) {
					return false
				}
			}
		}
		return true
	}
	// every multiple of 1/den covers all crossings (t = (2m - a)/d) and
	// their midpoints
	for n := int64(0); n <= den; n++ {
		if inside(n) {
			return false
		}
	}
	return true
}

func TestPointsSightMatchesReference(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	for i := 0; i < 3000; i++ {
		w, h := 2+r.IntN(8), 2+r.IntN(8)
		g := model.NewGrid(w, h)
		for j := range g.Cells {
			if r.IntN(3) == 0 {
				g.Cells[j] = model.Wall
			}
		}
		pt := func() (int, int) {
			k := 1 + r.IntN(2)
			return 2*r.IntN(w) + k, 2*r.IntN(h) + k
		}
		ax, ay := pt()
		bx, by := pt()
		if got, want := ptsSight(&g, ax, ay, bx, by), ptsRefSight(&g, ax, ay, bx, by); got != want {
			gg := &model.Encounter{Grid: g}
			t.Fatalf("sight (%d,%d)-(%d,%d) half-squares = %v, reference %v\n%s", ax, ay, bx, by, got, want, asciiMap(ptsASCII(gg, nil, false)))
		}
	}
}

// ptsRefMover is the obviously right leap, teleport and forced movement:
// every sequence of steps tried, squares compared as sets.
type ptsRefMover struct {
	e   *model.Encounter
	tok int
	k   int
}

func (m ptsRefMover) other(x, y int) bool {
	for i := range m.e.Tokens {
		o := &m.e.Tokens[i]
		if i != m.tok && spaceSquares(o.X, o.Y, m.e.Space(o))[[2]int{x, y}] {
			return true
		}
	}
	return false
}

func (m ptsRefMover) terrain(x, y int, t model.Trait) bool {
	return m.e.Grid.In(x, y) && refAt(&m.e.Grid, x, y).Any(t)
}

func (m ptsRefMover) empty(x, y int) bool {
	if x < 0 || y < 0 || x+m.k > m.e.Grid.W || y+m.k > m.e.Grid.H {
		return false
	}
	for p := range spaceSquares(x, y, m.k) {
		if m.other(p[0], p[1]) || m.terrain(p[0], p[1], model.Wall|model.Obstacle) {
			return false
		}
	}
	return true
}

// stepSquares returns the entered squares and (diagonals) the squares passed
// between, or ok false off the map.
func (m ptsRefMover) stepSquares(x, y, d int) (nx, ny int, touched [][2]int, ok bool) {
	dx, dy := model.Dir[d][0], model.Dir[d][1]
	nx, ny = x+dx, y+dy
	if nx < 0 || ny < 0 || nx+m.k > m.e.Grid.W || ny+m.k > m.e.Grid.H {
		return
	}
	old := spaceSquares(x, y, m.k)
	for yy := min(y, ny); yy <= max(y, ny)+m.k-1; yy++ {
		for xx := min(x, nx); xx <= max(x, nx)+m.k-1; xx++ {
			if !old[[2]int{xx, yy}] {
				touched = append(touched, [2]int{xx, yy})
			}
		}
	}
	return nx, ny, touched, true
}

func (m ptsRefMover) leap(mob int) map[[2]int]Square {
	t := &m.e.Tokens[m.tok]
	out := map[[2]int]Square{}
	for d := 0; d < 8; d++ {
		x, y := t.X, t.Y
		for n := 1; n <= mob; n++ {
			nx, ny, touched, ok := m.stepSquares(x, y, d)
			if !ok {
				break
			}
			for _, p := range touched {
				if m.terrain(p[0], p[1], model.Wall) {
					ok = false
				}
			}
			if !ok {
				break
			}
			x, y = nx, ny
			if m.empty(x, y) {
				out[[2]int{x, y}] = Square{X: x, Y: y, Cost: n, Actions: 1}
			}
		}
	}
	return out
}

func (m ptsRefMover) teleport(r int) map[[2]int]Square {
	t := &m.e.Tokens[m.tok]
	out := map[[2]int]Square{}
	for y := 0; y < m.e.Grid.H; y++ {
		for x := 0; x < m.e.Grid.W; x++ {
			d := max(absInt(x-t.X), absInt(y-t.Y))
			if d == 0 || d > r || !m.empty(x, y) {
				continue
			}
			if ptsRefSight(&m.e.Grid, 2*t.X+m.k, 2*t.Y+m.k, 2*x+m.k, 2*y+m.k) {
				out[[2]int{x, y}] = Square{X: x, Y: y, Cost: d, Actions: 1}
			}
		}
	}
	return out
}

func (m ptsRefMover) gap(x, y, source int) int {
	s := &m.e.Tokens[source]
	best := 1 << 30
	for a := range spaceSquares(x, y, m.k) {
		for b := range spaceSquares(s.X, s.Y, m.e.Space(s)) {
			best = min(best, max(absInt(a[0]-b[0]), absInt(a[1]-b[1])))
		}
	}
	return best
}

func (m ptsRefMover) forced(kind string, source, dist int) map[[2]int]Square {
	t := &m.e.Tokens[m.tok]
	out := map[[2]int]Square{}
	// nearest: the legal position nearest (x, y), squares with diagonals
	// as 1, ties by y then x.
	nearest := func(x, y int) ([2]int, bool) {
		best, bp := -1, [2]int{}
		for yy := 0; yy < m.e.Grid.H; yy++ {
			for xx := 0; xx < m.e.Grid.W; xx++ {
				if d := max(absInt(xx-x), absInt(yy-y)); m.empty(xx, yy) && (best < 0 || d < best) {
					best, bp = d, [2]int{xx, yy}
				}
			}
		}
		return bp, best >= 0
	}
	var walk func(x, y, n int, last *[2]int)
	walk = func(x, y, n int, last *[2]int) {
		if m.empty(x, y) {
			last = &[2]int{x, y}
		}
		collide := false
		if n < dist {
			for d := 0; d < 8; d++ {
				nx, ny, touched, ok := m.stepSquares(x, y, d)
				if !ok {
					continue
				}
				g0, g1 := m.gap(x, y, source), m.gap(nx, ny, source)
				switch kind {
				case ForcedPush, ForcedShove:
					ok = g1 > g0
				case ForcedPull, ForcedDrag:
					ok = g1 < g0 && g1 > 0
				}
				if !ok {
					continue
				}
				hit := false
				for _, p := range touched {
					if m.other(p[0], p[1]) || m.terrain(p[0], p[1], model.Wall|model.Obstacle) {
						hit = true
					}
				}
				if hit {
					collide = true
					continue
				}
				walk(nx, ny, n+1, last)
			}
		}
		if n == 0 || (x == t.X && y == t.Y) {
			return
		}
		if !m.empty(x, y) {
			// An illegal end: the last legal position passed, or the
			// nearest legal one.
			p, ok := [2]int{}, last != nil
			if ok {
				p = *last
			} else {
				p, ok = nearest(x, y)
			}
			if !ok || p == [2]int{t.X, t.Y} {
				return
			}
			sq, seen := out[p]
			if !seen || n < sq.Cost {
				sq.Cost = n
			}
			sq.X, sq.Y, sq.Actions = p[0], p[1], 1
			out[p] = sq
			return
		}
		p := [2]int{x, y}
		sq, seen := out[p]
		if !seen || n < sq.Cost {
			sq.Cost = n
		}
		sq.X, sq.Y, sq.Actions = x, y, 1
		if collide {
			sq.Facings = 1
		}
		out[p] = sq
	}
	walk(t.X, t.Y, 0, nil)
	return out
}

func ptsSameSquares(t *testing.T, what string, e *model.Encounter, got []Square, want map[[2]int]Square) {
	t.Helper()
	ok := len(got) == len(want)
	for i, s := range got {
		if want[[2]int{s.X, s.Y}] != s || i > 0 && ptsSquareOrder(got[i-1], s) >= 0 {
			ok = false
		}
	}
	if !ok {
		t.Fatalf("%s: got\n%swant\n%s%v\n%v", what, asciiMap(ptsASCII(e, got, true)), asciiMap(ptsASCII(e, squareList(want), true)), got, want)
	}
}

// TestPointsMoverMatchesReference cross-checks leap, teleport and forced
// movement against exhaustive references on random maps.
func TestPointsMoverMatchesReference(t *testing.T) {
	eng := ptsEng()
	kinds := []string{ForcedPush, ForcedPull, ForcedSweep, ForcedShove, ForcedDrag}
	for seed := uint64(0); seed < 300; seed++ {
		r := rand.New(rand.NewPCG(seed, 13))
		e, _ := ptsRandom(r)
		ref := ptsRefMover{e: e, tok: 0, k: e.Space(&e.Tokens[0])}
		_, mob := ptsSpeeds(&e.Tokens[0])
		sq, err := eng.Leap(nil, e, 0)
		if err != nil {
			t.Fatal(err)
		}
		ptsSameSquares(t, fmt.Sprint(seed, " leap"), e, sq, ref.leap(mob))
		rg := r.IntN(6)
		sq, _ = eng.Teleport(nil, e, 0, rg)
		ptsSameSquares(t, fmt.Sprint(seed, " teleport ", rg), e, sq, ref.teleport(rg))
		if len(e.Tokens) > 1 {
			kind, dist := kinds[r.IntN(5)], r.IntN(4)
			src := 1 + r.IntN(len(e.Tokens)-1)
			sq, _ = eng.Forced(nil, e, 0, kind, src, dist)
			ptsSameSquares(t, fmt.Sprint(seed, " ", kind, " ", dist, " from ", src), e, sq, ref.forced(kind, src, dist))
		}
	}
}
