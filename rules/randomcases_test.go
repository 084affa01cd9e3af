package rules

import (
	"os"
	"strconv"
	"testing"
)

// longCases is how many times more random cases the cross-checks try
// under EP_LONG=1 (make fuzz) than in make test.
const longCases = 20

// randomCases is how many random cases a cross-check against a slow
// reference tries: full in make test, short under -short, and longCases
// times full under EP_LONG=1, whose seeds go on past make test's
// (EP_LONG=N, N > 1: N times full).
func randomCases(full, short int) int {
	if v := os.Getenv("EP_LONG"); v != "" {
		if n, err := strconv.Atoi(v); err == nil && n > 1 {
			return n * full
		} else if v == "1" {
			return longCases * full
		}
	}
	if testing.Short() {
		return short
	}
	return full
}
