package render

import (
	"math"
	"unicode"
	"unicode/utf8"

	"encounterplanner/model"
	"encounterplanner/rules"
)

// SideColor is the colour of a side: party blue, enemy vermillion, neutral
// grey, any other side one of the remaining Okabe-Ito colours chosen by a
// stable hash of its name (the same side always gets the same colour).
func SideColor(side string) (r, g, b uint8) {
	c := sideColor(side)
	return c.r, c.g, c.b
}

var otherSides = [...]rgba{colOrange, colGreen, colPurple, colSky, colYellow}

func sideColor(side string) rgba {
	switch side {
	case "party":
		return colBlue
	case "enemy":
		return colVerm
	case "", model.Neutral:
		return colNeutral
	}
	h := uint32(2166136261)
	for i := 0; i < len(side); i++ {
		h = (h ^ uint32(side[i])) * 16777619
	}
	return otherSides[h%uint32(len(otherSides))]
}

// TokenColor parses a token's colour, "#rrggbb", as 0xRRGGBB; false when
// it has none (or it is not one), and the side's colour applies.
func TokenColor(s string) (uint32, bool) {
	if !model.ValidColor(s) {
		return 0, false
	}
	var v uint32
	for _, c := range s[1:] {
		d := uint32(c - '0')
		if c >= 'a' {
			d = uint32(c-'a') + 10
		}
		v = v<<4 | d
	}
	return v, true
}

func light(c rgba) bool {
	return 299*int(c.r)+587*int(c.g)+114*int(c.b) > 160000
}

var bandCol = [4]rgba{colBlue, colBlue, colGreen, colOrange}

func (r *Renderer) ensureMark(f *frame) {
	n := f.e.Grid.W * f.e.Grid.H
	if cap(r.mark) < n {
		r.mark = make([]uint8, n)
	}
	r.mark = r.mark[:n]
}

// under draws the overlays that belong beneath the tokens: threat, reach,
// flank spots, cover and flank lines.
func (r *Renderer) under(f *frame) {
	o := f.o
	cv := &r.cv
	e := f.e
	g := &e.Grid
	s := f.v.Scale
	if len(o.Threat) > 0 {
		r.ensureMark(f)
		for _, p := range o.Threat {
			if !g.In(p.X, p.Y) || r.mark[p.Y*g.W+p.X]&1 != 0 || !r.visible(f, p.X, p.Y, 1) {
				continue
			}
			r.mark[p.Y*g.W+p.X] |= 1
			x0, y0, x1, y1 := f.sq(p.X, p.Y, 1)
			x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, cv.w), min(y1, cv.h)
			r.p.Stripes(float64(x0), float64(y0), float64(x1), float64(y1), 8, 2, colVerm.alpha(0.16).n(), colVerm.alpha(0.5).n())
		}
		for _, p := range o.Threat {
			if g.In(p.X, p.Y) {
				r.mark[p.Y*g.W+p.X] = 0
			}
		}
	}
	if len(o.Areas) > 0 {
		r.areas(f)
	}
	if len(o.Reach) > 0 {
		r.reach(f)
	}
	for _, p := range o.FlankSpots {
		if !g.In(p.X, p.Y) || !r.visible(f, p.X, p.Y, 1) {
			continue
		}
		x0, y0, x1, y1 := f.sq(p.X, p.Y, 1)
		cx, cy := float64(x0+x1)/2, float64(y0+y1)/2
		rad := s * 0.3
		w := math.Max(1.5, s/16)
		r.ring(cx, cy, rad+w/2, rad-w/2, colPurple.mix(colInk, 0.2))
		r.disc(cx, cy, math.Max(1.5, s*0.07), colPurple.mix(colInk, 0.2))
	}
	// Cover and flank lines go under the tokens so names stay readable.
	if r.tokenOK(f, o.Selected) {
		for _, c := range o.Cover {
			if !r.tokenOK(f, c.To) {
				continue
			}
			from := o.Selected
			if r.tokenOK(f, c.From) {
				from = c.From
			}
			fx, fy, _ := r.centre(f, from)
			bx, by, _ := r.centre(f, c.To)
			w := math.Max(1.5, s/22)
			switch c.Cover {
			case rules.CoverNone:
				r.line(fx, fy, bx, by, math.Max(1, w*0.7), colInk.alpha(0.25), 0)
			case rules.CoverBlocked:
				r.line(fx, fy, bx, by, w, colVerm.mix(colInk, 0.2).alpha(0.8), math.Max(4, s/6))
			default:
				r.line(fx, fy, bx, by, w+2, colWhite.alpha(0.6), 0)
				r.line(fx, fy, bx, by, w, colInk.alpha(0.75), 0)
			}
		}
	}
}

// tokenOK reports whether token i exists and is shown in this view.
func (r *Renderer) tokenOK(f *frame, i int) bool {
	if i < 0 || i >= len(f.e.Tokens) || f.v.NoTokens {
		return false
	}
	t := &f.e.Tokens[i]
	return !(f.v.Player && (t.Hidden || f.hiddenByFog(t.X, t.Y, f.e.Space(t))))
}

// centre returns the pixel centre of token i's space and its radius.
func (r *Renderer) centre(f *frame, i int) (x, y, rad float64) {
	t := &f.e.Tokens[i]
	return r.spaceCentre(f, t.X, t.Y, f.e.Space(t))
}

func (r *Renderer) spaceCentre(f *frame, x, y, k int) (cx, cy, rad float64) {
	return f.spaceCentreF(x, y, k)
}

func (f *frame) spaceCentreF(x, y, k int) (cx, cy, rad float64) {
	x0, y0, x1, y1 := f.sq(x, y, k)
	return float64(x0+x1) / 2, float64(y0+y1) / 2, float64(x1-x0) / 2
}

func unit(dx, dy int) (float64, float64) {
	l := math.Hypot(float64(dx), float64(dy))
	return float64(dx) / l, float64(dy) / l
}

// arrow draws a line from (x0,y0) to (x1,y1) with a head at (x1,y1).
func (r *Renderer) arrow(x0, y0, x1, y1, w float64, c rgba) {
	dx, dy := x1-x0, y1-y0
	l := math.Hypot(dx, dy)
	if l < 1 {
		return
	}
	ux, uy := dx/l, dy/l
	h := math.Max(3, w*3)
	r.line(x0, y0, x1-ux*h*0.8, y1-uy*h*0.8, w, c, 0)
	r.triangle(x1, y1, x1-ux*h-uy*h*0.6, y1-uy*h+ux*h*0.6, x1-ux*h+uy*h*0.6, y1-uy*h-ux*h*0.6, c)
}

// discRadii are the radius of a token's disc whose space's half side is
// half pixels at scale s, and the width of its side's ring.
func discRadii(s, half float64) (rad, ringW float64) {
	rad = max(MinTokenRadius, naturalRadius(s, half))
	return rad, math.Max(1.5, rad*0.12)
}

// naturalRadius is the radius of a disc in a space half units across at
// scale s: its half less a margin. Below MinTokenRadius the disc is drawn
// as a dot that size: a whole 1000 x 1000 map in the window is under a
// pixel a square, and its tokens drew nothing.
func naturalRadius(s, half float64) float64 { return half - math.Max(1, s*0.07) }

// MinTokenRadius is the least radius of a token's disc, in pixels (the
// editor picks a token by its dot within it).
const MinTokenRadius = 3

// tokens draws every token shown in the view in the frame's order (the
// lowest first, the selected one last at its height: stack), each with
// its look.
func (r *Renderer) tokens(f *frame) {
	sel := -1
	if f.o != nil {
		sel = f.o.Selected
	}
	r.prefetchPortraits(f)
	for _, i := range r.order {
		t := &f.e.Tokens[i]
		r.tokenLooks(f, t, t.X, t.Y, 1, int(i) == sel, r.looks[i])
	}
}

// token draws t with its space's top-left at (x, y), alpha scaled by a.
func (r *Renderer) token(f *frame, t *model.Token, x, y int, a float64, selected bool) {
	r.tokenLooks(f, t, x, y, a, selected, tokenLook{})
}

// tokenLooks draws t as token does, its disc as lk draws it (stacked over
// another token: stack.go).
func (r *Renderer) tokenLooks(f *frame, t *model.Token, x, y int, a float64, selected bool, lk tokenLook) {
	k := f.e.Space(t)
	if !r.visible(f, x, y, k) {
		return
	}
	s := f.v.Scale
	cx, cy, half := r.spaceCentre(f, x, y, k)
	rad, ringW := discRadii(s, half)
	icx, icy, irad := lk.initialsAt(cx, cy, rad)
	if lk.scale != 0 {
		cx, cy, rad = lk.apply(cx, cy, rad)
		ringW = math.Max(1.5, rad*0.12)
	}
	if t.Hidden {
		a *= 0.45
	}
	// The disc in the token's own colour when it has one; the ring always
	// says the side.
	side := sideColor(t.SideOrNeutral())
	fill := side
	if c, ok := TokenColor(t.Color); ok {
		fill = hex(c)
	}
	if t.Has(model.CondUnconscious) {
		fill, side = fill.mix(hex(0x9A9A9A), 0.55), side.mix(hex(0x9A9A9A), 0.55)
	}
	ring := side.mix(colInk, 0.5)
	if t.Elevation > 0 && rules.Describe(f.e.Ruleset).Elevation {
		// Off the ground: its shadow falls on its square, further from
		// the disc the higher it flies (up to a fifth of its space).
		// Starship and points keep a height from another ruleset but
		// ignore it: no shadow there.
		off := math.Min(float64(k)*s*0.2, math.Max(3, float64(t.Elevation)/float64(f.e.Feet())*s*0.06))
		if lk.scale != 0 {
			off = math.Min(off, rad*0.25) // stacked: on the creature under it, not over its initials
		}
		r.disc(cx+off, cy+off, rad*0.92, colInk.alpha(0.4*a))
	}
	if selected {
		r.ring(cx, cy, rad+math.Max(3, s*0.08), rad-1, colYellow.alpha(a))
	} else if naturalRadius(s, half) >= MinTokenRadius {
		// a drop shadow; a disc drawn larger than its square, a dot at
		// the least size, has none (a fitted 250 x 250 map draws 200 of
		// them every frame of a drag: 2.3 ms a move with shadows, 1.7
		// without, in BenchmarkDragOverlays)
		r.disc(cx+1, cy+1.5, rad, colInk.alpha(0.35*a))
	}
	r.disc(cx, cy, rad, ring.alpha(a))
	r.disc(cx, cy, rad-ringW, fill.alpha(a))
	if t.Hidden {
		// A dashed white ring says "hidden" by shape, not only by fading.
		for d := 0; d < 12; d += 2 {
			a0, a1 := float64(d)*math.Pi/6, float64(d+1)*math.Pi/6
			r.line(cx+math.Cos(a0)*(rad-ringW/2), cy+math.Sin(a0)*(rad-ringW/2), cx+math.Cos(a1)*(rad-ringW/2), cy+math.Sin(a1)*(rad-ringW/2), math.Max(1, ringW*0.6), colWhite.alpha(0.9), 0)
		}
	}
	ink := colWhite
	if light(fill) {
		ink = colInk
	}
	inner := rad - ringW
	pp, canPortrait := r.p.(PortraitPainter)
	if img := r.portraitOf(t.Image); img != nil && canPortrait && inner >= 3 {
		// The portrait inside the side's ring; greyed when unconscious.
		pp.Portrait(cx, cy, inner, a, img)
		if t.Has(model.CondUnconscious) {
			r.disc(cx, cy, inner, hex(0x9A9A9A).alpha(0.55*a))
		}
	} else if fk, ok := initialsFace(irad); ok {
		// Initials (or the whole short name) inside the disc, or in what
		// a token stacked over it leaves of it.
		lbl := r.initials(t.Name, fk, (irad-math.Max(1.5, irad*0.12))*1.6)
		r.textCentered(fk, int(math.Round(icx)), int(math.Round(icy)), lbl, ink.alpha(a))
	}
	if x0, y0, x1, y1, ok := hpGeom(f, t, x, y, lk); ok {
		// HP, for the GM: a bar across the lower disc, its filled length
		// the share left (colour repeats it: green, orange, vermillion).
		frac := clamp01(float64(t.HP.Current) / float64(t.HP.Max))
		c := colGreen
		switch {
		case frac <= 0.25:
			c = colVerm
		case frac <= 0.5:
			c = colOrange
		}
		r.rect(int(x0), int(y0), int(x1), int(y1), colInk.alpha(a))
		r.rect(int(x0)+1, int(y0)+1, int(x1)-1, int(y1)-1, colWhite.alpha(a))
		if fw := int(math.Round(frac * (x1 - x0 - 2))); fw > 0 {
			r.rect(int(x0)+1, int(y0)+1, int(x0)+1+fw, int(y1)-1, c.alpha(a))
		}
	}
	if f.e.Ruleset == model.Starship {
		ux, uy := unit(model.Dir[t.Facing%8][0], model.Dir[t.Facing%8][1])
		tip := rad + math.Max(2, rad*0.12)
		bl := rad * 0.55
		wd := math.Max(3, rad*0.32)
		r.triangle(cx+ux*(tip+1.5), cy+uy*(tip+1.5), cx+ux*bl-uy*(wd+1.5), cy+uy*bl+ux*(wd+1.5), cx+ux*bl+uy*(wd+1.5), cy+uy*bl-ux*(wd+1.5), colInk.alpha(a))
		r.triangle(cx+ux*tip, cy+uy*tip, cx+ux*(bl+1)-uy*wd, cy+uy*(bl+1)+ux*wd, cx+ux*(bl+1)+uy*wd, cy+uy*(bl+1)-ux*wd, colWhite.alpha(a))
	}
}

// initials returns the name if it is short and fits in w pixels, else its
// initials (first letter of up to three words, numbers whole: "Goblin 12"
// -> "G12"; one word: its first two letters), cut to fit. The result may
// live in r.num.
func (r *Renderer) initials(name string, fk faceKey, w float64) string {
	if float64(r.ts.width(fk, name)) <= w && utf8.RuneCountInString(name) <= 4 {
		return name
	}
	r.num = r.num[:0]
	words := 0
	start := true
	for _, c := range name {
		sep := c == ' ' || c == '-' || c == '_'
		switch {
		case sep:
			start = true
		case start && words < 3:
			r.num = utf8.AppendRune(r.num, unicode.ToUpper(c))
			words++
			start = false
		case !start && unicode.IsDigit(c) && len(r.num) > 0 && unicode.IsDigit(lastRune(r.num)):
			r.num = utf8.AppendRune(r.num, c)
		}
	}
	if words == 1 {
		r.num = r.num[:0]
		n := 0
		for _, c := range name {
			if n == 2 {
				break
			}
			r.num = utf8.AppendRune(r.num, c)
			n++
		}
	}
	s := bytesStr(r.num)
	for len(s) > 0 && float64(r.ts.width(fk, s)) > w {
		_, n := utf8.DecodeLastRuneInString(s)
		s = s[:len(s)-n]
	}
	return s
}

func lastRune(b []byte) rune {
	c, _ := utf8.DecodeLastRune(b)
	return c
}

// fit returns name cut to w pixels with an ellipsis (in r.num).
func (r *Renderer) fit(name string, fk faceKey, w float64) string {
	if float64(r.ts.width(fk, name)) <= w {
		return name
	}
	r.num = r.num[:0]
	ell := float64(r.ts.width(fk, "…"))
	for _, c := range name {
		r.num = utf8.AppendRune(r.num, c)
		if float64(r.ts.width(fk, bytesStr(r.num)))+ell > w {
			_, n := utf8.DecodeLastRune(r.num)
			r.num = r.num[:len(r.num)-n]
			break
		}
	}
	r.num = append(r.num, "…"...)
	return bytesStr(r.num)
}

// notes draws a pin at the top-left of each note's square (GM-only notes
// are left out of the player view).
func (r *Renderer) notes(f *frame) {
	s := f.v.Scale
	for _, n := range f.e.Notes {
		if (f.v.Player && !n.Player) || !f.e.Grid.In(n.X, n.Y) || !r.visible(f, n.X, n.Y, 1) || f.hiddenByFog(n.X, n.Y, 1) {
			continue
		}
		x0, y0, _, _ := f.sq(n.X, n.Y, 1)
		w := int(math.Max(6, s*0.28))
		c := colYellow
		if !n.Player {
			c = colOrange
		}
		r.rect(x0+2, y0+2, x0+2+w, y0+2+w, colInk)
		r.rect(x0+3, y0+3, x0+1+w, y0+1+w, c)
		r.triangle(float64(x0+2+w), float64(y0+2+w), float64(x0+2+w)-float64(w)*0.45, float64(y0+2+w), float64(x0+2+w), float64(y0+2+w)-float64(w)*0.45, colInk)
	}
}

// over draws the overlays above the tokens: the path with its costs, cover
// badges, off-guard marks, warnings, the hover outline and the ghost.
func (r *Renderer) over(f *frame) {
	o := f.o
	s := f.v.Scale
	if r.pathShown(f) {
		r.path(f)
	}
	r.ruler(f)
	// Flanking lines go over the tokens: the line through the foe's space is
	// the rule itself (opposite sides or corners), so it must stay visible
	// across a Large foe's disc.
	for _, fl := range o.Flanks {
		if !r.tokenOK(f, fl.By[0]) || !r.tokenOK(f, fl.By[1]) {
			continue
		}
		ax, ay, _ := r.centre(f, fl.By[0])
		bx, by, _ := r.centre(f, fl.By[1])
		w := math.Max(2, s/14)
		r.line(ax, ay, bx, by, w+2, colWhite.alpha(0.7), 0)
		r.line(ax, ay, bx, by, w, colPurple.mix(colInk, 0.15), math.Max(4, s/5))
	}
	for i, fl := range o.Flanks {
		if !r.tokenOK(f, fl.Target) || firstFlank(o.Flanks, i) != i {
			continue
		}
		if s < 20 {
			// Too small for words (layoutOffGuard): a purple ring around the foe.
			cx, cy, half := r.centre(f, fl.Target)
			w := math.Max(1.5, s/8)
			r.ring(cx, cy, half+w, half, colPurple.mix(colInk, 0.35))
		}
	}
	r.drawLabels(true)
	for _, i := range o.Warn {
		if !r.tokenOK(f, i) {
			continue
		}
		cx, cy, half := r.centre(f, i)
		r.warning(cx+half*0.62, cy-half*0.62, math.Max(5, s*0.28), colYellow, colInk)
	}
	if s >= 6 {
		for _, q := range o.Collide {
			if f.e.Grid.In(q.X, q.Y) && r.visible(f, q.X, q.Y, 1) {
				r.cross(f, q.X, q.Y)
			}
		}
	}
	if o.Hover != nil && f.e.Grid.In(o.Hover.X, o.Hover.Y) {
		x0, y0, x1, y1 := r.hoverBox(f)
		r.strokeRect(x0-1, y0-1, x1+1, y1+1, 2, colInk)
		r.strokeRect(x0+1, y0+1, x1-1, y1-1, 1, colWhite.alpha(0.9))
	}
	if g := o.Ghost; g != nil && g.Token >= 0 && g.Token < len(f.e.Tokens) && !f.v.NoTokens {
		t := &f.e.Tokens[g.Token]
		r.tokenLooks(f, t, g.X, g.Y, 0.55, false, f.aloneLook(t)) // a Tiny one as small as it lands
		if !g.OK {
			x0, y0, x1, y1 := f.sq(g.X, g.Y, f.e.Space(t))
			in := float64(x1-x0) * 0.18
			w := math.Max(3, s/9)
			ax, ay, bx, by := float64(x0)+in, float64(y0)+in, float64(x1)-in, float64(y1)-in
			r.line(ax, ay, bx, by, w+2, colWhite, 0)
			r.line(ax, by, bx, ay, w+2, colWhite, 0)
			r.line(ax, ay, bx, by, w, colVerm, 0)
			r.line(ax, by, bx, ay, w, colVerm, 0)
		}
	}
}

// ruler draws the ruler's legs, centre to centre, dashed ink on a white
// halo, with a dot at each waypoint (its labels are placed by layout).
func (r *Renderer) ruler(f *frame) {
	o := f.o
	if len(o.Ruler) == 0 {
		return
	}
	s := f.v.Scale
	w := math.Max(2, s/12)
	for pass := 0; pass < 2; pass++ {
		for _, lg := range o.Ruler {
			ax, ay, _ := r.spaceCentre(f, lg.From.X, lg.From.Y, 1)
			bx, by, _ := r.spaceCentre(f, lg.To.X, lg.To.Y, 1)
			if pass == 0 {
				r.line(ax, ay, bx, by, w+3, colWhite.alpha(0.9), 0)
			} else {
				r.line(ax, ay, bx, by, w, colInk, math.Max(4, s/4))
			}
		}
	}
	for i, lg := range o.Ruler {
		if i == 0 {
			ax, ay, _ := r.spaceCentre(f, lg.From.X, lg.From.Y, 1)
			r.disc(ax, ay, w*1.5+1.5, colWhite)
			r.disc(ax, ay, w*1.5, colYellow.mix(colInk, 0.2))
		}
		bx, by, _ := r.spaceCentre(f, lg.To.X, lg.To.Y, 1)
		r.disc(bx, by, w*1.5+1.5, colWhite)
		r.disc(bx, by, w*1.5, colYellow.mix(colInk, 0.2))
	}
}

// hoverBox is the hover outline's rectangle in pixels: HoverSize squares
// wide and HoverRows (else HoverSize) high from the hovered square, inside
// the map.
func (r *Renderer) hoverBox(f *frame) (x0, y0, x1, y1 int) {
	o := f.o
	rows := o.HoverRows
	if rows <= 0 {
		rows = o.HoverSize
	}
	w := max(1, min(o.HoverSize, f.e.Grid.W-o.Hover.X))
	h := max(1, min(rows, f.e.Grid.H-o.Hover.Y))
	x0, y0, _, _ = f.sq(o.Hover.X, o.Hover.Y, 1)
	_, _, x1, y1 = f.sq(o.Hover.X+w-1, o.Hover.Y+h-1, 1)
	return x0, y0, x1, y1
}

// cross draws a vermillion X on a dark edge over square (x, y): a forced
// movement that ends there by a collision.
func (r *Renderer) cross(f *frame, x, y int) {
	x0, y0, x1, y1 := f.sq(x, y, 1)
	s := float64(x1 - x0)
	in := s * 0.22
	w := math.Max(1.2, s/14)
	ax, ay, bx, by := float64(x0)+in, float64(y0)+in, float64(x1)-in, float64(y1)-in
	edge := hex(0x202020)
	r.line(ax, ay, bx, by, w+2, edge, 0)
	r.line(bx, ay, ax, by, w+2, edge, 0)
	r.line(ax, ay, bx, by, w, colVerm, 0)
	r.line(bx, ay, ax, by, w, colVerm, 0)
}

// coverLetters are the cover badges' letters by degree of cover: sf2e's
// lesser, standard and greater, and X for blocked (no line of effect).
// pf1e has no lesser cover: a creature in the way gives soft cover,
// "So" as the condition badges' short forms take a word's first two
// letters ("Pr"), since S is standard there too; taken-cover has no
// effect there, so never greater (rules-conventions.md, pf1e Cover; the
// panel says "soft cover" and "standard", rules.Words).
var coverLetters = map[model.Ruleset][5]string{
	model.SF2E: {"", "L", "S", "G", "X"},
	model.PF1E: {"", "So", "S", "G", "X"},
}

// coverLetter is the badge's letter for cover c in ruleset rs.
func coverLetter(rs model.Ruleset, c rules.Cover) string {
	l, ok := coverLetters[rs]
	if !ok {
		l = coverLetters[model.SF2E]
	}
	return l[c]
}

// warning draws a triangle with "!" centred at (cx, cy) of height h.
func (r *Renderer) warning(cx, cy, h float64, fill, ink rgba) {
	hw := h * 0.6
	r.triangle(cx, cy-h*0.6-1.5, cx-hw-1.7, cy+h*0.4+1, cx+hw+1.7, cy+h*0.4+1, ink)
	r.triangle(cx, cy-h*0.6+0.5, cx-hw, cy+h*0.4, cx+hw, cy+h*0.4, fill)
	if h < 8 {
		return
	}
	fk := faceKey{px: uint8(math.Min(math.Round(h*0.75), 40)), bold: true}
	r.textCentered(fk, int(math.Round(cx)), int(math.Round(cy+h*0.1)), "!", ink)
}

// path draws the route of o.PathFrom through the centres of its space, a
// cost label per step (only the total when squares are small), warning
// marks on flagged steps and rotation marks on turns in place.
func (r *Renderer) path(f *frame) {
	o := f.o
	cv := &r.cv
	s := f.v.Scale
	t := &f.e.Tokens[o.PathFrom]
	k := f.e.Space(t)
	w := math.Max(2, s/12)
	px, py, rad := r.spaceCentre(f, t.X, t.Y, k)
	// Start at the rim of the moving token, so its label stays readable.
	if st := o.Path.Steps[0]; st.Turn == rules.NoTurn {
		nx, ny, _ := r.spaceCentre(f, st.X, st.Y, k)
		if l := math.Hypot(nx-px, ny-py); l > rad {
			px, py = px+(nx-px)/l*rad*0.8, py+(ny-py)/l*rad*0.8
		}
	}
	// Halo first, then the line, so crossings stay readable.
	for pass := 0; pass < 2; pass++ {
		x, y := px, py
		for _, st := range o.Path.Steps {
			nx, ny, _ := r.spaceCentre(f, st.X, st.Y, k)
			if pass == 0 {
				r.line(x, y, nx, ny, w+3, colWhite.alpha(0.85), 0)
			} else {
				r.line(x, y, nx, ny, w, colInk, 0)
			}
			x, y = nx, ny
		}
	}
	for _, st := range o.Path.Steps {
		cx, cy, half := r.spaceCentre(f, st.X, st.Y, k)
		if cx < -s*k2(k) || cy < -s*k2(k) || cx > float64(cv.w)+s*k2(k) || cy > float64(cv.h)+s*k2(k) {
			continue
		}
		if st.Turn != rules.NoTurn && st.Turn >= 0 && st.Turn < 8 {
			rr := math.Max(5, s*0.3)
			r.ring(cx, cy, rr+w/2+1, rr-w/2-1, colWhite.alpha(0.85))
			r.ring(cx, cy, rr+w/2, rr-w/2, colInk)
			ux, uy := unit(model.Dir[st.Turn][0], model.Dir[st.Turn][1])
			r.arrow(cx, cy, cx+ux*(rr+w*2), cy+uy*(rr+w*2), w, colInk)
		} else {
			r.disc(cx, cy, w*1.3+1.5, colWhite)
			r.disc(cx, cy, w*1.3, colInk)
		}
		if st.Flags != 0 {
			fill, ink := colYellow, colInk
			if st.Flags&rules.FlagReaction != 0 {
				fill, ink = colVerm, colWhite
			}
			r.warning(cx-half*0.6, cy-half*0.6, math.Max(5, s*0.28), fill, ink)
		}
	}
}

func k2(k int) float64 { return float64(k) }

// reachSpace is the side, in squares, of the space of the token whose
// reach is drawn: Overlays.ReachSpace, else the selected token's.
func (r *Renderer) reachSpace(f *frame) int {
	if k := f.o.ReachSpace; k > 0 {
		return k
	}
	if i := f.o.Selected; i >= 0 && i < len(f.e.Tokens) {
		return max(1, f.e.Space(&f.e.Tokens[i]))
	}
	return 1
}

// reach shades where the reaching token can stand: the union of its
// spaces, each reached top-left position expanded by its k x k space, a
// square banded by the fewest actions of any position whose space covers
// it (Overlays.Reach lists top-left positions, as the rules answer them).
//
// The union is a k x k sliding minimum over the band grid, done as two
// separable passes (along rows into r.hmin, then down columns back into
// r.mark) over the reach's bounding box: O(area x k) time, no allocation
// once the buffers have grown to the map.
func (r *Renderer) reach(f *frame) {
	o := f.o
	g := &f.e.Grid
	s := f.v.Scale
	k := min(r.reachSpace(f), g.W, g.H)
	r.ensureMark(f)
	if cap(r.hmin) < len(r.mark) {
		r.hmin = make([]uint8, len(r.mark))
	}
	r.hmin = r.hmin[:len(r.mark)]
	// Bounding box of the reached positions, then of their spaces.
	bx0, by0, bx1, by1 := g.W, g.H, -1, -1
	for _, q := range o.Reach {
		if !g.In(q.X, q.Y) {
			continue
		}
		a := uint8(min(max(q.Actions, 1), 3))
		if m := &r.mark[q.Y*g.W+q.X]; *m == 0 || a < *m {
			*m = a
		}
		bx0, by0, bx1, by1 = min(bx0, q.X), min(by0, q.Y), max(bx1, q.X), max(by1, q.Y)
	}
	if bx1 < 0 {
		return
	}
	bx1, by1 = min(bx1+k, g.W), min(by1+k, g.H) // exclusive
	if k > 1 {
		// minNZ is the fewer actions of two bands, 0 meaning unreached.
		minNZ := func(a, b uint8) uint8 {
			if a == 0 || (b != 0 && b < a) {
				return b
			}
			return a
		}
		for y := by0; y < by1; y++ {
			row, h := r.mark[y*g.W:(y+1)*g.W], r.hmin[y*g.W:(y+1)*g.W]
			for x := bx0; x < bx1; x++ {
				m := uint8(0)
				for i := max(bx0, x-k+1); i <= x; i++ {
					m = minNZ(m, row[i])
				}
				h[x] = m
			}
		}
		for y := by0; y < by1; y++ {
			for x := bx0; x < bx1; x++ {
				m := uint8(0)
				for j := max(by0, y-k+1); j <= y; j++ {
					m = minNZ(m, r.hmin[j*g.W+x])
				}
				r.mark[y*g.W+x] = m
			}
		}
	}
	bw := 1
	if s >= 24 {
		bw = 2
	}
	band := func(x, y int) uint8 {
		if !g.In(x, y) {
			return 0
		}
		return r.mark[y*g.W+x]
	}
	// Only the visible part of the box is painted.
	vx0, vy0 := max(bx0, f.sx0), max(by0, f.sy0)
	vx1, vy1 := min(bx1, f.sx1), min(by1, f.sy1)
	for y := vy0; y < vy1; y++ {
		row := r.mark[y*g.W : (y+1)*g.W]
		// The tint in runs of one band (one fill per run), then the
		// edges where the band changes.
		for x := vx0; x < vx1; {
			a, x0 := row[x], x
			for x < vx1 && row[x] == a {
				x++
			}
			if a != 0 {
				r.rect(f.bx(x0), f.by(y), f.bx(x), f.by(y+1), bandCol[a].alpha(0.3))
			}
		}
		for x := vx0; x < vx1; x++ {
			a := row[x]
			if a == 0 {
				continue
			}
			x0, y0, x1, y1 := f.sq(x, y, 1)
			bc := bandCol[a].alpha(0.9)
			if band(x, y-1) != a {
				r.rect(x0, y0, x1, y0+bw, bc)
			}
			if band(x, y+1) != a {
				r.rect(x0, y1-bw, x1, y1, bc)
			}
			if band(x-1, y) != a {
				r.rect(x0, y0, x0+bw, y1, bc)
			}
			if band(x+1, y) != a {
				r.rect(x1-bw, y0, x1, y1, bc)
			}
		}
	}
	if s >= 16 {
		for _, q := range o.Reach {
			if q.Facings == 0 || !g.In(q.X, q.Y) || !r.visible(f, q.X, q.Y, 1) {
				continue
			}
			x0, y0, x1, y1 := f.sq(q.X, q.Y, 1)
			cx, cy := float64(x0+x1)/2, float64(y0+y1)/2
			for d := 0; d < 8; d++ {
				if q.Facings&(1<<d) == 0 {
					continue
				}
				ux, uy := unit(model.Dir[d][0], model.Dir[d][1])
				l := s * 0.38
				r.arrow(cx+ux*s*0.08, cy+uy*s*0.08, cx+ux*l, cy+uy*l, math.Max(1, s/28), colInk.alpha(0.75))
			}
		}
	}
	for y := by0; y < by1; y++ {
		clear(r.mark[y*g.W+bx0 : y*g.W+bx1])
	}
}

// edges draws the walls and doors on grid lines (Encounter.Edges) as thick
// lines over the terrain: a wall slate; a closed door a wooden leaf lying
// on the line between two jambs; an open door the leaf swung a quarter
// turn about its first end, with its swing dotted; a secret door, for the
// GM, a wall with a dashed light core; for players exactly a wall (until
// opened, when it is an ordinary door).
//
// Cost: O(edges) per frame, no allocation.
func (r *Renderer) edges(f *frame) {
	s := f.v.Scale
	w := math.Max(3, s*0.14)
	for _, ed := range f.e.Edges {
		if !r.edgeShown(f, ed) {
			continue
		}
		ax, ay := f.cx(float64(ed.X1)), f.cy(float64(ed.Y1))
		bx, by := f.cx(float64(ed.X2)), f.cy(float64(ed.Y2))
		if math.Max(ax, bx) < -w || math.Max(ay, by) < -w || math.Min(ax, bx) > float64(r.cv.w)+w || math.Min(ay, by) > float64(r.cv.h)+w {
			continue
		}
		kind := ed.Kind
		if kind == model.EdgeSecretDoor && !f.gmMarks() {
			kind = model.EdgeWall
		}
		if kind == model.EdgeWall && f.v.Player && f.hasFog() {
			// Over the fog, unit by unit: only the stretches beside a
			// revealed square.
			for k := 0; k < ed.Len(); k++ {
				if !f.unitRevealed(ed, k) {
					continue
				}
				ux, uy := float64(ed.X2-ed.X1)/float64(ed.Len()), float64(ed.Y2-ed.Y1)/float64(ed.Len())
				px, py := float64(ed.X1)+ux*float64(k), float64(ed.Y1)+uy*float64(k)
				r.line(f.cx(px), f.cy(py), f.cx(px+ux), f.cy(py+uy), w, colWall, 0)
			}
			continue
		}
		dx, dy := (bx-ax)/math.Max(1, math.Hypot(bx-ax, by-ay)), (by-ay)/math.Max(1, math.Hypot(bx-ax, by-ay))
		switch kind {
		case model.EdgeWall:
			r.line(ax, ay, bx, by, w, colWall, 0)
		case model.EdgeSecretDoor:
			r.line(ax, ay, bx, by, w, colWall, 0)
			r.line(ax, ay, bx, by, math.Max(1, w*0.35), colPurple, math.Max(3, s*0.12))
		case model.EdgeDoor, model.EdgeOpenDoor:
			// jambs: short wall stubs at both ends; on the player display
			// with fog, as a wall's stretches are, only beside a revealed
			// square
			j := math.Max(2, s*0.12)
			k0, k1 := f.revealedUnits(ed)
			if k0 == 0 {
				r.line(ax, ay, ax+dx*j, ay+dy*j, w, colWall, 0)
			}
			if k1 == ed.Len() {
				r.line(bx-dx*j, by-dy*j, bx, by, w, colWall, 0)
			}
			l := math.Hypot(bx-ax, by-ay) - 2*j
			t := math.Max(2, w*0.6)
			hx, hy := ax+dx*j, ay+dy*j // the hinge
			if kind == model.EdgeDoor {
				// as thick as the wall: a wooden stretch of it, over the
				// units beside revealed squares
				u := s // a unit of the line
				from := math.Max(0, float64(k0)*u-j)
				to := math.Min(l, float64(k1)*u-j)
				if to > from {
					r.leaf(hx+dx*from, hy+dy*from, dx, dy, to-from, w)
				}
				continue
			}
			// Open: the leaf stands across the line (south or east of it),
			// and its swing is dotted from its tip to the far jamb. On the
			// player display with fog both stop at the fog: the leaf at the
			// first fogged square it crosses (less its round end and a
			// pixel of smoothing), each dot of the swing unless it lies
			// over revealed squares, so nothing is drawn into the fog.
			nx, ny := -dy, dx
			if nx < 0 || ny < 0 {
				nx, ny = -nx, -ny
			}
			dw := math.Max(1, s/40)
			const n = 6
			for i := 1; i <= n; i += 2 {
				a0, a1 := float64(i-1)*math.Pi/2/n, float64(i)*math.Pi/2/n
				qx, qy := hx+l*(math.Cos(a0)*nx+math.Sin(a0)*dx), hy+l*(math.Cos(a0)*ny+math.Sin(a0)*dy)
				ex, ey := hx+l*(math.Cos(a1)*nx+math.Sin(a1)*dx), hy+l*(math.Cos(a1)*ny+math.Sin(a1)*dy)
				if f.overRevealed(qx, qy, dw/2+1) && f.overRevealed(ex, ey, dw/2+1) && f.overRevealed((qx+ex)/2, (qy+ey)/2, dw/2+1) {
					r.line(qx, qy, ex, ey, dw, colInk.alpha(0.55), 0)
				}
			}
			if lr := math.Min(l, f.leafRoom(ed)*s-(t+2)/2-1); lr > 0 {
				r.leaf(hx, hy, nx, ny, lr, t)
			}
		}
	}
}

// leaf draws a door leaf from (x, y) along the unit direction (dx, dy), l
// long and t thick: wood outlined in ink.
func (r *Renderer) leaf(x, y, dx, dy, l, t float64) {
	ex, ey := x+dx*l, y+dy*l
	r.line(x, y, ex, ey, t+2, colInk, 0)
	r.line(x, y, ex, ey, t, colWood, 0)
}

// leafRoom is how far, in squares from its line, the leaf of open door
// ed may reach: the run of revealed squares its hinge's column (a door
// along a row) or row (a door down a column) has from the line, south or
// east; on the player display with fog, without limit elsewhere.
func (f *frame) leafRoom(ed model.Edge) float64 {
	if !f.v.Player || !f.hasFog() {
		return math.Inf(1)
	}
	g := &f.e.Grid
	x, y, sx, sy := ed.X1, ed.Y1, 0, 1
	if !ed.Horizontal() {
		sx, sy = 1, 0
	}
	k := 0
	for g.In(x, y) && f.e.Revealed[y*g.W+x] {
		x, y, k = x+sx, y+sy, k+1
	}
	return float64(k)
}

// revealedUnits is the stretch [k0, k1) of edge ed's units from the first
// beside a revealed square to the last: on the player display with fog
// what of a door is drawn; the whole edge elsewhere.
func (f *frame) revealedUnits(ed model.Edge) (k0, k1 int) {
	n := ed.Len()
	if !f.v.Player || !f.hasFog() {
		return 0, n
	}
	for k0 < n && !f.unitRevealed(ed, k0) {
		k0++
	}
	for k1 = n; k1 > k0 && !f.unitRevealed(ed, k1-1); k1-- {
	}
	return k0, k1
}

// overRevealed reports whether the image point (px, py) and every point
// within m of it lie over squares the view shows: true but on the player
// display with fog, where a fogged or off-map square is not shown.
func (f *frame) overRevealed(px, py, m float64) bool {
	if !f.v.Player || !f.hasFog() {
		return true
	}
	g := &f.e.Grid
	for _, d := range [4][2]float64{{-m, -m}, {m, -m}, {-m, m}, {m, m}} {
		x := int(math.Floor((px+d[0])/f.v.Scale + f.v.OriginX))
		y := int(math.Floor((py+d[1])/f.v.Scale + f.v.OriginY))
		if !g.In(x, y) || !f.e.Revealed[y*g.W+x] {
			return false
		}
	}
	return true
}

// edgeShown reports whether the view draws edge ed: every edge, but in
// the player view with fog only those beside a revealed square (so a
// painted page holds no wall lying wholly in fog).
func (r *Renderer) edgeShown(f *frame, ed model.Edge) bool {
	if ed.Kind == model.EdgeNone {
		return false
	}
	if !f.v.Player || !f.hasFog() {
		return true
	}
	for k := 0; k < ed.Len(); k++ {
		if f.unitRevealed(ed, k) {
			return true
		}
	}
	return false
}

// hpGeom is the pixel box of token t's HP bar with its space at (x, y):
// across the lower part of its disc, between the initials and the name
// plate (which, at small zoom, may cover it: the name wins), GM view only,
// when it has HP.
func hpGeom(f *frame, t *model.Token, x, y int, lk tokenLook) (x0, y0, x1, y1 float64, ok bool) {
	if f.v.Player || t.HP == nil || t.HP.Max <= 0 || f.v.Scale < 6 || lk.iw > 0 {
		// (under a token stacked over it the bar ran through the
		// initials in the crescent left of it: they say who it is, the
		// order and the inspector its HP)
		return 0, 0, 0, 0, false
	}
	cx, cy, half := f.spaceCentreF(x, y, f.e.Space(t))
	cx, cy, rad := lk.apply(cx, cy, half-math.Max(1, f.v.Scale*0.07))
	h := math.Round(math.Max(3, f.v.Scale*0.07))
	w := math.Round(rad * 1.3)
	x0, y0 = math.Round(cx-w/2), math.Round(cy+rad*0.3)
	return x0, y0, x0 + w, y0 + h, true
}

// unitRevealed reports whether a square beside the k-th unit of edge ed is
// revealed.
func (f *frame) unitRevealed(ed model.Edge, k int) bool {
	g := &f.e.Grid
	ax, ay, bx, by := ed.X1+k, ed.Y1-1, ed.X1+k, ed.Y1
	if !ed.Horizontal() {
		ax, ay, bx, by = ed.X1-1, ed.Y1+k, ed.X1, ed.Y1+k
	}
	return g.In(ax, ay) && f.e.Revealed[ay*g.W+ax] || g.In(bx, by) && f.e.Revealed[by*g.W+bx]
}
