package rules

import (
	"fmt"
	"strings"
	"testing"

	"encounterplanner/model"
)

// rules-conventions.md, "Every ruleset": "The two squares a diagonal step
// 'passes between' are the two squares that the moving space sweeps but
// neither leaves nor enters: for a single square moving north-east from
// (x, y), (x, y-1) and (x+1, y); for a k x k space at (x, y) moving
// north-east, (x, y-1) and (x+k, y+k-1); likewise for the other diagonals."
//
// convSwept derives those squares independently of the engines: the squares,
// outside both the old and the new space, whose inside the space overlaps
// half way through the step (doubled coordinates).
func convSwept(x, y, k, dx, dy int) [][2]int {
	var out [][2]int
	in := func(i, j, sx, sy int) bool { return i >= sx && i < sx+k && j >= sy && j < sy+k }
	for j := y - 2; j <= y+k+1; j++ {
		for i := x - 2; i <= x+k+1; i++ {
			if in(i, j, x, y) || in(i, j, x+dx, y+dy) {
				continue
			}
			// Space half way: [2x+dx, 2x+2k+dx] x [2y+dy, 2y+2k+dy].
			if 2*i < 2*x+2*k+dx && 2*i+2 > 2*x+dx && 2*j < 2*y+2*k+dy && 2*j+2 > 2*y+dy {
				out = append(out, [2]int{i, j})
			}
		}
	}
	return out
}

func TestConvDiagonalSweptSquaresMatchTheFormula(t *testing.T) {
	// The convention's own numbers for north-east, so convSwept is right.
	for k := 1; k <= 6; k++ {
		got := convSwept(10, 10, k, 1, -1)
		want := [][2]int{{10, 9}, {10 + k, 10 + k - 1}}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("k=%d NE: swept %v, the convention says %v", k, got, want)
		}
	}
}

// convOneStep reports whether the token can end one step in direction d
// away, asking the engine's Reach with a budget of exactly one step.
func convOneStep(t *testing.T, e *model.Encounter, q MoveQuery, d int) bool {
	t.Helper()
	sq, err := mustEngine(t, e.Ruleset).Reach(nil, e, q)
	if err != nil {
		t.Fatalf("Reach: %v", err)
	}
	tk := &e.Tokens[q.Token]
	_, ok := costAt(sq, tk.X+model.Dir[d][0], tk.Y+model.Dir[d][1])
	return ok
}

// blockerKind places one blocker at (x, y).
type blockerKind struct {
	name  string
	place func(e *model.Encounter, x, y int)
}

var (
	convWall = blockerKind{"wall", func(e *model.Encounter, x, y int) { e.Grid.Set(x, y, model.Wall) }}
	convObst = blockerKind{"obstacle", func(e *model.Encounter, x, y int) { e.Grid.Set(x, y, model.Obstacle) }}
	convFoe  = blockerKind{"enemy", func(e *model.Encounter, x, y int) {
		e.Tokens = append(e.Tokens, model.Token{Name: "Foe", X: x, Y: y, Size: model.Medium, Side: "b"})
	}}
	convAlly = blockerKind{"ally", func(e *model.Encounter, x, y int) {
		e.Tokens = append(e.Tokens, model.Token{Name: "Friend", X: x, Y: y, Size: model.Medium, Side: "a"})
	}}
)

// convDiagCase: a mover of space k and the rule for one blocker.
type convDiagCase struct {
	rs      model.Ruleset
	size    model.Size
	k       int
	mover   func(x, y int, f model.Facing) model.Token
	q       MoveQuery
	blocker blockerKind
	// refusesOne: one blocker on a passed-between square refuses the step
	// (pf1e, starship, points); otherwise (sf2e) only both together do.
	refusesOne bool
}

// TestConvDiagonalPassesBetween puts one blocker (and, for sf2e, two) on
// every square around a one-step diagonal of a k x k space, in every
// ruleset, and checks the step is refused exactly when the convention says.
func TestConvDiagonalPassesBetween(t *testing.T) {
	land := func(sp string) func(x, y int, f model.Facing) model.Token {
		return func(x, y int, f model.Facing) model.Token {
			return tok{name: "Mover", x: x, y: y, side: "a", speeds: sp}.token()
		}
	}
	ship := func(x, y int, f model.Facing) model.Token {
		return model.Token{Name: "Mover", X: x, Y: y, Facing: f, Side: "a", Speeds: map[string]int{"fly": 50}}
	}
	var cases []convDiagCase
	for _, s := range []struct {
		size model.Size
		k    int
	}{{model.Medium, 1}, {model.Large, 2}, {model.Huge, 3}, {model.Gargantuan, 4}} {
		cases = append(cases,
			convDiagCase{model.SF2E, s.size, s.k, land("land=5"), MoveQuery{}, convWall, false},
			convDiagCase{model.SF2E, s.size, s.k, land("land=5"), MoveQuery{}, convObst, false},
			convDiagCase{model.PF1E, s.size, s.k, land("land=5"), MoveQuery{}, convWall, true},
			convDiagCase{model.PF1E, s.size, s.k, land("land=5"), MoveQuery{}, convObst, true},
			convDiagCase{model.Points, s.size, s.k, land("land=1"), MoveQuery{}, convWall, true},
			convDiagCase{model.Points, s.size, s.k, land("land=1"), MoveQuery{}, convObst, true},
			convDiagCase{model.Points, s.size, s.k, land("land=1"), MoveQuery{}, convFoe, true},
		)
	}
	cases = append(cases, convDiagCase{model.PF1E, model.Colossal, 6, land("land=5"), MoveQuery{}, convWall, true})
	for _, s := range []struct {
		size model.Size
		k    int
	}{{model.Small, 1}, {model.Medium, 2}, {model.Large, 4}} {
		cases = append(cases,
			convDiagCase{model.Starship, s.size, s.k, ship, MoveQuery{}, convWall, true},
			convDiagCase{model.Starship, s.size, s.k, ship, MoveQuery{}, convObst, true})
	}
	for _, c := range cases {
		name := fmt.Sprintf("%s/k%d/%s", c.rs, c.k, c.blocker.name)
		t.Run(name, func(t *testing.T) {
			n := c.k + 4
			rows := make([]string, n)
			for i := range rows {
				rows[i] = strings.Repeat(".", n)
			}
			const x, y = 2, 2
			for d := 1; d < 8; d += 2 {
				dx, dy := model.Dir[d][0], model.Dir[d][1]
				between := map[[2]int]bool{}
				for _, s := range convSwept(x, y, c.k, dx, dy) {
					between[s] = true
				}
				if len(between) != 2 {
					t.Fatalf("%v: %d squares passed between", model.Facing(d), len(between))
				}
				mk := func() *model.Encounter {
					e := mapOf(t, c.rs, rows...)
					m := c.mover(x, y, model.Facing(d))
					m.Size = c.size
					e.Tokens = append(e.Tokens, m)
					return e
				}
				if !convOneStep(t, mk(), c.q, d) {
					t.Fatalf("%v: the step is refused on open ground", model.Facing(d))
				}
				for by := 0; by < n; by++ {
					for bx := 0; bx < n; bx++ {
						if bx >= x && bx < x+c.k && by >= y && by < y+c.k ||
							bx >= x+dx && bx < x+dx+c.k && by >= y+dy && by < y+dy+c.k {
							continue // a square of the old or the new space
						}
						e := mk()
						c.blocker.place(e, bx, by)
						want := !(c.refusesOne && between[[2]int{bx, by}])
						if got := convOneStep(t, e, c.q, d); got != want {
							t.Errorf("%v with a %s at (%d,%d): step allowed %v, want %v (passed between: %v)\n%s",
								model.Facing(d), c.blocker.name, bx, by, got, want, convSwept(x, y, c.k, dx, dy), tokenMap(e))
						}
					}
				}
				// Both squares together.
				e := mk()
				for s := range between {
					c.blocker.place(e, s[0], s[1])
				}
				if convOneStep(t, e, c.q, d) {
					t.Errorf("%v with a %s on both squares passed between: step allowed, want refused\n%s",
						model.Facing(d), c.blocker.name, tokenMap(e))
				}
			}
		})
	}
}

// "Creatures do not block diagonals" (pf1e), and in sf2e a creature is no
// wall or obstacle: two enemies on both passed-between squares leave the
// diagonal open; an ally never blocks it in points either.
func TestConvDiagonalCreaturesDoNotCutCorners(t *testing.T) {
	for _, c := range []struct {
		rs      model.Ruleset
		sp      string
		blocker blockerKind
	}{
		{model.SF2E, "land=5", convFoe},
		{model.PF1E, "land=5", convFoe},
		{model.Points, "land=1", convAlly},
	} {
		t.Run(string(c.rs)+"/"+c.blocker.name, func(t *testing.T) {
			e := withTokens(mapOf(t, c.rs, "...", "...", "..."), tok{name: "Mover", y: 2, side: "a", speeds: c.sp})
			c.blocker.place(e, 0, 1)
			e.Tokens = append(e.Tokens, e.Tokens[1])
			e.Tokens[2].Name, e.Tokens[2].X, e.Tokens[2].Y = "Second", 1, 2
			cost := 5
			if c.rs == model.Points {
				cost = 1
			}
			convReach(t, e, MoveQuery{}, []string{
				". . .",
				". " + fmt.Sprint(cost) + " .",
				"@ . .",
			})
		})
	}
}

// "Squares off the map never refuse a step": a k x k space moving
// diagonally along the map's edges (its passed-between squares lie inside
// the box of the old and new spaces, so they are always on the map; the
// step is allowed on open ground in every corner of a tight map).
func TestConvDiagonalAtTheMapEdge(t *testing.T) {
	for _, rs := range []model.Ruleset{model.SF2E, model.PF1E} {
		t.Run(string(rs), func(t *testing.T) {
			e := withTokens(mapOf(t, rs, "...", "..."), tok{name: "L", size: model.Large, side: "a", speeds: "land=5"})
			convReach(t, e, MoveQuery{}, []string{
				"@ 5 .",
				". . .",
			})
		})
	}
}

// rules-conventions.md, sf2e: "A diagonal step is refused only when both
// squares it passes between are walls, or obstacles for a mode that cannot
// pass obstacles (so an obstacle never pinches fly or burrow); water and
// creatures never refuse a diagonal; brushing one corner is allowed." For
// spaces of 1 to 3 squares, both passed-between squares hold the blocker
// and the one diagonal step north-east is tried in each mode.
func TestConvSF2EObstacleNeverPinchesFlyOrBurrow(t *testing.T) {
	type blocker struct {
		name string
		put  func(e *model.Encounter, x, y int)
	}
	terrain := func(tr model.Trait) func(e *model.Encounter, x, y int) {
		return func(e *model.Encounter, x, y int) { e.Grid.Set(x, y, tr) }
	}
	foe := func(e *model.Encounter, x, y int) {
		e.Tokens = append(e.Tokens, model.Token{Name: fmt.Sprintf("Foe%d_%d", x, y), X: x, Y: y, Size: model.Medium, Side: "b"})
	}
	for _, c := range []struct {
		b       blocker
		mode    string
		refused bool
	}{
		{blocker{"obstacles", terrain(model.Obstacle)}, ModeLand, true},
		{blocker{"obstacles", terrain(model.Obstacle)}, ModeClimb, true},
		{blocker{"obstacles", terrain(model.Obstacle)}, ModeFly, false},
		{blocker{"obstacles", terrain(model.Obstacle)}, ModeBurrow, false},
		{blocker{"walls", terrain(model.Wall)}, ModeFly, true},
		{blocker{"walls", terrain(model.Wall)}, ModeBurrow, true},
		{blocker{"water", terrain(model.Water)}, ModeLand, false},
		{blocker{"enemies", foe}, ModeLand, false},
		{blocker{"enemies", foe}, ModeFly, false},
	} {
		for k, size := range []model.Size{1: model.Medium, 2: model.Large, 3: model.Huge} {
			if k == 0 {
				continue
			}
			e := mapOf(t, model.SF2E, ".......", ".......", ".......", ".......", ".......", ".......", ".......")
			e.Tokens = []model.Token{{Name: "Mover", X: 2, Y: 3, Size: size, Side: "a",
				Speeds: map[string]int{c.mode: 5}}}
			for _, sq := range convSwept(2, 3, k, 1, -1) {
				c.b.put(e, sq[0], sq[1])
			}
			got := convOneStep(t, e, MoveQuery{Mode: c.mode}, int(model.NE))
			if got == c.refused {
				t.Errorf("%s, space %d, %s on both squares passed between: step north-east allowed %v, want %v\n%s",
					c.mode, k, c.b.name, got, !c.refused, tokenMap(e))
			}
		}
	}
}
