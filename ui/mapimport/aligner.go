package mapimport

import (
	"image"
	"image/color"
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"
)

// markRadius is the radius of a grid point's ring, and grabRadius how near
// a press must be to a point to drag it rather than place the next one.
const (
	markRadius = 7
	grabRadius = 16
)

// markColours tell the two grid points apart: the first cyan, the second
// yellow, both unlike the magenta preview grid.
var markColours = [2]color.NRGBA{{0x10, 0xe0, 0xff, 0xff}, {0xff, 0xe0, 0x10, 0xff}}

// Aligner shows a map image with its proposed grid and lets the GM put two
// grid points on it: a click places the first point, the next click the
// second, then the first again; a drag moves the point nearest the press
// (or places the next one). A point lands on the drawn grid line near
// where it was put (Snap). The wheel zooms in and out around the pointer,
// for a corner on a map too big to see whole, and a drag with the middle
// button or Shift held moves the zoomed view (Pan). OnPoints hears of the two
// points once both are on the image, after each click and at the end of
// each drag. Points are in image pixels, whatever the size and zoom the
// preview is shown at.
type Aligner struct {
	widget.BaseWidget

	// OnPoints is called with the two points when both are set and one
	// moved.
	OnPoints func(a, b Point)
	// Snap, when set, moves a clicked or dropped point onto what is drawn
	// near it (SnapToLines); r is the image pixels a screen unit covers,
	// plus one.
	Snap func(p Point, r float64) Point
	// Render, when set, draws the part view of the image (image pixels)
	// for the preview: the aligner calls it when it zooms and on Redraw.
	Render func(view image.Rectangle) image.Image

	iw, ih  int             // the image's size in pixels
	view    image.Rectangle // the part of the image shown (zoom)
	preview image.Image     // what is shown: the part view of the image, scaled, with a grid
	pts     [2]Point
	set     [2]bool
	next    int // the point a click places
	drag    int // the point a drag moves, -1 when none
	press   fyne.Position
	pressed bool // press is where the primary button went down
	panning bool // the press was the middle button or Shift: its drag pans
}

// NewAligner makes an aligner for an iw x ih pixel image shown as preview
// (any size with the image's proportions).
func NewAligner(iw, ih int, preview image.Image) *Aligner {
	a := &Aligner{iw: max(1, iw), ih: max(1, ih), preview: preview, drag: -1}
	a.view = image.Rect(0, 0, a.iw, a.ih)
	a.ExtendBaseWidget(a)
	return a
}

// SetPreview shows a new preview of the part View of the image.
func (a *Aligner) SetPreview(img image.Image) {
	a.preview = img
	a.Refresh()
}

// Redraw asks Render for the preview again (the grid moved).
func (a *Aligner) Redraw() {
	if a.Render != nil {
		a.SetPreview(a.Render(a.view))
	}
}

// View is the part of the image shown, in image pixels.
func (a *Aligner) View() image.Rectangle { return a.view }

// minViewSide is the fewest image pixels the zoomed preview shows across.
const minViewSide = 24

// Zoom shows f times as much detail (f < 1: less), keeping the image
// pixel at of the preview in place, from the whole image down to
// minViewSide pixels across.
func (a *Aligner) Zoom(f float64, at Point) {
	full := image.Rect(0, 0, a.iw, a.ih)
	k := math.Min(1, math.Max(float64(minViewSide)/float64(max(a.iw, a.ih)), float64(a.view.Dx())/float64(a.iw)/f))
	vw, vh := max(1, int(math.Round(float64(a.iw)*k))), max(1, int(math.Round(float64(a.ih)*k)))
	// the pixel at stays where it is in the preview
	fx := (at.X - float64(a.view.Min.X)) / float64(a.view.Dx())
	fy := (at.Y - float64(a.view.Min.Y)) / float64(a.view.Dy())
	x0 := min(max(0, int(math.Round(at.X-fx*float64(vw)))), a.iw-vw)
	y0 := min(max(0, int(math.Round(at.Y-fy*float64(vh)))), a.ih-vh)
	v := image.Rect(x0, y0, x0+vw, y0+vh).Intersect(full)
	if v == a.view {
		return
	}
	a.view = v
	a.Redraw()
	a.Refresh()
}

// Pan moves the zoomed view by (dx, dy) image pixels, as far as the image
// goes.
func (a *Aligner) Pan(dx, dy float64) {
	x0 := min(max(0, a.view.Min.X+int(math.Round(dx))), a.iw-a.view.Dx())
	y0 := min(max(0, a.view.Min.Y+int(math.Round(dy))), a.ih-a.view.Dy())
	v := image.Rect(x0, y0, x0+a.view.Dx(), y0+a.view.Dy())
	if v == a.view {
		return
	}
	a.view = v
	a.Redraw()
	a.Refresh()
}

// Scrolled zooms around the pointer: a wheel notch up is 1.25 times the
// detail.
func (a *Aligner) Scrolled(ev *fyne.ScrollEvent) {
	switch {
	case ev.Scrolled.DY > 0:
		a.Zoom(1.25, a.toImage(ev.Position))
	case ev.Scrolled.DY < 0:
		a.Zoom(0.8, a.toImage(ev.Position))
	}
}

// Points returns the two points and whether both are set.
func (a *Aligner) Points() (p, q Point, ok bool) {
	return a.pts[0], a.pts[1], a.set[0] && a.set[1]
}

// SetPoint puts point i (0 or 1) at p, image pixels, as a click would.
func (a *Aligner) SetPoint(i int, p Point) {
	a.pts[i], a.set[i] = a.clamp(p), true
	a.next = 1 - i
	a.Refresh()
	a.changed()
}

// imageRect is where the part View of the image is drawn in a widget of
// size s: as large as fits, centred, its proportions kept.
func (a *Aligner) imageRect(s fyne.Size) (pos fyne.Position, size fyne.Size) {
	vw, vh := float64(a.view.Dx()), float64(a.view.Dy())
	k := float32(math.Min(float64(s.Width)/vw, float64(s.Height)/vh))
	size = fyne.NewSize(float32(vw)*k, float32(vh)*k)
	return fyne.NewPos((s.Width-size.Width)/2, (s.Height-size.Height)/2), size
}

// toImage turns a position in the widget into image pixels (on the image).
func (a *Aligner) toImage(p fyne.Position) Point {
	o, s := a.imageRect(a.Size())
	if s.Width <= 0 || s.Height <= 0 {
		return Point{}
	}
	v := a.view
	return a.clamp(Point{X: float64(v.Min.X) + float64(p.X-o.X)/float64(s.Width)*float64(v.Dx()), Y: float64(v.Min.Y) + float64(p.Y-o.Y)/float64(s.Height)*float64(v.Dy())})
}

// fromImage is the widget position of image pixel p.
func (a *Aligner) fromImage(p Point) fyne.Position {
	o, s := a.imageRect(a.Size())
	v := a.view
	return fyne.NewPos(o.X+float32((p.X-float64(v.Min.X))/float64(v.Dx()))*s.Width, o.Y+float32((p.Y-float64(v.Min.Y))/float64(v.Dy()))*s.Height)
}

// shown reports whether image pixel p is in the part shown.
func (a *Aligner) shown(p Point) bool {
	v := a.view
	return p.X >= float64(v.Min.X) && p.X <= float64(v.Max.X) && p.Y >= float64(v.Min.Y) && p.Y <= float64(v.Max.Y)
}

func (a *Aligner) clamp(p Point) Point {
	return Point{X: math.Round(math.Max(0, math.Min(float64(a.iw), p.X))*2) / 2, Y: math.Round(math.Max(0, math.Min(float64(a.ih), p.Y))*2) / 2}
}

func (a *Aligner) changed() {
	if p, q, ok := a.Points(); ok && a.OnPoints != nil {
		a.OnPoints(p, q)
	}
}

// Tapped places the next point where the GM clicked.
func (a *Aligner) Tapped(ev *fyne.PointEvent) { a.SetPoint(a.next, a.snap(a.toImage(ev.Position))) }

// snap applies Snap with the image pixels one screen unit covers.
func (a *Aligner) snap(p Point) Point {
	_, s := a.imageRect(a.Size())
	if a.Snap == nil || s.Width <= 0 {
		return p
	}
	return a.clamp(a.Snap(p, float64(a.view.Dx())/float64(s.Width)+1))
}

// MouseDown keeps where a drag starts, to pick the point it moves, and
// whether it pans instead.
func (a *Aligner) MouseDown(ev *desktop.MouseEvent) {
	a.press, a.pressed = ev.Position, true
	a.panning = ev.Button == desktop.MouseButtonTertiary || ev.Modifier&fyne.KeyModifierShift != 0
}

// MouseUp forgets the press.
func (a *Aligner) MouseUp(*desktop.MouseEvent) { a.pressed = false }

// Dragged moves the point nearest the press, or places the next one when
// the press was on neither; a panning drag moves the view with the pointer.
func (a *Aligner) Dragged(ev *fyne.DragEvent) {
	if a.panning && a.drag < 0 {
		if _, s := a.imageRect(a.Size()); s.Width > 0 {
			k := float64(a.view.Dx()) / float64(s.Width)
			a.Pan(-float64(ev.Dragged.DX)*k, -float64(ev.Dragged.DY)*k)
		}
		return
	}
	if a.drag < 0 {
		start := ev.Position.Subtract(ev.Dragged)
		if a.pressed {
			start = a.press
		}
		a.drag = a.next
		best := float32(grabRadius)
		for i := range a.pts {
			if !a.set[i] {
				continue
			}
			m := a.fromImage(a.pts[i])
			if d := float32(math.Hypot(float64(m.X-start.X), float64(m.Y-start.Y))); d <= best {
				a.drag, best = i, d
			}
		}
	}
	a.pts[a.drag], a.set[a.drag] = a.toImage(ev.Position), true
	a.Refresh()
}

// DragEnd tells OnPoints where the dragged point landed.
func (a *Aligner) DragEnd() {
	if a.drag < 0 {
		a.panning = false
		return
	}
	a.pts[a.drag] = a.snap(a.pts[a.drag])
	a.next = 1 - a.drag
	a.drag = -1
	a.Refresh()
	a.changed()
}

// CreateRenderer draws the preview, the two points and the line between.
func (a *Aligner) CreateRenderer() fyne.WidgetRenderer {
	r := &alignerRenderer{a: a, pic: canvas.NewImageFromImage(a.preview), line: canvas.NewLine(color.NRGBA{0xff, 0xff, 0xff, 0xc0})}
	r.pic.FillMode = canvas.ImageFillStretch
	r.pic.ScaleMode = canvas.ImageScaleFastest
	r.line.StrokeWidth = 1.5
	for i := range r.marks {
		r.marks[i] = canvas.NewCircle(color.Transparent)
		r.marks[i].StrokeColor = markColours[i]
		r.marks[i].StrokeWidth = 2.5
	}
	r.Refresh()
	return r
}

type alignerRenderer struct {
	a     *Aligner
	pic   *canvas.Image
	line  *canvas.Line
	marks [2]*canvas.Circle
}

func (r *alignerRenderer) Layout(s fyne.Size) {
	o, sz := r.a.imageRect(s)
	r.pic.Move(o)
	r.pic.Resize(sz)
	for i, m := range r.marks {
		c := r.a.fromImage(r.a.pts[i])
		m.Move(c.SubtractXY(markRadius, markRadius))
		m.Resize(fyne.NewSquareSize(2 * markRadius))
	}
	r.line.Position1, r.line.Position2 = r.a.fromImage(r.a.pts[0]), r.a.fromImage(r.a.pts[1])
}

func (r *alignerRenderer) MinSize() fyne.Size {
	return fyne.NewSize(previewSide, previewSide*3/4)
}

func (r *alignerRenderer) Refresh() {
	if r.pic.Image != r.a.preview {
		r.pic.Image = r.a.preview
		r.pic.Refresh()
	}
	for i, m := range r.marks {
		m.Hidden = !r.a.set[i] || !r.a.shown(r.a.pts[i])
	}
	r.line.Hidden = r.marks[0].Hidden || r.marks[1].Hidden
	r.Layout(r.a.Size())
	// a ring that was hidden when the window was last painted is unknown
	// to the canvas, so its own Refresh would repaint nothing: repaint the
	// widget
	canvas.Refresh(r.a)
}

func (r *alignerRenderer) Objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{r.pic, r.line, r.marks[0], r.marks[1]}
}

func (r *alignerRenderer) Destroy() {}
