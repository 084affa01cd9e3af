package ui

import (
	"context"
	"slices"
	"testing"

	"fyne.io/fyne/v2"

	"encounterplanner/model"
)

// revealedLeftHalf is a 10 x 4 map with fog on and its left half (20
// squares) revealed.
func revealedLeftHalf(t *testing.T) *model.Encounter {
	e := openEncounter(t, 10, 4)
	e.Revealed = make([]bool, 40)
	for y := range 4 {
		for x := range 5 {
			e.Revealed[y*10+x] = true
		}
	}
	return e
}

// TestFogOffKeepsTheRevealsForFogOn: Fog > Fog of war off, then on again,
// fogged the whole map: every reveal of the session was thrown away, with
// no word, and after a restart not even Ctrl+Z brought it back. Off now
// keeps them (and says how many), through a save and a new editor on
// the stored encounter, and on reveals them again.
func TestFogOffKeepsTheRevealsForFogOn(t *testing.T) {
	e := revealedLeftHalf(t)
	want := slices.Clone(e.Revealed)
	ed, st, _ := newTestEditor(t, e)
	menuItem(t, ed, "Fog", "Fog of war").Action()
	if ed.enc.Revealed != nil {
		t.Fatal("Fog of war did not turn fog off")
	}
	if m := ed.status.msgLabel.Text; m != "Fog off: the 20 revealed squares are kept for when it is back on" {
		t.Errorf("status %q", m)
	}
	if err := ed.SaveNow(); err != nil {
		t.Fatal(err)
	}
	stored, err := st.Load(context.Background(), e.ID)
	if err != nil || stored.Revealed != nil || !slices.Equal(stored.RevealedKept, want) {
		t.Fatalf("stored: %v, fog %v, kept %v", err, stored.Revealed != nil, stored.RevealedKept)
	}

	again, _ := editorOf(t, st, e.ID) // the app started again
	if menuItem(t, again, "Fog", "Fog of war").Checked {
		t.Fatal("fog is on after reopening")
	}
	menuItem(t, again, "Fog", "Fog of war").Action()
	if !slices.Equal(again.enc.Revealed, want) {
		t.Fatalf("fog on again: %d revealed, want the 20 revealed before it was off", revealedCount(again.enc))
	}
	if m := again.status.msgLabel.Text; m != "Fog on again, with the 20 squares it had revealed: the player display shows only revealed squares" {
		t.Errorf("status %q", m)
	}
	again.Undo()
	if again.enc.Revealed != nil || !slices.Equal(again.enc.RevealedKept, want) {
		t.Fatalf("undoing fog on: fog %v, kept %d squares", again.enc.Revealed != nil, len(again.enc.RevealedKept))
	}
}

// TestAFogStrokeOverFogOffKeepsTheEarlierReveals: with fog off, a fog
// brush stroke turns it on again: over the squares revealed before it was
// turned off, not over a map all fogged; Escape in the stroke leaves fog
// off with those squares still kept.
func TestAFogStrokeOverFogOffKeepsTheEarlierReveals(t *testing.T) {
	e := revealedLeftHalf(t)
	ed, _, _ := newTestEditor(t, e)
	ed.SetFog(false)
	ed.rune('g')
	mouseDown(ed, 8, 1, 0)
	dragTo(ed, 8, 2)
	c := ed.win.Canvas()
	c.OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape})
	ed.view.DragEnd()
	mouseUp(ed, 8, 2)
	if ed.enc.Revealed != nil || model.CountSet(ed.enc.RevealedKept) != 20 {
		t.Fatalf("Escape in the stroke: fog %v, %d kept; want fog off, 20 kept", ed.enc.Revealed != nil, model.CountSet(ed.enc.RevealedKept))
	}
	gesture(ed, 0, [2]int{8, 1}, [2]int{8, 2})
	if got := revealedCount(ed.enc); got != 22 || !ed.enc.Revealed[0] || !ed.enc.Revealed[2*10+8] {
		t.Fatalf("the stroke turned fog on with %d revealed, want the 20 kept and its 2", got)
	}
	if ed.enc.RevealedKept != nil {
		t.Error("fog on, and squares still kept aside")
	}
}

// TestRevealAllAndPartySightOverFogOffKeepTheEarlierReveals: the Fog
// menu's reveals turn fog on too, over the kept squares.
func TestRevealAllAndPartySightOverFogOffKeepTheEarlierReveals(t *testing.T) {
	e := revealedLeftHalf(t)
	e.Edges = []model.Edge{{Kind: model.EdgeWall, X1: 8, Y1: 0, X2: 8, Y2: 4}}
	e.Tokens = []model.Token{{ID: uuid(1), Name: "Hero", Side: "party", X: 9, Y: 1, Size: model.Medium}}
	ed, _, _ := newTestEditor(t, e)
	ed.SetFog(false)
	ed.RevealPartySight()
	if got := revealedCount(ed.enc); got != 20+8 {
		t.Fatalf("party sight over fog off: %d revealed, want the 20 kept and the 8 Hero sees", got)
	}
}
