package session

import (
	"fmt"
	"math/rand"
	"reflect"
	"strings"
	"testing"

	"encounterplanner/model"
)

// TestMisplacedIsEndRefusal: Misplaced lists exactly the tokens that
// EndRefusal refuses where they stand, on random crowded maps with every
// size (tiny ones share), walls, obstacles, tokens over the map's edge
// and, where the ruleset has elevation, tokens at random heights (boxes
// above one another do not overlap; a box above layer 0 clears an
// obstacle), in each ruleset.
func TestMisplacedIsEndRefusal(t *testing.T) {
	for _, rs := range model.Rulesets {
		sizes := rs.Sizes()
		for seed := int64(1); seed <= 40; seed++ {
			r := rand.New(rand.NewSource(seed))
			w, h := 5+r.Intn(60), 5+r.Intn(60)
			e := &model.Encounter{Ruleset: rs, Grid: model.Grid{W: w, H: h, Cells: make([]model.Terrain, w*h)}}
			for i := range e.Grid.Cells {
				switch r.Intn(30) {
				case 0:
					e.Grid.Cells[i] = model.Wall
				case 1:
					e.Grid.Cells[i] = model.Obstacle
				case 2:
					e.Grid.Cells[i] = model.Door // closed: a wall
				case 3:
					e.Grid.Cells[i] = model.Door | model.Open
				}
			}
			for i := r.Intn(80); i >= 0; i-- {
				tk := model.Token{Name: fmt.Sprint("T", i), X: r.Intn(w+4) - 2, Y: r.Intn(h+4) - 2, Size: sizes[r.Intn(len(sizes))]}
				if rs == model.SF2E || rs == model.PF1E {
					tk.Elevation = 5 * (r.Intn(8) - 2) // 10 ft down to 25 ft up
				}
				if r.Intn(5) == 0 { // a body others may end on
					tk.Conditions = []string{model.CondUnconscious, model.CondProne}
				}
				e.Tokens = append(e.Tokens, tk)
			}
			var want []int
			for i := range e.Tokens {
				if EndRefusal(e, i, e.Tokens[i].X, e.Tokens[i].Y) != "" {
					want = append(want, i)
				}
			}
			if got := Misplaced(e); !reflect.DeepEqual(got, want) {
				t.Errorf("%s seed %d (%dx%d, %d tokens): Misplaced %v, EndRefusal %v", rs, seed, w, h, len(e.Tokens), got, want)
			}
		}
	}
}

// BenchmarkMisplaced1000 is the editor's check of where 1000 tokens stand
// on a 500 x 500 map, made for every overlay answer; pairs is the way it
// was made before Misplaced, EndRefusal for each token.
func BenchmarkMisplaced1000(b *testing.B) {
	r := rand.New(rand.NewSource(1))
	e := &model.Encounter{Ruleset: model.SF2E, Grid: model.Grid{W: 500, H: 500, Cells: make([]model.Terrain, 500*500)}}
	for i := 0; i < 1000; i++ {
		e.Tokens = append(e.Tokens, model.Token{Name: fmt.Sprint("T", i), X: r.Intn(500), Y: r.Intn(500), Size: model.Medium})
	}
	b.Run("buckets", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			Misplaced(e)
		}
	})
	b.Run("pairs", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for i := range e.Tokens {
				EndRefusal(e, i, e.Tokens[i].X, e.Tokens[i].Y)
			}
		}
	})
}

// TestCoverTargetsNearest: on a crowded map the cover overlay answers for
// the MaxCover nearest creatures not on the selected token's side, in
// token order, and counts the rest; with few, for all of them.
func TestCoverTargetsNearest(t *testing.T) {
	e := &model.Encounter{Ruleset: model.Rulesets[0], Grid: model.Grid{W: 200, H: 10, Cells: make([]model.Terrain, 2000)}}
	e.Tokens = append(e.Tokens, model.Token{Name: "me", X: 0, Y: 0, Size: model.Medium, Side: "party"})
	for i := 1; i <= 40; i++ {
		side := "enemy"
		if i%4 == 0 {
			side = "party"
		}
		// far to near: the nearest are the last ones
		e.Tokens = append(e.Tokens, model.Token{Name: fmt.Sprint("T", i), X: 2 + 4*(40-i), Y: 0, Size: model.Medium, Side: side})
	}
	to, left := CoverTargets(e, 0, false)
	var want []int
	for j := 40; len(want) < MaxCover; j-- {
		if j%4 != 0 {
			want = append([]int{j}, want...)
		}
	}
	if !reflect.DeepEqual(to, want) || left != 30-MaxCover {
		t.Errorf("CoverTargets = %v, %d left; want %v, %d left", to, left, want, 30-MaxCover)
	}
	e.Tokens = e.Tokens[:5]
	if to, left := CoverTargets(e, 0, true); !reflect.DeepEqual(to, []int{1, 2, 3, 4}) || left != 0 {
		t.Errorf("with allies, 4 others: %v, %d left", to, left)
	}
}

// TestDropsOnABodyAndOnDoors: a creature may end on a prone unconscious
// or dead creature its size or smaller (rules-conventions.md, "Conditions
// the rules act on"), as the rules' reach says; the app refused the drop
// ("occupied by Goblin") and marked both misplaced. A closed door square
// is a wall square for where a token may stand; the app let a token be
// dropped on one, unmarked.
func TestDropsOnABodyAndOnDoors(t *testing.T) {
	for _, rs := range []model.Ruleset{model.SF2E, model.PF1E} {
		e := &model.Encounter{Ruleset: rs, Grid: model.Grid{W: 8, H: 4, Cells: make([]model.Terrain, 32)}}
		e.Grid.Cells[6] = model.Door
		e.Grid.Cells[7] = model.Door | model.Open
		e.Tokens = []model.Token{
			{Name: "Dae", X: 0, Y: 0, Size: model.Medium},
			{Name: "Goblin", X: 3, Y: 0, Size: model.Small, Conditions: []string{model.CondUnconscious, model.CondProne}},
			{Name: "Ogre", X: 3, Y: 2, Size: model.Large, Conditions: []string{model.CondDead}},
		}
		if why := EndRefusal(e, 0, 3, 0); why != "" {
			t.Errorf("%s: Dae onto the unconscious goblin: %q, want allowed", rs, why)
		}
		if why := EndRefusal(e, 0, 3, 2); why == "" {
			t.Errorf("%s: Dae onto the dead ogre, larger than Dae: allowed", rs)
		}
		if why := EndRefusal(e, 0, 6, 0); !strings.Contains(why, "closed door") {
			t.Errorf("%s: Dae onto a closed door square: %q", rs, why)
		}
		if why := EndRefusal(e, 0, 7, 0); why != "" {
			t.Errorf("%s: Dae onto an open door square: %q", rs, why)
		}
		e.Tokens[0].X = 3
		if got := Misplaced(e); len(got) != 0 {
			t.Errorf("%s: Dae standing on the goblin: misplaced %v", rs, got)
		}
		e.Tokens[0].X = 6
		if got := Misplaced(e); !reflect.DeepEqual(got, []int{0}) {
			t.Errorf("%s: Dae on the closed door: misplaced %v, want [0]", rs, got)
		}
	}
}

// TestMisplacedAllocatesOnlyItsAnswer: the editor asks Misplaced on every
// overlay rebuild (every pointer move of a drag); its buckets come from the
// last call, so where every token stands where it may it allocates
// nothing, and otherwise only its answer. It made its buckets each call,
// about 12 kB for 1000 tokens on 500 x 500.
func TestMisplacedAllocatesOnlyItsAnswer(t *testing.T) {
	e := &model.Encounter{Ruleset: model.SF2E, Grid: model.Grid{W: 500, H: 500, Cells: make([]model.Terrain, 500*500)}}
	for i := 0; i < 1000; i++ {
		e.Tokens = append(e.Tokens, model.Token{Name: fmt.Sprint("T", i), X: i % 40 * 12, Y: i / 40 * 12, Size: model.Medium})
	}
	if got := Misplaced(e); len(got) != 0 {
		t.Fatalf("Misplaced %v on a map where every token stands apart", got)
	}
	if a := testing.AllocsPerRun(100, func() { Misplaced(e) }); a != 0 {
		t.Errorf("Misplaced allocates %.0f times a call where no token is misplaced; want 0", a)
	}
	e.Tokens[7].X, e.Tokens[7].Y = e.Tokens[8].X, e.Tokens[8].Y // two in one square
	if got := Misplaced(e); len(got) != 2 {
		t.Fatalf("Misplaced %v; want tokens 7 and 8", got)
	}
	if a := testing.AllocsPerRun(100, func() { Misplaced(e) }); a > 2 {
		t.Errorf("Misplaced allocates %.0f times a call for two misplaced tokens; want at most 2 (its answer)", a)
	}
}
