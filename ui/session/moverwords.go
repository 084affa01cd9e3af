package session

import (
	"fmt"

	"encounterplanner/model"
	"encounterplanner/rules"
)

// forcedDone is how a forced movement's kind reads once done to a token
// ("pushed here by Brute").
var forcedDone = map[string]string{
	rules.ForcedPush:  "pushed",
	rules.ForcedPull:  "pulled",
	rules.ForcedSweep: "swept",
	rules.ForcedShove: "shoved",
	rules.ForcedDrag:  "dragged",
}

// MoverWords says, for the status bar, whether token sel's leap, teleport
// or forced movement (set.Mode, points) ends on the hovered (x, y), from
// the squares the rules gave (reach) and the forced movement's
// collisions (collide): "leaps here", "teleports here", "pushed here by
// Brute", "pushed here by Brute: it collides (×)"; where it does not,
// "no leap there", "no teleport there (5 squares, in sight)", "no push by
// Brute ends there", with why the token may not stand there when that
// is the reason ("no leap there: occupied by Archer"). These movements
// have no path, so the status bar said only the square's terrain, and
// the GM read the overlay's shading alone. "" for any other mode.
func MoverWords(e *model.Encounter, sel int, set Settings, reach []rules.Square, collide []rules.Point, x, y int) string {
	if sel < 0 || sel >= len(e.Tokens) || !MoverMode(set.Mode) {
		return ""
	}
	in := false
	for _, q := range reach {
		if q.X == x && q.Y == y {
			in = true
			break
		}
	}
	by := ""
	if j := e.TokenIndex(set.ForcedSource); j >= 0 {
		by = e.Tokens[j].Name
	}
	if in {
		switch set.Mode {
		case modeLeap:
			return "leaps here"
		case modeTeleport:
			return "teleports here"
		}
		done := forcedDone[set.ForcedKind]
		for _, c := range collide {
			if c.X == x && c.Y == y {
				return fmt.Sprintf("%s here by %s: it collides (×)", done, by)
			}
		}
		return fmt.Sprintf("%s here by %s", done, by)
	}
	why := ""
	if w := EndRefusalAt(e, sel, x, y, e.Tokens[sel].Elevation); w != "" {
		why = ": " + w
	}
	switch set.Mode {
	case modeLeap:
		return "no leap there" + why
	case modeTeleport:
		if why == "" {
			why = fmt.Sprintf(" (%s, in sight)", Plural(set.Range, "square", "squares"))
		}
		return "no teleport there" + why
	}
	return fmt.Sprintf("no %s by %s ends there%s", set.ForcedKind, by, why)
}

// moverHovered reports whether the status bar should word token sel's
// leap, teleport or forced movement to the hovered square r.Hover: the
// reach is asked for and answered, the Path switch (which words a path
// there) is on, and the square is on the map and not where the token
// stands.
func moverHovered(e *model.Encounter, r *Request, answered bool) bool {
	sel := r.Sel
	if !answered || !r.Set.Reach || !r.Set.Path || !MoverMode(r.Set.Mode) || sel < 0 || sel >= len(e.Tokens) || r.Hover == nil || !e.Grid.In(r.Hover.X, r.Hover.Y) {
		return false
	}
	t := &e.Tokens[sel]
	return r.Hover.X != t.X || r.Hover.Y != t.Y
}
