package controls

import (
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// TestEscapeInTheNewFolderDialog: the New Folder dialog that Fyne's Save
// and Open dialogs open from their folder button ignored Escape, with the
// cursor in its name (a plain Entry keeps Escape) or not (nobody had
// registered it), and Enter in the name did nothing: only a click closed
// it. Escape now cancels the New Folder dialog alone, creating nothing
// and leaving the file dialog open; Enter creates the folder, as Create
// Folder does, and returns to the file dialog.
func TestEscapeInTheNewFolderDialog(t *testing.T) {
	test.NewTempApp(t)
	w := test.NewTempWindow(t, widget.NewLabel(""))
	w.Resize(fyne.NewSize(1000, 700))
	c := w.Canvas()
	x := NewEscapes(w)
	dir := t.TempDir()
	loc, err := storage.ListerForURI(storage.NewFileURI(dir))
	if err != nil {
		t.Fatal(err)
	}
	esc := &fyne.KeyEvent{Name: fyne.KeyEscape}
	folders := func() []string {
		var names []string
		es, _ := os.ReadDir(dir)
		for _, e := range es {
			if e.IsDir() {
				names = append(names, e.Name())
			}
		}
		return names
	}

	for _, kind := range []string{"Save", "Open"} {
		var d *dialog.FileDialog
		if kind == "Save" {
			d = dialog.NewFileSave(func(fyne.URIWriteCloser, error) {}, w)
		} else {
			d = dialog.NewFileOpen(func(fyne.URIReadCloser, error) {}, w)
		}
		d.SetLocation(loc)
		d.Resize(FileDialogSize)
		d.Show()
		x.Closes(d)
		fileDialog := c.Overlays().Top()
		button, _ := findIn(fileDialog, func(o fyne.CanvasObject) bool {
			b, ok := o.(*widget.Button)
			return ok && b.Icon != nil && b.Icon.Name() == theme.FolderNewIcon().Name()
		}).(*widget.Button)
		if button == nil {
			t.Fatalf("%s: no New Folder button", kind)
		}
		newFolder := func() *EscEntry {
			t.Helper()
			test.Tap(button)
			if c.Overlays().Top() == fileDialog {
				t.Fatalf("%s: the New Folder button opened nothing", kind)
			}
			name, ok := c.Focused().(*EscEntry)
			if !ok {
				t.Fatalf("%s: New Folder: the cursor is in %T, not the folder's name", kind, c.Focused())
			}
			return name
		}
		backToTheFileDialog := func(how string) {
			t.Helper()
			if top := c.Overlays().Top(); top != fileDialog {
				t.Errorf("%s, %s: the window shows %v, not the file dialog", kind, how, top)
			}
		}

		// Escape typed in the name
		name := newFolder()
		test.Type(name, "dungeon")
		name.TypedKey(esc)
		backToTheFileDialog("Escape in the name")
		// Escape with nothing focused: the window's keys (Key)
		newFolder()
		c.Unfocus()
		if !x.Key(esc) {
			t.Errorf("%s: Escape with nothing focused did not cancel New Folder", kind)
		}
		backToTheFileDialog("Escape with nothing focused")
		if got := folders(); len(got) != 0 {
			t.Fatalf("%s: Escape created %v", kind, got)
		}

		// Enter creates the folder typed
		name = newFolder()
		test.Type(name, kind+" maps")
		name.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
		backToTheFileDialog("Enter")
		if got := folders(); len(got) != 1 || got[0] != kind+" maps" {
			t.Errorf("%s: after Enter the folders are %v, want [%s maps]", kind, got, kind)
		}
		if err := os.Remove(filepath.Join(dir, kind+" maps")); err != nil {
			t.Fatal(err)
		}
		if x.Open() != 1 {
			t.Errorf("%s: %d dialogs registered, want the file dialog alone", kind, x.Open())
		}
		x.Top() // Escape closes the file dialog
		if c.Overlays().Top() != nil {
			t.Fatalf("%s: Escape left the file dialog open", kind)
		}
	}
}
