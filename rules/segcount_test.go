package rules

import (
	"math/rand/v2"
	"testing"

	"encounterplanner/model"
)

// TestSegHitsCountedMatchesSegHits: the counted test answers as the walk
// does, for segments between doubled points anywhere on and around maps
// of every density of walls (seams, corners, off the map), short and long
// enough to be halved many times.
func TestSegHitsCountedMatchesSegHits(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 5))
	hits, cases := 0, 0
	for m := 0; m < 300; m++ {
		w, h := 1+rng.IntN(12), 1+rng.IntN(12)
		if m%5 == 0 {
			w, h = 60+rng.IntN(140), 60+rng.IntN(140)
		}
		g := model.NewGrid(w, h)
		density := []float64{0, 0.002, 0.02, 0.1, 0.4, 0.9}[m%6]
		for i := range g.Cells {
			if rng.Float64() < density {
				g.Cells[i] = model.Wall
			}
		}
		set := geom{&g}.terrain(model.Wall)
		c := countSquares(set)
		for n := 0; n < 400; n++ {
			pt := func() (int, int) { return rng.IntN(2*w+7) - 3, rng.IntN(2*h+7) - 3 }
			px, py := pt()
			qx, qy := pt()
			want := segHits(px, py, qx, qy, -1, w, set)
			if got := segHitsCounted(px, py, qx, qy, set, c); got != want {
				t.Fatalf("map %d (%dx%d, density %v): segment (%d,%d)-(%d,%d): counted %v, walked %v",
					m, w, h, density, px, py, qx, qy, got, want)
			}
			cases++
			if want {
				hits++
			}
		}
	}
	if hits < cases/4 || hits > 3*cases/4 {
		t.Errorf("%d of %d segments hit: the cases do not test both answers enough", hits, cases)
	}
}
