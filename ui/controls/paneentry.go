package controls

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// The panels beside the map (the inspector, the overlay panel) apply
// their text fields as typed, and the map's shortcuts are single keys
// (G fog, N next turn). A focused Entry keeps every key, Escape
// included, so there was no way out of a field but a click: after typing
// HP, the G meant for the fog tool went into the field ("20g"). In a
// PaneEntry Escape leaves the field, keeping what was typed; the next key
// is the map's again. (In a dialog, Escape cancels: EscEntry.)

// PaneEntry is a text field of a panel beside the map: Escape leaves it.
type PaneEntry struct {
	widget.Entry
	paneKeys
}

// paneKeys is what a panel's text field does with Escape, Enter and the
// focus leaving it, for PaneEntry and PaneSelectEntry alike.
type paneKeys struct {
	// OnEscape, when set, is called once Escape has left the field.
	OnEscape func()
	// OnCommit, when set, makes what is typed one edit rather than one
	// a keystroke: it is called with the text on Enter and when the field
	// loses the focus (Tab, a click elsewhere), never on Escape. A token's
	// name applied as typed went through every prefix: "Navasi", taken,
	// left the token "Navas", saved.
	OnCommit func(text string)
	escaping bool // Escape is taking the focus: no commit
}

// key does what k does to field o holding text, and reports whether it
// used k: Escape leaves the field (OnEscape), Enter commits it (OnCommit,
// when enter allows: a one-line field).
func (p *paneKeys) key(o fyne.CanvasObject, k *fyne.KeyEvent, text string, enter bool) bool {
	if k.Name == fyne.KeyEscape {
		p.escaping = true
		left := leave(o)
		p.escaping = false
		if left {
			if p.OnEscape != nil {
				p.OnEscape()
			}
			return true
		}
	}
	if enter && p.OnCommit != nil && (k.Name == fyne.KeyReturn || k.Name == fyne.KeyEnter) {
		p.OnCommit(text)
		return true
	}
	return false
}

// lost commits text as the focus leaves the field, unless Escape took it.
func (p *paneKeys) lost(text string) {
	if p.OnCommit != nil && !p.escaping {
		p.OnCommit(text)
	}
}

// NewPaneEntry makes a one-line PaneEntry.
func NewPaneEntry() *PaneEntry {
	e := &PaneEntry{}
	e.ExtendBaseWidget(e)
	return e
}

// NewPaneMultiLineEntry makes a PaneEntry of several lines.
func NewPaneMultiLineEntry() *PaneEntry {
	e := &PaneEntry{}
	e.MultiLine = true
	e.Wrapping = fyne.TextWrapWord
	e.ExtendBaseWidget(e)
	return e
}

// TypedKey implements fyne.Focusable: Escape leaves the field.
func (e *PaneEntry) TypedKey(k *fyne.KeyEvent) {
	if !e.key(e, k, e.Text, !e.MultiLine) {
		e.Entry.TypedKey(k)
	}
}

// FocusLost implements fyne.Focusable: leaving the field commits it
// (OnCommit), unless Escape is what left it.
func (e *PaneEntry) FocusLost() {
	e.Entry.FocusLost()
	e.lost(e.Text)
}

// KeyDown implements desktop.Keyable: Alt opens no menu (AltKey).
func (e *PaneEntry) KeyDown(k *fyne.KeyEvent) {
	AltKey(e, k, true, nil)
	e.Entry.KeyDown(k)
}

// KeyUp implements desktop.Keyable.
func (e *PaneEntry) KeyUp(k *fyne.KeyEvent) {
	AltKey(e, k, false, nil)
	e.Entry.KeyUp(k)
}

// PaneSelectEntry is a SelectEntry of a panel beside the map: Escape
// leaves it.
// Its OnCommit also commits at once an option picked from the list, or
// text set by the program; it needs OnChanged left as NewPaneSelectEntry
// set it.
type PaneSelectEntry struct {
	widget.SelectEntry
	paneKeys
	typing int // inside a key or shortcut: a change is typing, not a pick
}

// NewPaneSelectEntry makes a PaneSelectEntry offering options.
func NewPaneSelectEntry(options []string) *PaneSelectEntry {
	e := &PaneSelectEntry{}
	e.ExtendBaseWidget(e)
	e.Wrapping = fyne.TextWrap(fyne.TextTruncateClip) // as NewSelectEntry
	e.SetOptions(options)
	e.OnChanged = func(s string) {
		if e.OnCommit != nil && e.typing == 0 {
			e.OnCommit(s) // a pick from the list
		}
	}
	return e
}

// TypedKey implements fyne.Focusable: Escape leaves the field; Enter
// commits it (OnCommit).
func (e *PaneSelectEntry) TypedKey(k *fyne.KeyEvent) {
	if e.key(e, k, e.Text, true) {
		return
	}
	e.typing++
	defer func() { e.typing-- }()
	e.SelectEntry.TypedKey(k)
}

// TypedRune implements fyne.Focusable: a typed character is no pick.
func (e *PaneSelectEntry) TypedRune(r rune) {
	e.typing++
	defer func() { e.typing-- }()
	e.SelectEntry.TypedRune(r)
}

// TypedShortcut implements fyne.Shortcutable: a paste, a cut or the
// field's own undo is typing, no pick.
func (e *PaneSelectEntry) TypedShortcut(s fyne.Shortcut) {
	e.typing++
	defer func() { e.typing-- }()
	e.SelectEntry.TypedShortcut(s)
}

// FocusLost implements fyne.Focusable: leaving the field commits it
// (OnCommit), unless Escape is what left it.
func (e *PaneSelectEntry) FocusLost() {
	e.SelectEntry.FocusLost()
	e.lost(e.Text)
}

// leave takes the keyboard focus from o, which has it; it reports
// whether o is on a canvas.
func leave(o fyne.CanvasObject) bool {
	c := fyne.CurrentApp().Driver().CanvasForObject(o)
	if c == nil {
		return false
	}
	c.Unfocus()
	return true
}

// KeyDown implements desktop.Keyable: Alt opens no menu (AltKey).
func (e *PaneSelectEntry) KeyDown(k *fyne.KeyEvent) {
	AltKey(e, k, true, nil)
	e.SelectEntry.KeyDown(k)
}

// KeyUp implements desktop.Keyable.
func (e *PaneSelectEntry) KeyUp(k *fyne.KeyEvent) {
	AltKey(e, k, false, nil)
	e.SelectEntry.KeyUp(k)
}
