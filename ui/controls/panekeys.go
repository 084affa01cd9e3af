package controls

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// A click on a check box or a drop-down list gives it the keyboard (Fyne
// focuses them when tapped), and they use only a key or two: every map
// shortcut typed after it (B brush, N next turn) was swallowed until the
// GM clicked the map. The panels' PaneCheck and PaneSelect keep the keys
// they use (Space toggles a check box; Space, Up and Down open a list,
// Left and Right step it) and hand any other key to the window, leaving
// the widget, as if nothing had the focus.

// PaneCheck is a check box of a panel beside the map.
type PaneCheck struct {
	widget.Check
}

// NewPaneCheck makes a PaneCheck labelled text calling changed.
func NewPaneCheck(text string, changed func(bool)) *PaneCheck {
	c := &PaneCheck{}
	c.Text, c.OnChanged = text, changed
	c.ExtendBaseWidget(c)
	return c
}

// TypedRune implements fyne.Focusable: Space toggles, any other rune is
// the window's.
func (c *PaneCheck) TypedRune(r rune) {
	if r == ' ' {
		c.Check.TypedRune(r)
		return
	}
	passRune(c, r)
}

// TypedKey implements fyne.Focusable: Space is the check box's (its rune
// toggles it), any other key the window's.
func (c *PaneCheck) TypedKey(k *fyne.KeyEvent) {
	if k.Name == fyne.KeySpace {
		c.Check.TypedKey(k)
		return
	}
	passKey(c, k)
}

// KeyDown implements desktop.Keyable: Alt opens no menu (AltKey).
func (c *PaneCheck) KeyDown(k *fyne.KeyEvent) { AltKey(c, k, true, nil) }

// KeyUp implements desktop.Keyable.
func (c *PaneCheck) KeyUp(k *fyne.KeyEvent) { AltKey(c, k, false, nil) }

// PaneSelect is a drop-down list of a panel beside the map.
type PaneSelect struct {
	widget.Select
}

// NewPaneSelect makes a PaneSelect of options calling changed.
func NewPaneSelect(options []string, changed func(string)) *PaneSelect {
	s := &PaneSelect{}
	s.Options, s.OnChanged = options, changed
	s.PlaceHolder = "(Select one)" // widget.NewSelect's
	s.ExtendBaseWidget(s)
	return s
}

// TypedRune implements fyne.Focusable: runes are the window's.
func (s *PaneSelect) TypedRune(r rune) { passRune(s, r) }

// TypedKey implements fyne.Focusable: Space, Up and Down open the list,
// Left and Right step it; any other key is the window's.
func (s *PaneSelect) TypedKey(k *fyne.KeyEvent) {
	switch k.Name {
	case fyne.KeySpace, fyne.KeyUp, fyne.KeyDown, fyne.KeyLeft, fyne.KeyRight:
		s.Select.TypedKey(k)
		return
	}
	passKey(s, k)
}

// KeyDown implements desktop.Keyable: Alt opens no menu (AltKey).
func (s *PaneSelect) KeyDown(k *fyne.KeyEvent) { AltKey(s, k, true, nil) }

// KeyUp implements desktop.Keyable.
func (s *PaneSelect) KeyUp(k *fyne.KeyEvent) { AltKey(s, k, false, nil) }

// passKey leaves o, which has the focus, and gives k to its window's key
// handler, as a key typed with nothing focused.
func passKey(o fyne.CanvasObject, k *fyne.KeyEvent) {
	c := fyne.CurrentApp().Driver().CanvasForObject(o)
	if c == nil {
		return
	}
	c.Unfocus()
	if f := c.OnTypedKey(); f != nil {
		f(k)
	}
}

// passRune leaves o and gives r to its window's rune handler.
func passRune(o fyne.CanvasObject, r rune) {
	c := fyne.CurrentApp().Driver().CanvasForObject(o)
	if c == nil {
		return
	}
	c.Unfocus()
	if f := c.OnTypedRune(); f != nil {
		f(r)
	}
}
