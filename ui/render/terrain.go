package render

import (
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

// makeTile paints terrain t for squares of s pixels. With overBG the base
// colours are translucent so a background image shows through.
func makeTile(t model.Terrain, s float64, overBG bool) *tile {
	n := int(math.Ceil(s)) + 1
	tl := &tile{pix: make([]uint8, n*n*4), size: n}
	cv := &canvas{pix: tl.pix, stride: n * 4, w: n, h: n}
	baseA := 1.0
	patA := 1.0
	if overBG {
		patA = 0.85
	}
	base := colOpen
	switch {
	case t.Any(model.Wall):
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
	default:
		if overBG {
			baseA = 0
		}
	}
	cv.fillRect(0, 0, n, n, base.alpha(baseA))
	lw := math.Max(1, s/22)
	if t.Any(model.Obstacle) && !t.Any(model.Wall) {
		hatch(cv, s, 3, lw, true, true, colHatch.alpha(patA))
	}
	if t.Any(model.Water) {
		waves(cv, s, 3, s*0.07, lw, colRipple.alpha(patA), true)
	}
	if t.Any(model.Hazardous) {
		hatch(cv, s, 3, math.Max(1.5, s*0.1), false, true, colVerm.alpha(patA*0.9))
	}
	if t.Any(model.Uneven) {
		waves(cv, s, 2, s*0.05, lw, colWaves.alpha(patA), false)
	}
	dotCol := colDots
	if t.Any(model.Wall) {
		dotCol = colOpen
	}
	if t.Any(model.GreaterDifficult) {
		dots(cv, s, 4, math.Max(0.7, s*0.045), dotCol.alpha(patA))
	} else if t.Any(model.Difficult) {
		dots(cv, s, 2, math.Max(0.8, s*0.06), dotCol.alpha(patA))
	}
	if t.Any(model.Narrow) {
		bh := math.Max(2, s*0.14)
		y0 := int(math.Round(s/2 - bh/2))
		y1 := y0 + int(math.Round(bh))
		cv.fillRect(0, y0-1, n, y0, colInk.alpha(patA*0.7))
		cv.fillRect(0, y1, n, y1+1, colInk.alpha(patA*0.7))
		cv.fillRect(0, y0, n, y1, colYellow.alpha(patA))
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

// dots draws a k x k grid of dots of radius r, offset like a die face.
func dots(cv *canvas, s float64, k int, r float64, c rgba) {
	for j := 0; j < k; j++ {
		for i := 0; i < k; i++ {
			cx := (float64(i) + 0.5) * s / float64(k)
			cy := (float64(j) + 0.5) * s / float64(k)
			if k == 2 {
				// difficult: a quincunx reads as the rulebook's dots.
				cx = s * (0.25 + 0.5*float64(i))
				cy = s * (0.25 + 0.5*float64(j))
			}
			cv.fillCircle(cx, cy, r, c)
		}
	}
	if k == 2 {
		cv.fillCircle(s/2, s/2, r, c)
	}
}

// waves draws k rows of small sine waves (ripples: arcs, wider apart).
func waves(cv *canvas, s float64, k int, amp, w float64, c rgba, ripple bool) {
	if amp < 1 {
		amp = 1
	}
	per := s / 2
	for j := 0; j < k; j++ {
		y0 := (float64(j) + 0.5) * s / float64(k)
		for x := 0; x < cv.w; x++ {
			fx := float64(x) + 0.5
			ph := 2 * math.Pi * fx / per
			if ripple {
				ph += float64(j) * math.Pi / 2
			}
			yc := y0 + amp*math.Sin(ph)
			slope := amp * 2 * math.Pi / per * math.Cos(ph)
			hw := w / 2 * math.Sqrt(1+slope*slope)
			for y := int(yc - hw - 1); y <= int(yc+hw+1); y++ {
				d := math.Abs(float64(y) + 0.5 - yc)
				cov := clamp01(hw + 0.5 - d)
				if ripple && math.Sin(ph) < -0.2 {
					continue // arcs, not a continuous wave
				}
				if cov > 0 {
					cv.blend(x, y, c, uint32(cov*255))
				}
			}
		}
	}
}
