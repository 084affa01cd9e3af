package controls

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// TestEscapeInTheSaveDialogsName: Escape closed every dialog of the app
// but a Save dialog, which opens with the cursor in its file name: Fyne's
// field kept the key, and the GM had to click the folder list or Cancel.
// Escape typed there now cancels the dialog as Cancel does, and the
// field still names the file: what is typed in it is what Save and Enter
// save under.
func TestEscapeInTheSaveDialogsName(t *testing.T) {
	test.NewTempApp(t)
	w := test.NewTempWindow(t, widget.NewLabel(""))
	w.Resize(fyne.NewSize(1000, 700))
	x := NewEscapes(w)
	dir := t.TempDir()
	called := 0 // with a file to write
	var saved fyne.URI
	show := func() fyne.Focusable {
		t.Helper()
		d := dialog.NewFileSave(func(wc fyne.URIWriteCloser, err error) {
			if err != nil {
				t.Fatal(err)
			}
			if wc != nil {
				called++
				saved = wc.URI()
				_ = wc.Close()
			}
		}, w)
		loc, err := storage.ListerForURI(storage.NewFileURI(dir))
		if err != nil {
			t.Fatal(err)
		}
		d.SetLocation(loc)
		d.SetFileName("Derelict cargo bay.png")
		d.Resize(FileDialogSize)
		d.Show()
		x.Closes(d)
		f := w.Canvas().Focused()
		e, ok := f.(*EscEntry)
		if !ok || e.Text != "Derelict cargo bay.png" {
			t.Fatalf("the cursor is in %T (%v), not the file name", f, f)
		}
		return f
	}
	esc := &fyne.KeyEvent{Name: fyne.KeyEscape}

	show().TypedKey(esc)
	if w.Canvas().Overlays().Top() != nil || called != 0 {
		t.Fatalf("Escape in the file name: dialog still shown %v, %d files given to write", w.Canvas().Overlays().Top() != nil, called)
	}
	if x.Open() != 0 {
		t.Errorf("the closed dialog is still registered")
	}

	// the offered name is selected: what is typed replaces it
	f := show()
	test.Type(f, "den")
	f.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if called != 1 || saved == nil || saved.Name() != "den" {
		t.Fatalf("Enter after typing den: %d files given to write, the last %v", called, saved)
	}
}
