package rules

import (
	"math/rand/v2"
	"testing"

	"encounterplanner/model"
)

// blockedRef walks all 16 corner segments square by square.
func blockedRef(g *model.Grid, ax, ay, ak, bx, by, bk int) bool {
	walls := geom{g}.terrain(model.Wall)
	for ca := 0; ca < 4; ca++ {
		px, py := 2*ax+2*ak*(ca&1), 2*ay+2*ak*(ca>>1)
		for cb := 0; cb < 4; cb++ {
			qx, qy := 2*bx+2*bk*(cb&1), 2*by+2*bk*(cb>>1)
			if !segHits(px, py, qx, qy, -1, g.W, walls) {
				return false
			}
		}
	}
	return true
}

// TestBlockedMatchesWalk checks blocked, which first tries wall squares
// earlier segments crossed, against the plain walk of every segment.
func TestBlockedMatchesWalk(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	n, nb := 0, 0
	for it := 0; it < 20000; it++ {
		w, h := 2+rng.IntN(20), 2+rng.IntN(20)
		g := model.NewGrid(w, h)
		dens := 5 + rng.IntN(60)
		for i := range g.Cells {
			if rng.IntN(100) < dens {
				g.Cells[i] = model.Wall
			}
		}
		ak, bk := 1+rng.IntN(3), 1+rng.IntN(3)
		ax, ay := rng.IntN(w+2)-1, rng.IntN(h+2)-1
		bx, by := rng.IntN(w+2)-1, rng.IntN(h+2)-1
		got := blocked(&g, ax, ay, ak, bx, by, bk)
		want := blockedRef(&g, ax, ay, ak, bx, by, bk)
		if got != want {
			t.Fatalf("blocked(%dx%d, (%d,%d) k%d, (%d,%d) k%d) = %v, walk %v\n%v", w, h, ax, ay, ak, bx, by, bk, got, want, g.Cells)
		}
		n++
		if want {
			nb++
		}
	}
	if nb < n/10 || nb > n*9/10 {
		t.Fatalf("%d of %d blocked: the cases do not exercise both answers", nb, n)
	}
}
