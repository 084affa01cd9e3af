package controls

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"
)

// Escape closes the app's own form dialogs by their cancel path (the
// dialog's callback gets false, as with its Cancel button). Fyne's dialogs
// do not listen for Escape, and a focused Entry swallows it, so a dialog
// opts in twice: Escapes.Closes registers it once shown (for Escape typed with
// nothing focused, which reaches the window's key handler), and its text
// fields are EscEntry / EscSelectEntry (for Escape typed in a field).

// Escapes is one window's dialogs that Escape cancels, each by its cancel
// path. The window's owner (the editor, the library) keeps it: it is that
// window's state, and its key handler asks it first (Top).
type Escapes struct {
	win    fyne.Window
	cancel map[fyne.CanvasObject]func()
}

// NewEscapes keeps the Escape-cancelled dialogs of win.
func NewEscapes(win fyne.Window) *Escapes {
	return &Escapes{win: win, cancel: map[fyne.CanvasObject]func(){}}
}

// Closes lets Escape cancel d, which must just have been shown in the
// window.
func (x *Escapes) Closes(d dialog.Dialog) {
	top := x.win.Canvas().Overlays().Top()
	if top == nil {
		return
	}
	for o := range x.cancel { // dialogs closed without their callback
		if !o.Visible() {
			delete(x.cancel, o)
		}
	}
	x.cancel[top] = d.Dismiss
	d.SetOnClosed(func() { delete(x.cancel, top) })
}

// Top cancels the dialog on top of the window if it lets Escape do so, and
// reports whether it did.
func (x *Escapes) Top() bool {
	if x == nil || x.win == nil {
		return false
	}
	top := x.win.Canvas().Overlays().Top()
	if f, ok := x.cancel[top]; ok && top != nil {
		f()
		return true
	}
	return false
}

// Open is the number of dialogs Escape can cancel now.
func (x *Escapes) Open() int { return len(x.cancel) }

// Entry makes an Entry in which Escape cancels the dialog it sits in.
func (x *Escapes) Entry() *EscEntry {
	e := &EscEntry{esc: x}
	e.ExtendBaseWidget(e)
	return e
}

// SelectEntry makes a SelectEntry in which Escape cancels the dialog.
func (x *Escapes) SelectEntry(options []string) *EscSelectEntry {
	e := &EscSelectEntry{esc: x}
	e.ExtendBaseWidget(e)
	e.Wrapping = fyne.TextWrap(fyne.TextTruncateClip)
	e.SetOptions(options)
	return e
}

// EscEntry is an Entry in which Escape cancels the dialog it sits in.
type EscEntry struct {
	widget.Entry
	esc *Escapes
}

// TypedKey implements fyne.Focusable.
func (e *EscEntry) TypedKey(k *fyne.KeyEvent) {
	if k.Name == fyne.KeyEscape && e.esc.Top() {
		return
	}
	e.Entry.TypedKey(k)
}

// EscSelectEntry is a SelectEntry in which Escape cancels the dialog.
type EscSelectEntry struct {
	widget.SelectEntry
	esc *Escapes
}

// TypedKey implements fyne.Focusable.
func (e *EscSelectEntry) TypedKey(k *fyne.KeyEvent) {
	if k.Name == fyne.KeyEscape && e.esc.Top() {
		return
	}
	e.SelectEntry.TypedKey(k)
}

// DialogOpen reports whether a dialog or pop-up covers win's content: the
// keys typed then belong to it, not to the map or the list behind it (a
// confirmation left open while the GM presses Delete or + must not delete
// a token or zoom the map it hides).
func DialogOpen(win fyne.Window) bool {
	return win != nil && win.Canvas().Overlays().Top() != nil
}

// ShowNameDialog shows d with the entry en ready to type over: focused,
// its text selected, Enter submitting, Escape cancelling. Without that the
// GM's typing went nowhere until a click in the field, and Enter did nothing.
func (x *Escapes) ShowNameDialog(d *dialog.FormDialog, en *EscEntry) {
	en.OnSubmitted = func(string) { d.Submit() }
	d.Show()
	x.Closes(d)
	x.win.Canvas().Focus(en)
	en.TypedShortcut(&fyne.ShortcutSelectAll{})
}
