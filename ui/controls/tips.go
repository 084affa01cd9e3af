// Package controls holds the app's small widgets and layouts, which know
// nothing of encounters: buttons with tooltips, Escape-aware entries and
// the per-window record of the dialogs Escape cancels, the side panels'
// text fields that Escape leaves and check boxes and lists that pass the
// map's keys on, error dialogs that wrap at a readable width, and the fixed-width and status-bar layouts.
package controls

import (
	"image/color"
	"slices"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// TipLayer is a non-interactive layer above the editor where tooltips show;
// it takes no events, so the widgets under it keep working.
type TipLayer struct {
	layer *fyne.Container
	bg    *canvas.Rectangle
	text  *canvas.Text
	owner *TipButton
	timer *time.Timer
	post  func(func())
}

// NewTipLayer makes an empty tooltip layer; post runs a tooltip's showing
// on the UI goroutine (fyne.Do; tests pass their own).
func NewTipLayer(post func(func())) *TipLayer {
	t := &TipLayer{post: post, bg: canvas.NewRectangle(color.NRGBA{0x20, 0x20, 0x20, 0xee}), text: canvas.NewText("", color.White)}
	t.bg.CornerRadius = 4
	t.text.TextSize = theme.TextSize() * 0.95
	t.layer = container.NewWithoutLayout(t.bg, t.text)
	t.bg.Hide()
	t.text.Hide()
	return t
}

// Showing is the tooltip on screen, "" when none is.
func (t *TipLayer) Showing() string {
	if !t.text.Visible() {
		return ""
	}
	return t.text.Text
}

// Layer is the object to stack above the window's content.
func (t *TipLayer) Layer() fyne.CanvasObject { return t.layer }

func (t *TipLayer) show(b *TipButton) {
	d := fyne.CurrentApp().Driver()
	bp := d.AbsolutePositionForObject(b)
	lp := d.AbsolutePositionForObject(t.layer)
	t.text.Text = b.tip
	ts := t.text.MinSize()
	pad := float32(6)
	p := bp.Subtract(lp).Add(fyne.NewPos(b.Size().Width+4, (b.Size().Height-ts.Height)/2-pad))
	if c := d.CanvasForObject(b); c != nil && p.X+ts.Width+2*pad > c.Size().Width {
		p = bp.Subtract(lp).Add(fyne.NewPos(0, b.Size().Height+2))
	}
	t.bg.Move(p)
	t.bg.Resize(fyne.NewSize(ts.Width+2*pad, ts.Height+2*pad))
	t.text.Move(p.Add(fyne.NewPos(pad, pad)))
	t.text.Resize(ts)
	t.bg.Show()
	t.text.Show()
	t.layer.Refresh()
}

func (t *TipLayer) hide(b *TipButton) {
	if t.timer != nil {
		t.timer.Stop()
	}
	if t.owner == b || b == nil {
		t.owner = nil
		t.bg.Hide()
		t.text.Hide()
		t.layer.Refresh()
	}
}

// TipButton is a button that shows a tooltip (its key and what it does)
// after the pointer rests on it.
type TipButton struct {
	widget.Button
	tip    string
	layer  *TipLayer
	hovers bool
	ring   focusRing
}

func NewTipButton(label, tip string, layer *TipLayer, tapped func()) *TipButton {
	b := &TipButton{tip: tip, layer: layer}
	b.Text = label
	b.OnTapped = tapped
	b.ExtendBaseWidget(b)
	return b
}

// MouseIn starts the tooltip timer.
func (b *TipButton) MouseIn(ev *desktop.MouseEvent) {
	b.Button.MouseIn(ev)
	b.hovers = true
	l := b.layer
	if l == nil {
		return
	}
	if l.timer != nil {
		l.timer.Stop()
	}
	l.owner = b
	l.timer = time.AfterFunc(600*time.Millisecond, func() {
		l.post(func() {
			if l.owner == b && b.hovers {
				l.show(b)
			}
		})
	})
}

// MouseOut hides the tooltip.
func (b *TipButton) MouseOut() {
	b.Button.MouseOut()
	b.hovers = false
	if b.layer != nil {
		b.layer.hide(b)
	}
}

// Tapped hides the tooltip and taps.
func (b *TipButton) Tapped(ev *fyne.PointEvent) {
	if b.layer != nil {
		b.layer.hide(b)
	}
	b.Button.Tapped(ev)
}

// TypedRune implements fyne.Focusable: as a PaneButton's, runes are the
// window's.
func (b *TipButton) TypedRune(r rune) { buttonRune(&b.Button, b, r) }

// TypedKey implements fyne.Focusable: as a PaneButton's, Space, Enter and
// Return press it, Escape leaves it, other keys are the window's.
func (b *TipButton) TypedKey(k *fyne.KeyEvent) { buttonKey(&b.Button, b, k) }

// KeyDown implements desktop.Keyable: Alt opens no menu (AltKey).
func (b *TipButton) KeyDown(k *fyne.KeyEvent) { AltKey(b, k, true, nil) }

// KeyUp implements desktop.Keyable.
func (b *TipButton) KeyUp(k *fyne.KeyEvent) { AltKey(b, k, false, nil) }

// FocusGained implements fyne.Focusable: a ring shows, as a PaneButton's.
func (b *TipButton) FocusGained() { b.ring.gained(&b.Button) }

// FocusLost implements fyne.Focusable: the ring goes.
func (b *TipButton) FocusLost() { b.ring.lost(&b.Button) }

// CreateRenderer implements fyne.Widget: the button's, with the ring.
func (b *TipButton) CreateRenderer() fyne.WidgetRenderer {
	return b.ring.wrap(b.Button.CreateRenderer())
}

// FixedWidth lays obj out at width w (and the height it is given).
func FixedWidth(obj fyne.CanvasObject, w float32) fyne.CanvasObject {
	return container.New(&sizedLayout{w: w}, obj)
}

// MinHeight lays obj out at the height it is given, asking at least h.
func MinHeight(obj fyne.CanvasObject, h float32) fyne.CanvasObject {
	return container.New(&sizedLayout{h: h}, obj)
}

// AtLeast lays obj out over the whole of its size, asking at least w x h
// (more when obj asks more): a window's least size, which its content's
// sets.
func AtLeast(obj fyne.CanvasObject, w, h float32) fyne.CanvasObject {
	return container.New(&atLeastLayout{fyne.NewSize(w, h)}, obj)
}

type atLeastLayout struct{ least fyne.Size }

func (l *atLeastLayout) Layout(objs []fyne.CanvasObject, s fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(s)
	}
}

func (l *atLeastLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	m := l.least
	for _, o := range objs {
		m = m.Max(o.MinSize())
	}
	return m
}

// sizedLayout lays its objects out over the whole of its size and asks
// width w and height h, or, where one is 0, what its objects ask.
type sizedLayout struct{ w, h float32 }

func (l *sizedLayout) Layout(objs []fyne.CanvasObject, s fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(s)
	}
}

func (l *sizedLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var m fyne.Size
	for _, o := range objs {
		m = m.Max(o.MinSize())
	}
	if l.w > 0 {
		m.Width = l.w
	}
	if l.h > 0 {
		m.Height = l.h
	}
	return m
}

// StatusLayout shares a row among labels by what their text needs: a label
// whose text fits in its weighted share keeps only that, and what it leaves
// goes to the others by weight (the longer texts then truncate last).
// A field gets up to its floor from the room the texts leave (so the
// next field does not jump about as the text before it changes). When
// the texts do not all fit, a field with a yield gives its width to the
// texts of fields of a higher rank, down to that yield, before they are
// cut, the highest rank served first and the lowest rank giving first (a
// message that clears itself gives way to the path being dragged, the
// hovered square to both). A field that Goes gives the rest of its width
// too when that is still not enough, and is hidden until there is room
// again: a stub such as "(2, 7) op…" says nothing, and the room it kept
// cut the end of a refusal ("hold Shift to place anyway").
type StatusLayout struct {
	Weights []float32 // each field's share of the width left over
	Floors  []float32 // the least width of the first fields
	Yields  []float32 // the width down to which a field gives way (0: it does not)
	Ranks   []int     // a field takes from those of a lower rank (none given: a field that yields ranks below every one that does not)
	Goes    []bool    // a field that yields gives all its width when its yield is not enough
	Keep    bool      // no field goes for now: its owner first makes room another way

	gone []bool // the fields Layout hid (Goes), still measured by their text
}

func (l *StatusLayout) need(i int, o fyne.CanvasObject, floors bool) float32 {
	var floor float32
	if floors && i < len(l.Floors) {
		floor = l.Floors[i]
	}
	lbl, ok := o.(*widget.Label)
	if !ok || (!o.Visible() && !l.hidden(i)) {
		return max(floor, o.MinSize().Width)
	}
	if lbl.Text == "" {
		return floor
	}
	return max(floor, fyne.MeasureText(lbl.Text, theme.TextSize(), lbl.TextStyle).Width+2*theme.InnerPadding()+1)
}

// hidden reports whether Layout hid field i for want of room.
func (l *StatusLayout) hidden(i int) bool { return i < len(l.gone) && l.gone[i] }

func (l *StatusLayout) goes(i int) bool { return !l.Keep && i < len(l.Goes) && l.Goes[i] }

// Widths is each field's width in a row total wide: what Layout gives
// them (0 for a field that went).
func (l *StatusLayout) Widths(objs []fyne.CanvasObject, total float32) []float32 {
	return l.widths(objs, total)
}

// Cut reports whether field i's text would not show whole in a row total
// wide.
func (l *StatusLayout) Cut(objs []fyne.CanvasObject, total float32, i int) bool {
	return l.widths(objs, total)[i] < l.need(i, objs[i], false)
}

func (l *StatusLayout) widths(objs []fyne.CanvasObject, total float32) []float32 {
	w := l.shares(objs, total)
	order := make([]int, len(objs))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return l.rank(b) - l.rank(a) })
	givers := slices.Clone(order)
	slices.Reverse(givers) // the lowest rank gives first
	for _, i := range order {
		short := l.need(i, objs[i], false) - w[i]
		for _, all := range []bool{false, true} {
			for _, j := range givers {
				y := l.yield(j)
				if short <= 0 || l.rank(j) >= l.rank(i) || y <= 0 || (all && !l.goes(j)) {
					continue
				}
				if all {
					y = 0
				}
				if w[j] > y {
					give := min(short, w[j]-y)
					if all {
						give = w[j] // all of it: no stub
					}
					w[j] -= give
					w[i] += give
					short -= give
				}
			}
		}
	}
	return w
}

func (l *StatusLayout) rank(i int) int {
	if i < len(l.Ranks) {
		return l.Ranks[i]
	}
	if l.yield(i) > 0 {
		return 0
	}
	return 1
}

func (l *StatusLayout) yield(i int) float32 {
	if i < len(l.Yields) {
		return l.Yields[i]
	}
	return 0
}

// shares is each field's width by its text and weight.
func (l *StatusLayout) shares(objs []fyne.CanvasObject, total float32) []float32 {
	n := len(objs)
	need := make([]float32, n)
	w := make([]float32, n)
	open := make([]bool, n)
	var sum float32
	for i, o := range objs {
		need[i] = l.need(i, o, false)
		open[i] = true
		sum += need[i]
	}
	// The floors take what room the texts leave, first field first.
	slack := total - sum
	for i, o := range objs {
		if slack <= 0 {
			break
		}
		up := min(l.need(i, o, true)-need[i], slack)
		need[i] += up
		slack -= up
	}
	left := total
	for {
		var sum float32
		for i := range objs {
			if open[i] {
				sum += l.weight(i)
			}
		}
		if sum == 0 {
			break
		}
		fixed := false
		for i := range objs {
			if open[i] && need[i] <= left*l.weight(i)/sum {
				w[i], open[i] = need[i], false
				left -= need[i]
				fixed = true
			}
		}
		if !fixed {
			for i := range objs {
				if open[i] {
					w[i] = left * l.weight(i) / sum
				}
			}
			return w
		}
	}
	// everything fits: the last field takes the rest
	if n > 0 {
		w[n-1] += left
	}
	return w
}

func (l *StatusLayout) weight(i int) float32 {
	if i < len(l.Weights) {
		return l.Weights[i]
	}
	return 1
}

func (l *StatusLayout) Layout(objs []fyne.CanvasObject, s fyne.Size) {
	x := float32(0)
	ws := l.widths(objs, s.Width)
	if len(l.gone) < len(objs) {
		l.gone = append(l.gone, make([]bool, len(objs)-len(l.gone))...)
	}
	for i, w := range ws {
		// a label narrower than its padding draws its whole text over
		// its neighbours: one that went is hidden instead
		switch {
		case w <= 0 && objs[i].Visible() && i < len(l.Goes) && l.Goes[i]:
			objs[i].Hide()
			l.gone[i] = true
		case w > 0 && l.gone[i]:
			objs[i].Show()
			l.gone[i] = false
		}
		objs[i].Move(fyne.NewPos(x, 0))
		objs[i].Resize(fyne.NewSize(w, s.Height))
		x += w
	}
}

func (l *StatusLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var s fyne.Size
	for _, o := range objs {
		m := o.MinSize()
		s.Width += m.Width
		s.Height = max(s.Height, m.Height)
	}
	return s
}
