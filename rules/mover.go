package rules

import (
	"strings"

	"encounterplanner/model"
)

// This file holds what the sf2e and pf1e engines share about moving a token:
// the per-query classification of every square for one mover and mode, and
// the step rule (which squares a step enters, leaves and passes between).

// kind selects the cost model of the shared search.
type kind uint8

const (
	kindSF2E kind = iota // diagonals 1,2,1,2 squares; surcharge +1/+2 squares
	kindPF1E             // diagonals 1,2,1,2 squares; each hampering factor doubles
)

// Bits of a classified square (mover.cells).
const (
	cBlock  uint8 = 1 << iota // this mover cannot enter it in this mode
	cNoEnd                    // the move cannot end with the space over it
	cNoStop                   // a Stride that is not the last cannot end over it
	cHaz                      // hazardous, narrow or uneven (counted for path tie-breaks)
	cDiag                     // counts for the diagonal "passes between" rule
	cLvl0                     // bits 5-6: surcharge squares (sf2e) or doublings (pf1e), 0..2
	cLvl1
	cThreat // within the reach of an enemy that can act
)

const lvlShift = 5

// mover is one movement query prepared for search: the token's space, its
// budget and every square of the map classified for it. Building it costs
// O(W*H + tokens*space) time and reuses the engine's buffers.
type mover struct {
	kind   kind
	e      *model.Encounter
	tok    int
	mode   string
	W, H   int
	k      int   // side of the token's space in squares
	feet   int   // feet per square
	budget int32 // squares per Stride or move action
	speed  int   // feet, for the mode
	layers int   // Strides (sf2e) or move actions (pf1e) from now
	par0   uint8 // the diagonal parity the turn state starts with
	diag0  int   // the diagonals the turn has counted before the query
	start  int   // top-left position y*W+x
	fly    bool
	// levels is the number of layers a 3-D flight may use (fly3d sets it
	// before prepare); 0 or 1 for the flat map.
	levels int
	// shallow is model.ShallowWater for the modes it is difficult terrain
	// for (land and climb), else 0 (rules-conventions.md "Shallow water").
	shallow model.Trait
	cells   []uint8 // valid inside the box only
	ct      classTable
	walls   squareSum // forThreat's buffer
	es      edgeSteps // edges and the steps they refuse (map-indexed, in the box)
	// The box of squares a search can touch: the start's space grown by the
	// farthest the budget can carry it, plus one for corners (inclusive).
	bx0, by0, bx1, by1 int
}

// maxBudget caps a Stride's budget in squares so sums stay in int32.
const maxBudget = 1 << 29

// checkMode validates a mode name for the sf2e and pf1e rulesets ("" is land).
func checkMode(r model.Ruleset, mode string) (string, error) {
	if mode == "" {
		return ModeLand, nil
	}
	for _, m := range Modes(r) {
		if m == mode {
			return mode, nil
		}
	}
	return "", BadQuery("unknown movement mode %q for the %s ruleset (want %s)", mode, r, strings.Join(Modes(r), ", "))
}

// prepare validates q and classifies the map for it. It returns the token's
// Speed for the mode in feet.
func (m *mover) prepare(k kind, e *model.Encounter, q MoveQuery) (int, error) {
	if q.Token < 0 || q.Token >= len(e.Tokens) {
		return 0, BadQuery("no token %d (the encounter has %d)", q.Token, len(e.Tokens))
	}
	t := &e.Tokens[q.Token]
	mode, err := checkMode(e.Ruleset, q.Mode)
	if err != nil {
		return 0, err
	}
	actions := q.Actions
	if actions == 0 {
		actions = 1
	}
	if max := MaxActions(e.Ruleset); actions < 1 || actions > max {
		return 0, BadQuery("token %q: %d actions asked, the %s ruleset allows 1 to %d", t.Name, actions, e.Ruleset, max)
	}
	if q.Step {
		if k != kindSF2E {
			return 0, BadQuery("token %q: Step is an sf2e action; the %s ruleset has none", t.Name, e.Ruleset)
		}
		if mode != ModeLand {
			return 0, BadQuery("token %q cannot Step while using its %s Speed (Player Core p. 412); Step uses land movement", t.Name, mode)
		}
		if crawls(t) {
			return 0, BadQuery("token %q is prone: its land movement is a Crawl, not a Step (ask reach without --step)", t.Name)
		}
	}
	if actions, err = turnActions(e.Ruleset, t, q); err != nil {
		return 0, err
	}
	speed, ok := t.Speed(mode)
	if !ok {
		return 0, BadQuery("token %q has no %s Speed", t.Name, mode)
	}
	g := &e.Grid
	if len(g.Cells) != g.W*g.H || g.W < 1 || g.H < 1 {
		return 0, BadQuery("the map is malformed: %dx%d with %d squares", g.W, g.H, len(g.Cells))
	}
	m.kind, m.e, m.tok, m.mode = k, e, q.Token, mode
	m.W, m.H = g.W, g.H
	m.k = e.Space(t)
	m.feet = e.Feet()
	// A Stride's cheapest route to any state (position, diagonal parity)
	// visits each of the 2 W H states at most once, at most 6 squares a
	// step: a longer Speed reaches nothing more. In a flight over L layers
	// the states are 2 W H L, and a step up costs at most as much again.
	use := satMul(12, mapSquares(g))
	if m.levels > 1 {
		use = satMul(satMul(24, mapSquares(g)), m.levels)
	}
	speed = clampUse(speed, satMul(m.feet, min(use, maxBudget)))
	m.budget = int32(speed / m.feet)
	if mode == ModeLand && crawls(t) {
		m.budget = min(m.budget, 1) // a Crawl: one square, at most 5 ft, an action
	}
	m.speed = speed
	m.layers = actions
	m.diag0, m.par0 = q.Turn.Diagonals, uint8(q.Turn.Diagonals&1)
	m.start = t.Y*m.W + t.X
	m.fly = mode == ModeFly
	r := int64(m.budget)*int64(actions) + 2 // every step costs at least one square
	if q.Step {
		r = 2
	}
	r = min(r, int64(max(m.W, m.H)))
	m.bx0, m.by0 = max(0, t.X-int(r)), max(0, t.Y-int(r))
	m.bx1, m.by1 = min(m.W-1, t.X+m.k-1+int(r)), min(m.H-1, t.Y+m.k-1+int(r))
	m.classify()
	return speed, nil
}

// classify fills m.cells inside the box for the mover: terrain by mode
// (rules-conventions.md "Movement modes"), then creatures, then enemy
// reach. O(box area + tokens x (space + reach area)).
func (m *mover) classify() {
	e := m.e
	g := &e.Grid
	n := m.W * m.H
	if cap(m.cells) < n {
		m.cells = make([]uint8, n)
	}
	m.cells = m.cells[:n]
	t := &e.Tokens[m.tok]
	ignores := t.Has(model.CondIgnoresDifficult)
	var enter model.Trait // traits that refuse entry
	switch m.mode {
	case ModeFly:
		enter = model.Wall
	case ModeBurrow:
		enter = model.Wall | model.Water
	case ModeSwim:
		enter = model.Wall | model.Obstacle
	default:
		enter = model.Wall | model.Obstacle | model.Water
	}
	// The squares a diagonal passes between refuse it when they are walls,
	// or obstacles for a mode that cannot pass obstacles: an obstacle never
	// pinches a flyer or a burrower; water and creatures never refuse a
	// diagonal (rules-conventions.md, sf2e; pf1e "no corner cutting" with
	// the same squares).
	diag := model.Wall | enter&model.Obstacle
	haz := model.Hazardous | model.Narrow | model.Uneven
	if m.fly {
		haz = 0
	}
	// lvl[traits&(Difficult|GreaterDifficult)>>2] for this mover: what
	// it pays for the worst trait (not the sum), as a path's words and
	// marks ask it (Ruleset.PaidTerrain).
	d := Describe(e.Ruleset)
	var lvl [4]uint8
	for i := range lvl {
		raw := 0
		if i&1 != 0 {
			raw = 1
		}
		if i&2 != 0 {
			raw = 2 // the worst trait, not the sum
		}
		lvl[i] = uint8(d.paidLevel(raw, m.mode, ignores)) << lvlShift
	}
	swim := m.mode == ModeSwim
	// Shallow water: difficult terrain for land and climb (no swim Speed
	// needed); swim, burrow and fly pay nothing, and a swimmer may enter it.
	m.shallow = 0
	if m.mode == ModeLand || m.mode == ModeClimb {
		m.shallow = model.ShallowWater
	}
	// A square's class depends on its traits alone: a table of every
	// trait set (2048), kept while the mover's terms stay the same, makes
	// the box one load a square.
	ct := &m.ct
	if key := (classKey{enter, diag, haz, m.shallow, swim, lvl}); !ct.ok || ct.key != key {
		ct.key, ct.ok = key, true
		var all [len(ct.tab)]model.Trait
		for i := range all {
			all[i] = model.Trait(i)
		}
		m.classifyRow(all[:], ct.tab[:], enter, diag, haz, swim, &lvl)
	}
	for y := m.by0; y <= m.by1; y++ {
		lo := y*m.W + m.bx0
		src := g.Cells[lo : lo+m.bx1-m.bx0+1]
		dst := m.cells[lo:][:len(src)]
		for i, tr := range src {
			dst[i] = ct.tab[tr&model.TraitMask]
		}
	}
	m.classifyTokens(t)
	m.es.buildAt(e, m.bx0, m.by0, m.bx1-m.bx0+1, m.by1-m.by0+1, m.by0*m.W+m.bx0, m.W, n, m.k, m.cells, cDiag, m.kind == kindPF1E)
}

// classTable holds the class (mover.cells) of every set of traits for
// the terms it was worked out with.
type classTable struct {
	key classKey
	ok  bool
	tab [model.TraitMask + 1]uint8
}

// classKey is the terms of classifyRow.
type classKey struct {
	enter, diag, haz, shallow model.Trait
	swim                      bool
	lvl                       [4]uint8
}

// classifyRow classifies the squares of traits src into dst.
func (m *mover) classifyRow(src []model.Trait, dst []uint8, enter, diag, haz model.Trait, swim bool, lvl *[4]uint8) {
	dst = dst[:len(src)]
	for i, tr := range src {
		tr = wallish(tr)
		var c uint8
		if tr&enter != 0 || (swim && tr&(model.Water|model.ShallowWater) == 0) {
			c |= cBlock
		}
		if tr&(model.Wall|model.Obstacle) != 0 {
			c |= cNoEnd | cNoStop
		}
		if tr&diag != 0 {
			c |= cDiag
		}
		if tr&haz != 0 {
			c |= cHaz
		}
		l := (tr >> 2) & 3 // Difficult, GreaterDifficult
		if tr&m.shallow != 0 {
			l |= 1 // shallow water is difficult; the worst trait counts
		}
		c |= lvl[l]
		dst[i] = c
	}
}

func (m *mover) classifyTokens(t *model.Token) {
	e := m.e
	// Creatures (Player Core p. 414; rules-conventions.md "Creatures").
	side := t.SideOrNeutral()
	for j := range e.Tokens {
		if j == m.tok {
			continue
		}
		o := &e.Tokens[j]
		if lo, hi := tokenLayers(e, t); layerGap(e, o, lo, hi) > 0 {
			continue // a box above or below the mover's (rules-conventions.md "Elevation")
		}
		if bits := passing(t, side, o); bits != 0 {
			m.mark(o.X, o.Y, e.Space(o), bits)
		}
	}
	// Reactions: leaving a square an enemy that can act threatens (the
	// mover's box at its own elevation).
	lo, hi := tokenLayers(e, t)
	for j := range e.Tokens {
		o := &e.Tokens[j]
		if j == m.tok || !model.Enemies(side, o.SideOrNeutral()) {
			continue
		}
		if !m.nearBox(o, e) {
			continue
		}
		forThreat(m.kind, e, j, &m.walls, lo, hi, func(x, y int) {
			if x >= m.bx0 && x <= m.bx1 && y >= m.by0 && y <= m.by1 {
				m.cells[y*m.W+x] |= cThreat
			}
		})
		// The enemy's own squares are at distance 0, within any reach (a
		// Tiny creature's 0 ft included): leaving one that the mover shared
		// with it provokes too. Threatened leaves them out of the overlay.
		if canMelee(o) {
			ok := e.Space(o)
			for y := max(o.Y, m.by0); y <= min(o.Y+ok-1, m.by1); y++ {
				for x := max(o.X, m.bx0); x <= min(o.X+ok-1, m.bx1); x++ {
					if reachesSquare(m.kind, e, o, x, y, layerGap(e, o, lo, hi), nil) {
						m.cells[y*m.W+x] |= cThreat
					}
				}
			}
		}
	}
}

// inBox reports whether a k x k block at (x0, y0) meets the box.
func (m *mover) inBox(x0, y0, k int) bool {
	return x0 <= m.bx1 && y0 <= m.by1 && x0+k-1 >= m.bx0 && y0+k-1 >= m.by0
}

// nearBox reports whether token o's reach may meet the box.
func (m *mover) nearBox(o *model.Token, e *model.Encounter) bool {
	n := outerReach(m.kind, e, o)/m.feet + 2
	return m.inBox(o.X-n, o.Y-n, e.Space(o)+2*n)
}

func (m *mover) mark(x0, y0, k int, bits uint8) {
	for y := max(y0, m.by0); y < y0+k && y <= m.by1; y++ {
		for x := max(x0, m.bx0); x < x0+k && x <= m.bx1; x++ {
			m.cells[y*m.W+x] |= bits
		}
	}
}

func sizeGap(a, b model.Size) int {
	if a > b {
		return int(a - b)
	}
	return int(b - a)
}

// spaceHas reports whether any square of the k x k space at pos has a bit of mask.
func (m *mover) spaceHas(pos int, mask uint8) bool {
	if m.k == 1 {
		return m.cells[pos]&mask != 0
	}
	for r := 0; r < m.k; r++ {
		row := m.cells[pos+r*m.W : pos+r*m.W+m.k]
		for _, c := range row {
			if c&mask != 0 {
				return true
			}
		}
	}
	return false
}

// corner reports whether the square (x, y) refuses a diagonal (off the map: never).
func (m *mover) corner(x, y int) bool {
	return x >= 0 && y >= 0 && x < m.W && y < m.H && m.cells[y*m.W+x]&cDiag != 0
}

// try checks one step of the whole space from top-left (x, y) in direction
// d (model.Dir order N, NE, ... NW). It reports the new position, the worst
// surcharge level of the newly entered squares, how many of them are
// hazardous/narrow/uneven, and whether a left square is threatened.
// It costs O(k).
func (m *mover) try(x, y, d int) (npos int, lvl uint8, haz int, threat, ok bool) {
	dx, dy := model.Dir[d][0], model.Dir[d][1]
	nx, ny := x+dx, y+dy
	k := m.k
	if nx < 0 || ny < 0 || nx+k > m.W || ny+k > m.H {
		return 0, 0, 0, false, false
	}
	if m.es.refuses(y*m.W+x, ny*m.W+nx, d) {
		return 0, 0, 0, false, false
	}
	if dx != 0 && dy != 0 {
		// The two squares passed between (rules-conventions.md).
		ox, nyr := x+k-1, y-1 // old-only column, new-only row
		if dx > 0 {
			ox = x
		}
		if dy > 0 {
			nyr = y + k
		}
		nxc, oy := x-1, y+k-1 // new-only column, old-only row
		if dx > 0 {
			nxc = x + k
		}
		if dy > 0 {
			oy = y
		}
		a, b := m.corner(ox, nyr), m.corner(nxc, oy)
		if m.kind == kindPF1E {
			if a || b {
				return 0, 0, 0, false, false
			}
		} else if a && b {
			return 0, 0, 0, false, false
		}
	}
	var or uint8
	var mx uint8
	add := func(c uint8) {
		or |= c
		if l := c & (cLvl0 | cLvl1); l > mx {
			mx = l
		}
		if c&cHaz != 0 {
			haz++
		}
	}
	W := m.W
	if k == 1 {
		add(m.cells[ny*W+nx])
		threat = m.cells[y*W+x]&cThreat != 0
	} else {
		// Newly entered column and row, and the left ones.
		if dx != 0 {
			cx, lx := nx+k-1, x
			if dx < 0 {
				cx, lx = nx, x+k-1
			}
			for r := ny; r < ny+k; r++ {
				add(m.cells[r*W+cx])
			}
			for r := y; r < y+k; r++ {
				threat = threat || m.cells[r*W+lx]&cThreat != 0
			}
		}
		if dy != 0 {
			ry, ly := ny+k-1, y
			if dy < 0 {
				ry, ly = ny, y+k-1
			}
			c0, c1 := nx, nx+k
			if dx > 0 {
				c1-- // the new column is counted above
			} else if dx < 0 {
				c0++
			}
			for c := c0; c < c1; c++ {
				add(m.cells[ry*W+c])
			}
			l0, l1 := x, x+k
			if dx > 0 {
				l0++
			} else if dx < 0 {
				l1--
			}
			for c := l0; c < l1; c++ {
				threat = threat || m.cells[ly*W+c]&cThreat != 0
			}
		}
	}
	if or&cBlock != 0 {
		return 0, 0, 0, false, false
	}
	return ny*W + nx, mx >> lvlShift, haz, threat, true
}

// stepCost is the cost in squares of one step and the new diagonal parity p
// (p = 1 after an odd number of counted diagonals).
func stepCost(k kind, diag bool, p uint8, lvl uint8) (int32, uint8) {
	if k == kindPF1E && lvl > 0 {
		// Doubled movement: 2^n squares, 3 x 2^(n-1) diagonally, and the
		// alternating count is left unchanged (PF1e "Double Movement Cost").
		if diag {
			return 3 << (lvl - 1), p
		}
		return 1 << lvl, p
	}
	var w int32 = 1
	if diag {
		w += int32(p)
		p ^= 1
	}
	if k == kindSF2E {
		w += int32(lvl) // not doubled on diagonals (Player Core p. 415)
	}
	return w, p
}

// enteredFlags lists the terrain flags of the squares a step from (x, y) in
// direction d newly enters, for path output.
func (m *mover) enteredFlags(x, y, d int) Flag {
	dx, dy := model.Dir[d][0], model.Dir[d][1]
	nx, ny := x+dx, y+dy
	g := &m.e.Grid
	var f Flag
	for r := ny; r < ny+m.k; r++ {
		for c := nx; c < nx+m.k; c++ {
			if c >= x && c < x+m.k && r >= y && r < y+m.k {
				continue
			}
			tr := g.At(c, r)
			if tr&model.Difficult != 0 || tr&m.shallow != 0 {
				f |= FlagDifficult
			}
			if tr&model.GreaterDifficult != 0 {
				f |= FlagGreaterDifficult
			}
			if !m.fly {
				if tr&model.Hazardous != 0 {
					f |= FlagHazardous
				}
				if tr&model.Narrow != 0 {
					f |= FlagNarrow
				}
				if tr&model.Uneven != 0 {
					f |= FlagUneven
				}
			}
		}
	}
	return f
}

// passing says how t (of side) may treat o's space (Player Core p. 414;
// rules-conventions.md "Creatures" and "Conditions the rules act on"), in
// the bits the 2-D cells and the flights' boxes share: cBlock (may not
// pass), cNoEnd (may not end there), cNoStop (a Stride may not stop there);
// 0 to ignore o (tiny creatures share, and so may a body). The 2-D searches
// and the flights over elevation layers ask the same question.
func passing(t *model.Token, side string, o *model.Token) uint8 {
	switch {
	case t.Size <= model.Tiny || o.Size <= model.Tiny || mayEndOnBody(t, o):
		return 0
	case model.Allies(side, o.SideOrNeutral()):
		return cNoEnd
	case sizeGap(t.Size, o.Size) >= 3 || o.Has(model.CondDead):
		return cNoEnd | cNoStop // a dead creature never blocks movement
	}
	return cBlock | cNoEnd | cNoStop
}

// tryLevel is try without the counts a path's tie-breaks need (hazardous
// squares entered, a threatened square left): the new position and the
// worst surcharge level of the squares entered, for the path's flood,
// which weighs steps by their cost alone.
func (m *mover) tryLevel(x, y, d int) (npos int, lvl uint8, ok bool) {
	dx, dy := model.Dir[d][0], model.Dir[d][1]
	nx, ny := x+dx, y+dy
	k, W := m.k, m.W
	if nx < 0 || ny < 0 || nx+k > W || ny+k > m.H || m.es.refuses(y*W+x, ny*W+nx, d) {
		return 0, 0, false
	}
	if dx != 0 && dy != 0 {
		ox, nyr, nxc, oy := x+k-1, y-1, x-1, y+k-1
		if dx > 0 {
			ox, nxc = x, x+k
		}
		if dy > 0 {
			nyr, oy = y+k, y
		}
		a, b := m.corner(ox, nyr), m.corner(nxc, oy)
		if a && b || m.kind == kindPF1E && (a || b) {
			return 0, 0, false
		}
	}
	var or, mx uint8
	if dx != 0 {
		cx := nx + k - 1
		if dx < 0 {
			cx = nx
		}
		for i := ny*W + cx; i < (ny+k)*W; i += W {
			c := m.cells[i]
			or |= c
			mx = max(mx, c&(cLvl0|cLvl1))
		}
	}
	if dy != 0 {
		ry, c0, c1 := ny+k-1, nx, nx+k
		if dy < 0 {
			ry = ny
		}
		if dx > 0 {
			c1--
		} else if dx < 0 {
			c0++
		}
		for _, c := range m.cells[ry*W+c0 : ry*W+c1] {
			or |= c
			mx = max(mx, c&(cLvl0|cLvl1))
		}
	}
	if or&cBlock != 0 {
		return 0, 0, false
	}
	return ny*W + nx, mx >> lvlShift, true
}

// levelSteps is tryLevel for the eight steps from top-left (x, y), a byte
// each in direction order: stepOK | the level, 0 where refused. The 3-D
// flight and the path's flood keep a larger space's steps so.
func (m *mover) levelSteps(x, y int) uint64 {
	var w uint64
	for d := 0; d < 8; d++ {
		if _, lvl, ok := m.tryLevel(x, y, d); ok {
			w |= uint64(stepOK|lvl) << (8 * d)
		}
	}
	return w
}
