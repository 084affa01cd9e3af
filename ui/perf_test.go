package ui

import (
	"fmt"
	"image"
	"math/rand"
	"testing"
	"time"

	"encounterplanner/model"
	"encounterplanner/rules"
	"encounterplanner/ui/library"
	"encounterplanner/ui/render"
	"encounterplanner/ui/session"
)

// bigEncounter is a w x h map with random terrain and a few tokens.
func bigEncounter(w, h int) *model.Encounter {
	e, _ := library.NewEncounter("Big", model.SF2E, w, h, 5)
	r := rand.New(rand.NewSource(1))
	for i := range e.Grid.Cells {
		switch r.Intn(10) {
		case 0:
			e.Grid.Cells[i] = model.Wall
		case 1:
			e.Grid.Cells[i] = model.Difficult
		case 2:
			e.Grid.Cells[i] = model.Hazardous
		}
	}
	for i := 0; i < 12; i++ {
		x, y := 5+i*7%(w-10), 5+i*11%(h-10)
		e.Grid.Set(x, y, 0)
		side := "party"
		if i%2 == 1 {
			side = "enemy"
		}
		e.Tokens = append(e.Tokens, model.Token{ID: model.NewID(), Name: string(rune('A' + i)), X: x, Y: y, Size: model.Medium, Side: side, Speeds: map[string]int{"land": 30}})
	}
	if err := model.Validate(e); err != nil {
		panic(err)
	}
	return e
}

// TestLargeMapOverlaysStayQuick logs the cost of what a hover, an edit and
// a drag recompute on big maps, and fails only when one is far too slow to
// feel live (the bound is loose: the test machine is shared).
func TestLargeMapOverlaysStayQuick(t *testing.T) {
	const tooSlow = 2 * time.Second
	check := func(what string, d time.Duration) {
		t.Helper()
		t.Logf("%s: %v", what, d)
		if d > tooSlow {
			t.Errorf("%s took %v", what, d)
		}
	}
	for _, n := range []int{100, 250} {
		e := bigEncounter(n, n)
		img := image.NewRGBA(image.Rect(0, 0, 1100, 1000))
		start := time.Now()
		render.Draw(img, e, render.View{Scale: 10}, nil)
		check(fmt.Sprintf("%dx%d: draw the whole map at 10 px/sq", n, n), time.Since(start))
		w := &session.Worker{}
		start = time.Now()
		c := e.Clone()
		t.Logf("%dx%d: clone %v", n, n, time.Since(start))
		start = time.Now()
		res := w.Compute(&session.Request{Enc: c, Sel: 0, Drag: -1, Set: session.Settings{Reach: true, Actions: 3, Path: true, Cover: true, Flank: true, Threat: true}, Hover: &rules.Point{X: n / 2, Y: n / 2}})
		check(fmt.Sprintf("%dx%d: all overlays (3 actions, %d reach squares, errs %v)", n, n, len(res.Reach), res.Errs), time.Since(start))
		start = time.Now()
		w.Compute(&session.Request{Enc: c, Sel: 0, Drag: -1, Set: session.Settings{Reach: true, Actions: 3, Path: true, Cover: true, Flank: true, Threat: true}, Hover: &rules.Point{X: n/2 + 1, Y: n / 2}})
		check(fmt.Sprintf("%dx%d: hover change (path only)", n, n), time.Since(start))
		start = time.Now()
		res2 := w.Compute(&session.Request{Enc: c, Sel: 0, Drag: 0, Set: session.Settings{Flank: true}})
		check(fmt.Sprintf("%dx%d: drag start (flanking and %d flank spots)", n, n, len(res2.FlankSpots)), time.Since(start))
		start = time.Now()
		o := render.NewOverlays()
		o.Reach = res.Reach
		o.Selected = 0
		render.Draw(img, e, render.View{Scale: 10}, o)
		check(fmt.Sprintf("%dx%d: draw with overlays", n, n), time.Since(start))
	}
}
