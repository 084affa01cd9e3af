package controls

import (
	"os"
	"path/filepath"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
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
// that does not end in one of the format's extensions, exts (any case),
// gets the first, exts[0] (".png"; the whole of a compound one,
// ".encounter.json"). A dot alone is no extension: "Ambush at St. Mary"
// and "v1.2" were written as typed, with none, and the Import dialog did
// not list them; a name ending in another format's ("map.jpg") would have
// held PNG data the name denies. A name ending in the start of a compound
// one ("room.encounter") gets the rest of it (room.encounter.json).
func WithExtension(path string, exts []string) string {
	if len(exts) == 0 {
		return path
	}
	lower := strings.ToLower(filepath.Base(path))
	for _, e := range exts {
		if strings.HasSuffix(lower, strings.ToLower(e)) {
			return path
		}
	}
	add := exts[0]
	if stem := strings.TrimSuffix(add, filepath.Ext(add)); stem != "" && strings.HasSuffix(lower, strings.ToLower(stem)) {
		add = filepath.Ext(add)
	}
	return path + add
}

// newFolderKeys makes Escape and Enter work in the New Folder dialog that
// the file dialog just shown opens from its New Folder button. Fyne's
// dialog asks for the name in a plain Entry, which keeps Escape to
// itself, and registers with nobody, so Escape did nothing there, with
// the cursor in the name or not, and Enter did nothing either: only a
// click on Cancel or Create Folder closed it. Each time the button opens
// it, the name is asked in an EscEntry instead, with the cursor in it:
// Escape cancels the New Folder dialog alone, leaving the file dialog
// open, and Enter creates the folder as Create Folder does. Fyne's dialog
// still reads the name from its own field, which follows what is typed.
func (x *Escapes) newFolderKeys() {
	if x == nil || x.win == nil {
		return
	}
	newFolder := theme.FolderNewIcon().Name()
	b, _ := findIn(x.win.Canvas().Overlays().Top(), func(o fyne.CanvasObject) bool {
		b, ok := o.(*widget.Button)
		return ok && b.Icon != nil && b.Icon.Name() == newFolder
	}).(*widget.Button)
	if b == nil || b.OnTapped == nil {
		return // not the dialog this was written for: leave it as Fyne made it
	}
	opens := b.OnTapped
	b.OnTapped = func() {
		opens()
		x.folderName()
	}
}

// folderName puts an EscEntry in place of the name field of the New
// Folder dialog just shown (newFolderKeys) and lets Escape and Enter
// answer it.
func (x *Escapes) folderName() {
	c := x.win.Canvas()
	top := c.Overlays().Top()
	form, _ := findIn(top, func(o fyne.CanvasObject) bool {
		_, ok := o.(*widget.Form)
		return ok
	}).(*widget.Form)
	if form == nil || len(form.Items) != 1 {
		return
	}
	name, ok := form.Items[0].Widget.(*widget.Entry)
	if !ok {
		return
	}
	var cancel, create *widget.Button // the dialog's, beside the form
	findIn(top, func(o fyne.CanvasObject) bool {
		if b, ok := o.(*widget.Button); ok {
			if b.Importance == widget.HighImportance {
				create = b
			} else {
				cancel = b
			}
		}
		return false
	})
	holder, _ := findIn(top, func(o fyne.CanvasObject) bool {
		h, ok := o.(*fyne.Container)
		return ok && slices.Contains(h.Objects, fyne.CanvasObject(form))
	}).(*fyne.Container)
	if cancel == nil || create == nil || holder == nil {
		return
	}
	for _, b := range []*widget.Button{cancel, create} {
		answer := b.OnTapped
		b.OnTapped = func() {
			x.forget(top) // closed, by a key or a click
			answer()
		}
	}
	submit := func() {
		if !create.Disabled() {
			create.OnTapped()
		}
	}
	e := x.Entry()
	e.SetText(name.Text)
	e.OnChanged = name.SetText
	e.OnSubmitted = func(string) { submit() }
	holder.Objects[slices.Index(holder.Objects, fyne.CanvasObject(form))] = widget.NewForm(widget.NewFormItem(form.Items[0].Text, e))
	holder.Refresh()
	x.cancel[top], x.enter[top] = cancel.OnTapped, submit
	c.Focus(e)
}
