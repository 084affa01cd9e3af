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
	// OnEscape, when set, is called once Escape has left the field.
	OnEscape func()
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
	if k.Name == fyne.KeyEscape && leave(e) {
		if e.OnEscape != nil {
			e.OnEscape()
		}
		return
	}
	e.Entry.TypedKey(k)
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
type PaneSelectEntry struct {
	widget.SelectEntry
}

// NewPaneSelectEntry makes a PaneSelectEntry offering options.
func NewPaneSelectEntry(options []string) *PaneSelectEntry {
	e := &PaneSelectEntry{}
	e.ExtendBaseWidget(e)
	e.Wrapping = fyne.TextWrap(fyne.TextTruncateClip) // as NewSelectEntry
	e.SetOptions(options)
	return e
}

// TypedKey implements fyne.Focusable: Escape leaves the field.
func (e *PaneSelectEntry) TypedKey(k *fyne.KeyEvent) {
	if k.Name == fyne.KeyEscape && leave(e) {
		return
	}
	e.SelectEntry.TypedKey(k)
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
