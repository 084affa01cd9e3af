// Package filesave writes what the GM exports to a file they choose: the
// Save dialog, the question before replacing a file, the writing on
// another goroutine under a dialog that names the file, and the news of
// how it went. The editor's exports and the library's go through it, and
// so do the encounter's own file formats (Format), which both offer.
package filesave

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/ui/controls"
	"encounterplanner/ui/export"
)

// Saver saves exports from one window. Its dialogs show over Win and
// Escape answers them through Esc, the window's; the write's result comes
// back through Post on the UI goroutine (fyne.Do in the app; tests pump
// it), and Say tells the GM what was written ("wrote room.png (34 KB) in
// /home/gm/maps") where the window shows such news: the editor's status bar, the line
// under the library's list.
type Saver struct {
	Win  fyne.Window
	Esc  *controls.Escapes
	Post func(func())
	Say  func(string)

	busy int // files being written (writePath), each under its dialog
}

// Busy is the number of files being written now.
func (s *Saver) Busy() int { return s.busy }

// writingIn is the names of the files each window's Savers are writing,
// in the order they began. Only the UI goroutine touches it.
var writingIn = map[fyne.Window][]string{}

// Writing is the name of a file win is still writing (the first begun),
// "" when none: leaving the window then asks first.
func Writing(win fyne.Window) string {
	if w := writingIn[win]; len(w) > 0 {
		return w[0]
	}
	return ""
}

// Save asks where to write a file, offering name and listing the files
// with one of exts (listed), and writes it with write (WriteChosen); a
// name typed without an extension gets exts[0], which may be a compound
// one (".encounter.json"). title says what is being done in the GM's
// words ("export PNG": "Could not export PNG"). Errors show in a dialog.
func (s *Saver) Save(title, name string, exts []string, write func(w io.Writer) error) {
	d := dialog.NewFileSave(func(wc fyne.URIWriteCloser, err error) {
		if err != nil {
			controls.ShowError(s.Win, "Could not "+title, err)
			return
		}
		if wc == nil {
			return // cancelled
		}
		s.WriteChosen(title, wc, exts, write)
	}, s.Win)
	d.SetFileName(name)
	d.SetFilter(listed(exts))
	d.Resize(controls.FileDialogSize)
	d.Show()
	// Escape cancels it once the file name field has no focus: Fyne's
	// field, focused as the dialog opens, keeps Escape to itself
	s.Esc.Closes(d)
}

// listed is the Save dialog's filter for the files with one of exts. Fyne
// compares a file's last extension only (".json" of den.encounter.json),
// so a compound extension is listed by its last: given ".encounter.json"
// itself, the filter listed no encounter file.
func listed(exts []string) storage.FileFilter {
	var last []string
	for _, e := range exts {
		if x := filepath.Ext(e); !slices.Contains(last, x) {
			last = append(last, x)
		}
	}
	return storage.NewExtensionFileFilter(last)
}

// WriteChosen writes what write produces to the file the save dialog
// chose, through export.WriteFile: a regular file only (never a device, a
// FIFO or a folder), replaced only once it is complete. Fyne's dialog has
// opened the file itself (in the app, through controls.KeepFilesUntilWritten,
// without emptying it); only its path is used, and its writer closed
// first. A name typed without an extension gets the format's, exts[0]
// (controls.WithExtension: o.encounter.json, not o.json): the empty file
// the dialog made under the bare name is removed, and an existing file
// under the full name is replaced only once the GM says so (the dialog
// asked about the bare name only).
func (s *Saver) WriteChosen(title string, wc fyne.URIWriteCloser, exts []string, write func(w io.Writer) error) {
	u := wc.URI()
	_ = wc.Close() // the dialog's own empty file: WriteFile replaces it
	if u.Scheme() != "file" {
		controls.ShowError(s.Win, "Could not "+title, fmt.Errorf("%s is not a file on this computer: choose a file in a folder", u))
		return
	}
	path := u.Path()
	full := controls.WithExtension(path, exts)
	if full == path {
		s.writePath(title, path, write)
		return
	}
	if fi, err := os.Lstat(path); err == nil && fi.Mode().IsRegular() && fi.Size() == 0 {
		_ = os.Remove(path) // the dialog's, under the bare name
	}
	if _, err := os.Lstat(full); err != nil {
		s.writePath(title, full, write)
		return
	}
	d := dialog.NewConfirm("Replace "+filepath.Base(full)+"?", fmt.Sprintf("%s already exists in %s. Replace it?", filepath.Base(full), filepath.Dir(full)), func(ok bool) {
		if ok {
			s.writePath(title, full, write)
		}
	}, s.Win)
	d.SetConfirmText("Replace")
	d.SetDismissText("Cancel")
	d.Show()
	s.Esc.Confirms(d, d.Dismiss) // Escape and Enter keep the file: replacing it for good takes a click
}

// writePath writes what write produces to path (export.WriteFile) and says
// so (Say); an error shows in a dialog. It writes on another goroutine,
// under a dialog that says what is being written: a PNG of a map on an
// 8192 x 7424 image takes about 3 s, a PDF 4 s, which froze the window
// with the Save dialog still drawn, as if hung, and queued the GM's
// clicks meanwhile for the map. write must only read what it draws (the
// export menus give it a copy of the encounter, the library loads its
// own).
func (s *Saver) writePath(title, path string, write func(w io.Writer) error) {
	name := filepath.Base(path)
	bar := widget.NewProgressBarInfinite()
	heading := strings.ToUpper(title[:1]) + title[1:] // "Export PNG"
	msg := widget.NewLabel("Writing " + name + "…")
	msg.Wrapping = fyne.TextWrapBreak // a long name stays in the dialog
	d := dialog.NewCustomWithoutButtons(heading, container.NewVBox(msg, bar), s.Win)
	d.Resize(fyne.NewSize(400, 0))
	d.Show()
	s.busy++
	writingIn[s.Win] = append(writingIn[s.Win], name)
	go func() {
		n, err := export.WriteFile(path, write)
		s.Post(func() {
			s.busy--
			if w := writingIn[s.Win]; len(w) > 0 {
				if i := slices.Index(w, name); i >= 0 {
					w = slices.Delete(w, i, i+1)
				}
				if len(w) == 0 {
					delete(writingIn, s.Win)
				} else {
					writingIn[s.Win] = w
				}
			}
			bar.Stop()
			d.Hide()
			s.wrote(title, path, n, err)
		})
	}()
}

// wrote says how writing path went: the file's size (Say), or an error
// dialog that says what to do.
func (s *Saver) wrote(title, path string, n int64, err error) {
	if err != nil {
		var fe *export.FolderError
		switch {
		case errors.Is(err, export.ErrNotRegular) || errors.Is(err, export.ErrNotFolder):
			err = fmt.Errorf("%w. Nothing was written: choose a file name in a folder", err)
		case errors.As(err, &fe):
			err = fmt.Errorf("%w (nothing was written: choose another folder or file name and try again)", err)
		}
		controls.ShowError(s.Win, "Could not "+title, err)
		return
	}
	// the folder too: the name alone left the GM looking for where it went
	s.Say(fmt.Sprintf("wrote %s (%s) in %s", filepath.Base(path), byteSize(n), filepath.Dir(path)))
}

// byteSize says n bytes as a GM reads it: "812 bytes", "34 KB", "2.1 MB".
func byteSize(n int64) string {
	switch {
	case n < 1000:
		return fmt.Sprintf("%d bytes", n)
	case n < 1000*1000:
		return fmt.Sprintf("%d KB", (n+500)/1000)
	}
	return fmt.Sprintf("%.1f MB", float64(n)/1e6)
}
