package render

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"encounterplanner/model"
	"encounterplanner/rules"
)

// crowdedEncounter packs labels together: a row of Medium tokens with
// long names side by side, a flanked foe in cover with conditions, and a
// long path ending among them.
func crowdedEncounter() (*model.Encounter, *Overlays) {
	g := model.NewGrid(16, 10)
	for _, q := range [][2]int{{6, 4}, {7, 4}, {6, 5}, {11, 2}, {11, 3}} {
		g.Set(q[0], q[1], model.Obstacle)
	}
	e := &model.Encounter{Name: "Crowded", Ruleset: model.SF2E, Grid: g}
	e.Tokens = []model.Token{
		{Name: "Kira Lightbringer", X: 2, Y: 6, Size: model.Medium, Side: "party"},
		{Name: "Galex the Unyielding", X: 3, Y: 6, Size: model.Medium, Side: "party", Conditions: []string{"frightened 2"}},
		{Name: "Oriana Vex", X: 4, Y: 6, Size: model.Medium, Side: "party", Conditions: []string{"prone", "slowed 1"}},
		{Name: "Thrumbold Ironhide", X: 3, Y: 7, Size: model.Medium, Side: "party"},
		{Name: "Ogre Warlord", X: 8, Y: 4, Size: model.Large, Side: "enemy", Conditions: []string{"enfeebled 2", "clumsy 1", model.CondTakenCover}},
		{Name: "Goblin Sharpshooter", X: 10, Y: 4, Size: model.Medium, Side: "enemy"},
		{Name: "Goblin Skirmisher", X: 10, Y: 5, Size: model.Medium, Side: "enemy", Conditions: []string{model.CondUnconscious}},
		{Name: "Hidden Lurker", X: 12, Y: 3, Size: model.Small, Side: "enemy", Hidden: true},
		{Name: "Ancient Wyrm", X: 12, Y: 6, Size: model.Huge, Side: "enemy", Conditions: []string{"stunned 3"}},
	}
	o := NewOverlays()
	o.Selected, o.PathFrom, o.Units = 0, 0, "ft"
	o.Path = &rules.Path{Reachable: true}
	for i, q := range [][2]int{{3, 5}, {4, 5}, {5, 4}, {5, 3}, {6, 3}, {7, 3}, {8, 3}, {9, 3}, {10, 3}} {
		o.Path.Steps = append(o.Path.Steps, rules.Step{X: q[0], Y: q[1], Turn: rules.NoTurn, Cost: 5, Total: 5 * (i + 1) * 3, Flags: rules.Flag(i % 4 / 3)})
	}
	o.Cover = []CoverLine{
		{From: 0, To: 4, Cover: rules.CoverStandard}, {From: 0, To: 5, Cover: rules.CoverLesser},
		{From: 0, To: 6, Cover: rules.CoverGreater}, {From: 0, To: 7, Cover: rules.CoverBlocked},
		{From: 0, To: 8, Cover: rules.CoverStandard}, {From: 0, To: 1, Cover: rules.CoverNone},
	}
	o.Flanks = []rules.Flank{{Target: 4, By: [2]int{1, 5}}}
	o.Warn = []int{3}
	return e, o
}

// checkLabels fails when two placed labels overlap or a badge is drawn
// without its letter or text.
func checkLabels(t *testing.T, r *Renderer) {
	t.Helper()
	ls := r.lay.labels
	for i := range ls {
		a := &ls[i]
		txt := r.lay.text(a)
		switch a.kind {
		case labelCoverDot:
			if txt != "" || coverDot[a.cover] == colWhite {
				t.Errorf("cover dot %q for %v: a dot has no letter and is never a white blank", txt, a.cover)
			}
		default:
			if txt == "" {
				t.Errorf("label %d (kind %d) at %v is drawn empty", i, a.kind, a.b)
				continue
			}
			if a.fk.px < minLetterPx {
				t.Errorf("label %q is drawn at %d px: unreadable", txt, a.fk.px)
			}
			if w := r.ts.width(a.fk, txt); w > a.b.x1-a.b.x0 {
				t.Errorf("label %q is %d px wide in a %d px badge", txt, w, a.b.x1-a.b.x0)
			}
		}
		for j := range ls[:i] {
			if b := &ls[j]; a.b.overlaps(b.b) {
				t.Errorf("label %q at %v overlaps %q at %v", txt, a.b, r.lay.text(b), b.b)
			}
		}
	}
}

// TestLabelsDoNotOverlap draws crowded scenes at zooms from close up to
// fit-the-map and checks, through what the placer placed, that no two
// labels overlap and no badge is empty; and that the placer hides only
// what it must (at a normal zoom every token keeps a name).
func TestLabelsDoNotOverlap(t *testing.T) {
	for _, c := range []struct {
		name      string
		scale     float64
		minNames  int
		minCover  int
		wantConds bool
	}{
		{"close", 72, 7, 5, true},
		{"normal", 40, 7, 5, true},
		{"medium", 28, 5, 5, true},
		{"small", 18, 0, 5, true},
		{"fit", 10, 0, 4, false},
		{"tiny", 5, 0, 3, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			e, o := crowdedEncounter()
			r := NewRenderer()
			img := image.NewRGBA(image.Rect(0, 0, int(16*c.scale), int(10*c.scale)))
			r.Draw(img, e, View{Scale: c.scale}, o)
			if dir := os.Getenv("RENDER_OUT"); dir != "" {
				var buf bytes.Buffer
				png.Encode(&buf, img)
				os.WriteFile(filepath.Join(dir, fmt.Sprintf("labels-%s.png", c.name)), buf.Bytes(), 0o644)
			}
			checkLabels(t, r)
			count := map[labelKind]int{}
			for _, l := range r.lay.labels {
				count[l.kind]++
			}
			if count[labelName] < c.minNames {
				t.Errorf("%d names drawn, want at least %d", count[labelName], c.minNames)
			}
			if n := count[labelCover] + count[labelCoverDot]; n < c.minCover {
				t.Errorf("%d cover badges drawn, want at least %d", n, c.minCover)
			}
			if (count[labelCondition] > 0) != c.wantConds {
				t.Errorf("%d condition badges drawn", count[labelCondition])
			}
			if count[labelPathCost] == 0 {
				t.Error("the path's total is not drawn")
			}
		})
	}
}

// TestNeighboursKeepTheirNames: a row of Medium tokens with long names
// side by side (they overprinted: "Ki[GA]ex") all keep a name, none
// overlapping another.
func TestNeighboursKeepTheirNames(t *testing.T) {
	e := &model.Encounter{Name: "Row", Ruleset: model.SF2E, Grid: model.NewGrid(10, 6)}
	for i, n := range []string{"Kira Lightbringer", "Galex the Unyielding", "Oriana Vex", "Thrumbold Ironhide", "Zed"} {
		e.Tokens = append(e.Tokens, model.Token{Name: n, X: 2 + i, Y: 2, Size: model.Medium, Side: "party"})
	}
	for _, s := range []float64{24, 40, 60} {
		r := NewRenderer()
		img := image.NewRGBA(image.Rect(0, 0, int(10*s), int(6*s)))
		r.Draw(img, e, View{Scale: s}, nil)
		checkLabels(t, r)
		names := 0
		for _, l := range r.lay.labels {
			if l.kind == labelName {
				names++
			}
		}
		if names != len(e.Tokens) {
			t.Errorf("scale %v: %d names drawn, want %d", s, names, len(e.Tokens))
		}
	}
}

// TestLabelsGolden: the crowded scene at a normal zoom and at the zoom
// that fits a larger map.
func TestLabelsGolden(t *testing.T) {
	for _, c := range []struct {
		name  string
		scale float64
	}{{"crowded", 40}, {"crowded-fit", 10}} {
		t.Run(c.name, func(t *testing.T) {
			e, o := crowdedEncounter()
			img := image.NewRGBA(image.Rect(0, 0, int(16*c.scale), int(10*c.scale)))
			NewRenderer().Draw(img, e, View{Scale: c.scale}, o)
			golden(t, c.name, img)
		})
	}
}

func TestShortCondition(t *testing.T) {
	for in, want := range map[string]string{
		"frightened 2":              "Fr2",
		"prone":                     "Pr",
		"unconscious":               "Un",
		"cannot-act":                "CA",
		"ignores-difficult-terrain": "IDT",
		"off-guard":                 "OG",
		"clumsy 1":                  "Cl1",
		"a":                         "A",
		"slowed -1":                 "Sl1",
		"":                          "",
		"  ":                        "",
		"3":                         "3",
		"élan 2":                    "Él2",
	} {
		if got := string(appendShortCondition(nil, in)); got != want {
			t.Errorf("short of %q = %q, want %q", in, got, want)
		}
	}
}

// BenchmarkLabels draws a window onto a 250 x 250 map holding 300 named
// tokens with conditions: the layout places every one of their labels,
// on screen or not.
func BenchmarkLabels(b *testing.B) {
	e := &model.Encounter{Name: "Horde", Ruleset: model.SF2E, Grid: model.NewGrid(250, 250)}
	seed := uint32(7)
	for i := 0; i < 300; i++ {
		seed = seed*1664525 + 1013904223
		x, y := int(seed>>8)%248, int(seed>>20)%248
		t := model.Token{Name: fmt.Sprintf("Goblin Warrior %d", i), X: x, Y: y, Size: model.Medium, Side: "enemy"}
		if i%3 == 0 {
			t.Conditions = []string{"frightened 2", "prone"}
		}
		e.Tokens = append(e.Tokens, t)
	}
	o := NewOverlays()
	o.Selected = 0
	for i := 1; i < 40; i++ {
		o.Cover = append(o.Cover, CoverLine{From: 0, To: i, Cover: rules.Cover(1 + i%4)})
	}
	img := image.NewRGBA(image.Rect(0, 0, 1920, 1080))
	r := NewRenderer()
	v := View{Scale: 40, OriginX: float64(e.Tokens[0].X) - 20, OriginY: float64(e.Tokens[0].Y) - 12}
	r.Draw(img, e, v, o)
	b.ReportAllocs()
	for b.Loop() {
		r.Draw(img, e, v, o)
	}
}

// TestPathTotalClearsTheHoverOutline: the path's total, wider than its
// square, is not drawn across the outline of the hovered square it ends on.
func TestPathTotalClearsTheHoverOutline(t *testing.T) {
	e := bigReachEncounter()
	e.Tokens[0].Size = model.Medium
	o := NewOverlays()
	o.Selected, o.PathFrom, o.Units = 0, 0, "ft"
	o.Path = &rules.Path{Reachable: true, Steps: []rules.Step{{X: 5, Y: 5, Turn: rules.NoTurn, Total: 115}}}
	o.Hover = &rules.Point{X: 5, Y: 5}
	r := NewRenderer()
	const s = 26
	img := image.NewRGBA(image.Rect(0, 0, 16*s, 12*s))
	r.Draw(img, e, View{Scale: s}, o)
	f := &frame{v: View{Scale: s}}
	x0, y0, x1, y1 := f.sq(5, 5, 1)
	for _, l := range r.lay.labels {
		if l.kind != labelPathCost {
			continue
		}
		b := l.b
		inside := b.x0 > x0+1 && b.y0 > y0+1 && b.x1 < x1-1 && b.y1 < y1-1
		outside := !b.overlaps(box{x0 - 1, y0 - 1, x1 + 1, y1 + 1})
		if !inside && !outside {
			t.Errorf("the total at %v crosses the hover outline [%d,%d)x[%d,%d)", b, x0, x1, y0, y1)
		}
		return
	}
	t.Error("no path total drawn")
}

// TestPathTotalSaysTheEndHeight: a flight's last tag says the height it ends
// at when that is not the token's own ("35 ft · 15 ft up"); a flight that
// keeps its height, a walk, and the steps before the last say the cost only.
func TestPathTotalSaysTheEndHeight(t *testing.T) {
	e := bigReachEncounter()
	e.Tokens[0].Size = model.Medium
	e.Tokens[0].Elevation = 10
	tags := func(fly bool, z int) []string {
		o := NewOverlays()
		o.Selected, o.PathFrom, o.Units = 0, 0, "ft"
		o.Path = &rules.Path{Reachable: true, Fly: fly, Steps: []rules.Step{
			{X: 4, Y: 5, Turn: rules.NoTurn, Total: 5, Z: 10}, {X: 5, Y: 5, Turn: rules.NoTurn, Total: 35, Z: z}}}
		r := NewRenderer()
		img := image.NewRGBA(image.Rect(0, 0, 16*40, 12*40))
		r.Draw(img, e, View{Scale: 40}, o)
		var out []string
		for _, l := range r.lay.labels {
			if l.kind == labelPathCost {
				out = append(out, string(r.lay.buf[l.t0:l.t1]))
			}
		}
		slices.Sort(out)
		return out
	}
	for _, c := range []struct {
		fly  bool
		z    int
		want []string
	}{
		{true, 15, []string{"35 ft · 15 ft up", "5"}},
		{true, 0, []string{"35 ft · on the ground", "5"}},
		{true, -5, []string{"35 ft · 5 ft down", "5"}},
		{true, 10, []string{"35 ft", "5"}},
		{false, 0, []string{"35 ft", "5"}},
	} {
		if got := tags(c.fly, c.z); !slices.Equal(got, c.want) {
			t.Errorf("fly %v, ends at %d ft: tags %q, want %q", c.fly, c.z, got, c.want)
		}
	}
}

// flyerInARow is the tester's scene: Navasi 15 ft up, unconscious and
// prone, between the Ogre and Dae on the ground, side by side.
func flyerInARow() *model.Encounter {
	e := &model.Encounter{Name: "Row", Ruleset: model.SF2E, Grid: model.NewGrid(10, 8)}
	e.Tokens = []model.Token{
		{Name: "Navasi", X: 4, Y: 3, Size: model.Medium, Side: "party", Elevation: 15, Conditions: []string{model.CondUnconscious, model.CondProne}},
		{Name: "Dae", X: 5, Y: 3, Size: model.Medium, Side: "party"},
		{Name: "Ogre", X: 3, Y: 3, Size: model.Medium, Side: "enemy"},
	}
	return e
}

// placedTexts lists the texts of the labels of kind k that r placed.
func placedTexts(r *Renderer, k labelKind) []string {
	var out []string
	for i := range r.lay.labels {
		if l := &r.lay.labels[i]; l.kind == k {
			out = append(out, r.lay.text(l))
		}
	}
	return out
}

// drawFlyerInARow draws flyerInARow at scale s with token sel selected
// (-1: none) and checks that no two of its labels overlap.
func drawFlyerInARow(t *testing.T, s float64, sel int) *Renderer {
	t.Helper()
	o := NewOverlays()
	o.Selected = sel
	r := NewRenderer()
	img := image.NewRGBA(image.Rect(0, 0, int(10*s), int(8*s)))
	r.Draw(img, flyerInARow(), View{Scale: s}, o)
	checkLabels(t, r)
	return r
}

// TestHeightTagShowsOnTheSelectedFlyer: the editor dropped the "+15 ft"
// tag of a selected flyer with "Un" and "Pr" badges (its badges took the
// rim first), while the player display, with no selection, showed it;
// and at a small zoom the tag found no slot clear of the initials. The
// height is placed before any name or badge, at every zoom that has
// labels, selected or not, and no two labels overlap.
func TestHeightTagShowsOnTheSelectedFlyer(t *testing.T) {
	for _, s := range []float64{16, 20, 24, 28, 32, 40, 48, 62, 72} {
		for _, sel := range []int{-1, 0} {
			r := drawFlyerInARow(t, s, sel)
			if got := placedTexts(r, labelElevation); !slices.Equal(got, []string{"+15 ft"}) {
				t.Errorf("scale %v, selected %d: elevation tags %q, want [+15 ft]", s, sel, got)
			}
		}
	}
}

// TestBadgesBesideNeighbours: between two neighbours, with its height tag
// over it, the flyer keeps its "Un" and "Pr" badges where its rim has
// room for them off its neighbours' discs (a badge slides along the rim
// past a neighbour's label, and keeps clear of the initials beside
// them): both from 72 px a square, one from 56 px; closer, a badge lay
// over the Ogre or Dae beside it (TestABadgeKeepsOffItsNeighbours).
// Wherever one finds no room, a dot on the rim says it is there.
func TestBadgesBesideNeighbours(t *testing.T) {
	for _, s := range []float64{28, 32, 40, 48, 56, 62, 72, 96} {
		for _, sel := range []int{-1, 0} {
			r := drawFlyerInARow(t, s, sel)
			badges := placedTexts(r, labelCondition)
			switch {
			case s >= 72 && len(badges) != 2:
				t.Errorf("scale %v, selected %d: badges %q, want Un and Pr", s, sel, badges)
			case s >= 56 && len(badges) == 0:
				t.Errorf("scale %v, selected %d: no badge", s, sel)
			case len(badges) < 2 && len(r.lay.dots) == 0:
				t.Errorf("scale %v, selected %d: badges %q and no dot for the rest", s, sel, badges)
			}
			if over := fillOverlaps(r); len(over) > 0 {
				t.Errorf("scale %v, selected %d: %q lie over a neighbour", s, sel, over)
			}
		}
	}
}
