package rules

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"encounterplanner/model"
)

// ptsTestEnc builds a points encounter from an ASCII map: the default legend
// for terrain, and letters for tokens: 'A' is the mover (side "a"), other
// upper-case letters its allies, lower-case letters except the legend's
// enemies (side "b"), '?' a neutral token. Tokens are listed mover first,
// then in reading order; names are the letters.
func ptsTestEnc(rows ...string) *model.Encounter {
	var mover, others []model.Token
	g, err := parseRows(rows, func(x, y int, ch rune) bool {
		tk := model.Token{Name: string(ch), X: x, Y: y, Size: model.Medium}
		switch {
		case ch == '?':
			tk.Side = model.Neutral
		case ch >= 'A' && ch <= 'Z':
			tk.Side = "a"
		default:
			tk.Side = "b"
		}
		if ch == 'A' {
			mover = append(mover, tk)
		} else {
			others = append(others, tk)
		}
		return true
	})
	if err != nil {
		panic(err)
	}
	return &model.Encounter{Name: "t", Ruleset: model.Points, Grid: g, Tokens: append(mover, others...)}
}

// ptsASCII prints squares over the map: the cost digit ('*' for 10+), or
// 'c' / 'x' for forced movement without / with a collision.
func ptsASCII(e *model.Encounter, sq []Square, forced bool) []string {
	at := squareAt(sq)
	return asciiRows(e, func(x, y int) (string, bool) {
		s, ok := at[[2]int{x, y}]
		switch {
		case !ok:
			return "", false
		case forced && s.Facings == 1:
			return "x", true
		case forced:
			return "c", true
		case s.Cost > 9:
			return "*", true
		}
		return strconv.Itoa(s.Cost), true
	})
}

func ptsEng() *ptsEngine { return newPoints().(*ptsEngine) }

func ptsReach(t *testing.T, e *model.Encounter, q MoveQuery) []Square {
	t.Helper()
	sq, err := ptsEng().Reach(nil, e, q)
	if err != nil {
		t.Fatal(err)
	}
	return sq
}

// ptsWant compares reach with an expected ASCII picture.
func ptsWant(t *testing.T, e *model.Encounter, sq []Square, forced bool, want ...string) {
	t.Helper()
	got, w := ptsASCII(e, sq, forced), normRows(want)
	if !slices.Equal(got, w) {
		t.Errorf("got\n%swant\n%s", asciiMap(got), asciiMap(w))
	}
}

// "All creatures have a default speed of 5": a token without speeds
// reaches every square within 5 steps, diagonals costing 1.
func TestPointsDefaultSpeed5(t *testing.T) {
	e := ptsTestEnc(
		"...........",
		"...........",
		"...........",
		"...........",
		"...........",
		".....A.....",
		"...........",
	)
	sq := ptsReach(t, e, MoveQuery{})
	ptsWant(t, e, sq, false,
		"55555555555",
		"54444444445",
		"54333333345",
		"54322222345",
		"54321112345",
		"54321A12345",
		"54321112345",
	)
	for _, s := range sq {
		if s.Actions != 1 {
			t.Fatalf("%+v: actions", s)
		}
	}
}

// "You gain additional movement points equal to your mobility for each extra
// ✦ you spend"; mobility "+2, whichever is higher" by default.
func TestPointsMobilityPlus2PerExtraAction(t *testing.T) {
	e := ptsTestEnc("A..........")
	for _, tc := range []struct {
		actions, far int
		speeds       map[string]int
	}{{1, 5, nil}, {2, 7, nil}, {3, 9, nil}, {2, 9, map[string]int{model.SpeedMobility: 4}}, {3, 7, map[string]int{model.SpeedLand: 3}}} {
		e.Tokens[0].Speeds = tc.speeds
		sq := ptsReach(t, e, MoveQuery{Actions: tc.actions})
		if len(sq) != tc.far {
			t.Errorf("%d actions %v: %d squares, want %d", tc.actions, tc.speeds, len(sq), tc.far)
		}
		land, mob := ptsSpeeds(&e.Tokens[0])
		for _, s := range sq {
			want := 1
			for s.Cost > land+(want-1)*mob {
				want++
			}
			if s.Actions != want {
				t.Errorf("%+v: actions, want %d", s, want)
			}
		}
	}
	if _, err := ptsEng().Reach(nil, e, MoveQuery{Actions: 4}); !errors.Is(err, ErrBadQuery) {
		t.Errorf("4 actions: %v", err)
	}
}

// "While a creature moves at half speed, each square costs +1 extra movement
// point to enter: 2 points to enter an empty square, or 3 points to enter a
// square of difficult terrain."
func TestPointsHalfSpeedCosts2Open3Difficult(t *testing.T) {
	e := ptsTestEnc("AdD...")
	e.Tokens[0].Speeds = map[string]int{model.SpeedLand: 20}
	cost := func(mode string) string {
		var out []string
		for _, s := range ptsReach(t, e, MoveQuery{Mode: mode}) {
			out = append(out, fmt.Sprint(s.Cost))
		}
		return strings.Join(out, " ")
	}
	if got := cost(ModeLand); got != "2 5 6 7 8" {
		t.Errorf("land: %s, want difficult 2, greater 3", got)
	}
	for _, m := range []string{ModeCrawl, ModeClimb, ModeSwim} {
		if got := cost(m); got != "3 7 9 11 13" {
			t.Errorf("%s: %s, want 3 (difficult), 4 (greater), 2 open", m, got)
		}
	}
	// swim spends the land points anywhere (conventions: "all spending the
	// land points"); water is ordinary ground for every mode.
	e = ptsTestEnc("A~~")
	if got := cost(ModeSwim); got != "2 4" {
		t.Errorf("swim on water: %s", got)
	}
	if got := cost(ModeLand); got != "1 2" {
		t.Errorf("land on water: %s", got)
	}
	if _, err := ptsEng().Reach(nil, e, MoveQuery{Mode: ModeFly}); !errors.Is(err, ErrBadQuery) || !strings.Contains(err.Error(), `"A"`) {
		t.Errorf("fly: %v", err)
	}
}

// "You can move diagonally, but you cannot cut through corners of squares
// containing walls, obstacles, or enemy creatures."
func TestPointsNoCornerCuttingWallsObstaclesEnemies(t *testing.T) {
	for _, blocker := range []string{"#", "o", "b", "?"} {
		e := ptsTestEnc(
			"."+blocker+".",
			".A.",
			"...",
		)
		e.Tokens[0].Speeds = map[string]int{model.SpeedLand: 1}
		ptsWant(t, e, ptsReach(t, e, MoveQuery{}), false,
			"."+blocker+".",
			"1A1",
			"111",
		)
	}
	// an ally's corner does not stop a diagonal, and its square is passed
	e := ptsTestEnc(
		".B.",
		".A.",
		"...",
	)
	e.Tokens[0].Speeds = map[string]int{model.SpeedLand: 1}
	ptsWant(t, e, ptsReach(t, e, MoveQuery{}), false,
		"1B1",
		"1A1",
		"111",
	)
}

// "You can enter an ally's square to pass through it, but you cannot end
// your movement in the same square as an ally."
func TestPointsAlliesPassNotEnd(t *testing.T) {
	e := ptsTestEnc(
		"#####",
		"AB.b.",
		"#####",
	)
	ptsWant(t, e, ptsReach(t, e, MoveQuery{}), false,
		"#####",
		"AB2b.",
		"#####",
	)
}

// "During a jump, you can pass through obstacles and enemy creatures ...
// You must end your jump in an empty square"; "jump a number of squares up
// to your mobility".
func TestPointsLeapOverEnemy(t *testing.T) {
	e := ptsTestEnc(
		".....",
		".Ab..",
		".o#..",
		".....",
	)
	sq, err := ptsEng().Leap(nil, e, 0)
	if err != nil {
		t.Fatal(err)
	}
	// east over the enemy to (3,1); south over the obstacle to (1,3);
	// south-east stopped by the wall; (0,*) and row 0 within 1
	ptsWant(t, e, sq, false,
		"111..",
		"1Ab2.",
		"1o#..",
		".2...",
	)
	e.Tokens[0].Speeds = map[string]int{model.SpeedMobility: 3}
	sq, _ = ptsEng().Leap(nil, e, 0)
	if _, ok := costAt(sq, 4, 1); !ok {
		t.Errorf("mobility 3: no (4,1)\n%s", asciiMap(ptsASCII(e, sq, false)))
	}
}

// "You must have line of sight to your destination square": walls block
// sight, obstacles do not.
func TestPointsTeleportNeedsLineOfSight(t *testing.T) {
	e := ptsTestEnc(
		"......",
		"A.#...",
		"..o...",
		"......",
	)
	sq, err := ptsEng().Teleport(nil, e, 0, 4)
	if err != nil {
		t.Fatal(err)
	}
	// Cost is the distance. Hidden behind the wall (2,1): (3,1), (4,1);
	// (4,0), whose sight line crosses x = 2..3 at y = 1.12..0.88, inside
	// the wall square; (4,2) likewise (y = 1.88..2.12). The obstacle does
	// not hide (3,2); (5,*) is out of range.
	ptsWant(t, e, sq, false,
		"1123..",
		"A1#...",
		"11o3..",
		"22234.",
	)
	if _, err := ptsEng().Teleport(nil, e, 0, -1); !errors.Is(err, ErrBadQuery) {
		t.Errorf("negative range: %v", err)
	}
}

func TestPointsSightGeometry(t *testing.T) {
	g := model.NewGrid(4, 4)
	// walls meeting diagonally at the corner point (2,2)
	g.Set(1, 1, model.Wall)
	g.Set(2, 2, model.Wall)
	half := func(x, y int) (int, int) { return 2*x + 1, 2*y + 1 }
	ax, ay := half(0, 3)
	bx, by := half(3, 0)
	if !ptsSight(&g, ax, ay, bx, by) {
		t.Error("the segment through the corner point where two walls meet diagonally is blocked")
	}
	ax, ay = half(0, 0)
	bx, by = half(3, 3)
	if ptsSight(&g, ax, ay, bx, by) {
		t.Error("the segment through two wall squares sees")
	}
	// the seam between two walls blocks; an outer edge does not
	g = model.NewGrid(4, 4)
	g.Set(1, 0, model.Wall)
	g.Set(1, 1, model.Wall)
	if ptsSight(&g, 0, 2, 6, 2) {
		t.Error("running along the seam y=1 between walls (1,0) and (1,1) should block")
	}
	if !ptsSight(&g, 2, 0, 2, 6) || !ptsSight(&g, 4, 0, 4, 6) {
		t.Error("running along the walls' outer edges x=1, x=2 should not block")
	}
	if !ptsSight(&g, 0, 4, 6, 4) {
		t.Error("running along the bottom edge y=2 should not block")
	}
	if ptsSight(&g, 0, 1, 6, 1) {
		t.Error("crossing wall (1,0) should block")
	}
	if !ptsSight(&g, 0, 6, 6, 3) {
		t.Error("a segment below the walls should see")
	}
}

func TestPointsForcedMovement(t *testing.T) {
	e := ptsTestEnc(
		".......",
		".s.A...",
		"....#..",
		".......",
	)
	// token 1 is the source s at (1,1), the victim A at (3,1)
	f := func(kind string, dist int) []Square {
		sq, err := ptsEng().Forced(nil, e, 0, kind, 1, dist)
		if err != nil {
			t.Fatal(err)
		}
		return sq
	}
	// push 2: each step farther (E, NE or SE: N to (3,0) keeps the gap 2);
	// (4,2) is a wall: from (4,1) the SE step to (5,2) passes between
	// (4,2)# and (5,1): a collision there. (The SE step from the start
	// collides too, but the start is not listed.)
	for _, k := range []string{ForcedPush, ForcedShove} {
		ptsWant(t, e, f(k, 2), true,
			"....cc.",
			".s.Axc.",
			"....#..",
			".......",
		)
	}
	// pull 3: closer each step, ending next to the source, no collision with it
	for _, k := range []string{ForcedPull, ForcedDrag} {
		ptsWant(t, e, f(k, 3), true,
			"..c....",
			".scA...",
			"..c.#..",
			".......",
		)
	}
	// sweep 1: any direction; with no step left, no collision
	ptsWant(t, e, f(ForcedSweep, 1), true,
		"..ccc..",
		".scAc..",
		"..cc#..",
		".......",
	)
	// sweep 2: a step into the wall (from (3,2), (4,1)) or the source
	// (from (2,0), (2,1), (2,2)) is a collision; (5,2) and (4,3) are only
	// reached past the wall's corner: refused.
	ptsWant(t, e, f(ForcedSweep, 2), true,
		".cxccc.",
		".sxAxc.",
		".cxx#..",
		".ccc...",
	)
	if _, err := ptsEng().Forced(nil, e, 0, "yeet", 1, 2); !errors.Is(err, ErrBadQuery) {
		t.Errorf("unknown kind: %v", err)
	}
	if sq := f(ForcedPush, 0); len(sq) != 0 {
		t.Errorf("distance 0: %v", sq)
	}
}

func TestPointsBadQueriesAndNoCover(t *testing.T) {
	e := ptsTestEnc("A.b")
	eng := ptsEng()
	if _, err := eng.Cover(e, 0, 1); !errors.Is(err, ErrBadQuery) || !strings.Contains(err.Error(), "the points ruleset has no cover or flanking rules") {
		t.Errorf("cover: %v", err)
	}
	if _, err := eng.Flanking(e); !errors.Is(err, ErrBadQuery) || !strings.Contains(err.Error(), "the points ruleset has no cover or flanking rules") {
		t.Errorf("flanking: %v", err)
	}
	if _, err := eng.Reach(nil, e, MoveQuery{Token: 7}); !errors.Is(err, ErrBadQuery) {
		t.Errorf("token 7: %v", err)
	}
	if pe, _ := For(model.Points); pe != nil {
		if _, ok := pe.(Mover); !ok {
			t.Error("the points engine is not a Mover")
		}
	}
	if se, _ := For(model.Starship); se != nil {
		if _, ok := se.(Mover); ok {
			t.Error("the starship engine should not be a Mover")
		}
	}
	if _, err := eng.Forced(nil, e, 0, ForcedPush, 0, 1); !errors.Is(err, ErrBadQuery) {
		t.Errorf("forced by itself: %v", err)
	}
	if _, err := eng.Forced(nil, e, 0, ForcedPush, 1, -1); !errors.Is(err, ErrBadQuery) {
		t.Errorf("negative distance: %v", err)
	}
	if _, err := eng.Leap(nil, e, 9); !errors.Is(err, ErrBadQuery) {
		t.Errorf("leap token 9: %v", err)
	}
	e.Tokens[0].Speeds = map[string]int{model.SpeedLand: 0}
	if sq := ptsReach(t, e, MoveQuery{}); len(sq) != 0 {
		t.Errorf("speed 0: %v", sq)
	}
}

// Path: the cheapest route, then fewest hazardous squares, then the first
// step in neighbour order; difficult and hazardous steps flagged.
func TestPointsPath(t *testing.T) {
	e := ptsTestEnc(
		".h.",
		"AdD",
		"...",
	)
	p, err := ptsEng().Path(e, MoveQuery{}, 2, 1)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range p.Steps {
		got = append(got, fmt.Sprintf("(%d,%d)%d/%d%v", s.X, s.Y, s.Cost, s.Total, s.Flags.Names()))
	}
	// (0,1)->(1,0)h->(2,1)D = 1+3 = 4; ->(1,1)d->(2,1) = 2+3 = 5;
	// ->(1,2)->(2,1) = 1+3 = 4 without hazard: wins.
	if want := "(1,2)1/1[] (2,1)3/4[greater-difficult]"; strings.Join(got, " ") != want || p.Cost != 4 || p.Actions != 1 {
		t.Errorf("path %s cost %d, want %s", strings.Join(got, " "), p.Cost, want)
	}
	p, _ = ptsEng().Path(e, MoveQuery{}, 1, 0)
	if len(p.Steps) != 1 || p.Steps[0].Flags != FlagHazardous {
		t.Errorf("to the hazard: %+v", p)
	}
	// neighbour order: to (2,0), NE-E and E-NE tie; NE comes first
	e = ptsTestEnc(
		"...",
		"A..",
	)
	p, _ = ptsEng().Path(e, MoveQuery{}, 2, 0)
	if p.Cost != 2 || p.Steps[0].X != 1 || p.Steps[0].Y != 0 { // NE, then E
		t.Errorf("neighbour order: %+v", p)
	}
	// more actions: the path's actions
	e = ptsTestEnc("A.......")
	p, _ = ptsEng().Path(e, MoveQuery{Actions: 3}, 7, 0)
	if !p.Reachable || p.Cost != 7 || p.Actions != 2 {
		t.Errorf("7 squares with 3 actions: %+v", p)
	}
	p, _ = ptsEng().Path(e, MoveQuery{}, 7, 0)
	if p.Reachable {
		t.Errorf("7 squares with 1 action: %+v", p)
	}
}

// TestPointsForIsWhatAQueryMaySpend: PointsFor(t, n), less the points
// spent, is how far a points query of n actions reaches on an open row,
// defaults included (Speed 5, mobility 2), and nothing for a Speed of 0.
func TestPointsForIsWhatAQueryMaySpend(t *testing.T) {
	en := mustEngine(t, model.Points)
	for _, sp := range []map[string]int{nil, {model.SpeedLand: 6, model.SpeedMobility: 3}, {model.SpeedLand: 4, model.SpeedMobility: 0}, {model.SpeedLand: 0}} {
		tok := model.Token{Name: "A", Size: model.Medium, Side: "a", Speeds: sp}
		e := &model.Encounter{Name: "row", Ruleset: model.Points, Grid: model.NewGrid(30, 1), Tokens: []model.Token{tok}}
		for n := 1; n <= 3; n++ {
			for _, spent := range []int{0, 1, 4} {
				want := max(PointsFor(&tok, n)-spent, 0)
				sq, err := en.Reach(nil, e, MoveQuery{Actions: n, Turn: model.TurnState{Spent: spent}})
				if err != nil {
					if spent > PointsFor(&tok, 3) {
						continue // more spent than a whole turn gives
					}
					t.Fatal(err)
				}
				far := 0
				for _, s := range sq {
					far = max(far, s.X)
				}
				if far != want {
					t.Errorf("%v, %d actions, %d spent: reaches %d squares, PointsFor says %d", sp, n, spent, far, want)
				}
			}
		}
	}
}

// TestPointsForSaturates: a Speed or mobility of any size gives a sum
// that does not overflow (the words of a turn read it).
func TestPointsForSaturates(t *testing.T) {
	tok := model.Token{Name: "A", Speeds: map[string]int{model.SpeedLand: math.MaxInt, model.SpeedMobility: math.MaxInt}}
	if got := PointsFor(&tok, 3); got <= 0 || got < PointsFor(&tok, 1) {
		t.Errorf("huge Speed and mobility, 3 actions: %d", got)
	}
}
