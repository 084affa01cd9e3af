package render

import (
	"image"
	"slices"
	"testing"

	"encounterplanner/model"
)

// stackedEncounter has tokens that share squares, each pair listed with
// the one in the air (or the tiny one) first: an eagle 15 ft over a
// goblin, a roc 30 ft over an ogre (both Large), a rat in Dae's square
// (tiny, on the ground, drawn over Dae), a Large drake 20 ft up over a kobold in one of its
// squares, and a bat 10 ft up over an imp with an owl 25 ft up over both.
func stackedEncounter() *model.Encounter {
	e := &model.Encounter{Name: "Stacked", Ruleset: model.SF2E, Grid: model.NewGrid(13, 6)}
	e.Tokens = []model.Token{
		{Name: "Eagle", X: 1, Y: 1, Size: model.Medium, Side: "party", Elevation: 15},
		{Name: "Goblin", X: 1, Y: 1, Size: model.Medium, Side: "enemy", HP: &model.HP{Current: 4, Max: 6}},
		{Name: "Roc", X: 4, Y: 1, Size: model.Large, Side: "neutral", Elevation: 30},
		{Name: "Ogre", X: 4, Y: 1, Size: model.Large, Side: "enemy"},
		{Name: "Rat", X: 8, Y: 1, Size: model.Tiny, Side: "enemy"},
		{Name: "Dae", X: 8, Y: 1, Size: model.Medium, Side: "party"},
		{Name: "Drake", X: 1, Y: 3, Size: model.Large, Side: "enemy", Elevation: 20},
		{Name: "Kobold", X: 2, Y: 3, Size: model.Medium, Side: "party"},
		{Name: "Owl", X: 5, Y: 4, Size: model.Medium, Side: "party", Elevation: 25},
		{Name: "Bat", X: 5, Y: 4, Size: model.Medium, Side: "neutral", Elevation: 10},
		{Name: "Imp", X: 5, Y: 4, Size: model.Medium, Side: "enemy"},
	}
	return e
}

// TestAFlyerLeavesTheCreatureUnderItInSight: a flyer above a creature
// (the same squares, another height) was drawn whole over it, or under
// it when it came first in the list, and one of the two was hidden: the
// GM learned of it only by clicking twice. The higher is drawn over the
// lower, smaller and against its rim, and the one below shows round it,
// its fill, ring and initials: in every shared space both tokens' colours
// show, the one on top in the space's top right (away from a kobold in
// one of the drake's squares), and the initials of those below are
// drawn. Kept by the golden image stacked.png (docs/ui.md, "Tokens that
// share squares").
func TestAFlyerLeavesTheCreatureUnderItInSight(t *testing.T) {
	e := stackedEncounter()
	const s = 56
	img := drawGolden(t, "stacked", e, View{Scale: s}, nil, 13*s, 6*s)
	fills := map[string]rgba{"party": colBlue, "enemy": colVerm, "neutral": colNeutral}
	count := func(x0, y0, x1, y1 int, c rgba) int {
		n := 0
		for y := y0; y < y1; y++ {
			for x := x0; x < x1; x++ {
				if p := img.RGBAAt(x, y); p.R == c.r && p.G == c.g && p.B == c.b {
					n++
				}
			}
		}
		return n
	}
	for _, pair := range [][2]string{{"Eagle", "Goblin"}, {"Roc", "Ogre"}, {"Rat", "Dae"}, {"Owl", "Bat"}, {"Bat", "Imp"}} {
		top, under := &e.Tokens[e.TokenIndex(pair[0])], &e.Tokens[e.TokenIndex(pair[1])]
		k := e.Space(under)
		x0, y0 := under.X*s, under.Y*s
		x1, y1 := x0+k*s, y0+k*s
		if top.Side == under.Side {
			t.Fatalf("%s and %s are both %s: the test cannot tell them apart", top.Name, under.Name, top.Side)
		}
		area := k * s * k * s
		if n := count(x0, y0, x1, y1, fills[under.Side]); n < area/40 {
			t.Errorf("%s under %s: %d px of its colour in its space, want at least %d", under.Name, top.Name, n, area/40)
		}
		if n := count(x0, y0, x1, y1, fills[top.Side]); n < area/40 {
			t.Errorf("%s over %s: %d px of its colour in the space, want at least %d", top.Name, under.Name, n, area/40)
		}
		// the one on top lies up and right, the one under shows down and
		// left (the bat, between, is the owl's under it)
		mx, my := (x0+x1)/2, (y0+y1)/2
		if up, down := count(mx, y0, x1, my, fills[top.Side]), count(x0, my, mx, y1, fills[top.Side]); top.Name != "Bat" && up <= down {
			t.Errorf("%s over %s: %d px of it in the space's top right, %d in its bottom left", top.Name, under.Name, up, down)
		}
	}
	// the drake over a kobold in its top right square moves away from it,
	// down and left, and the kobold shows whole
	kob := &e.Tokens[e.TokenIndex("Kobold")]
	if n := count(kob.X*s, kob.Y*s, (kob.X+1)*s, (kob.Y+1)*s, colBlue); n < s*s/3 {
		t.Errorf("the kobold under the Large drake: %d px of its colour, want at least %d", n, s*s/3)
	}
	p := &recorder{calls: map[string]int{}}
	NewRenderer().Paint(p, 13*s, 6*s, e, View{Scale: s}, nil)
	for _, want := range []string{"Go", "Og", "Rat", "Imp", "Bat"} {
		if !slices.Contains(p.texts, want) {
			t.Errorf("texts %q: no initials %q", p.texts, want)
		}
	}
}

// TestTopFirst: the map draws the higher token over the lower, at one
// height the smaller space, then the smaller creature (a Tiny rat over
// Dae, both a square's space), then the selected one, then the later in
// the list; TopFirst orders a
// square's tokens for a pick the same way, the one on top first.
func TestTopFirst(t *testing.T) {
	e := stackedEncounter()
	idx := func(names ...string) []int {
		var out []int
		for _, n := range names {
			out = append(out, e.TokenIndex(n))
		}
		return out
	}
	for _, c := range []struct {
		at   []int
		sel  int
		want []int
	}{
		{idx("Eagle", "Goblin"), -1, idx("Eagle", "Goblin")},
		{idx("Goblin", "Eagle"), e.TokenIndex("Goblin"), idx("Eagle", "Goblin")}, // selected, but lower
		{idx("Rat", "Dae"), -1, idx("Rat", "Dae")},                               // one square's space: the smaller creature
		{idx("Dae", "Rat"), e.TokenIndex("Dae"), idx("Rat", "Dae")},              // the smaller, selected or not
		{idx("Imp", "Owl", "Bat"), -1, idx("Owl", "Bat", "Imp")},
	} {
		got := slices.Clone(c.at)
		TopFirst(e, got, c.sel)
		if !slices.Equal(got, c.want) {
			t.Errorf("TopFirst(%v, selected %d) = %v, want %v", c.at, c.sel, got, c.want)
		}
	}
	// the frame draws them in the same order, the lowest first
	r := NewRenderer()
	img := image.NewRGBA(image.Rect(0, 0, 13*40, 6*40))
	o := NewOverlays()
	o.Selected = e.TokenIndex("Rat")
	r.Draw(img, e, View{Scale: 40}, o)
	drawn := make([]int, len(r.order))
	for i, j := range r.order {
		drawn[i] = int(j)
	}
	want := slices.Clone(drawn)
	TopFirst(e, want, o.Selected)
	slices.Reverse(want)
	if !slices.Equal(drawn, want) {
		t.Errorf("the frame draws %v, want %v (TopFirst, lowest first)", drawn, want)
	}
}

// TestTheSmallerCreatureIsDrawnOnTopInOneSquare: in sf2e and pf1e a Tiny
// creature and a Medium one both take a square's space, and the list's
// order decided which was drawn on top: a Tiny rat listed before a Medium
// goblin was drawn under it, pushed into the square's bottom left corner
// under the goblin's disc. The smaller creature is drawn over the larger
// whatever their order in the list (Tiny over Small over Medium): the
// rat's disc in the top right corner, whole, and the square drawn the
// same, pixel for pixel, with the two listed either way.
func TestTheSmallerCreatureIsDrawnOnTopInOneSquare(t *testing.T) {
	const s = 48
	for _, rs := range []model.Ruleset{model.SF2E, model.PF1E} {
		draw := func(toks ...model.Token) *image.RGBA {
			e := &model.Encounter{Name: "Rat and goblin", Ruleset: rs, Grid: model.NewGrid(3, 3), Tokens: toks}
			img := image.NewRGBA(image.Rect(0, 0, 3*s, 3*s))
			NewRenderer().Draw(img, e, View{Scale: s}, nil)
			return img
		}
		rat := model.Token{Name: "Rat", X: 1, Y: 1, Size: model.Tiny, Side: "enemy"}
		goblin := model.Token{Name: "Goblin", X: 1, Y: 1, Size: model.Medium, Side: "party"}
		ratFirst, ratLast := draw(rat, goblin), draw(goblin, rat)
		if !slices.Equal(ratFirst.Pix, ratLast.Pix) {
			t.Errorf("%s: the square is drawn otherwise with the rat listed before the goblin than after it", rs)
		}
		count := func(x0, y0, x1, y1 int, c rgba) int {
			n := 0
			for y := y0; y < y1; y++ {
				for x := x0; x < x1; x++ {
					if p := ratFirst.RGBAAt(x, y); p.R == c.r && p.G == c.g && p.B == c.b {
						n++
					}
				}
			}
			return n
		}
		// the rat (vermilion) over the goblin (blue): in the square's top
		// right quarter, more of it than of the goblin
		if r, g := count(s+s/2, s, 2*s, s+s/2, colVerm), count(s+s/2, s, 2*s, s+s/2, colBlue); r <= g {
			t.Errorf("%s: the square's top right quarter has %d px of the rat and %d of the goblin, want the rat drawn over it", rs, r, g)
		}
		// and the goblin keeps the rest of its disc, round the rat
		if g := count(s, s, 2*s, 2*s, colBlue); g < s*s/8 {
			t.Errorf("%s: %d px of the goblin under the rat, want at least %d", rs, g, s*s/8)
		}
		small := model.Token{Name: "Kobold", X: 1, Y: 1, Size: model.Small, Side: "neutral"}
		e := &model.Encounter{Ruleset: rs, Grid: model.NewGrid(3, 3), Tokens: []model.Token{goblin, small, rat}}
		for _, at := range [][]int{{0, 1, 2}, {2, 1, 0}, {1, 0, 2}} {
			got := slices.Clone(at)
			TopFirst(e, got, 0)
			if want := []int{2, 1, 0}; !slices.Equal(got, want) {
				t.Errorf("%s: TopFirst(%v, the goblin selected) = %v, want the rat, the kobold, the goblin: %v", rs, at, got, want)
			}
		}
	}
}
