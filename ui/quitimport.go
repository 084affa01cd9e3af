package ui

import (
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/ui/controls"
	"encounterplanner/ui/filesave"
	"encounterplanner/ui/library"
)

// An import runs on another goroutine under its dialog (library.StartImport)
// and adds its encounter only at the end. The window closed or the app
// quit before then took the import with it without a word: the GM, back
// later, found nothing of the map in the library. Leaving the window while
// an import is under way now asks first, before the save the editor makes
// on the way out (saveBeforeLeaving).

// askLeaveMidImport runs leave at once when no import is under way in
// win and no export is being written there; otherwise it asks first, and runs leave only on Quit. Escape and
// Enter keep working: losing the import takes a click. A second request
// while the question is up (the close button pressed again) is the same
// question, not a second dialog.
func askLeaveMidImport(win fyne.Window, leave func()) {
	title, head, ask := "Import under way", "", "Quit anyway? Nothing of it will be kept."
	if name := library.Importing(win); name != "" {
		head = "An import of " + name + " is still running."
	} else if name := filesave.Writing(win); name != "" {
		// an export still being written: it goes with the app, and its
		// half-written file with it (WriteFile replaces only when done)
		title, head, ask = "Export under way", name+" is still being written.", "Quit anyway? It will not be written."
	}
	if head == "" {
		leave()
		return
	}
	if q := leaveAsked[win]; q != nil && slices.Contains(win.Canvas().Overlays().List(), q) {
		return
	}
	content, _, _ := controls.ErrorContent(head, ask, controls.ErrDialogWidth(win))
	d := dialog.NewCustomConfirm(title, "Quit", "Keep working", content, func(quit bool) {
		delete(leaveAsked, win)
		if quit {
			leave()
		}
	}, win)
	d.SetConfirmImportance(widget.DangerImportance)
	d.Show()
	leaveAsked[win] = win.Canvas().Overlays().Top()
	controls.EscapesOf(win).Confirms(d, d.Dismiss)
}

// leaveAsked is the question askLeaveMidImport put up in each window.
// The import's end takes it down with the import's dialog under it (Fyne
// removes an overlay with those above it), its callback not called: it
// is up while it is among the window's overlays. Only the UI goroutine
// touches it.
var leaveAsked = map[fyne.Window]fyne.CanvasObject{}

// quitAsked is File > Quit (Ctrl+Q): the question when an import is under
// way, then the save, then the app quits.
func (ed *Editor) quitAsked() {
	askLeaveMidImport(ed.win, func() {
		ed.saveBeforeLeaving(func() {
			ed.Close()
			fyne.CurrentApp().Quit()
		})
	})
}

// closeAsked is the window's close button: the question when an import is
// under way, then the open editor's save, then the window closes (and the
// app with it).
func (s *Shell) closeAsked() {
	s.rememberGeometry() // while the window still has its size
	askLeaveMidImport(s.win, func() {
		if s.ed != nil {
			ed := s.ed
			ed.saveBeforeLeaving(func() {
				ed.Close()
				s.win.Close()
			})
			return
		}
		s.closePlayer()
		s.win.Close()
	})
}
