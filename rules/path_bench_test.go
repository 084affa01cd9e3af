package rules

import (
	"math/rand/v2"
	"testing"

	"encounterplanner/model"
)

// The corner cases of issue 12 item 8's "path never slower than reach on
// the same input", each a pair of benchmarks on one input: the path, and
// the reach it must not be slower than.

// terrainMap is an n x n sf2e map of scattered terrain from a fixed seed
// (20% difficult, 5% greater difficult, 5% hazardous, 3% difficult and
// hazardous, no walls) with a Medium token at (0, 0) and three Strides
// of 2100 ft (420 squares on the 1000 map, scaled to n): (n/2, n-1) needs
// all three. On it the open-map bound that guides the path search
// underestimates by a tenth or more.
func terrainMap(n int) (*model.Encounter, MoveQuery, int, int) {
	rng := rand.New(rand.NewPCG(5, 6))
	g := model.NewGrid(n, n)
	for i := range g.Cells {
		switch r := rng.IntN(100); {
		case r < 20:
			g.Cells[i] = model.Difficult
		case r < 25:
			g.Cells[i] = model.GreaterDifficult
		case r < 30:
			g.Cells[i] = model.Hazardous
		case r < 33:
			g.Cells[i] = model.Difficult | model.Hazardous
		}
	}
	g.Cells[0] = 0
	e := &model.Encounter{Name: "terrain", Ruleset: model.SF2E, Grid: g}
	e.Tokens = []model.Token{{Name: "runner", Size: model.Medium, Side: "party", Speeds: map[string]int{"land": 2100 * n / 1000}}}
	return e, MoveQuery{Token: 0, Actions: 3}, n / 2, n - 1
}

// centreMover puts a token of the size and land Speed at the centre of e,
// clearing its space.
func centreMover(e *model.Encounter, size model.Size, land int) {
	k, c := e.Ruleset.Space(size), e.Grid.W/2
	for dy := 0; dy < k; dy++ {
		for dx := 0; dx < k; dx++ {
			e.Grid.Set(c+dx, c+dy, 0)
		}
	}
	e.Tokens = []model.Token{{Name: "mover", X: c, Y: c, Size: size, Side: "party", Speeds: map[string]int{"land": land}}}
}

// farthestReached is the square reach lists at the highest cost (the
// first such in reach's order).
func farthestReached(tb testing.TB, e *model.Encounter, q MoveQuery) (int, int) {
	sq, err := mustEngine(tb, e.Ruleset).Reach(nil, e, q)
	if err != nil || len(sq) == 0 {
		tb.Fatal(sq, err)
	}
	far := sq[0]
	for _, s := range sq {
		if s.Cost > far.Cost {
			far = s
		}
	}
	return far.X, far.Y
}

// justOutOfReach is a square, from a fixed seed, next to one reach lists,
// where the token's space holds no wall, that no route reaches: out of
// reach by cost, not by walls.
func justOutOfReach(tb testing.TB, e *model.Encounter, q MoveQuery) (int, int) {
	sq, err := mustEngine(tb, e.Ruleset).Reach(nil, e, q)
	if err != nil {
		tb.Fatal(err)
	}
	W, H := e.Grid.W, e.Grid.H
	k := e.Ruleset.Space(e.Tokens[q.Token].Size)
	reached := make([]bool, W*H)
	for _, s := range sq {
		reached[s.Y*W+s.X] = true
	}
	rng := rand.New(rand.NewPCG(1, 1))
	for {
		x, y := rng.IntN(W-k+1), rng.IntN(H-k+1)
		if reached[y*W+x] || !spaceFree(e, x, y, k) {
			continue
		}
		for d := 0; d < 8; d++ {
			nx, ny := x+model.Dir[d][0], y+model.Dir[d][1]
			if e.Grid.In(nx, ny) && reached[ny*W+nx] {
				return x, y
			}
		}
	}
}

// spaceFree reports whether the k x k space at top-left (x, y) holds no wall.
func spaceFree(e *model.Encounter, x, y, k int) bool {
	for dy := 0; dy < k; dy++ {
		for dx := 0; dx < k; dx++ {
			if e.Grid.At(x+dx, y+dy)&model.Wall != 0 {
				return false
			}
		}
	}
	return true
}

// oneStrideTerrainMap: pf1e, 1000x1000 of 10% walls, 20% difficult, 10%
// hazardous, a Medium token at the centre with one move action of 3000 ft
// (600 squares). Its path (a one-Stride A* guided by the open-map cost)
// took 1.2-1.4x the reach (issue 12 item 8, corner case a).
func oneStrideTerrainMap() (*model.Encounter, MoveQuery) {
	e := scatterMap(1000, model.PF1E, 10, 20, 5, 3)
	centreMover(e, model.Medium, 3000)
	return e, MoveQuery{Token: 0, Actions: 1}
}

// largeTwoActionsMap: the same map, a Large token at the centre with two
// move actions of 750 ft (150 squares each). A path to a square just out
// of reach took 1.2-1.4x the reach (corner case b).
func largeTwoActionsMap() (*model.Encounter, MoveQuery) {
	e := scatterMap(1000, model.PF1E, 10, 20, 5, 3)
	centreMover(e, model.Large, 750)
	return e, MoveQuery{Token: 0, Actions: 2}
}

func benchPath(b *testing.B, e *model.Encounter, q MoveQuery, x, y int, reachable bool) {
	pa := mustEngine(b, e.Ruleset).(PathAppender)
	p, err := pa.AppendPath(nil, e, q, x, y)
	if err != nil || p.Reachable != reachable {
		b.Fatal(p.Reachable, p.Actions, p.Cost, err)
	}
	steps := p.Steps
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		p, _ = pa.AppendPath(steps, e, q, x, y)
		steps = p.Steps
	}
}

func BenchmarkPathTerrain1000(b *testing.B) {
	e, q, x, y := terrainMap(1000)
	benchPath(b, e, q, x, y, true)
}

func BenchmarkReachTerrain1000(b *testing.B) {
	e, q, _, _ := terrainMap(1000)
	benchReach(b, e, q)
}

func BenchmarkPathOneStrideTerrain1000(b *testing.B) {
	e, q := oneStrideTerrainMap()
	x, y := farthestReached(b, e, q)
	benchPath(b, e, q, x, y, true)
}

func BenchmarkPathOneStrideTerrainOut1000(b *testing.B) {
	e, q := oneStrideTerrainMap()
	x, y := justOutOfReach(b, e, q)
	benchPath(b, e, q, x, y, false)
}

func BenchmarkReachOneStrideTerrain1000(b *testing.B) {
	e, q := oneStrideTerrainMap()
	benchReach(b, e, q)
}

func BenchmarkPathLargeTwoActions1000(b *testing.B) {
	e, q := largeTwoActionsMap()
	x, y := farthestReached(b, e, q)
	benchPath(b, e, q, x, y, true)
}

func BenchmarkPathLargeOutOfReach1000(b *testing.B) {
	e, q := largeTwoActionsMap()
	x, y := justOutOfReach(b, e, q)
	benchPath(b, e, q, x, y, false)
}

func BenchmarkReachLargeTwoActions1000(b *testing.B) {
	e, q := largeTwoActionsMap()
	benchReach(b, e, q)
}
