package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"

	"encounterplanner/model"
	"encounterplanner/ui/controls"
)

// TestEscapeCancelsTheAppsDialogs: Escape did nothing in the Add token and
// Calibrate dialogs (the GM had to reach for Cancel). It now cancels them,
// typed in a field or with nothing focused, by their cancel path: no token
// added, no calibration, the ruler off the player display. Enter in the
// diagonal field applies.
func TestEscapeCancelsTheAppsDialogs(t *testing.T) {
	ed, _, _ := newTestEditor(t, openEncounter(t, 12, 8))
	c := ed.win.Canvas()
	esc := &fyne.KeyEvent{Name: fyne.KeyEscape}

	registered := ed.esc.Open()
	// Add token, Escape in the name field
	ed.addTokenDialog(3, 3)
	en, ok := c.Focused().(*controls.EscEntry)
	if !ok {
		t.Fatalf("the name field should have the focus, got %T", c.Focused())
	}
	en.TypedKey(esc)
	if c.Overlays().Top() != nil || len(ed.enc.Tokens) != 0 {
		t.Fatalf("Escape in the name field: dialog still open %v, %d tokens", c.Overlays().Top() != nil, len(ed.enc.Tokens))
	}
	// Add token, Escape with nothing focused (after a click on the Size select)
	ed.addTokenDialog(3, 3)
	c.Unfocus()
	c.OnTypedKey()(esc)
	if c.Overlays().Top() != nil || len(ed.enc.Tokens) != 0 {
		t.Fatalf("Escape with nothing focused: dialog still open %v, %d tokens", c.Overlays().Top() != nil, len(ed.enc.Tokens))
	}
	if ed.esc.Open() > registered {
		t.Errorf("closed dialogs are still registered: %d", ed.esc.Open()-registered)
	}
	// the editor's own Escape (deselect) works again afterwards
	if err := ed.AddToken(model.Token{Name: "Orc", X: 1, Y: 1, Size: model.Medium, Speeds: map[string]int{"land": 30}}); err != nil {
		t.Fatal(err)
	}
	c.OnTypedKey()(esc)
	if ed.Selected() != -1 {
		t.Errorf("Escape with no dialog should deselect")
	}

	// Calibrate: Escape cancels and takes the ruler away
	ed.calibratePlayer()
	p := ed.player
	t.Cleanup(func() {
		if ed.player != nil {
			ed.player.Close()
		}
	})
	c.OnTypedKey()(esc)
	if c.Overlays().Top() != nil || p.RulerShown() || p.PPI() != 0 {
		t.Fatalf("Escape in Calibrate: open %v, ruler %v, ppi %v", c.Overlays().Top() != nil, p.RulerShown(), p.PPI())
	}
	// Calibrate: Enter in the diagonal applies
	ed.calibratePlayer()
	for _, o := range inDialog(t, ed.win) {
		if tabs, ok := o.(*container.AppTabs); ok {
			tabs.SelectIndex(1)
		}
	}
	var diag *controls.EscEntry
	for _, o := range inDialog(t, ed.win) {
		if e, ok := o.(*controls.EscEntry); ok && e.PlaceHolder == "e.g. 27" {
			diag = e
		}
	}
	if diag == nil {
		t.Fatal("no diagonal field")
	}
	diag.SetText("27")
	diag.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if c.Overlays().Top() != nil {
		t.Fatal("Enter in the diagonal should apply and close")
	}
	if p.Diagonal() != 27 {
		t.Errorf("diagonal %v after Enter, want 27", p.Diagonal())
	}
}
