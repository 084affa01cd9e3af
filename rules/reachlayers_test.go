package rules

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"encounterplanner/model"
)

// layersAgainstLabels runs reachLayers and the label search it replaced on
// the same query and fails when their answers differ. It reports whether
// the query was searched (prepare accepted it) and the squares compared.
func layersAgainstLabels(t *testing.T, fast, slow *searcher, k kind, e *model.Encounter, q MoveQuery, label string) (bool, int) {
	t.Helper()
	if _, err := fast.m.prepare(k, e, q); err != nil {
		return false, 0
	}
	fast.reachLayers()
	if k == kindPF1E {
		pf1eMinimum(fast)
	}
	got := fast.results(nil)
	if _, err := slow.m.prepare(k, e, q); err != nil {
		t.Fatal(err)
	}
	slow.grow(slow.m.layers)
	slow.reachLabels()
	if k == kindPF1E {
		pf1eMinimum(slow)
	}
	want := slow.results(nil)
	if !slices.Equal(got, want) {
		t.Fatalf("%s %+v: layers %d squares, label search %d\n%s", label, q, len(got), len(want), squaresDiff(e, got, want))
	}
	return true, len(got)
}

// squaresDiff prints the map with the squares where two answers differ
// ('!' a different cost or Stride count, '+' only the first, '-' only the
// second) and lists them.
func squaresDiff(e *model.Encounter, a, b []Square) string {
	g := &e.Grid
	at := func(sq []Square) map[[2]int]Square {
		m := map[[2]int]Square{}
		for _, s := range sq {
			m[[2]int{s.X, s.Y}] = s
		}
		return m
	}
	ma, mb := at(a), at(b)
	out := ""
	list := ""
	for y := 0; y < g.H; y++ {
		for x := 0; x < g.W; x++ {
			sa, okA := ma[[2]int{x, y}]
			sb, okB := mb[[2]int{x, y}]
			c := byte('.')
			switch t := g.At(x, y); {
			case t&model.Wall != 0:
				c = '#'
			case t&(model.Difficult|model.GreaterDifficult) != 0:
				c = 'd'
			}
			switch {
			case okA && okB && sa != sb:
				c = '!'
			case okA && !okB:
				c = '+'
			case okB && !okA:
				c = '-'
			}
			if c == '!' || c == '+' || c == '-' {
				list += fmt.Sprintf("(%d,%d) %+v vs %+v\n", x, y, sa, sb)
			}
			out += string(c)
		}
		out += "\n"
	}
	for i, tk := range e.Tokens {
		out += fmt.Sprintf("token %d %q at (%d,%d) %s %s %v\n", i, tk.Name, tk.X, tk.Y, tk.Size, tk.Side, tk.Speeds)
	}
	return out + list
}

// TestReachLayersMatchesLabelSearch compares reachLayers with the label
// search it replaced on random maps: every space size, 1 to 3 Strides,
// terrain, creatures, edges and door squares, either diagonal parity to
// start, sf2e and pf1e, small maps and larger ones with long Speeds.
func TestReachLayersMatchesLabelSearch(t *testing.T) {
	n := 3000
	if testing.Short() {
		n = 600
	}
	for _, rs := range []model.Ruleset{model.SF2E, model.PF1E} {
		k := kindSF2E
		if rs == model.PF1E {
			k = kindPF1E
		}
		var fast, slow searcher
		cases, squares := 0, 0
		sizes := map[int]int{}
		for seed := 0; seed < n; seed++ {
			rng := rand.New(rand.NewPCG(uint64(seed), 31))
			side, speeds := 10, 8
			if seed%5 == 0 {
				side, speeds = 40, 30
			}
			e, q := randEncounterSized(rng, rs, side, speeds)
			q.Step = false
			if seed%3 == 0 {
				addRandomEdges(rng, e, 2+rng.IntN(12))
			}
			if seed%4 == 1 {
				// A big space more often than the generator gives one.
				tk := &e.Tokens[q.Token]
				sz := rs.Sizes()[rng.IntN(len(rs.Sizes()))]
				if s := rs.Space(sz); s <= e.Grid.W-tk.X && s <= e.Grid.H-tk.Y {
					tk.Size = sz
				}
			}
			if seed%11 == 0 {
				e.Tokens[q.Token].Speeds[ModeFly] = 1 << 20
				q.Mode = ModeFly
			}
			if seed%6 == 2 {
				q.Turn.Diagonals = 1 // the turn's next diagonal costs 2
			}
			ok, sq := layersAgainstLabels(t, &fast, &slow, k, e, q, fmt.Sprintf("%s seed %d", rs, seed))
			if ok {
				cases++
				squares += sq
				sizes[fast.m.k]++
			}
		}
		if cases < n/3 || squares < 20*n || len(sizes) < 3 {
			t.Fatalf("%s: only %d cases, %d squares, space sizes %v compared", rs, cases, squares, sizes)
		}
		t.Logf("%s: %d cases, %d squares, space sizes %v", rs, cases, squares, sizes)
	}
}
