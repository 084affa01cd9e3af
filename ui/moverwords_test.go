package ui

import (
	"testing"

	"encounterplanner/rules"
	"encounterplanner/ui/session"
)

// TestALeapOrTeleportSaysWhereItEnds: a leap, a teleport or a forced
// movement (points) has no path, so over a square the status bar said
// only its terrain ("(5, 2) open"), in the overlay's squares or not; the
// GM had the shading alone to read. It now says whether the movement
// ends there, and why not when the square is taken.
func TestALeapOrTeleportSaysWhereItEnds(t *testing.T) {
	e := forcedRoom() // the Hero at (6, 4), the Brute west of it, a wall at x 9
	ed, p := overlayEditor(t, e, session.Settings{Reach: true, Path: true, Mode: rules.ModeLand, Actions: 1}, 0)
	for _, c := range []struct {
		mode string
		x, y int
		want string
	}{
		{rules.ModeTeleport, 6, 1, "teleports here"},
		{rules.ModeTeleport, 9, 3, "no teleport there: (9, 3) is a wall"},
		{rules.ModeTeleport, 13, 9, "no teleport there (5 squares, in sight)"},
		{rules.ModeLeap, 6, 2, "leaps here"},
		{rules.ModeLeap, 5, 4, "no leap there: occupied by Brute"},
		{rules.ModeLeap, 1, 1, "no leap there"},
		{rules.ModeForced, 8, 4, "pushed here by Brute: it collides (×)"},
		{rules.ModeForced, 2, 2, "no push by Brute ends there"},
	} {
		if ed.ovp.settings.Mode != c.mode {
			selectOf(t, overlayField(t, ed, "Mode")).SetSelected(c.mode)
			if c.mode == rules.ModeForced {
				entryOf(t, overlayField(t, ed, "Forced sq")).SetText("3") // into the wall
			}
		}
		ed.hover(c.x, c.y, true)
		settle(t, ed, p)
		if got := ed.status.pathLabel.Text; got != c.want {
			t.Errorf("%s, hovering (%d, %d): the status bar says %q, want %q", c.mode, c.x, c.y, got, c.want)
		}
	}
}
