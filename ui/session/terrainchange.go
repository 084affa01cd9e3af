package session

import (
	"slices"

	"encounterplanner/model"
)

// terrainChange names the edit from a to b when it changed map squares
// only, as a brush stroke, a rectangle, a line, a fill or the eraser
// does: "difficult terrain painted (12 squares)" when every square it
// changed took one terrain, "walls erased (3 squares)" when every one
// became open ground ("terrain erased" when they were of several kinds);
// "" when the squares changed otherwise, or the walls and doors changed
// too. Undo said "terrain changed" for every stroke, where a door says
// "door opened". O(squares).
func terrainChange(a, b *model.Encounter) string {
	if len(a.Grid.Cells) != len(b.Grid.Cells) || !slices.Equal(a.Edges, b.Edges) {
		return ""
	}
	n := 0
	var to, from model.Terrain
	sameFrom := true
	for i, ta := range a.Grid.Cells {
		tb := b.Grid.Cells[i]
		if ta == tb {
			continue
		}
		switch {
		case n == 0:
			to, from = tb, ta
		case tb != to:
			return ""
		case ta != from:
			sameFrom = false
		}
		n++
	}
	switch {
	case n == 0:
		return ""
	case to != 0:
		return TerrainPhrase(to) + " painted (" + Plural(n, "square", "squares") + ")"
	case sameFrom:
		return TerrainPhrase(from) + " erased (" + Plural(n, "square", "squares") + ")"
	}
	return "terrain erased (" + Plural(n, "square", "squares") + ")"
}

// traitPhrases are what the GM calls squares of one trait, in the order
// TerrainPhrase joins them; the kinds of terrain ("difficult") share one
// "terrain".
var traitPhrases = []struct {
	t      model.Trait
	words  string
	isKind bool // an adjective of "terrain"
}{
	{model.Wall, "walls", false},
	{model.Door | model.Open, "open doors", false},
	{model.Door, "doors", false},
	{model.Obstacle, "obstacles", false},
	{model.Water, "water", false},
	{model.ShallowWater, "shallow water", false},
	{model.Narrow, "narrow squares", false},
	{model.Uneven, "uneven ground", false},
	{model.Difficult, "difficult", true},
	{model.GreaterDifficult, "greater difficult", true},
	{model.Hazardous, "hazardous", true},
}

// TerrainPhrase names squares of terrain t as the GM would in a
// sentence: "walls", "difficult terrain", "water and hazardous terrain",
// "difficult and hazardous terrain"; "open ground" for none.
func TerrainPhrase(t model.Terrain) string {
	if t == 0 {
		return "open ground"
	}
	var parts, kinds []string
	left := t
	for _, p := range traitPhrases {
		if left&p.t != p.t {
			continue
		}
		left &^= p.t
		if p.isKind {
			kinds = append(kinds, p.words)
		} else {
			parts = append(parts, p.words)
		}
	}
	if len(kinds) > 0 {
		parts = append(parts, model.AndList(kinds)+" terrain")
	}
	if len(parts) == 0 {
		return "terrain"
	}
	return model.AndList(parts)
}
