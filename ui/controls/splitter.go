package controls

import (
	"image/color"
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// Splitter stacks Top over Bottom with a handle between them that the
// mouse drags. Unlike Fyne's Split, whose handle is a dash a few pixels
// wide, the handle is a full-width bar with a grip; and unlike a split by
// fraction, Bottom keeps the height it needs (Need) while Top takes
// whatever is left, until the GM drags the handle (then BottomHeight).
type Splitter struct {
	widget.BaseWidget
	Top, Bottom fyne.CanvasObject
	// Need is Bottom's height when the GM has not dragged the handle.
	Need func() float32
	// BottomHeight is the height the GM dragged Bottom to; 0 = Need.
	BottomHeight float32
	// OnMoved, when set, is told the new BottomHeight after a drag.
	OnMoved func(h float32)
	// TopShare is the least share of the height Top keeps while Bottom
	// takes what it needs (not after a drag, which may go down to TopMin).
	TopShare float32

	handle *splitHandle
}

// SplitHandleHeight is the handle's height.
const SplitHandleHeight = 12

// TopMin is the least height Top keeps, however the handle is dragged,
// or Top's MinSize when that is more (topFloor).
const TopMin = 80

// topFloor is the least height Top keeps: TopMin, or more when Top needs
// more (the inspector under the fight's pinned turn controls: with 80 px
// the controls took them all, and a drag hid the inspector entirely).
func (s *Splitter) topFloor() float32 { return max(TopMin, s.Top.MinSize().Height) }

// NewSplitter stacks top over bottom; need says bottom's height.
func NewSplitter(top, bottom fyne.CanvasObject, need func() float32) *Splitter {
	s := &Splitter{Top: top, Bottom: bottom, Need: need}
	s.handle = newSplitHandle(s)
	s.ExtendBaseWidget(s)
	return s
}

// BottomShown is the height Bottom gets at the splitter's height h: at
// least its MinSize, as long as Top keeps its floor (TopMin or its MinSize);
// when both do not fit, Bottom's MinSize comes first and Top keeps TopMin.
func (s *Splitter) BottomShown(h float32) float32 {
	b := s.BottomHeight
	if b <= 0 && s.Need != nil {
		b = min(s.Need(), h-SplitHandleHeight-s.TopShare*h)
	}
	// Bottom is not clipped: dragged below its least height, its last
	// controls were drawn over the status bar and out of the window; and
	// it was when Top asked more than the rest (the inspector's refusal
	// under the fight's order): Top scrolls in what it gets
	least := s.Bottom.MinSize().Height
	b = max(b, least)
	b = min(b, h-SplitHandleHeight-s.topFloor())
	b = max(b, min(least, h-SplitHandleHeight-TopMin))
	return max(b, 0)
}

// CreateRenderer implements fyne.Widget.
func (s *Splitter) CreateRenderer() fyne.WidgetRenderer {
	return &splitterRenderer{s: s}
}

type splitterRenderer struct{ s *Splitter }

func (r *splitterRenderer) Layout(size fyne.Size) {
	s := r.s
	b := s.BottomShown(size.Height)
	t := size.Height - b - SplitHandleHeight
	s.Top.Move(fyne.NewPos(0, 0))
	s.Top.Resize(fyne.NewSize(size.Width, t))
	s.handle.Move(fyne.NewPos(0, t))
	s.handle.Resize(fyne.NewSize(size.Width, SplitHandleHeight))
	s.Bottom.Move(fyne.NewPos(0, t+SplitHandleHeight))
	s.Bottom.Resize(fyne.NewSize(size.Width, b))
}

func (r *splitterRenderer) MinSize() fyne.Size {
	w := max(r.s.Top.MinSize().Width, r.s.Bottom.MinSize().Width)
	return fyne.NewSize(w, r.s.topFloor()+SplitHandleHeight)
}

func (r *splitterRenderer) Refresh() {
	r.Layout(r.s.Size())
	r.s.handle.Refresh()
	canvas.Refresh(r.s)
}

func (r *splitterRenderer) Objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{r.s.Top, r.s.handle, r.s.Bottom}
}

func (r *splitterRenderer) Destroy() {}

// splitHandle is the bar between the two parts: a line across and a grip
// of three short bars in the middle, which the mouse drags.
type splitHandle struct {
	widget.BaseWidget
	s       *Splitter
	hovered bool
	start   float32 // Bottom's height when the drag started, -1 between drags
	moved   float32
}

func newSplitHandle(s *Splitter) *splitHandle {
	h := &splitHandle{s: s, start: -1}
	h.ExtendBaseWidget(h)
	return h
}

// Dragged moves the handle with the pointer.
func (h *splitHandle) Dragged(ev *fyne.DragEvent) {
	s := h.s
	if h.start < 0 {
		h.start, h.moved = s.BottomShown(s.Size().Height), 0
	}
	h.moved += ev.Dragged.DY
	s.BottomHeight = max(h.start-h.moved, 1)
	s.BottomHeight = s.BottomShown(s.Size().Height)
	s.Refresh()
}

// DragEnd keeps where the handle was left.
func (h *splitHandle) DragEnd() {
	h.start = -1
	if h.s.OnMoved != nil {
		h.s.OnMoved(h.s.BottomHeight)
	}
}

// Cursor shows that the handle moves up and down.
func (h *splitHandle) Cursor() desktop.Cursor { return desktop.VResizeCursor }

// MouseIn, MouseMoved and MouseOut light the grip under the pointer.
func (h *splitHandle) MouseIn(*desktop.MouseEvent)    { h.hovered = true; h.Refresh() }
func (h *splitHandle) MouseMoved(*desktop.MouseEvent) {}
func (h *splitHandle) MouseOut()                      { h.hovered = false; h.Refresh() }

func (h *splitHandle) CreateRenderer() fyne.WidgetRenderer {
	r := &handleRenderer{h: h, bar: canvas.NewRectangle(color.Transparent)}
	for i := range r.grip {
		r.grip[i] = canvas.NewRectangle(color.Transparent)
	}
	r.Refresh()
	return r
}

type handleRenderer struct {
	h    *splitHandle
	bar  *canvas.Rectangle
	grip [3]*canvas.Rectangle
}

// gripWidth is the length of the grip's bars.
const gripWidth = 36

func (r *handleRenderer) Layout(size fyne.Size) {
	r.bar.Move(fyne.NewPos(0, 0))
	r.bar.Resize(size)
	x := (size.Width - gripWidth) / 2
	for i, g := range r.grip {
		g.Move(fyne.NewPos(x, size.Height/2-4+float32(i)*3))
		g.Resize(fyne.NewSize(gripWidth, 1.5))
	}
}

func (r *handleRenderer) MinSize() fyne.Size { return fyne.NewSize(gripWidth, SplitHandleHeight) }

func (r *handleRenderer) Refresh() {
	th := r.h.Theme()
	v := fyne.CurrentApp().Settings().ThemeVariant()
	r.bar.FillColor = th.Color(theme.ColorNameSeparator, v)
	ink := th.Color(theme.ColorNameDisabled, v)
	if contrast(ink, r.bar.FillColor) < 1.5 {
		// Fyne's light theme has one grey for both: the grip, which says
		// the bar can be dragged, was not there
		ink = th.Color(theme.ColorNamePlaceHolder, v)
	}
	if r.h.hovered {
		ink = th.Color(theme.ColorNameForeground, v)
	}
	for _, g := range r.grip {
		g.FillColor = ink
		g.Refresh()
	}
	r.bar.Refresh()
	r.Layout(r.h.Size())
}

func (r *handleRenderer) Objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{r.bar, r.grip[0], r.grip[1], r.grip[2]}
}

func (r *handleRenderer) Destroy() {}

// contrast is the contrast ratio of two colours (WCAG 2: from 1, the
// same, to 21, black on white), their alpha ignored.
func contrast(a, b color.Color) float64 {
	la, lb := luminance(a), luminance(b)
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}

// luminance is the relative luminance of c (WCAG 2).
func luminance(c color.Color) float64 {
	r, g, b, _ := c.RGBA()
	lin := func(v uint32) float64 {
		s := float64(v) / 0xffff
		if s <= 0.04045 {
			return s / 12.92
		}
		return math.Pow((s+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(r) + 0.7152*lin(g) + 0.0722*lin(b)
}
