package session

import (
	"fmt"
	"runtime"
	"slices"
	"testing"

	"encounterplanner/model"
)

// TestWhereATokenMayStand: BlockedDrop (room for a new token: nobody's
// space) and EndRefusal (where a move may end: the ruleset's sharing) on
// one small map, '#' a wall, 'o' an obstacle.
//
//	. . . . .
//	. # . o .
//	. . . . .
func TestWhereATokenMayStand(t *testing.T) {
	for _, c := range []struct {
		name            string
		rs              model.Ruleset
		mover, other    model.Size
		x, y            int
		blocked, refuse string
	}{
		{"open ground", model.SF2E, model.Medium, model.Medium, 0, 0, "", ""},
		{"off the map", model.SF2E, model.Medium, model.Medium, 4, 3, "off the map", "off the map"},
		{"a large space off the edge", model.SF2E, model.Large, model.Medium, 4, 0, "off the map", "off the map"},
		{"wall", model.SF2E, model.Medium, model.Medium, 1, 1, "(1, 1) is a wall", "(1, 1) is a wall"},
		{"obstacle under a large space", model.PF1E, model.Large, model.Medium, 2, 0, "(3, 1) is an obstacle", "(3, 1) is an obstacle"},
		{"on a medium creature", model.SF2E, model.Medium, model.Medium, 4, 2, "occupied by Other", "occupied by Other"},
		{"a tiny one shares in sf2e", model.SF2E, model.Tiny, model.Medium, 4, 2, "occupied by Other", ""},
		{"a tiny one does not in points", model.Points, model.Tiny, model.Medium, 4, 2, "occupied by Other", "occupied by Other"},
		{"ships two sizes apart share", model.Starship, model.Tiny, model.Medium, 3, 2, "occupied by Other", ""},
		{"ships one size apart do not", model.Starship, model.Small, model.Medium, 3, 2, "occupied by Other", "occupied by Other"},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := &model.Encounter{Name: "x", Ruleset: c.rs, Grid: model.NewGrid(5, 3)}
			e.Grid.Set(1, 1, model.Wall)
			e.Grid.Set(3, 1, model.Obstacle)
			ox, oy := 4, 2
			if c.rs.Space(c.other) == 2 {
				ox, oy = 3, 1
				e.Grid.Set(3, 1, 0)
			}
			e.Tokens = []model.Token{
				{Name: "Mover", X: 0, Y: 0, Size: c.mover},
				{Name: "Other", X: ox, Y: oy, Size: c.other},
			}
			if got := BlockedDrop(e, 0, c.x, c.y); got != c.blocked {
				t.Errorf("BlockedDrop = %q, want %q", got, c.blocked)
			}
			if got := EndRefusal(e, 0, c.x, c.y); got != c.refuse {
				t.Errorf("EndRefusal = %q, want %q", got, c.refuse)
			}
		})
	}
}

// TestRulesetProblems: the tokens a switch would misfit, in the GM's
// words: a size the ruleset lacks, a missing Speed a ship needs, a space
// that grows onto a wall.
func TestRulesetProblems(t *testing.T) {
	e := &model.Encounter{Name: "x", Ruleset: model.PF1E, Grid: model.NewGrid(20, 20)}
	e.Grid.Set(3, 1, model.Wall)
	e.Tokens = []model.Token{
		{ID: model.NewID(), Name: "Worm", X: 10, Y: 10, Size: model.Colossal, Speeds: map[string]int{model.SpeedLand: 30}},
		{ID: model.NewID(), Name: "Ship", X: 2, Y: 0, Size: model.Medium, Speeds: map[string]int{model.SpeedFly: 300}},
	}
	got := RulesetProblems(e, model.Starship)
	want := []string{
		"Ship: its 2x2 space would stand on a wall or obstacle",
		"Ship: no turn speed (ships need one to turn)",
		"Worm: colossal is not a size of the starship ruleset",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
	if got := RulesetProblems(e, model.SF2E); len(got) != 1 || got[0] != "Worm: colossal is not a size of the sf2e ruleset" {
		t.Errorf("pf1e -> sf2e: %q", got)
	}
}

// TestNearestFoe: the nearest enemy first, any other token when there is
// no enemy, -1 when alone.
func TestNearestFoe(t *testing.T) {
	tok := func(name, side string, x int) model.Token { return model.Token{Name: name, Side: side, X: x} }
	for _, c := range []struct {
		name string
		toks []model.Token
		want int
	}{
		{"nearest enemy over a nearer ally", []model.Token{tok("Me", "party", 0), tok("Ally", "party", 1), tok("Far", "enemy", 9), tok("Near", "enemy", 5)}, 3},
		{"no enemy: the nearest token", []model.Token{tok("Me", "party", 0), tok("Far", "", 9), tok("Ally", "party", 2)}, 2},
		{"alone", []model.Token{tok("Me", "party", 0)}, -1},
	} {
		e := &model.Encounter{Tokens: c.toks}
		if got := NearestFoe(e, 0); got != c.want {
			t.Errorf("%s: %d, want %d", c.name, got, c.want)
		}
	}
	if NearestFoe(&model.Encounter{}, 3) != -1 {
		t.Errorf("a token out of range has no foe")
	}
}

// TestRulesetProblemsInAFightWithAreas: a fight in progress and an area
// that follows a token are not problems of any one token: a switch with
// every token fitting asks nothing (each token was checked alone, so the
// order and the area named tokens "missing").
func TestRulesetProblemsInAFightWithAreas(t *testing.T) {
	e := &model.Encounter{Name: "x", Ruleset: model.SF2E, Grid: model.NewGrid(12, 12)}
	e.Tokens = []model.Token{
		{ID: model.NewID(), Name: "Ann", X: 1, Y: 1, Size: model.Medium, Side: "party", Speeds: map[string]int{model.SpeedLand: 25}},
		{ID: model.NewID(), Name: "Bo", X: 8, Y: 5, Size: model.Medium, Side: "enemy", Speeds: map[string]int{model.SpeedLand: 25}},
	}
	e.Fight = &model.Fight{Round: 1, Order: []string{"Bo", "Ann"}, Turn: "Bo"}
	e.Areas = []model.Area{{Kind: model.Emanation, Token: "Bo", Radius: 10}}
	if err := model.Validate(e); err != nil {
		t.Fatal(err)
	}
	for _, r := range []model.Ruleset{model.PF1E, model.Points} {
		if got := RulesetProblems(e, r); len(got) != 0 {
			t.Errorf("sf2e -> %s: %q, want no problem", r, got)
		}
	}
}

// TestRulesetProblemsReadTokensNotTheMap: the question before a switch
// checks each token alone, without copying or reading the map for each
// (on a 1000 x 1000 map with 500 tokens that took a second, the editor
// frozen): the check allocates less than two copies of the map in all.
func TestRulesetProblemsReadTokensNotTheMap(t *testing.T) {
	e := &model.Encounter{Name: "x", Ruleset: model.SF2E, Grid: model.NewGrid(1000, 1000)}
	for i := 0; i < 200; i++ {
		e.Tokens = append(e.Tokens, model.Token{ID: model.NewID(), Name: fmt.Sprint("T", i), X: i * 4, Y: i * 4, Size: model.Medium, Speeds: map[string]int{model.SpeedLand: 30}})
	}
	e.Tokens[7].Size = model.Colossal
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	got := RulesetProblems(e, model.Points)
	runtime.ReadMemStats(&after)
	if len(got) != 1 || got[0] != "T7: colossal is not a size of the points ruleset" {
		t.Errorf("problems %q", got)
	}
	if n, mapBytes := after.TotalAlloc-before.TotalAlloc, uint64(len(e.Grid.Cells))*2; n > 2*mapBytes {
		t.Errorf("allocated %d bytes, more than two copies of the map (%d bytes each)", n, mapBytes)
	}
}

// TestAFlyerMayEndAboveACreatureOrAnObstacle: "a token may end above or
// below another creature when their boxes do not overlap. A box above
// layer 0 may end over an obstacle" (rules-conventions.md "Elevation").
// QA's fall.json: S, 20 ft up, dropped on the squares of Big (Large, on
// the ground, 0-10 ft) was refused "occupied by Big", and a flyer 15 ft
// up over an obstacle square "is an obstacle", where the path ended
// there; the misplaced marks flagged such a flyer too.
//
//	. . . . o .
//	. . . . . .
//	. . . B B .
//	. . . B B .
func TestAFlyerMayEndAboveACreatureOrAnObstacle(t *testing.T) {
	e := &model.Encounter{Name: "fall", Ruleset: model.SF2E, Grid: model.NewGrid(6, 4)}
	e.Grid.Set(4, 0, model.Obstacle)
	e.Tokens = []model.Token{
		{Name: "S", X: 0, Y: 0, Size: model.Medium, Elevation: 20, Speeds: map[string]int{"land": 25, "fly": 30}},
		{Name: "Big", X: 3, Y: 2, Size: model.Large, Side: "enemy"},
	}
	for _, c := range []struct {
		name string
		x, y int
		z    int
		want string
	}{
		{"20 ft over Big", 3, 2, 20, ""},
		{"10 ft up, right on Big's top", 4, 3, 10, ""},
		{"5 ft up: in Big's top cube", 4, 3, 5, "occupied by Big"},
		{"on the ground in Big's space", 3, 3, 0, "occupied by Big"},
		{"15 ft over the obstacle", 4, 0, 15, ""},
		{"5 ft over the obstacle", 4, 0, 5, ""},
		{"on the obstacle", 4, 0, 0, "(4, 0) is an obstacle"},
	} {
		if got := EndRefusalAt(e, 0, c.x, c.y, c.z); got != c.want {
			t.Errorf("%s: EndRefusalAt(%d, %d, %d ft) = %q, want %q", c.name, c.x, c.y, c.z, got, c.want)
		}
	}
	if got := EndRefusal(e, 0, 3, 2); got != "" {
		t.Errorf("EndRefusal at S's own 20 ft over Big: %q", got)
	}
	if got := BlockedDrop(e, 0, 4, 0); got != "" {
		t.Errorf("BlockedDrop at S's own 20 ft over the obstacle: %q", got)
	}
	// hovering there, S is where it may be; on the ground it is not
	e.Tokens[0].X, e.Tokens[0].Y = 3, 2
	if got := Misplaced(e); len(got) != 0 {
		t.Errorf("S 20 ft over Big is marked misplaced: %v", got)
	}
	if got := Crowded(e, 0); got != "" {
		t.Errorf("S 20 ft over Big is crowded: %q", got)
	}
	e.Tokens[0].X, e.Tokens[0].Y = 4, 0
	if got := Misplaced(e); len(got) != 0 {
		t.Errorf("S 20 ft over the obstacle is marked misplaced: %v", got)
	}
	e.Tokens[0].Elevation = 0
	if got := Misplaced(e); !slices.Equal(got, []int{0}) {
		t.Errorf("S on the obstacle: misplaced %v, want [0]", got)
	}
	e.Tokens[0].X, e.Tokens[0].Y = 4, 3
	if got := Misplaced(e); !slices.Equal(got, []int{0, 1}) {
		t.Errorf("S on the ground in Big's space: misplaced %v, want [0 1]", got)
	}
	// a burrower under the obstacle may not end there either
	e.Tokens[0].X, e.Tokens[0].Y, e.Tokens[0].Elevation = 4, 0, -5
	e.Tokens[0].Speeds["burrow"] = 10
	if got := EndRefusal(e, 0, 4, 0); got != "(4, 0) is an obstacle" {
		t.Errorf("a burrower 5 ft under the obstacle: %q", got)
	}
}
