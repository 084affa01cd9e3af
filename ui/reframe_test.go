package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"encounterplanner/model"
	"encounterplanner/ui/session"
)

// TestMapGrowsAndShrinksOnAnySide: the map could only grow or shrink at
// the right and the bottom. Encounter > Add or remove rows and columns
// works on every side, the tokens and notes moving with the terrain, as
// one undo step; a cut through a token is refused, naming it; Crop to
// content cuts the open margins.
func TestMapGrowsAndShrinksOnAnySide(t *testing.T) {
	ed, _, _ := newTestEditor(t, model.Sample())
	w, h := ed.enc.Grid.W, ed.enc.Grid.H
	i := ed.enc.TokenIndex("Iseph")
	x, y := ed.enc.Tokens[i].X, ed.enc.Tokens[i].Y
	wall := ed.enc.Grid.At(0, 0)

	menuAction(t, ed.win, "Encounter", "Add or remove rows and columns…")()
	en, _, btn := topDialog(t, ed.win)
	if len(en) != 4 {
		t.Fatalf("the dialog has %d fields, want left, top, right and bottom", len(en))
	}
	en[0].SetText("3")
	en[1].SetText("2")
	test.Tap(btn["Apply"])
	if ed.enc.Grid.W != w+3 || ed.enc.Grid.H != h+2 {
		t.Fatalf("the map is %d x %d, want %d x %d", ed.enc.Grid.W, ed.enc.Grid.H, w+3, h+2)
	}
	if tk := ed.enc.Tokens[i]; tk.X != x+3 || tk.Y != y+2 {
		t.Errorf("Iseph at (%d, %d), want (%d, %d): tokens move with the map", tk.X, tk.Y, x+3, y+2)
	}
	if ed.enc.Grid.At(3, 2) != wall || ed.enc.Grid.At(0, 0) != 0 {
		t.Errorf("the terrain did not move with the map")
	}
	ed.Undo()
	if ed.enc.Grid.W != w || ed.enc.Tokens[i].X != x {
		t.Errorf("undo left the map %d wide, Iseph at x %d", ed.enc.Grid.W, ed.enc.Tokens[i].X)
	}

	// Iseph stands in column 2: cutting three columns on the left refuses
	if err := ed.Reframe(session.Margins{Left: -(x + 1)}); err == nil || !strings.Contains(err.Error(), "Iseph") {
		t.Errorf("a cut through Iseph: %v, want a refusal naming Iseph", err)
	}
	if ed.enc.Grid.W != w {
		t.Errorf("a refused cut changed the map to %d wide", ed.enc.Grid.W)
	}

	ed.Reframe(session.Margins{Right: 4, Bottom: 3})
	menuAction(t, ed.win, "Encounter", "Crop to content")()
	if ed.enc.Grid.W > w || ed.enc.Grid.H > h {
		t.Errorf("crop to content left the map %d x %d, larger than its content's %d x %d", ed.enc.Grid.W, ed.enc.Grid.H, w, h)
	}
	if err := model.Validate(ed.enc); err != nil {
		t.Errorf("the cropped encounter is invalid: %v", err)
	}
}
