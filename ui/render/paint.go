package render

import (
	"image"
	"image/color"
	"math"

	"encounterplanner/model"
)

// Painter receives the shapes of a scene: the terrain, grid, notes,
// overlays and tokens that Draw rasterises into an image, as the same
// calls, in the same order, with the same geometry. Draw paints them with
// its own raster painter; the PDF export walks the same scene with a
// vector painter, so what is printed is what is seen.
//
// Coordinates are image units (pixels for Draw, points for a PDF page),
// y down, with View.Scale units to a square. Colours are straight
// (not premultiplied) RGBA.
type Painter interface {
	// Layer starts a layer of the scene: "terrain", "grid", "edges", "notes",
	// "under" (overlays beneath the tokens), "tokens", "over"; "" ends the
	// last one.
	Layer(name string)
	// Background stretches the map's background image over the map's
	// rectangle [x0, x1) x [y0, y1), before the terrain (translucent over
	// it, as TerrainLook(t, true) says).
	Background(x0, y0, x1, y1 float64, img *image.RGBA)
	// Terrain paints a run of squares of one terrain kind in one row:
	// the rectangle [x0, x1) x [y0, y1), s units a square, each square
	// drawn as TerrainLook(t, overBG) says.
	Terrain(x0, y0, x1, y1, s float64, t model.Terrain, overBG bool)
	// Rect fills [x0, x1) x [y0, y1).
	Rect(x0, y0, x1, y1 float64, c color.NRGBA)
	// Disc fills the disc of radius r centred at (cx, cy); with inner > 0
	// only the ring between inner and r.
	Disc(cx, cy, r, inner float64, c color.NRGBA)
	// Line strokes a segment of width w with round caps; dash > 0 draws
	// dashes of that length with equal gaps.
	Line(x0, y0, x1, y1, w float64, c color.NRGBA, dash float64)
	// Triangle fills a triangle.
	Triangle(ax, ay, bx, by, cx, cy float64, c color.NRGBA)
	// RoundRect fills [x0, x1) x [y0, y1) with corners of radius rad.
	RoundRect(x0, y0, x1, y1, rad float64, c color.NRGBA)
	// Stripes fills [x0, x1) x [y0, y1) with tint, then diagonal "/"
	// stripes of the given width every period units (measured along an
	// axis) in stripe.
	Stripes(x0, y0, x1, y1, period, width float64, tint, stripe color.NRGBA)
	// Text draws s in the Go font (bold or regular) of size px units, its
	// baseline starting at (x, y); width is its advance as Draw measures
	// it, so a painter with other font metrics can fit it to the layout.
	Text(x, y, px float64, bold bool, s string, width float64, c color.NRGBA)
}

func (c rgba) n() color.NRGBA { return color.NRGBA{c.r, c.g, c.b, c.a} }

func fromN(c color.NRGBA) rgba { return rgba{c.R, c.G, c.B, c.A} }

// rasterPainter paints shapes into the Renderer's canvas: Draw's painter.
// Its integer conversions are the ones the drawing code made before it
// went through Painter, so the pixels are the same.
type rasterPainter struct {
	r *Renderer
}

func (p *rasterPainter) Layer(string) {}

// Background does nothing: Draw blends the background into its terrain
// tiles itself, pixel by pixel.
func (p *rasterPainter) Background(float64, float64, float64, float64, *image.RGBA) {}

func (p *rasterPainter) Terrain(x0, y0, x1, y1, s float64, t model.Terrain, overBG bool) {
	r := p.r
	tl := r.tile(t, s, overBG)
	cv := &r.cv
	for x := x0; x < x1; x += s {
		ix0, iy0 := int(math.Floor(x+0.5)), int(math.Floor(y0+0.5))
		ix1, iy1 := min(int(math.Floor(x+s+0.5)), cv.w), min(int(math.Floor(y1+0.5)), cv.h)
		for y := max(iy0, 0); y < iy1; y++ {
			for xx := max(ix0, 0); xx < ix1; xx++ {
				q := tl.pix[((y-iy0)*tl.size+xx-ix0)*4:]
				cv.blendAt(y*cv.stride+xx*4, rgba{q[0], q[1], q[2], q[3]}.unpremul(), 255)
			}
		}
	}
}

// unpremul turns a premultiplied tile pixel back into a straight colour.
func (c rgba) unpremul() rgba {
	if c.a == 0 || c.a == 255 {
		return c
	}
	a := uint32(c.a)
	return rgba{uint8(min(uint32(c.r)*255/a, 255)), uint8(min(uint32(c.g)*255/a, 255)), uint8(min(uint32(c.b)*255/a, 255)), c.a}
}

func (p *rasterPainter) Rect(x0, y0, x1, y1 float64, c color.NRGBA) {
	p.r.cv.fillRect(int(x0), int(y0), int(x1), int(y1), fromN(c))
}

func (p *rasterPainter) Disc(cx, cy, r, inner float64, c color.NRGBA) {
	p.r.cv.fillRing(cx, cy, r, inner, fromN(c))
}

func (p *rasterPainter) Line(x0, y0, x1, y1, w float64, c color.NRGBA, dash float64) {
	p.r.cv.line(x0, y0, x1, y1, w, fromN(c), dash)
}

func (p *rasterPainter) Triangle(ax, ay, bx, by, cx, cy float64, c color.NRGBA) {
	p.r.cv.fillTriangle(ax, ay, bx, by, cx, cy, fromN(c))
}

func (p *rasterPainter) RoundRect(x0, y0, x1, y1, rad float64, c color.NRGBA) {
	p.r.cv.fillRoundRect(int(x0), int(y0), int(x1), int(y1), rad, fromN(c))
}

func (p *rasterPainter) Stripes(x0, y0, x1, y1, period, width float64, tint, stripe color.NRGBA) {
	cv := &p.r.cv
	ix0, iy0 := max(int(x0), 0), max(int(y0), 0)
	ix1, iy1 := min(int(x1), cv.w), min(int(y1), cv.h)
	per, wd := int(period), int(width)
	t, s := fromN(tint), fromN(stripe)
	for y := iy0; y < iy1; y++ {
		i := y*cv.stride + ix0*4
		for x := ix0; x < ix1; x, i = x+1, i+4 {
			if (x+y)%per < wd {
				cv.blendAt(i, s, 255)
			} else {
				cv.blendAt(i, t, 255)
			}
		}
	}
}

func (p *rasterPainter) Text(x, y, px float64, bold bool, s string, _ float64, c color.NRGBA) {
	p.r.ts.text(&p.r.cv, faceKey{px: uint8(px), bold: bold}, int(x), int(y), s, fromN(c))
}

// Shortcuts the drawing code uses: the painter with the package's colours.

func (r *Renderer) rect(x0, y0, x1, y1 int, c rgba) {
	r.p.Rect(float64(x0), float64(y0), float64(x1), float64(y1), c.n())
}

// strokeRect draws a rectangle outline of width t inside [x0,x1) x [y0,y1).
func (r *Renderer) strokeRect(x0, y0, x1, y1, t int, c rgba) {
	if x1-x0 <= 2*t || y1-y0 <= 2*t {
		r.rect(x0, y0, x1, y1, c)
		return
	}
	r.rect(x0, y0, x1, y0+t, c)
	r.rect(x0, y1-t, x1, y1, c)
	r.rect(x0, y0+t, x0+t, y1-t, c)
	r.rect(x1-t, y0+t, x1, y1-t, c)
}

func (r *Renderer) disc(cx, cy, rad float64, c rgba) { r.p.Disc(cx, cy, rad, 0, c.n()) }

func (r *Renderer) ring(cx, cy, rad, inner float64, c rgba) { r.p.Disc(cx, cy, rad, inner, c.n()) }

func (r *Renderer) line(x0, y0, x1, y1, w float64, c rgba, dash float64) {
	r.p.Line(x0, y0, x1, y1, w, c.n(), dash)
}

func (r *Renderer) triangle(ax, ay, bx, by, cx, cy float64, c rgba) {
	r.p.Triangle(ax, ay, bx, by, cx, cy, c.n())
}

func (r *Renderer) roundRect(x0, y0, x1, y1 int, rad float64, c rgba) {
	r.p.RoundRect(float64(x0), float64(y0), float64(x1), float64(y1), rad, c.n())
}

// text draws s with its baseline origin at (x, y) and returns its width.
func (r *Renderer) text(k faceKey, x, y int, s string, c rgba) int {
	w := r.ts.width(k, s)
	r.p.Text(float64(x), float64(y), float64(k.px), k.bold, s, float64(w), c.n())
	return w
}

// textCentered draws s centred on (cx, cy) (the middle of its capitals).
func (r *Renderer) textCentered(k faceKey, cx, cy int, s string, c rgba) {
	w := r.ts.width(k, s)
	r.p.Text(float64(cx-w/2), float64(cy+r.ts.capHeight(k)/2), float64(k.px), k.bold, s, float64(w), c.n())
}

// Paint walks the scene Draw would rasterise into a w x h image — the
// terrain (in runs of equal squares), the grid lines, notes, overlays and
// tokens — and hands each shape to p instead. The shapes are Draw's own:
// the same code places them, so a painter that draws them well draws what
// the screen shows. With an integer v.Scale and whole-square origins
// every square edge falls on a whole unit.
//
// Cost: one Terrain call per run of equal terrain per visible row, plus
// the shapes of the visible tokens and overlays.
func (r *Renderer) Paint(p Painter, w, h float64, e *model.Encounter, v View, o *Overlays) {
	if e == nil || w <= 0 || h <= 0 || v.Scale <= 0 || math.IsNaN(v.Scale) || math.IsInf(v.Scale, 0) || e.Grid.W <= 0 || e.Grid.H <= 0 || len(e.Grid.Cells) != e.Grid.W*e.Grid.H {
		return
	}
	r.cv = canvas{w: int(math.Ceil(w)), h: int(math.Ceil(h))} // bounds only: nothing is rasterised
	r.p = p
	defer func() { r.p = nil }()
	f := &frame{e: e, v: v, o: o}
	f.sx0 = max(0, int(math.Floor(v.OriginX)))
	f.sy0 = max(0, int(math.Floor(v.OriginY)))
	// Exactly the squares in the area (vector shapes need no rounding
	// slack), so a page's grid has its own lines and no more.
	f.sx1 = min(e.Grid.W, int(math.Ceil(v.OriginX+w/v.Scale-1e-9)))
	f.sy1 = min(e.Grid.H, int(math.Ceil(v.OriginY+h/v.Scale-1e-9)))
	g := &e.Grid
	bg := r.background(e.Background)
	overBG := bg != nil
	p.Layer("terrain")
	if overBG {
		r.paintBackground(p, f, bg)
	}
	hide := v.Player && f.hasFog() // fogged squares: left out, fog covers them
	for y := f.sy0; y < f.sy1; y++ {
		i := y * g.W
		for x := f.sx0; x < f.sx1; {
			t, x0, fog := f.shown(i+x), x, hide && f.fogged(i+x)
			for x < f.sx1 && f.shown(i+x) == t && (hide && f.fogged(i+x)) == fog {
				x++
			}
			if !fog {
				p.Terrain(f.cx(float64(x0)), f.cy(float64(y)), f.cx(float64(x)), f.cy(float64(y+1)), v.Scale, t, overBG)
			}
		}
	}
	if !v.NoGrid && v.Scale >= 4 {
		p.Layer("grid")
		x0, x1 := f.cx(float64(f.sx0)), f.cx(float64(f.sx1))
		y0, y1 := f.cy(float64(f.sy0)), f.cy(float64(f.sy1))
		for sx := f.sx0; sx <= f.sx1; sx++ {
			x := f.cx(float64(sx))
			p.Line(x, y0, x, y1, GridWidth, gridColor(sx).n(), 0)
		}
		for sy := f.sy0; sy <= f.sy1; sy++ {
			y := f.cy(float64(sy))
			p.Line(x0, y, x1, y, GridWidth, gridColor(sy).n(), 0)
		}
	}
	r.scene(f)
	p.Layer("")
}

// paintBackground hands the painter the background: stretched over the
// map, or placed (Encounter.Placement) on open ground, cut to the part of
// the image over the map.
func (r *Renderer) paintBackground(p Painter, f *frame, bg *image.RGBA) {
	g := &f.e.Grid
	pl := f.e.Placement
	if pl == nil || pl.PxPerSquare <= 0 {
		p.Background(f.cx(0), f.cy(0), f.cx(float64(g.W)), f.cy(float64(g.H)), bg)
		return
	}
	p.Rect(f.cx(0), f.cy(0), f.cx(float64(g.W)), f.cy(float64(g.H)), colOpen.n())
	b := bg.Bounds()
	cut := image.Rect(int(math.Floor(pl.X)), int(math.Floor(pl.Y)),
		int(math.Ceil(pl.X+float64(g.W)*pl.PxPerSquare)), int(math.Ceil(pl.Y+float64(g.H)*pl.PxPerSquare))).Intersect(b)
	if cut.Empty() {
		return
	}
	sq := func(px int, o float64) float64 { return (float64(px) - o) / pl.PxPerSquare }
	p.Background(f.cx(sq(cut.Min.X, pl.X)), f.cy(sq(cut.Min.Y, pl.Y)), f.cx(sq(cut.Max.X, pl.X)), f.cy(sq(cut.Max.Y, pl.Y)), bg.SubImage(cut).(*image.RGBA))
}

// GridWidth is the width of a grid line, in image units: one pixel on
// screen, one point on paper.
const GridWidth = 1

// gridColor is the line at square boundary i: a little stronger every 5
// squares so counting distances is easy.
func gridColor(i int) rgba {
	if i%5 == 0 {
		return colInk.alpha(0.38)
	}
	return colInk.alpha(0.22)
}

// scene paints what lies over the terrain and grid through r.p.
func (r *Renderer) scene(f *frame) {
	r.layout(f)
	r.sceneUnder(f)
	r.sceneTokens(f)
}

// sceneUnder paints the layers under the tokens: fog, edges, notes and
// the under overlays (threat, areas, reach, flank spots, cover lines).
// With the terrain and grid they are the base a Renderer keeps between
// frames (basecache.go); nothing here reads the label layout.
func (r *Renderer) sceneUnder(f *frame) {
	if f.hasFog() || len(f.e.GMOnly) > 0 {
		r.p.Layer("fog")
		r.fogUnder(f)
	}
	// In the player view with fog the edges go over the fog (it would
	// cover half of each wall bounding what is seen), beside revealed
	// squares only.
	fogEdges := f.v.Player && f.hasFog()
	if len(f.e.Edges) > 0 && !fogEdges {
		r.p.Layer("edges")
		r.edges(f)
	}
	if !f.v.NoTokens {
		r.p.Layer("notes")
		r.notes(f)
	}
	if f.o != nil {
		r.p.Layer("under")
		r.under(f)
	}
}

// sceneTokens paints the tokens, their labels and the overlays over them.
// The tokens' names, conditions and heights go over the edges, as they
// do without fog: in the player view with fog the edges come after the
// fog, so those labels come after the edges there (they are of tokens the
// players see; a wall line ran through a name).
func (r *Renderer) sceneTokens(f *frame) {
	fogEdges := f.v.Player && f.hasFog()
	if !f.v.NoTokens {
		r.p.Layer("tokens")
		r.tokens(f)
		if !fogEdges {
			r.drawLabels(false)
		}
	}
	if f.o != nil {
		r.p.Layer("over")
		r.over(f)
	}
	if fogEdges {
		r.p.Layer("fog")
		r.fogOver(f)
		if len(f.e.Edges) > 0 {
			r.p.Layer("edges")
			r.edges(f)
		}
		if !f.v.NoTokens {
			r.p.Layer("tokens")
			r.drawLabels(false)
			r.p.Layer("fog")
			r.fogOverLabels(f)
		}
	}
}

// PaintToken paints the figure of token i of e on its own, for a printed
// standee: its disc (or portrait) with its initials, as the map draws it,
// with the top-left of its space at (x, y) and size units a side. A
// standee is cut out once and stands all fight long, so it shows nothing
// of the moment: no name plate (the sheet writes the whole name itself,
// sized to its panel), no condition badges or unconscious grey, no flight
// shadow, no HP, and a hidden token is not faded.
func (r *Renderer) PaintToken(p Painter, e *model.Encounter, i int, x, y, size float64) {
	if e == nil || i < 0 || i >= len(e.Tokens) || size <= 0 {
		return
	}
	t := e.Tokens[i]
	t.Hidden, t.Conditions, t.Elevation, t.HP = false, nil, 0, nil
	k := float64(e.Space(&t))
	s := size / k
	r.cv = canvas{w: int(math.Ceil(x + size)), h: int(math.Ceil(y + size))}
	r.p = p
	defer func() { r.p = nil }()
	f := &frame{e: e, v: View{Scale: s, OriginX: float64(t.X) - x/s, OriginY: float64(t.Y) - y/s, Player: true}}
	p.Layer("tokens")
	r.token(f, &t, t.X, t.Y, 1, false)
	p.Layer("")
}

// LayerKind is one kind of mark in a terrain look.
type LayerKind uint8

// The marks terrain is drawn with.
const (
	LayerFill    LayerKind = iota // the whole square
	LayerHatch                    // diagonal stripes: "/" (Fwd) and "\" (Back), N per square, Width wide
	LayerWaves                    // N rows of waves of amplitude Amp, Width wide; Ripple: arcs, rows shifted
	LayerDots                     // an N x N grid of dots of radius R (N = 2: a quincunx)
	LayerSqueeze                  // two arrowheads at the left and right edges pointing in, Width deep
	LayerDoor                     // a door seen from the front, in Color outlined in Ink; Ajar: standing open (DoorMark)
)

// Layer is one mark of a terrain look. Sizes are fractions of a square,
// never less than the Min* pixels (so marks stay visible at small zoom).
type Layer struct {
	Kind      LayerKind
	Color     color.NRGBA
	N         int
	Width     float64
	MinWidth  float64 // pixels (units)
	Amp       float64
	R, MinR   float64
	Fwd, Back bool
	Ripple    bool
	Ink       color.NRGBA // LayerDoor: the outline, the doorway and the knob
	Ajar      bool        // LayerDoor: the door stands open
}

// Size returns f of a square of side s, at least min.
func size(f, s, min float64) float64 { return math.Max(min, f*s) }

// TerrainLook returns how a square of terrain t is drawn, bottom mark
// first: the one description both the raster tiles and the PDF walk.
// overBG makes the base translucent over a background image.
func TerrainLook(t model.Terrain, overBG bool) []Layer {
	baseA, patA := 1.0, 1.0
	if overBG {
		patA = 0.85
	}
	base := colOpen
	switch {
	case t.Any(model.Wall) || t.ClosedDoor():
		// A closed door blocks as a wall does: the wall's tone, its door
		// drawn on it.
		base = colWall
		if overBG {
			baseA = 0.8
		}
	case t.Any(model.Obstacle):
		base = colObstacle
		if overBG {
			baseA = 0.55
		}
	case t.Any(model.Water):
		base = colWater
		if overBG {
			baseA = 0.5
		}
	case t.Any(model.ShallowWater):
		// Paler than deep water, with a single row of short ripples: it
		// tells apart by tone and by mark, in grey scale too.
		base = colShallow
		if overBG {
			baseA = 0.4
		}
	default:
		// On open ground the squares that cost more read by tone before
		// any mark: greater difficult a darker tan, narrow a pale yellow
		// (so they tell apart in grey scale too).
		switch {
		case t.Any(model.GreaterDifficult):
			base = colOpen.mix(colDots, 0.2)
		case t.Any(model.Narrow):
			base = colOpen.mix(colYellow, 0.45)
		}
		if overBG {
			baseA = 0
			if base != colOpen {
				baseA = 0.6
			}
		}
	}
	ls := []Layer{{Kind: LayerFill, Color: base.alpha(baseA).n()}}
	const lw = 1.0 / 22
	if t.Any(model.Obstacle) && !t.Any(model.Wall) {
		ls = append(ls, Layer{Kind: LayerHatch, N: 3, Width: lw, MinWidth: 1, Fwd: true, Back: true, Color: colHatch.alpha(patA).n()})
	}
	if t.Any(model.Water) {
		ls = append(ls, Layer{Kind: LayerWaves, N: 3, Amp: 0.07, Width: lw, MinWidth: 1, Ripple: true, Color: colRipple.alpha(patA).n()})
	} else if t.Any(model.ShallowWater) {
		ls = append(ls, Layer{Kind: LayerWaves, N: 2, Amp: 0.04, Width: lw, MinWidth: 1, Ripple: true, Color: colSky.alpha(patA).n()})
	}
	if t.Any(model.Hazardous) {
		ls = append(ls, Layer{Kind: LayerHatch, N: 3, Width: 0.1, MinWidth: 1.5, Fwd: true, Color: colVerm.alpha(patA * 0.9).n()})
	}
	if t.Any(model.Uneven) {
		ls = append(ls, Layer{Kind: LayerWaves, N: 2, Amp: 0.05, Width: lw, MinWidth: 1, Color: colWaves.alpha(patA).n()})
	}
	dotCol := colDots
	if t.Any(model.Wall) {
		dotCol = colOpen
	}
	// Difficult: the rulebook's few large dots; greater difficult: dense
	// small dots on the darker tone.
	if t.Any(model.GreaterDifficult) {
		ls = append(ls, Layer{Kind: LayerDots, N: 4, R: 0.045, MinR: 0.7, Color: dotCol.alpha(patA).n()})
	} else if t.Any(model.Difficult) {
		ls = append(ls, Layer{Kind: LayerDots, N: 2, R: 0.08, MinR: 1, Color: dotCol.alpha(patA).n()})
	}
	// Narrow: a squeeze, arrowheads pressing in from both sides, not a
	// bar across the square (that read as a wall or a door).
	if t.Any(model.Narrow) {
		ls = append(ls, Layer{Kind: LayerSqueeze, Width: 0.2, MinWidth: 2, Color: dotCol.alpha(patA).n()})
	}
	// A door square: a door seen from the front (orientation-free, so it
	// reads in any wall), closed on the wall's tone, or open: a dark
	// doorway with the leaf swung out, on open ground.
	if t.Any(model.Door) {
		ls = append(ls, Layer{Kind: LayerDoor, Color: colWood.n(), Ink: colInk.n(), Width: 1.0 / 28, MinWidth: 1, Ajar: t.Any(model.Open)})
	}
	return ls
}

// DoorMark paints a LayerDoor mark in the square [0, s)^2 through p: the
// door leaf, its outline and knob, or for an open door the doorway and the
// leaf swung out of it. The raster tiles and the PDF draw it with the same
// calls.
func DoorMark(p Painter, l Layer, s float64) {
	w := size(l.Width, s, l.MinWidth)
	x0, y0, x1, y1 := s*0.3, s*0.12, s*0.7, s*0.9
	if !l.Ajar {
		p.Rect(x0-w, y0-w, x1+w, y1+w, l.Ink)
		p.Rect(x0, y0, x1, y1, l.Color)
		// two panels and the knob
		pc := fromN(l.Color).mix(fromN(l.Ink), 0.3).n()
		m := math.Max(1, s*0.06)
		p.Rect(x0+m, y0+m, x1-m, (y0+y1)/2-m/2, pc)
		p.Rect(x0+m, (y0+y1)/2+m/2, x1-m, y1-m, pc)
		p.Rect(x0+m+w, y0+m+w, x1-m-w, (y0+y1)/2-m/2-w, l.Color)
		p.Rect(x0+m+w, (y0+y1)/2+m/2+w, x1-m-w, y1-m-w, l.Color)
		p.Disc(x1-s*0.08, (y0+y1)/2, math.Max(1, s*0.035), 0, l.Ink)
		return
	}
	// the doorway: dark, framed
	p.Rect(x0-w, y0-w, x1+w, y1+w, l.Ink)
	p.Rect(x0, y0, x1, y1, fromN(l.Ink).mix(colOpen, 0.35).n())
	// the leaf, hinged on the doorway's left side, swung out towards the
	// viewer (its free edge nearer, so taller)
	hx, fx := x0, s*0.06
	p.Triangle(hx, y0, fx, y0-s*0.08, fx, y1+s*0.06, l.Color)
	p.Triangle(hx, y0, fx, y1+s*0.06, hx, y1, l.Color)
	p.Line(hx, y0, fx, y0-s*0.08, w, l.Ink, 0)
	p.Line(fx, y0-s*0.08, fx, y1+s*0.06, w, l.Ink, 0)
	p.Line(fx, y1+s*0.06, hx, y1, w, l.Ink, 0)
	p.Disc(fx+s*0.05, (y0+y1)/2, math.Max(1, s*0.03), 0, l.Ink)
}

// DotCentres calls fn with the centre of each dot of a LayerDots mark in a
// square of side s.
func DotCentres(l Layer, s float64, fn func(x, y float64)) {
	k := l.N
	for j := 0; j < k; j++ {
		for i := 0; i < k; i++ {
			cx := (float64(i) + 0.5) * s / float64(k)
			cy := (float64(j) + 0.5) * s / float64(k)
			if k == 2 {
				// difficult: a quincunx reads as the rulebook's dots.
				cx = s * (0.25 + 0.5*float64(i))
				cy = s * (0.25 + 0.5*float64(j))
			}
			fn(cx, cy)
		}
	}
	if k == 2 {
		fn(s/2, s/2)
	}
}

// WaveY is the centre line of row j of a LayerWaves mark at x in a square
// of side s, and whether it is drawn there (ripples are arcs).
func WaveY(l Layer, s float64, j int, x float64) (y float64, on bool) {
	amp := math.Max(1, l.Amp*s)
	per := s / 2
	y0 := (float64(j) + 0.5) * s / float64(l.N)
	ph := 2 * math.Pi * x / per
	if l.Ripple {
		ph += float64(j) * math.Pi / 2
	}
	return y0 + amp*math.Sin(ph), !l.Ripple || math.Sin(ph) >= -0.2
}

// SqueezeTriangles calls fn with the corners of each arrowhead of a
// LayerSqueeze mark in a square of side s.
func SqueezeTriangles(l Layer, s float64, fn func(ax, ay, bx, by, cx, cy float64)) {
	d := size(l.Width, s, l.MinWidth)
	h, in := d*0.9, math.Round(s*0.06) // inset: a row of narrow squares shows pairs, not a chain
	fn(in, s/2-h, in+d, s/2, in, s/2+h)
	fn(s-in, s/2-h, s-in-d, s/2, s-in, s/2+h)
}

// HatchPeriod is the distance, along an axis, between a LayerHatch's
// stripes in a square of side s.
func HatchPeriod(l Layer, s float64) float64 { return math.Max(4, s/float64(l.N)) }
