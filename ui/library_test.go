package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/ui/internal/memstore"
)

func TestLibrary(t *testing.T) {
	test.NewTempApp(t)
	a, _ := NewEncounter("Alpha", model.SF2E, 10, 8, 5)
	st := memstore.New(model.Sample(), a)
	w := test.NewTempWindow(t, widget.NewLabel(""))
	w.Resize(fyne.NewSize(1024, 700))
	var opened string
	l := NewLibrary(w, st, func(id string) { opened = id })
	if n := len(l.Items()); n != 2 {
		t.Fatalf("%d encounters listed, want 2", n)
	}
	if l.openBtn.Disabled() == false {
		t.Errorf("Open should be disabled with nothing selected")
	}
	l.Select(1)
	id := l.Items()[1].ID
	w.Canvas().Unfocus()
	w.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if opened != id {
		t.Errorf("Enter opened %q, want %q", opened, id)
	}
	if err := l.Rename(id, "  "); err == nil {
		t.Errorf("a blank name should be refused")
	}
	if err := l.Rename(id, "Beta"); err != nil {
		t.Fatal(err)
	}
	if err := l.Duplicate(id); err != nil {
		t.Fatal(err)
	}
	if n := len(l.Items()); n != 3 {
		t.Fatalf("%d encounters after duplicating, want 3", n)
	}
	var names []string
	for _, s := range l.Items() {
		names = append(names, s.Name)
	}
	if !strings.Contains(strings.Join(names, "|"), "Beta (copy)") {
		t.Errorf("names %q lack the copy", names)
	}
	if err := l.Delete(id); err != nil {
		t.Fatal(err)
	}
	if n := len(l.Items()); n != 2 {
		t.Errorf("%d encounters after deleting, want 2", n)
	}
	// deleting asks first
	l.Select(0)
	l.deleteSelected()
	if w.Canvas().Overlays().Top() == nil || st.Count() != 2 {
		t.Errorf("delete should ask for confirmation before deleting")
	}
}

func TestNewEncounterChecks(t *testing.T) {
	if _, err := NewEncounter("x", model.SF2E, 0, 5, 5); err == nil {
		t.Errorf("a 0-wide map should be refused")
	}
	if _, err := NewEncounter(" ", model.SF2E, 5, 5, 5); err == nil {
		t.Errorf("a blank name should be refused")
	}
	e, err := NewEncounter("Deck", model.Starship, 20, 20, 50)
	if err != nil || e.FeetPerSquare != 0 || e.Feet() != 50 {
		t.Errorf("starship default scale: %v, %d", err, e.FeetPerSquare)
	}
}

func TestShellStart(t *testing.T) {
	test.NewTempApp(t)
	e := model.Sample()
	st := memstore.New(e)
	w := test.NewTempWindow(t, widget.NewLabel(""))
	p := newPump()
	s := NewShell(w, st)
	s.post = p.post
	s.Start(Options{InitialEncounterID: "Derelict cargo bay"})
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
	id, err := importEncounter(st, e)
	if err != nil || id == "" || id == "stale" || st.Count() != 1 {
		t.Fatalf("import: id %q, err %v, %d stored", id, err, st.Count())
	}
	ed := &Editor{}
	if len(ed.exportItems()) < 6 {
		t.Errorf("the File menu should offer the exports and imports")
	}
}

func TestLibraryRowTaps(t *testing.T) {
	test.NewTempApp(t)
	st := memstore.New(model.Sample())
	w := test.NewTempWindow(t, widget.NewLabel(""))
	var opened string
	l := NewLibrary(w, st, func(id string) { opened = id })
	row := newLibRow(l)
	row.set(0, l.Items()[0])
	test.Tap(row)
	if l.sel != 0 || l.openBtn.Disabled() {
		t.Errorf("a tap should select the row and enable Open")
	}
	test.DoubleTap(row)
	if opened != l.Items()[0].ID {
		t.Errorf("a double tap should open the encounter")
	}
}
