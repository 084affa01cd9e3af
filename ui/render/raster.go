package render

import (
	"image/color"
	"math"
)

// canvas is the pixel buffer the primitives draw into: premultiplied RGBA
// rows as image.RGBA stores them. Every primitive clips to the canvas and
// composites "source over", so the same code paints the opaque frame and the
// translucent terrain tiles.
type canvas struct {
	pix    []uint8
	stride int
	w, h   int
	luts   *lutCache
}

// lutCache holds blend tables for the few constant colours filled over
// large areas (reach bands, grid lines, tints): one table lookup per channel
// instead of a multiply and a division.
type lutCache struct {
	e    [12]lut
	next int
}

type lut struct {
	c    rgba
	ok   bool
	r, g []uint8
	b, a []uint8
}

func (lc *lutCache) get(c rgba) *lut {
	for i := range lc.e {
		if lc.e[i].ok && lc.e[i].c == c {
			return &lc.e[i]
		}
	}
	l := &lc.e[lc.next]
	lc.next = (lc.next + 1) % len(lc.e)
	if l.r == nil {
		buf := make([]uint8, 4*256)
		l.r, l.g, l.b, l.a = buf[:256], buf[256:512], buf[512:768], buf[768:]
	}
	l.c, l.ok = c, true
	a := uint32(c.a)
	na := 255 - a
	for d := uint32(0); d < 256; d++ {
		l.r[d] = uint8(div255(uint32(c.r)*a + d*na))
		l.g[d] = uint8(div255(uint32(c.g)*a + d*na))
		l.b[d] = uint8(div255(uint32(c.b)*a + d*na))
		l.a[d] = uint8(div255(255*a + d*na))
	}
	return l
}

// rgba is a straight (not premultiplied) colour with alpha.
type rgba struct{ r, g, b, a uint8 }

func hex(v uint32) rgba { return rgba{uint8(v >> 16), uint8(v >> 8), uint8(v), 0xff} }

func (c rgba) alpha(a float64) rgba {
	c.a = uint8(math.Round(float64(c.a) * clamp01(a)))
	return c
}

// mix returns c moved towards d by t (0..1), opaque.
func (c rgba) mix(d rgba, t float64) rgba {
	f := func(x, y uint8) uint8 { return uint8(math.Round(float64(x)*(1-t) + float64(y)*t)) }
	return rgba{f(c.r, d.r), f(c.g, d.g), f(c.b, d.b), c.a}
}

func (c rgba) std() color.RGBA {
	a := uint16(c.a)
	return color.RGBA{uint8(uint16(c.r) * a / 255), uint8(uint16(c.g) * a / 255), uint8(uint16(c.b) * a / 255), c.a}
}

func clamp01(v float64) float64 {
	if v < 0 {
		return 0
	}
	if v > 1 {
		return 1
	}
	return v
}

func div255(v uint32) uint32 { return (v + 128 + (v+128)>>8) >> 8 }

// blendAt composites c with its alpha scaled by cov (0..255) at pixel i (a
// Pix offset).
func (cv *canvas) blendAt(i int, c rgba, cov uint32) {
	a := div255(uint32(c.a) * cov)
	if a == 0 {
		return
	}
	p := cv.pix[i : i+4 : i+4]
	if a == 255 {
		p[0], p[1], p[2], p[3] = c.r, c.g, c.b, 255
		return
	}
	na := 255 - a
	p[0] = uint8(div255(uint32(c.r)*a + uint32(p[0])*na))
	p[1] = uint8(div255(uint32(c.g)*a + uint32(p[1])*na))
	p[2] = uint8(div255(uint32(c.b)*a + uint32(p[2])*na))
	p[3] = uint8(div255(255*a + uint32(p[3])*na))
}

func (cv *canvas) blend(x, y int, c rgba, cov uint32) {
	if x < 0 || y < 0 || x >= cv.w || y >= cv.h {
		return
	}
	cv.blendAt(y*cv.stride+x*4, c, cov)
}

// fillRect fills the pixel rectangle [x0,x1) x [y0,y1).
func (cv *canvas) fillRect(x0, y0, x1, y1 int, c rgba) {
	x0, y0 = max(x0, 0), max(y0, 0)
	x1, y1 = min(x1, cv.w), min(y1, cv.h)
	if x0 >= x1 || y0 >= y1 || c.a == 0 {
		return
	}
	for y := y0; y < y1; y++ {
		cv.span(y*cv.stride+x0*4, x1-x0, c)
	}
}

// span composites c over n pixels from Pix offset i: the hot loop of fills,
// with the source premultiplied once.
func (cv *canvas) span(i, n int, c rgba) {
	if n <= 0 || c.a == 0 {
		return
	}
	p := cv.pix[i : i+n*4]
	if c.a == 255 {
		for j := 0; j < len(p); j += 4 {
			q := p[j : j+4 : j+4]
			q[0], q[1], q[2], q[3] = c.r, c.g, c.b, 255
		}
		return
	}
	if cv.luts != nil && n >= 16 {
		l := cv.luts.get(c)
		lr, lg, lb, la := l.r[:256], l.g[:256], l.b[:256], l.a[:256]
		for j := 0; j < len(p); j += 4 {
			q := p[j : j+4 : j+4]
			q[0], q[1], q[2], q[3] = lr[q[0]], lg[q[1]], lb[q[2]], la[q[3]]
		}
		return
	}
	a := uint32(c.a)
	na := 255 - a
	sr, sg, sb, sa := uint32(c.r)*a, uint32(c.g)*a, uint32(c.b)*a, 255*a
	for j := 0; j < len(p); j += 4 {
		q := p[j : j+4 : j+4]
		q[0] = uint8(div255(sr + uint32(q[0])*na))
		q[1] = uint8(div255(sg + uint32(q[1])*na))
		q[2] = uint8(div255(sb + uint32(q[2])*na))
		q[3] = uint8(div255(sa + uint32(q[3])*na))
	}
}

// fillCircle fills a disc centred at (cx, cy) (pixel coordinates, pixel
// centres at +0.5) with an anti-aliased edge. With inner > 0 it fills the
// ring between inner and r.
func (cv *canvas) fillRing(cx, cy, r, inner float64, c rgba) {
	if r <= 0 {
		return
	}
	y0, y1 := max(int(math.Floor(cy-r-1)), 0), min(int(math.Ceil(cy+r+1)), cv.h)
	for y := y0; y < y1; y++ {
		dy := float64(y) + 0.5 - cy
		// Pixels whose centre lies within xin of cx are fully covered (a
		// span fill); only the edge pixels need a square root.
		o2 := (r+0.5)*(r+0.5) - dy*dy
		if o2 <= 0 {
			continue
		}
		xout := math.Sqrt(o2)
		xin := -1.0
		if i2 := (r-0.5)*(r-0.5) - dy*dy; i2 > 0 {
			xin = math.Sqrt(i2)
		}
		// Hole of a ring: pixels within hin of cx are empty.
		hin, hout := -1.0, -1.0
		if inner > 0 {
			if h2 := (inner-0.5)*(inner-0.5) - dy*dy; h2 > 0 {
				hin = math.Sqrt(h2)
			}
			if h2 := (inner+0.5)*(inner+0.5) - dy*dy; h2 > 0 {
				hout = math.Sqrt(h2)
			}
		}
		x0 := max(int(math.Floor(cx-xout-0.5)), 0)
		x1 := min(int(math.Ceil(cx+xout+0.5)), cv.w)
		row := y * cv.stride
		for x := x0; x < x1; x++ {
			dx := math.Abs(float64(x) + 0.5 - cx)
			if dx < hin {
				continue // the hole of a ring
			}
			if dx <= xin && dx >= hout {
				// Run of full pixels up to the hole or the edge.
				end := x1
				if hout >= 0 && float64(x)+0.5 < cx {
					end = min(end, int(math.Floor(cx-hout-0.5))+1)
				} else {
					end = min(end, int(math.Floor(cx+xin-0.5))+1)
				}
				if end > x {
					cv.span(row+x*4, end-x, c)
					x = end - 1
					continue
				}
			}
			d := math.Sqrt(dx*dx + dy*dy)
			cov := r + 0.5 - d
			if inner > 0 {
				cov = math.Min(cov, d-inner+0.5)
			}
			if cov <= 0 {
				continue
			}
			if cov >= 1 {
				cv.blendAt(row+x*4, c, 255)
			} else {
				cv.blendAt(row+x*4, c, uint32(cov*255))
			}
		}
	}
}

func (cv *canvas) fillCircle(cx, cy, r float64, c rgba) { cv.fillRing(cx, cy, r, 0, c) }

// line draws an anti-aliased segment of the given width with round caps.
// dash > 0 draws dashes of that length separated by equal gaps. Its cost is
// proportional to length x width, not to the bounding box.
func (cv *canvas) line(x0, y0, x1, y1, width float64, c rgba, dash float64) {
	dx, dy := x1-x0, y1-y0
	l2 := dx*dx + dy*dy
	hw := width / 2
	if l2 < 1e-9 {
		cv.fillCircle(x0, y0, hw, c)
		return
	}
	l := math.Sqrt(l2)
	il2 := 1 / l2
	nx, ny := dx/l, dy/l // unit direction; the normal distance is r x n
	steep := math.Abs(dy) > math.Abs(dx)
	// Walk the major axis; for each major coordinate, cover the minor span.
	var a0, a1 float64
	if steep {
		a0, a1 = math.Min(y0, y1)-hw-1, math.Max(y0, y1)+hw+1
	} else {
		a0, a1 = math.Min(x0, x1)-hw-1, math.Max(x0, x1)+hw+1
	}
	lim := cv.w
	if steep {
		lim = cv.h
	}
	ia0, ia1 := max(int(math.Floor(a0)), 0), min(int(math.Ceil(a1)), lim)
	var slope, cosf float64
	if steep {
		slope = dx / dy
		cosf = math.Abs(dy) / l
	} else {
		slope = dy / dx
		cosf = math.Abs(dx) / l
	}
	span := hw/cosf + 1.5
	// dashes: the position along the line in periods of 2 x dash; a
	// pixel is in a gap when its fraction of a period is past one half
	// (one multiply and a floor instead of a math.Mod per pixel)
	var iperiod float64
	if dash > 0 {
		iperiod = 1 / (2 * dash)
	}
	for a := ia0; a < ia1; a++ {
		fa := float64(a) + 0.5
		var m float64
		if steep {
			m = x0 + (fa-y0)*slope
		} else {
			m = y0 + (fa-x0)*slope
		}
		// Clamp the centre of the minor span to the segment's extent.
		b0, b1 := int(math.Floor(m-span)), int(math.Ceil(m+span))
		mlim := cv.h
		if steep {
			mlim = cv.w
		}
		b0, b1 = max(b0, 0), min(b1, mlim)
		for b := b0; b < b1; b++ {
			var px, py float64
			if steep {
				px, py = float64(b)+0.5, fa
			} else {
				px, py = fa, float64(b)+0.5
			}
			rx, ry := px-x0, py-y0
			t := (rx*dx + ry*dy) * il2
			var d, tc float64
			if t >= 0 && t <= 1 {
				// Beside the segment: the distance to its line, no root.
				d = math.Abs(rx*ny - ry*nx)
				tc = t
			} else {
				tc = math.Max(0, math.Min(1, t))
				ex, ey := x0+tc*dx-px, y0+tc*dy-py
				d = math.Sqrt(ex*ex + ey*ey)
			}
			cov := hw + 0.5 - d
			if cov <= 0 {
				continue
			}
			if dash > 0 {
				if ph := tc * l * iperiod; ph-math.Floor(ph) > 0.5 {
					continue
				}
			}
			x, y := int(px), int(py)
			if cov >= 1 {
				cv.blend(x, y, c, 255)
			} else {
				cv.blend(x, y, c, uint32(cov*255))
			}
		}
	}
}

// fillTriangle fills a triangle (no anti-aliasing; used for small marks).
func (cv *canvas) fillTriangle(ax, ay, bx, by, cx, cy float64, c rgba) {
	x0 := max(int(math.Floor(math.Min(ax, math.Min(bx, cx)))), 0)
	x1 := min(int(math.Ceil(math.Max(ax, math.Max(bx, cx)))), cv.w)
	y0 := max(int(math.Floor(math.Min(ay, math.Min(by, cy)))), 0)
	y1 := min(int(math.Ceil(math.Max(ay, math.Max(by, cy)))), cv.h)
	area := (bx-ax)*(cy-ay) - (by-ay)*(cx-ax)
	if area == 0 {
		return
	}
	for y := y0; y < y1; y++ {
		py := float64(y) + 0.5
		for x := x0; x < x1; x++ {
			px := float64(x) + 0.5
			w0 := (bx-ax)*(py-ay) - (by-ay)*(px-ax)
			w1 := (cx-bx)*(py-by) - (cy-by)*(px-bx)
			w2 := (ax-cx)*(py-cy) - (ay-cy)*(px-cx)
			if area < 0 {
				w0, w1, w2 = -w0, -w1, -w2
			}
			if w0 >= 0 && w1 >= 0 && w2 >= 0 {
				cv.blendAt(y*cv.stride+x*4, c, 255)
			}
		}
	}
}

// fillRoundRect fills [x0,x1) x [y0,y1) with corners of radius rad.
func (cv *canvas) fillRoundRect(x0, y0, x1, y1 int, rad float64, c rgba) {
	ri := int(rad)
	if ri*2 > x1-x0 || ri*2 > y1-y0 {
		ri = min(x1-x0, y1-y0) / 2
		rad = float64(ri)
	}
	cv.fillRect(x0, y0+ri, x1, y1-ri, c)
	cv.fillRect(x0+ri, y0, x1-ri, y0+ri, c)
	cv.fillRect(x0+ri, y1-ri, x1-ri, y1, c)
	for y := 0; y < ri; y++ {
		for x := 0; x < ri; x++ {
			dx, dy := rad-(float64(x)+0.5), rad-(float64(y)+0.5)
			cov := rad + 0.5 - math.Sqrt(dx*dx+dy*dy)
			if cov <= 0 {
				continue
			}
			k := uint32(255)
			if cov < 1 {
				k = uint32(cov * 255)
			}
			cv.blend(x0+x, y0+y, c, k)
			cv.blend(x1-1-x, y0+y, c, k)
			cv.blend(x0+x, y1-1-y, c, k)
			cv.blend(x1-1-x, y1-1-y, c, k)
		}
	}
}
