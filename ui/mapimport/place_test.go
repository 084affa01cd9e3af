package mapimport

import (
	"bytes"
	"context"
	"image"
	"strings"
	"testing"

	"encounterplanner/model"
	"encounterplanner/ui/controls"
	"encounterplanner/ui/export"
	"encounterplanner/ui/internal/testimages"
)

func TestPlacementFromPoints(t *testing.T) {
	for _, c := range []struct {
		name string
		a, b Point
		n    int
		want model.BackgroundPlacement
		err  string
	}{
		{"one square along a row", Point{35, 35}, Point{105, 35}, 1, model.BackgroundPlacement{X: 35, Y: 35, PxPerSquare: 70}, ""},
		{"nine squares, the offset folded to the first square", Point{105, 175}, Point{735, 175}, 9, model.BackgroundPlacement{X: 35, Y: 35, PxPerSquare: 70}, ""},
		{"right to left", Point{735, 35}, Point{35, 35}, 10, model.BackgroundPlacement{X: 35, Y: 35, PxPerSquare: 70}, ""},
		{"down a column", Point{50, 20}, Point{50, 420}, 4, model.BackgroundPlacement{X: 50, Y: 20, PxPerSquare: 100}, ""},
		{"a diagonal", Point{140, 140}, Point{350, 350}, 3, model.BackgroundPlacement{X: 0, Y: 0, PxPerSquare: 70}, ""},
		{"three across and one down: the longer way", Point{10, 10}, Point{160, 60}, 3, model.BackgroundPlacement{X: 10, Y: 10, PxPerSquare: 50}, ""},
		{"thirds round to 1/1000 pixel", Point{0, 0}, Point{100, 0}, 3, model.BackgroundPlacement{X: 0, Y: 0, PxPerSquare: 33.333}, ""},
		{"a half-pixel grid", Point{12.5, 0}, Point{152.5, 0}, 2, model.BackgroundPlacement{X: 12.5, Y: 0, PxPerSquare: 70}, ""},
		{"on top of each other", Point{35, 35}, Point{37, 36}, 1, model.BackgroundPlacement{}, "on top of each other"},
		{"no squares between", Point{35, 35}, Point{105, 35}, 0, model.BackgroundPlacement{}, "at least 1"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := PlacementFromPoints(c.a, c.b, c.n)
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("error %v, want one saying %q", err, c.err)
				}
				return
			}
			if err != nil || got != c.want {
				t.Fatalf("got %+v, %v; want %+v", got, err, c.want)
			}
		})
	}
}

func readImage(t testing.TB, file []byte) *Image {
	t.Helper()
	m, err := export.ReadMapImage(context.Background(), bytes.NewReader(file), nil)
	if err != nil {
		t.Fatal(err)
	}
	img := &Image{Name: "cellar.png", MapImage: m}
	img.Grid.PxPerSquare, img.Grid.X, img.Grid.Y, img.Grid.OK = export.DetectGrid(m.Image)
	return img
}

func TestProposed(t *testing.T) {
	img := readImage(t, testimages.GridPNG(600, 300, 70, 35))
	if got := Proposed(img.MapImage, Detected{PxPerSquare: 70, X: 35, Y: 35, OK: true}, 0); got != (model.BackgroundPlacement{X: 35, Y: 35, PxPerSquare: 70}) {
		t.Errorf("detected: %+v", got)
	}
	if got := Proposed(img.MapImage, Detected{}, 0); got != (model.BackgroundPlacement{PxPerSquare: 20}) {
		t.Errorf("none detected, a new map: %+v, want 600/30 = 20 px a square", got)
	}
	if got := Proposed(img.MapImage, Detected{}, 12); got != (model.BackgroundPlacement{PxPerSquare: 50}) {
		t.Errorf("none detected, a 12-wide map: %+v, want 50 px a square", got)
	}
	if got := Proposed(img.MapImage, Detected{}, 5000); got.PxPerSquare != 0.6 {
		t.Errorf("none detected, 5000 wide: %v px a square, want 0.6 (1000 squares, the largest map)", got.PxPerSquare)
	}
}

func TestNewEncounter(t *testing.T) {
	img := readImage(t, testimages.GridPNG(735, 525, 70, 35))
	p := model.BackgroundPlacement{X: 35, Y: 35, PxPerSquare: 70}
	e, err := NewEncounter("  Cellar ", model.PF1E, img.MapImage, p)
	if err != nil {
		t.Fatal(err)
	}
	if e.Name != "Cellar" || e.Ruleset != model.PF1E || e.Grid.W != 10 || e.Grid.H != 7 || e.Background != img.DataURL || *e.Placement != p {
		t.Errorf("got %q %v %dx%d placement %+v", e.Name, e.Ruleset, e.Grid.W, e.Grid.H, e.Placement)
	}
	if _, err := NewEncounter(" ", model.PF1E, img.MapImage, p); err == nil || !strings.Contains(err.Error(), "name") {
		t.Errorf("blank name: %v", err)
	}
	if _, err := NewEncounter("Cellar", model.PF1E, img.MapImage, model.BackgroundPlacement{PxPerSquare: 800}); err == nil || !strings.Contains(err.Error(), "no whole square") {
		t.Errorf("800 px a square on a 735 px image: %v", err)
	}
}

// BenchmarkAlignPreview8000 is what the alignment dialog draws on each
// typed digit, placed point or wheel notch for an 8000 x 8000 map: the
// preview at 480 pixels with the grid over it, of the whole image and of
// a part zoomed in to 1:1.
func BenchmarkAlignPreview8000(b *testing.B) {
	img := image.NewYCbCr(image.Rect(0, 0, 8000, 8000), image.YCbCrSubsampleRatio420)
	for i := range img.Y {
		img.Y[i] = uint8(i * 7)
	}
	p := model.BackgroundPlacement{PxPerSquare: 100}
	for _, c := range []struct {
		name string
		view image.Rectangle
	}{{"whole", img.Bounds()}, {"zoomed", image.Rect(4000, 4000, 4480, 4480)}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				Preview(img, c.view, p, 80, 80, previewSide)
			}
		})
	}
}

// BenchmarkSnapToLines8000 is one click's snap on an 8000-pixel map
// previewed at 480 pixels (17 image pixels a screen pixel).
func BenchmarkSnapToLines8000(b *testing.B) {
	img := image.NewYCbCr(image.Rect(0, 0, 8000, 8000), image.YCbCrSubsampleRatio420)
	b.ReportAllocs()
	for b.Loop() {
		SnapToLines(img, Point{4000, 4000}, 17.7)
	}
}

// TestGridLineAtImageEdgeKeepsEverySquare: a map image whose grid lines
// are drawn from its very edge (2 pixels wide, so found at 0.5 px) keeps
// all its squares, 20 x 15 of 70 px on 1400 x 1050 pixels: the offset
// found, half a pixel in, made it 19 x 14, its last row and column lost.
func TestGridLineAtImageEdgeKeepsEverySquare(t *testing.T) {
	img := readImage(t, testimages.GridPNG(1400, 1050, 70, 0))
	for _, d := range []Detected{
		{PxPerSquare: 70, X: 0.5031729769377478, Y: 0.5041405130286591, OK: true}, // what the app found on such an image
		{PxPerSquare: 70, X: 69.4, Y: 1.9, OK: true},                              // a line just outside the edge, a thick one
	} {
		p := Proposed(img.MapImage, d, 0)
		if p != (model.BackgroundPlacement{PxPerSquare: 70}) {
			t.Errorf("found %+v: proposed %+v, want the map from the image's corner", d, p)
		}
		if w, h, err := img.MapSize(p); err != nil || w != 20 || h != 15 {
			t.Errorf("found %+v: the map becomes %d x %d (%v), want 20 x 15", d, w, h, err)
		}
	}
	if p := Proposed(img.MapImage, Detected{PxPerSquare: 70, X: 35.123456, Y: 3, OK: true}, 0); p != (model.BackgroundPlacement{X: 35.123, Y: 3, PxPerSquare: 70}) {
		t.Errorf("an offset inside the image: %+v, want it kept, to 1/1000 pixel", p)
	}
	if p, err := PlacementFromPoints(Point{0.5, 0.5}, Point{350.5, 0.5}, 5); err != nil || p != (model.BackgroundPlacement{PxPerSquare: 70}) {
		t.Errorf("points snapped to the edge's line: %+v, %v", p, err)
	}
}

// TestGridFoundSaysWhereTheMapStarts: the dialog's line about the grid
// found says the offset the fields start with, "from (0, 0)" for a grid
// drawn from the image's edge, not the detection's 16 digits
// ("from (0.5031729769377478, …)"), which the fields no longer show.
func TestGridFoundSaysWhereTheMapStarts(t *testing.T) {
	img := readImage(t, testimages.GridPNG(1400, 1050, 70, 0))
	img.Grid = Detected{PxPerSquare: 70, X: 0.5031729769377478, Y: 0.5041405130286591, OK: true}
	d := NewAlign(controls.NewEscapes(nil), img, AlignOptions{Start: Proposed(img.MapImage, img.Grid, 0)})
	if got := d.info.Text; !strings.HasPrefix(got, "Grid found: 70 px a square from (0, 0).\nThe map becomes 20 x 15 squares.") {
		t.Errorf("the dialog says %q", got)
	}
}

// TestAlignSaysWhatKeepsItsSquares: a 1400 x 1050 image of 70 px squares
// on an 8 x 6 room made the map 20 x 15, and the room's walls, fog and
// tokens stayed in its top-left corner, which the dialog had not said.
// It says so whenever the size differs from the map's, and not for a new
// encounter, a map of the same size or one that holds nothing.
func TestAlignSaysWhatKeepsItsSquares(t *testing.T) {
	img := readImage(t, testimages.GridPNG(1400, 1050, 70, 0))
	img.Grid = Detected{PxPerSquare: 70, OK: true}
	const holds = "its walls and terrain, the fog of war and its 2 tokens"
	for _, c := range []struct {
		name string
		opt  AlignOptions
		want string
	}{
		{"another size", AlignOptions{MapW: 8, MapH: 6, Holds: holds}, " It is 8 x 6 now: " + holds + " keep their squares, counted from its top-left corner."},
		{"the same size", AlignOptions{MapW: 20, MapH: 15, Holds: holds}, ""},
		{"an empty map", AlignOptions{MapW: 8, MapH: 6}, ""},
		{"a new encounter", AlignOptions{NewEncounter: true, MapW: 8, MapH: 6, Holds: holds}, ""},
	} {
		c.opt.Start = Proposed(img.MapImage, img.Grid, 0)
		d := NewAlign(controls.NewEscapes(nil), img, c.opt)
		got := d.info.Text
		if !strings.HasPrefix(got, "Grid found: 70 px a square from (0, 0).\nThe map becomes 20 x 15 squares.") ||
			c.want != "" && !strings.HasSuffix(got, c.want) || c.want == "" && strings.Contains(got, "keep their squares") {
			t.Errorf("%s: the dialog says %q, want it to end %q", c.name, got, c.want)
		}
	}
}

// TestAlignWarnsOfACoarsePicture: a 16 x 12 pixel image, no grid found,
// was proposed as 30 x 22 squares at 0.533 px a square without a word;
// under 10 px a square the dialog says the picture shows little, and
// from 10 it says nothing of it.
func TestAlignWarnsOfACoarsePicture(t *testing.T) {
	img := readImage(t, testimages.GridPNG(160, 120, 16, 0))
	for _, c := range []struct {
		px   float64
		warn bool
	}{{0.5, true}, {8, true}, {10, false}, {16, false}} {
		d := NewAlign(controls.NewEscapes(nil), img, AlignOptions{Start: model.BackgroundPlacement{PxPerSquare: c.px}})
		if got := strings.Contains(d.info.Text, "shows little of each square"); got != c.warn {
			t.Errorf("%v px a square: the dialog says %q (a warning: %v, want %v)", c.px, d.info.Text, got, c.warn)
		}
	}
}

// TestGridFoundReadsToAHundredth: the grid found on a real map, 69.9356…
// px a square, was said and put in the field as "69.93560606060606". Both
// show it to a hundredth of a pixel, as a GM reads it, while the map is
// placed by the exact value as long as the field holds what the dialog
// put there: 0.0044 px a square short is 0.4 px over a 100-square map.
// A value the GM types is taken as typed.
func TestGridFoundReadsToAHundredth(t *testing.T) {
	img := readImage(t, testimages.GridPNG(1400, 1050, 70, 0))
	img.Grid = Detected{PxPerSquare: 69.93560606060606, X: 12.345678, Y: 3, OK: true}
	d := NewAlign(controls.NewEscapes(nil), img, AlignOptions{Start: Proposed(img.MapImage, img.Grid, 0)})
	if got := d.info.Text; !strings.HasPrefix(got, "Grid found: 69.94 px a square from (12.35, 3).") {
		t.Errorf("the dialog says %q", got)
	}
	if d.PxPerSquare.Text != "69.94" || d.OffsetX.Text != "12.35" || d.OffsetY.Text != "3" {
		t.Errorf("the fields hold %q, %q, %q, want 69.94, 12.35, 3", d.PxPerSquare.Text, d.OffsetX.Text, d.OffsetY.Text)
	}
	if p, err := d.Placement(); err != nil || p != (model.BackgroundPlacement{PxPerSquare: 69.93560606060606, X: 12.346, Y: 3}) {
		t.Errorf("placed at %+v (%v), want the exact grid found", p, err)
	}
	d.PxPerSquare.SetText("69.9")
	if p, err := d.Placement(); err != nil || p.PxPerSquare != 69.9 {
		t.Errorf("typed 69.9: placed at %+v (%v)", p, err)
	}
}
