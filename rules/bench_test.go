package rules

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/graph/path"
	"gonum.org/v1/gonum/graph/simple"

	"encounterplanner/model"
)

// benchMap makes a w x h sf2e map from a fixed seed: 20% difficult, 5%
// greater difficult, 10% walls, the rest open; the centre square is open.
func benchMap(w, h int) *model.Encounter {
	rng := rand.New(rand.NewPCG(1, 2))
	g := model.NewGrid(w, h)
	for i := range g.Cells {
		switch r := rng.IntN(100); {
		case r < 20:
			g.Cells[i] = model.Difficult
		case r < 25:
			g.Cells[i] = model.GreaterDifficult
		case r < 35:
			g.Cells[i] = model.Wall
		}
	}
	e := &model.Encounter{Name: "bench", Ruleset: model.SF2E, Grid: g}
	return e
}

func benchMover(e *model.Encounter, size model.Size, speeds map[string]int) int {
	k := e.Ruleset.Space(size)
	x, y := e.Grid.W/2, e.Grid.H/2
	for dy := 0; dy < k; dy++ {
		for dx := 0; dx < k; dx++ {
			e.Grid.Set(x+dx, y+dy, 0)
		}
	}
	e.Tokens = append(e.Tokens, model.Token{Name: "mover", X: x, Y: y, Size: size, Side: "party", Speeds: speeds})
	return len(e.Tokens) - 1
}

func benchTokens(e *model.Encounter, n int) {
	rng := rand.New(rand.NewPCG(3, 4))
	sides := []string{"party", "enemy", "neutral"}
	for len(e.Tokens) < n {
		x, y := rng.IntN(e.Grid.W), rng.IntN(e.Grid.H)
		if e.Grid.At(x, y)&model.Wall != 0 {
			continue
		}
		e.Tokens = append(e.Tokens, model.Token{Name: fmt.Sprintf("t%02d", len(e.Tokens)), X: x, Y: y, Size: model.Medium,
			Side: sides[rng.IntN(3)], Speeds: map[string]int{"land": 30}})
	}
}

func benchReach(b *testing.B, e *model.Encounter, q MoveQuery) {
	en := mustEngine(b, e.Ruleset)
	dst, err := en.Reach(nil, e, q)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	n := 0
	for b.Loop() {
		dst, _ = en.Reach(dst[:0], e, q)
		n = len(dst)
	}
	b.ReportMetric(float64(n), "squares")
}

func BenchmarkReachWholeMap(b *testing.B) {
	b.Run("250x250", func(b *testing.B) {
		e := benchMap(250, 250)
		tok := benchMover(e, model.Medium, map[string]int{"land": 1 << 30})
		benchReach(b, e, MoveQuery{Token: tok})
	})
}

func BenchmarkReachTypical(b *testing.B) {
	e := benchMap(100, 100)
	tok := benchMover(e, model.Medium, map[string]int{"land": 30})
	benchReach(b, e, MoveQuery{Token: tok, Actions: 3})
}

func BenchmarkReachLargeFlyer(b *testing.B) {
	e := benchMap(250, 250)
	tok := benchMover(e, model.Large, map[string]int{"land": 30, "fly": 120})
	benchReach(b, e, MoveQuery{Token: tok, Mode: ModeFly, Actions: 3})
}

// BenchmarkReachGargantuanWholeMap is a Gargantuan flyer at the centre of
// an open map, three Strides of 1500 ft: the first two reach most of it,
// the third the corners.
func BenchmarkReachGargantuanWholeMap(b *testing.B) {
	b.Run("1000x1000", func(b *testing.B) {
		e, q := gargantuanMap(1000)
		benchReach(b, e, q)
	})
}

// gargantuanMap is an open n x n sf2e map with a Gargantuan flyer near its
// centre, fly 1500 ft, three Strides (every square, the corners only with
// the third).
func gargantuanMap(n int) (*model.Encounter, MoveQuery) {
	e := &model.Encounter{Name: "open", Ruleset: model.SF2E, Grid: model.NewGrid(n, n)}
	e.Tokens = []model.Token{{Name: "drake", X: n/2 - 2, Y: n/2 - 2, Size: model.Gargantuan, Side: "enemy",
		Speeds: map[string]int{"land": 40, "fly": 1500}}}
	return e, MoveQuery{Token: 0, Mode: ModeFly, Actions: 3}
}

func BenchmarkReachPF1ETypical(b *testing.B) {
	e := benchMap(100, 100)
	e.Ruleset = model.PF1E
	tok := benchMover(e, model.Medium, map[string]int{"land": 30})
	benchReach(b, e, MoveQuery{Token: tok, Actions: 2})
}

func BenchmarkPathTypical(b *testing.B) {
	e := benchMap(100, 100)
	tok := benchMover(e, model.Medium, map[string]int{"land": 30})
	en := mustEngine(b, e.Ruleset)
	q := MoveQuery{Token: tok, Actions: 3}
	sq, _ := en.Reach(nil, e, q)
	far := sq[0]
	pa := en.(PathAppender)
	p, _ := pa.AppendPath(nil, e, q, far.X, far.Y)
	steps := p.Steps
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		p, err := pa.AppendPath(steps, e, q, far.X, far.Y)
		if err != nil || !p.Reachable {
			b.Fatal(p, err)
		}
		steps = p.Steps
	}
}

// BenchmarkPathEvery asks the path to every square the typical reach lists
// (a route preview following the pointer over the overlay).
func BenchmarkPathEvery(b *testing.B) {
	e := benchMap(100, 100)
	tok := benchMover(e, model.Medium, map[string]int{"land": 30})
	en := mustEngine(b, e.Ruleset)
	q := MoveQuery{Token: tok, Actions: 3}
	sq, _ := en.Reach(nil, e, q)
	pa := en.(PathAppender)
	var steps []Step
	for _, s := range sq { // warm-up: the engine's buffers grow to fit
		p, _ := pa.AppendPath(steps, e, q, s.X, s.Y)
		steps = p.Steps
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		for _, s := range sq {
			p, err := pa.AppendPath(steps, e, q, s.X, s.Y)
			if err != nil || !p.Reachable {
				b.Fatal(p, err)
			}
			steps = p.Steps
		}
	}
	b.ReportMetric(float64(len(sq)), "paths")
}

// BenchmarkFloodFill is the floor: a plain 8-neighbour BFS over the same
// map (walls block), with its buffers reused.
func BenchmarkFloodFill(b *testing.B) {
	b.Run("250x250", func(b *testing.B) {
		e := benchMap(250, 250)
		benchMover(e, model.Medium, nil)
		g := &e.Grid
		seen := make([]uint32, g.W*g.H)
		queue := make([]int32, 0, g.W*g.H)
		start := int32(e.Tokens[0].Y*g.W + e.Tokens[0].X)
		var gen uint32
		b.ReportAllocs()
		n := 0
		for b.Loop() {
			gen++
			queue = append(queue[:0], start)
			seen[start] = gen
			for i := 0; i < len(queue); i++ {
				p := int(queue[i])
				x, y := p%g.W, p/g.W
				for d := 0; d < 8; d++ {
					nx, ny := x+model.Dir[d][0], y+model.Dir[d][1]
					if uint(nx) >= uint(g.W) || uint(ny) >= uint(g.H) {
						continue
					}
					np := ny*g.W + nx
					if seen[np] == gen || g.Cells[np]&model.Wall != 0 {
						continue
					}
					seen[np] = gen
					queue = append(queue, int32(np))
				}
			}
			n = len(queue)
		}
		b.ReportMetric(float64(n), "squares")
	})
}

// BenchmarkGonumDijkstra runs gonum's Dijkstra on the same map as a
// weighted directed graph: 1 per orthogonal step, 1.5 per diagonal, plus
// the surcharge of the entered square.
func BenchmarkGonumDijkstra(b *testing.B) {
	b.Run("250x250", func(b *testing.B) {
		e := benchMap(250, 250)
		benchMover(e, model.Medium, nil)
		g := &e.Grid
		wg := simple.NewWeightedDirectedGraph(0, 0)
		for i := range g.Cells {
			wg.AddNode(simple.Node(i))
		}
		for y := 0; y < g.H; y++ {
			for x := 0; x < g.W; x++ {
				if g.At(x, y)&model.Wall != 0 {
					continue
				}
				for d := 0; d < 8; d++ {
					nx, ny := x+model.Dir[d][0], y+model.Dir[d][1]
					if !g.In(nx, ny) || g.At(nx, ny)&model.Wall != 0 {
						continue
					}
					w := 1.0
					if model.Dir[d][0] != 0 && model.Dir[d][1] != 0 {
						w = 1.5
					}
					switch t := g.At(nx, ny); {
					case t&model.GreaterDifficult != 0:
						w += 2
					case t&model.Difficult != 0:
						w++
					}
					wg.SetWeightedEdge(simple.WeightedEdge{F: simple.Node(y*g.W + x), T: simple.Node(ny*g.W + nx), W: w})
				}
			}
		}
		start := simple.Node(e.Tokens[0].Y*g.W + e.Tokens[0].X)
		b.ReportAllocs()
		b.ResetTimer()
		for b.Loop() {
			path.DijkstraFrom(start, wg)
		}
	})
}

func BenchmarkCoverAll(b *testing.B) {
	for _, rs := range []model.Ruleset{model.SF2E, model.PF1E} {
		b.Run(string(rs), func(b *testing.B) {
			e := benchMap(100, 100)
			e.Ruleset = rs
			benchTokens(e, 60)
			en := mustEngine(b, rs)
			b.ReportAllocs()
			for b.Loop() {
				for i := range e.Tokens {
					for j := range e.Tokens {
						if i != j {
							en.Cover(e, i, j)
						}
					}
				}
			}
		})
	}
}

func BenchmarkFlanking(b *testing.B) {
	e := benchMap(100, 100)
	benchTokens(e, 60)
	en := mustEngine(b, e.Ruleset)
	b.ReportAllocs()
	for b.Loop() {
		en.Flanking(e)
	}
}

// BenchmarkPathFarCorner1000 is the path across an open 1000x1000 map to
// its far corner, one Stride of 7500 ft (issue 12 item 8: it took 53 s
// while reach took 1.5 s); BenchmarkReachFarCorner1000 is the reach it must
// not be slower than.
func BenchmarkPathFarCorner1000(b *testing.B) {
	e, q := farCornerMap(1000)
	pa := mustEngine(b, e.Ruleset).(PathAppender)
	p, err := pa.AppendPath(nil, e, q, 999, 999)
	if err != nil || !p.Reachable {
		b.Fatal(p, err)
	}
	steps := p.Steps
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		p, _ = pa.AppendPath(steps, e, q, 999, 999)
		steps = p.Steps
	}
}

func BenchmarkReachFarCorner1000(b *testing.B) {
	e, q := farCornerMap(1000)
	benchReach(b, e, q)
}

// farCornerMap is an open n x n sf2e map with a Medium token at (0, 0)
// whose one Stride (7500 ft on the 1000 map) reaches the far corner.
func farCornerMap(n int) (*model.Encounter, MoveQuery) {
	e := &model.Encounter{Name: "open", Ruleset: model.SF2E, Grid: model.NewGrid(n, n)}
	e.Tokens = []model.Token{{Name: "runner", Size: model.Medium, Side: "party", Speeds: map[string]int{"land": 7500 * n / 1000}}}
	return e, MoveQuery{Token: 0}
}

// BenchmarkPathMultiStride1000 is the path across an open 1000x1000 map to
// (500, 999) with three Strides of 2510 ft (502 squares): the target needs
// all three (issue 12 item 8: the label search took 160 s where reach took
// 0.73 s). BenchmarkReachMultiStride1000 is the reach it must not be
// slower than.
func BenchmarkPathMultiStride1000(b *testing.B) {
	e, q := multiStrideMap(1000)
	pa := mustEngine(b, e.Ruleset).(PathAppender)
	p, err := pa.AppendPath(nil, e, q, 500, 999)
	if err != nil || !p.Reachable || p.Actions != 3 {
		b.Fatal(p, err)
	}
	steps := p.Steps
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		p, _ = pa.AppendPath(steps, e, q, 500, 999)
		steps = p.Steps
	}
}

func BenchmarkReachMultiStride1000(b *testing.B) {
	e, q := multiStrideMap(1000)
	benchReach(b, e, q)
}

// multiStrideMap is an open n x n sf2e map with a Medium token at (0, 0)
// and three Strides of 2510 ft on the 1000 map (scaled to n).
func multiStrideMap(n int) (*model.Encounter, MoveQuery) {
	e := &model.Encounter{Name: "open", Ruleset: model.SF2E, Grid: model.NewGrid(n, n)}
	e.Tokens = []model.Token{{Name: "runner", Size: model.Medium, Side: "party", Speeds: map[string]int{"land": 2510 * n / 1000}}}
	return e, MoveQuery{Token: 0, Actions: 3}
}

// BenchmarkReachWholeMapLarge is BenchmarkReachWholeMap for a Large
// creature: one Stride through the layered search, one state a position,
// so its cost a square against the floor's is the layered search's cost a
// label against reachFast's, with no second parity or layer.
func BenchmarkReachWholeMapLarge(b *testing.B) {
	b.Run("250x250", func(b *testing.B) {
		e := benchMap(250, 250)
		tok := benchMover(e, model.Large, map[string]int{"land": 1 << 30, "fly": 1 << 30})
		benchReach(b, e, MoveQuery{Token: tok, Mode: ModeFly})
	})
}
