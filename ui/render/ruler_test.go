package render

import (
	"image"
	"testing"

	"encounterplanner/model"
	"encounterplanner/rules"
)

func rulerOverlays() *Overlays {
	o := NewOverlays()
	o.Units = "ft"
	o.Ruler = []RulerLeg{
		{From: rules.Point{X: 1, Y: 8}, To: rules.Point{X: 6, Y: 4}, Label: "35 ft"},
		{From: rules.Point{X: 6, Y: 4}, To: rules.Point{X: 12, Y: 4}, Label: "30 ft · 65 ft"},
	}
	return o
}

// TestRulerGolden: the ruler's legs are drawn centre to centre with a dot
// at each waypoint, each leg's length by its end and the total on the
// last, bold.
func TestRulerGolden(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 14*40, 9*40))
	NewRenderer().Draw(img, testEncounter(model.SF2E), View{Scale: 40}, rulerOverlays())
	golden(t, "ruler", img)
}

// TestRulerNoAllocs: a ruler on the map keeps a frame free of allocations.
func TestRulerNoAllocs(t *testing.T) {
	e := testEncounter(model.SF2E)
	o := testOverlays()
	o.Ruler = rulerOverlays().Ruler
	img := image.NewRGBA(image.Rect(0, 0, 640, 400))
	r := NewRenderer()
	for _, v := range []View{{Scale: 40, OriginX: 20, OriginY: 20}, {Scale: 10.8}} {
		r.Draw(img, e, v, o)
		if n := testing.AllocsPerRun(20, func() { r.Draw(img, e, v, o) }); n != 0 {
			t.Errorf("view %+v: %v allocations per frame with a ruler", v, n)
		}
	}
}

func BenchmarkRenderRuler(b *testing.B) {
	e := testEncounter(model.SF2E)
	for _, c := range []struct {
		name string
		o    *Overlays
	}{{"none", testOverlays()}, {"ruler", testOverlays()}} {
		if c.name == "ruler" {
			c.o.Ruler = rulerOverlays().Ruler
		}
		b.Run(c.name, func(b *testing.B) {
			img := image.NewRGBA(image.Rect(0, 0, 14*40, 9*40))
			r := NewRenderer()
			r.Draw(img, e, View{Scale: 40}, c.o)
			b.ReportAllocs()
			for b.Loop() {
				r.Draw(img, e, View{Scale: 40}, c.o)
			}
		})
	}
}
