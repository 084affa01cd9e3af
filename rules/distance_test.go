package rules

// distance_test.go holds rules-conventions.md, "Distance and the ruler"
// (and the distance sentences of "Elevation"), sentence by sentence.

import (
	"reflect"
	"strings"
	"testing"

	"encounterplanner/model"
)

// "The distance between two squares, with gaps a >= b in squares, is
// a + floor(b / 2) squares for sf2e, pf1e and starship (times feetPerSquare
// for feet) with a fresh diagonal count; for points it is a squares."
func TestDistanceBetweenSquares(t *testing.T) {
	for _, c := range []struct {
		dx, dy       int
		diag, points int
	}{
		{0, 0, 0, 0}, {1, 0, 1, 1}, {0, -1, 1, 1}, {1, 1, 1, 1}, {2, 2, 3, 2}, {3, 3, 4, 3},
		{-4, 1, 4, 4}, {1, -4, 4, 4}, {5, 3, 6, 5}, {-6, -6, 9, 6}, {10, 7, 13, 10},
	} {
		for _, r := range model.Rulesets {
			want := c.diag
			if r == model.Points {
				want = c.points
			}
			if got := SquaresBetween(r, c.dx, c.dy); got != want {
				t.Errorf("%s: SquaresBetween(%d, %d) = %d, want %d", r, c.dx, c.dy, got, want)
			}
		}
	}
	// In feet: squares times feetPerSquare (starship 50); points counts squares.
	for _, c := range []struct {
		r    model.Ruleset
		fps  int
		want Distance
	}{
		{model.SF2E, 5, Distance{4, 20}}, {model.PF1E, 10, Distance{4, 40}},
		{model.Starship, 50, Distance{4, 200}}, {model.Points, 5, Distance{3, 3}},
	} {
		e := &model.Encounter{Ruleset: c.r, FeetPerSquare: c.fps, Grid: model.NewGrid(10, 10)}
		if got := Measure(e, []Point{{0, 0}, {3, 3}}).Total; got != c.want {
			t.Errorf("%s: (0,0) to (3,3) = %+v, want %+v", c.r, got, c.want)
		}
	}
}

// "The ruler measures square to square along its waypoints, one diagonal
// count over all its legs; terrain never matters to it."
func TestDistanceRuler(t *testing.T) {
	open := &model.Encounter{Ruleset: model.SF2E, FeetPerSquare: 5, Grid: model.NewGrid(12, 12)}
	walled := &model.Encounter{Ruleset: model.SF2E, FeetPerSquare: 5, Grid: model.NewGrid(12, 12),
		Edges: []model.Edge{{Kind: model.EdgeWall, X1: 0, Y1: 1, X2: 12, Y2: 1}}}
	for i := range walled.Grid.Cells {
		walled.Grid.Cells[i] = model.Wall | model.GreaterDifficult
	}
	for _, c := range []struct {
		name  string
		pts   []Point
		legs  []int // feet
		total int
	}{
		// Two single diagonals: 5 then 10, as one diagonal of two would be.
		{"DiagonalCountCarriesOver", []Point{{0, 0}, {1, 1}, {2, 2}}, []int{5, 10}, 15},
		{"ThreeLegs", []Point{{0, 0}, {1, 1}, {2, 2}, {3, 3}}, []int{5, 10, 5}, 20},
		{"OddLegs", []Point{{0, 0}, {3, 1}, {3, 4}, {6, 7}}, []int{15, 15, 25}, 55}, // 1 diagonal so far, then 3 more: 10, 5, 10
		{"Straight", []Point{{0, 0}, {0, 5}, {7, 5}}, []int{25, 35}, 60},
		{"SameSquare", []Point{{4, 4}, {4, 4}}, []int{0}, 0},
		{"BackAndForth", []Point{{0, 0}, {2, 2}, {0, 0}}, []int{15, 15}, 30},
	} {
		for _, e := range []*model.Encounter{open, walled} {
			r := Measure(e, c.pts)
			var legs []int
			for _, l := range r.Legs {
				legs = append(legs, l.Feet)
			}
			if !reflect.DeepEqual(legs, c.legs) || r.Total.Feet != c.total || r.Total.Squares*5 != c.total {
				t.Errorf("%s: legs %v total %+v, want %v total %d ft", c.name, legs, r.Total, c.legs, c.total)
			}
		}
	}
	if r := Measure(open, []Point{{1, 1}}); r.Legs != nil || r.Total != (Distance{}) {
		t.Errorf("one waypoint measured %+v", r)
	}
	// points: no diagonal rule, one point a square.
	pts := &model.Encounter{Ruleset: model.Points, FeetPerSquare: 5, Grid: model.NewGrid(12, 12)}
	if r := Measure(pts, []Point{{0, 0}, {1, 1}, {2, 2}, {5, 3}}); r.Total != (Distance{5, 5}) || r.Legs[2] != (Distance{3, 3}) {
		t.Errorf("points ruler %+v", r)
	}
	// Starship: 50 and 100 ft diagonals, one count over the legs.
	ship := &model.Encounter{Ruleset: model.Starship, FeetPerSquare: 50, Grid: model.NewGrid(12, 12)}
	if r := Measure(ship, []Point{{0, 0}, {1, 1}, {2, 2}}); r.Legs[0].Feet != 50 || r.Legs[1].Feet != 100 {
		t.Errorf("starship ruler %+v", r)
	}
	// Continuing a turn's count ("Turn state"): after one diagonal the next
	// costs 10 ft.
	if r := MeasureFrom(open, 1, []Point{{0, 0}, {1, 1}}); r.Total.Feet != 10 {
		t.Errorf("after one diagonal, a diagonal = %+v, want 10 ft", r.Total)
	}
}

// tokens builds an encounter from a map with tokens named by letter; sizes
// and elevations by name.
func distanceMap(r model.Ruleset, rows []string, sizes map[string]model.Size, elev map[string]int) *model.Encounter {
	e := &model.Encounter{Name: "Distances", Ruleset: r, FeetPerSquare: r.DefaultFeetPerSquare(), Grid: model.NewGrid(len(rows[0]), len(rows))}
	for y, row := range rows {
		for x, c := range row {
			n := string(c)
			if c == '.' || e.TokenIndex(n) >= 0 {
				continue
			}
			sz, ok := sizes[n]
			if !ok {
				sz = model.Medium
			}
			e.Tokens = append(e.Tokens, model.Token{Name: n, X: x, Y: y, Size: sz, Elevation: elev[n]})
		}
	}
	return e
}

// "The distance between two tokens is between their nearest squares
// (adjacent = 1 square)".
func TestDistanceBetweenTokens(t *testing.T) {
	for _, c := range []struct {
		name  string
		r     model.Ruleset
		rows  []string
		sizes map[string]model.Size
		want  Distance
	}{
		{"Adjacent", model.SF2E, []string{"AB"}, nil, Distance{1, 5}},
		{"AdjacentDiagonal", model.SF2E, []string{"A.", ".B"}, nil, Distance{1, 5}},
		{"Far", model.SF2E, []string{"A.....", "......", "......", ".....B"}, nil, Distance{6, 30}},
		{"LargeNearestSquares", model.SF2E, []string{"AA....", "AA....", ".....B"}, map[string]model.Size{"A": model.Large}, Distance{4, 20}},
		{"HugeAdjacent", model.PF1E, []string{"AAAB", "AAA.", "AAA."}, map[string]model.Size{"A": model.Huge}, Distance{1, 5}},
		{"Overlapping", model.SF2E, []string{"AA", "AA"}, map[string]model.Size{"A": model.Large, "B": model.Tiny}, Distance{0, 0}},
		{"Starship", model.Starship, []string{"A...", "....", "...B"}, map[string]model.Size{"A": model.Small, "B": model.Small}, Distance{4, 200}},
		{"Points", model.Points, []string{"A...", "....", "...B"}, nil, Distance{3, 3}},
	} {
		e := distanceMap(c.r, c.rows, c.sizes, nil)
		if c.name == "Overlapping" {
			e.Tokens = append(e.Tokens, model.Token{Name: "B", X: 1, Y: 1, Size: model.Tiny})
		}
		if err := model.Validate(e); err != nil {
			t.Fatal(err)
		}
		a, b := e.TokenIndex("A"), e.TokenIndex("B")
		if got := TokenDistance(e, a, b); got != c.want {
			t.Errorf("%s:\n%s\ngot %+v, want %+v", c.name, strings.Join(c.rows, "\n"), got, c.want)
		}
		if got := TokenDistance(e, b, a); got != c.want {
			t.Errorf("%s: not symmetric: %+v", c.name, got)
		}
		if c.name != "Overlapping" && c.name != "Starship" {
			if ship := ShipRange(e, a, b); c.r != model.Points && ship != c.want.Feet {
				t.Errorf("%s: ShipRange %d, TokenDistance %+v", c.name, ship, c.want)
			}
		}
	}
}

// "... in three dimensions when their elevations differ (see
// "Elevation")": "The vertical gap v between two tokens is 0 when their
// layer ranges overlap, else the difference between their nearest layers
// (directly stacked = 1) ... The distance between two tokens is
// max(h, v) + floor(min(h, v) / 2) squares".
func TestDistanceInThreeDimensions(t *testing.T) {
	large := map[string]model.Size{"A": model.Large}
	for _, c := range []struct {
		name  string
		r     model.Ruleset
		rows  []string
		sizes map[string]model.Size
		elev  map[string]int
		want  int // squares
	}{
		// A 10-ft-reach Large creature at elevation 0 reaches a Medium flyer
		// 15 ft above an adjacent square: h 1, v 3 - 1 = 2, distance 2 = 10 ft.
		{"LargeReachesFlyer", model.SF2E, []string{"AAB", "AA."}, large, map[string]int{"B": 15}, 2},
		{"StackedDirectly", model.SF2E, []string{"A"}, nil, map[string]int{"B": 5}, 1},
		{"LayersOverlap", model.SF2E, []string{"AAB", "AA."}, large, map[string]int{"B": 5}, 1}, // B's layer 1 is within A's 0..1
		{"StraightUp", model.PF1E, []string{"A"}, nil, map[string]int{"B": 30}, 6},
		{"UpAndAcross", model.SF2E, []string{"A...B"}, nil, map[string]int{"B": 10}, 5},              // h 4, v 2: 4 + 1
		{"DiagonalBoth", model.SF2E, []string{"A..", "...", "..B"}, nil, map[string]int{"B": 15}, 4}, // h 2 + 1 = 3, v 3: 3 + 1
		{"Below", model.SF2E, []string{"AB"}, nil, map[string]int{"A": -10}, 2},                      // h 1, v 2
		{"StarshipIgnoresElevation", model.Starship, []string{"AB"}, map[string]model.Size{"A": model.Small, "B": model.Small}, map[string]int{"B": 500}, 1},
		{"PointsIgnoresElevation", model.Points, []string{"AB"}, nil, map[string]int{"B": 50}, 1},
	} {
		e := distanceMap(c.r, c.rows, c.sizes, c.elev)
		if e.TokenIndex("B") < 0 {
			e.Tokens = append(e.Tokens, model.Token{Name: "B", Size: model.Medium, Elevation: c.elev["B"]})
		}
		if err := model.Validate(e); err != nil {
			t.Fatal(err)
		}
		a, b := e.TokenIndex("A"), e.TokenIndex("B")
		got := TokenDistance(e, a, b)
		if got.Squares != c.want || (c.r != model.Points && got.Feet != c.want*e.Feet()) {
			t.Errorf("%s: %+v, want %d squares", c.name, got, c.want)
		}
		if back := TokenDistance(e, b, a); back != got {
			t.Errorf("%s: not symmetric: %+v and %+v", c.name, got, back)
		}
		// With every elevation 0 the distance is the 2-D one.
		for i := range e.Tokens {
			e.Tokens[i].Elevation = 0
		}
		ka, kb := e.Space(&e.Tokens[a]), e.Space(&e.Tokens[b])
		ta, tb := e.Tokens[a], e.Tokens[b]
		gx := max(0, tb.X-(ta.X+ka-1), ta.X-(tb.X+kb-1))
		gy := max(0, tb.Y-(ta.Y+ka-1), ta.Y-(tb.Y+kb-1))
		if flat := TokenDistance(e, a, b); flat.Squares != SquaresBetween(c.r, gx, gy) {
			t.Errorf("%s: flat %+v, want %d", c.name, flat, SquaresBetween(c.r, gx, gy))
		}
	}
}

// BenchmarkTokenDistance: the ruler's hover asks it on every mouse move.
func BenchmarkTokenDistance(b *testing.B) {
	e := distanceMap(model.SF2E, []string{"AA......", "AA......", ".......B"}, map[string]model.Size{"A": model.Large}, map[string]int{"B": 20})
	b.ReportAllocs()
	for b.Loop() {
		TokenDistance(e, 0, 1)
	}
}
