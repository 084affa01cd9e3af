package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
)

// TestExportUVTTSaysWhatItLeavesOut: Export Universal VTT… wrote the map
// without its tokens, fog, secret doors and movement terrain and said
// only "wrote den.dd2vtt (8 KB)"; imported back, the map had none of
// them. A dialog now says what the file leaves out before the file is
// chosen; Enter goes on to the Save dialog, Escape cancels. A map with
// nothing the file cannot hold goes straight to the Save dialog.
func TestExportUVTTSaysWhatItLeavesOut(t *testing.T) {
	e := openEncounter(t, 8, 6)
	e.Grid.Set(4, 3, model.Water)
	e.Grid.Set(5, 3, model.Difficult)
	e.Grid.Set(2, 1, model.Wall)
	e.Edges = []model.Edge{{Kind: model.EdgeWall, X1: 0, Y1: 3, X2: 3, Y2: 3}, {Kind: model.EdgeDoor, X1: 3, Y1: 3, X2: 4, Y2: 3}, {Kind: model.EdgeSecretDoor, X1: 6, Y1: 3, X2: 7, Y2: 3}}
	e.Revealed = make([]bool, 8*6)
	e.Tokens = []model.Token{{Name: "Hero", X: 1, Y: 1, Size: model.Medium, Speeds: map[string]int{"land": 25}},
		{Name: "Ogre", X: 5, Y: 4, Size: model.Large, Speeds: map[string]int{"land": 25}}}
	ed, _, _ := newTestEditor(t, e)
	c := ed.win.Canvas()

	ed.exportUVTT()
	top := c.Overlays().Top()
	if top == nil {
		t.Fatal("Export Universal VTT showed nothing")
	}
	var said string
	walkObjects(top, func(o fyne.CanvasObject) {
		if l, ok := o.(*widget.Label); ok && strings.Contains(l.Text, "leaves out") {
			said = l.Text
		}
	})
	want := "It leaves out 2 tokens, the fog of war, 1 secret door (written as a wall) and the terrain of 2 squares (difficult, water: on the picture only, as open ground)."
	if !strings.HasSuffix(said, want) {
		t.Fatalf("the dialog says %q, want it to end %q", said, want)
	}
	c.OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if c.Overlays().Top() != nil {
		t.Fatal("Escape left the dialog open")
	}
	ed.exportUVTT()
	c.OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if !isSaveDialog(c.Overlays().Top()) {
		t.Fatal("Enter did not go on to the Save dialog")
	}
	c.Overlays().Top().Hide()

	bare, _, _ := newTestEditor(t, openEncounter(t, 8, 6))
	bare.exportUVTT()
	if !isSaveDialog(bare.win.Canvas().Overlays().Top()) {
		t.Error("a map with nothing left out did not go straight to the Save dialog")
	}
}

// isSaveDialog reports whether o, a window's top overlay, is a file
// dialog (its Save button).
func isSaveDialog(o fyne.CanvasObject) bool {
	found := false
	walkObjects(o, func(c fyne.CanvasObject) {
		if b, ok := c.(*widget.Button); ok && b.Text == "Save" {
			found = true
		}
	})
	return found
}
