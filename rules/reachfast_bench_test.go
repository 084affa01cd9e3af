package rules

import (
	"testing"

	"encounterplanner/model"
)

// BenchmarkReachOneStride is the commonest query reachFast answers: one
// Stride of 30 ft on the 100 x 100 bench map (90 squares), where the
// search's set-up weighs as much as its loop.
func BenchmarkReachOneStride(b *testing.B) {
	e := benchMap(100, 100)
	tok := benchMover(e, model.Medium, map[string]int{"land": 30})
	benchReach(b, e, MoveQuery{Token: tok, Actions: 1})
}
