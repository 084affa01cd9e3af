package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"

	"encounterplanner/model"
)

// selectedName is the name of the selected token as the inspector shows
// it, "" when the inspector shows no token's form; it fails the test when
// the editor's selection and the inspector disagree.
func selectedName(t *testing.T, ed *Editor) string {
	t.Helper()
	if ed.Selected() < 0 {
		if got := allText(ed.insp.box); !strings.Contains(got, "No token selected") {
			t.Errorf("nothing selected, yet the inspector shows %q", got)
		}
		return ""
	}
	name := ed.enc.Tokens[ed.Selected()].Name
	if got := entryOf(t, formWidget(t, ed, "Name")).Text; got != name {
		t.Errorf("%s selected, yet the inspector's Name is %q", name, got)
	}
	return name
}

// TestUndoRedoSelectTheTokenTouched: Ctrl+D selects the copy; Ctrl+Z and
// Ctrl+Y select the token the step undone or redone touched, when it is
// there: a redone duplicate, an undone delete, an undone or redone move
// (though the GM picked another token since). An undone add leaves
// nothing of it selected, and a step that touched no token keeps the
// selection. Before, a redone add and an undone delete left nothing
// selected, and an undone move left the token picked since.
func TestUndoRedoSelectTheTokenTouched(t *testing.T) {
	ed, _, p := newTestEditor(t, model.Sample())
	ctrl := fyne.KeyModifierShortcutDefault
	want := func(when, name string) {
		t.Helper()
		settle(t, ed, p)
		if got := selectedName(t, ed); got != name {
			t.Errorf("%s: %q selected, want %q", when, got, name)
		}
	}
	dae := ed.enc.Tokens[ed.enc.TokenIndex("Dae")]
	gesture(ed, 0, [2]int{dae.X, dae.Y}) // a click on Dae
	want("Dae clicked", "Dae")

	typeShortcut(ed, fyne.KeyD, ctrl)
	want("Ctrl+D", "Dae 2")
	typeShortcut(ed, fyne.KeyZ, ctrl)
	want("the duplicate undone", "")
	typeShortcut(ed, fyne.KeyY, ctrl)
	want("the duplicate redone", "Dae 2")

	ed.key(&fyne.KeyEvent{Name: fyne.KeyDelete})
	want("Dae 2 deleted", "")
	typeShortcut(ed, fyne.KeyZ, ctrl)
	want("the delete undone", "Dae 2")
	typeShortcut(ed, fyne.KeyY, ctrl)
	want("the delete redone", "")

	nav := ed.enc.Tokens[ed.enc.TokenIndex("Navasi")]
	gesture(ed, 0, [2]int{nav.X, nav.Y}, [2]int{nav.X + 1, nav.Y}) // dragged a square right
	if got := ed.enc.Tokens[ed.enc.TokenIndex("Navasi")]; got.X != nav.X+1 {
		t.Fatalf("the drag left Navasi at (%d, %d)", got.X, got.Y)
	}
	iseph := ed.enc.Tokens[ed.enc.TokenIndex("Iseph")]
	gesture(ed, 0, [2]int{iseph.X, iseph.Y})
	want("Iseph clicked", "Iseph")
	typeShortcut(ed, fyne.KeyZ, ctrl)
	if got := ed.enc.Tokens[ed.enc.TokenIndex("Navasi")]; got.X != nav.X {
		t.Fatalf("the undo left Navasi at (%d, %d)", got.X, got.Y)
	}
	want("the move undone", "Navasi")
	gesture(ed, 0, [2]int{iseph.X, iseph.Y})
	typeShortcut(ed, fyne.KeyY, ctrl)
	want("the move redone", "Navasi")

	// an add undone while another token is picked keeps that one
	typeShortcut(ed, fyne.KeyD, ctrl)
	gesture(ed, 0, [2]int{iseph.X, iseph.Y})
	typeShortcut(ed, fyne.KeyZ, ctrl)
	want("a duplicate undone with Iseph picked", "Iseph")
	// a step of no token's keeps the selection
	ed.SetTool(ToolBrush)
	gesture(ed, 0, [2]int{1, 8})
	ed.SetTool(ToolSelect)
	typeShortcut(ed, fyne.KeyZ, ctrl)
	if m := ed.status.msgLabel.Text; m != "Undone: walls painted (1 square)" {
		t.Errorf("the status bar says %q, want the terrain undone", m)
	}
	want("the terrain undone", "Iseph")
}

// TestUndoInAFightShowsTheTokenTouched: in a fight, an undone move of a
// creature whose turn it is not selects it and shows its inspector's HP
// and conditions, as picking it does (TestFightTargetShowsItsHP); a turn
// passed back selects the creature whose turn it is again; a copy made
// with Ctrl+D shows as picked.
func TestUndoInAFightShowsTheTokenTouched(t *testing.T) {
	ed, _, p := newTestEditor(t, model.Sample())
	roll := 0
	if err := ed.StartFight(func() int { roll++; return roll }); err != nil {
		t.Fatal(err)
	}
	settle(t, ed, p)
	turn := ed.enc.Fight.Turn
	mover := ""
	for _, n := range ed.enc.Fight.Order {
		if n != turn {
			mover = n
			break
		}
	}
	i := ed.enc.TokenIndex(mover)
	from := ed.enc.Tokens[i]
	if !ed.MoveToken(i, from.X, from.Y+1, true) {
		t.Fatalf("%s not moved", mover)
	}
	ed.Select(ed.enc.TokenIndex(turn))
	settle(t, ed, p)
	sc := ed.fight.scroll
	if sc.Offset.Y != 0 {
		t.Fatalf("%s, whose turn it is, selected: the inspector is scrolled by %v, want its HP at the top", turn, sc.Offset.Y)
	}
	typeShortcut(ed, fyne.KeyZ, fyne.KeyModifierShortcutDefault)
	settle(t, ed, p)
	if got := selectedName(t, ed); got != mover {
		t.Errorf("the move undone: %q selected, want %s", got, mover)
	}
	if why := quickOutOfSight(ed, mover); why != "" {
		t.Errorf("the move undone: %s, want %s's HP and conditions", why, mover)
	}

	ed.NextTurn()
	next := ed.enc.Fight.Turn
	typeShortcut(ed, fyne.KeyZ, fyne.KeyModifierShortcutDefault)
	settle(t, ed, p)
	if got := selectedName(t, ed); got != turn {
		t.Errorf("Next undone (%s's turn back to %s): %q selected", next, turn, got)
	}
	if why := quickOutOfSight(ed, turn); why != "" || sc.Offset.Y != 0 {
		t.Errorf("Next undone: %s, the inspector scrolled by %v, want %s's HP at its top", why, sc.Offset.Y, turn)
	}

	// Ctrl+D in the fight: the copy, whose turn it is not, shows as picked
	typeShortcut(ed, fyne.KeyD, fyne.KeyModifierShortcutDefault)
	settle(t, ed, p)
	if got := selectedName(t, ed); got != turn+" 2" {
		t.Errorf("Ctrl+D on %s: %q selected, want the copy", turn, got)
	}
	if why := quickOutOfSight(ed, turn+" 2"); why != "" {
		t.Errorf("Ctrl+D: %s, want the copy's HP and conditions", why)
	}
}
