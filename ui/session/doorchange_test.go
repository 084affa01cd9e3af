package session

import (
	"testing"

	"encounterplanner/model"
)

// TestChangeWordsNameADoorOpenedOrClosed: a click on a door was undone as
// "walls and doors changed" (a door edge) or "terrain changed" (a door
// square). Opening or closing one door is named for what it was, a
// secret door found included, and with the fog the party then sees;
// anything more is named as before.
func TestChangeWordsNameADoorOpenedOrClosed(t *testing.T) {
	base := func() *model.Encounter {
		e := fightEnc()
		e.Edges = []model.Edge{
			{Kind: model.EdgeWall, X1: 4, Y1: 0, X2: 4, Y2: 3},
			{Kind: model.EdgeDoor, X1: 4, Y1: 3, X2: 4, Y2: 4},
			{Kind: model.EdgeSecretDoor, X1: 4, Y1: 5, X2: 4, Y2: 6},
			{Kind: model.EdgeOpenDoor, X1: 4, Y1: 7, X2: 4, Y2: 8},
		}
		e.Grid.Set(8, 8, model.Door)
		e.Grid.Set(9, 9, model.Door|model.Open)
		return e
	}
	for _, c := range []struct {
		want string
		edit func(e *model.Encounter)
	}{
		{"door opened", func(e *model.Encounter) { e.Edges[1].Kind = model.EdgeOpenDoor }},
		{"door opened", func(e *model.Encounter) { e.Edges[2].Kind = model.EdgeOpenDoor }},
		{"door closed", func(e *model.Encounter) { e.Edges[3].Kind = model.EdgeDoor }},
		{"door opened", func(e *model.Encounter) { e.Grid.Set(8, 8, model.Door|model.Open) }},
		{"door closed", func(e *model.Encounter) { e.Grid.Set(9, 9, model.Door) }},
		{"door opened", func(e *model.Encounter) { // reveal following the party
			e.Edges[1].Kind = model.EdgeOpenDoor
			FogOn(e)
			e.Revealed[5] = true
		}},
		{"walls and doors changed", func(e *model.Encounter) {
			e.Edges[1].Kind = model.EdgeOpenDoor
			e.Edges[3].Kind = model.EdgeDoor
		}},
		{"walls and doors changed", func(e *model.Encounter) { e.Edges[1].Kind = model.EdgeWall }},
		{"walls and doors changed", func(e *model.Encounter) { e.Edges[1].X1, e.Edges[1].X2 = 5, 5 }},
		{"terrain changed", func(e *model.Encounter) {
			e.Edges[1].Kind = model.EdgeOpenDoor
			e.Grid.Set(2, 2, model.Wall)
		}},
		{"walls painted (1 square)", func(e *model.Encounter) { e.Grid.Set(8, 8, model.Wall) }},
		{"open doors and difficult terrain painted (1 square)", func(e *model.Encounter) { e.Grid.Set(8, 8, model.Door|model.Open|model.Difficult) }},
	} {
		older := base()
		newer := older.Clone()
		c.edit(newer)
		if got := ChangeWords(older, newer); got != c.want {
			t.Errorf("%q: got %q", c.want, got)
		}
	}
}
