package export

import (
	"errors"
	"fmt"
	"image/color"
	"io"
	"math"
	"strings"
	"time"

	"encounterplanner/model"
	"encounterplanner/ui/render"
)

// PDF geometry, in points (72 to the inch): one square is one inch.
const (
	ptPerSquare = 72.0
	pdfMargin   = 18.0 // 0.25 in: the unprintable edge most printers have
	pdfOverlap  = 36.0 // 0.5 in of map repeated on the next page, to glue under
)

// PDFOptions says how to print.
type PDFOptions struct {
	Paper      string           // "letter" (default) or "a4"
	Player     bool             // the players' print: leave out hidden tokens, tokens wholly in fog, GM-only notes and terrain
	TokenSheet bool             // add pages of fold-over standees, 1 inch per square
	Trim       bool             // print only the smallest rectangle holding non-floor terrain, tokens, notes and edges (ContentRect: with Player, those the players see)
	Overlays   *render.Overlays // nil: none; else drawn as on screen (AreaOverlays: the placed areas alone)
	Created    time.Time        // the creation date written in the file; zero: now
	NoCompress bool             // leave content streams uncompressed (tests, debugging)
}

// Tiling is how a map is split over pages.
type Tiling struct {
	PageW, PageH float64 // points, as oriented
	Landscape    bool
	Cols, Rows   int     // pages across and down
	WinW, WinH   float64 // map area per page (points): the page less its margins
	StepW, StepH float64 // map advance from one page to the next: the window less the overlap
	X0, Y0       int     // the first square printed (Trim)
	W, H         int     // squares printed across and down
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

// ErrPlayersSeeNothing is PDF's refusal of a players' print (Player) of a
// map whose every square is fogged, and PNG's of the players' image. Trimmed to content (Trim), there is
// nothing to trim to, and printing the whole map instead, as an empty map
// is printed, gave a GM sheets of blank paper (24 x 16 squares: 8 pages)
// for the trim they asked for; untrimmed, the fog prints as blank paper
// (View.PaperFog) and so did every page. PNG refuses the players' image
// of such a map too: it was a picture of fog from edge to edge. Callers
// say which option to change (queries.md, "export"). A map without fog is
// never refused, however little it holds: its print is what the map is.
var ErrPlayersSeeNothing = errors.New("the players see nothing of the map yet (every square is fogged)")

// PlayersSeeNothing reports whether fog covers every square of e's map,
// so that the players' view of it is blank: no square, token or note
// shows. Time O(W x H).
func PlayersSeeNothing(e *model.Encounter) bool {
	g := &e.Grid
	return len(g.Cells) > 0 && e.BlockInFog(0, 0, max(g.W, g.H))
}

// PDFTiling computes the page layout PDF prints with options o: the
// whole map, or its content rectangle with o.Trim (so a caller can say
// how many pages it wrote). A players' print of a map the players see
// nothing of, trimmed or not, is ErrPlayersSeeNothing.
func PDFTiling(e *model.Encounter, o PDFOptions) (Tiling, error) {
	if err := checkSize(e, 1); err != nil {
		return Tiling{}, err
	}
	if o.Player && PlayersSeeNothing(e) {
		what := "player version"
		if o.Trim {
			what = "trim"
		}
		return Tiling{}, fmt.Errorf("export pdf: %s: %w", what, ErrPlayersSeeNothing)
	}
	x0, y0, x1, y1 := 0, 0, e.Grid.W, e.Grid.H
	if o.Trim {
		x0, y0, x1, y1 = ContentRect(e, o.Player)
	}
	t, err := tiling(x1-x0, y1-y0, o.Paper)
	t.X0, t.Y0 = x0, y0
	return t, err
}

// tiling lays w x h squares over pages: the printable window is the paper
// less a 0.25 in margin on every side (letter: 8 x 10.5 in; A4: 7.77 x
// 11.19 in); consecutive pages overlap by 0.5 in, so n inches need
// 1 + ceil((n - window) / (window - 0.5)) pages along a side (1 if they
// fit). Portrait or landscape, whichever needs fewer pages (portrait on a
// tie). 30 x 20 squares on letter: portrait, 4 x 2 = 8 pages (landscape
// would be 3 x 3 = 9); on A4: landscape, 3 x 3 = 9 (portrait 5 x 2 = 10).
func tiling(w, h int, paper string) (Tiling, error) {
	pw, ph, err := paperSize(paper)
	if err != nil {
		return Tiling{}, err
	}
	mw, mh := float64(w)*ptPerSquare, float64(h)*ptPerSquare
	mk := func(pw, ph float64, land bool) Tiling {
		t := Tiling{PageW: pw, PageH: ph, Landscape: land, WinW: pw - 2*pdfMargin, WinH: ph - 2*pdfMargin, W: w, H: h}
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

// ContentRect returns the smallest rectangle of squares holding every
// non-floor square, the squares the map image covers (BackgroundSquares),
// every shown token's space, every shown note and every
// edge (wall, door, secret door) with the squares it touches, on both
// sides and beyond its ends, so its thick line prints whole (the whole map
// when there is none): what a trimmed print holds. A room drawn with edge
// walls alone once printed as its one token's square, without its walls.
//
// For the players' print (player) it is what the players see: a GM-only
// square is open ground to them, a hidden token or one wholly in fog is not
// there, a fogged square is unexplored ground whatever it holds (its part of the map image too) (the print
// leaves it blank, View.PaperFog), and an edge counts where the players'
// view draws it over the fog (render's edges: a wall or secret door unit by
// unit beside a revealed square, a door whole when beside one), so none of
// them stretches the print and its size gives nothing away. Time O(W x H +
// tokens x their space + edge length).
func ContentRect(e *model.Encounter, player bool) (x0, y0, x1, y1 int) {
	g := &e.Grid
	x0, y0, x1, y1 = g.W, g.H, 0, 0
	add := func(ax, ay, bx, by int) {
		x0, y0 = min(x0, max(ax, 0)), min(y0, max(ay, 0))
		x1, y1 = max(x1, min(bx, g.W)), max(y1, min(by, g.H))
	}
	gmOnly := player && len(e.GMOnly) == len(g.Cells)
	fog := player && len(e.Revealed) == len(g.Cells)
	for y := 0; y < g.H; y++ {
		row := g.Cells[y*g.W : (y+1)*g.W]
		for x, t := range row {
			i := y*g.W + x
			if t == 0 || gmOnly && e.GMOnly[i] || fog && !e.Revealed[i] {
				continue
			}
			add(x, y, x+1, y+1)
		}
	}
	if bx0, by0, bx1, by1, ok := BackgroundSquares(e); ok {
		// The map image is what the map is where it lies, not empty floor:
		// an imported battle map printed as the strip its walls held.
		if !fog {
			add(bx0, by0, bx1, by1)
		}
		for y := by0; fog && y < by1; y++ {
			for x := bx0; x < bx1; x++ {
				if e.Revealed[y*g.W+x] {
					add(x, y, x+1, y+1)
				}
			}
		}
	}
	for i := range e.Tokens {
		t := &e.Tokens[i]
		if player && !e.SeenByPlayers(t) {
			continue
		}
		k := e.Space(t)
		add(t.X, t.Y, t.X+k, t.Y+k)
	}
	for _, n := range e.Notes {
		if player && (!n.Player || e.BlockInFog(n.X, n.Y, 1)) {
			continue
		}
		add(n.X, n.Y, n.X+1, n.Y+1)
	}
	for _, ed := range e.Edges {
		// Each unit of the edge with every square it touches: both sides
		// and, at its ends, the squares beyond, so the thick line prints
		// whole, round ends included.
		for k := 0; k < ed.Len(); k++ {
			if fog && !unitSeen(e, ed, k, ed.Kind == model.EdgeDoor || ed.Kind == model.EdgeOpenDoor) {
				continue
			}
			if ed.Horizontal() {
				add(ed.X1+k-1, ed.Y1-1, ed.X1+k+2, ed.Y1+1)
			} else {
				add(ed.X1-1, ed.Y1+k-1, ed.X1+1, ed.Y1+k+2)
			}
		}
	}
	if x0 >= x1 || y0 >= y1 {
		return 0, 0, g.W, g.H
	}
	return x0, y0, x1, y1
}

// BackgroundSquares is the rectangle of squares the map image covers,
// x1 and y1 beyond it: the whole map when it is stretched over it, the
// squares a placed image (Encounter.Placement) reaches into, as the
// renderer draws it; false when there is no image, or a placed one
// reaches no square (or cannot be read). Only the image's header is read.
func BackgroundSquares(e *model.Encounter) (x0, y0, x1, y1 int, ok bool) {
	g := &e.Grid
	if e.Background == "" || g.W < 1 || g.H < 1 {
		return 0, 0, 0, 0, false
	}
	p := e.Placement
	if p == nil || p.PxPerSquare <= 0 {
		return 0, 0, g.W, g.H, true
	}
	iw, ih, err := model.ImageSize(e.Background)
	if err != nil {
		return 0, 0, 0, 0, false
	}
	// Map coordinate m shows image pixel floor(o + m*PxPerSquare): the
	// image spans m in [-o/pps, (size-o)/pps).
	span := func(o float64, size, n int) (int, int) {
		a := int(math.Floor(-o / p.PxPerSquare))
		b := int(math.Ceil((float64(size) - o) / p.PxPerSquare))
		return min(max(a, 0), n), min(max(b, 0), n)
	}
	x0, x1 = span(p.X, iw, g.W)
	y0, y1 = span(p.Y, ih, g.H)
	return x0, y0, x1, y1, x0 < x1 && y0 < y1
}

// unitSeen reports whether the players' view with fog draws unit k of
// edge ed, as render draws it: a wall (a secret door too, a wall to them)
// unit by unit beside a revealed square; a door (whole) when any of its
// units is beside one.
func unitSeen(e *model.Encounter, ed model.Edge, k int, whole bool) bool {
	g := &e.Grid
	beside := func(k int) bool {
		ax, ay, bx, by := ed.X1+k, ed.Y1-1, ed.X1+k, ed.Y1
		if !ed.Horizontal() {
			ax, ay, bx, by = ed.X1-1, ed.Y1+k, ed.X1, ed.Y1+k
		}
		return g.In(ax, ay) && e.Revealed[ay*g.W+ax] || g.In(bx, by) && e.Revealed[by*g.W+bx]
	}
	if !whole {
		return beside(k)
	}
	for j := 0; j < ed.Len(); j++ {
		if beside(j) {
			return true
		}
	}
	return false
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
	d *pdfDoc
	r *render.Renderer
	e *model.Encounter
	o PDFOptions
}

var (
	black   = color.NRGBA{0, 0, 0, 255}
	white   = color.NRGBA{255, 255, 255, 255}
	overlap = color.NRGBA{204, 121, 167, 255} // Okabe-Ito purple
)

// PDF prints the map at true scale, 1-inch squares, tiled over as many
// pages as the tiling says, each labelled with its coordinate (A1 is top
// left; letters go across, numbers down) and its neighbours, with crop
// marks at the window corners and a dashed line where the next page's
// overlap starts. The map is the scene ui/render draws on screen, painted
// as vectors (render.Renderer.Paint): grid lines exactly 72 points apart,
// terrain, notes and tokens as the editor shows them. TokenSheet adds
// pages of fold-over standees, packed.
//
// The file is written page by page as it is drawn: memory holds one page
// and the page index, whatever the map's size.
func PDF(w io.Writer, e *model.Encounter, o PDFOptions) error {
	_, err := WritePDF(w, e, o)
	return err
}

// WritePDF is PDF that also tells how many pages it wrote (map and
// standees), for a caller that reports them.
func WritePDF(w io.Writer, e *model.Encounter, o PDFOptions) (pages int, err error) {
	t, err := PDFTiling(e, o)
	if err != nil {
		return 0, err
	}
	p := &pdfw{d: newPDFDoc(w, !o.NoCompress), r: render.NewRenderer(), e: e, o: o}
	for r := 0; r < t.Rows; r++ {
		for c := 0; c < t.Cols; c++ {
			p.d.beginPage(t.PageW, t.PageH)
			p.page(t, c, r)
			p.d.endPage()
			if p.d.err != nil {
				return 0, fmt.Errorf("export pdf: %w", p.d.err)
			}
		}
	}
	if o.TokenSheet {
		pw, ph, _ := paperSize(o.Paper)
		p.tokenSheet(pw, ph)
	}
	created := o.Created
	if created.IsZero() {
		created = time.Now()
	}
	if err := p.d.close(e.Name, created); err != nil {
		return 0, fmt.Errorf("export pdf: %w", err)
	}
	return len(p.d.pages), nil
}

// page draws map tile (c, r).
func (p *pdfw) page(t Tiling, c, r int) {
	d := p.d
	// The map point at the window's left and top edge, and the window on
	// the page that holds map (the last pages hold less).
	ox := float64(t.X0)*ptPerSquare + float64(c)*t.StepW
	oy := float64(t.Y0)*ptPerSquare + float64(r)*t.StepH
	ww := math.Min(t.WinW, float64(t.X0+t.W)*ptPerSquare-ox)
	wh := math.Min(t.WinH, float64(t.Y0+t.H)*ptPerSquare-oy)
	L, T := pdfMargin, pdfMargin
	d.save()
	d.clip(L, T, L+ww, T+wh)
	// The renderer draws from a whole square, so every square edge is a
	// whole point; the page shifts it by the rest.
	sx, sy := math.Floor(ox/ptPerSquare), math.Floor(oy/ptPerSquare)
	fx, fy := ox-sx*ptPerSquare, oy-sy*ptPerSquare
	d.dx, d.dy = L-fx, T-fy
	// The players' fog prints as blank paper, not the screen's black.
	v := render.View{Scale: ptPerSquare, OriginX: sx, OriginY: sy, Player: p.o.Player, PaperFog: p.o.Player}
	p.r.Paint(d, ww+fx, wh+fy, p.e, v, p.o.Overlays)
	d.dx, d.dy = 0, 0
	d.restore()
	p.marks(t, c, r, ox, oy, ww, wh)
}

// marks draws the page furniture: crop marks at the window corners in the
// margin, and inside the window's overlap strips (covered once the pages
// are glued) the dashed overlap lines and a plate with the page's
// coordinate, its squares and the print scale.
func (p *pdfw) marks(t Tiling, c, r int, ox, oy, ww, wh float64) {
	d := p.d
	L, T := pdfMargin, pdfMargin
	for _, pt := range [][2]float64{{L, T}, {L + ww, T}, {L, T + wh}, {L + ww, T + wh}} {
		sx, sy := 1.0, 1.0
		if pt[0] == L {
			sx = -1
		}
		if pt[1] == T {
			sy = -1
		}
		d.Line(pt[0]+sx*3, pt[1], pt[0]+sx*15, pt[1], 0.5, black, -1)
		d.Line(pt[0], pt[1]+sy*3, pt[0], pt[1]+sy*15, 0.5, black, -1)
	}
	// Overlap: the strip right of (and below) the dashed line is printed
	// again on the next page; trim this page there and lay it over.
	if c+1 < t.Cols {
		x := L + t.StepW
		d.Line(x, T, x, T+wh, 1, overlap, 4)
		p.plateText(x+4, T+wh/2, fmt.Sprintf("%s%d on top", colName(c+1), r+1))
	}
	label := fmt.Sprintf("%s%d", colName(c), r+1)
	labelR := L + 4 + textWidth(label, 16, true) + 8 // the label plate's right edge
	if r+1 < t.Rows {
		y := T + t.StepH
		d.Line(L, y, L+ww, y, 1, overlap, 4)
		// centred in the strip, or on a narrow page right of the label
		// (past the window onto the paper beside it, the last column's)
		p.plateText(math.Max(L+ww/2-80, labelR+6), y+12, fmt.Sprintf("overlap: page %s%d goes on top below here", colName(c), r+2))
	}
	sx0, sy0 := int(ox/ptPerSquare), int(oy/ptPerSquare)
	info := fmt.Sprintf("%s  %s of %s%d  squares x %d-%d, y %d-%d  1 square = 1 inch: print at 100%%",
		p.e.Name, label, colName(t.Cols-1), t.Rows, sx0, int(math.Ceil((ox+ww)/ptPerSquare))-1, sy0, int(math.Ceil((oy+wh)/ptPerSquare))-1)
	iw := textWidth(info, 7, false)
	switch ix := L + ww - 6 - iw; {
	case ix >= labelR+6:
		p.plateText(ix, T+wh-6, info) // in the window, right of the label
	case L+ww+6+iw+2 <= t.PageW-pdfMargin:
		// A window too narrow for it (a small map, the last column) has
		// paper beside it: the line ran off the page's left edge, under
		// the label, and "print at 100%" was lost.
		p.plateText(L+ww+6, T+wh-6, info)
	case T+wh+26 <= t.PageH-pdfMargin:
		p.plateText(L+4, T+wh+24, info) // below the window, past the crop marks
	default:
		p.plateText(math.Max(ix, labelR+6), T+wh-6, info)
	}
	d.RoundRect(L+4, T+wh-30, labelR, T+wh-6, 3, white)
	d.Text(L+8, T+wh-11, 16, true, label, 0, black)
}

// plateText writes 7 pt text on a white plate, its baseline at (x, y).
func (p *pdfw) plateText(x, y float64, s string) {
	w := textWidth(s, 7, false)
	p.d.Rect(x-2, y-8, x+w+2, y+3, white)
	p.d.Text(x, y, 7, false, s, w, black)
}
