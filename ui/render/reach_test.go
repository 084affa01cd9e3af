package render

import (
	"image"
	"testing"

	"encounterplanner/model"
	"encounterplanner/rules"
)

// bigReachEncounter has an open 16 x 12 map with a Large ogre and a Huge
// giant.
func bigReachEncounter() *model.Encounter {
	e := &model.Encounter{Name: "Big", Ruleset: model.SF2E, Grid: model.NewGrid(16, 12)}
	e.Tokens = []model.Token{
		{Name: "Ogre", X: 2, Y: 2, Size: model.Large, Side: "enemy"},
		{Name: "Giant", X: 10, Y: 5, Size: model.Huge, Side: "enemy"},
	}
	return e
}

// diamondReach lists the top-left positions within d steps of (x, y),
// banded 1..3 by distance (a rules answer's shape).
func diamondReach(x, y, d int) []rules.Square {
	var out []rules.Square
	for j := y - d; j <= y+d; j++ {
		for i := x - d; i <= x+d; i++ {
			n := abs(i-x) + abs(j-y)
			if n == 0 || n > d || i < 0 || j < 0 {
				continue
			}
			out = append(out, rules.Square{X: i, Y: j, Actions: min(3, (n+1)/2), Cost: n * 5})
		}
	}
	return out
}

// TestReachShadesTheWholeSpace: a Large token's reach covers every square
// of the 2x2 space it can stand on, not only the top-left squares the
// rules list, and a square's band is the fewest actions of any space
// covering it.
func TestReachShadesTheWholeSpace(t *testing.T) {
	e := bigReachEncounter()
	draw := func(o *Overlays) *image.RGBA {
		img := image.NewRGBA(image.Rect(0, 0, 16*20, 12*20))
		NewRenderer().Draw(img, e, View{Scale: 20, NoGrid: true}, o)
		return img
	}
	bare := draw(nil)
	o := NewOverlays()
	o.Selected = 0
	// one position, 2 actions away; its 2x2 space is (6..7, 6..7)
	o.Reach = []rules.Square{{X: 6, Y: 6, Actions: 2, Cost: 40}}
	one := draw(o)
	for _, q := range []rules.Point{{X: 6, Y: 6}, {X: 7, Y: 6}, {X: 6, Y: 7}, {X: 7, Y: 7}} {
		px, py := q.X*20+10, q.Y*20+10
		if one.RGBAAt(px, py) == bare.RGBAAt(px, py) {
			t.Errorf("square (%d,%d) of the reached 2x2 space is not shaded", q.X, q.Y)
		}
	}
	if px, py := 8*20+10, 8*20+10; one.RGBAAt(px, py) != bare.RGBAAt(px, py) {
		t.Error("square (8,8), outside the space, is shaded")
	}
	// a 1-action position beside it: the square both cover takes band 1
	o.Reach = append(o.Reach, rules.Square{X: 7, Y: 6, Actions: 1, Cost: 20})
	two := draw(o)
	o1 := NewOverlays()
	o1.Selected = 0
	o1.Reach = []rules.Square{{X: 7, Y: 6, Actions: 1}}
	only1 := draw(o1)
	if px, py := 7*20+10, 7*20+10; two.RGBAAt(px, py) != only1.RGBAAt(px, py) {
		t.Errorf("square (7,7) covered by a 1-action and a 2-action space is %v, want the 1-action shade %v", two.RGBAAt(px, py), only1.RGBAAt(px, py))
	}
	// an explicit ReachSpace wins over the selected token's
	o1.ReachSpace = 3
	three := draw(o1)
	if px, py := 9*20+10, 8*20+10; three.RGBAAt(px, py) == bare.RGBAAt(px, py) {
		t.Error("ReachSpace 3: square (9,8) of the 3x3 space is not shaded")
	}
}

// TestGoldenBigReach: the reach of a Large ogre, with its path's end
// hovered (the 2x2 outline inside the shading), and of a Huge giant.
func TestGoldenBigReach(t *testing.T) {
	for _, c := range []struct {
		name string
		sel  int
		end  rules.Point
	}{{"reach-large", 0, rules.Point{X: 5, Y: 3}}, {"reach-huge", 1, rules.Point{X: 7, Y: 4}}} {
		t.Run(c.name, func(t *testing.T) {
			e := bigReachEncounter()
			tk := e.Tokens[c.sel]
			o := NewOverlays()
			o.Selected, o.PathFrom, o.Units = c.sel, c.sel, "ft"
			o.Reach = diamondReach(tk.X, tk.Y, 4)
			o.Path = &rules.Path{Reachable: true, Steps: []rules.Step{{X: c.end.X, Y: c.end.Y, Turn: rules.NoTurn, Cost: 20, Total: 20}}}
			o.Hover = &rules.Point{X: c.end.X, Y: c.end.Y}
			o.HoverSize = e.Space(&tk)
			img := image.NewRGBA(image.Rect(0, 0, 16*30, 12*30))
			NewRenderer().Draw(img, e, View{Scale: 30}, o)
			golden(t, c.name, img)
		})
	}
}

// BenchmarkReachLarge shades a Large token's reach over a whole 250 x 250
// map, seen zoomed out.
func BenchmarkReachLarge(b *testing.B) {
	e := &model.Encounter{Name: "Big", Ruleset: model.SF2E, Grid: model.NewGrid(250, 250)}
	e.Tokens = []model.Token{{Name: "Ogre", X: 125, Y: 125, Size: model.Large, Side: "enemy"}}
	o := NewOverlays()
	o.Selected = 0
	o.Reach = diamondReach(125, 125, 120)
	img := image.NewRGBA(image.Rect(0, 0, 1000, 1000))
	r := NewRenderer()
	v := View{Scale: 4}
	r.Draw(img, e, v, o)
	b.ReportAllocs()
	for b.Loop() {
		r.Draw(img, e, v, o)
	}
}
