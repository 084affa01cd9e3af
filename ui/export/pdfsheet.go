package export

import (
	"image/color"
	"math"
	"sort"
	"strings"
)

// Standee geometry, in points.
const (
	standeeTab = 36.0 // the base tab at each end: 0.5 in
	standeeGap = 10.0 // between standees, to cut
	sheetTitle = 16.0 // the title line at the top of a sheet page
)

// box is a rectangle to place; placed is where it went.
type box struct{ w, h float64 }

type placed struct {
	page int
	x, y float64
}

// skyline is the free space of one page: the top free y over each run of
// x, left to right, covering [0, width).
type skyline []struct{ x, w, y float64 }

// fit returns where a w x h box goes on the skyline: the position with
// the smallest y (then x) where it fits under height; ok false if none.
func (s skyline) fit(w, h, width, height float64) (x, y float64, ok bool) {
	best := math.Inf(1)
	for i := range s {
		x0 := s[i].x
		if x0+w > width+1e-9 {
			break
		}
		top := 0.0
		for j := i; j < len(s) && s[j].x < x0+w-1e-9; j++ {
			top = math.Max(top, s[j].y)
		}
		if top+h <= height+1e-9 && (top < best-1e-9) {
			best, x, ok = top, x0, true
		}
	}
	return x, best, ok
}

// put raises the skyline over [x, x+w) to y.
func (s skyline) put(x, w, y float64) skyline {
	var out skyline
	for _, g := range s {
		if g.x < x {
			out = append(out, struct{ x, w, y float64 }{g.x, math.Min(g.w, x-g.x), g.y})
		}
		if e := g.x + g.w; e > x+w {
			nx := math.Max(g.x, x+w)
			out = append(out, struct{ x, w, y float64 }{nx, e - nx, g.y})
		}
	}
	out = append(out, struct{ x, w, y float64 }{x, w, y})
	sort.Slice(out, func(i, j int) bool { return out[i].x < out[j].x })
	return out
}

// pack places boxes on as few pages of width x height as it can: tallest
// first, each at the lowest free place on the first page that has one
// (a bottom-left skyline packer), with gap between boxes. A box larger
// than the page gets a page of its own at the top left. It returns the
// place of each box in the order given. Cost: O(n^2) for n boxes.
func pack(boxes []box, width, height, gap float64) []placed {
	order := make([]int, len(boxes))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool {
		if boxes[order[a]].h != boxes[order[b]].h {
			return boxes[order[a]].h > boxes[order[b]].h
		}
		return boxes[order[a]].w > boxes[order[b]].w
	})
	W, H := width+gap, height+gap
	var pages []skyline
	out := make([]placed, len(boxes))
	for _, i := range order {
		w, h := boxes[i].w+gap, boxes[i].h+gap
		done := false
		for pg := range pages {
			if x, y, ok := pages[pg].fit(w, h, W, H); ok {
				pages[pg] = pages[pg].put(x, w, y+h)
				out[i] = placed{pg, x, y}
				done = true
				break
			}
		}
		if !done {
			s := skyline{{0, W, 0}}
			x, y, _ := s.fit(w, h, W, H)
			pages = append(pages, s.put(x, math.Min(w, W), y+h))
			out[i] = placed{len(pages) - 1, x, y}
		}
	}
	return out
}

// sheetLayout is the standees packed on pages of one orientation.
type sheetLayout struct {
	pw, ph float64
	idx    []int // token per box
	boxes  []box
	flat   []bool
	at     []placed
	pages  int
	flats  int
}

// layoutSheet packs a standee per shown token on pages pw x ph: in the
// player version, per token the players see (not hidden, not wholly in
// fog: the map pages' test), so the sheet gives no unseen creature away.
func (p *pdfw) layoutSheet(pw, ph float64) sheetLayout {
	l := sheetLayout{pw: pw, ph: ph}
	W, H := pw-2*pdfMargin, ph-2*pdfMargin-sheetTitle
	for i := range p.e.Tokens {
		if p.o.Player && !p.e.SeenByPlayers(&p.e.Tokens[i]) {
			continue
		}
		s := float64(p.e.Space(&p.e.Tokens[i])) * ptPerSquare
		b, fl := box{s, 2*s + 2*standeeTab}, false
		if b.h > H {
			s = math.Min(s, math.Min(W, H))
			b, fl = box{s, s}, true
			l.flats++
		}
		l.idx, l.boxes, l.flat = append(l.idx, i), append(l.boxes, b), append(l.flat, fl)
	}
	l.at = pack(l.boxes, W, H, standeeGap)
	for _, a := range l.at {
		l.pages = max(l.pages, a.page+1)
	}
	return l
}

// tokenSheet lays out a fold-over standee per shown token, packed onto as
// few pages as they fit, portrait or landscape (whichever needs fewer
// pages and folds fewer standees flat; portrait on a tie): a base tab
// (0.5 in), the back (upside down, so it reads from the other side when
// folded), the front (k x k in: the token's disc or picture as on the map,
// without its conditions or flight shadow, over its whole name) and a
// second tab, also named. Tokens too tall for the page print as a flat token instead,
// scaled to fit.
func (p *pdfw) tokenSheet(pw, ph float64) {
	d := p.d
	l := p.layoutSheet(pw, ph)
	if o := p.layoutSheet(ph, pw); o.pages < l.pages && o.flats <= l.flats {
		l = o
	}
	L, T := pdfMargin, pdfMargin+sheetTitle
	for pg := 0; pg < l.pages; pg++ {
		d.beginPage(l.pw, l.ph)
		d.Text(L, pdfMargin+10, 10, true, p.e.Name+" – token standees (cut on solid lines, fold on dashed)", 0, black)
		for j, a := range l.at {
			if a.page == pg {
				p.standee(l.idx[j], L+a.x, T+a.y, l.boxes[j], l.flat[j])
			}
		}
		d.endPage()
	}
}

var tabGrey = color.NRGBA{235, 235, 235, 255}

// standee draws token i's standee (or flat token) with its top-left at (x, y).
func (p *pdfw) standee(i int, x, y float64, b box, flat bool) {
	d := p.d
	if flat {
		d.save()
		d.clip(x, y, x+b.w, y+b.h)
		p.face(i, x, y, b.w)
		d.restore()
		return
	}
	s, tab := b.w, standeeTab
	d.Rect(x, y, x+s, y+tab, tabGrey)
	d.Rect(x, y+b.h-tab, x+s, y+b.h, tabGrey)
	// Back panel (upside down: turned about its centre), then the front.
	cx, cy := x+s/2, y+tab+s/2
	d.save()
	d.clip(x, y+tab, x+s, y+tab+s)
	d.op("cm", -1, 0, 0, -1, 2*d.X(cx), 2*d.Y(cy))
	p.face(i, x, y+tab, s)
	d.restore()
	d.save()
	d.clip(x, y+tab+s, x+s, y+tab+2*s)
	p.face(i, x, y+tab+s, s)
	d.restore()
	for _, l := range [][4]float64{{x, y, x + s, y}, {x, y + b.h, x + s, y + b.h}, {x, y, x, y + b.h}, {x + s, y, x + s, y + b.h}} {
		d.Line(l[0], l[1], l[2], l[3], 0.6, black, -1)
	}
	for _, fy := range []float64{y + tab, y + tab + s, y + b.h - tab} {
		d.Line(x, fy, x+s, fy, 0.6, black, 3)
	}
	// The name again on the base tab, to tell the standees apart in a box.
	p.name(p.e.Tokens[i].Name, x+2, y+b.h-tab+4, s-4, tab-8, 7, false)
}

// face draws one s x s panel of token i's standee with its top-left at
// (x, y): the token's figure (render.PaintToken: its disc or picture, and
// nothing of the moment, no conditions or flight shadow) and under it the
// whole name, shrunk or wrapped to fit the panel.
func (p *pdfw) face(i int, x, y, s float64) {
	band, pad := s*0.27, 2.0 // the name's band at the bottom
	fig := s - band - pad
	p.r.PaintToken(p.d, p.e, i, x+(s-fig)/2, y+pad, fig)
	p.name(p.e.Tokens[i].Name, x+3, y+s-band, s-6, band-2, math.Max(9, s/8), true)
}

// name writes a token's name whole, centred in the box w x h at (x, y):
// nameLines says its lines and size.
func (p *pdfw) name(s string, x, y, w, h, maxPx float64, bold bool) {
	lines, px := nameLines(s, w, h, maxPx, bold)
	lh := px * 1.15
	top := y + (h-float64(len(lines))*lh)/2
	for j, l := range lines {
		lw := textWidth(l, px, bold)
		p.d.Text(x+w/2-lw/2, top+float64(j)*lh+px*0.85, px, bold, l, lw, black)
	}
}

// nameLines fits a name whole into a box w x h points: on one line at the
// largest size up to maxPx that fits, or, when that is under 7 points (or
// maxPx), on two lines split at the space that lets them be largest, if
// that is larger. A name is never cut: a long word only gets smaller.
// Sizes are floored to a tenth of a point.
func nameLines(name string, w, h, maxPx float64, bold bool) ([]string, float64) {
	fit := func(lines ...string) float64 {
		wide := 0.0
		for _, l := range lines {
			wide = max(wide, textWidth(l, 1, bold))
		}
		return math.Floor(min(maxPx, h/(1.15*float64(len(lines))), w/wide)*10) / 10
	}
	lines, px := []string{name}, fit(name)
	if px >= min(maxPx, 7) {
		return lines, px
	}
	for i, c := range name {
		if c != ' ' {
			continue
		}
		a, b := strings.TrimSpace(name[:i]), strings.TrimSpace(name[i+1:])
		if a == "" || b == "" {
			continue
		}
		if two := fit(a, b); two > px {
			lines, px = []string{a, b}, two
		}
	}
	return lines, px
}
