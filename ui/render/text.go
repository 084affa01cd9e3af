package render

import (
	"image"
	"sync"
	"unsafe"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

var (
	fontsOnce         sync.Once
	fontReg, fontBold *opentype.Font
	errFonts          error
)

func loadFonts() {
	fontsOnce.Do(func() {
		fontReg, errFonts = opentype.Parse(goregular.TTF)
		if errFonts == nil {
			fontBold, errFonts = opentype.Parse(gobold.TTF)
		}
		if errFonts != nil {
			panic("render: parse Go fonts: " + errFonts.Error())
		}
	})
}

type faceKey struct {
	px   uint8
	bold bool
}

type glyphKey struct {
	face faceKey
	r    rune
}

// glyph is a cached coverage mask with its placement relative to the dot.
type glyph struct {
	mask    []uint8
	w, h    int
	dx, dy  int // top-left of the mask relative to the dot (baseline origin)
	advance int // in 1/64 pixel
}

// typeset caches faces per size and glyph masks per (face, rune), so that
// drawing text allocates nothing once every glyph has been seen.
type typeset struct {
	faces  map[faceKey]font.Face
	glyphs map[glyphKey]*glyph
	ascent map[faceKey]int
}

func (ts *typeset) face(k faceKey) font.Face {
	if f, ok := ts.faces[k]; ok {
		return f
	}
	loadFonts()
	ft := fontReg
	if k.bold {
		ft = fontBold
	}
	f, err := opentype.NewFace(ft, &opentype.FaceOptions{Size: float64(k.px), DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		panic("render: font face: " + err.Error())
	}
	if ts.faces == nil {
		ts.faces = map[faceKey]font.Face{}
		ts.glyphs = map[glyphKey]*glyph{}
		ts.ascent = map[faceKey]int{}
	}
	ts.faces[k] = f
	ts.ascent[k] = f.Metrics().CapHeight.Round()
	return f
}

func (ts *typeset) glyph(k faceKey, r rune) *glyph {
	if g, ok := ts.glyphs[glyphKey{k, r}]; ok {
		return g
	}
	f := ts.face(k)
	dr, mask, mp, adv, ok := f.Glyph(fixed.Point26_6{}, r)
	if !ok {
		dr, mask, mp, adv, _ = f.Glyph(fixed.Point26_6{}, '?')
	}
	g := &glyph{w: dr.Dx(), h: dr.Dy(), dx: dr.Min.X, dy: dr.Min.Y, advance: int(adv)}
	g.mask = make([]uint8, g.w*g.h)
	if mask != nil {
		for y := 0; y < g.h; y++ {
			for x := 0; x < g.w; x++ {
				_, _, _, a := mask.At(mp.X+x, mp.Y+y).RGBA()
				g.mask[y*g.w+x] = uint8(a >> 8)
			}
		}
	}
	ts.glyphs[glyphKey{k, r}] = g
	return g
}

// capHeight is the height of a capital letter in pixels, for centring.
func (ts *typeset) capHeight(k faceKey) int {
	ts.face(k)
	return ts.ascent[k]
}

// width measures s in pixels.
func (ts *typeset) width(k faceKey, s string) int {
	adv := 0
	for _, r := range s {
		adv += ts.glyph(k, r).advance
	}
	return (adv + 32) >> 6
}

// text draws s with its baseline origin at (x, y) and returns the width.
func (ts *typeset) text(cv *canvas, k faceKey, x, y int, s string, c rgba) int {
	adv := 0
	for _, r := range s {
		g := ts.glyph(k, r)
		gx := x + (adv+32)>>6 + g.dx
		gy := y + g.dy
		for j := 0; j < g.h; j++ {
			py := gy + j
			if py < 0 || py >= cv.h {
				continue
			}
			row := g.mask[j*g.w : (j+1)*g.w]
			for i, m := range row {
				px := gx + i
				if m == 0 || px < 0 || px >= cv.w {
					continue
				}
				cv.blendAt(py*cv.stride+px*4, c, uint32(m))
			}
		}
		adv += g.advance
	}
	return (adv + 32) >> 6
}

// bytesStr views b as a string without copying; b must not change while the
// string is used.
func bytesStr(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}

var _ = image.Rect
