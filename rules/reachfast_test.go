package rules

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"encounterplanner/model"
)

// TestReachFastMatchesReach1 compares the key-space search of a one-square
// space with the label search of reach1 on random maps, small and large.
func TestReachFastMatchesReach1(t *testing.T) {
	n := 400
	if testing.Short() {
		n = 80
	}
	for _, rs := range []model.Ruleset{model.SF2E, model.PF1E} {
		k := kindOf(rs)
		var fast, slow searcher
		cases, squares := 0, 0
		for seed := 0; seed < n; seed++ {
			rng := rand.New(rand.NewPCG(uint64(seed), 11))
			side, speeds := 8, 7
			if seed%4 == 0 {
				side, speeds = 60, 40
			}
			e, q := randEncounterSized(rng, rs, side, speeds)
			q.Actions, q.Step = 1, false
			if e.Space(&e.Tokens[q.Token]) != 1 {
				continue
			}
			if seed%7 == 0 {
				e.Tokens[q.Token].Speeds[ModeLand] = 1 << 30
				q.Mode = ""
			}
			if _, err := fast.m.prepare(k, e, q); err != nil {
				continue
			}
			fast.reach()
			got := fast.results(nil)
			if _, err := slow.m.prepare(k, e, q); err != nil {
				t.Fatal(err)
			}
			slow.reach1()
			want := slow.results1(nil)
			cases++
			squares += len(got)
			if !slices.Equal(got, want) {
				t.Fatalf("%s seed %d %+v: fast %d squares, reach1 %d\n%v\n%v", rs, seed, q, len(got), len(want),
					fmt.Sprint(got), fmt.Sprint(want))
			}
		}
		if cases < n/4 || squares < 10*n {
			t.Fatalf("%s: only %d cases, %d squares compared", rs, cases, squares)
		}
		t.Logf("%s: %d cases, %d squares", rs, cases, squares)
	}
}
