package export

import (
	"bufio"
	"bytes"
	"compress/zlib"
	"fmt"
	"image"
	"image/color"
	"io"
	"math"
	"strconv"
	"sync"
	"time"
	"unicode/utf8"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"

	"encounterplanner/model"
	"encounterplanner/ui/render"
)

// pdfDoc writes a PDF as it goes: each page's content is compressed and
// written when the page ends, so memory holds one page, never the
// document. What every page shares (fonts, transparency states, terrain
// forms, the background image) is one resource dictionary written last.
//
// It is a vector render.Painter: the map's scene arrives as shapes in
// points, y down from the top of the page, and leaves as PDF paths.
type pdfDoc struct {
	w     *bufio.Writer
	off   int64
	err   error
	xref  []int64 // object offsets; xref[0] unused
	pages []int
	zip   bool

	pagesObj, resObj int
	pageH            float64 // the current page's height (PDF y is up)
	buf              bytes.Buffer
	zbuf             bytes.Buffer
	zw               *zlib.Writer

	alphas  [256]bool
	forms   map[formKey]int
	terrain map[formKey][]render.Layer
	bgObj   int
	imgObj  map[*image.RGBA]int // token portraits, one image object each
	fontObj [2]int              // regular, bold; 0 = not used
	num     []byte

	pw, ph float64
	layer  string
	dx, dy float64 // added to every painted point

	// the current graphics state, to skip repeated operators; known
	// says which parts are known (none after a restore)
	fill, stroke color.NRGBA
	alpha        uint8
	lw, dash     float64
	known        uint8
}

const (
	knownFill = 1 << iota
	knownStroke
	knownAlpha
	knownWidth
	knownDash
)

type formKey struct {
	t      model.Terrain
	overBG bool
	s      float64
}

func newPDFDoc(w io.Writer, compress bool) *pdfDoc {
	d := &pdfDoc{w: bufio.NewWriterSize(w, 64<<10), zip: compress, xref: []int64{0},
		forms: map[formKey]int{}, terrain: map[formKey][]render.Layer{}}
	d.zw = zlib.NewWriter(&d.zbuf)
	d.ws("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
	d.pagesObj, d.resObj = d.reserve(), d.reserve()
	return d
}

func (d *pdfDoc) ws(s string) {
	if d.err != nil {
		return
	}
	n, err := d.w.WriteString(s)
	d.off += int64(n)
	d.err = err
}

func (d *pdfDoc) wb(b []byte) {
	if d.err != nil {
		return
	}
	n, err := d.w.Write(b)
	d.off += int64(n)
	d.err = err
}

// reserve returns a new object number, to be written later with begin.
func (d *pdfDoc) reserve() int {
	d.xref = append(d.xref, -1)
	return len(d.xref) - 1
}

func (d *pdfDoc) begin(n int) {
	d.xref[n] = d.off
	d.ws(strconv.Itoa(n) + " 0 obj\n")
}

func (d *pdfDoc) end() { d.ws("endobj\n") }

// stream writes object n as a stream of data with extra dictionary entries.
func (d *pdfDoc) stream(n int, dict string, data []byte) {
	filter := ""
	if d.zip {
		d.zbuf.Reset()
		d.zw.Reset(&d.zbuf)
		d.zw.Write(data)
		d.zw.Close()
		data = d.zbuf.Bytes()
		filter = " /Filter /FlateDecode"
	}
	d.begin(n)
	d.ws("<<" + dict + filter + " /Length " + strconv.Itoa(len(data)) + " >>\nstream\n")
	d.wb(data)
	d.ws("\nendstream\n")
	d.end()
}

// rowStream writes object n as a stream of size bytes that rows emits a
// piece at a time, compressed as it goes when the document is: the length
// is then an object of its own, written after the stream, so the data is
// never held whole.
func (d *pdfDoc) rowStream(n int, dict string, size int64, rows func(emit func([]byte))) {
	if !d.zip {
		d.begin(n)
		d.ws("<<" + dict + " /Length " + strconv.FormatInt(size, 10) + " >>\nstream\n")
		rows(d.wb)
		d.ws("\nendstream\n")
		d.end()
		return
	}
	length := d.reserve()
	d.begin(n)
	d.ws("<<" + dict + " /Filter /FlateDecode /Length " + strconv.Itoa(length) + " 0 R >>\nstream\n")
	start := d.off
	zw := zlib.NewWriter(docWriter{d})
	rows(func(b []byte) { zw.Write(b) })
	zw.Close()
	written := d.off - start
	d.ws("\nendstream\n")
	d.end()
	d.begin(length)
	d.ws(strconv.FormatInt(written, 10) + "\n")
	d.end()
}

// docWriter writes into the document (its errors are the document's).
type docWriter struct{ d *pdfDoc }

func (w docWriter) Write(b []byte) (int, error) {
	w.d.wb(b)
	return len(b), w.d.err
}

// beginPage starts a page of w x h points.
func (d *pdfDoc) beginPage(w, h float64) {
	d.buf.Reset()
	d.pw, d.ph, d.pageH = w, h, h
	d.known = 0
	d.dx, d.dy = 0, 0
	d.layer = ""
	d.pages = append(d.pages, d.reserve())
	d.buf.WriteString("1 J 1 j\n")
}

// endPage writes the page and its content.
func (d *pdfDoc) endPage() {
	c := d.reserve()
	d.stream(c, "", d.buf.Bytes())
	n := d.pages[len(d.pages)-1]
	d.begin(n)
	d.ws("<</Type /Page\n/Parent " + strconv.Itoa(d.pagesObj) + " 0 R\n/MediaBox [0 0 " + d.f(d.pw) + " " + d.f(d.ph) +
		"]\n/Resources " + strconv.Itoa(d.resObj) + " 0 R\n/Contents " + strconv.Itoa(c) + " 0 R>>\n")
	d.end()
}

// close writes the shared objects, the page tree, the info dictionary and
// the cross-reference table.
func (d *pdfDoc) close(title string, created time.Time) error {
	for i, n := range d.fontObj {
		if n != 0 {
			d.font(n, i)
		}
	}
	d.begin(d.resObj)
	d.ws("<</ProcSet [/PDF /Text /ImageB /ImageC]\n/Font <<")
	for i, n := range d.fontObj {
		if n != 0 {
			d.ws(fmt.Sprintf(" /F%d %d 0 R", i+1, n))
		}
	}
	d.ws(" >>\n/ExtGState <<")
	for a, used := range d.alphas {
		if used {
			v := d.f(float64(a) / 255)
			d.ws(fmt.Sprintf(" /A%d <</ca %s /CA %s>>", a, v, v))
		}
	}
	d.ws(" >>\n/XObject <<")
	for _, n := range d.forms {
		d.ws(fmt.Sprintf(" /T%d %d 0 R", n, n))
	}
	if d.bgObj != 0 {
		d.ws(fmt.Sprintf(" /BG %d 0 R", d.bgObj))
	}
	for _, n := range d.imgObj {
		d.ws(fmt.Sprintf(" /P%d %d 0 R", n, n))
	}
	d.ws(" >>\n>>\n")
	d.end()
	d.begin(d.pagesObj)
	d.ws("<</Type /Pages\n/Kids [")
	for i, p := range d.pages {
		if i%16 == 15 {
			d.ws("\n")
		}
		d.ws(strconv.Itoa(p) + " 0 R ")
	}
	d.ws(fmt.Sprintf("]\n/Count %d>>\n", len(d.pages)))
	d.end()
	info := d.reserve()
	date := pdfDate(created)
	d.begin(info)
	d.ws("<</Title " + pdfString(title) + "\n/Creator (Encounter Planner)\n/Producer (Encounter Planner)\n/CreationDate " + date + "\n/ModDate " + date + ">>\n")
	d.end()
	cat := d.reserve()
	d.begin(cat)
	d.ws(fmt.Sprintf("<</Type /Catalog\n/Pages %d 0 R>>\n", d.pagesObj))
	d.end()
	x := d.off
	d.ws(fmt.Sprintf("xref\n0 %d\n0000000000 65535 f \n", len(d.xref)))
	for _, o := range d.xref[1:] {
		d.ws(fmt.Sprintf("%010d 00000 n \n", o))
	}
	d.ws(fmt.Sprintf("trailer\n<</Size %d\n/Root %d 0 R\n/Info %d 0 R>>\nstartxref\n%d\n%%%%EOF\n", len(d.xref), cat, info, x))
	if d.err == nil {
		d.err = d.w.Flush()
	}
	return d.err
}

// pdfDate is a PDF date: D:YYYYMMDDHHmmSS+HH'mm'.
func pdfDate(t time.Time) string {
	_, off := t.Zone()
	sign := '+'
	if off < 0 {
		sign, off = '-', -off
	}
	return fmt.Sprintf("(D:%s%c%02d'%02d')", t.Format("20060102150405"), sign, off/3600, off/60%60)
}

// pdfString is a literal string in WinAnsi (cp1252), with what it cannot
// hold as "?".
func pdfString(s string) string {
	b := []byte{'('}
	for _, r := range s {
		c := winAnsi(r)
		if c == '(' || c == ')' || c == '\\' {
			b = append(b, '\\')
		}
		b = append(b, c)
	}
	return string(append(b, ')'))
}

// cp1252 holds the runes of bytes 0x80..0x9F in Windows-1252 (0 = unused).
var cp1252 = [32]rune{0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
	0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178}

func winAnsi(r rune) byte {
	if r >= 0x20 && r < 0x7F || r >= 0xA0 && r <= 0xFF {
		return byte(r)
	}
	for i, c := range cp1252 {
		if c == r && c != 0 {
			return byte(0x80 + i)
		}
	}
	return '?'
}

// goFonts are the regular and bold Go fonts, parsed once, with their
// advance widths (1/1000 em) for the WinAnsi bytes 32..255.
var goFonts = sync.OnceValue(func() (fs [2]struct {
	f      *sfnt.Font
	ttf    []byte
	widths [256]int
}) {
	var sb sfnt.Buffer
	for i, ttf := range [][]byte{goregular.TTF, gobold.TTF} {
		f, err := sfnt.Parse(ttf)
		if err != nil {
			panic("export: parse Go font: " + err.Error())
		}
		fs[i].f, fs[i].ttf = f, ttf
		for c := 32; c < 256; c++ {
			r := rune(c)
			if c >= 0x80 && c < 0xA0 {
				r = cp1252[c-0x80]
			}
			if gi, err := f.GlyphIndex(&sb, r); err == nil && gi != 0 {
				adv, _ := f.GlyphAdvance(&sb, gi, fixed.I(1000), font.HintingNone)
				fs[i].widths[c] = adv.Round()
			}
		}
	}
	return fs
})

// textWidth is the width of s in the Go font at px points, as printed.
func textWidth(s string, px float64, bold bool) float64 {
	fs := goFonts()
	i := 0
	if bold {
		i = 1
	}
	w := 0
	for _, r := range s {
		w += fs[i].widths[winAnsi(r)]
	}
	return float64(w) * px / 1000
}

// font writes Go font i (0 regular, 1 bold) whole, for WinAnsi text.
func (d *pdfDoc) font(n, i int) {
	fs := goFonts()
	f, ttf, name := fs[i].f, fs[i].ttf, [2]string{"GoRegular", "GoBold"}[i]
	var sb sfnt.Buffer
	ppem := fixed.I(1000)
	widths := make([]byte, 0, 224*5)
	for c := 32; c < 256; c++ {
		widths = strconv.AppendInt(widths, int64(fs[i].widths[c]), 10)
		widths = append(widths, ' ')
	}
	m, _ := f.Metrics(&sb, ppem, font.HintingNone)
	bb, _ := f.Bounds(&sb, ppem, font.HintingNone)
	desc, file := d.reserve(), d.reserve()
	d.begin(n)
	d.ws(fmt.Sprintf("<</Type /Font\n/Subtype /TrueType\n/BaseFont /%s\n/FirstChar 32\n/LastChar 255\n/Widths [%s]\n/Encoding /WinAnsiEncoding\n/FontDescriptor %d 0 R>>\n", name, widths, desc))
	d.end()
	d.begin(desc)
	d.ws(fmt.Sprintf("<</Type /FontDescriptor\n/FontName /%s\n/Flags 32\n/FontBBox [%d %d %d %d]\n/ItalicAngle 0\n/Ascent %d\n/Descent %d\n/CapHeight %d\n/StemV 80\n/FontFile2 %d 0 R>>\n",
		name, bb.Min.X.Round(), -bb.Max.Y.Round(), bb.Max.X.Round(), -bb.Min.Y.Round(), m.Ascent.Round(), -m.Descent.Round(), m.CapHeight.Round(), file))
	d.end()
	d.stream(file, " /Length1 "+strconv.Itoa(len(ttf)), ttf)
}

// f formats a number with at most 2 decimals.
func (d *pdfDoc) f(v float64) string {
	d.num = d.appendNum(d.num[:0], v)
	return string(d.num)
}

func (d *pdfDoc) appendNum(b []byte, v float64) []byte {
	v = math.Round(v*100) / 100
	if v == 0 {
		v = 0 // no "-0"
	}
	return strconv.AppendFloat(b, v, 'f', -1, 64)
}

// op appends numbers then an operator to the page content.
func (d *pdfDoc) op(o string, vs ...float64) {
	for _, v := range vs {
		d.buf.Write(d.appendNum(d.num[:0], v))
		d.buf.WriteByte(' ')
	}
	d.buf.WriteString(o)
	d.buf.WriteByte('\n')
}

// X and Y turn painter coordinates (y down) into PDF ones (y up).
func (d *pdfDoc) X(x float64) float64 { return x + d.dx }
func (d *pdfDoc) Y(y float64) float64 { return d.pageH - (y + d.dy) }

func (d *pdfDoc) setAlpha(a uint8) {
	if d.known&knownAlpha != 0 && d.alpha == a {
		return
	}
	d.alphas[a] = true
	d.buf.WriteString("/A" + strconv.Itoa(int(a)) + " gs\n")
	d.alpha = a
	d.known |= knownAlpha
}

func (d *pdfDoc) setFill(c color.NRGBA) {
	d.setAlpha(c.A)
	if d.known&knownFill != 0 && d.fill.R == c.R && d.fill.G == c.G && d.fill.B == c.B {
		return
	}
	d.op("rg", float64(c.R)/255, float64(c.G)/255, float64(c.B)/255)
	d.fill = c
	d.known |= knownFill
}

func (d *pdfDoc) setStroke(c color.NRGBA, w, dash float64) {
	d.setAlpha(c.A)
	if d.known&knownStroke == 0 || d.stroke.R != c.R || d.stroke.G != c.G || d.stroke.B != c.B {
		d.op("RG", float64(c.R)/255, float64(c.G)/255, float64(c.B)/255)
		d.stroke = c
	}
	if d.known&knownWidth == 0 || d.lw != w {
		d.op("w", w)
		d.lw = w
	}
	if d.known&knownDash == 0 || d.dash != dash {
		if dash > 0 {
			d.buf.WriteString("[" + d.f(dash) + " " + d.f(dash) + "] 0 d\n")
		} else {
			d.buf.WriteString("[] 0 d\n")
		}
		d.dash = dash
	}
	d.known |= knownStroke | knownWidth | knownDash
}

// save and restore bracket a clip or a transform; the state cache is
// forgotten after restore.
func (d *pdfDoc) save()    { d.buf.WriteString("q\n") }
func (d *pdfDoc) restore() { d.buf.WriteString("Q\n"); d.known = 0 }

func (d *pdfDoc) clip(x0, y0, x1, y1 float64) {
	d.op("re W n", d.X(x0), d.Y(y1), x1-x0, y1-y0)
}

// Layer implements render.Painter: the grid goes between "%grid" and
// "%end grid" comments (the tests find its lines there).
func (d *pdfDoc) Layer(name string) {
	if d.layer == "grid" {
		d.buf.WriteString("%end grid\n")
	}
	d.layer = name
	if name == "grid" {
		d.buf.WriteString("%grid\n")
	}
}

// Background implements render.Painter: the image stretched over the map.
// Its RGB rows are compressed straight into the file, so the image is not
// held a second time (an 8192 x 8192 map would be 192 MiB of RGB).
func (d *pdfDoc) Background(x0, y0, x1, y1 float64, img *image.RGBA) {
	if d.bgObj == 0 {
		d.bgObj = d.reserve()
		b := img.Bounds()
		d.rowStream(d.bgObj, fmt.Sprintf(" /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceRGB /BitsPerComponent 8", b.Dx(), b.Dy()),
			int64(b.Dx())*int64(b.Dy())*3, func(emit func([]byte)) {
				rgb := make([]byte, b.Dx()*3)
				for y := b.Min.Y; y < b.Max.Y; y++ {
					row := img.Pix[img.PixOffset(b.Min.X, y):]
					for x := 0; x < b.Dx(); x++ {
						rgb[x*3], rgb[x*3+1], rgb[x*3+2] = row[x*4], row[x*4+1], row[x*4+2]
					}
					emit(rgb)
				}
			})
	}
	d.save()
	d.op("cm /BG Do", x1-x0, 0, 0, y1-y0, d.X(x0), d.Y(y1))
	d.restore()
}

// Terrain implements render.Painter: the base colour as one rectangle per
// run, each square's marks as a form drawn once per terrain kind.
func (d *pdfDoc) Terrain(x0, y0, x1, y1, s float64, t model.Terrain, overBG bool) {
	k := formKey{t, overBG, s}
	look, ok := d.terrain[k]
	if !ok {
		look = render.TerrainLook(t, overBG)
		d.terrain[k] = look
	}
	if base := look[0].Color; base.A != 0 {
		grow := 0.0
		if base.A == 255 {
			grow = 0.2 // a hair wider, so no seam shows between runs
		}
		d.setFill(base)
		d.op("re f", d.X(x0), d.Y(y1+grow), x1-x0+grow, y1-y0+grow)
	}
	if len(look) == 1 {
		return
	}
	n, ok := d.forms[k]
	if !ok {
		n = d.form(look[1:], s)
		d.forms[k] = n
	}
	name := "/T" + strconv.Itoa(n) + " Do"
	for x := x0; x < x1-s/2; x += s {
		d.save()
		d.op("cm "+name, 1, 0, 0, 1, d.X(x), d.Y(y0+s))
		d.restore()
	}
}

// form writes the marks of a terrain look as a form of one square.
func (d *pdfDoc) form(look []render.Layer, s float64) int {
	page := d.buf
	pageH, dx, dy := d.pageH, d.dx, d.dy
	d.buf = bytes.Buffer{}
	d.pageH, d.dx, d.dy, d.known = s, 0, 0, 0
	d.buf.WriteString("1 J 1 j\n")
	d.op("re W n", 0, 0, s, s)
	for _, l := range look {
		d.mark(l, s)
	}
	n := d.reserve()
	data := d.buf.Bytes()
	d.buf = page
	d.pageH, d.dx, d.dy, d.known = pageH, dx, dy, 0
	d.stream(n, fmt.Sprintf(" /Type /XObject /Subtype /Form /BBox [0 0 %s %s] /Resources %d 0 R", d.f(s), d.f(s), d.resObj), data)
	return n
}

// mark draws one terrain mark in the square [0, s)^2, as render draws it
// into its tiles.
func (d *pdfDoc) mark(l render.Layer, s float64) {
	w := math.Max(l.MinWidth, l.Width*s)
	switch l.Kind {
	case render.LayerFill:
		d.Rect(0, 0, s, s, l.Color)
	case render.LayerHatch:
		p := render.HatchPeriod(l, s)
		// "/" stripes lie on x+y = c, "\\" stripes on x-y = c-s, for
		// c = m p; the form clips them to the square.
		for c := 0.0; c <= 2*s+p; c += p {
			if l.Fwd {
				d.Line(c+2*s, -2*s, c-2*s, 2*s, w, l.Color, -1)
			}
			if l.Back {
				d.Line(c-3*s, -2*s, c+s, 2*s, w, l.Color, -1)
			}
		}
	case render.LayerWaves:
		d.setStroke(l.Color, w, 0)
		const n = 48
		for j := 0; j < l.N; j++ {
			open := false
			for i := 0; i <= n; i++ {
				x := s * float64(i) / n
				y, on := render.WaveY(l, s, j, x)
				if !on {
					if open {
						d.buf.WriteString("S\n")
					}
					open = false
					continue
				}
				if !open {
					d.op("m", d.X(x), d.Y(y))
					open = true
				} else {
					d.op("l", d.X(x), d.Y(y))
				}
			}
			if open {
				d.buf.WriteString("S\n")
			}
		}
	case render.LayerDots:
		r := math.Max(l.MinR, l.R*s)
		render.DotCentres(l, s, func(x, y float64) { d.Disc(x, y, r, 0, l.Color) })
	case render.LayerSqueeze:
		render.SqueezeTriangles(l, s, func(ax, ay, bx, by, cx, cy float64) { d.Triangle(ax, ay, bx, by, cx, cy, l.Color) })
	case render.LayerDoor:
		render.DoorMark(d, l, s)
	}
}

// Portrait implements render.PortraitPainter: the token's image, written
// once per distinct image as an RGB image object, drawn clipped to the
// circle of radius rad around (cx, cy).
func (d *pdfDoc) Portrait(cx, cy, rad, alpha float64, img *image.RGBA) {
	n, ok := d.imgObj[img]
	if !ok {
		if d.imgObj == nil {
			d.imgObj = map[*image.RGBA]int{}
		}
		n = d.reserve()
		d.imgObj[img] = n
		b := img.Bounds()
		rgb := make([]byte, 0, b.Dx()*b.Dy()*3)
		for y := b.Min.Y; y < b.Max.Y; y++ {
			row := img.Pix[img.PixOffset(b.Min.X, y):]
			for x := 0; x < b.Dx(); x++ {
				// Premultiplied over white, as the token's disc shows it.
				r, g, bl, a := row[x*4], row[x*4+1], row[x*4+2], row[x*4+3]
				rgb = append(rgb, r+255-a, g+255-a, bl+255-a)
			}
		}
		d.stream(n, fmt.Sprintf(" /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceRGB /BitsPerComponent 8", b.Dx(), b.Dy()), rgb)
	}
	d.save()
	d.setAlpha(uint8(math.Round(math.Max(0, math.Min(1, alpha)) * 255)))
	d.circle(cx, cy, rad)
	d.buf.WriteString("W n\n")
	d.op("cm", 2*rad, 0, 0, 2*rad, d.X(cx-rad), d.Y(cy+rad))
	d.buf.WriteString("/P" + strconv.Itoa(n) + " Do\n")
	d.restore()
}

// Rect implements render.Painter.
func (d *pdfDoc) Rect(x0, y0, x1, y1 float64, c color.NRGBA) {
	if c.A == 0 || x1 <= x0 || y1 <= y0 {
		return
	}
	d.setFill(c)
	d.op("re f", d.X(x0), d.Y(y1), x1-x0, y1-y0)
}

// circle appends a closed circle path (four Bézier arcs).
func (d *pdfDoc) circle(cx, cy, r float64) {
	const k = 0.5523
	x, y := d.X(cx), d.Y(cy)
	d.op("m", x+r, y)
	d.op("c", x+r, y+k*r, x+k*r, y+r, x, y+r)
	d.op("c", x-k*r, y+r, x-r, y+k*r, x-r, y)
	d.op("c", x-r, y-k*r, x-k*r, y-r, x, y-r)
	d.op("c", x+k*r, y-r, x+r, y-k*r, x+r, y)
}

// Disc implements render.Painter.
func (d *pdfDoc) Disc(cx, cy, r, inner float64, c color.NRGBA) {
	if r <= 0 || c.A == 0 {
		return
	}
	d.setFill(c)
	d.circle(cx, cy, r)
	if inner > 0 {
		d.circle(cx, cy, inner)
		d.buf.WriteString("f*\n")
		return
	}
	d.buf.WriteString("f\n")
}

// Line implements render.Painter; dash < 0 is a butt-capped line (terrain
// hatching, clipped to its square).
func (d *pdfDoc) Line(x0, y0, x1, y1, w float64, c color.NRGBA, dash float64) {
	if c.A == 0 {
		return
	}
	d.setStroke(c, w, math.Max(dash, 0))
	if dash < 0 {
		d.buf.WriteString("0 J\n")
	}
	d.buf.Write(d.appendNum(d.num[:0], d.X(x0)))
	d.buf.WriteByte(' ')
	d.buf.Write(d.appendNum(d.num[:0], d.Y(y0)))
	d.buf.WriteString(" m ")
	d.buf.Write(d.appendNum(d.num[:0], d.X(x1)))
	d.buf.WriteByte(' ')
	d.buf.Write(d.appendNum(d.num[:0], d.Y(y1)))
	d.buf.WriteString(" l S\n")
	if dash < 0 {
		d.buf.WriteString("1 J\n")
	}
}

// Triangle implements render.Painter.
func (d *pdfDoc) Triangle(ax, ay, bx, by, cx, cy float64, c color.NRGBA) {
	if c.A == 0 {
		return
	}
	d.setFill(c)
	d.op("m", d.X(ax), d.Y(ay))
	d.op("l", d.X(bx), d.Y(by))
	d.op("l h f", d.X(cx), d.Y(cy))
}

// RoundRect implements render.Painter.
func (d *pdfDoc) RoundRect(x0, y0, x1, y1, rad float64, c color.NRGBA) {
	if c.A == 0 || x1 <= x0 || y1 <= y0 {
		return
	}
	rad = math.Min(rad, math.Min(x1-x0, y1-y0)/2)
	const k = 0.5523
	d.setFill(c)
	l, r, t, b := d.X(x0), d.X(x1), d.Y(y0), d.Y(y1) // t > b
	d.op("m", l+rad, b)
	d.op("l", r-rad, b)
	d.op("c", r-rad+k*rad, b, r, b+rad-k*rad, r, b+rad)
	d.op("l", r, t-rad)
	d.op("c", r, t-rad+k*rad, r-rad+k*rad, t, r-rad, t)
	d.op("l", l+rad, t)
	d.op("c", l+rad-k*rad, t, l, t-rad+k*rad, l, t-rad)
	d.op("l", l, b+rad)
	d.op("c h f", l, b+rad-k*rad, l+rad-k*rad, b, l+rad, b)
}

// Stripes implements render.Painter.
func (d *pdfDoc) Stripes(x0, y0, x1, y1, period, width float64, tint, stripe color.NRGBA) {
	d.Rect(x0, y0, x1, y1, tint)
	d.save()
	d.clip(x0, y0, x1, y1)
	w := width / math.Sqrt2 // width is measured along an axis
	for c := math.Floor((x0+y0)/period) * period; c < x1+y1+period; c += period {
		m := c + width/2
		d.Line(m-y0+1, y0-1, m-y1-1, y1+1, w, stripe, -1)
	}
	d.restore()
}

// Text implements render.Painter, in the Go fonts the screen uses (so the
// renderer's layout fits), as WinAnsi text.
func (d *pdfDoc) Text(x, y, px float64, bold bool, s string, width float64, c color.NRGBA) {
	if s == "" || c.A == 0 {
		return
	}
	i := 0
	if bold {
		i = 1
	}
	if d.fontObj[i] == 0 {
		d.fontObj[i] = d.reserve()
	}
	d.setFill(c)
	d.buf.WriteString("BT /F" + strconv.Itoa(i+1) + " ")
	d.op("Tf", px)
	d.op("Td", d.X(x), d.Y(y))
	d.buf.WriteByte('(')
	for len(s) > 0 {
		r, n := utf8.DecodeRuneInString(s)
		s = s[n:]
		b := winAnsi(r)
		if b == '(' || b == ')' || b == '\\' {
			d.buf.WriteByte('\\')
		}
		d.buf.WriteByte(b)
	}
	d.buf.WriteString(") Tj ET\n")
}
