package render

import (
	"image"
	"image/color"
	"math"
	"strings"
	"testing"

	"encounterplanner/model"
	"encounterplanner/rules"
)

// TestPaintIsDrawsScene paints the scene through Paint into a raster
// painter and checks it gives Draw's pixels: the shapes a PDF receives are
// the shapes the screen shows (the grid aside: Draw snaps it to pixels).
func TestPaintIsDrawsScene(t *testing.T) {
	for _, c := range []struct {
		name string
		v    View
		o    *Overlays
	}{
		{"map", View{Scale: 40, NoGrid: true}, nil},
		{"overlays", View{Scale: 40, NoGrid: true}, testOverlays()},
		{"player", View{Scale: 40, NoGrid: true, Player: true}, testOverlays()},
		{"forced", View{Scale: 40, NoGrid: true}, forcedOverlays()},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := testEncounter(model.SF2E)
			w, h := 14*40, 9*40
			want := image.NewRGBA(image.Rect(0, 0, w, h))
			NewRenderer().Draw(want, e, c.v, c.o)
			got := image.NewRGBA(image.Rect(0, 0, w, h))
			sink := NewRenderer()
			sink.cv = canvas{pix: got.Pix, stride: got.Stride, w: w, h: h, luts: &sink.luts}
			sink.pickTiles(c.v.Scale, false)
			NewRenderer().Paint(&rasterPainter{r: sink}, float64(w), float64(h), e, c.v, c.o)
			if !sameImage(want, got) {
				t.Error("Paint's shapes rasterised differ from Draw")
			}
		})
	}
}

// recorder counts the shapes a scene hands its painter, per layer.
type recorder struct {
	layer  string
	calls  map[string]int
	texts  []string
	gridXs []float64
}

func (p *recorder) Layer(n string) { p.layer = n }
func (p *recorder) Background(float64, float64, float64, float64, *image.RGBA) {
	p.calls[p.layer+" background"]++
}
func (p *recorder) Terrain(x0, y0, x1, y1, s float64, t model.Terrain, overBG bool) {
	p.calls[p.layer+" terrain"] += int((x1 - x0) / s)
}
func (p *recorder) Rect(_, _, _, _ float64, _ color.NRGBA) { p.calls[p.layer+" rect"]++ }
func (p *recorder) Disc(_, _, _, _ float64, _ color.NRGBA) { p.calls[p.layer+" disc"]++ }
func (p *recorder) Line(x0, y0, x1, y1, w float64, c color.NRGBA, dash float64) {
	p.calls[p.layer+" line"]++
	if p.layer == "grid" && x0 == x1 {
		p.gridXs = append(p.gridXs, x0)
	}
}
func (p *recorder) Triangle(_, _, _, _, _, _ float64, _ color.NRGBA) { p.calls[p.layer+" triangle"]++ }
func (p *recorder) RoundRect(_, _, _, _, _ float64, _ color.NRGBA)   { p.calls[p.layer+" roundrect"]++ }
func (p *recorder) Stripes(_, _, _, _, _, _ float64, _, _ color.NRGBA) {
	p.calls[p.layer+" stripes"]++
}
func (p *recorder) Text(x, y, px float64, bold bool, s string, width float64, c color.NRGBA) {
	p.calls[p.layer+" text"]++
	p.texts = append(p.texts, strings.Clone(s)) // initials live in the Renderer's buffer
}

func TestPaintWalksEverySquareOnceAndTheGrid(t *testing.T) {
	e := testEncounter(model.SF2E)
	p := &recorder{calls: map[string]int{}}
	NewRenderer().Paint(p, 14*72, 9*72, e, View{Scale: 72}, nil)
	if n := p.calls["terrain terrain"]; n != 14*9 {
		t.Errorf("%d squares of terrain painted, want %d", n, 14*9)
	}
	if len(p.gridXs) != 15 || p.gridXs[0] != 0 || p.gridXs[14] != 14*72 {
		t.Errorf("vertical grid lines at %v, want 15 from 0 to %d", p.gridXs, 14*72)
	}
	for i := 1; i < len(p.gridXs); i++ {
		if d := p.gridXs[i] - p.gridXs[i-1]; d != 72 {
			t.Fatalf("grid lines %v apart, want 72", d)
		}
	}
	if got := strings.Join(p.texts, ","); !strings.Contains(got, "Iseph") || !strings.Contains(got, "Is") {
		t.Errorf("texts %q: want the token's initials and name plate", got)
	}
}

func forcedOverlays() *Overlays {
	o := NewOverlays()
	o.Selected = 0
	for _, q := range []rules.Point{{X: 3, Y: 2}, {X: 4, Y: 2}, {X: 3, Y: 3}} {
		o.Reach = append(o.Reach, rules.Square{X: q.X, Y: q.Y, Actions: 1})
	}
	o.Reach = append(o.Reach, rules.Square{X: 4, Y: 3, Actions: 2})
	o.Collide = []rules.Point{{X: 4, Y: 3}}
	return o
}

// TestCollisionCross checks that forced movement's collision squares are
// crossed out by the renderer itself (so the player display, the PNG and
// the PDF show them, not only the editor), in vermillion.
func TestCollisionCross(t *testing.T) {
	e := testEncounter(model.Points)
	img := image.NewRGBA(image.Rect(0, 0, 14*40, 9*40))
	NewRenderer().Draw(img, e, View{Scale: 40}, forcedOverlays())
	golden(t, "forced", img)
	// The centre of the crossed square is the crossing of the X.
	c := img.RGBAAt(4*40+20, 3*40+20)
	if c != colVerm.std() {
		t.Errorf("centre of the collision square is %v, want vermillion %v", c, colVerm.std())
	}
	player := image.NewRGBA(img.Rect)
	NewRenderer().Draw(player, e, View{Scale: 40, Player: true}, forcedOverlays())
	if player.RGBAAt(4*40+20, 3*40+20) != colVerm.std() {
		t.Error("the player view leaves out the collision cross")
	}
}

// grey is a tile pixel's luminance (0..255).
func grey(tl *tile, x, y int) float64 {
	p := tl.pix[(y*tl.size+x)*4:]
	return 0.299*float64(p[0]) + 0.587*float64(p[1]) + 0.114*float64(p[2])
}

func meanGrey(tl *tile, s int) float64 {
	sum := 0.0
	for y := 0; y < s; y++ {
		for x := 0; x < s; x++ {
			sum += grey(tl, x, y)
		}
	}
	return sum / float64(s*s)
}

// TestTerrainTellsApartInGrey: printed in black and white, or seen at a
// glance, difficult and greater difficult differ by tone, not only by the
// count of small dots, and narrow is a squeeze, not a bar across the
// square that reads as a wall or a door.
func TestTerrainTellsApartInGrey(t *testing.T) {
	for _, s := range []int{20, 40, 72} {
		d := meanGrey(makeTile(model.Difficult, float64(s), false), s)
		g := meanGrey(makeTile(model.GreaterDifficult, float64(s), false), s)
		if d-g < 15 {
			t.Errorf("%d px: difficult and greater difficult are %.0f and %.0f grey levels: too alike", s, d, g)
		}
		n := makeTile(model.Narrow, float64(s), false)
		mid := s / 2
		lo, hi := 255.0, 0.0
		for x := 0; x < s; x++ {
			lo, hi = math.Min(lo, grey(n, x, mid)), math.Max(hi, grey(n, x, mid))
		}
		if hi-lo < 60 {
			t.Errorf("%d px: the narrow square's middle row is one tone (%.0f-%.0f): a bar across", s, lo, hi)
		}
		if o := meanGrey(makeTile(0, float64(s), false), s); math.Abs(meanGrey(n, s)-o) > 30 {
			t.Errorf("%d px: narrow is %.0f grey levels from open ground (%.0f): it reads as a wall", s, meanGrey(n, s), o)
		}
	}
}
