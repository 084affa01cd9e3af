package rules

import (
	"errors"
	"reflect"
	"testing"

	"encounterplanner/model"
)

const S, SE, E, NE, N, SW, W, NW = model.S, model.SE, model.E, model.NE, model.N, model.SW, model.W, model.NW

// Player Core p. 413 (sidebar): "Iseph moves straight south, spending 10
// feet of their Speed, then diagonally, spending another 5 feet. Iseph's next
// diagonal move ... costs 10 feet ... spent all 25 feet".
func TestIsephsStride(t *testing.T) {
	e := withTokens(mapOf(t, model.SF2E,
		".....",
		".....",
		".....",
		".....",
		".....",
	), tok{name: "Iseph", side: "party", speeds: "land=25"})
	q := MoveQuery{Token: 0}
	if got, want := walk(e, q, kindSF2E, S, S, SE, SE), []int{5, 5, 5, 10}; !reflect.DeepEqual(got, want) {
		t.Errorf("south, south, diagonal, diagonal cost %v, want %v", got, want)
	}
	checkReach(t, e, q, []want{{2, 4, 25, 1}, {0, 2, 10, 1}, {1, 3, 15, 1}, {4, 4, 0, 0}})
	p, err := mustEngine(t, model.SF2E).Path(e, q, 2, 4)
	if err != nil || !p.Reachable || p.Cost != 25 || p.Actions != 1 || p.Steps[len(p.Steps)-1].Total != 25 {
		t.Errorf("path to (2,4) = %+v, %v; want 25 ft", p, err)
	}
}

// Player Core p. 413: "Iseph Seeks ... spend 5 feet ... to head east ...
// moves diagonally, spending 10 feet ... northeast again would cost 15 ...
// Instead ... directly north. This costs them 10 feet ... all 25 feet".
func TestIsephsDebris(t *testing.T) {
	e := withTokens(mapOf(t, model.SF2E,
		"....",
		"..dd",
		"..dd",
		"....",
	), tok{name: "Iseph", x: 0, y: 3, side: "party", speeds: "land=25"})
	q := MoveQuery{Token: 0}
	if got, want := walk(e, q, kindSF2E, E, NE, N), []int{5, 10, 10}; !reflect.DeepEqual(got, want) {
		t.Errorf("east, northeast, north cost %v, want %v", got, want)
	}
	if got, want := walk(e, q, kindSF2E, E, NE, NE), []int{5, 10, 15}; !reflect.DeepEqual(got, want) {
		t.Errorf("east, northeast, northeast cost %v, want %v", got, want)
	}
	// Iseph's route is not the cheapest to (2,1): NE, NE costs 5 + 15 = 20.
	checkReach(t, e, q, []want{{2, 1, 20, 1}, {2, 2, 15, 1}, {3, 1, 0, 0}})
}

// Player Core p. 413: "as you move across 4 squares diagonally, you would
// count 5 feet, then 10, then 5, and then 10, for a total of 30 feet."
func TestFourDiagonals(t *testing.T) {
	e := withTokens(mapOf(t, model.SF2E,
		".....",
		".....",
		".....",
		".....",
		".....",
	), tok{name: "A", side: "a", speeds: "land=30"})
	q := MoveQuery{Token: 0}
	if got, want := walk(e, q, kindSF2E, SE, SE, SE, SE), []int{5, 10, 5, 10}; !reflect.DeepEqual(got, want) {
		t.Errorf("4 diagonals cost %v, want %v", got, want)
	}
	checkReach(t, e, q, []want{{4, 4, 30, 1}, {1, 1, 5, 1}, {2, 2, 15, 1}, {3, 3, 20, 1}})
}

// Player Core p. 413 "Size and Reach" table and rules-conventions.md spaces.
func TestSizeSpaceReachTable(t *testing.T) {
	rows := []struct {
		size        model.Size
		space, tall int
		long        int
	}{
		{model.Tiny, 1, 0, 0},
		{model.Small, 1, 5, 5},
		{model.Medium, 1, 5, 5},
		{model.Large, 2, 10, 5},
		{model.Huge, 3, 15, 10},
		{model.Gargantuan, 4, 20, 15},
	}
	for _, r := range rows {
		tall := model.Token{Size: r.size}
		long := model.Token{Size: r.size, Long: true}
		if got := model.SF2E.Space(r.size); got != r.space {
			t.Errorf("%s space %d, want %d", r.size, got, r.space)
		}
		if got := naturalReach(kindSF2E, &tall); got != r.tall {
			t.Errorf("%s tall reach %d, want %d", r.size, got, r.tall)
		}
		if got := naturalReach(kindSF2E, &long); got != r.long {
			t.Errorf("%s long reach %d, want %d", r.size, got, r.long)
		}
	}
	r := 15
	if got := naturalReach(kindSF2E, &model.Token{Size: model.Medium, Reach: &r, Long: true}); got != 15 {
		t.Errorf("explicit reach %d, want 15", got)
	}
}

// The naive budget of 3 x Speed is wrong: each Stride's leftover is lost.
// Speed 15 through difficult terrain moves one square (10 ft) per Stride,
// so 3 Strides reach 3 squares, not the 4 that 45 ft would buy.
func TestStridesAreNotOneBudget(t *testing.T) {
	e := withTokens(mapOf(t, model.SF2E, ".dddddd"), tok{name: "A", side: "a", speeds: "land=15"})
	checkReach(t, e, MoveQuery{Token: 0, Actions: 3}, []want{
		{1, 0, 10, 1}, {2, 0, 20, 2}, {3, 0, 30, 3}, {4, 0, 0, 0},
	})
}

func TestSF2EConventions(t *testing.T) {
	type tc struct {
		name  string
		rows  []string
		toks  []tok
		q     MoveQuery
		wants []want
	}
	cases := []tc{
		{"orthogonal 5 ft", []string{"...."}, []tok{{name: "A", side: "a", speeds: "land=15"}}, MoveQuery{},
			[]want{{1, 0, 5, 1}, {3, 0, 15, 1}}},
		{"difficult +5 greater +10", []string{".dD."}, []tok{{name: "A", side: "a", speeds: "land=30"}}, MoveQuery{},
			[]want{{1, 0, 10, 1}, {2, 0, 25, 1}, {3, 0, 30, 1}}},
		{"surcharge not doubled on diagonal", []string{"..", ".D"}, []tok{{name: "A", side: "a", speeds: "land=30"}}, MoveQuery{},
			[]want{{1, 1, 15, 1}}},
		{"one square per Stride at Speed 5", []string{"......"}, []tok{{name: "A", side: "a", speeds: "land=5"}}, MoveQuery{Actions: 3},
			[]want{{3, 0, 15, 3}}},
		{"diagonal carries: second diagonal in second Stride costs 10",
			[]string{"...", "...", "..."}, []tok{{name: "A", side: "a", speeds: "land=5"}}, MoveQuery{Actions: 2},
			// SE (5) fits Stride 1; the next diagonal costs 10 > 5.
			[]want{{1, 1, 5, 1}, {2, 2, 0, 0}, {2, 1, 10, 2}}},
		{"leftover lost", []string{".d"}, []tok{{name: "A", side: "a", speeds: "land=5"}}, MoveQuery{Actions: 3},
			[]want{{1, 0, 0, 0}}},
		{"diagonal refused only when both corners block", []string{".#", "#."}, []tok{{name: "A", side: "a", speeds: "land=30"}}, MoveQuery{},
			[]want{{1, 1, 0, 0}}},
		{"brushing one corner is allowed", []string{".#", ".."}, []tok{{name: "A", side: "a", speeds: "land=30"}}, MoveQuery{},
			[]want{{1, 1, 5, 1}}},
		{"obstacle and wall corners refuse", []string{".o", "#."}, []tok{{name: "A", side: "a", speeds: "land=30"}}, MoveQuery{},
			[]want{{1, 1, 0, 0}}},
		{"speed 0 reaches nothing", []string{"..."}, []tok{{name: "A", side: "a", speeds: "land=0"}}, MoveQuery{Actions: 3},
			[]want{{1, 0, 0, 0}}},
		{"ignores difficult terrain", []string{".dD."}, []tok{{name: "A", side: "a", speeds: "land=30", conds: []string{model.CondIgnoresDifficult}}}, MoveQuery{},
			[]want{{1, 0, 5, 1}, {2, 0, 15, 1}, {3, 0, 20, 1}}},
		{"fly: difficult ignored, greater as difficult, over obstacles and water", []string{".dDo~#."}, []tok{{name: "A", side: "a", speeds: "fly=60"}}, MoveQuery{Mode: ModeFly},
			[]want{{1, 0, 5, 1}, {2, 0, 15, 1}, {3, 0, 0, 0}, {4, 0, 25, 1}, {6, 0, 0, 0}}},
		{"fly and ignores do not stack", []string{".D"}, []tok{{name: "A", side: "a", speeds: "fly=60", conds: []string{model.CondIgnoresDifficult}}}, MoveQuery{Mode: ModeFly},
			[]want{{1, 0, 10, 1}}},
		{"swim only in water, surcharge applies", []string{"~~d~", "~.~~"}, []tok{{name: "A", side: "a", speeds: "swim=30"}}, MoveQuery{Mode: ModeSwim},
			[]want{{1, 0, 5, 1}, {2, 0, 0, 0}, {1, 1, 0, 0}, {3, 0, 20, 1}}},
		{"land cannot enter water", []string{".~."}, []tok{{name: "A", side: "a", speeds: "land=30"}}, MoveQuery{},
			[]want{{2, 0, 0, 0}}},
		{"climb moves as land with climb Speed", []string{".d.."}, []tok{{name: "A", side: "a", speeds: "land=5 climb=15"}}, MoveQuery{Mode: ModeClimb},
			[]want{{1, 0, 10, 1}, {2, 0, 15, 1}}},
		{"burrow ignores surcharges, passes obstacles, not walls or water", []string{".Do.#.", "....~."}, []tok{{name: "A", side: "a", speeds: "burrow=20"}}, MoveQuery{Mode: ModeBurrow},
			[]want{{1, 0, 5, 1}, {2, 0, 0, 0}, {3, 0, 15, 1}, {5, 0, 0, 0}, {4, 1, 0, 0}}},
		{"allies pass but cannot be ended in", []string{"..."}, []tok{{name: "A", side: "a", speeds: "land=10"}, {name: "B", x: 1, side: "a"}}, MoveQuery{},
			[]want{{1, 0, 0, 0}, {2, 0, 10, 1}}},
		{"enemies block", []string{"...", "###"}, []tok{{name: "A", side: "a", speeds: "land=30"}, {name: "B", x: 1, side: "b"}}, MoveQuery{},
			[]want{{2, 0, 0, 0}}},
		{"neutral blocks like an enemy", []string{"..."}, []tok{{name: "A", side: "a", speeds: "land=30"}, {name: "B", x: 1}}, MoveQuery{},
			[]want{{2, 0, 0, 0}}},
		{"three sizes apart pass through", []string{".....", ".....", ".....", "....."}, []tok{{name: "A", y: 1, side: "a", speeds: "land=30"}, {name: "G", x: 1, size: model.Gargantuan, side: "b"}}, MoveQuery{},
			[]want{{2, 1, 0, 0}, {1, 1, 0, 0}}},
		{"tiny ends in a creature's space", []string{"..."}, []tok{{name: "A", size: model.Tiny, side: "a", speeds: "land=10"}, {name: "B", x: 1, side: "b"}}, MoveQuery{},
			[]want{{1, 0, 5, 1}, {2, 0, 10, 1}}},
		{"others end in a tiny creature's space", []string{"..."}, []tok{{name: "A", side: "a", speeds: "land=10"}, {name: "B", x: 1, size: model.Tiny, side: "b"}}, MoveQuery{},
			[]want{{1, 0, 5, 1}}},
		{"non-final Stride may end in an ally's space", []string{"...", "#.#"}, []tok{{name: "A", side: "a", speeds: "land=5"}, {name: "B", x: 1, side: "a"}}, MoveQuery{Actions: 2},
			[]want{{1, 0, 0, 0}, {2, 0, 10, 2}}},
		{"non-final Stride may not end in a passable enemy's space", []string{"......", "......", "......", "......"}, []tok{{name: "A", side: "a", speeds: "land=10"}, {name: "G", x: 1, size: model.Gargantuan, side: "b"}}, MoveQuery{Actions: 3},
			[]want{{1, 0, 0, 0}, {5, 0, 0, 0}}},
		{"non-final Strides may end in a large ally's space", []string{"......", "......", "......", "......"}, []tok{{name: "A", side: "a", speeds: "land=10"}, {name: "G", x: 1, size: model.Gargantuan, side: "a"}}, MoveQuery{Actions: 3},
			[]want{{1, 0, 0, 0}, {5, 0, 25, 3}}},
		{"passable enemy crossed in one Stride", []string{"......", "......", "......", "......"}, []tok{{name: "A", side: "a", speeds: "land=25"}, {name: "G", x: 1, size: model.Gargantuan, side: "b"}}, MoveQuery{},
			[]want{{5, 0, 25, 1}}},
		{"large space needs every square", []string{"....", "...#", "...."}, []tok{{name: "L", size: model.Large, side: "a", speeds: "land=30"}}, MoveQuery{},
			[]want{{1, 0, 5, 1}, {2, 0, 0, 0}, {1, 1, 5, 1}, {2, 1, 0, 0}}},
		{"large pays the worst newly entered square", []string{"...", "..D"}, []tok{{name: "L", size: model.Large, side: "a", speeds: "land=30"}}, MoveQuery{},
			[]want{{1, 0, 15, 1}}},
		{"large diagonal refused when both passed-between squares block", []string{".#..", "....", "...#", "...."}, []tok{{name: "L", x: 1, y: 1, size: model.Large, side: "a", speeds: "land=30"}}, MoveQuery{},
			[]want{{2, 0, 0, 0}}},
		{"large diagonal past one blocking square", []string{".#..", "....", "....", "...."}, []tok{{name: "L", x: 1, y: 1, size: model.Large, side: "a", speeds: "land=30"}}, MoveQuery{},
			[]want{{2, 0, 5, 1}}},
		{"step: 5 ft, not into difficult", []string{"...", ".@d", "..."}, []tok{{name: "A", x: 1, y: 1, side: "a", speeds: "land=30"}}, MoveQuery{Step: true},
			[]want{{0, 0, 5, 1}, {2, 1, 0, 0}, {2, 2, 5, 1}, {1, 0, 5, 1}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rows := make([]string, len(c.rows))
			for i, r := range c.rows {
				rows[i] = replaceAt(r)
			}
			e := withTokens(mapOf(t, model.SF2E, rows...), c.toks...)
			checkReach(t, e, c.q, c.wants)
			checkPathsMatchReach(t, e, c.q)
		})
	}
}

func replaceAt(r string) string {
	b := []byte(r)
	for i := range b {
		if b[i] == '@' {
			b[i] = '.'
		}
	}
	return string(b)
}

// checkPathsMatchReach asks a path to every square and compares it with reach.
func checkPathsMatchReach(t *testing.T, e *model.Encounter, q MoveQuery) {
	t.Helper()
	en := mustEngine(t, e.Ruleset)
	sq, err := en.Reach(nil, e, q)
	if err != nil {
		t.Fatal(err)
	}
	for y := 0; y < e.Grid.H; y++ {
		for x := 0; x < e.Grid.W; x++ {
			p, err := en.Path(e, q, x, y)
			if err != nil {
				t.Fatalf("Path(%d,%d): %v", x, y, err)
			}
			s, ok := costAt(sq, x, y)
			if ok != p.Reachable || (ok && (s.Cost != p.Cost || s.Actions != p.Actions)) {
				t.Errorf("Path(%d,%d) = reachable %v cost %d actions %d; reach says %v %d %d", x, y, p.Reachable, p.Cost, p.Actions, ok, s.Cost, s.Actions)
				continue
			}
			if ok && (len(p.Steps) == 0 || p.Steps[len(p.Steps)-1].Total != p.Cost || p.Steps[len(p.Steps)-1].X != x || p.Steps[len(p.Steps)-1].Y != y) {
				t.Errorf("Path(%d,%d) steps %+v do not end there with total %d", x, y, p.Steps, p.Cost)
			}
		}
	}
}

func TestSF2EBadQueries(t *testing.T) {
	e := withTokens(mapOf(t, model.SF2E, "..."), tok{name: "Iseph", side: "a", speeds: "land=25"})
	en := mustEngine(t, model.SF2E)
	for _, q := range []MoveQuery{{Mode: ModeFly}, {Mode: "teleport"}, {Actions: 4}, {Token: 3}, {Mode: ModeFly, Step: true}} {
		_, err := en.Reach(nil, e, q)
		if !errors.Is(err, ErrBadQuery) {
			t.Errorf("Reach(%+v) error %v, want a bad query", q, err)
		}
		if _, err := en.Path(e, q, 1, 0); !errors.Is(err, ErrBadQuery) {
			t.Errorf("Path(%+v) error %v, want a bad query", q, err)
		}
	}
	_, err := en.Reach(nil, e, MoveQuery{Mode: ModeFly})
	if err == nil || !contains(err.Error(), "Iseph") || !contains(err.Error(), "fly") {
		t.Errorf("missing Speed error %q should name the token and the mode", err)
	}
	if p, err := en.Path(e, MoveQuery{}, 0, 0); err != nil || p.Reachable {
		t.Errorf("path to own square: %+v %v", p, err)
	}
}

func contains(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}

// Path tie-breaks (queries.md): least cost, then fewest hazardous squares,
// then fewest reaction steps, then neighbour order N, NE, E, ... NW.
func TestSF2EPathTieBreaks(t *testing.T) {
	cases := []struct {
		name  string
		rows  []string
		toks  []tok
		x, y  int
		steps [][2]int
		flags []Flag
	}{
		{"neighbour order", []string{"...", "..."}, []tok{{name: "A", side: "a", speeds: "land=30"}}, 2, 1,
			[][2]int{{1, 0}, {2, 1}}, nil}, // E before SE
		{"avoid hazardous", []string{".h.", "..."}, []tok{{name: "A", side: "a", speeds: "land=30"}}, 2, 1,
			[][2]int{{1, 1}, {2, 1}}, []Flag{0, 0}},
		{"hazard flagged when cheapest", []string{".h."}, []tok{{name: "A", side: "a", speeds: "land=30"}}, 2, 0,
			[][2]int{{1, 0}, {2, 0}}, []Flag{FlagHazardous, 0}},
		{"avoid reactions", []string{"...", "...", "..."}, []tok{{name: "A", x: 0, y: 2, side: "a", speeds: "land=30"}, {name: "B", x: 1, y: 0, side: "b"}}, 2, 1,
			// NE, E (first in order) leaves (1,1), which B threatens; E, NE does not.
			[][2]int{{1, 2}, {2, 1}}, []Flag{0, 0}},
		{"reaction flagged", []string{"...", "...", "..."}, []tok{{name: "A", x: 0, y: 1, side: "a", speeds: "land=30"}, {name: "B", x: 1, y: 0, side: "b"}}, 2, 1,
			[][2]int{{1, 1}, {2, 1}}, []Flag{FlagReaction, FlagReaction}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := withTokens(mapOf(t, model.SF2E, c.rows...), c.toks...)
			p, err := mustEngine(t, model.SF2E).Path(e, MoveQuery{}, c.x, c.y)
			if err != nil || !p.Reachable {
				t.Fatalf("path %+v %v", p, err)
			}
			var got [][2]int
			for _, s := range p.Steps {
				got = append(got, [2]int{s.X, s.Y})
			}
			if !reflect.DeepEqual(got, c.steps) {
				t.Errorf("steps %v, want %v", got, c.steps)
			}
			for i, f := range c.flags {
				if i < len(p.Steps) && p.Steps[i].Flags != f {
					t.Errorf("step %d flags %v, want %v", i, p.Steps[i].Flags.Names(), f.Names())
				}
			}
		})
	}
}

// Step triggers no reactions (Player Core p. 413); a Stride out of the same
// square does.
func TestSF2EStepTriggersNoReactions(t *testing.T) {
	e := withTokens(mapOf(t, model.SF2E, "...", "...", "..."),
		tok{name: "A", x: 0, y: 1, side: "a", speeds: "land=30"}, tok{name: "B", x: 1, y: 0, side: "b"})
	en := mustEngine(t, model.SF2E)
	step, err := en.Path(e, MoveQuery{Step: true}, 0, 2)
	if err != nil || !step.Reachable || len(step.Steps) != 1 || step.Steps[0].Flags != 0 || step.Cost != 5 {
		t.Errorf("step path %+v %v, want one unflagged 5-ft step", step, err)
	}
	stride, err := en.Path(e, MoveQuery{}, 0, 2)
	if err != nil || !stride.Reachable || len(stride.Steps) != 1 || stride.Steps[0].Flags != FlagReaction {
		t.Errorf("stride path %+v %v, want one step flagged reaction", stride, err)
	}
}
