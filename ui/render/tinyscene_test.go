package render

import (
	"image"
	"image/color"
	"math"
	"slices"
	"testing"

	"encounterplanner/model"
)

// tinyEncounter has Tiny creatures as they share squares: a rat alone
// beside a goblin alone, a rat and a bat in one square, a cat on Valeros,
// and (pf1e's four to a square) four imps in one.
func tinyEncounter(rs model.Ruleset) *model.Encounter {
	e := &model.Encounter{Name: "Tiny", Ruleset: rs, Grid: model.NewGrid(11, 3)}
	hp := &model.HP{Current: 3, Max: 5}
	e.Tokens = []model.Token{
		{Name: "Rat", X: 1, Y: 1, Size: model.Tiny, Side: "enemy", HP: hp},
		{Name: "Goblin", X: 3, Y: 1, Size: model.Medium, Side: "enemy", HP: hp},
		{Name: "Bat", X: 5, Y: 1, Size: model.Tiny, Side: "party", HP: hp},
		{Name: "Rat 2", X: 5, Y: 1, Size: model.Tiny, Side: "enemy", HP: hp},
		{Name: "Valeros", X: 7, Y: 1, Size: model.Medium, Side: "party", HP: hp},
		{Name: "Cat", X: 7, Y: 1, Size: model.Tiny, Side: "enemy", HP: hp},
		{Name: "Imp 1", X: 9, Y: 1, Size: model.Tiny, Side: "enemy"},
		{Name: "Imp 2", X: 9, Y: 1, Size: model.Tiny, Side: "party"},
		{Name: "Imp 3", X: 9, Y: 1, Size: model.Tiny, Side: "neutral"},
		{Name: "Imp 4", X: 9, Y: 1, Size: model.Tiny, Side: "party", Elevation: 10},
	}
	return e
}

// TestATinyCreatureIsDrawnSmallerThanItsSquare: a Tiny token (which
// shares a square, sf2e and pf1e) was drawn as a full-square disc, like a
// Medium one, and of two Tiny creatures in one square the one drawn under
// was hidden whole. A Tiny creature's disc is now a little over half a
// square's (tinyScale), in the middle of its square alone; two in a
// square take opposite corners, both whole, with their initials and HP
// bars; three or four take the four corners; over a Medium creature a
// Tiny one takes the top right corner and the creature's initials move to
// what is left of it. Every Tiny disc lies inside its square, so a click
// on the square picks it as before (the editor's tokenAt, by square, the
// one drawn on top first). In the movement-points rules, where a Tiny
// creature shares no square, it keeps its square's disc. Kept by the
// golden image tiny.png (docs/ui.md, "Tokens that share squares").
func TestATinyCreatureIsDrawnSmallerThanItsSquare(t *testing.T) {
	const s = 48
	e := tinyEncounter(model.SF2E)
	img := drawGolden(t, "tiny", e, View{Scale: s}, nil, 11*s, 3*s)
	count := func(img *image.RGBA, x0, y0, x1, y1 int, c rgba) int {
		n := 0
		for y := max(y0, 0); y < min(y1, img.Rect.Dy()); y++ {
			for x := max(x0, 0); x < min(x1, img.Rect.Dx()); x++ {
				if p := img.RGBAAt(x, y); p.R == c.r && p.G == c.g && p.B == c.b {
					n++
				}
			}
		}
		return n
	}
	square := func(img *image.RGBA, x int, c rgba) int { return count(img, x*s, s, (x+1)*s, 2*s, c) }
	goblin := square(img, 3, colVerm)
	// the fills as painted: the bat's and the second rat's whole, apart,
	// inside their square
	dp := &discRecorder{recorder: recorder{calls: map[string]int{}}}
	NewRenderer().Paint(dp, 11*s, 3*s, e, View{Scale: s}, nil)
	fills := func(c rgba, x int) (out [][3]float64) {
		for _, d := range dp.discs {
			if d.c == c.n() && d.x >= float64(x*s) && d.x < float64((x+1)*s) {
				out = append(out, [3]float64{d.x, d.y, d.r})
			}
		}
		return out
	}
	lone, gob := fills(colVerm, 1), fills(colVerm, 3)
	bats, rats := fills(colBlue, 5), fills(colVerm, 5)
	if len(lone) != 1 || len(gob) != 1 || len(bats) != 1 || len(rats) != 1 {
		t.Fatalf("fills painted: rat %v, goblin %v, bat %v, rat 2 %v", lone, gob, bats, rats)
	}
	if k := lone[0][2] / gob[0][2]; k < 0.5 || k > 0.65 {
		t.Errorf("the Tiny rat's fill is %.2f of the Medium goblin's, want a little over half", k)
	}
	a, b := bats[0], rats[0]
	if d := math.Hypot(a[0]-b[0], a[1]-b[1]); d < a[2]+b[2] {
		t.Errorf("the bat (%v) and the rat (%v) sharing a square overlap", a, b)
	}
	for _, c := range [][3]float64{a, b} {
		if c[0]-c[2] < 5*s || c[0]+c[2] > 6*s || c[1]-c[2] < s || c[1]+c[2] > 2*s {
			t.Errorf("a Tiny fill %v reaches out of its square", c)
		}
	}
	if n := square(img, 7, colBlue); n < goblin/3 {
		t.Errorf("Valeros under a Tiny cat shows %d px of his fill, want at least %d", n, goblin/3)
	}
	// nothing of a Tiny creature outside its square: the squares round
	// them are empty ground
	for _, x := range []int{0, 2, 4, 6, 8, 10} {
		if n := square(img, x, colBlue) + square(img, x, colVerm) + square(img, x, colNeutral); n > 0 {
			t.Errorf("%d px of a token's fill in the empty square (%d, 1)", n, x)
		}
	}
	for _, x := range []int{5, 9} {
		if n := count(img, x*s, 0, (x+1)*s, s, colBlue) + count(img, x*s, 2*s, (x+1)*s, 3*s, colVerm); n > 0 {
			t.Errorf("%d px of a Tiny creature's fill above or below its square (%d, 1)", n, x)
		}
	}
	// every token's initials are drawn, and the Tiny ones' HP bars
	r := NewRenderer()
	p := &recorder{calls: map[string]int{}}
	r.Paint(p, 11*s, 3*s, e, View{Scale: s}, nil)
	for _, want := range []string{"Rat", "Go", "Bat", "R2", "Va", "Cat", "I1", "I2", "I3", "I4"} {
		if !slices.Contains(p.texts, want) {
			t.Errorf("texts %q: no initials %q", p.texts, want)
		}
	}
	f := &frame{e: e, v: View{Scale: s}}
	for _, i := range []int{0, 2, 3, 5} {
		tk := &e.Tokens[i]
		if _, _, _, _, ok := hpGeom(f, tk, tk.X, tk.Y, r.looks[i]); !ok {
			t.Errorf("%s: no HP bar", tk.Name)
		}
	}
	// Where a Tiny creature shares no square, it fills its square
	pts := tinyEncounter(model.Points)
	img = image.NewRGBA(image.Rect(0, 0, 11*s, 3*s))
	NewRenderer().Draw(img, pts, View{Scale: s}, nil)
	if rat, goblin := square(img, 1, colVerm), square(img, 3, colVerm); math.Abs(float64(rat-goblin)) > 0.05*float64(goblin) {
		t.Errorf("movement points: the Tiny rat shows %d px of its fill, the Medium goblin %d: want the same disc", rat, goblin)
	}
}

// discRecorder records the discs painted in the tokens' layer.
type discRecorder struct {
	recorder
	discs []paintedDisc
}

type paintedDisc struct {
	x, y, r float64
	c       color.NRGBA
}

func (p *discRecorder) Disc(cx, cy, r, inner float64, c color.NRGBA) {
	if p.layer == "tokens" {
		p.discs = append(p.discs, paintedDisc{cx, cy, r, c})
	}
}
