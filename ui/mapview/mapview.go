// Package mapview is the map widget of the editor and the player display:
// one raster drawn by ui/render, zoomed with the wheel and panned with the
// middle button or space+drag, passing every other gesture to its Input.
package mapview

import (
	"image"
	"math"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/ui/controls"
	"encounterplanner/ui/render"
)

// Zoom limits, in device-independent units per square.
const (
	minZoom = 4
	maxZoom = 160
	// minFitZoom is the fit's floor: the largest map (1000 squares) fits
	// in 250 units, smaller than the editor's pane at its least window
	minFitZoom  = 0.25
	defaultZoom = 32
)

// Input receives the map gestures the view does not handle itself
// (zoom and pan are the view's own). Squares are map coordinates; they may
// lie off the map.
type Input interface {
	Hover(x, y int, in bool)
	Press(x, y int, shift bool)
	Drag(x, y int, shift bool)
	Release(x, y int, shift bool)
	Key(ev *fyne.KeyEvent) bool
	Rune(r rune)
	Context(x, y int, abs fyne.Position)
	// Pans reports whether a primary press on (x, y) should pan the view
	// (the select tool on empty ground) instead of starting a gesture.
	Pans(x, y int) bool
	// PanClick is a press Pans took for a pan let go of with the map not
	// panned, a click: the select tool opens the door clicked. A drag
	// from the door only pans.
	PanClick(x, y int)
}

// clickSlop is how far (in device-independent units) the pointer may move
// between press and release for the press to stay a click, not a pan: a
// hand's jitter on a door opens it still.
const clickSlop = 4

// View is the map widget: one raster drawn by render.Draw into a cached
// image at the real pixel size of the canvas, so the map stays sharp at any
// zoom and canvas scale. It zooms with the wheel and pans with the middle
// button or space+drag; every other gesture goes to its input.
type View struct {
	widget.BaseWidget

	enc    func() *model.Encounter
	ov     func() *render.Overlays
	input  Input
	player bool
	noGrid bool

	zoom             float32 // device-independent units per square
	originX, originY float64 // map square at the top-left corner
	fitted           bool    // the GM placed the view; until then it fits the map

	img    *image.RGBA
	raster *canvas.Raster
	rend   *render.Renderer // the view's own tile and glyph caches

	// OnLayout, when set, places the view after each resize (the
	// calibrated player display keeps one square per inch, centred).
	OnLayout func(fyne.Size)
	// OnShiftWheel, when set, gets the wheel turned with Shift held (up:
	// true) and reports whether it used it; otherwise the wheel zooms.
	OnShiftWheel func(up bool) bool
	// OnFrame, when set, is called after each frame is drawn (the
	// editor's timing log stamps which answer it showed).
	OnFrame func()
	// OnImageLoading, when set, is told (through Post, after the frame)
	// when the map image starts being decoded away from the window, the
	// map drawn without it meanwhile (true), and when the frame that
	// shows it is drawn (false).
	OnImageLoading func(loading bool)
	decoding       bool // what OnImageLoading was last told
	// Post runs f on the UI goroutine after the event in hand (fyne.Do
	// when nil; tests pass their own): it closes the menu an Alt opened
	// (controls.AltKey).
	Post func(f func())

	eventAt time.Time // when the last pointer event arrived

	// gesture state
	active, panning bool
	panClick        bool    // a pan Pans asked for that has not moved beyond clickSlop yet
	panFromX        float64 // the origin when the pan began (CancelPan puts it back)
	panFromY        float64
	asked           bool    // the pan is one the input asked for (Pans)
	cancelled       bool    // the pan was cancelled: the press's motion is ignored until release
	pressX, pressY  float64 // the map point of the last press, in squares
	button          desktop.MouseButton
	shiftDown       bool             // from the mouse-down modifiers
	shiftHeld       bool             // Shift key held (key events)
	pressMods       fyne.KeyModifier // the modifiers held at the last press
	spaceHeld       bool
	last            fyne.Position
	hoverX, hoverY  int
	hovering        bool
	pointer         fyne.Position // where the pointer last was over the view
	gestureAt       fyne.Position // where the last press, drag or release was
}

// NewMapView makes a map view of the encounter enc returns, drawing the
// overlays ov returns (nil for none).
func New(enc func() *model.Encounter, ov func() *render.Overlays, input Input, player bool) *View {
	m := &View{enc: enc, ov: ov, input: input, player: player, zoom: defaultZoom, rend: render.NewRenderer()}
	m.rend.KeepBase() // a drag redraws only what moved
	// a big map image decodes away from the window, which draws the map
	// without it until it is there
	m.rend.DecodeAside(func() { m.post(m.Refresh) })
	m.ExtendBaseWidget(m)
	m.raster = canvas.NewRaster(m.draw)
	m.raster.ScaleMode = canvas.ImageScalePixels
	return m
}

// CreateRenderer implements fyne.Widget.
func (m *View) CreateRenderer() fyne.WidgetRenderer {
	return &mapRenderer{m: m}
}

type mapRenderer struct{ m *View }

func (r *mapRenderer) Layout(s fyne.Size) {
	r.m.raster.Resize(s)
	if r.m.OnLayout != nil && s.Width > 0 && s.Height > 0 {
		r.m.OnLayout(s)
		return
	}
	if !r.m.fitted && s.Width > 0 && s.Height > 0 {
		// keep fitting until the GM zooms or pans: the first layouts
		// happen before the window has its real size
		r.m.fitTo(s)
	}
}
func (r *mapRenderer) MinSize() fyne.Size           { return fyne.NewSize(100, 100) }
func (r *mapRenderer) Refresh()                     { r.m.raster.Refresh() }
func (r *mapRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{r.m.raster} }
func (r *mapRenderer) Destroy()                     {}

// draw renders the map at w x h real pixels.
func (m *View) draw(w, h int) image.Image {
	if w <= 0 || h <= 0 {
		return image.NewRGBA(image.Rect(0, 0, 1, 1))
	}
	if m.img == nil || m.img.Bounds().Dx() != w || m.img.Bounds().Dy() != h {
		m.img = image.NewRGBA(image.Rect(0, 0, w, h))
	}
	e := m.enc()
	if e == nil {
		return m.img
	}
	px := float64(w) / float64(max(m.Size().Width, 1)) // real pixels per unit
	if m.Size().Width <= 0 {
		px = 1
	}
	v := render.View{Scale: float64(m.zoom) * px, OriginX: m.originX, OriginY: m.originY, Player: m.player, NoGrid: m.noGrid}
	var o *render.Overlays
	if m.ov != nil {
		o = m.ov()
	}
	m.rend.Draw(m.img, e, v, o)
	if m.OnFrame != nil {
		m.OnFrame()
	}
	if d := m.rend.DecodingAside(); d != m.decoding {
		m.decoding = d
		if f := m.OnImageLoading; f != nil {
			m.post(func() { f(d) })
		}
	}
	return m.img
}

// post runs f on the UI goroutine after the event or frame in hand.
func (m *View) post(f func()) {
	if m.Post != nil {
		m.Post(f)
		return
	}
	fyne.Do(f)
}

// Release drops what the view keeps to draw (its decoded map image,
// tiles and frames) once it leaves the screen for good: the toolkit keeps
// a widget's drawing state a while after, and a big map image is hundreds
// of megabytes. A view drawn again after it starts from nothing.
func (m *View) Release() {
	m.rend.Release()
	m.img = nil
	if m.decoding {
		m.decoding = false
		if f := m.OnImageLoading; f != nil {
			m.post(func() { f(false) })
		}
	}
}

// DecodingImage reports whether the map image is still being decoded (the
// map is drawn without it meanwhile, then again with it).
func (m *View) DecodingImage() bool { return m.rend.DecodingAside() }

// EventAt is when the last pointer event (a move, a drag, a press)
// reached the view.
func (m *View) EventAt() time.Time { return m.eventAt }

// SetGrid shows or hides the grid lines.
func (m *View) SetGrid(on bool) {
	m.noGrid = !on
	m.Refresh()
}

// Zoom returns the scale in device-independent units per square.
func (m *View) Zoom() float32 { return m.zoom }

// Origin returns the map square at the top-left corner of the view.
func (m *View) Origin() (float64, float64) { return m.originX, m.originY }

// SetView places the map: zoom in units per square and the top-left square.
func (m *View) SetView(zoom float32, ox, oy float64) {
	m.fitted = true
	m.zoom = float32(math.Max(minFitZoom, math.Min(maxZoom, float64(zoom))))
	m.originX, m.originY = ox, oy
	m.Refresh()
	m.rehover()
}

// Fit zooms so the whole map shows, centred.
func (m *View) Fit() {
	m.fitTo(m.Size())
	m.Refresh()
	m.rehover()
}

func (m *View) fitTo(s fyne.Size) {
	e := m.enc()
	if e == nil || s.Width <= 0 || s.Height <= 0 {
		return
	}
	z := m.fitZoom(s)
	m.zoom = z
	m.originX = (float64(e.Grid.W) - float64(s.Width/z)) / 2
	m.originY = (float64(e.Grid.H) - float64(s.Height/z)) / 2
}

// fitZoom is the zoom at which the whole map shows in s: 2% short of
// touching its edges, within the zoom limits.
func (m *View) fitZoom(s fyne.Size) float32 {
	e := m.enc()
	if e == nil || s.Width <= 0 || s.Height <= 0 || e.Grid.W <= 0 || e.Grid.H <= 0 {
		return minZoom
	}
	z := math.Min(float64(s.Width)/float64(e.Grid.W), float64(s.Height)/float64(e.Grid.H))
	return float32(math.Max(minFitZoom, math.Min(maxZoom, z*0.98)))
}

// ZoomBy multiplies the zoom by f around the point p of the widget; the
// wheel zooms out to minZoom, or as far as the whole map on a map too
// large to show whole there.
func (m *View) ZoomBy(f float32, p fyne.Position) {
	least := math.Min(minZoom, float64(m.fitZoom(m.Size())))
	nz := float32(math.Max(least, math.Min(maxZoom, float64(m.zoom*f))))
	if nz == m.zoom {
		return
	}
	// keep the map point under p fixed
	mx := m.originX + float64(p.X/m.zoom)
	my := m.originY + float64(p.Y/m.zoom)
	m.zoom = nz
	m.originX = mx - float64(p.X/nz)
	m.originY = my - float64(p.Y/nz)
	m.fitted = true
	m.Refresh()
	m.rehover()
}

// ZoomCentre zooms by f around the centre of the view.
func (m *View) ZoomCentre(f float32) {
	s := m.Size()
	m.ZoomBy(f, fyne.NewPos(s.Width/2, s.Height/2))
}

// CentreOn pans so map point (x, y), in squares, is in the middle.
func (m *View) CentreOn(x, y float64) {
	s := m.Size()
	m.originX = x - float64(s.Width/m.zoom)/2
	m.originY = y - float64(s.Height/m.zoom)/2
	m.fitted = true
	m.Refresh()
	m.rehover()
}

// PanBy moves the view by (dx, dy) squares.
func (m *View) PanBy(dx, dy float64) {
	m.originX += dx
	m.originY += dy
	m.fitted = true
	m.Refresh()
	m.rehover()
}

// rehover names the square now under the resting pointer after the view
// moved under it (keys, wheel, fit): the status bar and the hovered path
// kept the square that used to be there until the mouse moved. A pan by
// drag moves the map with the pointer, so the square stays.
func (m *View) rehover() {
	if !m.hovering || (m.active && m.panning) {
		return
	}
	m.setHover(m.SquareAt(m.pointer))
}

// SquareAt returns the map square under the widget position p.
func (m *View) SquareAt(p fyne.Position) (int, int) {
	x := m.originX + float64(p.X/m.zoom)
	y := m.originY + float64(p.Y/m.zoom)
	return int(math.Floor(x)), int(math.Floor(y))
}

// PointAt returns the map point (in squares, with fractions) under the
// widget position p.
func (m *View) PointAt(p fyne.Position) (float64, float64) {
	return m.originX + float64(p.X/m.zoom), m.originY + float64(p.Y/m.zoom)
}

// GesturePoint is the map point of the last press, drag or release given
// to the input: tools that work on grid lines (walls, doors) snap it.
func (m *View) GesturePoint() (float64, float64) { return m.PointAt(m.gestureAt) }

// PressModifiers are the modifier keys held at the last mouse press (the
// editor picks an area template with Ctrl and the select tool).
func (m *View) PressModifiers() fyne.KeyModifier { return m.pressMods }

// PointerPoint is the map point under the pointer and whether the pointer
// is over the map: area bursts snap it to a grid intersection.
func (m *View) PointerPoint() (float64, float64, bool) {
	x, y := m.PointAt(m.pointer)
	return x, y, m.hovering
}

// PosOf returns the widget position of the centre of square (x, y).
func (m *View) PosOf(x, y int) fyne.Position {
	return fyne.NewPos(float32((float64(x)+0.5-m.originX)*float64(m.zoom)), float32((float64(y)+0.5-m.originY)*float64(m.zoom)))
}

// Scrolled zooms with the wheel around the pointer.
func (m *View) Scrolled(ev *fyne.ScrollEvent) {
	d := ev.Scrolled.DY
	if d == 0 {
		return
	}
	if m.shiftHeld && m.OnShiftWheel != nil && m.OnShiftWheel(d > 0) {
		return
	}
	f := float32(math.Pow(1.0015, float64(d)))
	if d > 0 && f < 1.1 {
		f = 1.1
	} else if d < 0 && f > 1/1.1 {
		f = 1 / 1.1
	}
	m.ZoomBy(f, ev.Position)
}

// MouseDown starts a gesture: a pan with the middle button or space held,
// otherwise the input's press.
func (m *View) MouseDown(ev *desktop.MouseEvent) {
	m.eventAt = time.Now()
	if c := fyne.CurrentApp().Driver().CanvasForObject(m); c != nil && !m.player {
		c.Focus(m)
	}
	// A press always starts a new gesture. When the last one opened a dialog
	// (adding a token), its release went to the dialog and the gesture never
	// ended; without this the next click on the map would be lost.
	m.active = false
	m.pressMods = ev.Modifier
	m.begin(ev.Position, ev.Button, ev.Modifier&fyne.KeyModifierShift != 0)
}

// MouseUp ends the gesture.
func (m *View) MouseUp(ev *desktop.MouseEvent) {
	m.end(ev.Position)
}

func (m *View) begin(p fyne.Position, b desktop.MouseButton, shift bool) {
	if m.active {
		return
	}
	m.active = true
	m.button = b
	m.shiftDown = shift
	m.last = p
	if b == desktop.MouseButtonSecondary {
		m.active = false
		return
	}
	x, y := m.SquareAt(p)
	m.gestureAt = p
	m.pressX, m.pressY = m.PointAt(p)
	m.panClick, m.cancelled = false, false
	m.panFromX, m.panFromY = m.originX, m.originY
	m.panning = b == desktop.MouseButtonTertiary || m.spaceHeld
	m.asked = false
	if !m.panning && m.input != nil && m.input.Pans(x, y) {
		m.panning, m.panClick, m.asked = true, true, true
	}
	if m.panning || m.input == nil {
		return
	}
	m.input.Press(x, y, m.shift())
}

func (m *View) shift() bool { return m.shiftDown || m.shiftHeld }

func (m *View) end(p fyne.Position) {
	if !m.active {
		return
	}
	m.active = false
	if m.cancelled {
		m.cancelled = false // CancelPan: the release ends nothing more
		return
	}
	if m.panning {
		m.panning = false
		if m.panClick && m.input != nil {
			m.panClick = false
			// the point pressed, where the jitter of a click may have
			// panned the map a little
			m.gestureAt = fyne.NewPos(float32((m.pressX-m.originX)*float64(m.zoom)), float32((m.pressY-m.originY)*float64(m.zoom)))
			m.input.PanClick(int(math.Floor(m.pressX)), int(math.Floor(m.pressY)))
		}
		return
	}
	if m.input != nil {
		x, y := m.SquareAt(p)
		m.gestureAt = p
		m.input.Release(x, y, m.shift())
	}
}

// Dragged pans or passes the drag on.
func (m *View) Dragged(ev *fyne.DragEvent) {
	m.eventAt = time.Now()
	if !m.active {
		m.begin(ev.Position.Subtract(ev.Dragged), desktop.MouseButtonPrimary, m.shiftHeld)
	}
	if !m.active || m.cancelled {
		return
	}
	if m.panning {
		m.PanBy(-float64(ev.Position.X-m.last.X)/float64(m.zoom), -float64(ev.Position.Y-m.last.Y)/float64(m.zoom))
		m.last, m.pointer = ev.Position, ev.Position
		if d := ev.Position.Subtract(m.gestureAt); math.Abs(float64(d.X)) > clickSlop || math.Abs(float64(d.Y)) > clickSlop {
			m.panClick = false // a drag, not a click
		}
		return
	}
	m.last, m.pointer = ev.Position, ev.Position
	x, y := m.SquareAt(ev.Position)
	m.setHover(x, y)
	if m.input != nil {
		m.gestureAt = ev.Position
		m.input.Drag(x, y, m.shift())
	}
}

// CancelPan is Escape during a pan: the view goes back to where the pan
// began, the press is no click (a door pressed stays as it was), and the
// rest of its motion is ignored until the button is let go of. It reports
// whether a pan was in progress, and whether it was one the input asked
// for (Pans), not the middle button's or Space's.
func (m *View) CancelPan() (cancelled, asked bool) {
	if !m.active || !m.panning {
		return false, false
	}
	asked = m.asked
	m.panning, m.panClick, m.cancelled = false, false, true
	m.originX, m.originY = m.panFromX, m.panFromY
	m.Refresh()
	m.rehover()
	return true, asked
}

// DragEnd ends a drag gesture.
func (m *View) DragEnd() { m.end(m.last) }

// MouseIn implements desktop.Hoverable.
func (m *View) MouseIn(ev *desktop.MouseEvent) { m.MouseMoved(ev) }

// MouseMoved reports the hovered square.
func (m *View) MouseMoved(ev *desktop.MouseEvent) {
	m.eventAt = time.Now()
	m.pointer = ev.Position
	if (m.panning || m.cancelled) && m.active {
		return
	}
	x, y := m.SquareAt(ev.Position)
	m.setHover(x, y)
}

func (m *View) setHover(x, y int) {
	if m.hovering && x == m.hoverX && y == m.hoverY {
		return
	}
	m.hovering, m.hoverX, m.hoverY = true, x, y
	if m.input != nil {
		m.input.Hover(x, y, true)
	}
}

// MouseOut implements desktop.Hoverable.
func (m *View) MouseOut() {
	m.hovering = false
	if m.input != nil {
		m.input.Hover(0, 0, false)
	}
}

// FocusGained implements fyne.Focusable.
func (m *View) FocusGained() {}

// FocusLost implements fyne.Focusable.
func (m *View) FocusLost() {}

// TypedRune passes typed characters to the input (tool keys).
func (m *View) TypedRune(r rune) {
	if m.input != nil {
		m.input.Rune(r)
	}
}

// TypedKey handles arrows (pan) and +/- and passes the rest on.
func (m *View) TypedKey(ev *fyne.KeyEvent) {
	if m.input != nil && m.input.Key(ev) {
		return
	}
	m.NavKey(ev)
}

// NavKey pans and zooms with the keyboard; it reports whether it used ev.
func (m *View) NavKey(ev *fyne.KeyEvent) bool {
	step := math.Max(1, float64(m.Size().Width/m.zoom)/8)
	switch ev.Name {
	case fyne.KeyLeft:
		m.PanBy(-step, 0)
	case fyne.KeyRight:
		m.PanBy(step, 0)
	case fyne.KeyUp:
		m.PanBy(0, -step)
	case fyne.KeyDown:
		m.PanBy(0, step)
	default:
		return false
	}
	return true
}

// KeyDown tracks Space (pan), Shift (force a drop) and Alt (no menu).
func (m *View) KeyDown(ev *fyne.KeyEvent) { m.trackKey(ev, true) }

// KeyUp tracks Space, Shift and Alt.
func (m *View) KeyUp(ev *fyne.KeyEvent) { m.trackKey(ev, false) }

func (m *View) trackKey(ev *fyne.KeyEvent, down bool) {
	switch ev.Name {
	case fyne.KeySpace:
		m.spaceHeld = down
	case desktop.KeyShiftLeft, desktop.KeyShiftRight:
		m.shiftHeld = down
	case desktop.KeyAltLeft, desktop.KeyAltRight:
		if !m.player { // the player display has no menu
			controls.AltKey(m, ev, down, m.Post) // its release opens no menu
		}
	}
}

// TappedSecondary opens the input's context menu for the square.
func (m *View) TappedSecondary(ev *fyne.PointEvent) {
	if m.input != nil {
		x, y := m.SquareAt(ev.Position)
		m.input.Context(x, y, ev.AbsolutePosition)
	}
}

// Cursor shows a crosshair over the map.
func (m *View) Cursor() desktop.Cursor {
	if m.panning {
		return desktop.PointerCursor
	}
	return desktop.CrosshairCursor
}

// GridShown reports whether the grid lines are drawn.
func (m *View) GridShown() bool { return !m.noGrid }

// Refit fits the map to size, forgetting where the GM placed the view.
func (m *View) Refit(size fyne.Size) {
	m.fitted = false
	m.fitTo(size)
}

// Overlays is what the view draws over the map now (nil for none).
func (m *View) Overlays() *render.Overlays { return m.ov() }

// Player reports whether the view draws what players see.
func (m *View) Player() bool { return m.player }
