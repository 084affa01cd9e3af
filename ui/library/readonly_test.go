package library

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/ui/internal/memstore"
)

// TestReadOnlyLibraryTurnsOffWhatWrites: in a read-only library (the
// banner showed) New…, Import and Duplicate stayed on; New… took a whole
// form, then failed with "your edits are kept" when nothing was kept.
// Everything that would write is now off, as Open is with nothing
// selected, and the banner says why; reached another way (a shortcut, a
// drop, the editor's File menu) each says so before asking anything.
func TestReadOnlyLibraryTurnsOffWhatWrites(t *testing.T) {
	test.NewTempApp(t)
	st := memstore.New(model.Sample())
	st.RO = true
	w := test.NewTempWindow(t, widget.NewLabel(""))
	w.Resize(fyne.NewSize(1024, 700))
	l := New(w, st, nil)
	l.Select(0)
	if l.openBtn.Disabled() {
		t.Errorf("Open should stay on in a read-only library")
	}
	for _, b := range []*widget.Button{l.newBtn, l.renBtn, l.dupBtn, l.delBtn} {
		if !b.Disabled() {
			t.Errorf("%q is on in a read-only library", b.Text)
		}
	}
	off := map[string]bool{"New encounter…": true, "Import encounter file…": true, "Import Universal VTT…": true, "New from map image…": true}
	for _, it := range w.MainMenu().Items[0].Items {
		if it.IsSeparator {
			continue
		}
		if it.Disabled != off[it.Label] {
			t.Errorf("File > %s: disabled %v, want %v", it.Label, it.Disabled, off[it.Label])
		}
	}
	var banner string
	walkObjects(w.Content(), func(o fyne.CanvasObject) {
		if lb, ok := o.(*widget.Label); ok && strings.Contains(lb.Text, "read-only") {
			banner = lb.Text
		}
	})
	if !strings.Contains(banner, "Duplicate") || !strings.Contains(banner, "are off") {
		t.Errorf("the banner should say why the buttons are off: %q", banner)
	}

	before, saves := len(l.Items()), st.Saves
	for _, tc := range []struct {
		name string
		do   func()
	}{
		{"New", l.NewDialog},
		{"Rename", l.RenameSelected},
		{"Duplicate", l.DuplicateSelected},
		{"Delete", l.DeleteSelected},
		{"Import", func() { ImportDialog(w, st, false, func(f func()) { f() }, nil) }},
		{"Drop", func() { l.dropped(fyne.Position{}, []fyne.URI{storage.NewFileURI("/tmp/x.encounter.json")}) }},
	} {
		tc.do()
		entries, _, buttons := topDialog(t, w)
		txt := topText(t, w)
		if len(entries) > 0 || buttons["Cancel"] != nil {
			t.Errorf("%s in a read-only library asked for input: %q", tc.name, txt)
		}
		if !strings.Contains(txt, "read-only") || strings.Contains(txt, "edits are kept") {
			t.Errorf("%s should say the library is read-only, and no edits are kept: %q", tc.name, txt)
		}
		w.Canvas().Overlays().Top().Hide()
		w.Canvas().Overlays().Remove(w.Canvas().Overlays().Top())
	}
	if l.Reload(); len(l.Items()) != before || st.Saves != saves {
		t.Errorf("a read-only library changed: %d encounters (was %d), %d saves (was %d)", len(l.Items()), before, st.Saves, saves)
	}
}

// TestWritableLibraryKeepsItsButtons: the same buttons and menu items
// are on in a library that can be written.
func TestWritableLibraryKeepsItsButtons(t *testing.T) {
	test.NewTempApp(t)
	w := test.NewTempWindow(t, widget.NewLabel(""))
	l := New(w, memstore.New(model.Sample()), nil)
	l.Select(0)
	for _, b := range []*widget.Button{l.newBtn, l.openBtn, l.renBtn, l.dupBtn, l.delBtn} {
		if b.Disabled() {
			t.Errorf("%q is off in a writable library", b.Text)
		}
	}
	for _, it := range w.MainMenu().Items[0].Items {
		if it.Disabled {
			t.Errorf("File > %s is off in a writable library", it.Label)
		}
	}
}
