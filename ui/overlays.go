package ui

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	"encounterplanner/model"
	"encounterplanner/rules"
	"encounterplanner/ui/render"
)

// overlaySettings are the switches of the overlays panel.
type overlaySettings struct {
	Reach     bool
	Mode      string
	Actions   int
	Path      bool
	Cover     bool
	CoverBack bool // also the cover the selected token has from the others
	Flank     bool
	Threat    bool
	Range     int // teleport range in squares (points)

	// forced movement (points): the kind, the token that moves the
	// selected one (by id, so edits that reorder tokens keep it) and the
	// distance in squares
	ForcedKind   string
	ForcedSource string
	ForcedDist   int
}

// Extra movement kinds the points ruleset offers in the mode list; they go
// to rules.Mover instead of Reach and have no path.
const (
	modeLeap     = "leap"
	modeTeleport = "teleport"
	modeForced   = "forced"
)

func moverMode(m string) bool { return m == modeLeap || m == modeTeleport || m == modeForced }

// forcedKinds are the kinds of forced movement rules.Mover.Forced knows.
var forcedKinds = []string{rules.ForcedPush, rules.ForcedPull, rules.ForcedSweep, rules.ForcedShove, rules.ForcedDrag}

// overlayReq asks the worker for the overlays of one state of the editor.
// enc is a snapshot nobody edits; the worker only reads it.
type overlayReq struct {
	gen   uint64
	enc   *model.Encounter
	rev   int
	sel   int
	set   overlaySettings
	hover *rules.Point
	drag  int  // token being dragged (flank spots), -1 = none
	share bool // the player display shows the selected token's reach and path
}

// overlayResult is what the rules answered for one request.
type overlayResult struct {
	gen        uint64
	rev, sel   int
	ntok       int // tokens in the snapshot: index-bearing answers are stale when it changed
	reach      []rules.Square
	path       *rules.Path
	pathText   string
	cover      []render.CoverLine
	coverBack  []render.CoverLine
	flanks     []rules.Flank
	threat     []rules.Point
	flankSpots []rules.Point
	collide    []rules.Point // forced movement: end squares reached by a collision
	errs       []string

	// What the player display shows when the GM shares it: the same reach
	// and path computed as if hidden tokens were not there, so that a
	// detour around an unseen enemy gives nothing away.
	playerReach   []rules.Square
	playerCollide []rules.Point
	playerPath    *rules.Path
}

// staticKey is what reach, cover, flanking and threat depend on; the path
// also depends on the hovered square, which changes far more often.
type staticKey struct {
	rev, sel, drag int
	set            overlaySettings
	rs             model.Ruleset
}

// overlayWorker computes overlays on its own goroutine, newest request
// wins: a request that arrives while one is computed replaces any waiting
// one, so input never waits for the rules and stale answers are skipped.
type overlayWorker struct {
	mu      sync.Mutex
	pending *overlayReq
	wake    chan struct{}
	quit    chan struct{}
	deliver func(*overlayResult) // called on the worker goroutine; must post to the UI

	eng    rules.Engine
	engRS  model.Ruleset
	key    staticKey
	have   bool
	static overlayResult
	threat map[int][]rules.Point // per enemy of the selected token (provokes)

	player *overlayWorker // its own engine and cache for the player display's answers
}

func newOverlayWorker(deliver func(*overlayResult)) *overlayWorker {
	w := &overlayWorker{wake: make(chan struct{}, 1), quit: make(chan struct{}), deliver: deliver}
	go w.loop()
	return w
}

func (w *overlayWorker) request(r *overlayReq) {
	w.mu.Lock()
	w.pending = r
	w.mu.Unlock()
	select {
	case w.wake <- struct{}{}:
	default:
	}
}

func (w *overlayWorker) stop() {
	select {
	case <-w.quit:
	default:
		close(w.quit)
	}
}

func (w *overlayWorker) loop() {
	for {
		select {
		case <-w.quit:
			return
		case <-w.wake:
		}
		w.mu.Lock()
		r := w.pending
		w.pending = nil
		w.mu.Unlock()
		if r == nil {
			continue
		}
		res := w.compute(r)
		select {
		case <-w.quit:
			return
		default:
		}
		w.deliver(res)
	}
}

func addErr(errs []string, what string, err error) []string {
	msg := what + ": " + err.Error()
	for _, e := range errs {
		if e == msg {
			return errs
		}
	}
	return append(errs, msg)
}

// compute answers one request. A query that errors leaves its overlay
// empty and adds its message to errs.
func (w *overlayWorker) compute(r *overlayReq) (res *overlayResult) {
	res = &overlayResult{gen: r.gen, rev: r.rev, sel: r.sel}
	if r.enc != nil {
		res.ntok = len(r.enc.Tokens)
	}
	defer func() {
		if p := recover(); p != nil {
			res.errs = append(res.errs, fmt.Sprintf("rules failed: %v", p))
		}
	}()
	e := r.enc
	if e == nil {
		return res
	}
	if w.eng == nil || w.engRS != e.Ruleset {
		eng, err := rules.For(e.Ruleset)
		if err != nil {
			res.errs = addErr(res.errs, "rules", err)
			return res
		}
		w.eng, w.engRS, w.have = eng, e.Ruleset, false
	}
	k := staticKey{rev: r.rev, sel: r.sel, drag: r.drag, set: r.set, rs: e.Ruleset}
	k.set.Path = false
	if !w.have || k != w.key {
		w.static = w.computeStatic(e, r)
		w.key, w.have = k, true
	}
	st := w.static
	res.reach, res.cover, res.coverBack, res.flanks, res.threat, res.flankSpots = st.reach, st.cover, st.coverBack, st.flanks, st.threat, st.flankSpots
	res.collide = st.collide
	res.errs = append(res.errs, st.errs...)
	sel := r.sel
	if r.set.Path && !moverMode(r.set.Mode) && sel >= 0 && sel < len(e.Tokens) && r.hover != nil && e.Grid.In(r.hover.X, r.hover.Y) {
		t := &e.Tokens[sel]
		if r.hover.X != t.X || r.hover.Y != t.Y {
			// the path may use every action the ruleset allows: the
			// status bar says how many it takes
			q := rules.MoveQuery{Token: sel, Mode: r.set.Mode, Actions: rules.MaxActions(e.Ruleset)}
			p, err := w.eng.Path(e, q, r.hover.X, r.hover.Y)
			if err != nil {
				res.errs = addErr(res.errs, "path", err)
			} else {
				// an engine may reuse its buffers on the next call: keep a copy
				p.Steps = append([]rules.Step(nil), p.Steps...)
				res.path = &p
				res.pathText = describePath(e, sel, &p, w.threat)
			}
		}
	}
	if r.share {
		res.playerReach, res.playerPath, res.playerCollide = w.forPlayers(r, res)
	}
	return res
}

// forPlayers answers the shared reach and path as the players may see
// them: on a copy of the encounter without its hidden tokens. A hidden
// selected token shares nothing.
func (w *overlayWorker) forPlayers(r *overlayReq, gm *overlayResult) ([]rules.Square, *rules.Path, []rules.Point) {
	e := r.enc
	if r.sel < 0 || r.sel >= len(e.Tokens) || e.Tokens[r.sel].Hidden {
		return nil, nil, nil
	}
	hidden := false
	for i := range e.Tokens {
		hidden = hidden || e.Tokens[i].Hidden
	}
	if !hidden {
		return gm.reach, gm.path, gm.collide
	}
	pe := *e
	pe.Tokens = nil
	sel := -1
	for i := range e.Tokens {
		if i == r.sel {
			sel = len(pe.Tokens)
		}
		if !e.Tokens[i].Hidden {
			pe.Tokens = append(pe.Tokens, e.Tokens[i])
		}
	}
	if w.player == nil {
		w.player = &overlayWorker{}
	}
	sub := *r
	sub.enc, sub.sel, sub.share, sub.drag = &pe, sel, false, -1
	sub.set.Cover, sub.set.CoverBack, sub.set.Flank, sub.set.Threat = false, false, false, false
	pr := w.player.compute(&sub)
	return pr.reach, pr.path, pr.collide
}

func (w *overlayWorker) computeStatic(e *model.Encounter, r *overlayReq) overlayResult {
	var st overlayResult
	sel := r.sel
	w.threat = map[int][]rules.Point{}
	if sel >= 0 && sel < len(e.Tokens) {
		me := e.Tokens[sel].SideOrNeutral()
		if r.set.Reach && moverMode(r.set.Mode) {
			mv, ok := w.eng.(rules.Mover)
			var sq []rules.Square
			var err error
			switch {
			case !ok:
				err = fmt.Errorf("%s has no %s", e.Ruleset, r.set.Mode)
			case r.set.Mode == modeLeap:
				sq, err = mv.Leap(nil, e, sel)
			case r.set.Mode == modeForced:
				src := e.TokenIndex(r.set.ForcedSource)
				if src < 0 {
					err = fmt.Errorf("choose the token that moves %s (Forced by, in the overlay panel)", e.Tokens[sel].Name)
				} else {
					sq, err = mv.Forced(nil, e, sel, r.set.ForcedKind, src, r.set.ForcedDist)
				}
			default:
				sq, err = mv.Teleport(nil, e, sel, r.set.Range)
			}
			if err != nil {
				st.errs = addErr(st.errs, r.set.Mode, err)
			} else {
				st.reach = append([]rules.Square(nil), sq...)
			}
			if r.set.Mode == modeForced {
				// Forced marks a collision with Facings = 1, which the
				// renderer would draw as a ship's facing arrow: the
				// collision squares get the second band instead, and a
				// cross (drawn by the map view) so colour is not alone
				for i := range st.reach {
					q := &st.reach[i]
					q.Actions = 1
					if q.Facings != 0 {
						q.Actions, q.Facings = 2, 0
						st.collide = append(st.collide, rules.Point{X: q.X, Y: q.Y})
					}
				}
			}
		} else if r.set.Reach {
			q := rules.MoveQuery{Token: sel, Mode: r.set.Mode, Actions: r.set.Actions}
			sq, err := w.eng.Reach(nil, e, q)
			if err != nil {
				st.errs = addErr(st.errs, "reach", err)
			} else {
				st.reach = append([]rules.Square(nil), sq...)
			}
		}
		if r.set.Cover {
			for j := range e.Tokens {
				if j == sel {
					continue
				}
				c, err := w.eng.Cover(e, sel, j)
				if err != nil {
					st.errs = addErr(st.errs, "cover", err)
					break
				}
				st.cover = append(st.cover, render.CoverLine{From: sel, To: j, Cover: c})
			}
			if r.set.CoverBack {
				for j := range e.Tokens {
					if j == sel {
						continue
					}
					c, err := w.eng.Cover(e, j, sel)
					if err != nil {
						st.errs = addErr(st.errs, "cover", err)
						break
					}
					st.coverBack = append(st.coverBack, render.CoverLine{From: j, To: sel, Cover: c})
				}
			}
		}
		if r.set.Path || r.set.Threat {
			for j := range e.Tokens {
				if j != sel && model.Enemies(me, e.Tokens[j].SideOrNeutral()) {
					w.threat[j] = w.eng.Threatened(nil, e, j)
				}
			}
		}
		if r.set.Threat {
			st.threat = unionPoints(w.threat)
		}
	} else if r.set.Threat {
		all := map[int][]rules.Point{}
		for j := range e.Tokens {
			if e.Tokens[j].SideOrNeutral() != model.Neutral {
				all[j] = w.eng.Threatened(nil, e, j)
			}
		}
		st.threat = unionPoints(all)
	}
	if r.set.Flank {
		f, err := w.eng.Flanking(e)
		if err != nil {
			st.errs = addErr(st.errs, "flanking", err)
		} else {
			st.flanks = append([]rules.Flank(nil), f...) // flankSpots calls Flanking again
		}
		if r.drag >= 0 && r.drag < len(e.Tokens) && err == nil {
			st.flankSpots = flankSpots(w.eng, e, r.drag)
		}
	}
	return st
}

func unionPoints(m map[int][]rules.Point) []rules.Point {
	seen := map[rules.Point]bool{}
	var out []rules.Point
	for _, ps := range m {
		for _, p := range ps {
			if !seen[p] {
				seen[p] = true
				out = append(out, p)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Y != out[j].Y {
			return out[i].Y < out[j].Y
		}
		return out[i].X < out[j].X
	})
	return out
}

// flankSpotLimit bounds the positions tried for flank spots, so a drag on a
// crowded map stays quick: at most this many Flanking calls.
const flankSpotLimit = 400

// flankSpots lists the top-left positions where token d, moved there, would
// flank one of its foes. It tries the positions within 3 squares of each
// foe, nearest foes first, up to flankSpotLimit positions.
func flankSpots(eng rules.Engine, e *model.Encounter, d int) []rules.Point {
	me := e.Tokens[d]
	k := e.Space(&me)
	type foe struct{ i, dist int }
	var foes []foe
	for j := range e.Tokens {
		if j != d && model.Enemies(me.SideOrNeutral(), e.Tokens[j].SideOrNeutral()) {
			foes = append(foes, foe{j, max(abs(e.Tokens[j].X-me.X), abs(e.Tokens[j].Y-me.Y))})
		}
	}
	sort.Slice(foes, func(a, b int) bool { return foes[a].dist < foes[b].dist })
	scratch := *e
	scratch.Tokens = append([]model.Token(nil), e.Tokens...)
	seen := map[rules.Point]bool{}
	var out []rules.Point
	tried := 0
	for _, f := range foes {
		ft := &e.Tokens[f.i]
		fk := e.Space(ft)
		for y := ft.Y - k - 2; y <= ft.Y+fk+2; y++ {
			for x := ft.X - k - 2; x <= ft.X+fk+2; x++ {
				p := rules.Point{X: x, Y: y}
				if seen[p] || endRefusal(e, d, x, y) != "" {
					continue
				}
				if tried >= flankSpotLimit {
					return out
				}
				tried++
				scratch.Tokens[d].X, scratch.Tokens[d].Y = x, y
				fl, err := eng.Flanking(&scratch)
				if err != nil {
					return out
				}
				for _, fk := range fl {
					if fk.Target == f.i && (fk.By[0] == d || fk.By[1] == d) {
						seen[p] = true
						out = append(out, p)
						break
					}
				}
			}
		}
	}
	return out
}

// unit is "pt" for the points ruleset and "ft" otherwise.
func unit(r model.Ruleset) string {
	if r == model.Points {
		return "pt"
	}
	return "ft"
}

func plural(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}

// describePath words a path for the status bar, e.g.
// "path 25 ft · 1 action · 1 hazard · provokes Tashtari".
func describePath(e *model.Encounter, sel int, p *rules.Path, threat map[int][]rules.Point) string {
	if !p.Reachable {
		return "no path there"
	}
	parts := []string{fmt.Sprintf("path %d %s", p.Cost, unit(e.Ruleset))}
	switch e.Ruleset {
	case model.Starship:
		// a ship has one move: what the GM needs is where it turns and
		// which way it ends up facing
		parts = append(parts, shipTurns(e.Tokens[sel].Facing, p.Steps)...)
	case model.PF1E:
		parts = append(parts, pf1eActions(e, p))
	default:
		parts = append(parts, plural(max(p.Actions, 1), "action", "actions"))
	}
	var haz, narrow, uneven, diff, greater int
	provokes := map[int]bool{}
	t := e.Tokens[sel]
	k := e.Space(&t)
	px, py := t.X, t.Y
	for _, s := range p.Steps {
		if s.Flags&rules.FlagHazardous != 0 {
			haz++
		}
		if s.Flags&rules.FlagNarrow != 0 {
			narrow++
		}
		if s.Flags&rules.FlagUneven != 0 {
			uneven++
		}
		if s.Flags&rules.FlagGreaterDifficult != 0 {
			greater++
		} else if s.Flags&rules.FlagDifficult != 0 {
			diff++
		}
		if s.Flags&rules.FlagReaction != 0 {
			for j, pts := range threat {
				if spaceTouches(pts, px, py, k) {
					provokes[j] = true
				}
			}
		}
		if s.Turn == rules.NoTurn {
			px, py = s.X, s.Y
		}
	}
	if diff > 0 {
		parts = append(parts, plural(diff, "difficult", "difficult"))
	}
	if greater > 0 {
		parts = append(parts, plural(greater, "greater difficult", "greater difficult"))
	}
	if haz > 0 {
		parts = append(parts, plural(haz, "hazard", "hazards"))
	}
	if narrow > 0 {
		parts = append(parts, plural(narrow, "narrow", "narrow"))
	}
	if uneven > 0 {
		parts = append(parts, plural(uneven, "uneven", "uneven"))
	}
	if len(provokes) > 0 {
		var names []string
		for j := range provokes {
			names = append(names, e.Tokens[j].Name)
		}
		sort.Strings(names)
		parts = append(parts, "provokes "+strings.Join(names, ", "))
	} else {
		for _, s := range p.Steps {
			if s.Flags&rules.FlagReaction != 0 {
				parts = append(parts, "provokes reactions")
				break
			}
		}
	}
	return strings.Join(parts, " · ")
}

// shipTurns words a ship's turns, in order, and the facing it ends with:
// "turns NE, E · ends facing E", or "ends facing N" for a straight move.
func shipTurns(start model.Facing, steps []rules.Step) []string {
	var turns []string
	end := start
	for _, s := range steps {
		if s.Turn != rules.NoTurn {
			end = model.Facing(s.Turn)
			turns = append(turns, end.String())
		}
	}
	var out []string
	switch len(turns) {
	case 0:
	case 1:
		out = append(out, "turns "+turns[0])
	default:
		out = append(out, "turns "+strings.Join(turns, ", "))
	}
	return append(out, "ends facing "+end.String())
}

// pf1eActions names a pf1e path's actions as the book does: a move action,
// a double move, or the full-round action that moves 5 feet (minimum
// movement: one step that costs one square yet needs both actions).
func pf1eActions(e *model.Encounter, p *rules.Path) string {
	one := 5
	if f := e.FeetPerSquare; f != 0 && f != 5 {
		one = 1 // costs count squares
	}
	switch {
	case p.Actions >= 2 && len(p.Steps) == 1 && p.Cost == one:
		return "full-round minimum move"
	case p.Actions >= 2:
		return "double move"
	}
	return "move action"
}

func spaceTouches(pts []rules.Point, x, y, k int) bool {
	for _, p := range pts {
		if p.X >= x && p.X < x+k && p.Y >= y && p.Y < y+k {
			return true
		}
	}
	return false
}

// blockedDrop says why (x, y) is not a free place for token d: off the
// map, on a wall or obstacle, or overlapping any other token; "" when it
// is free. It is for finding room for a new token; where a token may end
// its move by the ruleset is endRefusal.
func blockedDrop(e *model.Encounter, d, x, y int) string {
	return dropCheck(e, d, x, y, false)
}

// endRefusal says why token d may not end a move at (x, y) under the
// encounter's ruleset, "" when it may: as blockedDrop, except that the
// spaces the ruleset lets two tokens share are allowed (a tiny creature
// with anyone in sf2e and pf1e, ships two or more sizes apart).
func endRefusal(e *model.Encounter, d, x, y int) string {
	return dropCheck(e, d, x, y, true)
}

// mayShare reports whether tokens of sizes a and b may end their moves in
// overlapping spaces under ruleset r (rules-conventions.md: "a tiny
// creature is one of the two" in sf2e and pf1e; starship "sizes differ by
// two or more"; points has no exception).
func mayShare(r model.Ruleset, a, b model.Size) bool {
	switch r {
	case model.SF2E, model.PF1E:
		return a <= model.Tiny || b <= model.Tiny
	case model.Starship:
		return abs(int(a)-int(b)) >= 2
	}
	return false
}

func dropCheck(e *model.Encounter, d, x, y int, byRules bool) string {
	t := &e.Tokens[d]
	k := e.Space(t)
	if x < 0 || y < 0 || x+k > e.Grid.W || y+k > e.Grid.H {
		return "off the map"
	}
	for yy := y; yy < y+k; yy++ {
		for xx := x; xx < x+k; xx++ {
			tr := e.Grid.At(xx, yy)
			if tr.Any(model.Wall) {
				return fmt.Sprintf("(%d, %d) is a wall", xx, yy)
			}
			if tr.Any(model.Obstacle) {
				return fmt.Sprintf("(%d, %d) is an obstacle", xx, yy)
			}
		}
	}
	for j := range e.Tokens {
		if j == d {
			continue
		}
		o := &e.Tokens[j]
		if byRules && mayShare(e.Ruleset, t.Size, o.Size) {
			continue
		}
		ok := e.Space(o)
		if x < o.X+ok && o.X < x+k && y < o.Y+ok && o.Y < y+k {
			return "occupied by " + o.Name
		}
	}
	return ""
}
