package ui

import (
	"context"
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"image"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/ui/controls"
	"encounterplanner/ui/internal/memstore"
	"encounterplanner/ui/render"
)

// crowdedEncounter is QA's crowded map: w x h squares of sf2e terrain (5%
// walls, 15% difficult, 5% greater difficult) with n Medium tokens on
// open squares, about half of them party and half enemy.
func crowdedEncounter(w, h, n int) *model.Encounter {
	e := openEncounterB(w, h)
	r := rand.New(rand.NewSource(7))
	for i := range e.Grid.Cells {
		switch v := r.Intn(100); {
		case v < 5:
			e.Grid.Cells[i] = model.Wall
		case v < 20:
			e.Grid.Cells[i] = model.Difficult
		case v < 25:
			e.Grid.Cells[i] = model.GreaterDifficult
		}
	}
	taken := map[[2]int]bool{}
	for len(e.Tokens) < n {
		x, y := r.Intn(w), r.Intn(h)
		if taken[[2]int{x, y}] || e.Grid.At(x, y) == model.Wall {
			continue
		}
		taken[[2]int{x, y}] = true
		side := "party"
		if r.Intn(2) == 1 {
			side = "enemy"
		}
		e.Tokens = append(e.Tokens, model.Token{ID: model.NewID(), Name: fmt.Sprintf("T%d", len(e.Tokens)), X: x, Y: y, Size: model.Medium, Side: side, Speeds: map[string]int{"land": 30}})
	}
	if err := model.Validate(e); err != nil {
		panic(err)
	}
	return e
}

func openEncounterB(w, h int) *model.Encounter {
	e := openEncounter(&testing.T{}, w, h)
	return e
}

// benchEditor opens e in an editor, as newTestEditor does, for a benchmark.
func benchEditor(b *testing.B, e *model.Encounter) (*Editor, *pump) {
	b.Helper()
	test.NewTempApp(b)
	st := memstore.New(e)
	loaded, err := st.Load(context.Background(), e.ID)
	if err != nil {
		b.Fatal(err)
	}
	w := test.NewTempWindow(b, widget.NewLabel(""))
	p := newPump()
	ed := newEditor(w, st, loaded, p.post)
	w.Resize(fyne.NewSize(1024, 700))
	b.Cleanup(ed.Close)
	ed.view.SetView(testZoom, 0, 0)
	p.q.Until(b, "first overlays", ed.overlaysIdle)
	return ed, p
}

// newFrame returns a function that draws the map view's frame as the
// view does (the whole map fitted into it), with a renderer of its own
// kept between frames; the window's widgets are left out (the test
// driver paints them in software, the app on the GPU).
func newFrame(ed *Editor) func() {
	ed.view.Fit()
	r := render.NewRenderer()
	s := ed.view.Size()
	img := image.NewRGBA(image.Rect(0, 0, int(s.Width), int(s.Height)))
	return func() {
		ox, oy := ed.view.Origin()
		r.Draw(img, ed.enc, render.View{Scale: float64(ed.view.Zoom()), OriginX: ox, OriginY: oy}, ed.live.ov)
	}
}

// BenchmarkBrushClickTokens is one brush click on QA's 500x500 map, from
// the pointer press to the overlays answered and the frame drawn, with 8
// and with 1000 tokens: the cost should not follow the token count.
func BenchmarkBrushClickTokens(b *testing.B) {
	for _, n := range []int{8, 1000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			ed, p := benchEditor(b, crowdedEncounter(500, 500, n))
			ed.SetTool(ToolBrush)
			frame := newFrame(ed)
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				x, y := 3+i%20, 3+(i/20)%20
				ed.SetTerrain([]model.Terrain{model.Wall, model.Difficult}[i%2])
				mouseDown(ed, x, y, 0)
				mouseUp(ed, x, y)
				p.q.Until(b, "overlays", ed.overlaysIdle)
				frame()
				i++
			}
		})
	}
}

// BenchmarkNextTurnTokens is N in a fight of every token on the crowded
// map, to the overlays answered and the frame drawn.
func BenchmarkNextTurnTokens(b *testing.B) {
	for _, n := range []int{8, 1000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			ed, p := benchEditor(b, crowdedEncounter(500, 500, n))
			frame := newFrame(ed)
			k := 0
			if err := ed.StartFight(func() int { k++; return k % 20 }); err != nil {
				b.Fatal(err)
			}
			p.q.Until(b, "overlays", ed.overlaysIdle)
			b.ReportAllocs()
			for b.Loop() {
				ed.NextTurn()
				p.q.Until(b, "overlays", ed.overlaysIdle)
				frame()
			}
		})
	}
}

// BenchmarkStartFightTokens is Start fight with every token on the
// crowded map, and its End, each to the overlays answered and the frame.
func BenchmarkStartFightTokens(b *testing.B) {
	for _, n := range []int{8, 1000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			ed, p := benchEditor(b, crowdedEncounter(500, 500, n))
			frame := newFrame(ed)
			b.ReportAllocs()
			for b.Loop() {
				k := 0
				if err := ed.StartFight(func() int { k++; return k % 20 }); err != nil {
					b.Fatal(err)
				}
				p.q.Until(b, "overlays", ed.overlaysIdle)
				frame()
				ed.EndFight()
				p.q.Until(b, "overlays", ed.overlaysIdle)
				frame()
			}
		})
	}
}

// BenchmarkSelectTokenTokens selects a token and then none on the crowded
// map (cover on, as by default), to the overlays answered and the frame.
func BenchmarkSelectTokenTokens(b *testing.B) {
	for _, n := range []int{8, 1000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			ed, p := benchEditor(b, crowdedEncounter(500, 500, n))
			frame := newFrame(ed)
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				ed.Select(i % n)
				p.q.Until(b, "overlays", ed.overlaysIdle)
				frame()
				ed.Select(-1)
				p.q.Until(b, "overlays", ed.overlaysIdle)
				frame()
				i++
			}
		})
	}
}

// BenchmarkOpenTokens opens the crowded map in an editor, to its first
// overlays answered and its first frame.
func BenchmarkOpenTokens(b *testing.B) {
	for _, n := range []int{8, 1000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			e := crowdedEncounter(500, 500, n)
			test.NewTempApp(b)
			st := memstore.New(e)
			w := test.NewTempWindow(b, widget.NewLabel(""))
			w.Resize(fyne.NewSize(1024, 700))
			b.ReportAllocs()
			for b.Loop() {
				loaded, err := st.Load(context.Background(), e.ID)
				if err != nil {
					b.Fatal(err)
				}
				p := newPump()
				ed := newEditor(w, st, loaded, p.post)
				p.q.Until(b, "first overlays", ed.overlaysIdle)
				newFrame(ed)()
				ed.Close()
			}
		})
	}
}

// TestEditWorkDoesNotFollowTheTokens counts, without timing, what an edit
// costs as the tokens grow from 100 to 1000 on the same map: a brush
// click's allocations may grow by a few per token (the worker's copy of
// the encounter), not by the 16 a token it took when each edit compared
// every pair of tokens and refreshed the inspector's whole list; the
// inspector's token list makes the rows in its view, not a button per
// token; and Next in a fight keeps the order's rows (made again, 3000
// buttons each turn).
func TestEditWorkDoesNotFollowTheTokens(t *testing.T) {
	if testing.Short() {
		t.Skip("opens two crowded maps")
	}
	click := func(n int) float64 {
		ed, _, p := newTestEditor(t, crowdedEncounter(500, 500, n))
		ed.SetTool(ToolBrush)
		i := 0
		return testing.AllocsPerRun(5, func() {
			x, y := 3+i%20, 3
			ed.SetTerrain([]model.Terrain{model.Wall, model.Difficult}[i%2])
			mouseDown(ed, x, y, 0)
			mouseUp(ed, x, y)
			p.until(t, "overlays", ed.overlaysIdle)
			i++
		})
	}
	few, many := click(100), click(1000)
	t.Logf("brush click allocations: %.0f with 100 tokens, %.0f with 1000", few, many)
	if per := (many - few) / 900; per > 8 {
		t.Errorf("a brush click allocates %.0f times with 100 tokens, %.0f with 1000: %.1f more a token, want at most 8", few, many, per)
	}

	// with nothing selected the inspector lists the tokens: its buttons
	// are the rows in its view, with 100 tokens as with 1000 (a button
	// per token made a deselection take 51 ms)
	for _, n := range []int{100, 1000} {
		ed, _, _ := newTestEditor(t, crowdedEncounter(100, 100, n))
		rows, made := ed.insp.rows, len(ed.insp.rows.made)
		newRow := rows.newRow
		rows.newRow = func() fyne.CanvasObject { made++; return newRow() }
		for i := range 3 {
			ed.Select(i)
			ed.Select(-1)
		}
		if got := rows.Length(); got != n {
			t.Fatalf("the token list has %d rows for %d tokens", got, n)
		}
		inView := int(ed.fight.scroll.Size().Height/(rows.rowHeight()+theme.Padding())) + 2 // a row cut at each end
		t.Logf("%d tokens listed: %d rows made, %d buttons in the window, %d rows in the inspector's view", n, made, paneButtons(ed), inView)
		if got := paneButtons(ed); made > inView || got > inView {
			t.Errorf("%d tokens listed: %d rows made, %d buttons in the window, want at most the %d rows in the inspector's view", n, made, got, inView)
		}
	}

	ed, _, p := newTestEditor(t, crowdedEncounter(100, 100, 200))
	if err := ed.StartFight(func() int { return 10 }); err != nil {
		t.Fatal(err)
	}
	p.until(t, "overlays", ed.overlaysIdle)
	rows := ed.fight.rows
	had := map[fyne.CanvasObject]bool{} // the rows made so far
	for _, m := range rows.made {
		had[m.o] = true
	}
	for _, o := range rows.spare {
		had[o] = true
	}
	ed.NextTurn()
	for _, m := range rows.made {
		if !had[m.o] {
			t.Fatalf("Next made a row for position %d: the order's rows are kept between turns", m.i)
		}
	}
	if got := rows.rowAt(1).(*orderRow).pick.Text; !strings.HasPrefix(got, "▶ ") {
		t.Errorf("after Next the second row reads %q, want it marked current", got)
	}

	// the order makes the rows in its view, with 100 creatures as with
	// 1000, through Start fight, Next and End (three buttons a creature
	// made Start fight and End take 1.2 s)
	for _, n := range []int{100, 1000} {
		ed, _, p := newTestEditor(t, crowdedEncounter(100, 100, n))
		rows, made := ed.orderRows(), 0
		newRow := rows.newRow
		rows.newRow = func() fyne.CanvasObject { made++; return newRow() }
		inView := 0
		for range 2 {
			if err := ed.StartFight(func() int { return 10 }); err != nil {
				t.Fatal(err)
			}
			p.until(t, "overlays", ed.overlaysIdle)
			if got := rows.Length(); got != n {
				t.Fatalf("the order has %d rows for %d creatures", got, n)
			}
			inView = max(inView, int(ed.fight.order.Size().Height/ed.orderRowHeight())+2) // a row cut at each end
			ed.NextTurn()
			ed.EndFight()
			p.until(t, "overlays", ed.overlaysIdle)
		}
		t.Logf("two fights of %d: %d of the order's rows made, %d in its view", n, made, inView)
		if made > inView {
			t.Errorf("two fights of %d: %d of the order's rows made, want at most the %d in its view", n, made, inView)
		}
	}
}

// paneButtons counts the panel buttons in ed's window.
func paneButtons(ed *Editor) int {
	n := 0
	walkObjects(ed.win.Canvas().Content(), func(o fyne.CanvasObject) {
		if _, ok := o.(*controls.PaneButton); ok {
			n++
		}
	})
	return n
}
