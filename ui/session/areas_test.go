package session

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"encounterplanner/model"
)

// areaEnc is a 10x10 sf2e map with a fighter at (4, 4) and two goblins.
func areaEnc(areas ...model.Area) *model.Encounter {
	e := &model.Encounter{Name: "a", Ruleset: model.SF2E, Grid: model.NewGrid(10, 10), Tokens: []model.Token{
		{Name: "Fighter", X: 4, Y: 4, Size: model.Medium, Side: "a"},
		{Name: "Goblin A", X: 1, Y: 1, Size: model.Medium, Side: "b"},
		{Name: "Goblin B", X: 2, Y: 1, Size: model.Medium, Side: "b"},
	}}
	e.Areas = areas
	return e
}

// TestAreaShades: each area becomes the squares the rules give it (y*W+x),
// with its label and player flag; a refused one shades nothing.
func TestAreaShades(t *testing.T) {
	for _, c := range []struct {
		name string
		a    model.Area
		want string
	}{
		{"5-ft burst", model.Area{Kind: model.Burst, X: 2, Y: 2, Radius: 5, Label: "b", Player: true}, "[11 12 21 22] b true"},
		{"cone north", model.Area{Kind: model.Cone, Token: "Fighter", Dir: model.N, Length: 5}, "[34]  false"},
		{"emanation", model.Area{Kind: model.Emanation, Token: "Fighter", Radius: 5}, "[33 34 35 43 44 45 53 54 55]  false"},
		{"token gone", model.Area{Kind: model.Emanation, Token: "Nobody", Radius: 5}, "[]  false"},
	} {
		got := AreaShades(areaEnc(c.a))
		if len(got) != 1 {
			t.Fatalf("%s: %d shades", c.name, len(got))
		}
		if s := fmt.Sprint(got[0].Squares, " ", got[0].Label, " ", got[0].Player); s != c.want {
			t.Errorf("%s: %s, want %s", c.name, s, c.want)
		}
	}
	if AreaShades(areaEnc()) != nil {
		t.Error("no areas should shade nothing")
	}
	o := Shown(areaEnc(model.Area{Kind: model.Burst, X: 2, Y: 2, Radius: 5}), -1, Settings{}, nil)
	if len(o.Areas) != 1 || len(o.Areas[0].Squares) != 4 {
		t.Errorf("Shown without an answer: areas %v, want the burst's 4 squares", o.Areas)
	}
}

// TestAreaCaught: a 10-ft burst between the goblins catches both, listed
// by name with their cover.
func TestAreaCaught(t *testing.T) {
	e := areaEnc(model.Area{Kind: model.Burst, X: 2, Y: 2, Radius: 10})
	got, err := AreaCaught(e, 0)
	if err != nil {
		t.Fatal(err)
	}
	if s := strings.Join(got, "; "); s != "Goblin A — no cover; Goblin B — no cover" {
		t.Errorf("caught %q", s)
	}
	if i := AreaAt(e, 1, 1); i != 0 {
		t.Errorf("AreaAt(1, 1) = %d, want 0", i)
	}
	if i := AreaAt(e, 9, 9); i != -1 {
		t.Errorf("AreaAt(9, 9) = %d, want -1", i)
	}
}

// TestMoveRotateArea: a burst moves on the grid lines, clamped; a cone
// turns through the 8 facings; a line turns about its token; a burst does
// not turn and a cone does not move.
func TestMoveRotateArea(t *testing.T) {
	for _, c := range []struct {
		name string
		a    model.Area
		do   func(e *model.Encounter) error
		want string // the area after, or the error
	}{
		{"burst moves", model.Area{Kind: model.Burst, X: 2, Y: 2, Radius: 5}, func(e *model.Encounter) error { return MoveArea(e, 0, 1, -1) }, "3 1"},
		{"burst clamped", model.Area{Kind: model.Burst, X: 9, Y: 0, Radius: 5}, func(e *model.Encounter) error { return MoveArea(e, 0, 5, -5) }, "10 0"},
		{"cone N to NE", model.Area{Kind: model.Cone, Token: "Fighter", Dir: model.N, Length: 15}, func(e *model.Encounter) error { return RotateArea(e, 0, 1) }, "NE"},
		{"cone N back to NW", model.Area{Kind: model.Cone, Token: "Fighter", Dir: model.N, Length: 15}, func(e *model.Encounter) error { return RotateArea(e, 0, -1) }, "NW"},
		{"line E to SE", model.Area{Kind: model.Line, Token: "Fighter", Toward: [2]int{7, 4}, Length: 15}, func(e *model.Encounter) error { return RotateArea(e, 0, 1) }, "[7 7]"},
		{"line N to NE clamped", model.Area{Kind: model.Line, Token: "Fighter", Toward: [2]int{4, 0}, Length: 30}, func(e *model.Encounter) error { return RotateArea(e, 0, 1) }, "[9 0]"},
		{"burst does not turn", model.Area{Kind: model.Burst, X: 2, Y: 2, Radius: 5}, func(e *model.Encounter) error { return RotateArea(e, 0, 1) }, "burst 5 ft has no direction to turn"},
		{"cone does not move", model.Area{Kind: model.Cone, Token: "Fighter", Length: 15}, func(e *model.Encounter) error { return MoveArea(e, 0, 1, 0) }, "cone 15 ft from Fighter follows Fighter: move the token"},
	} {
		e := areaEnc(c.a)
		var got string
		if err := c.do(e); err != nil {
			got = err.Error()
		} else {
			a := e.Areas[0]
			switch a.Kind {
			case model.Burst:
				got = fmt.Sprint(a.X, " ", a.Y)
			case model.Cone:
				got = a.Dir.String()
			default:
				got = fmt.Sprint(a.Toward)
			}
			if err := model.Validate(e); err != nil {
				t.Errorf("%s: invalid after: %v", c.name, err)
			}
		}
		if got != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
}

// TestKeepAreas: an area follows its token's new name and goes when the
// token is deleted; a burst stays.
func TestKeepAreas(t *testing.T) {
	before := areaEnc(model.Area{Kind: model.Burst, X: 2, Y: 2, Radius: 5},
		model.Area{Kind: model.Emanation, Token: "Goblin A", Radius: 5},
		model.Area{Kind: model.Cone, Token: "Fighter", Length: 15})
	for i := range before.Tokens {
		before.Tokens[i].ID = model.NewID()
	}
	after := before.Clone()
	after.Tokens[0].Name = "Hero"
	after.Tokens = after.Tokens[:2:2]
	after.Tokens = append(after.Tokens[:1], after.Tokens[2:]...) // Goblin A gone
	KeepAreas(before, after)
	var got []string
	for _, a := range after.Areas {
		got = append(got, a.Kind.String()+":"+a.Token)
	}
	if s := strings.Join(got, " "); s != "burst: cone:Hero" {
		t.Errorf("areas after %q, want burst and the cone from Hero", s)
	}
	if before.Areas[2].Token != "Fighter" {
		t.Error("KeepAreas changed the areas before")
	}
}

// TestAreaShadesKeptUntilTheirInputsChange: the shades are worked out
// again only when something they depend on changed (Shown asks for them
// at every frame, and a burst over a 1000 x 1000 map takes a second and
// more); a change of the terrain, even in place, an edge, a token's place
// or an area gives the new answer.
func TestAreaShadesKeptUntilTheirInputsChange(t *testing.T) {
	e := &model.Encounter{Name: "Bay", Ruleset: model.SF2E, Grid: model.NewGrid(12, 12), Tokens: []model.Token{
		{Name: "Dae", X: 2, Y: 2, Size: model.Medium}, {Name: "Ogre", X: 8, Y: 8, Size: model.Large}}}
	e.Areas = []model.Area{{Kind: model.Burst, X: 6, Y: 6, Radius: 20}, {Kind: model.Emanation, Token: "Dae", Radius: 10}}
	same := func(what string) {
		t.Helper()
		got, want := AreaShades(e), areaShades(e)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: kept shades %v, want %v", what, got, want)
		}
	}
	first := AreaShades(e)
	if again := AreaShades(e); &again[0] != &first[0] {
		t.Errorf("nothing changed, yet the shades were worked out again")
	}
	same("as placed")
	for x := 0; x < 12; x++ {
		e.Grid.Cells[5*12+x] = model.Wall // in place, as a brush stroke paints
	}
	same("a wall across the burst")
	e.Edges = []model.Edge{{Kind: model.EdgeWall, X1: 0, Y1: 3, X2: 12, Y2: 3}}
	same("an edge wall")
	e.Tokens[0].X = 4
	same("Dae moved")
	e.Areas[0].Radius = 10
	same("the burst smaller")
	e.Areas[1].Label = "Aura"
	same("the emanation labelled")
}

// TestAreaShadesKeptForTheEditorAndThePlayers: the editor's frames and the
// player display's (the map without its hidden tokens) ask for the shades
// in turn; neither works out the other's again, and a fifth map's answer
// pushes out the one asked longest ago.
func TestAreaShadesKeptForTheEditorAndThePlayers(t *testing.T) {
	e := &model.Encounter{Name: "Bay", Ruleset: model.SF2E, Grid: model.NewGrid(12, 12), Tokens: []model.Token{
		{Name: "Dae", X: 2, Y: 2, Size: model.Medium}, {Name: "Spy", X: 6, Y: 5, Size: model.Medium, Hidden: true}}}
	e.Areas = []model.Area{{Kind: model.Burst, X: 6, Y: 6, Radius: 20, Player: true}}
	pe, _ := PlayersView(e, -1)
	gm, pl := AreaShades(e), AreaShades(pe)
	for round := 0; round < 3; round++ {
		if again := AreaShades(e); &again[0] != &gm[0] {
			t.Fatalf("round %d: the editor's shades were worked out again after the players'", round)
		}
		if again := AreaShades(pe); &again[0] != &pl[0] {
			t.Fatalf("round %d: the players' shades were worked out again after the editor's", round)
		}
	}
	for r := 25; r <= 40; r += 5 {
		o := *e
		o.Areas = []model.Area{{Kind: model.Burst, X: 6, Y: 6, Radius: r}}
		AreaShades(&o)
	}
	if again := AreaShades(e); &again[0] == &gm[0] {
		t.Error("four other maps asked since, yet the first answer is still kept")
	}
}
