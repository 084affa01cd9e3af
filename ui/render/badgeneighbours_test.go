package render

import (
	"image"
	"image/draw"
	"math"
	"os"
	"testing"

	"encounterplanner/model"
)

// denWithValeros is the shipped example docs/examples/smugglers-den
// .encounter.json as the tester played it: Valeros beside the Large Ogre
// Brute's upper square, the Ogre prone.
func denWithValeros(t *testing.T) *model.Encounter {
	t.Helper()
	data, err := os.ReadFile("../../docs/examples/smugglers-den.encounter.json")
	if err != nil {
		t.Fatal(err)
	}
	e, err := model.DecodeEncounter(data)
	if err != nil {
		t.Fatal(err)
	}
	ogre := e.TokenIndex("Ogre Brute")
	e.Tokens[ogre].Conditions = []string{model.CondProne}
	o := e.Tokens[ogre]
	e.Tokens = append(e.Tokens, model.Token{ID: "valeros", Name: "Valeros", X: o.X - 1, Y: o.Y, Size: model.Medium, Side: "party"})
	return e
}

// fillOverlaps lists the badges and height tags r placed that lie over
// the fill of a token other than their own (its disc inside its ring, as
// drawn), but those stacked in its squares (clearOfTokens).
func fillOverlaps(r *Renderer) []string {
	var out []string
	for i := range r.lay.labels {
		l := &r.lay.labels[i]
		if l.of == 0 {
			continue
		}
		var own tokenDisc
		for _, d := range r.lay.discs {
			if d.tok == l.of-1 {
				own = d
			}
		}
		for _, d := range r.lay.discs {
			stacked := d.x == own.x && d.y == own.y && d.k == own.k && !(d.tiny && own.tiny)
			if d.tok != own.tok && !stacked && d.hits(l.b) {
				out = append(out, r.lay.text(l))
			}
		}
	}
	return out
}

// TestABadgeKeepsOffItsNeighbours: the Ogre's "prone" badge, on the rim of
// its disc, lay over Valeros beside it in the den example: a badge may go
// wherever no other label is, and a Large token's rim reaches past its
// squares. A condition badge, or a height tag, now lies over no other
// token's fill (its ring it may touch), at the den's fitted zoom and
// closer; where its rim has no room left, its short form, then the dot
// that says "conditions not shown", takes its place. Kept by the golden
// image badge-neighbours.png.
func TestABadgeKeepsOffItsNeighbours(t *testing.T) {
	e := denWithValeros(t)
	for _, s := range []float64{31, 40, 48, 62, 72} {
		r := NewRenderer()
		img := image.NewRGBA(image.Rect(0, 0, int(24*s), int(16*s)))
		r.Draw(img, e, View{Scale: s}, nil)
		if over := fillOverlaps(r); len(over) > 0 {
			t.Errorf("%v px a square: %q lie over another token", s, over)
		}
		shown := placedTexts(r, labelCondition)
		if len(shown) == 0 && len(r.lay.dots) == 0 {
			t.Errorf("%v px a square: no badge and no dot for the Ogre's and the goblin's conditions", s)
		}
	}
	// the Ogre and Valeros, at the fitted zoom
	const s = 31
	o := e.Tokens[e.TokenIndex("Ogre Brute")]
	img := image.NewRGBA(image.Rect(0, 0, 24*s, 16*s))
	NewRenderer().Draw(img, e, View{Scale: s}, nil)
	crop := image.NewRGBA(image.Rect(0, 0, 7*s, 6*s))
	draw.Draw(crop, crop.Rect, img, image.Pt((o.X-4)*s, (o.Y-2)*s), draw.Src)
	golden(t, "badge-neighbours", crop)
}

// TestAStackedFlyersHeightTagGoesWithItsPicture: a flyer stacked over a
// creature is drawn smaller, against its space's rim, but its height tag
// kept its place on the rim of the whole space: a Large drake over a
// kobold had its "+20 ft" a square away from its picture, and the eagle
// over the goblin had its tag on the goblin's side. Every height tag now
// touches the disc of the token it tells of, as drawn, and lies over no
// other token's fill.
func TestAStackedFlyersHeightTagGoesWithItsPicture(t *testing.T) {
	for _, s := range []float64{40, 56, 72} {
		e := stackedEncounter()
		r := NewRenderer()
		img := image.NewRGBA(image.Rect(0, 0, int(13*s), int(6*s)))
		r.Draw(img, e, View{Scale: s}, nil)
		tags := 0
		for i := range r.lay.labels {
			l := &r.lay.labels[i]
			if l.kind != labelElevation {
				continue
			}
			tags++
			d := r.lay.discs[0]
			for _, o := range r.lay.discs {
				if o.tok == l.of-1 {
					d = o
				}
			}
			// within a pixel of its disc, ring included
			ring := math.Max(1.5, (d.r+1.5)*0.12)
			grown := tokenDisc{cx: d.cx, cy: d.cy, r: d.r + ring + 1}
			near := grown.hits(l.b)
			if !near {
				t.Errorf("%v px a square: the tag %q is not beside its token's picture", s, r.lay.text(l))
			}
		}
		if tags != 5 {
			t.Errorf("%v px a square: %d height tags, want the 5 flyers'", s, tags)
		}
		if over := fillOverlaps(r); len(over) > 0 {
			t.Errorf("%v px a square: %q lie over another token", s, over)
		}
	}
}
