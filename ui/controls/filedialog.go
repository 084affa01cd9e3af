package controls

import (
	"os"
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
// which must close it. Only regular files are listed: Fyne opens the chosen
// file on the UI goroutine, and opening a named pipe would wait for a
// writer, freezing the app. Cancelling (Cancel, or Escape in a window with
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
	d.SetFilter(openFilter(exts))
	d.Resize(FileDialogSize)
	d.Show()
	EscapesOf(win).Closes(d) // it has no text field: Escape reaches the window
}

// openFilter lists the regular files (or links to one) with one of exts
// (none: any name) in the Open dialog: not a named pipe, socket or device.
func openFilter(exts []string) storage.FileFilter {
	var named storage.FileFilter
	if len(exts) > 0 {
		named = storage.NewExtensionFileFilter(exts)
	}
	return regularFiles{named}
}

type regularFiles struct{ named storage.FileFilter }

func (f regularFiles) Matches(u fyne.URI) bool {
	if f.named != nil && !f.named.Matches(u) {
		return false
	}
	if u.Scheme() != "file" {
		return true
	}
	fi, err := os.Stat(u.Path()) // follows a link; never opens the file
	return err == nil && fi.Mode().IsRegular()
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
