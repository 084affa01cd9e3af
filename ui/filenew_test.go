package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/ui/internal/memstore"
)

// TestFileNewInTheEditor: a new encounter could only be made from the
// library. File > New encounter… in the editor shows the library's dialog,
// stores the new encounter (after saving the open one) and opens it.
func TestFileNewInTheEditor(t *testing.T) {
	test.NewTempApp(t)
	st := memstore.New(model.Sample())
	w := test.NewTempWindow(t, widget.NewLabel(""))
	w.Resize(fyne.NewSize(1200, 780))
	s := NewShell(w, st)
	s.post = newPump().post
	s.Start(Options{InitialEncounterID: "Derelict cargo bay"})
	old := s.Editor()
	if old == nil {
		t.Fatal("the sample did not open")
	}
	t.Cleanup(func() {
		if s.Editor() != nil {
			s.Editor().Close()
		}
	})
	menuAction(t, w, "File", "New encounter…")()
	en, sel, btn := topDialog(t, w)
	if len(en) != 4 || sel == nil || btn["Create"] == nil {
		t.Fatalf("File > New showed %d entries, select %v, buttons %v: want the New encounter dialog", len(en), sel, btn)
	}
	en[0].SetText("Second room")
	en[1].SetText("12")
	en[2].SetText("9")
	test.Tap(btn["Create"])
	ed := s.Editor()
	if ed == nil || ed == old || ed.Encounter().Name != "Second room" || ed.Encounter().Grid.W != 12 || ed.Encounter().Grid.H != 9 {
		t.Fatalf("after Create the editor shows %v", ed)
	}
	if st.Count() != 2 {
		t.Errorf("%d encounters stored, want 2", st.Count())
	}
}
