package rules

import (
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"testing"

	"encounterplanner/model"
)

// teleportRandom is a random points map of up to side x side squares for
// teleport: wall squares, closed and open door squares and obstacles at a
// random density, sometimes many blocking and open edges meeting at grid
// intersections, a teleporting token 0 of a random size (possibly standing
// on walls or edges), a few other tokens, and a range.
func teleportRandom(rng *rand.Rand, side int) (*model.Encounter, int) {
	w, h := 2+rng.IntN(side-1), 2+rng.IntN(side-1)
	g := model.NewGrid(w, h)
	dens := []int{0, 3, 8, 20, 40}[rng.IntN(5)]
	for i := range g.Cells {
		switch p := rng.IntN(100); {
		case p < dens:
			g.Cells[i] = model.Wall
		case p < dens+dens/4:
			g.Cells[i] = model.Door
		case p < dens+dens/2:
			g.Cells[i] = model.Door | model.Open
		case p < dens+dens/2+5:
			g.Cells[i] = model.Obstacle
		case p < dens+dens/2+8:
			g.Cells[i] = model.Difficult
		}
	}
	e := &model.Encounter{Name: "teleport", Ruleset: model.Points, Grid: g}
	switch rng.IntN(3) {
	case 1:
		addRandomEdges(rng, e, 1+rng.IntN(w+h))
	case 2:
		addRandomEdges(rng, e, min(w*h/2+rng.IntN(w*h), 300))
	}
	sizes := []model.Size{model.Tiny, model.Small, model.Medium, model.Large, model.Huge, model.Gargantuan, model.Colossal}
	sides := []string{"a", "b", model.Neutral}
	for i := 0; i < 1+rng.IntN(4); i++ {
		s := sizes[rng.IntN(len(sizes))]
		k := model.Points.Space(s)
		if k > w || k > h {
			s, k = model.Medium, 1
		}
		e.Tokens = append(e.Tokens, model.Token{Name: fmt.Sprint("T", i), Size: s,
			X: rng.IntN(w - k + 1), Y: rng.IntN(h - k + 1), Side: sides[rng.IntN(len(sides))]})
	}
	return e, rng.IntN(max(w, h) + 3)
}

// teleportSame holds Teleport to the square-by-square reference on e, and
// teleportSight to ptsSight and edgesHit on every position in range the
// token's space fits, whatever stands there.
func teleportSame(t *testing.T, fast, slow *ptsEngine, e *model.Encounter, rg int, what string) {
	t.Helper()
	got, err := fast.Teleport(nil, e, 0, rg)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := slow.teleportBySquares(nil, e, 0, rg)
	if !slices.Equal(got, want) {
		t.Fatalf("%s: range %d\n%sgot\n%swant\n%s", what, rg, tokenMap(e),
			asciiMap(ptsASCII(e, got, true)), asciiMap(ptsASCII(e, want, true)))
	}
	tk := &e.Tokens[0]
	k := e.Space(tk)
	g := &e.Grid
	x0, y0 := max(tk.X-rg, 0), max(tk.Y-rg, 0)
	x1, y1 := min(tk.X+rg, g.W-k), min(tk.Y+rg, g.H-k)
	if x0 > x1 || y0 > y1 {
		return
	}
	seen := fast.sight.visible(e, tk.X, tk.Y, k, rg, x0, y0, x1, y1)
	ax, ay := 2*tk.X+k, 2*tk.Y+k
	for y := y0; y <= y1; y++ {
		for x := x0; x <= x1; x++ {
			if x == tk.X && y == tk.Y {
				continue
			}
			bx, by := 2*x+k, 2*y+k
			ref := ptsSight(g, ax, ay, bx, by) && !edgesHit(e.Edges, ax, ay, bx, by, 0)
			if seen[(y-y0)*(x1-x0+1)+x-x0] != ref {
				t.Fatalf("%s: sight from (%d,%d) size %d to (%d,%d): got %v, reference %v\n%sedges %v", what,
					tk.X, tk.Y, k, x, y, !ref, ref, tokenMap(e), e.Edges)
			}
		}
	}
}

// TestTeleportMatchesSquareBySquare cross-checks the shadowcast teleport
// with the square-by-square reference on random maps: walls, door squares,
// obstacles, tokens of every size, edges of every kind, every range; maps
// up to 16 squares a side, a few up to 40 (80 under EP_LONG).
func TestTeleportMatchesSquareBySquare(t *testing.T) {
	fast, slow := ptsEng(), ptsEng()
	for seed := uint64(0); seed < uint64(randomCases(1500, 150)); seed++ {
		rng := rand.New(rand.NewPCG(seed, 41))
		e, rg := teleportRandom(rng, 16)
		teleportSame(t, fast, slow, e, rg, fmt.Sprint("seed ", seed))
	}
	side := 40
	if os.Getenv("EP_LONG") != "" {
		side = 80
	}
	for seed := uint64(0); seed < uint64(randomCases(20, 4)); seed++ {
		rng := rand.New(rand.NewPCG(seed, 43))
		e, rg := teleportRandom(rng, side)
		teleportSame(t, fast, slow, e, rg, fmt.Sprint("large seed ", seed))
	}
}

// teleportStrewnMap is a side x side points map with walls, wall runs,
// door squares and obstacles strewn over it and short wall, door and open
// door edges, a medium token in the middle and a large one by it.
func teleportStrewnMap(side int, seed uint64) *model.Encounter {
	rng := rand.New(rand.NewPCG(seed, 1))
	g := model.NewGrid(side, side)
	for i := 0; i < side*side/300; i++ {
		x, y := rng.IntN(side), rng.IntN(side)
		dx, dy, n := 0, 0, 1
		if rng.IntN(2) == 0 {
			dx, dy, n = rng.IntN(2), 0, 2+rng.IntN(7)
			if dx == 0 {
				dy = 1
			}
		}
		for j := 0; j < n && g.In(x+j*dx, y+j*dy); j++ {
			g.Set(x+j*dx, y+j*dy, model.Wall)
		}
	}
	for i := 0; i < side*side/2000; i++ {
		g.Set(rng.IntN(side), rng.IntN(side), model.Door)
	}
	for i := 0; i < side*side/500; i++ {
		g.Set(rng.IntN(side), rng.IntN(side), model.Obstacle)
	}
	e := &model.Encounter{Name: "strewn", Ruleset: model.Points, Grid: g}
	kinds := []model.EdgeKind{model.EdgeWall, model.EdgeWall, model.EdgeWall, model.EdgeDoor, model.EdgeOpenDoor}
	used := map[[3]int]bool{}
	for i := 0; i < side*side/400; i++ {
		x, y, l := 1+rng.IntN(side-1), 1+rng.IntN(side-1), 1+rng.IntN(4)
		ed := model.Edge{Kind: kinds[rng.IntN(len(kinds))], X1: x, Y1: y, X2: x, Y2: y}
		dir := rng.IntN(2)
		if dir == 0 {
			ed.X2 = min(x+l, side)
		} else {
			ed.Y2 = min(y+l, side)
		}
		free := true
		for j := 0; j < l; j++ {
			free = free && !used[[3]int{dir, x + j*(1-dir), y + j*dir}]
		}
		if !free {
			continue
		}
		for j := 0; j < l; j++ {
			used[[3]int{dir, x + j*(1-dir), y + j*dir}] = true
		}
		e.Edges = append(e.Edges, ed)
	}
	c := side / 2
	for y := c - 4; y < c+3; y++ {
		for x := c - 1; x < c+3; x++ {
			g.Set(x, y, 0)
		}
	}
	e.Tokens = []model.Token{
		{Name: "T", X: c, Y: c, Size: model.Medium, Side: "party"},
		{Name: "L", X: c + 1, Y: c - 3, Size: model.Large, Side: "party"},
	}
	return e
}

// TestTeleportMatchesSquareBySquareStrewn: the same on a strewn 120 x 120
// map, from the medium token and the large one, at several ranges.
func TestTeleportMatchesSquareBySquareStrewn(t *testing.T) {
	e := teleportStrewnMap(120, 7)
	fast, slow := ptsEng(), ptsEng()
	for _, rg := range []int{0, 1, 7, 30, 60} {
		for tok := range e.Tokens {
			e.Tokens[0], e.Tokens[tok] = e.Tokens[tok], e.Tokens[0]
			teleportSame(t, fast, slow, e, rg, fmt.Sprint("token ", e.Tokens[0].Name))
			e.Tokens[0], e.Tokens[tok] = e.Tokens[tok], e.Tokens[0]
		}
	}
}

// TestTeleportAllocatesNothingWarm: once its buffers and the list given
// to it fit, teleport over a strewn 1000 x 1000 map allocates nothing (the
// square-by-square teleport made a new query context each call and built
// every window table the moves need).
func TestTeleportAllocatesNothingWarm(t *testing.T) {
	e := teleportStrewnMap(1000, 1)
	eng := ptsEng()
	dst, err := eng.Teleport(nil, e, 0, 500)
	if err != nil || len(dst) < 1000 {
		t.Fatal(len(dst), err)
	}
	if n := testing.AllocsPerRun(2, func() { dst, _ = eng.Teleport(dst[:0], e, 0, 500) }); n != 0 {
		t.Errorf("teleport allocates %v times a call, want 0", n)
	}
}

func BenchmarkTeleport1000(b *testing.B) {
	e := teleportStrewnMap(1000, 1)
	eng := ptsEng()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := eng.Teleport(nil, e, 0, 500); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkTeleport250(b *testing.B) {
	e := teleportStrewnMap(250, 2)
	eng := ptsEng()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := eng.Teleport(nil, e, 0, 125); err != nil {
			b.Fatal(err)
		}
	}
}

// TestTeleportRefusesASpaceAWallEdgeRunsThrough: a Huge token may not
// teleport to where a wall edge would run between the squares of its 3 x 3
// space ("its space never contains a blocking edge", rules-conventions.md,
// "Walls and doors on grid edges"), as it may not step, leap or be pushed
// there; one square on, with the edge along its side, it may.
func TestTeleportRefusesASpaceAWallEdgeRunsThrough(t *testing.T) {
	e := &model.Encounter{Name: "split", Ruleset: model.Points, Grid: model.NewGrid(10, 6),
		Tokens: []model.Token{{Name: "Ogre", Size: model.Huge, X: 0, Y: 3}},
		Edges:  []model.Edge{wallE(model.EdgeWall, 6, 0, 6, 1)}}
	var g ptsEngine
	got, err := g.Teleport(nil, e, 0, 6)
	if err != nil {
		t.Fatal(err)
	}
	has := func(x, y int) bool {
		return slices.ContainsFunc(got, func(s Square) bool { return s.X == x && s.Y == y })
	}
	if has(4, 0) || has(5, 0) {
		t.Errorf("teleports to (4, 0) or (5, 0), whose space the edge x = 6, y 0-1 runs through: %v", got)
	}
	if !has(3, 0) || !has(6, 0) || !has(4, 1) {
		t.Errorf("refuses (3, 0), (6, 0) or (4, 1), beside the edge or below it: %v", got)
	}
	var slow ptsEngine
	want, _ := slow.teleportBySquares(nil, e, 0, 6)
	if !slices.Equal(got, want) {
		t.Errorf("teleport %v\nreference %v", got, want)
	}
}
