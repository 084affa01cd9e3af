package ui

import (
	"testing"

	"fyne.io/fyne/v2"

	"encounterplanner/model"
)

// menuItem finds the item with label in the editor's menu title.
func menuItem(t *testing.T, ed *Editor, title, label string) *fyne.MenuItem {
	t.Helper()
	for _, m := range ed.menu().Items {
		if m.Label != title {
			continue
		}
		for _, it := range m.Items {
			if it.Label == label {
				return it
			}
		}
	}
	t.Fatalf("no %s > %s", title, label)
	return nil
}

// TestRevealFollowsThePartyIsKeptForTheNextRun: Fog > "Reveal follows the
// party" lived only in the editor, so it was off again after a restart;
// it is an app preference now, on in the next editor until turned off.
func TestRevealFollowsThePartyIsKeptForTheNextRun(t *testing.T) {
	e := openEncounter(t, 8, 3)
	ed, st, _ := newTestEditor(t, e)
	if menuItem(t, ed, "Fog", "Reveal follows the party").Checked {
		t.Fatal("on before the GM chose it")
	}
	menuItem(t, ed, "Fog", "Reveal follows the party").Action()
	if !ed.tools.fogFollow {
		t.Fatal("the menu item did not turn it on")
	}
	again, _ := editorOf(t, st, e.ID) // the app started again, with the preferences it kept
	if !again.tools.fogFollow || !menuItem(t, again, "Fog", "Reveal follows the party").Checked {
		t.Fatal("not kept for the next run")
	}
	menuItem(t, again, "Fog", "Reveal follows the party").Action()
	if next, _ := editorOf(t, st, e.ID); next.tools.fogFollow {
		t.Error("turned off, yet on in the next run")
	}
}

// doorRoom is an 8x3 room split by a closed door edge at x = 4, with Hero
// (party) left of it, fog on and nothing revealed.
func doorRoom(t *testing.T) *model.Encounter {
	e := openEncounter(t, 8, 3)
	e.Edges = []model.Edge{
		{Kind: model.EdgeWall, X1: 4, Y1: 0, X2: 4, Y2: 1},
		{Kind: model.EdgeDoor, X1: 4, Y1: 1, X2: 4, Y2: 2},
		{Kind: model.EdgeWall, X1: 4, Y1: 2, X2: 4, Y2: 3},
	}
	e.Tokens = []model.Token{{ID: model.NewID(), Name: "Hero", Side: "party", X: 1, Y: 1, Size: model.Medium, Speeds: map[string]int{"land": 25, "fly": 30}}}
	e.Revealed = make([]bool, 8*3)
	return e
}

// TestOpeningADoorRevealsWhatThePartySees: with reveal following the
// party, opening the door beside Hero revealed nothing behind it (the
// reveal ran only when a token moved); now the click reveals what the
// party sees through the doorway, in the door's undo step.
func TestOpeningADoorRevealsWhatThePartySees(t *testing.T) {
	ed, _, _ := newTestEditor(t, doorRoom(t))
	ed.tools.fogFollow = true
	click := corner(ed, 4, 1, 0.1, 0.5) // on the door's line
	edgeGesture(ed, click, click, 0)
	if k := ed.enc.Edges[1].Kind; k != model.EdgeOpenDoor {
		t.Fatalf("click on the door: %v, want open-door", k)
	}
	if !ed.enc.Revealed[1*8+6] {
		t.Fatalf("the door open, (6, 1) behind it is still fogged: %d revealed", revealedCount(ed.enc))
	}
	ed.Undo()
	if ed.enc.Edges[1].Kind != model.EdgeDoor || revealedCount(ed.enc) != 0 {
		t.Errorf("one undo: door %v, %d revealed; want closed and none", ed.enc.Edges[1].Kind, revealedCount(ed.enc))
	}
	// reveal not following: the door opens and nothing is revealed
	ed.tools.fogFollow = false
	edgeGesture(ed, click, click, 0)
	if ed.enc.Edges[1].Kind != model.EdgeOpenDoor || revealedCount(ed.enc) != 0 {
		t.Errorf("not following: door %v, %d revealed", ed.enc.Edges[1].Kind, revealedCount(ed.enc))
	}
}

// TestLiftingAPartyTokenRevealsWhatItSees: a party token's new elevation
// (PageUp) is an edit of the token as a move is: with reveal following
// the party, what it sees is revealed in the same undo step.
func TestLiftingAPartyTokenRevealsWhatItSees(t *testing.T) {
	ed, _, _ := newTestEditor(t, doorRoom(t))
	ed.tools.fogFollow = true
	ed.Select(0)
	ed.key(&fyne.KeyEvent{Name: fyne.KeyPageUp})
	if z := ed.enc.Tokens[0].Elevation; z != 5 {
		t.Fatalf("PageUp: %d ft", z)
	}
	if got := revealedCount(ed.enc); got != 12 {
		t.Fatalf("lifted: %d revealed, want the 12 squares left of the door", got)
	}
	ed.Undo()
	if ed.enc.Tokens[0].Elevation != 0 || revealedCount(ed.enc) != 0 {
		t.Error("one undo did not take back the lift and its reveal")
	}
}

// TestTurningRevealFollowsOnRevealsAtOnce: Fog > Reveal follows the party
// turned on revealed nothing until a party token next moved, so the
// players saw the party's surroundings only a move later. Turned on, it
// reveals what the party sees at once, as an undo step of its own; with
// nothing new to reveal it records none. Turning fog on while it follows
// reveals the party's sight with the fog.
func TestTurningRevealFollowsOnRevealsAtOnce(t *testing.T) {
	ed, _, _ := newTestEditor(t, doorRoom(t))
	menuItem(t, ed, "Fog", "Reveal follows the party").Action()
	if got := revealedCount(ed.enc); got != 12 {
		t.Fatalf("turned on: %d revealed, want the 12 squares Hero sees left of the door", got)
	}
	if m := ed.status.msgLabel.Text; m != "Reveal follows the party: on; revealed what the party side sees" {
		t.Errorf("status %q", m)
	}
	ed.Undo()
	if revealedCount(ed.enc) != 0 || !ed.tools.fogFollow {
		t.Fatalf("undo: %d revealed, following %v; want the reveal undone, the switch kept", revealedCount(ed.enc), ed.tools.fogFollow)
	}
	if m := ed.status.msgLabel.Text; m != "Undone: fog of war changed" {
		t.Errorf("undo says %q", m)
	}
	ed.Redo()
	menuItem(t, ed, "Fog", "Reveal follows the party").Action() // off
	menuItem(t, ed, "Fog", "Reveal follows the party").Action() // on: nothing new
	ed.Undo()
	if revealedCount(ed.enc) != 0 {
		t.Errorf("on with nothing new recorded an undo step: undo left %d revealed", revealedCount(ed.enc))
	}

	ed.SetFog(false)
	ed.enc.RevealedKept = nil
	ed.SetFog(true)
	if got := revealedCount(ed.enc); got != 12 {
		t.Fatalf("fog on while reveal follows the party: %d revealed, want 12", got)
	}
}
