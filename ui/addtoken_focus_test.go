package ui

import (
	"encounterplanner/ui/controls"
	"testing"

	"fyne.io/fyne/v2"
)

// TestAddTokenDialogTakesTyping: T, then a click on the map, opened the
// Add a token dialog, but the driver unfocused its name on its way out of
// that click (nothing focusable under the pointer): the GM's typing went
// nowhere and Enter did not add the token until a click in the field.
func TestAddTokenDialogTakesTyping(t *testing.T) {
	ed, _, p := newTestEditor(t, openEncounter(t, 12, 8))
	c := ed.win.Canvas()
	ed.SetTool(ToolToken)
	mouseDown(ed, 3, 3, 0)
	c.Unfocus() // what the desktop driver does after the press and the release
	mouseUp(ed, 3, 3)
	c.Unfocus()
	p.until(t, "the name field focused", func() bool {
		_, ok := c.Focused().(*controls.EscEntry)
		return ok
	})
	en := c.Focused().(*controls.EscEntry)
	for _, r := range "Goblin" {
		en.TypedRune(r)
	}
	en.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if n := len(ed.enc.Tokens); n != 1 || ed.enc.Tokens[0].Name != "Goblin" || ed.enc.Tokens[0].X != 3 {
		t.Fatalf("after typing Goblin and Enter: %d tokens %+v", n, ed.enc.Tokens)
	}
}
