package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/ui/internal/memstore"
	"encounterplanner/ui/library"
)

func TestShellStart(t *testing.T) {
	e := model.Sample()
	s, w, st, p := startShell(t, e, Options{InitialEncounterID: "Derelict cargo bay"})
	if s.Editor() == nil || s.Editor().Encounter().ID != e.ID {
		t.Fatalf("opening by name should show the editor")
	}
	s.Editor().Close()
	s.ShowLibrary()
	if s.Library() == nil || s.Editor() != nil {
		t.Fatalf("ShowLibrary should replace the editor")
	}
	s2 := NewShell(w, st)
	s2.post = p.post
	s2.Start(Options{}) // reopens the last encounter
	if s2.Editor() == nil {
		t.Errorf("a plain start should reopen the last encounter")
	} else {
		s2.Editor().Close()
	}
	s3 := NewShell(w, st)
	s3.post = p.post
	s3.Start(Options{InitialEncounterID: "no such"})
	if s3.Library() == nil {
		t.Errorf("an unknown encounter should fall back to the library")
	}
}

func TestImportEncounter(t *testing.T) {
	st := memstore.New()
	e := model.Sample()
	e.ID = "stale"
	id, err := library.Import(st, e)
	if err != nil || id == "" || id == "stale" || st.Count() != 1 {
		t.Fatalf("import: id %q, err %v, %d stored", id, err, st.Count())
	}
	ed := &Editor{}
	if len(ed.exportItems()) < 6 {
		t.Errorf("the File menu should offer the exports and imports")
	}
}

// TestLibraryThreatFollowsTheEditor: the GM sets the party in the editor
// and levels a creature; back in the library (File > Open), the
// encounter's row shows the new XP and threat.
func TestLibraryThreatFollowsTheEditor(t *testing.T) {
	e := sampleUnrated()
	s, _, _, _ := startShell(t, e, Options{})
	if got := s.Library().Threat(0); got != "" {
		t.Fatalf("threat %q before the party has a level", got)
	}
	if err := s.Open(e.ID); err != nil {
		t.Fatal(err)
	}
	ed := s.Editor()
	if err := ed.SetParty("party", "3", "4"); err != nil {
		t.Fatal(err)
	}
	i, _ := tokenAt(t, ed, "Tashtari")
	ed.Select(i)
	entryOf(t, formWidget(t, ed, "Level")).SetText("5")
	want := ed.status.threatLabel.Text
	if err := ed.SaveNow(); err != nil {
		t.Fatal(err)
	}
	s.ShowLibrary()
	if got := s.Library().Threat(0); got != want || want != "XP 80 · moderate" {
		t.Errorf("the library shows %q after the save, the status bar %q; want XP 80 · moderate in both", got, want)
	}
}

// startShell starts a shell on a fresh test app, over a memory store
// holding e, as the app's Run does.
func startShell(t *testing.T, e *model.Encounter, opts Options) (*Shell, fyne.Window, *memstore.Store, *pump) {
	t.Helper()
	test.NewTempApp(t)
	st := memstore.New(e)
	w := test.NewTempWindow(t, widget.NewLabel(""))
	p := newPump()
	s := NewShell(w, st)
	s.post = p.post
	s.Start(opts)
	return s, w, st, p
}
