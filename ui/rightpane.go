package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/ui/controls"
)

// minAnswerLines and maxAnswerLines bound the lines of answers (cover,
// flanking, forced movement) shown under the overlay switches without
// scrolling: the part takes the lines the answers have, at least a few so
// it does not jump for a line or two, and at most enough for the sample's
// Large enemy (cover toward six tokens, a heading and one line each).
const (
	minAnswerLines = 3
	maxAnswerLines = 8
)

// inspectorShare is the least share of the column the inspector keeps
// while the lower part takes what it needs: points, with its teleport and
// forced-movement fields, would otherwise leave the inspector two lines.
const inspectorShare = 0.3

// buildRightPane is the right-hand column: the token inspector (scrolling)
// above a handle; below it the overlay switches and, under them in their
// own scroll, the answers for the selection — "Cover from X", "Flanked
// (off-guard)", the forced movement summary.
//
// The two used to share the column by a fixed fraction under Fyne's split,
// whose handle is a dash a few pixels wide: at the default window size the
// inspector showed four fields while the answers left 400 px empty. Now
// the lower part takes the height it needs (the switches and the lines of
// answers there are) and the inspector everything else, until the GM drags the
// full-width handle.
func (ed *Editor) buildRightPane() fyne.CanvasObject {
	// the fields end a scroll bar's width short of the column: the bar is
	// drawn over the content, and ran over the max HP field; the token
	// list's rows are made as they come into view (lazyRows)
	inspScroll := newRowsScroll(container.New(clearOfBar(), ed.insp.box), ed.insp.listRows())
	ed.fight.scroll = inspScroll // fightpanel.go: scrollToSelection
	// the answers ask no height of their own: where the pane is short
	// (the least window, a fight's order and inspector above) they give
	// theirs up first, and scroll in what they get
	answers := container.New(noHeight{}, container.NewVScroll(ed.ovp.coverLabel))
	lower := container.NewBorder(ed.ovp.box, nil, nil, nil, answers)
	// where the pane is too short for its parts (a 960 x 540 screen) the
	// switches scroll under the inspector, in their own scroll
	// (lowerLeast), not the pane as a whole
	clear := &clearOfBarWhenShort{}
	ed.lowerScroll = container.NewVScroll(container.New(clear, lower))
	clear.sc = ed.lowerScroll
	// the inspector's refusals under its scroll, where they move no field;
	// in a fight the turn controls and the order stay in sight above it
	// (fightpanel.go, fightColumn); the wheel scrolls the inspector over
	// its fields too (wheelTo below)
	insp := container.NewBorder(nil, ed.insp.errorLine(), nil, nil,
		ed.pinFightBar(controls.MinHeight(container.NewStack(inspScroll, newWheelTo(inspScroll)), controls.TopMin)))
	ed.insp.errHolder = insp
	ed.insp.keepInSight = func() { keepFocusInSight(ed.win.Canvas(), inspScroll) }
	ll := &lowerLeast{lower: lower}
	ed.right = controls.NewSplitter(insp, container.New(ll, ed.lowerScroll), ed.lowerNeed)
	ll.s = ed.right
	ed.right.TopShare = inspectorShare
	ed.right.BottomHeight = savedLowerHeight()
	return ed.right
}

// lowerLeast lays the pane's lower part (the overlay switches and the
// answers, in their scroll) out over its whole size, and asks the
// switches' height where the pane has it, as the part itself did: the
// splitter gives them their height before the inspector gets more than
// its floor. Where the pane is too short for the inspector's floor (in a
// fight, the turn controls and two rows of the order over it), the
// handle and the switches (a 1024 x 600 netbook under a desktop panel,
// 1920 x 1080 at FYNE_SCALE=2), it asks what is left under the floor,
// and the switches scroll in it.
//
// The pane scrolled as a whole there, and its bar stood beside the
// inspector's own (and the order's), two bars side by side, the wheel
// over the inspector scrolling one and over the switches the other. Now
// each part scrolls on its own, in its own place, and the fight's End
// and Heal stay at the pane's top.
type lowerLeast struct {
	s     *controls.Splitter
	lower fyne.CanvasObject // what the scroll holds
}

// lowerLeastRoom is the least height the lower part asks however short
// the pane: the switches' heading and a row under it.
const lowerLeastRoom = 80

func (l *lowerLeast) MinSize(objs []fyne.CanvasObject) fyne.Size {
	want := l.lower.MinSize()
	if l.s == nil {
		return want
	}
	top := max(controls.TopMin, l.s.Top.MinSize().Height)
	room := l.s.Size().Height - controls.SplitHandleHeight - top
	return fyne.NewSize(want.Width, max(min(want.Height, room), min(want.Height, lowerLeastRoom)))
}

func (l *lowerLeast) Layout(objs []fyne.CanvasObject, s fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.Position{})
		o.Resize(s)
	}
}

// clearOfBarWhenShort lays the lower part out over its whole size, but
// a scroll bar's width short of its right edge while its scroll shows a
// bar (the content taller than the view), which Fyne draws over the
// content: the switches keep their places where the pane has their
// height.
type clearOfBarWhenShort struct{ sc *container.Scroll }

func (c *clearOfBarWhenShort) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var s fyne.Size
	for _, o := range objs {
		s = s.Max(o.MinSize())
	}
	return s
}

func (c *clearOfBarWhenShort) Layout(objs []fyne.CanvasObject, s fyne.Size) {
	w := s.Width
	if c.sc != nil && c.sc.Size().Height < s.Height-0.5 {
		w = max(w-theme.ScrollBarSize(), 0)
	}
	for _, o := range objs {
		o.Move(fyne.Position{})
		o.Resize(fyne.NewSize(w, s.Height))
	}
}

// noHeight lays its objects out over its whole size and asks their width
// but no height.
type noHeight struct{}

func (noHeight) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var w float32
	for _, o := range objs {
		w = max(w, o.MinSize().Width)
	}
	return fyne.NewSize(w, 0)
}

func (noHeight) Layout(objs []fyne.CanvasObject, s fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.Position{})
		o.Resize(s)
	}
}

// clearOfBar is the padding that keeps a scroll's content clear of its
// bar, which Fyne draws over the content's right edge.
func clearOfBar() fyne.Layout {
	return layout.NewCustomPaddedLayout(0, 0, 0, theme.ScrollBarSize())
}

// lowerNeed is the height the overlay switches and the answers need, the
// answers between minAnswerLines and maxAnswerLines; while the GM works
// the switches, the height the panel had then (overlayPanel.held), as
// long as it leaves the answers a line. In a fight, no more than leaves
// the top what fightTopWant says.
func (ed *Editor) lowerNeed() float32 {
	line := fyne.MeasureText("Mg", theme.TextSize(), fyne.TextStyle{}).Height
	pad := 2 * theme.InnerPadding()
	switches := ed.ovp.box.MinSize().Height + theme.Padding()
	if ed.ovp.held > 0 {
		// fly mode's End elevation row comes out of the answers, which
		// keep a line and scroll
		return max(ed.ovp.held, switches+line+pad)
	}
	answers := max(minAnswerLines*line+pad, min(maxAnswerLines*line+pad, ed.ovp.coverLabel.MinSize().Height))
	need := switches + answers
	if ed.enc.Fight != nil && ed.right != nil {
		// in a fight the turn controls, a few rows of the order and the
		// quick HP and conditions come first; the answers scroll in what
		// is left (the switches keep their room: Bottom's MinSize)
		need = min(need, ed.right.Size().Height-controls.SplitHandleHeight-ed.fightTopWant())
	}
	return need
}

// relayoutRight lays the column out again for the overlay panel as it is
// now. Rebuilding the panel sets its switches, whose callbacks refresh the
// answers and so the column while the panel is still empty: undoing a
// rename ("Cover from IsephX" back to "Iseph") left the lower part sized
// for no switches, and the panel drawn over the answers and the status bar.
func (ed *Editor) relayoutRight() {
	if ed.right == nil {
		return
	}
	ed.right.Refresh()
	if sc := ed.lowerScroll; sc != nil {
		sc.Refresh() // the switches may ask more height, or less
		if c, ok := sc.Content.(*fyne.Container); ok && c.Layout != nil {
			c.Layout.Layout(c.Objects, c.Size())
			if b, ok := c.Objects[0].(*fyne.Container); ok && b.Layout != nil {
				b.Layout.Layout(b.Objects, b.Size())
			}
		}
	}
}

// wheelTo lies over the inspector and gives it the mouse wheel wherever
// the pointer is. Each text field has a scroller of its own, the object
// under the pointer the wheel goes to, which swallowed the wheel with
// nothing to scroll: over a form that is mostly fields, scrolling stalled
// after a step and only worked over the labels. wheelTo takes no clicks,
// hovers or cursor: those still reach the fields under it.
type wheelTo struct {
	widget.BaseWidget
	to fyne.Scrollable
}

func newWheelTo(to fyne.Scrollable) *wheelTo {
	w := &wheelTo{to: to}
	w.ExtendBaseWidget(w)
	return w
}

// Scrolled passes the wheel to the inspector's scroller.
func (w *wheelTo) Scrolled(ev *fyne.ScrollEvent) { w.to.Scrolled(ev) }

func (w *wheelTo) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(&fyne.Container{})
}

// keepFocusInSight scrolls sc, when the focused object is in its content
// and below or above its view, just enough to show it: the inspector's
// error line, shown under the scroll as the GM types, shortened the view
// from below and hid the very field being typed in (its next keys went in
// unseen). Fields move only then, and only by what the line took.
func keepFocusInSight(c fyne.Canvas, sc *container.Scroll) {
	o, ok := c.Focused().(fyne.CanvasObject)
	if !ok || sc.Content == nil {
		return
	}
	d := fyne.CurrentApp().Driver()
	top := d.AbsolutePositionForObject(sc).Y
	content := d.AbsolutePositionForObject(sc.Content).Y
	y := d.AbsolutePositionForObject(o).Y
	if y < content || y > content+sc.Content.Size().Height {
		return // not in the inspector
	}
	view := sc.Size().Height
	off := sc.Offset
	switch bottom := y + o.Size().Height; {
	case bottom > top+view:
		off.Y += bottom - (top + view)
	case y < top:
		off.Y -= top - y
	default:
		return
	}
	sc.ScrollToOffset(off)
}
