package controls

import (
	"path/filepath"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
)

// FileDialogSize is the size of the app's file and folder dialogs: room for
// long names and a few dozen rows.
var FileDialogSize = fyne.NewSize(760, 520)

// OpenFile shows the app's file-open dialog in win, listing only files with
// one of exts (".png"; none: every file), and hands the chosen file to open,
// which must close it. Cancelling (Cancel, or Escape in a window with
// Escapes) calls nothing; a file that cannot be opened is said in an error
// dialog.
func OpenFile(win fyne.Window, exts []string, open func(rc fyne.URIReadCloser)) {
	d := dialog.NewFileOpen(func(rc fyne.URIReadCloser, err error) {
		if err != nil {
			ShowError(win, "Could not open the file", err)
			return
		}
		if rc != nil {
			open(rc)
		}
	}, win)
	if len(exts) > 0 {
		d.SetFilter(storage.NewExtensionFileFilter(exts))
	}
	d.Resize(FileDialogSize)
	d.Show()
	EscapesOf(win).Closes(d) // it has no text field: Escape reaches the window
}

// WithExtension is path as a save dialog should write it: a file name
// typed without an extension ("map") gets the format's, exts[0] (".png");
// a name with one keeps it (the GM chose it).
func WithExtension(path string, exts []string) string {
	if len(exts) == 0 || filepath.Ext(filepath.Base(path)) != "" {
		return path
	}
	return path + exts[0]
}
