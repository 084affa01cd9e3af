package ui

import (
	"slices"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/ui/internal/memstore"
)

// menuChecked reports whether menu > label carries a check mark.
func menuChecked(t *testing.T, w fyne.Window, menu, label string) bool {
	t.Helper()
	for _, m := range w.(interface{ MainMenu() *fyne.MainMenu }).MainMenu().Items {
		for _, it := range m.Items {
			if m.Label == menu && it.Label == label {
				return it.Checked
			}
		}
	}
	t.Fatalf("no %s > %s", menu, label)
	return false
}

// twoRoomShell is the app's window on a library of the sample and "Second
// room", the encounter named open in the editor; the editor and the
// player display close with the test.
func twoRoomShell(t *testing.T, open string) (*Shell, fyne.Window) {
	t.Helper()
	test.NewTempApp(t)
	second := &model.Encounter{Name: "Second room", Ruleset: model.SF2E, Grid: model.NewGrid(12, 9)}
	st := memstore.New(model.Sample(), second)
	w := test.NewTempWindow(t, widget.NewLabel(""))
	w.Resize(fyne.NewSize(1200, 780))
	s := NewShell(w, st)
	s.post = newPump().post
	s.Start(Options{InitialEncounterID: open})
	t.Cleanup(func() {
		if s.Editor() != nil {
			s.Editor().Close()
		}
		s.closePlayer()
	})
	return s, w
}

// TestPlayerDisplayFollowsTheNextEncounter: the player display stays open,
// the same window (full screen on the table's screen, where the GM put
// it), when the GM opens the library and then another encounter: it kept
// the last map while the library showed and follows the new one, its keys
// going to the new editor. It closed before, and a new one opened at
// 800 x 600 on the GM's screen. View > Player display carries a check
// mark while it is open and closes it.
func TestPlayerDisplayFollowsTheNextEncounter(t *testing.T) {
	s, w := twoRoomShell(t, "Derelict cargo bay")
	if menuChecked(t, w, "View", "Player display") {
		t.Fatal("View > Player display checked before it opened")
	}
	menuAction(t, w, "View", "Player display")()
	pd := s.Editor().player
	if pd == nil || !menuChecked(t, w, "View", "Player display") {
		t.Fatal("View > Player display opened nothing, or left no check mark")
	}

	s.ShowLibrary()
	if pd.Closed() || s.idle != pd || pd.Encounter().Name != "Derelict cargo bay" {
		t.Fatalf("with the library shown the display is closed %v, kept %v, shows %q; want it open on the last map",
			pd.Closed(), s.idle == pd, pd.Encounter().Name)
	}
	test.TypeOnCanvas(pd.Window().Canvas(), "n") // nothing to act on: no panic

	if err := s.Open("Second room"); err != nil {
		t.Fatal(err)
	}
	ed := s.Editor()
	if pd.Closed() || ed.player != pd || s.idle != nil || pd.Encounter() != ed.Encounter() {
		t.Fatalf("after opening another encounter: closed %v, the editor's %v, shows %q; want the same window on Second room",
			pd.Closed(), ed.player == pd, pd.Encounter().Name)
	}
	test.TypeOnCanvas(pd.Window().Canvas(), "b")
	if ed.Tool() != ToolBrush {
		t.Errorf("B typed in the display that followed: tool %d, want the new editor's brush", ed.Tool())
	}
	if !menuChecked(t, w, "View", "Player display") {
		t.Error("the new editor's View > Player display has no check mark")
	}

	if err := s.Open("Derelict cargo bay"); err != nil { // straight from one editor to the next
		t.Fatal(err)
	}
	if ed2 := s.Editor(); pd.Closed() || ed2.player != pd || pd.Encounter() != ed2.Encounter() {
		t.Fatal("the display did not follow from one editor to the next")
	}

	menuAction(t, w, "View", "Player display")()
	if !pd.Closed() || s.Editor().player != nil || menuChecked(t, w, "View", "Player display") {
		t.Error("View > Player display, checked, did not close it")
	}
}

// TestPlayerDisplayBesideTheLibrary: while the library shows, its View >
// Player display (checked) closes the display, which on the table's
// screen could not be closed from there; renaming the encounter it shows
// renames its window, and deleting it leaves the players nothing but fog
// (the deleted map stayed up, under the old name).
func TestPlayerDisplayBesideTheLibrary(t *testing.T) {
	s, w := twoRoomShell(t, "Second room")
	menuAction(t, w, "View", "Player display")()
	pd := s.Editor().player
	id := s.Editor().Encounter().ID
	s.ShowLibrary()
	if !menuChecked(t, w, "View", "Player display") {
		t.Fatal("the library's View > Player display is not checked with the display open")
	}
	if err := s.lib.Rename(id, "Arena"); err != nil {
		t.Fatal(err)
	}
	if got := pd.Window().Title(); got != "Player display — Arena" {
		t.Errorf("after the rename the display's title is %q", got)
	}
	if err := s.lib.Delete(id); err != nil {
		t.Fatal(err)
	}
	e := pd.Encounter()
	if len(e.Tokens) != 0 || e.Revealed == nil || slices.Contains(e.Revealed, true) || pd.Window().Title() != "Player display" {
		t.Errorf("after the delete the display shows %q with %d tokens, revealed %v", pd.Window().Title(), len(e.Tokens), slices.Contains(e.Revealed, true))
	}
	menuAction(t, w, "View", "Player display")()
	if !pd.Closed() || s.idle != nil {
		t.Fatal("the library's View > Player display did not close it")
	}
	for _, m := range w.(interface{ MainMenu() *fyne.MainMenu }).MainMenu().Items {
		if m.Label == "View" {
			t.Error("the library keeps a View menu with the display closed")
		}
	}
}
