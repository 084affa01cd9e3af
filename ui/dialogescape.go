package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"
)

// Escape closes the app's own form dialogs by their cancel path (the
// dialog's callback gets false, as with its Cancel button). Fyne's dialogs
// do not listen for Escape, and a focused Entry swallows it, so a dialog
// opts in twice: escCloses registers it once shown (for Escape typed with
// nothing focused, which reaches the window's key handler), and its text
// fields are escEntry / escSelectEntry (for Escape typed in a field).

// escDialogs maps a shown dialog's overlay to its cancel path.
var escDialogs = map[fyne.CanvasObject]func(){}

// escCloses lets Escape cancel d, which must just have been shown in win.
func escCloses(win fyne.Window, d dialog.Dialog) {
	top := win.Canvas().Overlays().Top()
	if top == nil {
		return
	}
	for o := range escDialogs { // dialogs closed without their callback
		if !o.Visible() {
			delete(escDialogs, o)
		}
	}
	escDialogs[top] = d.Dismiss
	d.SetOnClosed(func() { delete(escDialogs, top) })
}

// escapeTop cancels the dialog on top of win if it lets Escape do so, and
// reports whether it did.
func escapeTop(win fyne.Window) bool {
	if win == nil {
		return false
	}
	top := win.Canvas().Overlays().Top()
	if f, ok := escDialogs[top]; ok && top != nil {
		f()
		return true
	}
	return false
}

// escEntry is an Entry in which Escape cancels the dialog it sits in.
type escEntry struct {
	widget.Entry
	win fyne.Window
}

func newEscEntry(win fyne.Window) *escEntry {
	e := &escEntry{win: win}
	e.ExtendBaseWidget(e)
	return e
}

// TypedKey implements fyne.Focusable.
func (e *escEntry) TypedKey(k *fyne.KeyEvent) {
	if k.Name == fyne.KeyEscape && escapeTop(e.win) {
		return
	}
	e.Entry.TypedKey(k)
}

// escSelectEntry is a SelectEntry in which Escape cancels the dialog.
type escSelectEntry struct {
	widget.SelectEntry
	win fyne.Window
}

func newEscSelectEntry(win fyne.Window, options []string) *escSelectEntry {
	e := &escSelectEntry{win: win}
	e.ExtendBaseWidget(e)
	e.Wrapping = fyne.TextWrap(fyne.TextTruncateClip)
	e.SetOptions(options)
	return e
}

// TypedKey implements fyne.Focusable.
func (e *escSelectEntry) TypedKey(k *fyne.KeyEvent) {
	if k.Name == fyne.KeyEscape && escapeTop(e.win) {
		return
	}
	e.SelectEntry.TypedKey(k)
}
