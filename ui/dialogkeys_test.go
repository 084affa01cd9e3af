package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"encounterplanner/model"
)

// menuAction finds the main menu item labelled label and returns its action,
// the one the driver fires for the item's shortcut.
func menuAction(t *testing.T, w fyne.Window, menu, label string) func() {
	t.Helper()
	for _, m := range w.(interface{ MainMenu() *fyne.MainMenu }).MainMenu().Items {
		if m.Label != menu {
			continue
		}
		for _, it := range m.Items {
			if it.Label == label {
				return it.Action
			}
		}
	}
	t.Fatalf("no %s > %s", menu, label)
	return nil
}

// TestKeysWaitForTheDialog: with a confirmation over the map (switching the
// sample to starship asks), the editor's keys and shortcuts must not act on
// what the dialog hides: Delete kept the selected token, + zoomed, b picked
// the brush, Ctrl+Z undid the last edit, all behind the dialog.
func TestKeysWaitForTheDialog(t *testing.T) {
	ed, _, _ := newTestEditor(t, model.Sample())
	c := ed.win.Canvas()
	if !ed.MoveToken(0, 3, 10, false) {
		t.Fatal("the setup move was refused")
	}
	ed.Select(0)
	ed.SwitchRuleset(model.Starship) // tokens lack fly speeds: it asks
	if c.Overlays().Top() == nil {
		t.Fatal("switching to starship should ask first")
	}
	before := ed.enc.Clone()
	zoom, tool := ed.view.Zoom(), ed.Tool()
	test.TypeOnCanvas(c, "+b2")
	c.OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyDelete})
	c.OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyRight})
	typeShortcut(ed, fyne.KeyZ, fyne.KeyModifierShortcutDefault)
	menuAction(t, ed.win, "Edit", "Undo")()
	menuAction(t, ed.win, "Edit", "Duplicate token")()
	if len(ed.enc.Tokens) != len(before.Tokens) {
		t.Errorf("%d tokens after keys typed over the dialog, want %d", len(ed.enc.Tokens), len(before.Tokens))
	}
	if x, y := ed.enc.Tokens[0].X, ed.enc.Tokens[0].Y; x != 3 || y != 10 {
		t.Errorf("Ctrl+Z over the dialog undid the move: token at (%d, %d)", x, y)
	}
	if ed.view.Zoom() != zoom || ed.Tool() != tool {
		t.Errorf("keys over the dialog changed the view or tool: zoom %v -> %v, tool %d -> %d", zoom, ed.view.Zoom(), tool, ed.Tool())
	}
	// once the dialog is gone the keys work again
	c.Overlays().Remove(c.Overlays().Top())
	test.TypeOnCanvas(c, "b")
	if ed.Tool() != ToolBrush {
		t.Errorf("b after the dialog closed: tool %d, want the brush", ed.Tool())
	}
	menuAction(t, ed.win, "Edit", "Undo")()
	if x, y := ed.enc.Tokens[0].X, ed.enc.Tokens[0].Y; x == 3 && y == 10 {
		t.Errorf("Undo after the dialog closed did nothing")
	}
}
