package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"

	"encounterplanner/model"
)

func revealedCount(e *model.Encounter) int {
	n := 0
	for _, v := range e.Revealed {
		if v {
			n++
		}
	}
	return n
}

// TestFogToolBrushRectRoomGMOnly drives each fog tool mode with the mouse
// and undoes each gesture as one step.
func TestFogToolBrushRectRoomGMOnly(t *testing.T) {
	e := openEncounter(t, 10, 6)
	e.Edges = []model.Edge{{Kind: model.EdgeWall, X1: 5, Y1: 0, X2: 5, Y2: 6}}
	ed, _, _ := newTestEditor(t, e)
	ed.rune('g')
	if ed.Tool() != ToolFog || ed.FogMode() != fogBrush {
		t.Fatalf("G: tool %d mode %d", ed.Tool(), ed.FogMode())
	}
	// a brush stroke turns fog on and reveals the squares it passes
	gesture(ed, 0, [2]int{1, 1}, [2]int{3, 1})
	if ed.enc.Revealed == nil || revealedCount(ed.enc) != 3 || !ed.enc.Revealed[1*10+2] {
		t.Fatalf("brush stroke: %d revealed", revealedCount(ed.enc))
	}
	// Shift hides
	gesture(ed, fyne.KeyModifierShift, [2]int{2, 1})
	if revealedCount(ed.enc) != 2 || ed.enc.Revealed[1*10+2] {
		t.Fatalf("Shift brush: %d revealed", revealedCount(ed.enc))
	}
	ed.rune('g') // rectangle
	gesture(ed, 0, [2]int{6, 1}, [2]int{8, 2})
	if revealedCount(ed.enc) != 2+6 || !ed.enc.Revealed[2*10+8] {
		t.Fatalf("rectangle: %d revealed", revealedCount(ed.enc))
	}
	ed.rune('g') // room: the left half, walled off at x = 5
	ed.RevealAll(false)
	gesture(ed, 0, [2]int{2, 3})
	if revealedCount(ed.enc) != 30 || ed.enc.Revealed[5] {
		t.Fatalf("room: %d revealed", revealedCount(ed.enc))
	}
	ed.rune('g') // GM-only
	gesture(ed, 0, [2]int{7, 4})
	if ed.enc.GMOnly == nil || !ed.enc.GMOnly[4*10+7] {
		t.Fatal("GM-only brush marked nothing")
	}
	gesture(ed, fyne.KeyModifierShift, [2]int{7, 4})
	if ed.enc.GMOnly != nil {
		t.Fatal("unmarking the only GM-only square left a mask")
	}
	// undo: unmark, mark, room, hide all, rect, Shift brush, brush
	for i, want := range []int{30, 30, 0, 8, 2, 3, 0} {
		ed.Undo()
		if got := revealedCount(ed.enc); got != want {
			t.Fatalf("undo %d: %d revealed, want %d", i+1, got, want)
		}
	}
	if ed.enc.Revealed != nil {
		t.Fatal("undoing the first stroke left fog on")
	}
}

// TestFogMenuAndRevealFollowsParty turns fog on, reveals all and hides
// all from the menu actions, and moves a party token with "reveal follows
// the party" on: the move and its reveal are one undo step.
func TestFogMenuAndRevealFollowsParty(t *testing.T) {
	e := openEncounter(t, 8, 3)
	e.Edges = []model.Edge{{Kind: model.EdgeWall, X1: 4, Y1: 0, X2: 4, Y2: 3}}
	e.Tokens = []model.Token{{Name: "Hero", Side: "party", X: 0, Y: 1, Size: model.Medium}}
	ed, _, _ := newTestEditor(t, e)
	ed.SetFog(true)
	if ed.enc.Revealed == nil || revealedCount(ed.enc) != 0 {
		t.Fatal("fog on did not hide everything")
	}
	ed.RevealAll(true)
	if revealedCount(ed.enc) != 24 {
		t.Fatal("reveal all")
	}
	ed.RevealAll(false)
	ed.RevealPartySight()
	if got := revealedCount(ed.enc); got != 12 {
		t.Fatalf("party sight: %d revealed, want the 12 squares left of the wall", got)
	}
	ed.RevealAll(false)
	ed.tools.fogFollow = true
	if !ed.MoveToken(0, 1, 1, false) {
		t.Fatal("move refused")
	}
	if got := revealedCount(ed.enc); got != 12 {
		t.Fatalf("after the move: %d revealed", got)
	}
	ed.Undo()
	if revealedCount(ed.enc) != 0 || ed.enc.Tokens[0].X != 0 {
		t.Fatal("one undo did not take back the move and its reveal")
	}
	ed.SetFog(false)
	if ed.enc.Revealed != nil {
		t.Fatal("fog off")
	}
	m := ed.menu()
	if m.Items[4].Label != "Fog" {
		t.Fatalf("menu %q", m.Items[4].Label)
	}
}

// TestRevealPartySightWithNoPartyTokenChangesNothing: on a map with no
// token of the party side (enemies and traps placed, the party not yet),
// Fog > Reveal what the party sees turned fog on with every square hidden
// and said "Revealed what the party side sees": the player display went
// dark. It now changes nothing and says there is no token of that side.
func TestRevealPartySightWithNoPartyTokenChangesNothing(t *testing.T) {
	e := model.Sample()
	e.Revealed = nil
	var kept []model.Token
	for _, tok := range e.Tokens {
		if tok.Side != "party" {
			kept = append(kept, tok)
		}
	}
	e.Tokens, e.Fight, e.Areas = kept, nil, nil
	ed, _, _ := newTestEditor(t, e)
	ed.RevealPartySight()
	if ed.enc.Revealed != nil {
		t.Errorf("fog turned on with %d of %d squares revealed", revealedCount(ed.enc), len(ed.enc.Revealed))
	}
	if msg := ed.status.msgLabel.Text; !strings.Contains(msg, "party") || strings.HasPrefix(msg, "Revealed") {
		t.Errorf("the status bar says %q; want that no token is on the party side", msg)
	}
}

// TestFogStrokeThatChangesNothingLeavesNoUndoStep: a fog-tool click that
// changed nothing (Shift on a square already fogged, a room click on a
// wall, a GM-only unmark of an unmarked square) still made an undo step,
// so the next Ctrl+Z seemed to do nothing and the GM had to press it
// again to undo the edit before. Like the wall tool's, such a gesture
// leaves none.
func TestFogStrokeThatChangesNothingLeavesNoUndoStep(t *testing.T) {
	e := openEncounter(t, 10, 6)
	ed, _, _ := newTestEditor(t, e)
	ed.SetFog(true) // every square fogged
	ed.rune('g')
	gesture(ed, fyne.KeyModifierShift, [2]int{2, 1}) // hide a hidden square
	ed.rune('g')
	ed.rune('g')
	ed.rune('g')                                     // GM-only
	gesture(ed, fyne.KeyModifierShift, [2]int{4, 4}) // unmark an unmarked square
	ed.Undo()
	if ed.enc.Revealed != nil {
		t.Fatalf("one Ctrl+Z after two fog clicks that changed nothing did not undo Fog on (%d of %d revealed)", revealedCount(ed.enc), len(ed.enc.Revealed))
	}
}
