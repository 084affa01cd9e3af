package library

import (
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/ui/controls"
	"encounterplanner/ui/internal/memstore"
)

// TestLibraryAltOpensNoMenu: Alt pressed and released alone in the
// library opened its File menu, and the next key went into the menu; the
// editor closes what such a release opens (controls.AltKey), the library
// was never told of its Alt keys. They are now watched wherever the
// keyboard is: the list (nothing focused), the search field, the New and
// Rename dialogs' fields, and the delete confirmation and the Import file
// dialog (nothing focused). F10 opens the menus from the search field as
// it does from the list.
func TestLibraryAltOpensNoMenu(t *testing.T) {
	test.NewTempApp(t)
	a, _ := NewEncounter("Alpha", model.SF2E, 10, 8, 5)
	st := memstore.New(model.Sample(), a)
	w := test.NewTempWindow(t, widget.NewLabel(""))
	w.Resize(fyne.NewSize(1024, 700))
	l := New(w, st, func(string) {})
	c := w.Canvas()
	posted := make(chan func(), 4)
	l.esc.Post = func(f func()) { posted <- f }
	alt := &fyne.KeyEvent{Name: desktop.KeyAltLeft}
	watched := func(where string, k upDown) {
		t.Helper()
		k.KeyDown(alt)
		select {
		case run := <-posted:
			k.KeyUp(alt) // its release came here: the watch ends
			run()
		case <-time.After(time.Second):
			t.Errorf("%s: Alt is not watched, its release opens the File menu", where)
			k.KeyUp(alt)
		}
	}
	window := keys{l.keyDown, l.keyUp} // what the window gets with nothing focused
	closeTop := func(what string) {
		t.Helper()
		c.Unfocus()
		c.OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape})
		if c.Overlays().Top() != nil {
			t.Fatalf("Escape left the %s open", what)
		}
	}

	c.Unfocus()
	watched("the list", window)
	c.Focus(l.search)
	watched("the search field", l.search)

	l.NewDialog()
	fields := escEntries(t, c.Overlays().Top())
	if len(fields) != 4 {
		t.Fatalf("the New dialog has %d text fields, want 4", len(fields))
	}
	for _, f := range fields {
		c.Focus(f)
		watched("the New dialog's "+f.Text, f)
	}
	c.Unfocus()
	watched("the New dialog, nothing focused", window)
	closeTop("New dialog")

	l.Select(0)
	l.RenameSelected()
	watched("the Rename dialog's name", c.Focused().(upDown))
	closeTop("Rename dialog")

	l.DeleteSelected()
	watched("the delete confirmation", window)
	closeTop("delete confirmation")

	ImportDialog(w, st, false, func(func()) {}, func(string) {})
	if c.Overlays().Top() == nil {
		t.Fatal("no Import dialog")
	}
	watched("the Import dialog", window)
	closeTop("Import dialog")

	// F10 typed in the search field reaches the window's keys, which
	// open the menus (controls.MenuKey)
	var got []fyne.KeyName
	h := c.OnTypedKey()
	c.SetOnTypedKey(func(ev *fyne.KeyEvent) { got = append(got, ev.Name); h(ev) })
	c.Focus(l.search)
	l.search.TypedKey(&fyne.KeyEvent{Name: fyne.KeyF10})
	if len(got) != 1 || got[0] != fyne.KeyF10 {
		t.Errorf("F10 in the search field: the window got %v", got)
	}
}

// upDown is what gets a key's going down and coming up: a desktop.Keyable
// field, or the window with nothing focused (keys).
type upDown interface {
	KeyDown(*fyne.KeyEvent)
	KeyUp(*fyne.KeyEvent)
}

// keys is a window's key-down and key-up handlers.
type keys struct{ down, up func(*fyne.KeyEvent) }

func (k keys) KeyDown(ev *fyne.KeyEvent) { k.down(ev) }
func (k keys) KeyUp(ev *fyne.KeyEvent)   { k.up(ev) }

// escEntries are the dialog text fields under o.
func escEntries(t *testing.T, o fyne.CanvasObject) []*controls.EscEntry {
	var es []*controls.EscEntry
	eachObject(t, o, func(o fyne.CanvasObject) {
		if e, ok := o.(*controls.EscEntry); ok {
			es = append(es, e)
		}
	})
	return es
}
