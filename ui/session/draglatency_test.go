package session

import (
	"fmt"
	"image"
	"math/rand"
	"sort"
	"testing"
	"time"

	"encounterplanner/model"
	"encounterplanner/rules"
	"encounterplanner/ui/render"
)

// crowdedMap is a w x h sf2e map like the one .ci/apptime and .ci/dragtime
// open: 10% walls, 5% greater difficult, 20% difficult terrain and n
// tokens, party and enemy at random, each with a land Speed of 30 ft.
func crowdedMap(w, h, n int) *model.Encounter {
	e := &model.Encounter{Name: "Crowded", Ruleset: model.SF2E, Grid: model.NewGrid(w, h)}
	r := rand.New(rand.NewSource(1))
	for i := range e.Grid.Cells {
		switch p := r.Float64(); {
		case p < .10:
			e.Grid.Cells[i] = model.Wall
		case p < .15:
			e.Grid.Cells[i] = model.GreaterDifficult
		case p < .35:
			e.Grid.Cells[i] = model.Difficult
		}
	}
	used := map[rules.Point]bool{}
	for len(e.Tokens) < n {
		x, y := r.Intn(w), r.Intn(h)
		if e.Grid.At(x, y).Any(model.Wall) || used[rules.Point{X: x, Y: y}] {
			continue
		}
		used[rules.Point{X: x, Y: y}] = true
		side := "party"
		if r.Intn(2) == 1 {
			side = "enemy"
		}
		e.Tokens = append(e.Tokens, model.Token{ID: fmt.Sprintf("00000000-0000-4000-8000-%012d", len(e.Tokens)), Name: fmt.Sprintf("T%d", len(e.Tokens)), X: x, Y: y, Size: model.Medium, Side: side, Speeds: map[string]int{"land": 30}})
	}
	if err := model.Validate(e); err != nil {
		panic(err)
	}
	return e
}

// everyOverlay is the overlays panel with every switch on: 3-action
// reach, the path, cover both ways, flanking and the enemies' reach.
var everyOverlay = Settings{Reach: true, Mode: rules.ModeLand, Actions: 3, Path: true, Cover: true, CoverBack: true, Flank: true, Threat: true}

// dragPipeline is the overlay pipeline as the editor runs it: the worker on
// its own goroutine, its answers handed back to "the UI goroutine" (the
// caller), which assembles the overlays (session.Shown, the flank spots,
// the warnings, the ghost) and draws the frame with its own Renderer.
type dragPipeline struct {
	e       *model.Encounter
	w       *Worker
	answers chan *Result
	gen     uint64
	rend    *render.Renderer
	img     *image.RGBA
	view    render.View
	sel     int
	set     Settings
	shown   *Result // the newest answer applied
}

func newDragPipeline(e *model.Encounter, sel int, set Settings, fw, fh int) *dragPipeline {
	p := &dragPipeline{e: e, answers: make(chan *Result, 16), rend: render.NewRenderer(), img: image.NewRGBA(image.Rect(0, 0, fw, fh)), sel: sel, set: set}
	p.rend.KeepBase() // as the map view's
	p.w = NewWorker(func(r *Result) { p.answers <- r })
	// the map view fits the whole map on opening
	s := min(float64(fw)/float64(e.Grid.W), float64(fh)/float64(e.Grid.H)) * 0.98
	p.view = render.View{Scale: s, OriginX: (float64(e.Grid.W) - float64(fw)/s) / 2, OriginY: (float64(e.Grid.H) - float64(fh)/s) / 2}
	return p
}

// request is requestOverlays: the hovered square (or the ghost) and the
// dragged token, -1 for none. It returns the request's number.
func (p *dragPipeline) request(hover rules.Point, drag int) uint64 {
	p.gen++
	p.w.Request(&Request{Gen: p.gen, Enc: p.e, Rev: 1, Sel: p.sel, Set: p.set, Hover: &hover, Drag: drag})
	return p.gen
}

// await applies answers until the one for request gen (or a newer one)
// has been drawn, as applyResult and the map view's next frame do.
func (p *dragPipeline) await(gen uint64, ghost *render.Ghost) {
	for {
		if p.apply(<-p.answers, ghost) >= gen {
			return
		}
	}
}

// apply draws answer r unless a newer one is on screen, and returns the
// number of the answer on screen.
func (p *dragPipeline) apply(r *Result, ghost *render.Ghost) uint64 {
	if p.shown != nil && r.Gen < p.shown.Gen {
		return p.shown.Gen
	}
	p.shown = r
	p.frame(ghost)
	return r.Gen
}

// idle is the UI goroutine between pointer events: it draws what the
// worker still sends (the flank spots, found in its idle time) until t.
func (p *dragPipeline) idle(t time.Time, ghost *render.Ghost) {
	tm := time.NewTimer(time.Until(t))
	defer tm.Stop()
	for {
		select {
		case r := <-p.answers:
			p.apply(r, ghost)
		case <-tm.C:
			return
		}
	}
}

// frame is rebuildOverlays and the map view's draw.
func (p *dragPipeline) frame(ghost *render.Ghost) {
	o := Shown(p.e, p.sel, p.set, p.shown)
	if p.shown.NTok == len(p.e.Tokens) && p.set.Flank && ghost != nil {
		o.FlankSpots = p.shown.FlankSpots
	}
	o.Warn = append(o.Warn, Misplaced(p.e)...) // as rebuildOverlays
	o.Ghost = ghost
	p.rend.Draw(p.img, p.e, p.view, o)
}

// pointerEvery is how often the pointer moves while a token is dragged:
// faster than the 60 frames a second in which Fyne delivers drag events.
const pointerEvery = 8 * time.Millisecond

// drag presses token sel, drags it n squares to the right (wrapping round
// the map's width), a square every pointerEvery, and reports the time
// from each pointer move to the frame that shows its answer.
func (p *dragPipeline) drag(n int, lat []time.Duration) []time.Duration {
	t := &p.e.Tokens[p.sel]
	p.await(p.request(rules.Point{X: t.X, Y: t.Y}, -1), nil) // the press selects it
	next := time.Now()
	for k := 1; k <= n; k++ {
		x := (t.X + k) % p.e.Grid.W
		ghost := &render.Ghost{Token: p.sel, X: x, Y: t.Y, OK: EndRefusal(p.e, p.sel, x, t.Y) == ""}
		start := time.Now()
		p.await(p.request(rules.Point{X: x, Y: t.Y}, p.sel), ghost)
		lat = append(lat, time.Since(start))
		next = next.Add(pointerEvery)
		p.idle(next, ghost)
	}
	return lat
}

// percentile is the q-quantile (0..1) of sorted durations, nearest rank.
func percentile(sorted []time.Duration, q float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	i := int(float64(len(sorted))*q+0.999999) - 1
	return sorted[min(max(i, 0), len(sorted)-1)]
}

// dragsPerOp is how many drags one op of BenchmarkDragOverlays makes: 500
// moves a run, so that its p99 is not one unlucky move of a shared machine.
const dragsPerOp = 5

// BenchmarkDragOverlays is what a GM waits for while dragging a token: on
// a 250x250 map with 200 tokens and every overlay on, one op is
// dragsPerOp drags across 100 squares (press, then a pointer move every
// pointerEvery, so ns/op is mostly the pointer's own pace); p50-ns/move and
// p99-ns/move are the time from a pointer move to the drawn frame that
// shows its answer (target: p99 <= 8 ms), at the fitted zoom of a
// 1200x900 map view.
//
// 250x250-aloft is the same drag of a flyer (Speed 60) 20 ft up, with a
// quarter of the other tokens at heights from 0 to 25 ft and the overlays
// in fly mode: its reach and path are the 3-D ones (rules/fly3d.go);
// 250x250-aloft-large drags a Large flyer so, whose 3-D searches are the
// slow ones.
func BenchmarkDragOverlays(b *testing.B) {
	for _, v := range []string{"", "-aloft", "-aloft-large"} {
		n := 250
		b.Run(fmt.Sprintf("%dx%d%s", n, n, v), func(b *testing.B) {
			e := crowdedMap(n, n, 200)
			sel := dragToken(e)
			set := everyOverlay
			if v != "" {
				liftTokens(e, sel)
				set.Mode = rules.ModeFly
			}
			if v == "-aloft-large" {
				e.Tokens[sel].Size = model.Large
			}
			p := newDragPipeline(e, sel, set, 1200, 900)
			defer p.w.Stop()
			var lat []time.Duration
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				for range dragsPerOp {
					lat = p.drag(100, lat)
				}
			}
			b.StopTimer()
			sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
			b.ReportMetric(float64(percentile(lat, .5).Nanoseconds()), "p50-ns/move")
			b.ReportMetric(float64(percentile(lat, .99).Nanoseconds()), "p99-ns/move")
		})
	}
}

// liftTokens makes token sel a flyer (Speed 60) 20 ft up and puts a
// quarter of the others at heights from 0 to 25 ft.
func liftTokens(e *model.Encounter, sel int) {
	r := rand.New(rand.NewSource(2))
	t := &e.Tokens[sel]
	t.Speeds = map[string]int{"land": 30, "fly": 60}
	t.Elevation = 20
	for i := range e.Tokens {
		if i != sel && r.Intn(4) == 0 {
			e.Tokens[i].Elevation = 5 * r.Intn(6)
		}
	}
}

// dragToken is the party token nearest the middle of the map.
func dragToken(e *model.Encounter) int {
	best, bd := -1, 1<<30
	for i := range e.Tokens {
		t := &e.Tokens[i]
		if t.Side != "party" {
			continue
		}
		if d := abs(t.X-e.Grid.W/2) + abs(t.Y-e.Grid.H/2); d < bd {
			best, bd = i, d
		}
	}
	return best
}

// hugeMap is the 1000x1000 map of .ci/apptime: 5% walls, 15% difficult
// terrain, 199 tokens and Wyrm, a Gargantuan flyer (fly 2000 ft: three
// actions reach the whole map) at (500, 500). Wyrm is token 0.
func hugeMap() *model.Encounter {
	const w = 1000
	e := &model.Encounter{Name: "Huge", Ruleset: model.SF2E, Grid: model.NewGrid(w, w)}
	r := rand.New(rand.NewSource(1))
	for i := range e.Grid.Cells {
		switch p := r.Float64(); {
		case p < .05:
			e.Grid.Cells[i] = model.Wall
		case p < .20:
			e.Grid.Cells[i] = model.Difficult
		}
	}
	used := map[rules.Point]bool{}
	for y := 500; y < 504; y++ {
		for x := 500; x < 504; x++ {
			e.Grid.Set(x, y, 0)
			used[rules.Point{X: x, Y: y}] = true
		}
	}
	e.Tokens = append(e.Tokens, model.Token{ID: "00000000-0000-4000-8000-100000000000", Name: "Wyrm", X: 500, Y: 500, Size: model.Gargantuan, Side: "enemy", Speeds: map[string]int{"fly": 2000}})
	for len(e.Tokens) < 200 {
		x, y := r.Intn(w), r.Intn(w)
		if e.Grid.At(x, y).Any(model.Wall) || used[rules.Point{X: x, Y: y}] {
			continue
		}
		used[rules.Point{X: x, Y: y}] = true
		side := "party"
		if r.Intn(2) == 1 {
			side = "enemy"
		}
		e.Tokens = append(e.Tokens, model.Token{ID: fmt.Sprintf("00000000-0000-4000-8000-%012d", len(e.Tokens)), Name: fmt.Sprintf("T%d", len(e.Tokens)), X: x, Y: y, Size: model.Medium, Side: side, Speeds: map[string]int{"land": 30}})
	}
	if err := model.Validate(e); err != nil {
		panic(err)
	}
	return e
}

// BenchmarkFlyerOverlay is what the GM waits for after selecting a
// Gargantuan flyer on a 1000x1000 map with the app's overlays (reach with
// three actions of flight, path, cover, flanking): the worker's answer and
// the frame that draws it at the fitted zoom of a 1200x900 map view (target
// < 300 ms). It reports the reached squares.
func BenchmarkFlyerOverlay(b *testing.B) {
	e := hugeMap()
	set := Settings{Reach: true, Mode: rules.ModeFly, Actions: 3, Path: true, Cover: true, Flank: true}
	p := newDragPipeline(e, 0, set, 1200, 900)
	defer p.w.Stop()
	var squares int
	for i := 0; b.Loop(); i++ {
		p.gen++
		// a new revision each time: the answer is computed, not cached
		p.w.Request(&Request{Gen: p.gen, Enc: e, Rev: i + 2, Sel: 0, Set: set, Drag: -1})
		p.await(p.gen, nil)
		squares = len(p.shown.Reach)
	}
	b.ReportMetric(float64(squares), "squares")
}
