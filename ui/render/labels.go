package render

import (
	"math"
	"strconv"
	"unicode"
	"unicode/utf8"

	"encounterplanner/model"
	"encounterplanner/rules"
)

// box is a pixel rectangle [x0, x1) x [y0, y1).
type box struct{ x0, y0, x1, y1 int }

func (a box) overlaps(b box) bool {
	return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1
}

// labelKind is what a placed label shows, and so how it is drawn.
type labelKind uint8

const (
	labelName      labelKind = iota // a token's name on a dark plate
	labelCondition                  // a token's condition on a small dark badge
	labelElevation                  // a token's elevation ("+15 ft") on a sky-blue tag
	labelPathCost                   // a path step's running cost on a white tag
	labelCover                      // a cover letter in a disc
	labelCoverDot                   // a cover too small for its letter: a coloured diamond, no letter
	labelOffGuard                   // "off-guard" ("flanked" in pf1e) on a purple plate over a flanked foe
	labelArea                       // an area template's label on a plate of its colour
	labelRuler                      // a ruler leg's length on a yellow tag
)

// overLabels are the kinds drawn in the "over" layer; the others (names,
// conditions) are drawn with the tokens, after every disc.
func (k labelKind) over() bool { return k >= labelPathCost }

// label is one label the placer placed: what it drew, where.
type label struct {
	kind   labelKind
	b      box // everything it paints, outline included
	fk     faceKey
	tx, ty int // baseline origin of the text
	t0, t1 int // its text: r.lay.buf[t0:t1]
	cx, cy float64
	rad    float64 // discs: the radius inside the outline
	cover  rules.Cover
	hue    uint8   // areas: the index of the area's colour
	a      float64 // alpha (a hidden token's labels are faded)
	bi     int     // index of b in the placer's boxes
	of     int     // badges and height tags: 1 + the token's index; 0 otherwise
}

// placer places labels greedily in priority order: each label takes the
// first of its candidate boxes that overlaps no box placed before it
// (marks that are always drawn, like a token's initials, are placed
// first), or is left out. The boxes are filed in a coarse grid of cells,
// so a candidate is checked against its neighbours only: about
// O(labels x candidates) per frame. The buffers are reused from frame to
// frame.
type placer struct {
	boxes  []box // every box taken: fixed marks and placed labels
	labels []label
	buf    []byte     // the labels' texts
	dots   []condDot  // tokens whose conditions found no room for a badge (or some of them)
	grow   []growName // names placed cut, to grow whole where room is left
	nfixed int        // boxes[:nfixed] are fixed marks (placed before any label)
	edge   box        // the map's pixels: labels stay inside when they can
	cells  cellIndex
	discs  []tokenDisc // every shown token's disc as drawn, for badges to keep off
	dcells cellIndex   // discs by cell
}

// tokenDisc is the fill of a token's disc (inside its ring) as the frame
// draws it, its look applied, and its space's squares.
type tokenDisc struct {
	cx, cy, r float64
	x, y, k   int
	tok       int
	tiny      bool // a Tiny creature's, in a corner of its square
}

// hits reports whether box b covers any of the disc.
func (d *tokenDisc) hits(b box) bool {
	nx := math.Max(float64(b.x0), math.Min(d.cx, float64(b.x1)))
	ny := math.Max(float64(b.y0), math.Min(d.cy, float64(b.y1)))
	return math.Hypot(nx-d.cx, ny-d.cy) < d.r
}

// condDot marks a token with conditions but no badge: a dark dot on its
// rim (a mark inside its own space, not a label); or with badges for
// some of its conditions only, a dot beside them (its box taken).
type condDot struct{ x, y, r, a float64 }

// growName is a name label placed cut to its token's width.
type growName struct {
	li     int // its index in labels
	name   string
	cx, y0 int
}

// cellIndex files box indices by the cells of a grid over the map's
// pixels (boxes beyond the map go in the border cells): per cell a list
// threaded through next.
type cellIndex struct {
	x0, y0, size, nx, ny int
	head                 []int32 // per cell: its first entry + 1, 0 = none
	next                 []int32 // per entry: the next entry + 1
	box                  []int32 // per entry: the box index
}

func (c *cellIndex) reset(edge box) {
	w, h := max(edge.x1-edge.x0, 1), max(edge.y1-edge.y0, 1)
	c.size = max(128, (max(w, h)+127)/128) // at most 128 x 128 cells
	c.x0, c.y0 = edge.x0, edge.y0
	c.nx, c.ny = (w+c.size-1)/c.size, (h+c.size-1)/c.size
	n := c.nx * c.ny
	if cap(c.head) < n {
		c.head = make([]int32, n)
	}
	c.head = c.head[:n]
	clear(c.head)
	c.next, c.box = c.next[:0], c.box[:0]
}

// span is the cells b touches, inclusive.
func (c *cellIndex) span(b box) (i0, j0, i1, j1 int) {
	cl := func(v, n int) int { return min(max(v, 0), n-1) }
	return cl(floorDiv(b.x0-c.x0, c.size), c.nx), cl(floorDiv(b.y0-c.y0, c.size), c.ny),
		cl(floorDiv(b.x1-1-c.x0, c.size), c.nx), cl(floorDiv(b.y1-1-c.y0, c.size), c.ny)
}

func floorDiv(a, b int) int {
	if a < 0 {
		return -((-a + b - 1) / b)
	}
	return a / b
}

func (c *cellIndex) add(b box, bi int) {
	i0, j0, i1, j1 := c.span(b)
	for j := j0; j <= j1; j++ {
		for i := i0; i <= i1; i++ {
			k := j*c.nx + i
			c.box = append(c.box, int32(bi))
			c.next = append(c.next, c.head[k])
			c.head[k] = int32(len(c.box))
		}
	}
}

func (p *placer) reset(edge box) {
	p.boxes, p.labels, p.buf, p.dots, p.grow = p.boxes[:0], p.labels[:0], p.buf[:0], p.dots[:0], p.grow[:0]
	p.nfixed = 0
	p.edge = edge
	p.cells.reset(edge)
	p.discs = p.discs[:0]
	p.dcells.reset(edge)
}

// clearOfTokens reports whether box b covers no token's fill but token
// self's and those of the tokens stacked over or under it in its space
// (the same squares, drawn one over the other: stack.go), which a badge
// of either cannot keep off: a badge or tag on a token's rim stays off its
// neighbours, a Tiny creature's off the other Tiny ones in its square.
// O(discs in b's cells).
func (p *placer) clearOfTokens(b box, sp *rimSpot) bool {
	c := &p.dcells
	i0, j0, i1, j1 := c.span(b)
	for j := j0; j <= j1; j++ {
		for i := i0; i <= i1; i++ {
			for e := c.head[j*c.nx+i]; e != 0; e = c.next[e-1] {
				d := &p.discs[c.box[e-1]]
				stacked := d.x == sp.x && d.y == sp.y && d.k == sp.k && !(d.tiny && sp.tiny)
				if d.tok != sp.self && !stacked && d.hits(b) {
					return false
				}
			}
		}
	}
	return true
}

func (p *placer) free(b box) bool { return p.freeFrom(b, 0, -1) }

// freeOfLabels reports whether b overlaps no placed label (fixed marks
// aside).
func (p *placer) freeOfLabels(b box) bool { return p.freeFrom(b, p.nfixed, -1) }

// freeBut reports whether b overlaps no taken box but boxes[skip].
func (p *placer) freeBut(b box, skip int) bool { return p.freeFrom(b, 0, skip) }

// freeFrom reports whether b overlaps none of boxes[from:] but boxes[skip].
func (p *placer) freeFrom(b box, from, skip int) bool {
	c := &p.cells
	i0, j0, i1, j1 := c.span(b)
	for j := j0; j <= j1; j++ {
		for i := i0; i <= i1; i++ {
			for e := c.head[j*c.nx+i]; e != 0; e = c.next[e-1] {
				k := int(c.box[e-1])
				if k >= from && k != skip && p.boxes[k].overlaps(b) {
					return false
				}
			}
		}
	}
	return true
}

// take files box b as boxes[bi] (a new one, or one grown).
func (p *placer) take(b box, bi int) {
	if bi == len(p.boxes) {
		p.boxes = append(p.boxes, b)
	}
	p.boxes[bi] = b
	p.cells.add(b, bi)
}

// canTake reports whether a label may take b: it must be free, and on the
// first pass (0) also on the map, so a label at the map's edge moves in
// before it is cut.
func (r *Renderer) canTake(b box, pass int) bool {
	if pass == 0 && (b.x0 < r.lay.edge.x0 || b.y0 < r.lay.edge.y0 || b.x1 > r.lay.edge.x1 || b.y1 > r.lay.edge.y1) {
		return false
	}
	return r.lay.free(b)
}

// fix takes b for a mark that is always drawn.
func (p *placer) fix(b box) {
	p.take(b, len(p.boxes))
	p.nfixed = len(p.boxes)
}

// put places l (its box free) with its text s.
func (p *placer) put(l label, s string) {
	l.t0 = len(p.buf)
	p.buf = append(p.buf, s...)
	l.t1 = len(p.buf)
	l.bi = len(p.boxes)
	p.take(l.b, l.bi)
	p.labels = append(p.labels, l)
}

func (p *placer) text(l *label) string { return bytesStr(p.buf[l.t0:l.t1]) }

// Label sizes: below these a label is not readable and is left out.
const (
	minNameScale  = 22 // names under tokens
	minCondScale  = 16 // condition badges (below: a dot on the token)
	minLetterPx   = 7  // a cover letter's font
	minCoverScale = 12 // cover letters (below: coloured dots)
)

// layout places every label of the map, highest priority first: the
// height tags of tokens off the ground (the selected token's first), the
// selected token's name and conditions, the path's total, the other path
// costs, off-guard plates, cover badges, the other tokens' names, then
// their conditions (which find room round the token's rim). Tokens'
// initials and warning marks are placed before all of them, as fixed
// boxes no label may cover (but a height tag with no other room).
//
// The layout is the map's, not the view's: every shown token takes part,
// on screen or not, so a label does not move as the view scrolls, and an
// image drawn in bands or pages has the labels of the image drawn whole.
func (r *Renderer) layout(f *frame) {
	p := &r.lay
	p.reset(box{f.bx(0), f.by(0), f.bx(f.e.Grid.W), f.by(f.e.Grid.H)})
	r.stack(f) // the tokens' order and looks, for the initials here and tokens
	if f.v.NoTokens {
		return
	}
	o := f.o
	sel := -1
	if o != nil {
		sel = o.Selected
	}
	s := f.v.Scale
	for i := range f.e.Tokens {
		if r.tokenOK(f, i) {
			t := &f.e.Tokens[i]
			if b, ok := r.initialsBoxLooks(f, t, t.X, t.Y, r.looks[i]); ok {
				p.fix(b)
			}
			k := f.e.Space(t)
			// its fill: a badge beside it may lie on its ring, never over
			// its colour, picture or initials
			cx, cy, rad := r.lookDisc(f, t, r.looks[i])
			rad = max(rad, MinTokenRadius)
			rad -= math.Max(1.5, rad*0.12)
			p.discs = append(p.discs, tokenDisc{cx: cx, cy: cy, r: rad, x: t.X, y: t.Y, k: k, tok: i, tiny: r.looks[i].tiny})
			p.dcells.add(box{int(math.Floor(cx - rad)), int(math.Floor(cy - rad)), int(math.Ceil(cx + rad)), int(math.Ceil(cy + rad))}, len(p.discs)-1)
		}
	}
	if o != nil {
		for _, i := range o.Warn {
			if r.tokenOK(f, i) {
				cx, cy, half := r.centre(f, i)
				p.fix(warningBox(cx+half*0.62, cy-half*0.62, math.Max(5, s*0.28)))
			}
		}
		if o.Hover != nil && f.e.Grid.In(o.Hover.X, o.Hover.Y) {
			// the hover outline's edges (a label may sit inside it)
			x0, y0, x1, y1 := r.hoverBox(f)
			p.fix(box{x0 - 1, y0 - 1, x1 + 1, y0 + 2})
			p.fix(box{x0 - 1, y1 - 2, x1 + 1, y1 + 1})
			p.fix(box{x0 - 1, y0 - 1, x0 + 2, y1 + 1})
			p.fix(box{x1 - 2, y0 - 1, x1 + 1, y1 + 1})
		}
		if r.pathShown(f) {
			k := f.e.Space(&f.e.Tokens[o.PathFrom])
			for _, st := range o.Path.Steps {
				if st.Flags != 0 {
					cx, cy, half := r.spaceCentre(f, st.X, st.Y, k)
					p.fix(warningBox(cx-half*0.6, cy-half*0.6, math.Max(5, s*0.28)))
				}
			}
		}
	}
	// Elevation changes what a token reaches, and a token in the air
	// looks like one on the ground but for its shadow: every height tag
	// first (the selected token's first of all), before any name or
	// badge may take its place on the rim. Starship and points keep a
	// height from another ruleset but ignore it (rules-conventions.md):
	// a ship showed "+15 ft" on 50-ft squares, which moved it nowhere.
	if heights := rules.Describe(f.e.Ruleset).Elevation; heights {
		if r.tokenOK(f, sel) {
			r.layoutElevation(f, sel)
		}
		for i := range f.e.Tokens {
			if i != sel && r.tokenOK(f, i) {
				r.layoutElevation(f, i)
			}
		}
	}
	if r.tokenOK(f, sel) {
		r.layoutName(f, sel, true)
		r.layoutConditions(f, sel)
	}
	if o != nil {
		if r.pathShown(f) {
			last := len(o.Path.Steps) - 1
			r.layoutCost(f, last)
			if s >= 24 {
				for i := 0; i < last; i++ {
					r.layoutCost(f, i)
				}
			}
		}
		for i := len(o.Ruler) - 1; i >= 0; i-- {
			r.layoutRuler(f, i) // the last leg carries the total: first
		}
		r.layoutOffGuard(f)
		r.layoutCover(f)
		r.layoutAreas(f)
	}
	// Every name first cut to its token's width, so a long name does not
	// take its neighbour's place; then whole where there is room.
	for i := range f.e.Tokens {
		if i != sel && r.tokenOK(f, i) {
			r.layoutName(f, i, false)
		}
	}
	r.growNames(f)
	for i := range f.e.Tokens {
		if i != sel && r.tokenOK(f, i) {
			r.layoutConditions(f, i)
		}
	}
}

// pathShown reports whether the overlays' path is drawn.
func (r *Renderer) pathShown(f *frame) bool {
	o := f.o
	return o.Path != nil && len(o.Path.Steps) > 0 && o.PathFrom >= 0 && o.PathFrom < len(f.e.Tokens)
}

// discGeom is a token's disc: centre, radius, ring width.
func (r *Renderer) discGeom(f *frame, x, y, k int) (cx, cy, rad, ringW float64) {
	cx, cy, half := r.spaceCentre(f, x, y, k)
	rad = half - math.Max(1, f.v.Scale*0.07)
	return cx, cy, rad, math.Max(1.5, rad*0.12)
}

// lookDisc is token t's disc as look lk draws it: the space's disc, or
// for a token stacked over another or a Tiny one sharing its square the
// smaller disc moved against its square's rim (stack.go). Its labels that
// say something of it alone (height, conditions) go round this disc.
func (r *Renderer) lookDisc(f *frame, t *model.Token, lk tokenLook) (cx, cy, rad float64) {
	cx, cy, rad, _ = r.discGeom(f, t.X, t.Y, f.e.Space(t))
	return lk.apply(cx, cy, rad)
}

// initialsFace is the font of a token's initials; ok is false when the
// disc is too small for any.
func initialsFace(rad float64) (faceKey, bool) {
	px := int(math.Min(math.Max(math.Round(rad*0.62), 7), 72))
	return faceKey{px: uint8(px), bold: true}, rad >= 5
}

// initialsBoxLooks is the box of t's initials in its disc as lk draws it.
func (r *Renderer) initialsBoxLooks(f *frame, t *model.Token, x, y int, lk tokenLook) (box, bool) {
	k := f.e.Space(t)
	cx, cy, rad, _ := r.discGeom(f, x, y, k)
	cx, cy, rad = lk.initialsAt(cx, cy, rad)
	ringW := math.Max(1.5, rad*0.12)
	fk, ok := initialsFace(rad)
	if !ok {
		return box{}, false
	}
	w := r.ts.width(fk, r.initials(t.Name, fk, (rad-ringW)*1.6))
	ch := r.ts.capHeight(fk)
	icx, icy := int(math.Round(cx)), int(math.Round(cy))
	return box{icx - w/2, icy - ch/2 - 1, icx - w/2 + w, icy - ch/2 + ch + 1}, true
}

func warningBox(cx, cy, h float64) box {
	hw := h*0.6 + 1.7
	return box{int(math.Floor(cx - hw)), int(math.Floor(cy - h*0.6 - 1.5)), int(math.Ceil(cx + hw)), int(math.Ceil(cy + h*0.4 + 1))}
}

// layoutName places token i's name on a plate: under the token, else over
// it, each first whole (up to 2.2 squares wide, when whole) then cut with
// an ellipsis to the token's width (neighbours then take turns under and
// over their row); else it is left out. A token stacked up over another
// (stack.go) tries over it first, by its disc, and leaves under it to the
// one below.
func (r *Renderer) layoutName(f *frame, i int, whole bool) {
	lk := r.looks[i]
	r.layoutNameOf(f, &f.e.Tokens[i], whole, lk.scale != 0 && lk.dy < 0)
}

func (r *Renderer) layoutNameOf(f *frame, t *model.Token, whole, over bool) {
	s := f.v.Scale
	k := f.e.Space(t)
	if s < minNameScale {
		return
	}
	cx, cy, rad, _ := r.discGeom(f, t.X, t.Y, k)
	fk := nameFace(s)
	ph := int(fk.px) + 6
	a := 1.0
	if t.Hidden {
		a = 0.45
	}
	below := int(math.Round(cy+rad)) - ph/2 + 2
	above := int(math.Round(cy-rad)) + ph/2 - 2 - ph
	// centred, then slid along the token's edge by up to a third of its
	// width (still under or over it); stacked, over it first, slid away
	// from its height tag's corner
	sh := int(float64(k) * s / 3)
	spots := [6][2]int{{0, below}, {0, above}, {sh, below}, {sh, above}, {-sh, below}, {-sh, above}}
	if over {
		spots = [6][2]int{{0, above}, {-sh, above}, {sh, above}, {0, below}, {-sh, below}, {sh, below}}
	}
	widths := [2]float64{nameWidth(s, k), float64(k) * s}
	if !whole {
		widths[0] = widths[1]
	}
	if r.nameOnRevealed(f, t, k, cx, whole, fk, ph, a, spots[:], widths) {
		return
	}
	for pass, wmax := range [4]float64{widths[0], widths[1], widths[0], widths[1]} {
		name := r.fit(t.Name, fk, wmax)
		if name == "…" {
			continue
		}
		w := r.ts.width(fk, name)
		for _, sp := range spots {
			ncx := int(math.Round(cx)) + sp[0]
			x0, y0 := ncx-w/2-4, sp[1]
			b := box{x0, y0, x0 + w + 8, y0 + ph}
			if r.canTake(b, pass/2) {
				if !whole && name != t.Name {
					r.lay.grow = append(r.lay.grow, growName{li: len(r.lay.labels), name: t.Name, cx: ncx, y0: y0})
				}
				r.lay.put(label{kind: labelName, b: b, fk: fk, tx: x0 + 4, ty: y0 + ph/2 + r.ts.capHeight(fk)/2, a: a}, name)
				return
			}
		}
	}
}

// nameOnRevealed places the name plate of t, on the player view with fog,
// over revealed squares only: in a spot of spots slid along its row as
// far as the revealed squares there reach, its name cut to their width.
// A Large token half in fog showed its whole plate over the fogged
// squares while its disc was cut at the fog's edge, and a token beside
// the fog had its plate under it in the fog rather than over it. It
// reports false, placing nothing, off the player view, without fog or
// where no spot has room: the plate is then placed as anywhere, and what
// lies over fog is covered (fogOverLabels).
func (r *Renderer) nameOnRevealed(f *frame, t *model.Token, k int, cx float64, whole bool, fk faceKey, ph int, a float64, spots [][2]int, widths [2]float64) bool {
	if !f.v.Player || !f.hasFog() || f.e.BlockInFog(t.X, t.Y, k) {
		return false
	}
	for pass, wmax := range [2]float64{widths[0], widths[1]} {
		for _, sp := range spots {
			lo, hi, ok := r.revealedRun(f, t.X, k, sp[1], sp[1]+ph)
			if !ok {
				continue
			}
			name := r.fit(t.Name, fk, math.Min(wmax, float64(hi)-float64(lo)-8))
			if name == "…" || name == "" {
				continue
			}
			w := r.ts.width(fk, name)
			ncx := int(math.Round(cx)) + sp[0]
			x0 := min(max(ncx-w/2-4, lo), hi-w-8)
			b := box{x0, sp[1], x0 + w + 8, sp[1] + ph}
			if r.canTake(b, pass) {
				if !whole && name != t.Name {
					// grown later as room allows, over revealed squares
					// (growNames)
					r.lay.grow = append(r.lay.grow, growName{li: len(r.lay.labels), name: t.Name, cx: ncx, y0: sp[1]})
				}
				r.lay.put(label{kind: labelName, b: b, fk: fk, tx: x0 + 4, ty: sp[1] + ph/2 + r.ts.capHeight(fk)/2, a: a}, name)
				return true
			}
		}
	}
	return false
}

// overFog reports whether any of box b lies over a fogged square of the
// player view.
func (r *Renderer) overFog(f *frame, b box) bool {
	if !f.v.Player || !f.hasFog() {
		return false
	}
	g := &f.e.Grid
	i0 := max(int(math.Floor(float64(b.x0)/f.v.Scale+f.v.OriginX)), 0)
	i1 := min(int(math.Ceil(float64(b.x1)/f.v.Scale+f.v.OriginX)), g.W)
	j0 := max(int(math.Floor(float64(b.y0)/f.v.Scale+f.v.OriginY)), 0)
	j1 := min(int(math.Ceil(float64(b.y1)/f.v.Scale+f.v.OriginY)), g.H)
	for j := j0; j < j1; j++ {
		for i := i0; i < i1; i++ {
			if !f.e.Revealed[j*g.W+i] {
				return true
			}
		}
	}
	return false
}

// revealedRun is the pixel span [lo, hi) of the columns revealed in every
// map row the pixel rows [y0, y1) cross, around the revealed column of
// the token's (x to x+k-1) nearest its middle, unbounded on a side where
// it reaches the map's edge; ok is false when none of its columns is, or
// the rows leave the map.
func (r *Renderer) revealedRun(f *frame, x, k, y0, y1 int) (lo, hi int, ok bool) {
	g := &f.e.Grid
	j0 := int(math.Floor(float64(y0)/f.v.Scale + f.v.OriginY))
	j1 := int(math.Ceil(float64(y1)/f.v.Scale + f.v.OriginY))
	if j0 < 0 || j1 > g.H || j0 >= j1 {
		return 0, 0, false
	}
	open := func(i int) bool {
		if i < 0 || i >= g.W {
			return false
		}
		for j := j0; j < j1; j++ {
			if !f.e.Revealed[j*g.W+i] {
				return false
			}
		}
		return true
	}
	c := -1
	for d := 0; d < k && c < 0; d++ { // from the middle out
		for _, i := range [2]int{x + (k-1)/2 - d, x + k/2 + d} {
			if i >= x && i < x+k && open(i) {
				c = i
				break
			}
		}
	}
	if c < 0 {
		return 0, 0, false
	}
	a, b := c, c+1
	for open(a - 1) {
		a--
	}
	for open(b) {
		b++
	}
	// the map's edge bounds no run: a plate there slides as anywhere
	// (canTake's first pass keeps it on the map)
	lo, hi = f.bx(a), f.bx(b)
	if a == 0 {
		lo = math.MinInt32
	}
	if b == g.W {
		hi = math.MaxInt32
	}
	return lo, hi, true
}

func nameFace(s float64) faceKey {
	return faceKey{px: uint8(math.Min(math.Max(math.Round(s*0.26), 10), 24))}
}

// nameWidth is the widest a name plate's text may be.
func nameWidth(s float64, k int) float64 { return math.Max(float64(k)*s*1.6, s*2.2) }

// growNames lengthens the names placed cut, in the order they were
// placed, as far as the room left around them allows (whole, or cut less).
func (r *Renderer) growNames(f *frame) {
	p := &r.lay
	fk := nameFace(f.v.Scale)
	for _, g := range p.grow {
		l := &p.labels[g.li]
		have := l.b.x1 - l.b.x0 - 8
		for _, frac := range [3]float64{1, 0.75, 0.55} {
			wmax := math.Max(nameWidth(f.v.Scale, 1)*frac, float64(have))
			name := r.fit(g.name, fk, wmax)
			w := r.ts.width(fk, name)
			if w <= have {
				break
			}
			x0 := g.cx - w/2 - 4
			b := box{x0, g.y0, x0 + w + 8, l.b.y1}
			if !p.freeBut(b, l.bi) || r.overFog(f, b) && !r.overFog(f, l.b) {
				continue
			}
			// The longer text goes at the end of buf; the old stays unused.
			l.t0 = len(p.buf)
			p.buf = append(p.buf, name...)
			l.t1 = len(p.buf)
			l.b, l.tx = b, x0+4
			p.take(b, l.bi)
			break
		}
	}
}

// conditionSlots are where condition badges sit on a token's rim, in
// order of preference: bottom-left (where players look for them), then
// round the disc.
var conditionSlots = [...][2]float64{{-0.72, 0.72}, {-0.72, -0.72}, {0.72, 0.72}, {0.72, -0.72}, {-1, 0}, {1, 0}, {0, 1}, {0, -1}}

// layoutConditions places a badge per condition of token i on its rim:
// the whole condition when it fits the token's width, else its short form
// ("frightened 2" -> "Fr2"). Below minCondScale the token shows a dot.
func (r *Renderer) layoutConditions(f *frame, i int) {
	s := f.v.Scale
	t := &f.e.Tokens[i]
	k := f.e.Space(t)
	if len(t.Conditions) == 0 {
		return
	}
	lk := r.looks[i]
	cx, cy, rad := r.lookDisc(f, t, lk)
	a := 1.0
	if t.Hidden {
		a = 0.45
	}
	placed := 0
	defer func() {
		if placed == 0 && rad >= 3 {
			r.lay.dots = append(r.lay.dots, condDot{cx - rad*0.72, cy + rad*0.72, math.Max(1.5, rad*0.2), a})
		}
	}()
	if s < minCondScale {
		return
	}
	px := int(math.Min(math.Max(math.Round(s*0.22), 8), 16))
	fk := faceKey{px: uint8(px), bold: true}
	rp := r.rimPlace(f, t, lk, cx, cy, rad, px+4)
	rp.self = i
	want := 0
	for _, c := range t.Conditions {
		if w, ok := model.ConditionText[c]; ok {
			c = w // the books' words, not the file's name: "taken cover"
		}
		r.num = appendShortCondition(r.num[:0], c)
		short := bytesStr(r.num)
		txts := [2]string{c, short}
		if r.ts.width(fk, c)+6 > int(float64(k)*s) {
			txts[0] = short // the whole word only where it fits the token
		}
		if short != "" {
			want++
		}
		for _, txt := range txts {
			if txt == "" {
				continue
			}
			rp.w = r.ts.width(fk, txt) + 6
			if b, by, ok := r.rimFind(&rp, conditionSlots[:], false); ok {
				r.lay.put(label{kind: labelCondition, b: b, fk: fk, tx: b.x0 + 4, ty: by + r.ts.capHeight(fk)/2, a: a, of: i + 1}, txt)
				placed++
				break
			}
		}
	}
	if placed > 0 && placed < want {
		// some badges found no room: the dot that says "conditions not
		// shown here" goes beside the badges that did, where it fits
		dr := math.Max(1.5, rad*0.2)
		d := int(math.Ceil(2 * (dr + 1)))
		dp := r.rimPlace(f, t, lk, cx, cy, rad, d)
		dp.self = i
		dp.w = d
		if b, _, ok := r.rimFind(&dp, conditionSlots[:], false); ok {
			r.lay.take(b, len(r.lay.boxes))
			r.lay.dots = append(r.lay.dots, condDot{float64(b.x0+b.x1) / 2, float64(b.y0+b.y1) / 2, dr, a})
		}
	}
}

// elevationSlots are where an elevation tag sits on a token's rim, in
// order of preference: top right, top left, right, left, top, then the
// bottom (right, left, middle), which a neighbour's tag above leaves free.
var elevationSlots = [...][2]float64{{0.72, -0.72}, {-0.72, -0.72}, {1, 0}, {-1, 0}, {0, -1}, {0.72, 0.72}, {-0.72, 0.72}, {0, 1}}

// layoutElevation places token t's elevation tag ("+15 ft", "-10 ft") on
// its rim when it is off the ground; below minCondScale the shadow alone
// tells it. It is placed before any name or badge (layout), and where no
// slot is free it may cover the initials or a warning mark rather than be
// left out: only other tags can keep it off the map, in a crowd of tokens
// in the air at a small zoom.
func (r *Renderer) layoutElevation(f *frame, i int) {
	s := f.v.Scale
	t := &f.e.Tokens[i]
	if t.Elevation == 0 || s < minCondScale {
		return
	}
	lk := r.looks[i]
	cx, cy, rad := r.lookDisc(f, t, lk) // a flyer stacked over a creature: round its own disc
	a := 1.0
	if t.Hidden {
		a = 0.45
	}
	px := int(math.Min(math.Max(math.Round(s*0.22), 8), 16))
	fk := faceKey{px: uint8(px), bold: true}
	rp := r.rimPlace(f, t, lk, cx, cy, rad, px+4) // before the text: it uses r.num
	rp.self = i
	r.num = r.num[:0]
	if t.Elevation > 0 {
		r.num = append(r.num, '+')
	}
	r.num = strconv.AppendInt(r.num, int64(t.Elevation), 10)
	r.num = append(r.num, " ft"...)
	txt := bytesStr(r.num)
	rp.w = r.ts.width(fk, txt) + 6
	if b, by, ok := r.rimFind(&rp, elevationSlots[:], true); ok {
		r.lay.put(label{kind: labelElevation, b: b, fk: fk, tx: b.x0 + 4, ty: by + r.ts.capHeight(fk)/2, a: a, of: i + 1}, txt)
	}
}

// rimSpot is a badge looking for its place on a token's rim: the disc,
// the badge's size, and the token's initials, which it keeps off.
type rimSpot struct {
	cx, cy, rad float64
	w, ph       int     // the badge's text box (its outline adds 1 a side)
	iw, ih      float64 // half the initials' box, 0 without initials
	clearY      float64 // the least distance up or down of the badge's centre
	self        int     // the token whose badge it is, kept off the others' fills (clearOfTokens)
	x, y, k     int     // its space
	tiny        bool    // a Tiny creature's in a corner of its square
}

// rimPlace starts the search for a badge ph pixels high on the rim of
// token t drawn with look lk. It overwrites r.num (the initials are
// measured there).
func (r *Renderer) rimPlace(f *frame, t *model.Token, lk tokenLook, cx, cy, rad float64, ph int) rimSpot {
	p := rimSpot{cx: cx, cy: cy, rad: rad, ph: ph, self: -1, x: t.X, y: t.Y, k: f.e.Space(t), tiny: lk.tiny}
	if b, ok := r.initialsBoxLooks(f, t, t.X, t.Y, lk); ok {
		p.iw, p.ih = float64(b.x1-b.x0)/2, float64(b.y1-b.y0)/2
	}
	p.clearY = p.ih + 1 + float64(ph)/2 + 1
	return p
}

// at is the box of the badge centred on slot sl of the rim, moved (sx,
// sy) pixels, and its centre's y. A corner slot keeps above or below the
// initials, a side slot beside them, the top and bottom above and below.
func (p *rimSpot) at(sl [2]float64, sx, sy int) (box, int) {
	dx, dy := sl[0]*p.rad, sl[1]*p.rad
	if sl[1] != 0 {
		dy = math.Copysign(math.Max(math.Abs(dy), p.clearY), dy)
	} else {
		dx = math.Copysign(math.Max(math.Abs(dx), p.iw+1+float64(p.w)/2+1), dx)
	}
	bx, by := int(math.Round(p.cx+dx))+sx, int(math.Round(p.cy+dy))+sy
	return box{bx - p.w/2 - 1, by - p.ph/2 - 1, bx - p.w/2 + p.w + 1, by - p.ph/2 + p.ph + 1}, by
}

// rimFind finds the first free place on the rim for the badge: each slot
// on the map, then each anywhere (canTake's two passes); then the sides
// slid up and down, and the top and bottom sideways, 2 px at a time up
// to the corners, nearest first (a neighbour's badge or name often leaves
// room just beside a slot); then, with overMarks, a slot where it covers
// no label, only marks. O(slots x radius) checks at worst.
func (r *Renderer) rimFind(p *rimSpot, slots [][2]float64, overMarks bool) (box, int, bool) {
	n := len(slots)
	for i := range 2 * n {
		if b, by := p.at(slots[i%n], 0, 0); r.canTake(b, i/n) && r.offOthers(p, b) {
			return b, by, true
		}
	}
	for d := 2; d <= int(p.rad*0.72); d += 2 {
		for _, sl := range slots {
			if sl[0] != 0 && sl[1] != 0 {
				continue // the corners stay: slid, they would be the sides'
			}
			for _, m := range [2]int{d, -d} {
				sx, sy := 0, m // a side slides up and down
				if sl[0] == 0 {
					sx, sy = m, 0 // the top and bottom sideways
				}
				if b, by := p.at(sl, sx, sy); r.lay.free(b) && r.offOthers(p, b) {
					return b, by, true
				}
			}
		}
	}
	if overMarks {
		for _, sl := range slots {
			if b, by := p.at(sl, 0, 0); r.lay.freeOfLabels(b) {
				return b, by, true
			}
		}
	}
	return box{}, 0, false
}

// offOthers reports whether badge box b of rim spot p keeps off the
// other tokens' fills (p.self < 0: need not).
func (r *Renderer) offOthers(p *rimSpot, b box) bool {
	return p.self < 0 || r.lay.clearOfTokens(b, p)
}

// appendShortCondition appends the short form of condition c: the
// initials of a name of several words ("cannot-act" -> "CA"), the first
// two letters of one word ("prone" -> "Pr"), then its value
// ("frightened 2" -> "Fr2").
func appendShortCondition(dst []byte, c string) []byte {
	words, letters := 0, 0
	for i, w := 0, 0; i < len(c); i = w {
		for i < len(c) && isSep(c[i]) {
			i++
		}
		w = i
		for w < len(c) && !isSep(c[w]) {
			w++
		}
		if i < w && !isNumber(c[i:w]) {
			words++
			letters = utf8.RuneCountInString(c[i:w])
		}
	}
	n := 0
	for i, w := 0, 0; i < len(c); i = w {
		for i < len(c) && isSep(c[i]) {
			i++
		}
		w = i
		for w < len(c) && !isSep(c[w]) {
			w++
		}
		word := c[i:w]
		switch {
		case word == "":
		case isNumber(word):
			dst = append(dst, word...)
		case words == 1 && n == 0:
			j := 0
			for _, ch := range word {
				if j == 0 {
					ch = unicode.ToUpper(ch)
				}
				dst = utf8.AppendRune(dst, ch)
				if j++; j == min(2, letters) {
					break
				}
			}
			n++
		case n < 3:
			ch, _ := utf8.DecodeRuneInString(word)
			dst = utf8.AppendRune(dst, unicode.ToUpper(ch))
			n++
		}
	}
	return dst
}

func isSep(b byte) bool { return b == ' ' || b == '-' || b == '_' }

func isNumber(w string) bool {
	if w == "" {
		return false
	}
	for i := 0; i < len(w); i++ {
		if (w[i] < '0' || w[i] > '9') && !(i == 0 && (w[i] == '+' || w[i] == '-')) {
			return false
		}
	}
	return true
}

// layoutCost places path step i's running cost (the last one with its
// unit, and for a flight that ends at another height than the token's,
// that height: "30 ft · 25 ft up"): under its centre, else over, right or
// left of it.
func (r *Renderer) layoutCost(f *frame, i int) {
	o := f.o
	s := f.v.Scale
	st := o.Path.Steps[i]
	k := f.e.Space(&f.e.Tokens[o.PathFrom])
	cx, cy, half := r.spaceCentre(f, st.X, st.Y, k)
	last := i == len(o.Path.Steps)-1
	r.num = strconv.AppendInt(r.num[:0], int64(st.Total), 10)
	if last && o.Units != "" {
		r.num = append(r.num, ' ')
		r.num = append(r.num, o.Units...)
	}
	if last && o.Path.Fly && st.Z != f.e.Tokens[o.PathFrom].Elevation {
		r.num = append(r.num, " · "...)
		r.num = appendHeight(r.num, st.Z)
	}
	lbl := bytesStr(r.num)
	pxs := int(math.Min(math.Max(math.Round(s*0.24), 10), 24))
	fk := faceKey{px: uint8(pxs), bold: last}
	tw := r.ts.width(fk, lbl)
	ph := pxs + 4
	w := tw + 8 // the tag and its outline
	icx, icy := int(math.Round(cx)), int(math.Round(cy))
	off := int(math.Round(half * 0.3))
	far := int(half) + 2 // out of the step's square (and a hover outline round it)
	cands := [8][2]int{
		{icx - tw/2 - 4, int(math.Round(cy+half*0.3)) - 1}, // under the centre
		{icx - tw/2 - 4, icy - off - ph - 1},               // over it
		{icx + off, icy - ph/2 - 1},                        // right of it
		{icx - off - w, icy - ph/2 - 1},                    // left of it
		{icx - tw/2 - 4, icy + far},                        // the same, further out
		{icx - tw/2 - 4, icy - far - ph - 2},
		{icx + far, icy - ph/2 - 1},
		{icx - far - w, icy - ph/2 - 1},
	}
	r.placeTag(labelPathCost, cands[:], w, ph, fk, lbl, last)
}

// placeTag puts a tag of w x (ph+2) pixels with text at the first of the
// candidate top-left corners it can take (a second round may cover marks);
// with always, a tag that found no room still goes where it covers no other
// label (the path total and the ruler's: always shown).
func (r *Renderer) placeTag(kind labelKind, cands [][2]int, w, ph int, fk faceKey, text string, always bool) {
	put := func(b box) {
		r.lay.put(label{kind: kind, b: b, fk: fk, tx: b.x0 + 4, ty: b.y0 + 1 + ph/2 + r.ts.capHeight(fk)/2, a: 1}, text)
	}
	for i := range 2 * len(cands) {
		at := cands[i%len(cands)]
		if b := (box{at[0], at[1], at[0] + w, at[1] + ph + 2}); r.canTake(b, i/len(cands)) {
			put(b)
			return
		}
	}
	if always {
		for _, at := range cands {
			if b := (box{at[0], at[1], at[0] + w, at[1] + ph + 2}); r.lay.freeOfLabels(b) {
				put(b)
				return
			}
		}
	}
}

// layoutRuler places ruler leg i's label beside the square it ends on
// (under, over, right, left, then further out); the last leg's, which
// carries the total, is always shown, over a mark if it must.
func (r *Renderer) layoutRuler(f *frame, i int) {
	o := f.o
	lg := &o.Ruler[i]
	if lg.Label == "" || !f.e.Grid.In(lg.To.X, lg.To.Y) {
		return
	}
	s := f.v.Scale
	last := i == len(o.Ruler)-1
	cx, cy, half := r.spaceCentre(f, lg.To.X, lg.To.Y, 1)
	pxs := int(math.Min(math.Max(math.Round(s*0.24), 10), 24))
	fk := faceKey{px: uint8(pxs), bold: last}
	tw := r.ts.width(fk, lg.Label)
	ph := pxs + 4
	w := tw + 8
	icx, icy := int(math.Round(cx)), int(math.Round(cy))
	far := int(half) + 2
	cands := [6][2]int{
		{icx - tw/2 - 4, icy + far},          // under the square
		{icx - tw/2 - 4, icy - far - ph - 2}, // over it
		{icx + far, icy - ph/2 - 1},          // right of it
		{icx - far - w, icy - ph/2 - 1},      // left of it
		{icx - tw/2 - 4, icy + far + ph + 2}, // further out
		{icx - tw/2 - 4, icy - far - 2*ph - 4},
	}
	r.placeTag(labelRuler, cands[:], w, ph, fk, lg.Label, last)
}

// layoutOffGuard places what a flanked foe is, in the ruleset's words,
// over each one (under it when the top is taken): "off-guard" in sf2e,
// "flanked" in pf1e, which has no off-guard condition (the plate said
// "off-guard" there while the panel said "Flanked:"). At small zoom the
// foe gets a ring instead, drawn with the flanking lines.
func (r *Renderer) layoutOffGuard(f *frame) {
	o := f.o
	s := f.v.Scale
	if s < 20 || len(o.Flanks) == 0 {
		return
	}
	word := rules.Describe(f.e.Ruleset).Words.Flanked
	for i, fl := range o.Flanks {
		if !r.tokenOK(f, fl.Target) || firstFlank(o.Flanks, i) != i {
			continue
		}
		cx, cy, half := r.centre(f, fl.Target)
		px := int(math.Min(math.Max(math.Round(s*0.24), 9), 24))
		fk := faceKey{px: uint8(px), bold: true}
		w := r.ts.width(fk, word)
		ph := px + 6
		x0 := int(math.Round(cx)) - w/2 - 5
		for _, y0 := range [2]int{int(math.Round(cy-half)) - ph/2, int(math.Round(cy+half)) - ph/2} {
			b := box{x0 - 1, y0 - 1, x0 + w + 11, y0 + ph + 1}
			if r.lay.free(b) {
				r.lay.put(label{kind: labelOffGuard, b: b, fk: fk, tx: x0 + 5, ty: y0 + ph/2 + r.ts.capHeight(fk)/2, a: 1}, word)
				break
			}
		}
	}
}

// firstFlank is the index of the first flank of fls with fls[i]'s target.
func firstFlank(fls []rules.Flank, i int) int {
	for j := range fls[:i] {
		if fls[j].Target == fls[i].Target {
			return j
		}
	}
	return i
}

// diamond fills the square of half-diagonal h centred at (cx, cy),
// standing on a corner.
func (r *Renderer) diamond(cx, cy, h float64, c rgba) {
	r.triangle(cx-h, cy, cx, cy-h, cx+h, cy, c)
	r.triangle(cx-h, cy, cx+h, cy, cx, cy+h, c)
}

// coverDot is the colour of a cover too small for its letter (a diamond): graded
// light to dark (lesser, standard, greater) so it reads in grey too, and
// blocked vermillion.
var coverDot = [5]rgba{colWhite, colSky, colBlue, colInk, colVerm}

// layoutCover places a badge for each cover line with cover: its letter in
// a disc on the line near the covered token (nearer, farther, at the
// line's middle, or beside the line), else, or at small zoom, a coloured
// dot without a letter at the same places; else it is left out.
func (r *Renderer) layoutCover(f *frame) {
	o := f.o
	s := f.v.Scale
	if !r.tokenOK(f, o.Selected) {
		return
	}
	for _, c := range o.Cover {
		if c.Cover == rules.CoverNone || c.Cover > rules.CoverBlocked || !r.tokenOK(f, c.To) {
			continue
		}
		from := o.Selected
		if r.tokenOK(f, c.From) {
			from = c.From
		}
		ax, ay, _ := r.centre(f, from)
		bx, by, br := r.centre(f, c.To)
		dx, dy := ax-bx, ay-by
		l := math.Hypot(dx, dy)
		if l < 1 {
			continue
		}
		ux, uy := dx/l, dy/l
		kinds := [2]labelKind{labelCover, labelCoverDot}
		if s < minCoverScale {
			kinds[0] = labelCoverDot
		}
		done := false
		for _, kind := range kinds {
			rad := math.Max(6.5, s*0.2)
			var fk faceKey
			if kind == labelCover {
				fk = faceKey{px: uint8(math.Min(math.Round(rad*1.2), 48)), bold: true}
				if fk.px < minLetterPx {
					continue // never a disc without its letter
				}
			} else {
				rad = math.Max(2.5, s*0.12)
			}
			edge := 1.5
			d0 := math.Min(br*0.75+rad, l/2)
			for _, at := range [6][2]float64{{d0, 0}, {math.Min(br+rad+edge+1, l/2), 0}, {l / 2, 0}, {d0, rad * 2.2}, {d0, -rad * 2.2}, {br * 0.5, 0}} {
				px, py := bx+ux*at[0]-uy*at[1], by+uy*at[0]+ux*at[1]
				e := rad + edge
				b := box{int(math.Floor(px - e)), int(math.Floor(py - e)), int(math.Ceil(px + e)), int(math.Ceil(py + e))}
				if !r.lay.free(b) {
					continue
				}
				l := label{kind: kind, b: b, fk: fk, cx: px, cy: py, rad: rad, cover: c.Cover, a: 1}
				txt := ""
				if kind == labelCover {
					txt = coverLetter(f.e.Ruleset, c.Cover)
					l.tx = int(math.Round(px)) - r.ts.width(fk, txt)/2
					l.ty = int(math.Round(py)) + r.ts.capHeight(fk)/2
				}
				r.lay.put(l, txt)
				done = true
				break
			}
			if done {
				break
			}
		}
	}
}

// drawLabels draws the placed labels of the "over" layer (over) or of the
// tokens layer (!over, with the condition dots).
func (r *Renderer) drawLabels(over bool) {
	if !over {
		for _, d := range r.lay.dots {
			r.disc(d.x, d.y, d.r+1, colWhite.alpha(d.a))
			r.disc(d.x, d.y, d.r, colInk.alpha(d.a))
		}
	}
	for i := range r.lay.labels {
		l := &r.lay.labels[i]
		if l.kind.over() != over || l.b.x1 <= 0 || l.b.y1 <= 0 || l.b.x0 >= r.cv.w || l.b.y0 >= r.cv.h {
			continue
		}
		txt := r.lay.text(l)
		b := l.b
		switch l.kind {
		case labelName:
			r.roundRect(b.x0, b.y0, b.x1, b.y1, 3, colInk.alpha(0.8*l.a))
			r.text(l.fk, l.tx, l.ty, txt, colWhite.alpha(l.a))
		case labelCondition:
			r.roundRect(b.x0, b.y0, b.x1, b.y1, 4, colWhite.alpha(l.a))
			r.roundRect(b.x0+1, b.y0+1, b.x1-1, b.y1-1, 3, colInk.alpha(l.a))
			r.text(l.fk, l.tx, l.ty, txt, colWhite.alpha(l.a))
		case labelElevation:
			r.roundRect(b.x0, b.y0, b.x1, b.y1, 4, colInk.alpha(l.a))
			r.roundRect(b.x0+1, b.y0+1, b.x1-1, b.y1-1, 3, colSky.alpha(l.a))
			r.text(l.fk, l.tx, l.ty, txt, colInk.alpha(l.a))
		case labelPathCost:
			r.roundRect(b.x0, b.y0, b.x1, b.y1, 3, colInk)
			r.roundRect(b.x0+1, b.y0+1, b.x1-1, b.y1-1, 2, colWhite)
			r.text(l.fk, l.tx, l.ty, txt, colInk)
		case labelCover:
			fill, ink := colWhite, colInk
			if l.cover == rules.CoverBlocked {
				fill, ink = colVerm.mix(colInk, 0.15), colWhite
			}
			r.disc(l.cx, l.cy, l.rad+1.5, colInk)
			r.disc(l.cx, l.cy, l.rad, fill)
			r.text(l.fk, l.tx, l.ty, txt, ink)
		case labelCoverDot:
			// a diamond, so it reads as neither a token nor a path step
			r.diamond(l.cx, l.cy, l.rad+1.5, colWhite)
			r.diamond(l.cx, l.cy, l.rad+0.5, colInk)
			r.diamond(l.cx, l.cy, l.rad-0.5, coverDot[l.cover])
		case labelArea:
			r.roundRect(b.x0, b.y0, b.x1, b.y1, 4, colInk)
			r.roundRect(b.x0+1, b.y0+1, b.x1-1, b.y1-1, 3, areaCol[int(l.hue)%len(areaCol)].mix(colWhite, 0.55))
			r.text(l.fk, l.tx, l.ty, txt, colInk)
		case labelRuler:
			r.roundRect(b.x0, b.y0, b.x1, b.y1, 3, colInk)
			r.roundRect(b.x0+1, b.y0+1, b.x1-1, b.y1-1, 2, colYellow)
			r.text(l.fk, l.tx, l.ty, txt, colInk)
		case labelOffGuard:
			r.roundRect(b.x0, b.y0, b.x1, b.y1, 4, colWhite)
			r.roundRect(b.x0+1, b.y0+1, b.x1-1, b.y1-1, 3, colPurple.mix(colInk, 0.35))
			r.text(l.fk, l.tx, l.ty, txt, colWhite)
		}
	}
}

// appendHeight words an elevation as the status bar does: "15 ft up",
// "10 ft down", "on the ground".
func appendHeight(b []byte, feet int) []byte {
	switch {
	case feet > 0:
		return append(strconv.AppendInt(b, int64(feet), 10), " ft up"...)
	case feet < 0:
		return append(strconv.AppendInt(b, int64(-feet), 10), " ft down"...)
	}
	return append(b, "on the ground"...)
}
