package cli

import (
	"testing"

	"encounterplanner/rules"
)

// TestMoverSquaresAreMadeAtOnce: a teleport over a mostly open 1000 x
// 1000 map answers nearly a million squares; appended one by one they
// were copied some twenty times on the way, a third of the command's
// peak memory. The answer's squares are one allocation, however many.
func TestMoverSquaresAreMadeAtOnce(t *testing.T) {
	sq := make([]rules.Square, 100_000)
	for i := range sq {
		sq[i] = rules.Square{X: i % 1000, Y: i / 1000, Facings: uint8(i % 2)}
	}
	var out []moverSquare
	if n := testing.AllocsPerRun(3, func() { out = moverSquares(sq, true) }); n != 1 {
		t.Errorf("making %d squares took %v allocations, want 1", len(sq), n)
	}
	if len(out) != len(sq) || out[1] != (moverSquare{1, 0, true}) || out[2].Collision {
		t.Errorf("squares %v..., want each square's x, y and collision", out[:3])
	}
	if out := moverSquares(sq[:2], false); out[1].Collision {
		t.Error("a teleport's square marked a collision")
	}
}
