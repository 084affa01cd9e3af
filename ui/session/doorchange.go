package session

import "encounterplanner/model"

// doorChange names the edit from a to b when it opened or closed one door
// (an edge or a door square) and changed no other wall, door or square:
// "door opened", "door closed" (with reveal following the party, the
// same click reveals fog too); "" when it did anything else. Undo said
// "walls and doors changed", or "terrain changed" for a door square, for
// a click on a door. O(edges + squares).
func doorChange(a, b *model.Encounter) string {
	if len(a.Edges) != len(b.Edges) || len(a.Grid.Cells) != len(b.Grid.Cells) {
		return ""
	}
	opened, n := false, 0
	for i, ea := range a.Edges {
		eb := b.Edges[i]
		if ea == eb {
			continue
		}
		if !ea.Kind.IsDoor() {
			return ""
		}
		ea.Kind = ea.Kind.Toggled()
		if ea != eb {
			return ""
		}
		opened, n = !eb.Kind.Blocking(), n+1
	}
	for i, ta := range a.Grid.Cells {
		tb := b.Grid.Cells[i]
		if ta == tb {
			continue
		}
		if ta&model.Door == 0 || ta^tb != model.Open {
			return ""
		}
		opened, n = tb&model.Open != 0, n+1
	}
	switch {
	case n != 1:
		return ""
	case opened:
		return "door opened"
	}
	return "door closed"
}
