package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"

	"encounterplanner/model"
)

// TestPlayerDisplayPassesTheGMsKeysToTheEditor: View > Player display
// opens a window that has the keyboard until the GM clicks the editor
// again, and its key handler took only F11, Escape and the arrows: N and
// Ctrl+Z typed there did nothing. The GM's keys and shortcuts typed in the
// player display act on the editor as in its own window; + still zooms
// the players' map, not the GM's.
func TestPlayerDisplayPassesTheGMsKeysToTheEditor(t *testing.T) {
	ed, _, _ := newTestEditor(t, model.Sample())
	if err := ed.StartFight(func() int { return 10 }); err != nil {
		t.Fatal(err)
	}
	menuAction(t, ed.win, "View", "Player display")()
	if ed.player == nil {
		t.Fatal("View > Player display opened nothing")
	}
	pc := ed.player.Window().Canvas()
	first := ed.enc.Fight.Turn

	test.TypeOnCanvas(pc, "n")
	if ed.enc.Fight.Turn == first {
		t.Fatalf("N in the player display: still %s's turn", first)
	}
	second := ed.enc.Fight.Turn
	pc.(fyne.Shortcutable).TypedShortcut(&fyne.ShortcutUndo{})
	if ed.enc.Fight.Turn != first {
		t.Errorf("Ctrl+Z in the player display: %s's turn, want %s's back", ed.enc.Fight.Turn, first)
	}
	pc.(fyne.Shortcutable).TypedShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyZ, Modifier: fyne.KeyModifierShortcutDefault | fyne.KeyModifierShift})
	if ed.enc.Fight.Turn != second {
		t.Errorf("Ctrl+Shift+Z in the player display: %s's turn, want %s's again", ed.enc.Fight.Turn, second)
	}

	test.TypeOnCanvas(pc, "b")
	if ed.Tool() != ToolBrush {
		t.Errorf("B in the player display: tool %d, want the brush", ed.Tool())
	}
	sel := ed.Selected()
	pc.OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape}) // not full screen: the editor's Escape
	if sel < 0 || ed.Selected() >= 0 {
		t.Errorf("Escape in the windowed player display: selected %d -> %d, want none", sel, ed.Selected())
	}

	gm, players := ed.view.Zoom(), ed.player.View().Zoom()
	test.TypeOnCanvas(pc, "+")
	if ed.view.Zoom() != gm || ed.player.View().Zoom() == players {
		t.Errorf("+ in the player display: the GM's zoom %v -> %v, the players' %v -> %v; want only the players'", gm, ed.view.Zoom(), players, ed.player.View().Zoom())
	}
}
