package rules

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"encounterplanner/model"
)

// shipTestEnc builds a starship encounter from an ASCII map (the default
// legend) and ships.
func shipTestEnc(rows []string, ships ...model.Token) *model.Encounter {
	g, err := parseRows(rows, nil)
	if err != nil {
		panic(err)
	}
	return &model.Encounter{Name: "t", Ruleset: model.Starship, Grid: g, Tokens: ships}
}

// shipTok makes a ship; speeds as key, value pairs.
func shipTok(name string, x, y int, size model.Size, f model.Facing, speeds ...int) model.Token {
	sp := map[string]int{}
	for i := 0; i+1 < len(speeds); i += 2 {
		sp[[]string{model.SpeedFly, model.SpeedTurn}[speeds[i]]] = speeds[i+1]
	}
	return model.Token{Name: name, X: x, Y: y, Size: size, Facing: f, Speeds: sp, Side: "a"}
}

const (
	shipFly  = 0
	shipTurn = 1
)

func shipFacingNames(f uint8) string {
	var out []string
	for i := 0; i < 8; i++ {
		if f&(1<<i) != 0 {
			out = append(out, model.Facing(i).String())
		}
	}
	return strings.Join(out, ",")
}

func shipStepsString(p Path) string {
	var out []string
	for _, s := range p.Steps {
		if s.Turn != NoTurn {
			out = append(out, fmt.Sprintf("turn %s %d/%d", model.Facing(s.Turn), s.Cost, s.Total))
		} else {
			out = append(out, fmt.Sprintf("(%d,%d) %d/%d", s.X, s.Y, s.Cost, s.Total))
		}
	}
	return strings.Join(out, "; ")
}

func shipReach(t *testing.T, e *model.Encounter, tok int) []Square {
	t.Helper()
	eng, err := For(model.Starship)
	if err != nil {
		t.Fatal(err)
	}
	sq, err := eng.Reach(nil, e, MoveQuery{Token: tok})
	if err != nil {
		t.Fatal(err)
	}
	return sq
}

func shipPath(t *testing.T, e *model.Encounter, tok, x, y int) Path {
	t.Helper()
	eng, _ := For(model.Starship)
	p, err := eng.Path(e, MoveQuery{Token: tok}, x, y)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// "if your ship has a flying speed of 350 feet, and a turning speed of 100
// feet, you can travel 150 feet in a straight line, spending 150 feet of your
// flying speed, and then turn 90 degrees to starboard, spending 100 feet of
// your flying speed, leaving 100 feet of movement remaining."
func TestShip350FlyingSpeed100TurningSpeed150StraightA90DegreeTurn100Left(t *testing.T) {
	e := shipTestEnc([]string{
		"#####",
		"....#",
		"###.#",
		"###.#",
		"###.#",
		"###.#",
	}, shipTok("Ship", 0, 1, model.Small, model.E, shipFly, 350, shipTurn, 100))
	p := shipPath(t, e, 0, 3, 3)
	want := "(1,1) 50/50; (2,1) 50/100; (3,1) 50/150; turn S 100/250; (3,2) 50/300; (3,3) 50/350"
	if !p.Reachable || p.Cost != 350 || shipStepsString(p) != want {
		t.Fatalf("path = %v %d %s, want 350: %s", p.Reachable, p.Cost, shipStepsString(p), want)
	}
	sq := shipReach(t, e, 0)
	if s, ok := costAt(sq, 3, 2); !ok || s.Cost != 300 || shipFacingNames(s.Facings) != "SE,S,SW" {
		t.Errorf("(3,2) = %+v %s, want cost 300 facings SE,S,SW (50 ft left: 45 degrees)", s, shipFacingNames(s.Facings))
	}
	if s, ok := costAt(sq, 3, 3); !ok || s.Cost != 350 || shipFacingNames(s.Facings) != "S" {
		t.Errorf("(3,3) = %+v, want 350 facing S", s)
	}
	if _, ok := costAt(sq, 3, 4); ok {
		t.Errorf("(3,4) reached with 350 ft:\n%s", reachMap(e, 0, sq))
	}
}

// "if your ship has a speed of 300 feet, it can move 100 feet, two players
// can take actions, and then it can move 200 feet": one budget for the turn,
// so one move of up to 300 ft and no second move.
func TestShipBreakingUpYourMoveSpeed300Move100ActionsMove200(t *testing.T) {
	e := shipTestEnc([]string{"........."}, shipTok("Ship", 0, 0, model.Small, model.E, shipFly, 300, shipTurn, 100))
	sq := shipReach(t, e, 0)
	if len(sq) != 6 || sq[5].X != 6 || sq[5].Cost != 300 {
		t.Fatalf("reach = %+v, want 6 squares east, the last at 300", sq)
	}
	p := shipPath(t, e, 0, 6, 0)
	if p.Cost != 300 || p.Steps[1].Total != 100 || len(p.Steps) != 6 {
		t.Fatalf("path %+v", p)
	}
	eng, _ := For(model.Starship)
	if _, err := eng.Reach(nil, e, MoveQuery{Actions: 2}); !errors.Is(err, ErrBadQuery) {
		t.Errorf("2 actions: err = %v, want a bad query", err)
	}
	if MaxActions(model.Starship) != 1 {
		t.Error("MaxActions(starship) != 1")
	}
}

// "a ship that can make two attacks and that has a speed of 300 feet could
// move 100 feet, make an attack, move 200 feet, and then attack again": the
// route is one budget that may stop anywhere; after 100 ft, 200 ft are left.
func TestShipMovingBetweenAttacksSpeed300Move100AttackMove200(t *testing.T) {
	e := shipTestEnc([]string{"........", "........", "........"},
		shipTok("Ship", 0, 1, model.Small, model.E, shipFly, 300, shipTurn, 100))
	p := shipPath(t, e, 0, 6, 1)
	if !p.Reachable || p.Cost != 300 || p.Steps[1].Total != 100 || 300-p.Steps[1].Total != 200 {
		t.Fatalf("path %s", shipStepsString(p))
	}
	// at (3,1) with 150 ft left: every facing but W (180 degrees = 200 ft)
	if s, _ := costAt(shipReach(t, e, 0), 3, 1); shipFacingNames(s.Facings) != "N,NE,E,SE,S,SW,NW" {
		t.Errorf("(3,1) facings %s, want all but W", shipFacingNames(s.Facings))
	}
}

// "a ship might move one square diagonally (50 feet), then three squares
// straight (150 feet), and then another square diagonally (100 feet) for a
// total movement of 300 feet."
func TestShipOneSquareDiagonally50ThreeStraight150AnotherDiagonal100Is300(t *testing.T) {
	// The walls force the straight stretch between the diagonals; the
	// hazardous (5,1) rules out the equally cheap E, S ending.
	e := shipTestEnc([]string{
		"..##..",
		".....h",
		"..##..",
	}, shipTok("Ship", 0, 0, model.Small, model.SE, shipFly, 300, shipTurn, 0))
	p := shipPath(t, e, 0, 5, 2)
	want := "(1,1) 50/50; turn E 0/50; (2,1) 50/100; (3,1) 50/150; (4,1) 50/200; turn SE 0/200; (5,2) 100/300"
	if !p.Reachable || p.Cost != 300 || shipStepsString(p) != want {
		t.Fatalf("path = %d %s\nwant 300 %s", p.Cost, shipStepsString(p), want)
	}
	sq := shipReach(t, e, 0)
	if s, _ := costAt(sq, 5, 2); s.Cost != 300 {
		t.Errorf("(5,2) cost %d, want 300\n%s", s.Cost, reachMap(e, 0, sq))
	}
	e.Tokens[0].Speeds[model.SpeedFly] = 250
	if _, ok := costAt(shipReach(t, e, 0), 5, 2); ok {
		t.Error("(5,2) reached with 250 ft")
	}
}

// "A Tiny or Small ship should take up 1 square, while a Medium ship takes up
// 2. A Large ship takes up 4 squares, a Huge 8, and a Gargantuan 16."
func TestShipSizesOnAGrid(t *testing.T) {
	want := map[model.Size]int{model.Tiny: 1, model.Small: 1, model.Medium: 2, model.Large: 4, model.Huge: 8, model.Gargantuan: 16}
	for s, k := range want {
		if got := model.Starship.Space(s); got != k {
			t.Errorf("%s: %d, want %d", s, got, k)
		}
	}
	// A Large ship (4x4) in a 6-wide corridor moves east; a wall in its
	// 4-square front stops it.
	e := shipTestEnc([]string{
		"..........",
		"..........",
		"..........",
		"......#...",
		"..........",
	}, shipTok("Big", 0, 0, model.Large, model.E, shipFly, 500))
	sq := shipReach(t, e, 0)
	if len(sq) != 2 || sq[1].X != 2 {
		t.Fatalf("large ship reach = %+v, want (1,0) and (2,0)\n%s", sq, reachMap(e, 0, sq))
	}
}

// "If a ship's turning speed exceeds its flying speed, that ship cannot turn
// 90 degrees": 45 degrees (turn/2) is still possible when it fits.
func TestShipTurnSpeedExceedingFlyingSpeedCannotTurn90(t *testing.T) {
	e := shipTestEnc([]string{
		".......",
		".......",
		".......",
		".......",
	}, shipTok("Ship", 3, 3, model.Small, model.N, shipFly, 100, shipTurn, 150))
	sq := shipReach(t, e, 0)
	for _, s := range sq {
		if s.Facings&(1<<model.E|1<<model.W|1<<model.S) != 0 {
			t.Errorf("%+v: facing %s after a 90-degree turn", s, shipFacingNames(s.Facings))
		}
	}
	if s, _ := costAt(sq, 3, 2); shipFacingNames(s.Facings) != "N" {
		t.Errorf("(3,2) facings %s, want N (50 left < 75 for 45 degrees)", shipFacingNames(s.Facings))
	}
	if len(sq) != 2 {
		t.Errorf("reach = %+v", sq)
	}
	// without a turn speed a ship cannot turn at all
	e.Tokens[0].Speeds = map[string]int{model.SpeedFly: 500}
	for _, s := range shipReach(t, e, 0) {
		if s.X != 3 || s.Facings != 1<<model.N {
			t.Errorf("no turn speed: %+v", s)
		}
	}
}

// "Every foot of movement in difficult terrain costs 1 extra foot. This rule
// is true even if multiple things in a space count as difficult terrain."
func TestShipDifficultDoublesOnceEvenIfMultipleThings(t *testing.T) {
	e := shipTestEnc([]string{
		"......",
	}, shipTok("Ship", 0, 0, model.Small, model.E, shipFly, 500),
		shipTok("Other", 2, 0, model.Small, model.N))
	e.Grid.Set(1, 0, model.Difficult)
	e.Grid.Set(2, 0, model.Difficult|model.GreaterDifficult)
	e.Grid.Set(3, 0, model.GreaterDifficult)
	e.Tokens[1].Speeds = nil
	sq := shipReach(t, e, 0)
	// (1,0) 100, (2,0) +100 (difficult, greater and a ship: once) but Other
	// is within a size: no end; (3,0) +100; (4,0) +50
	got := []int{}
	for _, s := range sq {
		got = append(got, s.X, s.Cost)
	}
	if fmt.Sprint(got) != "[1 100 3 300 4 350 5 400]" {
		t.Fatalf("reach = %v\n%s", got, reachMap(e, 0, sq))
	}
	// a diagonal step into difficult terrain doubles the diagonal's cost
	e = shipTestEnc([]string{"...", "...", "..."}, shipTok("Ship", 0, 0, model.Small, model.SE, shipFly, 500))
	e.Grid.Set(2, 2, model.Difficult)
	if s, _ := costAt(shipReach(t, e, 0), 2, 2); s.Cost != 50+200 {
		t.Errorf("(2,2) = %d, want 250 (50, then 100 doubled)", s.Cost)
	}
}

// "You can end your turn on a ship's space only if the ship is at least two
// sizes larger or smaller than you."
func TestShipEndOnAnotherShipOnlyTwoSizesApart(t *testing.T) {
	for _, tc := range []struct {
		other model.Size
		end   bool
		cost  int // to (5,0), every square of the other ship's space doubled
	}{{model.Tiny, false, 300}, {model.Small, false, 300}, {model.Medium, false, 350}, {model.Large, true, 450}} {
		e := shipTestEnc([]string{"......"},
			shipTok("Ship", 0, 0, model.Small, model.E, shipFly, 500),
			shipTok("Other", 2, 0, model.Tiny, model.N))
		if tc.other != model.Tiny {
			e.Grid = model.NewGrid(6, 4)
			e.Tokens[1].Size = tc.other
		}
		sq := shipReach(t, e, 0)
		_, ok := costAt(sq, 2, 0)
		if ok != tc.end {
			t.Errorf("other %s: end on it = %v, want %v\n%s", tc.other, ok, tc.end, reachMap(e, 0, sq))
		}
		if s, _ := costAt(sq, 5, 0); s.Cost != tc.cost && tc.other != model.Large {
			t.Errorf("other %s: pass through costs %d, want %d", tc.other, s.Cost, tc.cost)
		}
		if s, _ := costAt(sq, 4, 0); tc.other == model.Large && s.Cost != 350 {
			t.Errorf("large: (4,0) costs %d, want 350", s.Cost)
		}
	}
	// a medium ship can end on a tiny one (two sizes apart)
	e := shipTestEnc([]string{"......", "......"},
		shipTok("Ship", 0, 0, model.Medium, model.E, shipFly, 500),
		shipTok("Tiny", 3, 1, model.Tiny, model.N))
	if _, ok := costAt(shipReach(t, e, 0), 2, 0); !ok {
		t.Error("medium ship cannot end over a tiny one")
	}
}

// "Diagonal movement can't cross the corner of an asteroid or other terrain
// feature that fills its space" (either square passed between).
func TestShipNoCornerCutting(t *testing.T) {
	for _, rows := range [][]string{{".o.", "...", "..."}, {"...", "..#", "..."}} {
		e := shipTestEnc(rows, shipTok("Ship", 1, 1, model.Small, model.NE, shipFly, 500))
		for _, s := range shipReach(t, e, 0) {
			if s.X == 2 && s.Y == 0 {
				t.Errorf("%v: diagonal past a corner reached (2,0)", rows)
			}
		}
	}
}

func TestShipBadQueries(t *testing.T) {
	e := shipTestEnc([]string{"...."}, shipTok("Vex", 0, 0, model.Small, model.E))
	eng, _ := For(model.Starship)
	_, err := eng.Reach(nil, e, MoveQuery{})
	if !errors.Is(err, ErrBadQuery) || !strings.Contains(err.Error(), "Vex") || !strings.Contains(err.Error(), "fly") {
		t.Errorf("no fly speed: %v", err)
	}
	e.Tokens[0].Speeds = map[string]int{model.SpeedFly: 100}
	if _, err := eng.Reach(nil, e, MoveQuery{Mode: ModeLand}); !errors.Is(err, ErrBadQuery) {
		t.Errorf("land: %v", err)
	}
	if _, err := eng.Cover(e, 0, 0); !errors.Is(err, ErrBadQuery) || !strings.Contains(err.Error(), "the starship ruleset has no cover or flanking rules") {
		t.Errorf("cover: %v", err)
	}
	if _, err := eng.Flanking(e); !errors.Is(err, ErrBadQuery) || !strings.Contains(err.Error(), "the starship ruleset has no cover or flanking rules") {
		t.Errorf("flanking: %v", err)
	}
	if got := eng.Threatened([]Point{{1, 2}}, e, 0); len(got) != 1 {
		t.Errorf("threatened %v", got)
	}
	// a Speed of 0 is a Speed: no square
	e.Tokens[0].Speeds[model.SpeedFly] = 0
	if sq, err := eng.Reach(nil, e, MoveQuery{}); err != nil || len(sq) != 0 {
		t.Errorf("speed 0: %v %v", sq, err)
	}
}

// "To determine the range on a grid between two entities, start counting
// squares from a square adjacent to one of them and stop counting in the
// space of the other one. Count by the shortest route."
func TestShipRange(t *testing.T) {
	e := shipTestEnc([]string{"..........", "..........", "..........", "..........", ".........."},
		shipTok("A", 0, 0, model.Small, model.E),
		shipTok("B", 1, 0, model.Small, model.E),
		shipTok("C", 3, 2, model.Small, model.E),
		shipTok("D", 5, 0, model.Medium, model.E),
		shipTok("E", 0, 0, model.Small, model.E),
	)
	for _, tc := range []struct{ a, b, want int }{
		{0, 1, 50}, {0, 2, 200}, {2, 0, 200}, {0, 4, 0}, {0, 3, 250}, {2, 3, 100},
	} {
		if got := ShipRange(e, tc.a, tc.b); got != tc.want {
			t.Errorf("range %s-%s = %d, want %d", e.Tokens[tc.a].Name, e.Tokens[tc.b].Name, got, tc.want)
		}
	}
}

func TestShipPathUnreachableAndStart(t *testing.T) {
	e := shipTestEnc([]string{"...#."}, shipTok("Ship", 0, 0, model.Small, model.E, shipFly, 500, shipTurn, 100))
	if p := shipPath(t, e, 0, 4, 0); p.Reachable || len(p.Steps) != 0 {
		t.Errorf("behind a wall: %+v", p)
	}
	if p := shipPath(t, e, 0, 0, 0); p.Reachable || len(p.Steps) != 0 {
		t.Errorf("start: %+v", p)
	}
}

// Among equally cheap routes the one entering fewer hazardous squares wins,
// then the first move in neighbour order.
func TestShipPathTieBreaks(t *testing.T) {
	e := shipTestEnc([]string{
		"...",
		".h.",
		"...",
	}, shipTok("Ship", 0, 0, model.Small, model.SE, shipFly, 400, shipTurn, 0))
	p := shipPath(t, e, 0, 2, 2)
	// straight through (1,1) costs 150 but is hazardous; turning free, the
	// detour by (1,0) and (2,1) costs 150 too and wins.
	if p.Cost != 150 || shipStepsString(p) != "turn E 0/0; (1,0) 50/50; turn SE 0/50; (2,1) 50/100; turn S 0/100; (2,2) 50/150" {
		t.Errorf("path %d %s %v", p.Cost, shipStepsString(p), p.Steps[0].Flags.Names())
	}
	// to (2,1) facing SE: SE, turn E, E (via (1,1), hazardous) or turn E, E,
	// turn SE, SE (via (1,0)): both 100 ft; the hazard decides before turns.
	e = shipTestEnc([]string{
		"....",
		".h..",
	}, shipTok("Ship", 0, 0, model.Small, model.SE, shipFly, 400, shipTurn, 0))
	p = shipPath(t, e, 0, 2, 1)
	if want := "turn E 0/0; (1,0) 50/50; turn SE 0/50; (2,1) 50/100"; p.Cost != 100 || shipStepsString(p) != want {
		t.Errorf("path %d %s, want %s", p.Cost, shipStepsString(p), want)
	}
	e.Grid.Set(1, 1, 0)
	p = shipPath(t, e, 0, 2, 1)
	if want := "(1,1) 50/50; turn E 0/50; (2,1) 50/100"; p.Cost != 100 || shipStepsString(p) != want {
		t.Errorf("no hazard: path %d %s, want %s (fewest turns when turning is free)", p.Cost, shipStepsString(p), want)
	}
}
