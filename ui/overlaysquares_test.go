package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"

	"encounterplanner/rules"
	"encounterplanner/ui/session"
)

// TestNoSquaresIsRefusedInTheOverlayFields: "0" in Teleport sq or Forced
// sq was taken without a word, the overlay went empty, Escape kept the 0
// on show, and the next rebuild of the panel (another mode, a token
// selected) put 5 or 2 back by itself. Zero squares is refused as any
// other value that is not a number of squares: the status bar says so,
// the overlay keeps the value in use, and Escape shows it again.
func TestNoSquaresIsRefusedInTheOverlayFields(t *testing.T) {
	e := forcedRoom()
	ed, p := overlayEditor(t, e, session.Settings{Reach: true, Mode: rules.ModeLand, Actions: 1}, 0)
	c := ed.win.Canvas()
	for _, f := range []struct{ mode, label, want string }{
		{rules.ModeTeleport, "Teleport sq", "5"},
		{rules.ModeForced, "Forced sq", "2"},
	} {
		selectOf(t, overlayField(t, ed, "Mode")).SetSelected(f.mode)
		if f.mode == rules.ModeForced {
			selectOf(t, overlayField(t, ed, "Forced")).SetSelected(rules.ForcedPull)
			selectOf(t, overlayField(t, ed, "Forced")).SetSelected(rules.ForcedPush)
		}
		settle(t, ed, p)
		squares := len(ed.Overlays().Reach)
		if squares == 0 {
			t.Fatalf("%s %s shows no squares: the test proves nothing", f.label, f.want)
		}
		field := overlayField(t, ed, f.label)
		c.Focus(field.(fyne.Focusable))
		entryOf(t, field).SetText("0")
		settle(t, ed, p)
		if msg := ed.status.msgLabel.Text; !strings.Contains(msg, "number of squares") {
			t.Errorf("%s 0: the status bar says %q, want the refusal", f.label, msg)
		}
		if got := len(ed.Overlays().Reach); got != squares {
			t.Errorf("%s 0: the overlay shows %d squares, want the %d of %s", f.label, got, squares, f.want)
		}
		typeOn(c, "", fyne.KeyEscape)
		if got := entryOf(t, overlayField(t, ed, f.label)).Text; got != f.want {
			t.Errorf("%s 0 then Escape: the field shows %q, want %q", f.label, got, f.want)
		}
	}
}
