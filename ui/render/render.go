// Package render draws an encounter map with its overlays into an image. It
// is pure (no Fyne): the editor widget, the player display and the PNG/PDF/
// UVTT exports all call Draw, so what is exported is what is seen.
package render

import (
	"bytes"
	"encoding/base64"
	"image"
	"image/color"
	"image/draw"
	"image/jpeg"
	"image/png"
	"io"
	"math"
	"strings"
	"sync"
	"unsafe"

	"encounterplanner/model"
	"encounterplanner/rules"

	"golang.org/x/image/webp"
)

// View places the map in the image.
type View struct {
	Scale    float64 // pixels per square (> 0)
	OriginX  float64 // map x (in squares) at the left edge of the image
	OriginY  float64 // map y (in squares) at the top edge of the image
	NoGrid   bool    // leave out the grid lines
	Player   bool    // the player layer: no hidden tokens, no GM-only notes
	NoTokens bool    // terrain and edges only, without the GM's marks (the UVTT image)
	PaperFog bool    // with Player: fog as unexplored paper, blank white, for print (the screen's is dark)
}

// CoverLine is a cover badge between two tokens (indices into Tokens).
type CoverLine struct {
	From, To int
	Cover    rules.Cover
}

// Overlays is what the rules answered, to draw over the map. The zero value
// draws nothing extra.
type Overlays struct {
	Selected   int            // token index, or -1 (set by NewOverlays)
	Reach      []rules.Square // banded by Actions (1, 2, 3); Facings arrows for ships
	PathFrom   int            // token index whose path is drawn, -1 = none
	Path       *rules.Path
	Cover      []CoverLine
	Flanks     []rules.Flank
	Threat     []rules.Point // enemy reach areas (reactions)
	FlankSpots []rules.Point // where a dragged token would flank
	Hover      *rules.Point  // the hovered square, outlined
	HoverSize  int           // squares a side of the outline (a selected Large token's 2x2 footprint, a brush's block); 0 = 1
	HoverRows  int           // rows of the outline when not HoverSize (a brush's block cut by the map's edge); 0 = HoverSize
	ReachSpace int           // squares a side of the reaching token's space; 0 = the selected token's (1 if none)
	Warn       []int         // tokens placed illegally (marked with a warning)
	Collide    []rules.Point // squares forced movement reaches by a collision, crossed out (so colour is not alone)
	Ghost      *Ghost        // a token being dragged
	Units      string        // "ft" or "pt": the unit of path costs
	Areas      []AreaShade   // placed area templates, shaded under the tokens
	Ruler      []RulerLeg    // the ruler's legs, drawn over everything with their lengths
	RulerShare bool          // the ruler is shown on the player display too
}

// AreaShade is an area template as the rules answered it: the squares it
// covers (the rules' area functions give them; the renderer computes no
// geometry), shaded with an outline round them and its label.
type AreaShade struct {
	Squares []int  // y*W + x of each square inside
	Label   string // e.g. "fireball 20 ft"; "" = none
	Player  bool   // shown on the player display (model.Area.Player)
}

// Ghost is a token drawn at a drop position while it is dragged.
type Ghost struct {
	Token int
	X, Y  int
	OK    bool // false: the drop would be refused
}

// NewOverlays returns empty overlays with nothing selected.
func NewOverlays() *Overlays { return &Overlays{Selected: -1, PathFrom: -1} }

// Renderer draws maps, keeping what it can between calls: terrain tiles at
// the current scale, font faces and glyph masks, the decoded background and
// scratch buffers. After the first frame at a given scale, Draw allocates
// nothing. A Renderer is not safe for concurrent use; make one per view.
type Renderer struct {
	cv canvas
	ts typeset

	// Tiles for the last few (scale, over-background) pairs, so views at
	// different zooms sharing a Renderer (editor, player, thumbnails) do not
	// repaint their tiles every frame.
	sets  [4]tileSet
	tiles *tileTable
	clock uint64

	bgs    [2]bgEntry
	ready  func()      // DecodeAside's callback; nil: backgrounds decode in Draw
	bg     *image.RGBA // the current frame's background; nil: none
	bgCols []int32     // per image column: background x

	luts     lutCache
	p        Painter       // where the scene's shapes go: &rp in Draw, the caller's in Paint
	rp       rasterPainter // Draw's painter: into cv
	bdrow    []uint8       // one row of backdrop pixels, copied where the map is not
	cols     []colRun
	rowTiles []*tile // per visible column: the tile of the current square row
	mark     []uint8 // per map square scratch (reach bands), cleared after use
	hmin     []uint8 // per map square scratch: reach bands minimised along rows
	num      []byte
	lay      placer // the frame's labels (layout)

	// the frame's tokens as drawn (stack.go): their order, lowest first,
	// and each one's look by token index; scratch to find who is under whom
	order  []int32
	looks  []tokenLook
	corner map[uint64]int32 // a square: 1 + the last token drawn whose space starts there
	below  []int32          // by token index: 1 + the one drawn before it from the same square
	depth  []int32          // by token index: how many stacked under it
	cov    []int32          // the tokens under the one being stacked

	// the base of the last frame, what is under the tokens (basecache.go)
	base    []uint8
	baseKey uint64
	baseOK  bool
	baseRun int  // bases drawn (tests: a frame that reuses one draws none)
	keep    bool // keep each frame's base (KeepBase)
	keyView View // the view being fingerprinted (frameKey)

	pcache  map[string]*portrait      // decoded token portraits by data URL
	pptr    map[*byte]*portrait       // the same by the storage of the string each was last looked up by
	psrc    map[*image.RGBA]*portrait // the same by decoded image
	plist   []*portrait               // the same, for eviction
	pbytes  int                       // the memory they hold (portrait.bytes)
	pending map[string]bool           // prefetchPortraits' scratch: the images it will decode
}

type tileSet struct {
	scale  float64
	overBG bool
	used   uint64 // r.clock when last drawn; 0 = empty
	tiles  tileTable
}

// tileTable holds a tile per terrain: indexed by the whole trait set (a
// square's Terrain never has bits outside model.TraitMask), so a lookup is
// one index and no allocation.
type tileTable [model.TraitMask + 1]*tile

// bgEntry is a decoded background and the string it came from.
type bgEntry struct {
	key  string // strings are immutable: keeping it is safe and makes the pointer check hit
	hash uint64
	img  *image.RGBA
	used uint64
	load *bgLoad // while it is decoded (bgshare.go); img is nil until then
}

// colRun is a visible square column: pixels [p0, p1), tile offset off.
type colRun struct {
	sx, p0, p1, off int
}

// NewRenderer returns a Renderer with empty caches.
func NewRenderer() *Renderer { return &Renderer{} }

// DecodeAside makes r decode a background image it has not decoded yet on
// a goroutine of its own, rather than in Draw: an 8192 x 7424 map image
// takes seconds to decode, and a view draws on the window's goroutine.
// Until it is decoded, frames are drawn without it (the terrain as on a
// map without an image); then ready is called, from that goroutine, and
// the next frame has it. An export, which needs the image in the one
// image it draws, should not.
func (r *Renderer) DecodeAside(ready func()) { r.ready = ready }

// KeepBase makes r keep each frame's base, what lies under the tokens, and
// copy it instead of drawing it when the next frame has the same base
// (basecache.go): for a view that draws frame after frame of one map (the
// editor's map, the player display). An export, which draws each image
// once, should not: the kept base would be a second copy of it.
func (r *Renderer) KeepBase() { r.keep = true }

var (
	defaultMu sync.Mutex
	defaultR  = NewRenderer()
)

// Draw paints the map of e as v places it into dst, then the overlays o
// (nil for none). It writes every pixel of dst.Bounds(). It shares one
// Renderer under a lock; a view redrawn often should own a Renderer.
func Draw(dst *image.RGBA, e *model.Encounter, v View, o *Overlays) {
	defaultMu.Lock()
	defer defaultMu.Unlock()
	defaultR.Draw(dst, e, v, o)
}

// MaxScale is the largest Scale drawn; a larger one is drawn at MaxScale
// (terrain tiles are cached at the scale, so it bounds their memory).
const MaxScale = 2048

// SquareAt returns the map square under image pixel (px, py), the same
// square Draw paints there (it may be off the map).
func (v View) SquareAt(px, py int) (x, y int) {
	return int(math.Ceil((float64(px)+0.5)/v.Scale+v.OriginX)) - 1, int(math.Ceil((float64(py)+0.5)/v.Scale+v.OriginY)) - 1
}

// PixelOf returns the image pixel position of map point (x, y) (squares;
// (x+0.5, y+0.5) is a square's centre).
func (v View) PixelOf(x, y float64) (px, py float64) {
	return (x - v.OriginX) * v.Scale, (y - v.OriginY) * v.Scale
}

// frame holds per-call geometry.
type frame struct {
	e   *model.Encounter
	v   View
	o   *Overlays
	sx0 int // first visible square column / row, and one past the last
	sx1 int
	sy0 int
	sy1 int
}

// bx is the pixel where square column i starts; squares are [bx(i), bx(i+1)).
func (f *frame) bx(i int) int { return int(math.Floor((float64(i)-f.v.OriginX)*f.v.Scale + 0.5)) }
func (f *frame) by(j int) int { return int(math.Floor((float64(j)-f.v.OriginY)*f.v.Scale + 0.5)) }

// cx is the pixel x of map x coordinate mx (in squares, fractional).
func (f *frame) cx(mx float64) float64 { return (mx - f.v.OriginX) * f.v.Scale }
func (f *frame) cy(my float64) float64 { return (my - f.v.OriginY) * f.v.Scale }

// Draw paints the map of e as v places it into dst, then the overlays o
// (nil for none). It writes every pixel of dst.Bounds().
func (r *Renderer) Draw(dst *image.RGBA, e *model.Encounter, v View, o *Overlays) {
	b := dst.Bounds()
	if b.Empty() {
		return
	}
	r.cv = canvas{pix: dst.Pix[dst.PixOffset(b.Min.X, b.Min.Y):], stride: dst.Stride, w: b.Dx(), h: b.Dy(), luts: &r.luts}
	if len(r.bdrow) < r.cv.w*4 {
		r.bdrow = make([]uint8, r.cv.w*4)
		for i := 0; i < len(r.bdrow); i += 4 {
			r.bdrow[i], r.bdrow[i+1], r.bdrow[i+2], r.bdrow[i+3] = colBackdrop.r, colBackdrop.g, colBackdrop.b, 255
		}
	}
	v.Scale = math.Min(v.Scale, MaxScale)
	if e == nil || v.Scale <= 0 || math.IsNaN(v.Scale) || math.IsInf(v.Scale, 0) || e.Grid.W <= 0 || e.Grid.H <= 0 || len(e.Grid.Cells) != e.Grid.W*e.Grid.H {
		r.backdrop(0, r.cv.h)
		return
	}
	f := &frame{e: e, v: v, o: o}
	f.sx0 = max(0, int(math.Floor(v.OriginX)))
	f.sy0 = max(0, int(math.Floor(v.OriginY)))
	f.sx1 = min(e.Grid.W, int(math.Ceil(v.OriginX+float64(r.cv.w)/v.Scale))+1)
	f.sy1 = min(e.Grid.H, int(math.Ceil(v.OriginY+float64(r.cv.h)/v.Scale))+1)
	r.rp.r = r
	r.p = &r.rp
	defer func() { r.p = nil }()
	// the background once a frame: one decoded aside may arrive meanwhile
	r.bg = r.background(e.Background)
	var key uint64
	if r.keep {
		key = r.frameKey(f, r.cv.w, r.cv.h)
	}
	if r.keep && r.reuseBase(key) {
		r.layout(f)
		r.sceneTokens(f)
		return
	}
	r.terrain(f)
	if !v.NoGrid {
		r.grid(f)
	}
	r.layout(f)
	r.sceneUnder(f)
	if r.keep {
		r.keepBase(key)
		r.baseRun++
	}
	r.sceneTokens(f)
}

// backdrop fills image rows [y0, y1) with the off-map colour.
func (r *Renderer) backdrop(y0, y1 int) {
	cv := &r.cv
	if y0 >= y1 {
		return
	}
	row := cv.pix[y0*cv.stride : y0*cv.stride+cv.w*4]
	for i := 0; i < len(row); i += 4 {
		row[i], row[i+1], row[i+2], row[i+3] = colBackdrop.r, colBackdrop.g, colBackdrop.b, 255
	}
	for y := y0 + 1; y < y1; y++ {
		copy(cv.pix[y*cv.stride:y*cv.stride+cv.w*4], row)
	}
}

func (r *Renderer) backdropSpan(y, x0, x1 int) {
	cv := &r.cv
	x0, x1 = max(x0, 0), min(x1, cv.w)
	if x0 < x1 {
		copy(cv.pix[y*cv.stride+x0*4:y*cv.stride+x1*4], r.bdrow)
	}
}

// terrain fills the image: backdrop off the map, terrain tiles (over the
// background image, when there is one) on it. Each square row of each tile
// is one copy, so the cost is about one memmove per square per pixel row.
func (r *Renderer) terrain(f *frame) {
	cv := &r.cv
	e := f.e
	bg := r.bg // Draw's
	overBG := bg != nil
	r.pickTiles(f.v.Scale, overBG)
	r.cols = r.cols[:0]
	for sx := f.sx0; sx < f.sx1; sx++ {
		p0, p1 := f.bx(sx), f.bx(sx+1)
		q0, q1 := max(p0, 0), min(p1, cv.w)
		if q0 < q1 {
			r.cols = append(r.cols, colRun{sx: sx, p0: q0, p1: q1, off: q0 - p0})
		}
	}
	if cap(r.rowTiles) < len(r.cols) {
		r.rowTiles = make([]*tile, len(r.cols))
	}
	r.rowTiles = r.rowTiles[:len(r.cols)]
	mapX0, mapX1 := max(f.bx(0), 0), min(f.bx(e.Grid.W), cv.w)
	if overBG {
		r.bgColumns(f, bg)
	}
	top := min(max(f.by(0), 0), cv.h)
	r.backdrop(0, top)
	y := top
	for sy := f.sy0; sy < f.sy1 && y < cv.h; sy++ {
		p0, p1 := f.by(sy), min(f.by(sy+1), cv.h)
		for ci, c := range r.cols {
			r.rowTiles[ci] = r.tile(f.shown(sy*e.Grid.W+c.sx), f.v.Scale, overBG)
		}
		for ; y < p1; y++ {
			off := y - p0
			if mapX0 > 0 {
				r.backdropSpan(y, 0, mapX0)
			}
			if mapX1 < cv.w {
				r.backdropSpan(y, mapX1, cv.w)
			}
			line := cv.pix[y*cv.stride:]
			var bgRow []uint8
			if overBG {
				my := (float64(y)+0.5)/f.v.Scale + f.v.OriginY
				if iy, ok := f.bgPixel(my, e.Grid.H, bg.Bounds().Dy(), false); ok {
					bgRow = bg.Pix[iy*bg.Stride:]
				}
			}
			for ci, c := range r.cols {
				t := r.rowTiles[ci]
				src := t.pix[(off*t.size+c.off)*4:]
				n := (c.p1 - c.p0) * 4
				d := line[c.p0*4 : c.p0*4+n]
				if !overBG {
					copy(d, src[:n])
					continue
				}
				for i := 0; i < n; i += 4 {
					bp := openPix[:]
					if bx := r.bgCols[c.p0+i/4]; bx >= 0 && bgRow != nil {
						bp = bgRow[bx*4 : bx*4+4 : bx*4+4]
					}
					na := 255 - uint32(src[i+3])
					d[i] = src[i] + uint8(div255(uint32(bp[0])*na))
					d[i+1] = src[i+1] + uint8(div255(uint32(bp[1])*na))
					d[i+2] = src[i+2] + uint8(div255(uint32(bp[2])*na))
					d[i+3] = 255
				}
			}
		}
	}
	r.backdrop(y, cv.h)
}

func (r *Renderer) tile(t model.Terrain, s float64, overBG bool) *tile {
	t &= model.TraitMask
	if tl := r.tiles[t]; tl != nil {
		return tl
	}
	tl := makeTile(t, s, overBG)
	r.tiles[t] = tl
	return tl
}

// bgColumns maps each image column on the map to a background column.
func (r *Renderer) bgColumns(f *frame, bg *image.RGBA) {
	if cap(r.bgCols) < r.cv.w {
		r.bgCols = make([]int32, r.cv.w)
	}
	r.bgCols = r.bgCols[:r.cv.w]
	bw := bg.Bounds().Dx()
	for x := range r.bgCols {
		mx := (float64(x)+0.5)/f.v.Scale + f.v.OriginX
		ix, ok := f.bgPixel(mx, f.e.Grid.W, bw, true)
		if !ok {
			ix = -1
		}
		r.bgCols[x] = int32(ix)
	}
}

// openPix is open ground where a placed background image does not reach.
var openPix = [4]uint8{colOpen.r, colOpen.g, colOpen.b, 255}

// bgPixel is the background image's pixel column (horizontal) or row at
// map coordinate m (squares): the image stretched over the map's n
// squares, or placed by Encounter.Placement (its pixel (X, Y) at the map's
// top-left corner, PxPerSquare to a square); false where a placed image
// does not reach.
func (f *frame) bgPixel(m float64, n, size int, horizontal bool) (int, bool) {
	p := f.e.Placement
	if p == nil || p.PxPerSquare <= 0 {
		return min(max(int(m/float64(n)*float64(size)), 0), size-1), true
	}
	o := p.Y
	if horizontal {
		o = p.X
	}
	i := int(math.Floor(o + m*p.PxPerSquare))
	return i, i >= 0 && i < size
}

// pickTiles selects the tile set for the scale, reusing the least recently
// used set when none matches.
func (r *Renderer) pickTiles(scale float64, overBG bool) {
	r.clock++
	old := 0
	for i := range r.sets {
		ts := &r.sets[i]
		if ts.used != 0 && ts.scale == scale && ts.overBG == overBG {
			ts.used = r.clock
			r.tiles = &ts.tiles
			return
		}
		if ts.used < r.sets[old].used {
			old = i
		}
	}
	ts := &r.sets[old]
	ts.scale, ts.overBG, ts.used = scale, overBG, r.clock
	ts.tiles = tileTable{}
	r.tiles = &ts.tiles
}

// background decodes a data-URL image once and caches it by the string (a
// pointer-and-length check first, then a hash, so an unchanged background
// costs nothing; two are kept). Broken images draw no background.
//
// A string this Renderer has not met is hashed in full on the window's
// goroutine before anything is looked up, so the hash is maphash's
// (hardware AES where the processor has it): for a 64 MB map image about
// 7 ms, where FNV-1a a byte at a time took 80 ms (BenchmarkBackgroundHash).
func (r *Renderer) background(s string) *image.RGBA {
	if s == "" {
		return nil
	}
	r.clock++
	for i := range r.bgs {
		b := &r.bgs[i]
		if b.used != 0 && len(s) == len(b.key) && unsafeSamePtr(s, b.key) {
			b.used = r.clock
			return b.loaded()
		}
	}
	sum := bgHash(s)
	old := 0
	for i := range r.bgs {
		b := &r.bgs[i]
		if b.used != 0 && b.hash == sum && len(s) == len(b.key) && s == b.key {
			b.key, b.used = s, r.clock
			return b.loaded()
		}
		if b.used < r.bgs[old].used {
			old = i
		}
	}
	// not in this Renderer's cache: another's, or decoded now (bgshare.go)
	img, load, start := sharedBackground(s, sum)
	r.bgs[old] = bgEntry{key: s, hash: sum, img: img, used: r.clock, load: load}
	b := &r.bgs[old]
	switch {
	case load == nil:
		return img
	case r.ready == nil:
		if start {
			load.decode(s, sum)
		} else {
			load.wait()
		}
		return b.loaded()
	case start:
		load.notify(r.ready)
		go load.decode(s, sum)
		return nil
	default:
		load.notify(r.ready)
		return b.loaded()
	}
}

// Release drops what r keeps from frame to frame: its decoded backgrounds
// (so the shared image goes once no other Renderer holds it), terrain
// tiles, glyphs, portraits and kept base. r stays usable; its next frame
// starts from nothing. For a view that leaves the screen for good: the
// window's toolkit may keep the widget, and so r, a while longer.
func (r *Renderer) Release() {
	ready, keep := r.ready, r.keep
	*r = Renderer{ready: ready, keep: keep}
}

// DecodingAside reports whether a background is still being decoded aside
// (DecodeAside). Call it where r draws.
func (r *Renderer) DecodingAside() bool {
	for i := range r.bgs {
		if l := r.bgs[i].load; l != nil && !l.done.Load() {
			return true
		}
	}
	return false
}

// loaded is b's image: nil while it is decoded aside.
func (b *bgEntry) loaded() *image.RGBA {
	if b.load != nil && b.load.done.Load() {
		b.img, b.load = b.load.img, nil
	}
	return b.img
}

// MaxBackgroundPixels bounds the background images DecodeBackground
// accepts: model.MaxBackgroundPixels (64 Mpx); the memory decoding one
// takes is bounded by model.MaxBackgroundDecode (512 MiB).
const MaxBackgroundPixels = model.MaxBackgroundPixels

// DecodeBackground decodes a "data:image/png;base64,...",
// "data:image/jpeg;base64,..." or "data:image/webp;base64,..." background
// into an opaque RGBA image (transparent parts over open ground); nil if
// it does not decode or model.CheckBackground refuses its header (too many
// pixels, or too much memory to decode), which is checked before a pixel
// is allocated. An 8-bit RGB or RGBA image, or a CMYK JPEG, becomes the
// RGBA image in place; other kinds are copied into one. Memory: at most
// the header's DecodeBytes (model.ImageHeader), the base64 text decoded
// as it is read.
func DecodeBackground(s string) *image.RGBA {
	h, err := model.ReadImageHeader(s)
	if err != nil || h.CheckBackground() != nil {
		return nil
	}
	img := decodeDataURL(s, h)
	if img == nil {
		return nil
	}
	open := colOpen.std()
	if out, ok := rgbaInPlace(img, &open); ok {
		return out
	}
	b := img.Bounds()
	out := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(out, out.Bounds(), &image.Uniform{open}, image.Point{}, draw.Src)
	draw.Draw(out, out.Bounds(), img, b.Min, draw.Over)
	return out
}

// decodeDataURL decodes a "data:image/png|jpeg|webp;base64,..." image of
// header h (read from s), streaming the base64 text into the decoder; nil
// if it does not decode or decodes to another size than h's.
func decodeDataURL(s string, h model.ImageHeader) image.Image {
	dec := map[string]func(io.Reader) (image.Image, error){"png": png.Decode, "jpeg": jpeg.Decode, "webp": webp.Decode}[h.Format]
	_, b64, ok := strings.Cut(s, ";base64,")
	if dec == nil || !ok {
		return nil
	}
	img, err := dec(base64.NewDecoder(base64.StdEncoding, strings.NewReader(b64)))
	if err != nil || img.Bounds().Dx() != h.Width || img.Bounds().Dy() != h.Height {
		return nil
	}
	return img
}

// rgbaInPlace turns a decoded image whose pixels are 4 bytes each, at
// (0, 0) and without padding (8-bit RGBA or NRGBA, CMYK) into a
// premultiplied RGBA image over the same memory, composited over *over
// (opaque) when over is not nil, and reports whether it could. Each run
// of pixels is copied aside and drawn back with image/draw, so the result
// is exactly what drawing the image into a new RGBA image gives.
func rgbaInPlace(img image.Image, over *color.RGBA) (*image.RGBA, bool) {
	var pix []uint8
	var stride int
	var run func(p []uint8, n int) image.Image
	switch m := img.(type) {
	case *image.RGBA:
		pix, stride = m.Pix, m.Stride
		run = func(p []uint8, n int) image.Image {
			return &image.RGBA{Pix: p, Stride: 4 * n, Rect: image.Rect(0, 0, n, 1)}
		}
	case *image.NRGBA:
		pix, stride = m.Pix, m.Stride
		run = func(p []uint8, n int) image.Image {
			return &image.NRGBA{Pix: p, Stride: 4 * n, Rect: image.Rect(0, 0, n, 1)}
		}
	case *image.CMYK:
		pix, stride = m.Pix, m.Stride
		run = func(p []uint8, n int) image.Image {
			return &image.CMYK{Pix: p, Stride: 4 * n, Rect: image.Rect(0, 0, n, 1)}
		}
	default:
		return nil, false
	}
	b := img.Bounds()
	if b.Min != (image.Point{}) || stride != 4*b.Dx() || len(pix) < 4*b.Dx()*b.Dy() {
		return nil, false
	}
	pix = pix[:4*b.Dx()*b.Dy()]
	_, isRGBA := img.(*image.RGBA)
	if !isRGBA || over != nil {
		const chunk = 4096 // pixels
		tmp := make([]uint8, 4*chunk)
		for off := 0; off < len(pix); off += 4 * chunk {
			q := pix[off:min(off+4*chunk, len(pix))]
			n := len(q) / 4
			copy(tmp, q)
			dst := &image.RGBA{Pix: q, Stride: 4 * n, Rect: image.Rect(0, 0, n, 1)}
			if over != nil {
				draw.Draw(dst, dst.Rect, &image.Uniform{*over}, image.Point{}, draw.Src)
				draw.Draw(dst, dst.Rect, run(tmp[:len(q)], n), image.Point{}, draw.Over)
			} else {
				draw.Draw(dst, dst.Rect, run(tmp[:len(q)], n), image.Point{}, draw.Src)
			}
		}
	}
	return &image.RGBA{Pix: pix, Stride: stride, Rect: b}, true
}

// grid draws crisp 1-pixel lines on square boundaries, a little stronger
// every 5 squares so counting distances is easy.
func (r *Renderer) grid(f *frame) {
	cv := &r.cv
	if f.v.Scale < 4 {
		return
	}
	gx0, gx1 := max(f.bx(0), 0), min(f.bx(f.e.Grid.W), cv.w)
	gy0, gy1 := max(f.by(0), 0), min(f.by(f.e.Grid.H), cv.h)
	for sx := f.sx0; sx <= f.sx1 && sx <= f.e.Grid.W; sx++ {
		x := f.bx(sx)
		if sx == f.e.Grid.W {
			x--
		}
		if x < 0 || x >= cv.w {
			continue
		}
		l := r.luts.get(gridColor(sx))
		for y := gy0; y < gy1; y++ {
			q := cv.pix[y*cv.stride+x*4 : y*cv.stride+x*4+4 : y*cv.stride+x*4+4]
			q[0], q[1], q[2] = l.r[q[0]], l.g[q[1]], l.b[q[2]]
		}
	}
	for sy := f.sy0; sy <= f.sy1 && sy <= f.e.Grid.H; sy++ {
		y := f.by(sy)
		if sy == f.e.Grid.H {
			y--
		}
		if y < 0 || y >= cv.h {
			continue
		}
		cv.span(y*cv.stride+gx0*4, gx1-gx0, gridColor(sy))
	}
}

// sq returns the pixel rectangle of the k x k block with top-left (x, y).
func (f *frame) sq(x, y, k int) (x0, y0, x1, y1 int) {
	return f.bx(x), f.by(y), f.bx(x + k), f.by(y + k)
}

// visible reports whether the block can touch the image.
func (r *Renderer) visible(f *frame, x, y, k int) bool {
	x0, y0, x1, y1 := f.sq(x, y, k)
	return x1 > -int(f.v.Scale) && y1 > -int(f.v.Scale) && x0 < r.cv.w+int(f.v.Scale) && y0 < r.cv.h+int(f.v.Scale)
}

func unsafeSamePtr(a, b string) bool { return unsafe.StringData(a) == unsafe.StringData(b) }

// PNGDataURL encodes img as a "data:image/png;base64,..." background.
func PNGDataURL(img image.Image) string {
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return ""
	}
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(buf.Bytes())
}

// RulerLeg is one leg of the ruler, square centre to square centre, with
// its label (the caller's words: "15 ft", "10 ft · 35 ft").
type RulerLeg struct {
	From, To rules.Point
	Label    string
}
