package rules

import (
	"fmt"
	"math/rand"
	"sort"
	"strings"
	"testing"

	"encounterplanner/model"
)

// The sf2e and pf1e engines against the slow reference (refReach,
// reference_test.go) on random maps with spaces of every size, every mode
// and several Strides; every tenth map also replays the paths to every
// square by the reference's step rule.

// convRandomEncounter makes a small random map with a mover (token 0) and
// a few other creatures.
func convRandomEncounter(r *rand.Rand, rs model.Ruleset) (*model.Encounter, MoveQuery) {
	W, H := 3+r.Intn(6), 3+r.Intn(6)
	g := model.NewGrid(W, H)
	pool := []model.Trait{0, 0, 0, 0, 0, model.Wall, model.Obstacle, model.Difficult, model.GreaterDifficult, model.Water,
		model.Hazardous, model.Difficult | model.GreaterDifficult, model.Water | model.Difficult, model.Water | model.GreaterDifficult}
	for i := range g.Cells {
		g.Cells[i] = pool[r.Intn(len(pool))]
	}
	e := &model.Encounter{Name: "r", Ruleset: rs, Grid: g}
	if r.Intn(6) == 0 {
		e.FeetPerSquare = 10
	}
	sizes := []model.Size{model.Tiny, model.Small, model.Medium, model.Medium, model.Large, model.Huge}
	if rs == model.PF1E {
		sizes = append(sizes, model.Fine, model.Diminutive)
	}
	modes := Modes(rs)
	mode := modes[r.Intn(len(modes))]
	if r.Intn(2) == 0 {
		mode = ModeLand
	}
	mv := model.Token{Name: "M", Size: sizes[r.Intn(len(sizes))], Side: []string{"a", "b", ""}[r.Intn(3)], Speeds: map[string]int{}}
	mv.Speeds[mode] = []int{0, 5, 10, 15, 20, 25, 30, 12}[r.Intn(8)]
	if r.Intn(4) == 0 {
		mv.Conditions = []string{model.CondIgnoresDifficult}
	}
	k := e.Space(&mv)
	for k > W || k > H {
		mv.Size = model.Medium
		k = 1
	}
	mv.X, mv.Y = r.Intn(W-k+1), r.Intn(H-k+1)
	for y := mv.Y; y < mv.Y+k; y++ {
		for x := mv.X; x < mv.X+k; x++ {
			if mode == ModeSwim {
				g.Set(x, y, model.Water)
			} else {
				g.Set(x, y, 0)
			}
		}
	}
	e.Tokens = append(e.Tokens, mv)
	for i := r.Intn(4); i > 0; i-- {
		o := model.Token{Name: string(rune('N' + i)), Size: sizes[r.Intn(len(sizes))], Side: []string{"a", "b", ""}[r.Intn(3)]}
		ko := e.Space(&o)
		if ko > W || ko > H {
			continue
		}
		o.X, o.Y = r.Intn(W-ko+1), r.Intn(H-ko+1)
		if o.X < mv.X+k && mv.X < o.X+ko && o.Y < mv.Y+k && mv.Y < o.Y+ko {
			continue // not on the mover's start
		}
		e.Tokens = append(e.Tokens, o)
	}
	return e, MoveQuery{Mode: mode, Actions: 1 + r.Intn(MaxActions(rs))}
}

func TestConvIndependentReference(t *testing.T) {
	for _, rs := range []model.Ruleset{model.SF2E, model.PF1E} {
		t.Run(string(rs), func(t *testing.T) {
			en := mustEngine(t, rs)
			fails := 0
			for seed := int64(1); seed <= int64(randomCases(4000, 4000)) && fails < 3; seed++ {
				r := rand.New(rand.NewSource(seed))
				e, q := convRandomEncounter(r, rs)
				sq, err := en.Reach(nil, e, q)
				if err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
				ref, _ := refReach(kindOf(rs), e, q)
				want := map[[2]int][2]int{}
				for pos, key := range ref {
					want[pos] = [2]int{key.t * e.Feet(), key.layer + 1}
				}
				rr, _ := newRefRules(kindOf(rs), e, q)
				replay := rr.replay
				if seed%10 == 0 {
					// Paths: the cost and actions reach reports, steps
					// the rules allow at the costs they charge.
					for pos, v := range want {
						p, err := en.Path(e, q, pos[0], pos[1])
						if err != nil {
							t.Fatalf("seed %d: Path: %v", seed, err)
						}
						if !p.Reachable || p.Cost != v[0] || p.Actions != v[1] {
							t.Errorf("seed %d: path to %v: %s, want cost %d in %d actions\n%s", seed, pos, pathString(p), v[0], v[1], pathMap(e, 0, p))
						} else if err := replay(p); err != nil {
							t.Errorf("seed %d: path to %v: %v: %s\n%s", seed, pos, err, pathString(p), pathMap(e, 0, p))
						}
					}
				}
				got := map[[2]int][2]int{}
				for _, s := range sq {
					got[[2]int{s.X, s.Y}] = [2]int{s.Cost, s.Actions}
				}
				if fmt.Sprint(sortedBF(got)) != fmt.Sprint(sortedBF(want)) {
					fails++
					wantSq := []Square{}
					for p, v := range want {
						wantSq = append(wantSq, Square{X: p[0], Y: p[1], Cost: v[0], Actions: v[1]})
					}
					t.Errorf("seed %d, %+v, mover %+v, feet %d:\n%s", seed, q, e.Tokens[0], e.Feet(),
						sideBySide(e, gotReachRows(e, 0, sq), gotReachRows(e, 0, wantSq)))
				}
			}
		})
	}
}

func sortedBF(m map[[2]int][2]int) []string {
	var out []string
	for p, v := range m {
		out = append(out, fmt.Sprintf("(%d,%d)=%d/%d", p[0], p[1], v[0], v[1]))
	}
	sort.Strings(out)
	return []string{strings.Join(out, " ")}
}
