package rules

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"encounterplanner/model"
)

// BenchmarkReachFly3D is issue 17's "3-D flying reach (Speed 60, 3
// actions, 100x100) under 2 ms": a flyer 20 ft up among foes at heights
// from 0 to 25 ft, its reach at its own height. It reports the squares
// reached and, per reach, the labels expanded (the fast search's work).
func BenchmarkReachFly3D(b *testing.B) {
	e := benchFlyEnc()
	en := mustEngine(b, model.SF2E)
	q := flyQuery(0, 3, 20)
	dst, err := en.Reach(nil, e, q) // warm-up: buffers sized
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		dst, _ = en.Reach(dst[:0], e, q)
	}
	b.ReportMetric(float64(len(dst)), "squares")
	if ff := en.(*sf2eEngine).s.fly.ff; ff != nil {
		b.ReportMetric(float64(ff.expanded), "expanded")
	}
}

// benchFlyEnc is a 100x100 map with walls, greater difficult terrain and
// obstacles, a Speed 60 flyer 20 ft up in the middle and ten foes around it
// at heights from 0 to 25 ft.
func benchFlyEnc() *model.Encounter {
	e := &model.Encounter{Name: "fly", Ruleset: model.SF2E, Grid: model.NewGrid(100, 100)}
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range e.Grid.Cells {
		switch rng.IntN(20) {
		case 0:
			e.Grid.Cells[i] = model.Wall
		case 1:
			e.Grid.Cells[i] = model.GreaterDifficult
		case 2:
			e.Grid.Cells[i] = model.Obstacle
		}
	}
	e.Tokens = []model.Token{{Name: "Navasi", X: 50, Y: 50, Size: model.Medium, Side: "pc", Speeds: map[string]int{ModeFly: 60}, Elevation: 20}}
	for i := 0; i < 10; i++ {
		e.Tokens = append(e.Tokens, model.Token{Name: fmt.Sprint("foe", i), X: 40 + rng.IntN(20), Y: 40 + rng.IntN(20), Size: model.Medium, Side: "foe", Elevation: 5 * rng.IntN(6)})
	}
	return e
}

// farthestSquare is the reached square of greatest cost (the first of
// them in reach order).
func farthestSquare(sq []Square) Square {
	var far Square
	for _, s := range sq {
		if s.Cost > far.Cost {
			far = s
		}
	}
	return far
}

// BenchmarkPathFly3D is a 3-D path on BenchmarkReachFly3D's map to the
// square its reach puts farthest (three Strides): the path a GM asks for
// with every pointer move while dragging an elevated token.
func BenchmarkPathFly3D(b *testing.B) { benchFly3D(b, model.Medium, true) }

// BenchmarkPathFly3DNear is a 3-D path on the same map to a square 15 ft
// from the flyer: the reach that bounds it stops there.
func BenchmarkPathFly3DNear(b *testing.B) {
	e := benchFlyEnc()
	en := mustEngine(b, model.SF2E)
	q := flyQuery(0, 3, 20)
	t := e.Tokens[0]
	p, err := en.Path(e, q, t.X+3, t.Y)
	if err != nil || !p.Reachable {
		b.Fatalf("path: %+v, %v", p, err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		en.Path(e, q, t.X+3, t.Y)
	}
	b.ReportMetric(float64(p.Cost), "ft")
}

// BenchmarkReachFly3DLarge is BenchmarkReachFly3D with a Large flyer, whose
// space the fast search does not take: the slow search's reach.
func BenchmarkReachFly3DLarge(b *testing.B) { benchFly3D(b, model.Large, false) }

// BenchmarkPathFly3DLarge is BenchmarkPathFly3D with a Large flyer.
func BenchmarkPathFly3DLarge(b *testing.B) { benchFly3D(b, model.Large, true) }

// benchFly3D times the reach (path false: reporting the squares reached)
// or the path to the farthest square of it (reporting its feet) of a
// flyer of the given size on BenchmarkReachFly3D's map.
func benchFly3D(b *testing.B, size model.Size, path bool) {
	e := benchFlyEnc()
	e.Tokens[0].Size = size
	en := mustEngine(b, model.SF2E)
	q := flyQuery(0, 3, 20)
	sq, err := en.Reach(nil, e, q) // warm-up: buffers sized
	if err != nil {
		b.Fatal(err)
	}
	far := farthestSquare(sq)
	if path {
		if p, err := en.Path(e, q, far.X, far.Y); err != nil || p.Cost != far.Cost {
			b.Fatalf("path to %+v: %+v, %v", far, p, err)
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if path {
			en.Path(e, q, far.X, far.Y)
		} else {
			sq, _ = en.Reach(sq[:0], e, q)
		}
	}
	if path {
		b.ReportMetric(float64(far.Cost), "ft")
	} else {
		b.ReportMetric(float64(len(sq)), "squares")
	}
}
