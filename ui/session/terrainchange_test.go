package session

import (
	"testing"

	"encounterplanner/model"
)

// TestChangeWordsNameWhatAStrokePainted: every brush stroke, rectangle,
// line, fill and eraser stroke was undone as "terrain changed". A stroke
// that gave its squares one terrain names it and how many squares it
// changed (those it left as they were do not count); one that made them
// open ground names what it erased; anything else is named as before.
func TestChangeWordsNameWhatAStrokePainted(t *testing.T) {
	base := func() *model.Encounter {
		e := fightEnc()
		for x := range 3 {
			e.Grid.Set(x, 10, model.Wall)
		}
		e.Grid.Set(5, 10, model.Water)
		e.Grid.Set(6, 10, model.Difficult)
		return e
	}
	row := func(y, x0, x1 int, tr model.Terrain) func(e *model.Encounter) {
		return func(e *model.Encounter) {
			for x := x0; x <= x1; x++ {
				e.Grid.Set(x, y, tr)
			}
		}
	}
	for _, c := range []struct {
		want string
		edit func(e *model.Encounter)
	}{
		{"difficult terrain painted (12 squares)", func(e *model.Encounter) { PaintRect(&e.Grid, 0, 0, 3, 2, model.Difficult) }},
		{"difficult terrain painted (1 square)", row(10, 5, 6, model.Difficult)}, // (6, 10) was difficult already
		{"walls painted (4 squares)", row(4, 2, 5, model.Wall)},
		{"greater difficult terrain painted (2 squares)", row(4, 2, 3, model.GreaterDifficult)},
		{"difficult and hazardous terrain painted (2 squares)", row(4, 2, 3, model.Difficult|model.Hazardous)},
		{"shallow water painted (2 squares)", row(4, 2, 3, model.ShallowWater)},
		{"walls erased (3 squares)", row(10, 0, 4, 0)},
		{"terrain erased (4 squares)", row(10, 0, 5, 0)},
		{"terrain changed", func(e *model.Encounter) { row(4, 2, 3, model.Wall)(e); e.Grid.Set(9, 9, model.Water) }},
		{"terrain changed", func(e *model.Encounter) {
			row(4, 2, 3, model.Wall)(e)
			e.Edges = []model.Edge{{X1: 1, Y1: 1, X2: 1, Y2: 3, Kind: model.EdgeWall}}
		}},
	} {
		older := base()
		newer := older.Clone()
		c.edit(newer)
		if got := ChangeWords(older, newer); got != c.want {
			t.Errorf("%q: got %q", c.want, got)
		}
	}
}

// TestTerrainPhrase names the palette's terrains as a sentence would.
func TestTerrainPhrase(t *testing.T) {
	for tr, want := range map[model.Terrain]string{
		0:                                 "open ground",
		model.Wall:                        "walls",
		model.Obstacle:                    "obstacles",
		model.Difficult:                   "difficult terrain",
		model.Hazardous:                   "hazardous terrain",
		model.Narrow:                      "narrow squares",
		model.Uneven:                      "uneven ground",
		model.Water:                       "water",
		model.Water | model.Hazardous:     "water and hazardous terrain",
		model.Difficult | model.Hazardous: "difficult and hazardous terrain",
		model.Door:                        "doors",
		model.Door | model.Open:           "open doors",
		model.Obstacle | model.Uneven | model.Water: "obstacles, water and uneven ground",
	} {
		if got := TerrainPhrase(tr); got != want {
			t.Errorf("%v: %q, want %q", tr, got, want)
		}
	}
}
