// Package session is the editor's logic that needs no window: the overlay
// worker that asks the rules engine on its own goroutine, the words of the
// status bar's path, where a token may be dropped, the painting tools and
// the undo History. The Fyne editor in ui/ drives it; tests drive it with
// tables and no window.
package session

import (
	"cmp"
	"fmt"
	"slices"
	"sort"
	"sync"
	"time"

	"encounterplanner/model"
	"encounterplanner/rules"
	"encounterplanner/ui/render"
)

// Settings are the switches of the overlays panel.
type Settings struct {
	Reach     bool
	Mode      string
	Actions   int
	Path      bool
	Cover     bool
	CoverBack bool // also the cover the selected token has from the others
	// CoverAllies also shows cover toward the selected token's allies;
	// off, cover goes only to tokens that are not on its side (enemies
	// and neutrals), which is what a GM asks in a fight
	CoverAllies bool
	Flank       bool
	Threat      bool
	Range       int // teleport range in squares (points)

	// End is where a flight's reach and path end in height, in feet,
	// when EndSet (sf2e, pf1e); unset, the token's own (elevation.go)
	End    int
	EndSet bool

	// forced movement (points): the kind, the token that moves the
	// selected one (by id, so edits that reorder tokens keep it) and the
	// distance in squares
	ForcedKind   string
	ForcedSource string
	ForcedDist   int
}

// Extra movement kinds the points ruleset offers in the mode list
// (rules.Ruleset.MoverModes); they go to rules.Mover instead of Reach and
// have no path.
const (
	modeLeap     = rules.ModeLeap
	modeTeleport = rules.ModeTeleport
	modeForced   = rules.ModeForced
)

// MoverMode reports whether m is one of the points ruleset's extra
// movements (leap, teleport, forced), which have no path.
func MoverMode(m string) bool { return m == modeLeap || m == modeTeleport || m == modeForced }

// ForcedKinds are the kinds of forced movement rules.Mover.Forced knows.
var ForcedKinds = []string{rules.ForcedPush, rules.ForcedPull, rules.ForcedSweep, rules.ForcedShove, rules.ForcedDrag}

// Request asks the worker for the overlays of one state of the editor.
// Enc is a snapshot nobody edits; the worker only reads it.
type Request struct {
	Gen   uint64 // the editor's request number: an answer carries it back
	Enc   *model.Encounter
	Rev   int // the editor's revision of Enc
	Sel   int // the selected token, -1 = none
	Set   Settings
	Hover *rules.Point // the hovered square (the path goes there), nil = none
	Drag  int          // token being dragged (flank spots), -1 = none
	Share bool         // the player display shows the selected token's reach and path
}

// Result is what the rules answered for one request.
type Result struct {
	Gen        uint64
	Rev, Sel   int
	NTok       int // tokens in the snapshot: index-bearing answers are stale when it changed
	Reach      []rules.Square
	Path       *rules.Path
	PathText   string // the path in the status bar's words (DescribePath)
	Cover      []render.CoverLine
	CoverBack  []render.CoverLine
	CoverLeft  int // creatures farther than the MaxCover nearest: no cover shown for them
	Flanks     []rules.Flank
	Threat     []rules.Point
	FlankSpots []rules.Point
	Collide    []rules.Point // forced movement: end squares reached by a collision
	Errs       []string
	// SpotsPending: the dragged token's flank spots are still being
	// looked for; another answer, with them, follows unless a newer
	// request comes first
	SpotsPending bool

	// PathEnd is the top-left square of the space the path ends in when
	// that is not the hovered square: a larger token's shaded square
	// whose own top-left position it cannot reach (coveringEnd); nil
	// otherwise. The hover outline goes there.
	PathEnd *rules.Point

	// What the player display shows when the GM shares it: the same reach
	// and path computed as if hidden tokens were not there, so that a
	// detour around an unseen enemy gives nothing away.
	PlayerReach   []rules.Square
	PlayerCollide []rules.Point
	PlayerPath    *rules.Path
}

// staticKey is what reach, cover, flanking and threat depend on; the path
// also depends on the hovered square, which changes far more often, and
// the flank spots on the dragged token (spotKey), so that a drag's first
// move does not compute the others again.
type staticKey struct {
	Rev, Sel int
	Set      Settings
	rs       model.Ruleset
}

// spotKey is what the flank spots depend on.
type spotKey struct {
	Rev, Drag int
	rs        model.Ruleset
}

// Worker computes overlays on its own goroutine, newest request
// wins: a request that arrives while one is computed replaces any waiting
// one, so input never waits for the rules and stale answers are skipped.
type Worker struct {
	mu      sync.Mutex
	pending *Request
	wake    chan struct{}
	quit    chan struct{}
	deliver func(*Result) // called on the worker goroutine; must post to the UI

	eng     rules.Engine
	engRS   model.Ruleset
	key     staticKey
	have    bool
	static  Result
	threats map[int][]rules.Point // per enemy of the selected token (provokes)
	flankOK bool                  // flanking answered (flank spots are looked for)

	// the flank spots of the dragged token: found a slice at a time
	// between requests (a drag's moves are answered meanwhile), complete
	// when spotter is nil
	spots     spotKey
	haveSpots bool
	spotter   *flankSpotter
	spotsOut  []rules.Point
	last      *Result // the last answer delivered: given again with the spots

	player *Worker // its own engine and cache for the player display's answers

	latest   *Result       // the last answer delivered (under mu), for Wait
	answered chan struct{} // closed and replaced at each answer (under mu)
}

// NewWorker starts a worker that hands each answer to deliver, on the
// worker's goroutine (deliver must post it to the UI). Stop ends it.
func NewWorker(deliver func(*Result)) *Worker {
	w := &Worker{wake: make(chan struct{}, 1), quit: make(chan struct{}), deliver: deliver, answered: make(chan struct{})}
	go w.loop()
	return w
}

// Request asks for r's overlays; it replaces a request still waiting.
func (w *Worker) Request(r *Request) {
	w.mu.Lock()
	w.pending = r
	w.mu.Unlock()
	select {
	case w.wake <- struct{}{}:
	default:
	}
}

// Stop ends the worker's goroutine; an answer being computed is dropped.
func (w *Worker) Stop() {
	select {
	case <-w.quit:
	default:
		close(w.quit)
	}
}

// spotSlice is how long the answer to a drag's first move looks for flank
// spots before it goes out without them; the rest are found in the
// worker's idle time, between two of the rules' Flanking calls looking
// for a newer request (the most a move waits behind them is one call).
const spotSlice = time.Millisecond

// hasPending reports whether a request waits.
func (w *Worker) hasPending() bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.pending != nil
}

func (w *Worker) loop() {
	for {
		if w.spotter == nil {
			select {
			case <-w.quit:
				return
			case <-w.wake:
			}
		} else {
			select {
			case <-w.quit:
				return
			case <-w.wake:
			default:
			}
		}
		w.mu.Lock()
		r := w.pending
		w.pending = nil
		w.mu.Unlock()
		var res *Result
		if r != nil {
			res = w.compute(r, false)
		} else if w.spotter != nil {
			// idle: go on looking for flank spots; once all are found,
			// the last answer again, with them
			if !w.spotter.step(time.Time{}, w.hasPending) {
				continue
			}
			w.spotsOut, w.spotter = w.spotter.out, nil
			if w.last == nil {
				continue
			}
			again := *w.last
			again.FlankSpots, again.SpotsPending = w.spotsOut, false
			res = &again
		} else {
			continue
		}
		select {
		case <-w.quit:
			return
		default:
		}
		w.last = res
		w.mu.Lock()
		w.latest = res
		if w.answered != nil {
			close(w.answered)
			w.answered = make(chan struct{})
		}
		w.mu.Unlock()
		w.deliver(res)
	}
}

// Wait returns the answer to request gen, or to a newer one, as soon as
// the worker has it, or nil when d passes first. The answer is delivered
// as usual too. While a token is dragged the editor waits a little for
// the path to the new square, so the frame that shows the ghost there
// shows its path too, instead of the next one.
func (w *Worker) Wait(gen uint64, d time.Duration) *Result {
	t := time.NewTimer(d)
	defer t.Stop()
	for {
		w.mu.Lock()
		r, ch := w.latest, w.answered
		w.mu.Unlock()
		if r != nil && r.Gen >= gen {
			return r
		}
		if ch == nil {
			return nil
		}
		select {
		case <-ch:
		case <-t.C:
			return nil
		case <-w.quit:
			return nil
		}
	}
}

func addErr(errs []string, what string, err error) []string {
	return addMsg(errs, gmWords(what, err))
}

// addMsg adds msg, a sentence for the GM, to errs unless it is there.
func addMsg(errs []string, msg string) []string {
	for _, e := range errs {
		if e == msg {
			return errs
		}
	}
	return append(errs, msg)
}

// Compute answers one request, flank spots and all. A query that errors
// leaves its overlay empty and adds its message to errs.
func (w *Worker) Compute(r *Request) *Result { return w.compute(r, true) }

// compute answers one request; without whole, flank spots not yet found
// are left to the worker's idle time (the answer has none).
func (w *Worker) compute(r *Request, whole bool) (res *Result) {
	res = &Result{Gen: r.Gen, Rev: r.Rev, Sel: r.Sel}
	if r.Enc != nil {
		res.NTok = len(r.Enc.Tokens)
	}
	defer func() {
		if p := recover(); p != nil {
			res.Errs = append(res.Errs, fmt.Sprintf("the rules could not answer this (please report it): %v", p))
		}
	}()
	e := r.Enc
	if e == nil {
		return res
	}
	if m, d := FitMode(e, r.Sel, r.Set.Mode), rules.Describe(e.Ruleset); m != r.Set.Mode || !d.Cover && (r.Set.Cover || r.Set.CoverBack) || !d.Flanking && r.Set.Flank {
		// a mode left from another ruleset or token, or cover and
		// flanking where the ruleset has none (a request made while the
		// editor switched), fall back silently: the panel says why
		fr := *r
		fr.Set.Mode = m
		fr.Set.Cover = fr.Set.Cover && d.Cover
		fr.Set.CoverBack = fr.Set.CoverBack && d.Cover
		fr.Set.Flank = fr.Set.Flank && d.Flanking
		r = &fr
	}
	if w.eng == nil || w.engRS != e.Ruleset {
		eng, err := rules.For(e.Ruleset)
		if err != nil {
			res.Errs = addErr(res.Errs, "rules", err)
			return res
		}
		w.eng, w.engRS, w.have, w.haveSpots, w.spotter = eng, e.Ruleset, false, false, nil
	}
	k := staticKey{Rev: r.Rev, Sel: r.Sel, Set: r.Set, rs: e.Ruleset}
	k.Set.Path = false
	if !w.have || k != w.key {
		w.static = w.computeStatic(e, r)
		w.key, w.have = k, true
	}
	st := w.static
	res.Reach, res.Cover, res.CoverBack, res.Flanks, res.Threat = st.Reach, st.Cover, st.CoverBack, st.Flanks, st.Threat
	res.CoverLeft = st.CoverLeft
	if r.Set.Flank && r.Drag >= 0 && r.Drag < len(e.Tokens) && w.flankOK {
		res.FlankSpots = w.flankSpots(e, r, whole)
		res.SpotsPending = w.spotter != nil
	} else {
		w.haveSpots, w.spotter = false, nil // no drag: no spots to look for
	}
	res.Collide = st.Collide
	res.Errs = append(res.Errs, st.Errs...)
	sel := r.Sel
	if r.Set.Path && !MoverMode(r.Set.Mode) && sel >= 0 && sel < len(e.Tokens) && r.Hover != nil && e.Grid.In(r.Hover.X, r.Hover.Y) {
		t := &e.Tokens[sel]
		if r.Hover.X != t.X || r.Hover.Y != t.Y || endsElsewhere(e, sel, r.Set) {
			// the path may use every action the ruleset allows: the
			// status bar says how many it takes
			q := rules.MoveQuery{Token: sel, Mode: r.Set.Mode, Actions: rules.Describe(e.Ruleset).MaxActions}
			endElevation(e, r.Set, &q)
			spent := TurnQuery(e, sel, &q) // in a fight, what is left of its turn (fight.go)
			if why := CannotMove(e, sel); why != "" {
				res.Errs = addMsg(res.Errs, why) // no path: it does not move itself (move.go)
			} else if why := missingSpeed(e, sel, r.Set.Mode); why != "" {
				res.Errs = addMsg(res.Errs, why)
			} else if spent != "" {
				res.Path = nil // no path: the reach says why
			} else if p, err := w.eng.Path(e, q, r.Hover.X, r.Hover.Y); err != nil {
				res.Errs = addErr(res.Errs, "path", err)
			} else {
				if !p.Reachable && r.Drag != sel {
					// a shaded square of a larger space: the path to a
					// position whose space covers it (not in a drag,
					// whose ghost is where the token lands)
					if at, ok := coveringEnd(e, sel, res.Reach, r.Hover.X, r.Hover.Y); ok {
						if p2, err := w.eng.Path(e, q, at.X, at.Y); err == nil && p2.Reachable {
							p, res.PathEnd = p2, &at
						}
					}
				}
				// an engine may reuse its buffers on the next call: keep a copy
				p.Steps = append([]rules.Step(nil), p.Steps...)
				res.Path = &p
				res.PathText = DescribePath(e, sel, r.Set.Mode, &p, w.threats)
				keepPaidTerrainMarks(e, sel, r.Set.Mode, p.Steps)
				if res.PathEnd != nil {
					res.PathText += fmt.Sprintf(" · ends at (%d, %d)", res.PathEnd.X, res.PathEnd.Y)
				}
				if !p.Reachable {
					res.PathText = Unreached(e, sel, r.Hover.X, r.Hover.Y, r.Set) // move.go
				}
			}
		}
	}
	if moverHovered(e, r, len(st.Errs) == 0) {
		// a leap, teleport or forced movement has no path: say whether
		// it ends on the hovered square (moverwords.go)
		res.PathText = MoverWords(e, sel, r.Set, res.Reach, res.Collide, r.Hover.X, r.Hover.Y)
	}
	if r.Share {
		res.PlayerReach, res.PlayerPath, res.PlayerCollide = w.forPlayers(r, res)
	}
	return res
}

// PathEndFor is r's PathEnd when r answers for token sel and a space of
// k squares there covers the hovered square h (the answer is for this
// hover, not one the pointer has left), else nil. r may be nil.
func (r *Result) PathEndFor(sel int, h rules.Point, k int) *rules.Point {
	if r == nil || r.PathEnd == nil || r.Sel != sel {
		return nil
	}
	if at := *r.PathEnd; at.X <= h.X && h.X < at.X+k && at.Y <= h.Y && h.Y < at.Y+k && at != h {
		return &at
	}
	return nil
}

// coveringEnd is where token sel ends when the GM points at (x, y), a
// square of its reach's shading that is not a position it reaches: the
// shading covers each reached position's whole space, and the hover
// takes the hovered square as the space's top-left. Among the positions
// in reach (the shaded ones) whose space covers (x, y), the one reached
// with the fewest actions, then the least cost, then with its top-left
// nearest (x, y) (the fewest squares across and down), then by y and x.
// ok is false for a token of one square, or when none covers it. Time
// O(len(reach)).
func coveringEnd(e *model.Encounter, sel int, reach []rules.Square, x, y int) (at rules.Point, ok bool) {
	k := e.Space(&e.Tokens[sel])
	if k <= 1 {
		return rules.Point{}, false
	}
	var best rules.Square
	better := func(a, b rules.Square) bool {
		if a.Actions != b.Actions {
			return a.Actions < b.Actions
		}
		if a.Cost != b.Cost {
			return a.Cost < b.Cost
		}
		if da, db := x-a.X+y-a.Y, x-b.X+y-b.Y; da != db {
			return da < db
		}
		if a.Y != b.Y {
			return a.Y < b.Y
		}
		return a.X < b.X
	}
	for _, s := range reach {
		if s.X <= x && x < s.X+k && s.Y <= y && y < s.Y+k && (!ok || better(s, best)) {
			best, ok = s, true
		}
	}
	return rules.Point{X: best.X, Y: best.Y}, ok
}

// forPlayers answers the shared reach and path as the players may see
// them: on a copy of the encounter without its hidden tokens. A hidden
// selected token shares nothing.
func (w *Worker) forPlayers(r *Request, gm *Result) ([]rules.Square, *rules.Path, []rules.Point) {
	e := r.Enc
	if r.Sel < 0 || r.Sel >= len(e.Tokens) || e.Tokens[r.Sel].Hidden {
		return nil, nil, nil
	}
	hidden := gmOnlyTerrain(e)
	for i := range e.Tokens {
		hidden = hidden || e.Tokens[i].Hidden
	}
	if !hidden {
		return gm.Reach, gm.Path, gm.Collide
	}
	pe, sel := PlayersView(e, r.Sel)
	if w.player == nil {
		w.player = &Worker{}
	}
	sub := *r
	sub.Enc, sub.Sel, sub.Share, sub.Drag = pe, sel, false, -1
	sub.Set.Cover, sub.Set.CoverBack, sub.Set.Flank, sub.Set.Threat = false, false, false, false
	pr := w.player.Compute(&sub)
	return pr.Reach, pr.Path, pr.Collide
}

func (w *Worker) computeStatic(e *model.Encounter, r *Request) Result {
	var st Result
	sel := r.Sel
	w.threats = map[int][]rules.Point{}
	if sel >= 0 && sel < len(e.Tokens) {
		me := e.Tokens[sel].SideOrNeutral()
		if why := CannotMove(e, sel); why != "" && r.Set.Reach && r.Set.Mode != modeForced {
			// no reach of its own (move.go); forced movement is done to
			// it, and an unconscious creature is pushed like any other
			st.Errs = addMsg(st.Errs, why)
		} else if r.Set.Reach && MoverMode(r.Set.Mode) {
			mv, ok := w.eng.(rules.Mover)
			var sq []rules.Square
			var err error
			switch {
			case !ok:
				err = rules.BadQuery("%s has no %s movement", rules.Describe(e.Ruleset).Title, r.Set.Mode)
			case r.Set.Mode == modeLeap:
				sq, err = mv.Leap(nil, e, sel)
			case r.Set.Mode == modeForced:
				src := e.TokenIndex(r.Set.ForcedSource)
				if src < 0 {
					err = rules.BadQuery("choose the token that moves %s (Forced by, in the overlay panel)", e.Tokens[sel].Name)
				} else {
					sq, err = mv.Forced(nil, e, sel, r.Set.ForcedKind, src, r.Set.ForcedDist)
				}
			default:
				sq, err = mv.Teleport(nil, e, sel, r.Set.Range)
			}
			if err != nil {
				st.Errs = addErr(st.Errs, r.Set.Mode, err)
			} else {
				st.Reach = append([]rules.Square(nil), sq...)
			}
			if r.Set.Mode == modeForced {
				// Forced marks a collision with Facings = 1, which the
				// renderer would draw as a ship's facing arrow: the
				// collision squares get the second band instead, and a
				// cross (drawn by the map view) so colour is not alone
				for i := range st.Reach {
					q := &st.Reach[i]
					q.Actions = 1
					if q.Facings != 0 {
						q.Actions, q.Facings = 2, 0
						st.Collide = append(st.Collide, rules.Point{X: q.X, Y: q.Y})
					}
				}
			}
		} else if r.Set.Reach {
			q := rules.MoveQuery{Token: sel, Mode: r.Set.Mode, Actions: r.Set.Actions}
			endElevation(e, r.Set, &q)
			spent := TurnQuery(e, sel, &q) // in a fight, what is left of its turn (fight.go)
			if why := missingSpeed(e, sel, r.Set.Mode); why != "" {
				st.Errs = addMsg(st.Errs, why)
			} else if spent != "" {
				st.Errs = addMsg(st.Errs, spent)
			} else if sq, err := w.eng.Reach(nil, e, q); err != nil {
				st.Errs = addErr(st.Errs, "reach", err)
			} else {
				// sf2e and pf1e size the answer to what they reached (one
				// allocation, which the UI keeps: a buffer the worker kept
				// and a copy for the UI held twice its memory); the
				// engines that append are copied to size
				if cap(sq)-len(sq) > len(sq)/8+64 {
					sq = slices.Clone(sq)
				}
				st.Reach = sq
			}
		}
		if r.Set.Cover {
			var to []int
			to, st.CoverLeft = CoverTargets(e, sel, r.Set.CoverAllies)
			for _, j := range to {
				c, err := w.eng.Cover(e, sel, j)
				if err != nil {
					st.Errs = addErr(st.Errs, "cover", err)
					break
				}
				st.Cover = append(st.Cover, render.CoverLine{From: sel, To: j, Cover: c})
			}
			if r.Set.CoverBack {
				for _, j := range to {
					c, err := w.eng.Cover(e, j, sel)
					if err != nil {
						st.Errs = addErr(st.Errs, "cover", err)
						break
					}
					st.CoverBack = append(st.CoverBack, render.CoverLine{From: j, To: sel, Cover: c})
				}
			}
		}
		if r.Set.Path || r.Set.Threat {
			for j := range e.Tokens {
				if j != sel && model.Enemies(me, e.Tokens[j].SideOrNeutral()) {
					w.threats[j] = threatAt(w.eng, e, j, sel)
				}
			}
		}
		if r.Set.Threat {
			st.Threat = unionPoints(w.threats)
		}
	} else if r.Set.Threat {
		all := map[int][]rules.Point{}
		for j := range e.Tokens {
			if e.Tokens[j].SideOrNeutral() != model.Neutral {
				all[j] = w.eng.Threatened(nil, e, j)
			}
		}
		st.Threat = unionPoints(all)
	}
	w.flankOK = false
	if r.Set.Flank {
		f, err := w.eng.Flanking(e)
		w.flankOK = err == nil
		if err != nil {
			st.Errs = addErr(st.Errs, "flanking", err)
		} else {
			st.Flanks = append([]rules.Flank(nil), f...) // FlankSpots calls Flanking again
		}
	}
	return st
}

// flankSpots are the dragged token's flank spots, found once per revision
// and token. Without whole, the search gets one spotSlice here (a small
// map's spots come with the drag's first answer) and goes on in the
// worker's idle time: nil until then.
func (w *Worker) flankSpots(e *model.Encounter, r *Request, whole bool) []rules.Point {
	k := spotKey{Rev: r.Rev, Drag: r.Drag, rs: e.Ruleset}
	if !w.haveSpots || k != w.spots {
		w.spots, w.haveSpots = k, true
		w.spotter, w.spotsOut = newFlankSpotter(w.eng, e, r.Drag), nil
		deadline := time.Now().Add(spotSlice)
		if whole {
			deadline = time.Time{}
		}
		if w.spotter.step(deadline, w.hasPending) {
			w.spotsOut, w.spotter = w.spotter.out, nil
		}
	}
	if w.spotter != nil && whole {
		w.spotter.step(time.Time{}, nil)
		w.spotsOut, w.spotter = w.spotter.out, nil
	}
	if w.spotter != nil {
		return nil
	}
	return w.spotsOut
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
// Crowded map stays quick: at most this many Flanking calls.
const flankSpotLimit = 400

// FlankSpots lists the top-left positions where token d, moved there, would
// flank one of its foes. It tries the positions within 3 squares of each
// foe, nearest foes first, up to flankSpotLimit positions.
func FlankSpots(eng rules.Engine, e *model.Encounter, d int) []rules.Point {
	s := newFlankSpotter(eng, e, d)
	s.step(time.Time{}, nil)
	return s.out
}

// flankSpotter is FlankSpots a slice at a time: step tries positions
// until a deadline, and resumes where it stopped.
type flankSpotter struct {
	eng     rules.Engine
	e       *model.Encounter
	d, k    int
	foes    []spotFoe
	fi      int // the foe being tried
	x, y    int // the next position around it
	started bool
	tried   int
	scratch model.Encounter
	seen    map[rules.Point]bool
	out     []rules.Point
}

type spotFoe struct{ i, dist int }

func newFlankSpotter(eng rules.Engine, e *model.Encounter, d int) *flankSpotter {
	me := e.Tokens[d]
	s := &flankSpotter{eng: eng, e: e, d: d, k: e.Space(&me), seen: map[rules.Point]bool{}}
	for j := range e.Tokens {
		if j != d && model.Enemies(me.SideOrNeutral(), e.Tokens[j].SideOrNeutral()) {
			s.foes = append(s.foes, spotFoe{j, max(abs(e.Tokens[j].X-me.X), abs(e.Tokens[j].Y-me.Y))})
		}
	}
	sort.Slice(s.foes, func(a, b int) bool { return s.foes[a].dist < s.foes[b].dist })
	s.scratch = *e
	s.scratch.Tokens = append([]model.Token(nil), e.Tokens...)
	return s
}

// step tries positions until the deadline passes (the zero time: no
// deadline) or stop, when given, reports true (a newer request waits),
// and reports whether every position was tried.
func (s *flankSpotter) step(deadline time.Time, stop func() bool) bool {
	e, d, k := s.e, s.d, s.k
	for ; s.fi < len(s.foes); s.fi, s.started = s.fi+1, false {
		f := s.foes[s.fi]
		ft := &e.Tokens[f.i]
		fk := e.Space(ft)
		if !s.started {
			s.x, s.y, s.started = ft.X-k-2, ft.Y-k-2, true
		}
		for ; s.y <= ft.Y+fk+2; s.y, s.x = s.y+1, ft.X-k-2 {
			for ; s.x <= ft.X+fk+2; s.x++ {
				p := rules.Point{X: s.x, Y: s.y}
				if s.seen[p] || EndRefusal(e, d, p.X, p.Y) != "" {
					continue
				}
				if s.tried >= flankSpotLimit {
					s.fi = len(s.foes)
					return true
				}
				if !deadline.IsZero() && time.Now().After(deadline) || stop != nil && stop() {
					return false
				}
				s.tried++
				s.scratch.Tokens[d].X, s.scratch.Tokens[d].Y = p.X, p.Y
				fl, err := s.eng.Flanking(&s.scratch)
				if err != nil {
					s.fi = len(s.foes)
					return true
				}
				for _, fk := range fl {
					if fk.Target == f.i && (fk.By[0] == d || fk.By[1] == d) {
						s.seen[p] = true
						s.out = append(s.out, p)
						break
					}
				}
			}
		}
	}
	return true
}

// PlayersView is a shallow copy of e as the players know it: without its
// hidden tokens, and with open ground on its GM-only squares (a hidden
// wall or trap: the player display draws open ground there), and the
// index there of token sel (-1 when it is hidden or none). The players'
// answers are computed on it, so that nothing gives a hidden token or
// square away: a reach that stopped at a hidden wall drew its outline.
// The tokens are shared with e; the caller must not change them.
func PlayersView(e *model.Encounter, sel int) (*model.Encounter, int) {
	pe := *e
	if gmOnlyTerrain(e) {
		pe.Grid.Cells = slices.Clone(e.Grid.Cells)
		for i, hid := range e.GMOnly {
			if hid {
				pe.Grid.Cells[i] = 0
			}
		}
	}
	pe.Tokens = nil
	psel := -1
	for i := range e.Tokens {
		if e.Tokens[i].Hidden {
			continue
		}
		if i == sel {
			psel = len(pe.Tokens)
		}
		pe.Tokens = append(pe.Tokens, e.Tokens[i])
	}
	return &pe, psel
}

// gmOnlyTerrain reports whether e has a GM-only square.
func gmOnlyTerrain(e *model.Encounter) bool {
	return len(e.GMOnly) == len(e.Grid.Cells) && slices.Contains(e.GMOnly, true)
}

// Shown is what the overlay switches set show of the answer r for token
// sel of e (-1: none): reach (with forced movement's collisions), path,
// cover both ways, enemy reach and flanking, in the ruleset's unit. An answer for another token list (its
// indices may be stale) or another selection shows nothing of the
// selection's; the editor adds its hover, ghost and warnings.
func Shown(e *model.Encounter, sel int, set Settings, r *Result) *render.Overlays {
	o := render.NewOverlays()
	o.Units = rules.Describe(e.Ruleset).Unit
	o.Selected = sel
	o.Areas = AreaShades(e)
	if r == nil || r.NTok != len(e.Tokens) {
		return o
	}
	if r.Sel == sel && sel < len(e.Tokens) {
		if set.Reach {
			o.Reach, o.Collide = r.Reach, r.Collide
		}
		if set.Path && r.Path != nil {
			o.Path, o.PathFrom = r.Path, sel
		}
		if set.Cover {
			o.Cover = slices.Concat(r.Cover, r.CoverBack) // one array, every rebuild
		}
		if set.Threat {
			o.Threat = r.Threat
		}
	}
	if set.Flank {
		o.Flanks = r.Flanks
	}
	return o
}

// MaxCover is the most creatures the cover overlay and its answers show
// cover toward from the selected token: the nearest ones.
const MaxCover = 12

// CoverTargets lists, in token order, the creatures the cover overlay
// answers for token sel: the others not on its side (every other with
// allies), the MaxCover nearest of them by rules.TokenDistance (on equal
// distances the earlier token), and how many farther ones were left out.
//
// On a map of 1000 tokens a selection drew a line to each of 500 enemies,
// hundreds of squares away over half the map, and listed every one: the
// nearest are the ones a GM asks about (who can shoot whom this turn).
// O(n log n) for n tokens; the cover itself is worked out for at most
// MaxCover of them.
func CoverTargets(e *model.Encounter, sel int, allies bool) (to []int, left int) {
	me := e.Tokens[sel].SideOrNeutral()
	type cand struct{ j, d int }
	var cs []cand
	for j := range e.Tokens {
		if j == sel || !allies && model.Allies(me, e.Tokens[j].SideOrNeutral()) {
			continue
		}
		cs = append(cs, cand{j, rules.TokenDistance(e, sel, j).Squares})
	}
	if len(cs) > MaxCover {
		slices.SortFunc(cs, func(a, b cand) int { return cmp.Or(cmp.Compare(a.d, b.d), cmp.Compare(a.j, b.j)) })
		left = len(cs) - MaxCover
		cs = cs[:MaxCover]
		slices.SortFunc(cs, func(a, b cand) int { return cmp.Compare(a.j, b.j) })
	}
	to = make([]int, len(cs))
	for i, c := range cs {
		to[i] = c.j
	}
	return to, left
}
