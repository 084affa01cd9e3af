package controls

import (
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"
)

// The app's dialogs answer the keyboard the same way: Escape cancels and
// Enter confirms (OK in an error dialog, where Space does too), except in a
// confirmation whose yes destroys something for good (Delete encounter?,
// Replace a file?), where Enter cancels as Escape does, so a stray Enter
// never deletes anything.
//
// Fyne's dialogs do not listen for these keys, and a focused Entry
// swallows Escape, so a dialog opts in twice: Escapes.Closes (Escape),
// Confirms (Escape and Enter) or Acknowledges (an OK-only dialog) registers
// it once shown, for keys typed with nothing focused, which reach the
// window's key handler (it asks Key first); its text fields are EscEntry /
// EscSelectEntry (Escape typed in a field; Enter there is the field's
// OnSubmitted).

// Escapes is one window's dialogs that Escape cancels, each by its cancel
// path, and that Enter answers. The window's owner (the editor, the
// library) keeps it: it is that window's state, and its key handler asks
// it first (Key).
type Escapes struct {
	// Post runs a function on the window's goroutine after the event in
	// hand (nil: fyne.Do); its fields watch a held Alt through it
	// (AltKey). Tests set their own.
	Post func(func())

	win    fyne.Window
	cancel map[fyne.CanvasObject]func()
	enter  map[fyne.CanvasObject]func() // Enter (and Space when space holds it)
	space  map[fyne.CanvasObject]bool
}

// NewEscapes keeps the Escape-cancelled dialogs of win.
func NewEscapes(win fyne.Window) *Escapes {
	x := &Escapes{win: win, cancel: map[fyne.CanvasObject]func(){},
		enter: map[fyne.CanvasObject]func(){}, space: map[fyne.CanvasObject]bool{}}
	windows.Lock()
	windows.of[win] = x
	windows.Unlock()
	return x
}

// windows are the windows' Escapes, for the dialogs that are only given
// the window (ShowError).
var windows = struct {
	sync.Mutex
	of map[fyne.Window]*Escapes
}{of: map[fyne.Window]*Escapes{}}

// EscapesOf is win's Escapes (nil when its owner keeps none).
func EscapesOf(win fyne.Window) *Escapes {
	windows.Lock()
	defer windows.Unlock()
	return windows.of[win]
}

// Closes lets Escape cancel d, which must just have been shown in the
// window. In a Save dialog that takes Escape typed in its file name too
// (nameField); in a file dialog's New Folder dialog, Escape cancels that
// one and Enter creates the folder (newFolderKeys).
func (x *Escapes) Closes(d dialog.Dialog) {
	x.answers(d, nil, false)
	if _, ok := d.(*dialog.FileDialog); ok {
		x.nameField()
		x.newFolderKeys()
	}
}

// nameField puts an EscEntry in place of the file name field of the Save
// dialog just shown, which has the cursor. Fyne's field is a plain Entry
// that keeps Escape to itself, so Escape closed every dialog of the app
// but a Save dialog with the cursor in its name, the way it opens. The
// dialog keeps reading and setting its own field (the name to save under,
// a file clicked in the list), so the two follow each other's text; its
// Enter saves as before. The name it offers is selected.
func (x *Escapes) nameField() {
	if x == nil || x.win == nil {
		return
	}
	c := x.win.Canvas()
	top := c.Overlays().Top()
	name, ok := c.Focused().(*widget.Entry)
	if top == nil || !ok {
		return
	}
	holder := scrollHolding(top, name)
	if holder == nil {
		return // not the dialog this was written for: leave it as Fyne made it
	}
	e := x.Entry()
	e.SetPlaceHolder(name.PlaceHolder)
	e.SetText(name.Text)
	e.CursorRow, e.CursorColumn = name.CursorRow, name.CursorColumn
	e.OnSubmitted = func(s string) {
		if name.OnSubmitted != nil {
			name.OnSubmitted(s)
		}
	}
	e.OnChanged = func(s string) {
		if name.Text != s {
			name.SetText(s) // its OnChanged enables Save
		}
	}
	was := name.OnChanged
	name.OnChanged = func(s string) {
		if was != nil {
			was(s)
		}
		if e.Text != s {
			e.SetText(s)
		}
	}
	holder.Content = e
	holder.Refresh()
	c.Focus(e)
	// The name offered is chosen whole, so that what the GM types replaces
	// it (the export adds its extension to a name typed without one):
	// with the cursor at its start, "leak" typed there saved as
	// "leakDen secrets.png".
	e.TypedShortcut(&fyne.ShortcutSelectAll{})
}

// Confirms lets Escape cancel d and Enter answer it with ok (d.Submit for a
// form, d.Confirm for a confirmation); d must just have been shown.
func (x *Escapes) Confirms(d dialog.Dialog, ok func()) {
	x.answers(d, ok, false)
}

// Acknowledges lets Escape, Enter and Space close d, a dialog with only an
// OK button (an error), as OK does; d must just have been shown.
func (x *Escapes) Acknowledges(d dialog.Dialog) {
	x.answers(d, d.Hide, true)
}

func (x *Escapes) answers(d dialog.Dialog, ok func(), space bool) {
	if x == nil || x.win == nil {
		return
	}
	top := x.win.Canvas().Overlays().Top()
	if top == nil {
		return
	}
	for o := range x.cancel { // dialogs closed without their callback
		if !o.Visible() {
			x.forget(o)
		}
	}
	x.cancel[top] = d.Dismiss
	if ok != nil {
		x.enter[top], x.space[top] = ok, space
	}
	d.SetOnClosed(func() {
		if !top.Visible() { // not shown again by its own callback
			x.forget(top)
		}
	})
}

func (x *Escapes) forget(o fyne.CanvasObject) {
	delete(x.cancel, o)
	delete(x.enter, o)
	delete(x.space, o)
}

// Key answers the dialog on top of the window with ev, a key typed with
// nothing focused: Escape cancels, Enter (Return) confirms, Space closes
// an error. It reports whether it used ev.
func (x *Escapes) Key(ev *fyne.KeyEvent) bool {
	if x == nil || x.win == nil {
		return false
	}
	switch ev.Name {
	case fyne.KeyEscape:
		return x.Top()
	case fyne.KeyReturn, fyne.KeyEnter, fyne.KeySpace:
		top := x.win.Canvas().Overlays().Top()
		f, ok := x.enter[top]
		if !ok || top == nil || (ev.Name == fyne.KeySpace && !x.space[top]) {
			return false
		}
		f()
		return true
	}
	return false
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

// post is x.Post, nil for no Escapes.
func (x *Escapes) post() func(func()) {
	if x == nil {
		return nil
	}
	return x.Post
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

// MultiLineEntry makes an EscEntry of several lines in which Enter is
// the field's OnSubmitted, as in the dialogs' other fields, and
// Shift+Enter starts a new line. Fyne's multi-line Entry has it the other
// way round, so Enter in a note added a line where every other dialog
// saved.
func (x *Escapes) MultiLineEntry() *EscEntry {
	e := &EscEntry{esc: x}
	e.MultiLine = true
	e.Wrapping = fyne.TextWrapWord
	e.ExtendBaseWidget(e)
	return e
}

// scrollHolding is the Scroll whose content is o, in what the dialog o
// sits in built of containers, splits and scrolls (nil if none).
func scrollHolding(in, o fyne.CanvasObject) *container.Scroll {
	s, _ := findIn(in, func(c fyne.CanvasObject) bool {
		s, ok := c.(*container.Scroll)
		return ok && s.Content == o
	}).(*container.Scroll)
	return s
}

// findIn is the first object match takes in what a dialog, in, built of
// pop-ups, containers, splits and scrolls, in the order laid out, or nil.
// It does not look inside other widgets: what their renderers hold is
// theirs.
func findIn(in fyne.CanvasObject, match func(fyne.CanvasObject) bool) fyne.CanvasObject {
	if in == nil {
		return nil
	}
	if match(in) {
		return in
	}
	var kids []fyne.CanvasObject
	switch c := in.(type) {
	case *widget.PopUp:
		kids = []fyne.CanvasObject{c.Content}
	case *fyne.Container:
		kids = c.Objects
	case *container.Split:
		kids = []fyne.CanvasObject{c.Leading, c.Trailing}
	case *container.Scroll:
		kids = []fyne.CanvasObject{c.Content}
	}
	for _, k := range kids {
		if o := findIn(k, match); o != nil {
			return o
		}
	}
	return nil
}

// EscEntry is an Entry in which Escape cancels the dialog it sits in.
type EscEntry struct {
	widget.Entry
	esc   *Escapes
	shift bool // a Shift key is down (its KeyDown came here)
}

// TypedKey implements fyne.Focusable.
func (e *EscEntry) TypedKey(k *fyne.KeyEvent) {
	if k.Name == fyne.KeyEscape && e.esc.Top() {
		return
	}
	if e.MultiLine && e.OnSubmitted != nil && (k.Name == fyne.KeyReturn || k.Name == fyne.KeyEnter) {
		if !e.shift && !shiftDown() {
			e.OnSubmitted(e.Text)
			return
		}
		// Shift+Enter: the Entry makes a new line unless it can submit
		submit := e.OnSubmitted
		e.OnSubmitted = nil
		e.Entry.TypedKey(k)
		e.OnSubmitted = submit
		return
	}
	e.Entry.TypedKey(k)
}

// KeyDown implements desktop.Keyable: it notes Shift; Alt opens no menu
// (AltKey).
func (e *EscEntry) KeyDown(k *fyne.KeyEvent) {
	if k.Name == desktop.KeyShiftLeft || k.Name == desktop.KeyShiftRight {
		e.shift = true
	}
	AltKey(e, k, true, e.esc.post())
	e.Entry.KeyDown(k)
}

// KeyUp implements desktop.Keyable: it notes Shift and Alt.
func (e *EscEntry) KeyUp(k *fyne.KeyEvent) {
	if k.Name == desktop.KeyShiftLeft || k.Name == desktop.KeyShiftRight {
		e.shift = false
	}
	AltKey(e, k, false, e.esc.post())
	e.Entry.KeyUp(k)
}

// shiftDown reports whether the desktop driver has Shift down (it knows
// even when Shift was pressed before the field had the keyboard).
func shiftDown() bool {
	d, ok := fyne.CurrentApp().Driver().(desktop.Driver)
	return ok && d.CurrentKeyModifiers()&fyne.KeyModifierShift != 0
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

// KeyDown implements desktop.Keyable: Alt opens no menu (AltKey).
func (e *EscSelectEntry) KeyDown(k *fyne.KeyEvent) {
	AltKey(e, k, true, e.esc.post())
	e.SelectEntry.KeyDown(k)
}

// KeyUp implements desktop.Keyable.
func (e *EscSelectEntry) KeyUp(k *fyne.KeyEvent) {
	AltKey(e, k, false, e.esc.post())
	e.SelectEntry.KeyUp(k)
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
	x.Confirms(d, d.Submit)
	x.win.Canvas().Focus(en)
	en.TypedShortcut(&fyne.ShortcutSelectAll{})
}

// Refuse answers a form whose values did not work: Fyne closes a form
// before its callback sees them, so Refuse shows d again with what the GM
// typed (Escape cancels it, Enter runs submit), err over it in an error
// dialog, and once that is closed the cursor in field (nil: none), its
// text selected to type over. The typing is never lost to one typo.
func (x *Escapes) Refuse(d dialog.Dialog, submit func(), field fyne.Focusable, summary string, err error) {
	d.Show()
	x.Confirms(d, submit)
	e := ShowError(x.win, summary, err)
	if field == nil {
		return
	}
	e.SetOnClosed(func() {
		x.win.Canvas().Focus(field)
		if s, ok := field.(fyne.Shortcutable); ok {
			s.TypedShortcut(&fyne.ShortcutSelectAll{})
		}
	})
}

// Check makes a Check in which Escape and Enter answer the dialog it sits
// in: a click on a check box focuses it, and a focused Check swallowed
// both.
func (x *Escapes) Check(label string, changed func(bool)) *EscCheck {
	c := &EscCheck{esc: x}
	c.Text, c.OnChanged = label, changed
	c.ExtendBaseWidget(c)
	return c
}

// EscCheck is a Check in which Escape and Enter answer the dialog.
type EscCheck struct {
	widget.Check
	esc *Escapes
}

// TypedKey implements fyne.Focusable.
func (c *EscCheck) TypedKey(k *fyne.KeyEvent) {
	if k.Name != fyne.KeySpace && c.esc.Key(k) {
		return
	}
	c.Check.TypedKey(k)
}

// KeyDown implements desktop.Keyable: a check box a click focused kept
// Alt from the window, whose release then opened the menu (AltKey).
func (c *EscCheck) KeyDown(k *fyne.KeyEvent) { AltKey(c, k, true, c.esc.post()) }

// KeyUp implements desktop.Keyable.
func (c *EscCheck) KeyUp(k *fyne.KeyEvent) { AltKey(c, k, false, c.esc.post()) }

// Select makes a Select in which Escape and Enter answer the dialog it
// sits in (a Select focused by a click swallowed them).
func (x *Escapes) Select(options []string, changed func(string)) *EscSelect {
	s := &EscSelect{esc: x}
	s.Options, s.OnChanged, s.PlaceHolder = options, changed, "(Select one)"
	s.ExtendBaseWidget(s)
	return s
}

// EscSelect is a Select in which Escape and Enter answer the dialog.
type EscSelect struct {
	widget.Select
	esc *Escapes
}

// TypedKey implements fyne.Focusable.
func (s *EscSelect) TypedKey(k *fyne.KeyEvent) {
	if k.Name != fyne.KeySpace && s.esc.Key(k) {
		return
	}
	s.Select.TypedKey(k)
}

// KeyDown implements desktop.Keyable: a list a click focused kept Alt
// from the window, whose release then opened the menu (AltKey).
func (s *EscSelect) KeyDown(k *fyne.KeyEvent) { AltKey(s, k, true, s.esc.post()) }

// KeyUp implements desktop.Keyable.
func (s *EscSelect) KeyUp(k *fyne.KeyEvent) { AltKey(s, k, false, s.esc.post()) }
