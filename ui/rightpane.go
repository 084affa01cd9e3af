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
	// the inspector's refusals under its scroll, where they move no field;
	// in a fight the turn controls and the order stay in sight above it
	// (fightpanel.go, fightColumn); the wheel scrolls the inspector over
	// its fields too (wheelTo below)
	insp := container.NewBorder(nil, ed.insp.errorLine(), nil, nil,
		ed.pinFightBar(controls.MinHeight(container.NewStack(inspScroll, newWheelTo(inspScroll)), controls.TopMin)))
	ed.insp.errHolder = insp
	ed.insp.keepInSight = func() { keepFocusInSight(ed.win.Canvas(), inspScroll) }
	ed.right = controls.NewSplitter(insp, lower, ed.lowerNeed)
	ed.right.TopShare = inspectorShare
	ed.right.BottomHeight = savedLowerHeight()
	ed.rightScroll = container.NewVScroll(container.New(partsLeast{ed.right}, ed.right))
	return ed.rightScroll
}

// rightPaneLeast is the height the right pane had in a 1024 x 600
// window, the editor's least until it had to fit smaller screens: every
// state of the pane was laid out to fit it (TestRightPaneFitsAtEverySize),
// the inspector above the switches with room to show a few fields.
const rightPaneLeast = 520

// partsLeast lays the right pane's splitter out over its whole size and
// asks the height its parts need together (the inspector's floor, the
// handle and the overlay switches), rightPaneLeast at least. In the
// scroll buildRightPane puts it in, a window that has that height lays
// the pane out as before, and a shorter one (a 1024 x 600 netbook under a desktop panel, 1920 x 1080 at
// FYNE_SCALE=2) scrolls the pane as a whole: the window asked 1024 x 600
// at least, and ran off those screens with the switches, the fight's End
// and Heal and the status bar out of reach.
type partsLeast struct{ s *controls.Splitter }

func (l partsLeast) MinSize([]fyne.CanvasObject) fyne.Size {
	top := max(controls.TopMin, l.s.Top.MinSize().Height)
	return fyne.NewSize(l.s.MinSize().Width, max(rightPaneLeast, top+controls.SplitHandleHeight+l.s.Bottom.MinSize().Height))
}

func (partsLeast) Layout(objs []fyne.CanvasObject, s fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.Position{})
		o.Resize(s)
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
	if ed.rightScroll != nil {
		ed.rightScroll.Refresh() // the parts may ask more height, or less
	}
	if c, ok := ed.right.Bottom.(*fyne.Container); ok && c.Layout != nil {
		c.Layout.Layout(c.Objects, c.Size())
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
