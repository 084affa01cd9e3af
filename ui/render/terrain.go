package render

import (
	"image"
	"image/color"
	"math"

	"encounterplanner/model"
)

// Okabe-Ito palette and the neutrals of ui.md.
var (
	colOrange   = hex(0xE69F00)
	colSky      = hex(0x56B4E9)
	colGreen    = hex(0x009E73)
	colYellow   = hex(0xF0E442)
	colBlue     = hex(0x0072B2)
	colVerm     = hex(0xD55E00)
	colPurple   = hex(0xCC79A7)
	colNeutral  = hex(0x7B7B7B)
	colOpen     = hex(0xEEEBE3)
	colBackdrop = hex(0x3A3D42)
	colWall     = hex(0x2F3A45)
	colObstacle = hex(0x9C9C9C)
	colHatch    = hex(0x555555)
	colDots     = hex(0x5B4A36)
	colWaves    = hex(0x7A5C3A)
	colWater    = hex(0xA9D8F3)
	colShallow  = hex(0xD3E9EF) // shallow water: between open ground and water
	colWood     = hex(0xB07A3F) // doors
	colRipple   = hex(0x0072B2)
	colInk      = hex(0x1C1F24)
	colWhite    = hex(0xFFFFFF)
)

// tile is one square's terrain drawn at the current scale, premultiplied
// RGBA, size x size pixels (a square's pixel width is floor or ceil of the
// scale, so the tile is big enough for either).
type tile struct {
	pix  []uint8
	size int
}

// makeTile paints terrain t for squares of s pixels, mark by mark as
// TerrainLook describes it. With overBG the base colours are translucent so
// a background image shows through.
func makeTile(t model.Terrain, s float64, overBG bool) *tile {
	n := int(math.Ceil(s)) + 1
	tl := &tile{pix: make([]uint8, n*n*4), size: n}
	cv := &canvas{pix: tl.pix, stride: n * 4, w: n, h: n}
	for _, l := range TerrainLook(t, overBG) {
		c := fromN(l.Color)
		switch l.Kind {
		case LayerFill:
			cv.fillRect(0, 0, n, n, c)
		case LayerHatch:
			hatch(cv, s, l.N, size(l.Width, s, l.MinWidth), l.Back, l.Fwd, c)
		case LayerWaves:
			waves(cv, s, l, c)
		case LayerDots:
			r := size(l.R, s, l.MinR)
			DotCentres(l, s, func(x, y float64) { cv.fillCircle(x, y, r, c) })
		case LayerSqueeze:
			SqueezeTriangles(l, s, func(ax, ay, bx, by, cx, cy float64) { cv.fillTriangle(ax, ay, bx, by, cx, cy, c) })
		case LayerDoor:
			DoorMark(canvasPainter{cv}, l, s)
		}
	}
	return tl
}

// hatch draws k diagonal stripes per square of width w: "\" stripes with
// back, "/" stripes with fwd.
func hatch(cv *canvas, s float64, k int, w float64, back, fwd bool, c rgba) {
	p := s / float64(k)
	if p < 4 {
		p = 4
	}
	for y := 0; y < cv.h; y++ {
		for x := 0; x < cv.w; x++ {
			fx, fy := float64(x)+0.5, float64(y)+0.5
			cov := 0.0
			if fwd {
				cov = math.Max(cov, stripeCov(fx+fy, p, w))
			}
			if back {
				cov = math.Max(cov, stripeCov(fx-fy+s, p, w))
			}
			if cov > 0 {
				cv.blend(x, y, c, uint32(cov*255))
			}
		}
	}
}

// stripeCov is the coverage of a stripe of width w repeating every p along
// the diagonal coordinate v (measured along the axis, so / sqrt2 for width).
func stripeCov(v, p, w float64) float64 {
	m := math.Mod(v, p)
	if m < 0 {
		m += p
	}
	d := math.Min(m, p-m) / math.Sqrt2
	return clamp01(w/2 + 0.5 - d)
}

// waves draws the rows of a LayerWaves mark (ripples: arcs, rows
// shifted).
func waves(cv *canvas, s float64, l Layer, c rgba) {
	w := size(l.Width, s, l.MinWidth)
	amp := math.Max(1, l.Amp*s)
	per := s / 2
	for j := 0; j < l.N; j++ {
		for x := 0; x < cv.w; x++ {
			fx := float64(x) + 0.5
			yc, on := WaveY(l, s, j, fx)
			if !on {
				continue // arcs, not a continuous wave
			}
			ph := 2 * math.Pi * fx / per
			if l.Ripple {
				ph += float64(j) * math.Pi / 2
			}
			slope := amp * 2 * math.Pi / per * math.Cos(ph)
			hw := w / 2 * math.Sqrt(1+slope*slope)
			for y := int(yc - hw - 1); y <= int(yc+hw+1); y++ {
				d := math.Abs(float64(y) + 0.5 - yc)
				cov := clamp01(hw + 0.5 - d)
				if cov > 0 {
					cv.blend(x, y, c, uint32(cov*255))
				}
			}
		}
	}
}

// canvasPainter paints a mark's shapes straight into a canvas (a terrain
// tile), with the raster painter's conversions.
type canvasPainter struct{ cv *canvas }

func (p canvasPainter) Layer(string)                                               {}
func (p canvasPainter) Background(float64, float64, float64, float64, *image.RGBA) {}
func (p canvasPainter) Terrain(float64, float64, float64, float64, float64, model.Terrain, bool) {
}
func (p canvasPainter) Rect(x0, y0, x1, y1 float64, c color.NRGBA) {
	p.cv.fillRect(int(math.Round(x0)), int(math.Round(y0)), int(math.Round(x1)), int(math.Round(y1)), fromN(c))
}
func (p canvasPainter) Disc(cx, cy, r, inner float64, c color.NRGBA) {
	p.cv.fillRing(cx, cy, r, inner, fromN(c))
}
func (p canvasPainter) Line(x0, y0, x1, y1, w float64, c color.NRGBA, dash float64) {
	p.cv.line(x0, y0, x1, y1, w, fromN(c), dash)
}
func (p canvasPainter) Triangle(ax, ay, bx, by, cx, cy float64, c color.NRGBA) {
	p.cv.fillTriangle(ax, ay, bx, by, cx, cy, fromN(c))
}
func (p canvasPainter) RoundRect(x0, y0, x1, y1, rad float64, c color.NRGBA) {
	p.cv.fillRoundRect(int(x0), int(y0), int(x1), int(y1), rad, fromN(c))
}
func (p canvasPainter) Stripes(float64, float64, float64, float64, float64, float64, color.NRGBA, color.NRGBA) {
}
func (p canvasPainter) Text(float64, float64, float64, bool, string, float64, color.NRGBA) {}
