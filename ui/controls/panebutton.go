package controls

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// Tab gives a button the keyboard, and Fyne's button uses only Space and
// Enter: every map shortcut typed after one Tab (T token, N next turn,
// Delete, the arrows) was swallowed, and Escape did not give the keys back,
// so a GM using the keyboard was stuck until they clicked the map. A panel's
// buttons (PaneButton, and the tool panel's TipButton) keep Space, Enter
// and Return, which press them; Escape leaves the button; any other key or
// rune goes to the window, leaving the button, as if nothing had the focus
// (as PaneCheck and PaneSelect do).

// PaneButton is a button of a panel beside the map.
type PaneButton struct {
	widget.Button
	ring  focusRing
	outer fyne.Widget // the widget in the window: a type that embeds PaneButton, or b
}

// ExtendBaseWidget is the Button's, and notes w as the widget whose
// window gets the keys (a type that embeds PaneButton calls it with
// itself).
func (b *PaneButton) ExtendBaseWidget(w fyne.Widget) {
	b.outer = w
	b.Button.ExtendBaseWidget(w)
}

// in is the widget in the window.
func (b *PaneButton) in() fyne.CanvasObject {
	if b.outer != nil {
		return b.outer
	}
	return b
}

// NewPaneButton makes a PaneButton labelled text calling tapped.
func NewPaneButton(text string, tapped func()) *PaneButton {
	b := &PaneButton{}
	b.Text, b.OnTapped = text, tapped
	b.ExtendBaseWidget(b)
	return b
}

// NewPaneButtonWithIcon makes a PaneButton labelled text with icon.
func NewPaneButtonWithIcon(text string, icon fyne.Resource, tapped func()) *PaneButton {
	b := NewPaneButton(text, tapped)
	b.Icon = icon
	return b
}

// TypedRune implements fyne.Focusable: runes are the window's (Space
// presses the button through its key).
func (b *PaneButton) TypedRune(r rune) { buttonRune(&b.Button, b.in(), r) }

// TypedKey implements fyne.Focusable: Space, Enter and Return press the
// button, Escape leaves it (and in a dialog cancels that), any other key
// is the window's.
func (b *PaneButton) TypedKey(k *fyne.KeyEvent) { buttonKey(&b.Button, b.in(), k) }

// KeyDown implements desktop.Keyable: Alt opens no menu (AltKey).
func (b *PaneButton) KeyDown(k *fyne.KeyEvent) { AltKey(b.in(), k, true, nil) }

// KeyUp implements desktop.Keyable.
func (b *PaneButton) KeyUp(k *fyne.KeyEvent) { AltKey(b.in(), k, false, nil) }

// buttonRune hands r to the window of o, the button's outer widget; Space
// is the button's (its key presses it).
func buttonRune(b *widget.Button, o fyne.CanvasObject, r rune) {
	if r == ' ' {
		b.TypedRune(r)
		return
	}
	passRune(o, r)
}

// buttonKey presses b for Space, Enter and Return, leaves it for Escape,
// and hands any other key to the window of o.
func buttonKey(b *widget.Button, o fyne.CanvasObject, k *fyne.KeyEvent) {
	switch k.Name {
	case fyne.KeySpace:
		b.TypedKey(k)
	case fyne.KeyReturn, fyne.KeyEnter: // Fyne's button presses on Space only
		b.TypedKey(&fyne.KeyEvent{Name: fyne.KeySpace})
	case fyne.KeyEscape:
		c := fyne.CurrentApp().Driver().CanvasForObject(o)
		if c == nil {
			return
		}
		if c.Overlays().Top() != nil {
			passKey(o, k) // in a dialog: Escape cancels it, as everywhere
			return
		}
		c.Unfocus()
	default:
		passKey(o, k)
	}
}

// A focused Fyne button is tinted a sixth of the way toward blue, which a
// QA pass could barely see on the dark theme: a panel's buttons draw a
// ring in the text's colour while they have the keyboard.

// FocusGained implements fyne.Focusable: the ring shows.
func (b *PaneButton) FocusGained() { b.ring.gained(&b.Button) }

// FocusLost implements fyne.Focusable: the ring goes.
func (b *PaneButton) FocusLost() { b.ring.lost(&b.Button) }

// CreateRenderer implements fyne.Widget: the button's, with the ring.
func (b *PaneButton) CreateRenderer() fyne.WidgetRenderer {
	return b.ring.wrap(b.Button.CreateRenderer())
}

// focusRing is the ring a panel's button draws while focused.
type focusRing struct {
	on   bool
	rect *canvas.Rectangle
}

func (f *focusRing) gained(b *widget.Button) {
	f.on = true
	b.FocusGained()
}

func (f *focusRing) lost(b *widget.Button) {
	f.on = false
	b.FocusLost()
}

// wrap adds the ring to a button's renderer.
func (f *focusRing) wrap(r fyne.WidgetRenderer) fyne.WidgetRenderer {
	f.rect = canvas.NewRectangle(color.Transparent)
	f.rect.StrokeWidth = 2
	f.rect.CornerRadius = theme.InputRadiusSize()
	return &ringRenderer{WidgetRenderer: r, f: f}
}

type ringRenderer struct {
	fyne.WidgetRenderer
	f *focusRing
}

func (r *ringRenderer) Layout(s fyne.Size) {
	r.WidgetRenderer.Layout(s)
	r.f.rect.Resize(s)
}

func (r *ringRenderer) Objects() []fyne.CanvasObject {
	return append(r.WidgetRenderer.Objects(), r.f.rect)
}

func (r *ringRenderer) Refresh() {
	r.WidgetRenderer.Refresh()
	r.f.rect.StrokeColor = theme.Color(theme.ColorNameForeground)
	r.f.rect.Hidden = !r.f.on
	r.f.rect.Refresh()
}
