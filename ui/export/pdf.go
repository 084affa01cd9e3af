package export

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"image/color"
	"image/png"
	"io"
	"math"
	"strings"
	"time"

	"github.com/go-pdf/fpdf"

	"encounterplanner/model"
	"encounterplanner/ui/render"
)

// PDF geometry, in points (72 to the inch): one square is one inch.
const (
	ptPerSquare = 72.0
	pdfMargin   = 36.0 // 0.5 in: inside every printer's unprintable edge
	pdfOverlap  = 36.0 // 0.5 in of map repeated on the next page, to glue under
)

// PDFOptions says how to print.
type PDFOptions struct {
	Paper      string // "letter" (default) or "a4"
	Player     bool   // leave out hidden tokens
	TokenSheet bool   // add pages of fold-over standees, 1 inch per square
	NoCompress bool   // leave content streams uncompressed (tests, debugging)
}

// Tiling is how a map is split over pages.
type Tiling struct {
	PageW, PageH float64 // points, as oriented
	Landscape    bool
	Cols, Rows   int     // pages across and down
	WinW, WinH   float64 // map area per page (points): the page less its margins
	StepW, StepH float64 // map advance from one page to the next: the window less the overlap
}

// Pages returns Cols*Rows, the map pages (not counting a token sheet).
func (t Tiling) Pages() int { return t.Cols * t.Rows }

func paperSize(p string) (w, h float64, err error) {
	switch strings.ToLower(p) {
	case "", "letter":
		return 612, 792, nil
	case "a4":
		return 595.28, 841.89, nil
	}
	return 0, 0, fmt.Errorf("export pdf: paper %q: want letter or a4: %w", p, model.ErrInvalid)
}

// tiles is how many windows of win, advancing by step, cover n points.
func tiles(n, win, step float64) int {
	if n <= win+1e-9 {
		return 1
	}
	return 1 + int(math.Ceil((n-win)/step-1e-9))
}

// PDFTiling computes the page layout: the printable window is the paper less
// a 0.5 in margin on every side (letter: 7.5 x 10 in; A4: 7.27 x 10.69 in);
// consecutive pages overlap by 0.5 in, so a map of n inches needs
// 1 + ceil((n - window) / (window - 0.5)) pages along that side (1 if it
// fits). Portrait or landscape, whichever needs fewer pages (portrait on a
// tie). A 30 x 20 map on letter: landscape, 4 x 3 = 12 pages (portrait would
// be 5 x 3 = 15); on A4: landscape, 3 x 3 = 9.
func PDFTiling(e *model.Encounter, paper string) (Tiling, error) {
	pw, ph, err := paperSize(paper)
	if err != nil {
		return Tiling{}, err
	}
	mw, mh := float64(e.Grid.W)*ptPerSquare, float64(e.Grid.H)*ptPerSquare
	mk := func(w, h float64, land bool) Tiling {
		t := Tiling{PageW: w, PageH: h, Landscape: land, WinW: w - 2*pdfMargin, WinH: h - 2*pdfMargin}
		t.StepW, t.StepH = t.WinW-pdfOverlap, t.WinH-pdfOverlap
		t.Cols, t.Rows = tiles(mw, t.WinW, t.StepW), tiles(mh, t.WinH, t.StepH)
		return t
	}
	p, l := mk(pw, ph, false), mk(ph, pw, true)
	if l.Pages() < p.Pages() {
		return l, nil
	}
	return p, nil
}

// colName is the page column letter: A..Z, AA, AB, ...
func colName(c int) string {
	s := ""
	for c++; c > 0; c = (c - 1) / 26 {
		s = string(rune('A'+(c-1)%26)) + s
	}
	return s
}

type pdfw struct {
	pdf  *fpdf.Fpdf
	tr   func(string) string
	e    *model.Encounter
	o    PDFOptions
	bg   bool
	ox   float64 // map point at the page window's left edge
	oy   float64
	left float64 // page point of the window's left edge
	top  float64
}

func (p *pdfw) fill(c color.RGBA) { p.pdf.SetFillColor(int(c.R), int(c.G), int(c.B)) }
func (p *pdfw) draw(c color.RGBA) { p.pdf.SetDrawColor(int(c.R), int(c.G), int(c.B)) }

// px, py turn map squares into page points.
func (p *pdfw) px(mx float64) float64 { return p.left + mx*ptPerSquare - p.ox }
func (p *pdfw) py(my float64) float64 { return p.top + my*ptPerSquare - p.oy }

// PDF prints the map at true scale, 1-inch squares, tiled over as many
// pages as PDFTiling says, each labelled with its coordinate (A1 is top
// left; letters go across, numbers down) and its neighbours, with crop marks
// at the window corners and a dashed line where the next page's overlap
// starts. The map is vectors: terrain as filled rectangles and patterns,
// grid lines exactly 72 points apart, tokens as discs. TokenSheet adds
// pages of fold-over standees.
func PDF(w io.Writer, e *model.Encounter, o PDFOptions) error {
	if err := checkSize(e, 1); err != nil {
		return err
	}
	t, err := PDFTiling(e, o.Paper)
	if err != nil {
		return err
	}
	orient := "P"
	if t.Landscape {
		orient = "L"
	}
	pw, ph, _ := paperSize(o.Paper)
	pdf := fpdf.NewCustom(&fpdf.InitType{OrientationStr: orient, UnitStr: "pt", Size: fpdf.SizeType{Wd: pw, Ht: ph}})
	pdf.SetCompression(!o.NoCompress)
	pdf.SetCreationDate(time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC))
	pdf.SetModificationDate(time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC))
	pdf.SetAutoPageBreak(false, 0)
	pdf.SetMargins(0, 0, 0)
	pdf.SetTitle(e.Name, true)
	pdf.SetCreator("Encounter Planner", true)
	p := &pdfw{pdf: pdf, tr: pdf.UnicodeTranslatorFromDescriptor(""), e: e, o: o}
	if e.Background != "" {
		var data []byte
		if b64, ok := strings.CutPrefix(e.Background, "data:image/png;base64,"); ok {
			data, _ = base64.StdEncoding.DecodeString(b64)
		} else if img := render.DecodeBackground(e.Background); img != nil {
			// fpdf reads no WebP: embed it as PNG.
			var buf bytes.Buffer
			if png.Encode(&buf, img) == nil {
				data = buf.Bytes()
			}
		}
		if len(data) > 0 {
			pdf.RegisterImageOptionsReader("bg", fpdf.ImageOptions{ImageType: "PNG"}, bytes.NewReader(data))
			if pdf.Err() {
				pdf.ClearError() // an unreadable background prints as none
			} else {
				p.bg = true
			}
		}
	}
	for r := 0; r < t.Rows; r++ {
		for c := 0; c < t.Cols; c++ {
			pdf.AddPage()
			p.page(t, c, r)
		}
	}
	if o.TokenSheet {
		p.tokenSheet(t)
	}
	if err := pdf.Output(w); err != nil {
		return fmt.Errorf("export pdf: %w", err)
	}
	return nil
}

// page draws map tile (c, r).
func (p *pdfw) page(t Tiling, c, r int) {
	pdf := p.pdf
	e := p.e
	p.ox, p.oy = float64(c)*t.StepW, float64(r)*t.StepH
	p.left, p.top = pdfMargin, pdfMargin
	// The part of the map on this page, in squares.
	sx0 := max(int(math.Floor(p.ox/ptPerSquare)), 0)
	sy0 := max(int(math.Floor(p.oy/ptPerSquare)), 0)
	sx1 := min(int(math.Ceil((p.ox+t.WinW)/ptPerSquare)), e.Grid.W)
	sy1 := min(int(math.Ceil((p.oy+t.WinH)/ptPerSquare)), e.Grid.H)
	// The window on the page that holds map (the last pages hold less).
	ww := math.Min(t.WinW, float64(e.Grid.W)*ptPerSquare-p.ox)
	wh := math.Min(t.WinH, float64(e.Grid.H)*ptPerSquare-p.oy)
	pdf.ClipRect(p.left, p.top, ww, wh, false)
	if p.bg {
		pdf.ImageOptions("bg", p.px(0), p.py(0), float64(e.Grid.W)*ptPerSquare, float64(e.Grid.H)*ptPerSquare, false, fpdf.ImageOptions{ImageType: "PNG"}, 0, "")
	}
	p.terrain(sx0, sy0, sx1, sy1)
	p.grid(sx0, sy0, sx1, sy1)
	p.tokens(sx0, sy0, sx1, sy1)
	pdf.ClipEnd()
	p.marks(t, c, r, ww, wh)
}

// terrain fills runs of equal terrain as one rectangle, then draws each
// square's patterns.
func (p *pdfw) terrain(sx0, sy0, sx1, sy1 int) {
	pdf := p.pdf
	g := &p.e.Grid
	C := render.Colors
	base := func(t model.Terrain) (color.RGBA, float64) {
		a := 1.0
		switch {
		case t.Any(model.Wall):
			if p.bg {
				a = 0.8
			}
			return C.Wall, a
		case t.Any(model.Obstacle):
			if p.bg {
				a = 0.55
			}
			return C.Obstacle, a
		case t.Any(model.Water):
			if p.bg {
				a = 0.5
			}
			return C.Water, a
		}
		if p.bg {
			a = 0
		}
		return C.Open, a
	}
	for y := sy0; y < sy1; y++ {
		for x := sx0; x < sx1; {
			c, a := base(g.At(x, y))
			x0 := x
			for x < sx1 {
				c2, a2 := base(g.At(x, y))
				if c2 != c || a2 != a {
					break
				}
				x++
			}
			if a == 0 {
				continue
			}
			if a < 1 {
				pdf.SetAlpha(a, "Normal")
			}
			p.fill(c)
			// A hair wider than the run so no seam shows between runs.
			pdf.Rect(p.px(float64(x0)), p.py(float64(y)), float64(x-x0)*ptPerSquare+0.2, ptPerSquare+0.2, "F")
			if a < 1 {
				pdf.SetAlpha(1, "Normal")
			}
		}
	}
	pdf.SetLineCapStyle("butt")
	for y := sy0; y < sy1; y++ {
		for x := sx0; x < sx1; x++ {
			if t := g.At(x, y); t&^model.Wall != 0 || (t.Any(model.Wall) && t != model.Wall) {
				p.patterns(t, p.px(float64(x)), p.py(float64(y)))
			}
		}
	}
}

// patterns draws the marks of terrain t in the square at (x, y) (points).
func (p *pdfw) patterns(t model.Terrain, x, y float64) {
	pdf := p.pdf
	C := render.Colors
	const s = ptPerSquare
	// diag draws lines u+v=c (fwd) or u-v=c inside the square, k per square.
	diag := func(k int, fwd bool) {
		for i := 1; i < 2*k; i++ {
			c := float64(i) / float64(k)
			var u0, v0, u1, v1 float64
			if fwd {
				if c <= 1 {
					u0, v0, u1, v1 = c, 0, 0, c
				} else {
					u0, v0, u1, v1 = 1, c-1, c-1, 1
				}
			} else {
				c -= 1
				if c >= 0 {
					u0, v0, u1, v1 = c, 0, 1, 1-c
				} else {
					u0, v0, u1, v1 = 0, -c, 1+c, 1
				}
			}
			pdf.Line(x+u0*s, y+v0*s, x+u1*s, y+v1*s)
		}
	}
	if t.Any(model.Obstacle) && !t.Any(model.Wall) {
		p.draw(C.Hatch)
		pdf.SetLineWidth(2)
		diag(3, true)
		diag(3, false)
	}
	if t.Any(model.Water) {
		p.draw(C.Ripple)
		pdf.SetLineWidth(2)
		for j := 0; j < 3; j++ {
			yy := y + (float64(j)+0.5)*s/3
			for i := 0; i < 2; i++ {
				x0 := x + float64(i)*s/2 + float64(j%2)*s/8 + s/16
				pdf.Curve(x0, yy, x0+s/8, yy-s/10, x0+s/4, yy, "D")
			}
		}
	}
	if t.Any(model.Hazardous) {
		pdf.ClipRect(x, y, s, s, false)
		p.draw(C.Hazard)
		pdf.SetLineWidth(7)
		diag(3, true)
		pdf.ClipEnd()
	}
	if t.Any(model.Uneven) {
		p.draw(C.Waves)
		pdf.SetLineWidth(1.8)
		for j := 0; j < 2; j++ {
			yy := y + (float64(j)+0.5)*s/2
			for i := 0; i < 4; i++ {
				x0 := x + float64(i)*s/4
				d := s / 18
				if i%2 == 1 {
					d = -d
				}
				pdf.Curve(x0, yy, x0+s/8, yy-2*d, x0+s/4, yy, "D")
			}
		}
	}
	dot := C.Dots
	if t.Any(model.Wall) {
		dot = C.Open
	}
	p.fill(dot)
	if t.Any(model.GreaterDifficult) {
		for j := 0; j < 4; j++ {
			for i := 0; i < 4; i++ {
				pdf.Circle(x+(float64(i)+0.5)*s/4, y+(float64(j)+0.5)*s/4, 3.2, "F")
			}
		}
	} else if t.Any(model.Difficult) {
		for _, d := range [][2]float64{{0.25, 0.25}, {0.75, 0.25}, {0.5, 0.5}, {0.25, 0.75}, {0.75, 0.75}} {
			pdf.Circle(x+d[0]*s, y+d[1]*s, 4.3, "F")
		}
	}
	if t.Any(model.Narrow) {
		p.fill(C.Ink)
		pdf.Rect(x, y+s*0.43-1, s, s*0.14+2, "F")
		p.fill(C.Narrow)
		pdf.Rect(x, y+s*0.43, s, s*0.14, "F")
	}
}

// grid draws the lines between squares: vector lines exactly 72 points
// apart, between the "%grid" and "%end grid" comments in the content stream.
func (p *pdfw) grid(sx0, sy0, sx1, sy1 int) {
	pdf := p.pdf
	pdf.RawWriteStr("%grid\n")
	pdf.SetLineWidth(0.6)
	pdf.SetDrawColor(90, 90, 90)
	pdf.SetDashPattern(nil, 0)
	y0, y1 := p.py(float64(sy0)), p.py(float64(sy1))
	for x := sx0; x <= sx1; x++ {
		pdf.Line(p.px(float64(x)), y0, p.px(float64(x)), y1)
	}
	x0, x1 := p.px(float64(sx0)), p.px(float64(sx1))
	for y := sy0; y <= sy1; y++ {
		pdf.Line(x0, p.py(float64(y)), x1, p.py(float64(y)))
	}
	pdf.RawWriteStr("%end grid\n")
}

func (p *pdfw) shown(i int) bool { return !(p.o.Player && p.e.Tokens[i].Hidden) }

// tokens draws each shown token whose space touches the page.
func (p *pdfw) tokens(sx0, sy0, sx1, sy1 int) {
	for i := range p.e.Tokens {
		t := &p.e.Tokens[i]
		k := p.e.Space(t)
		if !p.shown(i) || t.X+k <= sx0 || t.Y+k <= sy0 || t.X >= sx1 || t.Y >= sy1 {
			continue
		}
		d := float64(k) * ptPerSquare
		p.disc(t, p.px(float64(t.X))+d/2, p.py(float64(t.Y))+d/2, d/2-4, true)
	}
}

// disc draws a token as a disc of radius r centred at (cx, cy), its name
// inside (cut to fit) and, for ships, the facing arrow.
func (p *pdfw) disc(t *model.Token, cx, cy, r float64, faded bool) {
	pdf := p.pdf
	rr, gg, bb := render.SideColor(t.SideOrNeutral())
	if faded && t.Hidden {
		pdf.SetAlpha(0.45, "Normal")
	}
	pdf.SetLineWidth(math.Max(2, r*0.1))
	pdf.SetDrawColor(int(rr)/2, int(gg)/2, int(bb)/2)
	pdf.SetFillColor(int(rr), int(gg), int(bb))
	pdf.Circle(cx, cy, r, "FD")
	light := 299*int(rr)+587*int(gg)+114*int(bb) > 160000
	if light {
		pdf.SetTextColor(28, 31, 36)
	} else {
		pdf.SetTextColor(255, 255, 255)
	}
	size := math.Min(math.Max(r*0.38, 7), 28)
	pdf.SetFont("Helvetica", "B", size)
	name := p.tr(t.Name)
	for len(name) > 1 && pdf.GetStringWidth(name) > r*1.7 {
		name = name[:len(name)-1]
	}
	pdf.Text(cx-pdf.GetStringWidth(name)/2, cy+size*0.35, name)
	if p.e.Ruleset == model.Starship {
		dx, dy := float64(model.Dir[t.Facing%8][0]), float64(model.Dir[t.Facing%8][1])
		l := math.Hypot(dx, dy)
		dx, dy = dx/l, dy/l
		tip, base, wd := r+6, r*0.6, r*0.3
		p.fill(render.Colors.Ink)
		pdf.Polygon([]fpdf.PointType{{X: cx + dx*tip, Y: cy + dy*tip}, {X: cx + dx*base - dy*wd, Y: cy + dy*base + dx*wd}, {X: cx + dx*base + dy*wd, Y: cy + dy*base - dx*wd}}, "F")
	}
	if faded && t.Hidden {
		pdf.SetAlpha(1, "Normal")
	}
	pdf.SetTextColor(0, 0, 0)
}

// marks draws the page furniture in the margins: the page coordinate, what
// joins where, crop marks at the window corners, the overlap line and a
// one-inch bar to check the printer did not scale.
func (p *pdfw) marks(t Tiling, c, r int, ww, wh float64) {
	pdf := p.pdf
	L, T := p.left, p.top
	pdf.SetTextColor(0, 0, 0)
	pdf.SetFont("Helvetica", "B", 14)
	label := fmt.Sprintf("%s%d", colName(c), r+1)
	pdf.Text(L+8, T-12, label)
	pdf.SetFont("Helvetica", "", 8)
	sx0, sy0 := int(p.ox/ptPerSquare), int(p.oy/ptPerSquare)
	info := fmt.Sprintf("%s  -  page %s of %s%d  -  squares x %d-%d, y %d-%d  -  1 square = 1 inch (print at 100%%)",
		p.tr(p.e.Name), label, colName(t.Cols-1), t.Rows, sx0, int(math.Ceil((p.ox+ww)/ptPerSquare))-1, sy0, int(math.Ceil((p.oy+wh)/ptPerSquare))-1)
	pdf.Text(L+16+pdf.GetStringWidth(label)*1.9, T-13, info)
	// Crop marks: short lines outside each window corner.
	pdf.SetLineWidth(0.5)
	pdf.SetDrawColor(0, 0, 0)
	pdf.SetDashPattern(nil, 0)
	for _, pt := range [][2]float64{{L, T}, {L + ww, T}, {L, T + wh}, {L + ww, T + wh}} {
		sx, sy := 1.0, 1.0
		if pt[0] == L {
			sx = -1
		}
		if pt[1] == T {
			sy = -1
		}
		pdf.Line(pt[0]+sx*4, pt[1], pt[0]+sx*22, pt[1])
		pdf.Line(pt[0], pt[1]+sy*4, pt[0], pt[1]+sy*22)
	}
	// Overlap: the strip right of (and below) the dashed line is printed
	// again on the next page; trim this page's margin and lay it over.
	pdf.SetDashPattern([]float64{4, 3}, 0)
	pdf.SetDrawColor(204, 121, 167)
	if c+1 < t.Cols {
		x := L + t.StepW
		pdf.Line(x, T-6, x, T+wh+6)
		pdf.SetFont("Helvetica", "", 7)
		msg := fmt.Sprintf("overlap: page %s%d goes on top from here ->", colName(c+1), r+1)
		pdf.Text(x-3-pdf.GetStringWidth(msg), T+wh+14, msg)
	}
	if r+1 < t.Rows {
		y := T + t.StepH
		pdf.Line(L-6, y, L+ww+6, y)
		pdf.TransformBegin()
		pdf.TransformRotate(90, L-10, y)
		pdf.SetFont("Helvetica", "", 7)
		pdf.Text(L-10+4, y, fmt.Sprintf("<- overlap: page %s%d goes on top below here", colName(c), r+2))
		pdf.TransformEnd()
	}
	pdf.SetDashPattern(nil, 0)
	// A one-inch bar in the bottom margin, to check the print scale.
	y := T + t.WinH + 20
	pdf.SetLineWidth(1)
	pdf.SetDrawColor(0, 0, 0)
	pdf.Line(L, y, L+72, y)
	pdf.Line(L, y-3, L, y+3)
	pdf.Line(L+72, y-3, L+72, y+3)
	pdf.SetFont("Helvetica", "", 7)
	pdf.Text(L+78, y+2.5, "1 inch")
}

// tokenSheet lays out a fold-over standee per shown token: a base tab
// (0.5 in), the front (k x k in), the back (upside down, so it reads from
// the other side when folded) and a second tab. Tokens too tall for the
// page print as a flat disc instead, scaled to fit.
func (p *pdfw) tokenSheet(t Tiling) {
	pdf := p.pdf
	L, T := pdfMargin, pdfMargin+18
	right, bottom := t.PageW-pdfMargin, t.PageH-pdfMargin
	x, y, rowH := L, T, 0.0
	newPage := func() {
		pdf.AddPage()
		pdf.SetFont("Helvetica", "B", 12)
		pdf.SetTextColor(0, 0, 0)
		pdf.Text(L, pdfMargin, p.tr(p.e.Name)+" - token standees (cut on solid lines, fold on dashed)")
		x, y, rowH = L, T, 0
	}
	newPage()
	const gap = 14.0
	for i := range p.e.Tokens {
		if !p.shown(i) {
			continue
		}
		tk := &p.e.Tokens[i]
		s := float64(p.e.Space(tk)) * ptPerSquare
		tab := 36.0
		w, h := s, 2*s+2*tab
		flat := false
		if h > bottom-T {
			flat = true
			s = math.Min(s, math.Min(right-L, bottom-T))
			w, h = s, s
		}
		if x+w > right {
			x, y, rowH = L, y+rowH+gap, 0
		}
		if y+h > bottom {
			newPage()
		}
		if flat {
			p.disc(tk, x+s/2, y+s/2, s/2-2, false)
		} else {
			pdf.SetLineWidth(0.6)
			pdf.SetDrawColor(0, 0, 0)
			pdf.SetDashPattern(nil, 0)
			pdf.SetFillColor(235, 235, 235)
			pdf.Rect(x, y, w, h, "D")
			pdf.Rect(x, y, w, tab, "FD")
			pdf.Rect(x, y+h-tab, w, tab, "FD")
			pdf.SetDashPattern([]float64{3, 3}, 0)
			pdf.Line(x, y+tab, x+w, y+tab)
			pdf.Line(x, y+tab+s, x+w, y+tab+s)
			pdf.Line(x, y+h-tab, x+w, y+h-tab)
			pdf.SetDashPattern(nil, 0)
			// Back panel (upside down), then front panel.
			pdf.TransformBegin()
			pdf.TransformRotate(180, x+w/2, y+tab+s/2)
			p.disc(tk, x+w/2, y+tab+s/2, s/2-6, false)
			pdf.TransformEnd()
			p.disc(tk, x+w/2, y+tab+s+s/2, s/2-6, false)
			pdf.SetFont("Helvetica", "", 7)
			pdf.SetTextColor(0, 0, 0)
			nm := p.tr(tk.Name)
			for len(nm) > 1 && pdf.GetStringWidth(nm) > w-4 {
				nm = nm[:len(nm)-1]
			}
			pdf.Text(x+w/2-pdf.GetStringWidth(nm)/2, y+h-tab/2+2, nm)
		}
		x += w + gap
		rowH = math.Max(rowH, h)
	}
}
