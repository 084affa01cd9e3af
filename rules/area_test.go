package rules

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"encounterplanner/model"
)

// rules-conventions.md, "Areas", sentence by sentence.

func areaMap(w, h int) *model.Encounter {
	return &model.Encounter{Name: "areas", Ruleset: model.SF2E, Grid: model.NewGrid(w, h)}
}

func addTok(e *model.Encounter, name string, x, y int, size model.Size) {
	e.Tokens = append(e.Tokens, model.Token{Name: name, X: x, Y: y, Size: size, Side: "a"})
}

// areaRows draws the squares inside as '*' over the map ('.' elsewhere).
func areaRows(e *model.Encounter, sq []Point) string {
	in := map[Point]bool{}
	for _, p := range sq {
		in[p] = true
	}
	var b strings.Builder
	for y := 0; y < e.Grid.H; y++ {
		for x := 0; x < e.Grid.W; x++ {
			if in[Point{x, y}] {
				b.WriteByte('*')
			} else {
				b.WriteByte('.')
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func mustArea(t *testing.T, e *model.Encounter, a model.Area) AreaResult {
	t.Helper()
	r, err := Area(e, a)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// "A 5-ft burst is the 4 squares around the intersection; 10 ft is 12
// squares; 15 ft is 24; 20 ft is 44."
func TestAreaBurstSizes(t *testing.T) {
	e := areaMap(20, 20)
	for r, want := range map[int]int{5: 4, 10: 12, 15: 24, 20: 44} {
		got := mustArea(t, e, model.Area{Kind: model.Burst, X: 10, Y: 10, Radius: r})
		if len(got.Squares) != want {
			t.Errorf("%d-ft burst: %d squares, want %d\n%s", r, len(got.Squares), want, areaRows(e, got.Squares))
		}
	}
	got := mustArea(t, e, model.Area{Kind: model.Burst, X: 10, Y: 10, Radius: 5})
	if fmt.Sprint(got.Squares) != "[{9 9} {10 9} {9 10} {10 10}]" {
		t.Errorf("5-ft burst squares %v, want the four around (10, 10) by y then x", got.Squares)
	}
}

// "A 15-ft cone aimed north by a Medium token is 7 squares: 1, then 3,
// then 3; aimed north-east, 6."
func TestAreaConeSizes(t *testing.T) {
	e := areaMap(11, 11)
	addTok(e, "M", 5, 5, model.Medium)
	north := mustArea(t, e, model.Area{Kind: model.Cone, Token: "M", Dir: 0, Length: 15})
	want := "...........\n...........\n....***....\n....***....\n.....*.....\n...........\n"
	if got := areaRows(e, north.Squares); len(north.Squares) != 7 || !strings.HasPrefix(got, want) {
		t.Errorf("15-ft cone north: %d squares\n%s", len(north.Squares), got)
	}
	ne := mustArea(t, e, model.Area{Kind: model.Cone, Token: "M", Dir: 1, Length: 15})
	if len(ne.Squares) != 6 {
		t.Errorf("15-ft cone north-east: %d squares, want 6\n%s", len(ne.Squares), areaRows(e, ne.Squares))
	}
	// Every direction: orthogonal 7, diagonal 6, by symmetry.
	for d := 0; d < 8; d++ {
		got := mustArea(t, e, model.Area{Kind: model.Cone, Token: "M", Dir: model.Facing(d), Length: 15})
		if want := 7 - d%2; len(got.Squares) != want {
			t.Errorf("15-ft cone dir %d: %d squares, want %d", d, len(got.Squares), want)
		}
	}
}

// An emanation covers the token's space and every square within the
// radius; the emitting token is left out of the creature list.
func TestAreaEmanation(t *testing.T) {
	e := areaMap(9, 9)
	addTok(e, "M", 4, 4, model.Medium)
	addTok(e, "N", 5, 5, model.Medium)
	addTok(e, "Far", 8, 8, model.Medium)
	got := mustArea(t, e, model.Area{Kind: model.Emanation, Token: "M", Radius: 5})
	if len(got.Squares) != 9 {
		t.Errorf("5-ft emanation of a Medium token: %d squares, want 9\n%s", len(got.Squares), areaRows(e, got.Squares))
	}
	if len(got.Creatures) != 1 || got.Creatures[0].Token != 1 || got.Creatures[0].Cover != CoverNone {
		t.Errorf("creatures %+v, want only N with no cover", got.Creatures)
	}
}

// A line: the squares the segment from the centre of the token's space
// through the centre of the chosen square passes through, up to the length.
func TestAreaLine(t *testing.T) {
	e := areaMap(10, 3)
	addTok(e, "M", 0, 1, model.Medium)
	got := mustArea(t, e, model.Area{Kind: model.Line, Token: "M", Toward: [2]int{2, 1}, Length: 30})
	if fmt.Sprint(got.Squares) != "[{1 1} {2 1} {3 1} {4 1} {5 1} {6 1}]" {
		t.Errorf("30-ft line east: %v", got.Squares)
	}
	// Diagonal: through the corners only, squares on the diagonal.
	e = areaMap(5, 5)
	addTok(e, "M", 0, 0, model.Medium)
	got = mustArea(t, e, model.Area{Kind: model.Line, Token: "M", Toward: [2]int{1, 1}, Length: 15})
	if fmt.Sprint(got.Squares) != "[{1 1} {2 2}]" {
		t.Errorf("15-ft line south-east: %v (distance 15 ft reaches (2,2) only: 5+10)", got.Squares)
	}
}

// "Line of effect: a square is inside an area only when the segment from
// the area's origin ... does not pass through wall squares, closed door
// squares or blocking edges"; "a burst centred on a wall line ignores its
// start point and spreads to both sides"; "a cone from a token standing
// against a wall affects nothing beyond that wall".
func TestAreaLineOfEffect(t *testing.T) {
	e := areaMap(10, 10)
	// A wall along y = 5 across the whole map, a closed door in it.
	e.Edges = []model.Edge{wallE(model.EdgeWall, 0, 5, 4, 5), wallE(model.EdgeDoor, 4, 5, 5, 5), wallE(model.EdgeWall, 5, 5, 10, 5)}
	b := mustArea(t, e, model.Area{Kind: model.Burst, X: 5, Y: 5, Radius: 10})
	if len(b.Squares) != 12 {
		t.Errorf("10-ft burst centred on the wall line: %d squares, want 12 (both sides)\n%s", len(b.Squares), areaRows(e, b.Squares))
	}
	b = mustArea(t, e, model.Area{Kind: model.Burst, X: 5, Y: 4, Radius: 10})
	for _, p := range b.Squares {
		if p.Y >= 5 {
			t.Errorf("burst above the wall reaches %v below it\n%s", p, areaRows(e, b.Squares))
			break
		}
	}
	addTok(e, "M", 4, 4, model.Medium) // against the wall, north of it
	c := mustArea(t, e, model.Area{Kind: model.Cone, Token: "M", Dir: 4, Length: 15})
	if len(c.Squares) != 0 {
		t.Errorf("cone south from a token against the wall: %v, want nothing\n%s", c.Squares, areaRows(e, c.Squares))
	}
	e.Edges[1].Kind = model.EdgeOpenDoor // open: the cone passes the door
	c = mustArea(t, e, model.Area{Kind: model.Cone, Token: "M", Dir: 4, Length: 15})
	if len(c.Squares) == 0 {
		t.Errorf("cone south through an open door: nothing")
	}
	// A closed door square blocks like a wall square.
	e = areaMap(5, 1)
	e.Grid.Set(2, 0, model.Door)
	b = mustArea(t, e, model.Area{Kind: model.Burst, X: 1, Y: 0, Radius: 20})
	if fmt.Sprint(b.Squares) != "[{0 0} {1 0}]" {
		t.Errorf("burst by a closed door square: %v, want [{0 0} {1 0}]", b.Squares)
	}
}

// "Its cover against the area is computed from the origin point to the
// centre of its space with wall squares, closed doors, blocking edges and
// obstacles only: standard (greater with taken-cover) or none; creatures
// never give cover against areas."
func TestAreaCreatureCover(t *testing.T) {
	e := areaMap(10, 10)
	e.Grid.Set(5, 3, model.Obstacle)
	addTok(e, "Ogre", 5, 2, model.Medium)   // behind the obstacle from (5, 5)
	addTok(e, "Goblin", 4, 3, model.Medium) // in the open
	addTok(e, "Shield", 5, 1, model.Medium) // behind the obstacle too, taken cover
	addTok(e, "Hidden", 4, 1, model.Medium) // behind the goblin: creatures give no cover
	e.Tokens[2].Conditions = []string{model.CondTakenCover}
	got := mustArea(t, e, model.Area{Kind: model.Burst, X: 5, Y: 5, Radius: 20})
	names := map[string]Cover{}
	for _, c := range got.Creatures {
		names[e.Tokens[c.Token].Name] = c.Cover
	}
	if fmt.Sprint(names) != "map[Goblin:none Hidden:none Ogre:standard Shield:greater]" {
		t.Errorf("creatures and cover: %v", names)
	}
	if e.Tokens[got.Creatures[0].Token].Name != "Goblin" {
		t.Errorf("creatures not sorted by name: %+v", got.Creatures)
	}
}

// Bad areas are bad queries: wrong ruleset, burst centre off the grid
// lines, radius not a positive multiple of 5, a line toward the token's own
// square, an offset a Medium token may not use.
func TestAreaBadQueries(t *testing.T) {
	e := areaMap(4, 4)
	addTok(e, "M", 1, 1, model.Medium)
	addTok(e, "L", 2, 2, model.Large)
	for _, a := range []model.Area{
		{Kind: model.Burst, X: 5, Y: 0, Radius: 5},
		{Kind: model.Burst, X: -1, Y: 0, Radius: 5},
		{Kind: model.Burst, X: 1, Y: 1, Radius: 7},
		{Kind: model.Burst, X: 1, Y: 1, Radius: 0},
		{Kind: model.Emanation, Token: "nobody", Radius: 5},
		{Kind: model.Line, Token: "M", Toward: [2]int{1, 1}, Length: 10},
		{Kind: model.Line, Token: "L", Toward: [2]int{3, 3}, Length: 10},
		{Kind: model.Cone, Token: "M", Dir: 0, Length: 15, OriginOffset: 1},
		{Kind: model.Cone, Token: "L", Dir: 1, Length: 15, OriginOffset: 1},
		{Kind: model.Cone, Token: "L", Dir: 0, Length: 15, OriginOffset: 2},
	} {
		if _, err := Area(e, a); !errors.Is(err, ErrBadQuery) {
			t.Errorf("%+v: %v, want a bad query", a, err)
		}
	}
	if _, err := Area(e, model.Area{Kind: model.Cone, Token: "L", Dir: 0, Length: 15, OriginOffset: -1}); err != nil {
		t.Errorf("a Large token's cone may slide by one half square: %v", err)
	}
	e.Ruleset = model.PF1E
	if _, err := Area(e, model.Area{Kind: model.Burst, X: 1, Y: 1, Radius: 5}); !errors.Is(err, ErrBadQuery) {
		t.Errorf("pf1e area: %v, want a bad query", err)
	}
}

// BenchmarkArea: a 30-ft burst with its creature list on a 250 x 250 map
// with walls and edges and 40 tokens.
func BenchmarkArea(b *testing.B) {
	e := benchMap(250, 250)
	benchEdges(e, 6000)
	benchTokens(e, 40)
	for i := range e.Tokens {
		e.Tokens[i].X, e.Tokens[i].Y = 115+i%20, 115+i/20*5
	}
	a := model.Area{Kind: model.Burst, X: 125, Y: 125, Radius: 30}
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		r, err := Area(e, a)
		if err != nil {
			b.Fatal(err)
		}
		n = len(r.Creatures)
	}
	b.ReportMetric(float64(n), "creatures")
}

// BenchmarkAreaWholeMap is a burst over the whole of a 1000 x 1000 map:
// strewn terrain with its walls, and (lines) a map with long walls only.
func BenchmarkAreaWholeMap(b *testing.B) {
	strewn := benchMap(1000, 1000)
	lines := &model.Encounter{Name: "lines", Ruleset: model.SF2E, Grid: model.NewGrid(1000, 1000)}
	for i := 0; i < 1000; i++ {
		lines.Grid.Cells[i] = model.Wall                  // the top row
		lines.Grid.Cells[950*1000+i/2] = model.Wall       // half a row near the bottom
		lines.Grid.Cells[i*1000+200] = model.Wall         // a column
		lines.Grid.Cells[(300+i/4)*1000+600] = model.Wall // part of another
	}
	for _, c := range []struct {
		name string
		e    *model.Encounter
	}{{"strewn", strewn}, {"lines", lines}} {
		b.Run(c.name, func(b *testing.B) {
			a := model.Area{Kind: model.Burst, X: 500, Y: 500, Radius: 7075}
			b.ReportAllocs()
			n := 0
			for b.Loop() {
				r, err := Area(c.e, a)
				if err != nil {
					b.Fatal(err)
				}
				n = len(r.Squares)
			}
			b.ReportMetric(float64(n), "squares")
		})
	}
}

// TestAreaHoldsAndCreaturesMatchArea: AreaHolds and AreaCreatures, which
// test only the squares asked (a click, the creatures' spaces) so that a
// huge burst does not hold the window for a second and more, answer
// exactly as Area does, square by square and creature by creature, over
// random sf2e maps with walls, edge walls and doors, and every kind of
// area.
func TestAreaHoldsAndCreaturesMatchArea(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 4))
	kinds := []model.EdgeKind{model.EdgeWall, model.EdgeWall, model.EdgeDoor, model.EdgeOpenDoor}
	cases, withCreatures := 0, 0
	for n := 0; n < 400; n++ {
		e, _ := randEncounterSized(rng, model.SF2E, 9, 3)
		w, h := e.Grid.W, e.Grid.H
		for range rng.IntN(4) {
			x, y := rng.IntN(w+1), rng.IntN(h+1)
			if rng.IntN(2) == 0 {
				x2 := min(w, x+1+rng.IntN(3))
				if x2 > x {
					e.Edges = append(e.Edges, wallE(kinds[rng.IntN(len(kinds))], x, y, x2, y))
				}
			} else {
				y2 := min(h, y+1+rng.IntN(3))
				if y2 > y {
					e.Edges = append(e.Edges, wallE(kinds[rng.IntN(len(kinds))], x, y, x, y2))
				}
			}
		}
		tok := e.Tokens[rng.IntN(len(e.Tokens))]
		var a model.Area
		switch rng.IntN(4) {
		case 0:
			a = model.Area{Kind: model.Burst, X: rng.IntN(w + 1), Y: rng.IntN(h + 1), Radius: 5 * (1 + rng.IntN(4))}
		case 1:
			a = model.Area{Kind: model.Emanation, Token: tok.Name, Radius: 5 * (1 + rng.IntN(3))}
		case 2:
			a = model.Area{Kind: model.Cone, Token: tok.Name, Dir: model.Facing(rng.IntN(8)), Length: 5 * (1 + rng.IntN(4))}
		default:
			a = model.Area{Kind: model.Line, Token: tok.Name, Toward: [2]int{rng.IntN(w), rng.IntN(h)}, Length: 5 * (1 + rng.IntN(6))}
		}
		want, err := Area(e, a)
		got, err2 := AreaCreatures(e, a)
		if (err == nil) != (err2 == nil) {
			t.Fatalf("case %d %+v: Area %v, AreaCreatures %v", n, a, err, err2)
		}
		if err != nil {
			continue
		}
		cases++
		if len(want.Creatures) > 0 {
			withCreatures++
		}
		if !slices.Equal(got, want.Creatures) {
			t.Errorf("case %d %+v: AreaCreatures %v, Area %v", n, a, got, want.Creatures)
		}
		for y := -1; y <= h; y++ {
			for x := -1; x <= w; x++ {
				holds, err := AreaHolds(e, a, x, y)
				if err != nil {
					t.Fatal(err)
				}
				if in := slices.Contains(want.Squares, Point{x, y}); holds != in {
					t.Errorf("case %d %+v: AreaHolds(%d, %d) %v, Area's squares %v", n, a, x, y, holds, in)
				}
			}
		}
	}
	if cases < 200 || withCreatures < 100 {
		t.Errorf("only %d of 400 random areas were answered, %d catching a creature", cases, withCreatures)
	}
}

// TestAreaCountedMatchesTheWalk: a large area (whose box Area tests with
// the walls counted, segHitsCounted) covers the squares that walking
// every segment gives, over 80 x 80 maps of every density of walls, with
// edge walls and doors.
func TestAreaCountedMatchesTheWalk(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 6))
	counted := 0
	for n := 0; n < 24; n++ {
		e := &model.Encounter{Name: "big", Ruleset: model.SF2E, Grid: model.NewGrid(80, 80),
			Tokens: []model.Token{{Name: "Dae", X: 10 + rng.IntN(60), Y: 10 + rng.IntN(60), Size: model.Size(rng.IntN(5))}}}
		density := []float64{0.001, 0.01, 0.05, 0.2}[n%4]
		for i := range e.Grid.Cells {
			if rng.Float64() < density {
				e.Grid.Cells[i] = model.Wall
			}
		}
		for range n % 3 * 20 {
			x, y := rng.IntN(81), rng.IntN(81)
			e.Edges = append(e.Edges, wallE(model.EdgeWall, x, y, min(80, x+1+rng.IntN(6)), y))
		}
		a := model.Area{Kind: model.Burst, X: 20 + rng.IntN(40), Y: 20 + rng.IntN(40), Radius: 5 * (40 + rng.IntN(20))}
		if n%2 == 1 {
			a = model.Area{Kind: model.Emanation, Token: "Dae", Radius: 5 * (40 + rng.IntN(20))}
		}
		got, err := Area(e, a)
		if err != nil {
			t.Fatal(err)
		}
		s, walls, err := readyArea(e, &a)
		if err != nil {
			t.Fatal(err)
		}
		if (s.x1-s.x0+1)*(s.y1-s.y0+1) >= areaCounted {
			counted++
		}
		var want []Point
		for y := s.y0; y <= s.y1; y++ {
			for x := s.x0; x <= s.x1; x++ {
				if s.in(x, y) && s.effect(walls, 2*x+1, 2*y+1) { // s.walls nil: the walk
					want = append(want, Point{x, y})
				}
			}
		}
		if !slices.Equal(got.Squares, want) {
			t.Errorf("case %d (%+v, density %v): counted %d squares, walked %d", n, a, density, len(got.Squares), len(want))
		}
	}
	if counted < 20 {
		t.Errorf("only %d of 24 areas had a box large enough to count the walls", counted)
	}
}

// A radius or length beyond the map covers what the longest that fits
// covers, however large: a file may give any multiple of a square. A line
// 9223372036854775805 ft long toward (3, 2) once overflowed its far point
// and covered (3, 0), the other way, instead of its own squares.
func TestAreaLongerThanTheMap(t *testing.T) {
	const huge = 9223372036854775805 // the largest multiple of 5 ft
	e := areaMap(4, 4)
	addTok(e, "M", 1, 1, model.Medium)
	for _, a := range []model.Area{
		{Kind: model.Burst, X: 0, Y: 0},
		{Kind: model.Emanation, Token: "M"},
		{Kind: model.Cone, Token: "M", Dir: 1},
		{Kind: model.Cone, Token: "M", Dir: 2},
		{Kind: model.Line, Token: "M", Toward: [2]int{3, 2}},
		{Kind: model.Line, Token: "M", Toward: [2]int{0, 3}},
	} {
		long, far := a, a
		if a.Kind == model.Burst || a.Kind == model.Emanation {
			long.Radius, far.Radius = huge, 1000
		} else {
			long.Length, far.Length = huge, 1000
		}
		got, want := mustArea(t, e, long), mustArea(t, e, far)
		if g, w := areaRows(e, got.Squares), areaRows(e, want.Squares); g != w {
			t.Errorf("%v %d ft:\n%swant what %d ft covers:\n%s", a.Kind, huge, g, 1000, w)
		}
	}
}
