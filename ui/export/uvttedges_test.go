package export

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"encounterplanner/model"
)

// edge is shorthand for a model.Edge in tests.
func edge(k model.EdgeKind, x1, y1, x2, y2 int) model.Edge {
	return model.Edge{Kind: k, X1: x1, Y1: y1, X2: x2, Y2: y2}
}

// exportedEdges is what a UVTT round trip should give back for edges:
// secret doors as walls (they export as walls), the rest as they are.
func exportedEdges(t *testing.T, e *model.Encounter) []model.Edge {
	t.Helper()
	var in []model.Edge
	for _, ed := range e.Edges {
		if ed.Kind == model.EdgeSecretDoor {
			ed.Kind = model.EdgeWall
		}
		in = append(in, ed)
	}
	out, err := model.CanonicalEdges(in, e.Grid.W, e.Grid.H)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func roundTripUVTT(t *testing.T, e *model.Encounter) (*model.Encounter, []byte) {
	t.Helper()
	if err := model.Validate(e); err != nil {
		t.Fatalf("the test map is invalid: %v", err)
	}
	var buf bytes.Buffer
	if err := UVTT(&buf, e, 4); err != nil {
		t.Fatal(err)
	}
	got, lo, err := ImportUVTT(bytes.NewReader(buf.Bytes()), "Imported")
	if err != nil {
		t.Fatalf("import: %v\n%s", err, buf.Bytes())
	}
	if lo.Any() {
		t.Errorf("our own export: %s", lo) // every line and door is on the map
	}
	return got, buf.Bytes()
}

// checkSameMap fails unless got has want's wall, obstacle and door squares
// and, edge for edge, want's edges as UVTT carries them.
func checkSameMap(t *testing.T, want, got *model.Encounter, doc []byte) {
	t.Helper()
	const kept = model.Wall | model.Obstacle | model.Door | model.Open
	for i, c := range want.Grid.Cells {
		if got.Grid.Cells[i] != c&kept {
			t.Fatalf("square (%d, %d) is %v, want %v\n%s", i%want.Grid.W, i/want.Grid.W, got.Grid.Cells[i], c&kept, ascii(&got.Grid))
		}
	}
	if w := exportedEdges(t, want); !slices.Equal(got.Edges, w) {
		t.Fatalf("edges\n got %v\nwant %v\nfile %.2000s", got.Edges, w, doc)
	}
}

// TestUVTTEdgesRoundTrip: walls and doors on grid edges, and door squares,
// come back exactly from our own export on hand-made maps. A secret door
// exports as a wall (other tables would show a portal to their players),
// so it comes back as a wall.
func TestUVTTEdgesRoundTrip(t *testing.T) {
	W, D, O, S := model.EdgeWall, model.EdgeDoor, model.EdgeOpenDoor, model.EdgeSecretDoor
	withEdges := func(e *model.Encounter, edges ...model.Edge) *model.Encounter {
		e.Edges = edges
		return e
	}
	for _, c := range []struct {
		name string
		e    *model.Encounter
	}{
		{"RoomWithADoor", withEdges(mapFrom("......", "......", "......", "......", "......"),
			edge(W, 1, 1, 5, 1), edge(W, 1, 1, 1, 4), edge(W, 5, 1, 5, 4), edge(W, 1, 4, 2, 4), edge(D, 2, 4, 3, 4), edge(W, 3, 4, 5, 4))},
		{"DoubleDoor", withEdges(mapFrom("......", "......", "......"),
			edge(W, 0, 1, 2, 1), edge(D, 2, 1, 3, 1), edge(D, 3, 1, 4, 1), edge(W, 4, 1, 6, 1))},
		{"WideDoubleDoorOpenAndShut", withEdges(mapFrom("......", "......", "......"),
			edge(D, 1, 1, 3, 1), edge(O, 3, 1, 5, 1))},
		{"SecretDoorInAWall", withEdges(mapFrom(".....", ".....", "....."),
			edge(W, 2, 0, 2, 1), edge(S, 2, 1, 2, 2), edge(W, 2, 2, 2, 3))},
		{"SecretDoorAlone", withEdges(mapFrom("...", "..."), edge(S, 1, 1, 2, 1))},
		{"ClosedRoomOfWalls", withEdges(mapFrom("....", "....", "...."), // a cycle: written open
			edge(W, 1, 1, 3, 1), edge(W, 1, 2, 3, 2), edge(W, 1, 1, 1, 2), edge(W, 3, 1, 3, 2))},
		{"CrossAndT", withEdges(mapFrom(".....", ".....", ".....", "....."),
			edge(W, 0, 2, 5, 2), edge(W, 2, 0, 2, 4), edge(W, 4, 2, 4, 4), edge(O, 3, 0, 3, 1))},
		{"MapOutline", withEdges(mapFrom("...", "...", "..."),
			edge(W, 0, 0, 3, 0), edge(W, 0, 3, 3, 3), edge(W, 0, 0, 0, 3), edge(W, 3, 0, 3, 1), edge(D, 3, 1, 3, 2), edge(W, 3, 2, 3, 3))},
		{"EdgesOnWallSquares", withEdges(mapFrom("##..", "##..", "...."),
			edge(W, 0, 2, 2, 2), edge(W, 2, 0, 2, 1), edge(D, 2, 1, 2, 2), edge(W, 2, 2, 4, 2))},
		{"DoorSquares", mapFrom("#+#.#", "....+", "#/#.#", "....#")},
		{"DoorSquaresAndEdges", withEdges(mapFrom("#+##.", "..../"), edge(D, 0, 2, 1, 2), edge(W, 1, 2, 4, 2))},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, doc := roundTripUVTT(t, c.e)
			checkSameMap(t, c.e, got, doc)
			if err := model.Validate(got); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestUVTTPortals: the portals are written the way Dungeondraft writes
// them, and the wall edges as open polylines.
func TestUVTTPortals(t *testing.T) {
	e := mapFrom("....", "....", "#+#.")
	e.Edges = []model.Edge{edge(model.EdgeDoor, 1, 1, 2, 1), edge(model.EdgeOpenDoor, 3, 0, 3, 2), edge(model.EdgeWall, 2, 1, 4, 1)}
	var buf bytes.Buffer
	if err := UVTT(&buf, e, 4); err != nil {
		t.Fatal(err)
	}
	var f struct {
		LineOfSight [][]uvttPoint `json:"line_of_sight"`
		Portals     []map[string]any
	}
	if err := json.Unmarshal(buf.Bytes(), &f); err != nil {
		t.Fatal(err)
	}
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-9 }
	type portal struct {
		pos, a, b uvttPoint
		rot       float64
		closed    bool
	}
	want := []portal{
		{uvttPoint{1.5, 1}, uvttPoint{1, 1}, uvttPoint{2, 1}, 0, true},
		{uvttPoint{3, 1}, uvttPoint{3, 0}, uvttPoint{3, 2}, math.Pi / 2, false},
		{uvttPoint{1.5, 2.5}, uvttPoint{1, 2.5}, uvttPoint{2, 2.5}, 0, true}, // the door square, in an east-west wall
	}
	if len(f.Portals) != len(want) {
		t.Fatalf("%d portals, want %d: %v", len(f.Portals), len(want), f.Portals)
	}
	pt := func(v any) uvttPoint {
		m := v.(map[string]any)
		return uvttPoint{m["x"].(float64), m["y"].(float64)}
	}
	for i, w := range want {
		p := f.Portals[i]
		b := p["bounds"].([]any)
		if pt(p["position"]) != w.pos || len(b) != 2 || pt(b[0]) != w.a || pt(b[1]) != w.b || !near(p["rotation"].(float64), w.rot) ||
			p["closed"] != w.closed || p["freestanding"] != false {
			t.Errorf("portal %d is %v, want %+v", i, p, w)
		}
	}
	// The wall edge is one open two-point line, besides the closed outlines
	// of the wall squares.
	var open [][]uvttPoint
	for _, l := range f.LineOfSight {
		if l[0] != l[len(l)-1] {
			open = append(open, l)
		}
	}
	if len(open) != 1 || len(open[0]) != 2 || open[0][0] != (uvttPoint{2, 1}) || open[0][1] != (uvttPoint{4, 1}) {
		t.Errorf("open lines %v, want one from (2, 1) to (4, 1)", open)
	}
}

// randomEdges puts random walls, doors, open and secret doors on e's grid
// lines, each unit edge at most once, doors one or two squares long.
func randomEdges(rng *rand.Rand, e *model.Encounter) {
	w, h := e.Grid.W, e.Grid.H
	density := rng.Float64() * 0.6
	kinds := []model.EdgeKind{model.EdgeWall, model.EdgeWall, model.EdgeWall, model.EdgeDoor, model.EdgeOpenDoor, model.EdgeSecretDoor}
	for _, horizontal := range []bool{true, false} {
		lines, size := h+1, w
		if !horizontal {
			lines, size = w+1, h
		}
		for line := 0; line < lines; line++ {
			for i := 0; i < size; {
				if rng.Float64() >= density {
					i++
					continue
				}
				k := kinds[rng.IntN(len(kinds))]
				n := 1 + rng.IntN(3)
				if k.IsDoor() {
					n = 1 + rng.IntN(2)
				}
				n = min(n, size-i)
				ed := edge(k, i, line, i+n, line)
				if !horizontal {
					ed = edge(k, line, i, line, i+n)
				}
				e.Edges = append(e.Edges, ed)
				i += n
			}
		}
	}
	var err error
	if e.Edges, err = model.CanonicalEdges(e.Edges, w, h); err != nil {
		panic(err)
	}
}

// TestUVTTRandomEdgesRoundTrip: random maps with random squares, door
// squares and edges come back exactly.
func TestUVTTRandomEdgesRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 3))
	for i := 0; i < 60; i++ {
		e := randomMap(rng, 1+rng.IntN(20), 1+rng.IntN(20))
		for j := range e.Grid.Cells {
			if rng.Float64() < 0.05 {
				e.Grid.Cells[j] = model.Door | e.Grid.Cells[j]&model.Obstacle
				if rng.IntN(2) == 0 {
					e.Grid.Cells[j] |= model.Open
				}
			}
		}
		randomEdges(rng, e)
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			got, doc := roundTripUVTT(t, e)
			checkSameMap(t, e, got, doc)
		})
	}
}

// TestImportDungeondraftPortals imports a file shaped as Dungeondraft
// writes them (testdata/dungeondraft-doors.dd2vtt: coordinates a hair off
// the grid, rooms as open wall lines broken at their doors, one wall drawn
// through its door, a pillar drawn as a closed wall line, a window, a door
// off the grid, lights): the walls along grid lines become wall edges, the
// pillar's outline too, the portals doors.
func TestImportDungeondraftPortals(t *testing.T) {
	f, err := os.Open("testdata/dungeondraft-doors.dd2vtt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	e, _, err := ImportUVTT(f, "Crypt")
	if err != nil {
		t.Fatal(err)
	}
	W, D, O := model.EdgeWall, model.EdgeDoor, model.EdgeOpenDoor
	want := []model.Edge{
		edge(W, 1, 1, 3, 1), edge(W, 4, 1, 9, 1), // the north wall, broken at its door
		edge(W, 1, 1, 1, 6), edge(W, 6, 1, 6, 2), edge(W, 6, 3, 6, 6), edge(W, 9, 1, 9, 6),
		edge(W, 1, 6, 2, 6), edge(W, 4, 6, 9, 6), // the south wall, under its double door
		edge(W, 3, 3, 5, 3), edge(W, 3, 3, 3, 5), edge(W, 5, 3, 5, 5), edge(W, 3, 5, 5, 5), // the pillar
		edge(D, 3, 1, 4, 1), // the door in the gap
		edge(D, 2, 6, 3, 6), // the double door
		edge(D, 3, 6, 4, 6), // (the wall was drawn through it)
		edge(O, 6, 2, 6, 3), // the window between the rooms
	}
	want, err = model.CanonicalEdges(want, 10, 8)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(e.Edges, want) {
		t.Errorf("edges\n got %v\nwant %v", e.Edges, want)
	}
	// The pillar, a closed line of walls in a file that does not say its
	// closed walls are squares, is walls round its squares, which stay
	// floor; the door in the thin wall's gap, off the grid lines, is a door
	// square.
	wantRows := []string{
		"..........",
		"..........",
		"..........",
		"..........",
		"..........",
		"..........",
		"..........",
		"..#+#.....",
	}
	var rows []string
	for y := 0; y < e.Grid.H; y++ {
		var b strings.Builder
		for x := 0; x < e.Grid.W; x++ {
			c := e.Grid.At(x, y)
			switch {
			case c.Any(model.Door):
				b.WriteByte('+')
			case c.Any(model.Wall):
				b.WriteByte('#')
			default:
				b.WriteByte('.')
			}
		}
		rows = append(rows, b.String())
	}
	if !slices.Equal(rows, wantRows) {
		t.Errorf("squares\n%s\nwant\n%s", strings.Join(rows, "\n"), strings.Join(wantRows, "\n"))
	}
	if !e.Grid.At(3, 7).ClosedDoor() {
		t.Errorf("the door square (3, 7) is %v, want a closed door", e.Grid.At(3, 7))
	}
	if !strings.HasPrefix(e.Background, "data:image/png;base64,") {
		t.Errorf("background %.30q", e.Background)
	}
}

// TestImportUVTTPortalErrors: a bad portal is refused naming it.
func TestImportUVTTPortalErrors(t *testing.T) {
	const res = `{"resolution":{"map_size":{"x":4,"y":3}},"portals":[`
	p := func(s string) string { return `{"bounds":[{"x":1,"y":1},{"x":2,"y":1}]` + s + `}` }
	for _, c := range []struct{ name, doc, want string }{
		{"NoBounds", res + `{"closed":true}]}`, "portals[0].bounds: needs the door's two ends, not 0 points"},
		{"OnePoint", res + `{"bounds":[{"x":1,"y":1}]}]}`, "portals[0].bounds: needs the door's two ends, not 1 point"},
		// A portal of three points lost its middle one (the door ran from
		// the first to the last): no map maker writes one, no reader
		// takes more than two, so it is refused, naming it.
		{"ThreePoints", res + p(``) + `,` + `{"bounds":[{"x":0,"y":2},{"x":1,"y":2},{"x":2,"y":2}]}]}`, "portals[1].bounds: needs the door's two ends, not 3 points"},
		{"ClosedNotBool", res + p(`,"closed":1`) + `]}`, "portals[0].closed: must be true or false, not number"},
		{"UnknownKey", res + p(`,"locked":true`) + `]}`, `portals[0]: unknown field "locked"`},
		{"RotationString", res + p(`,"rotation":"0"`) + `]}`, "portals[0].rotation: must be a number, not string"},
		{"Overlap", res + p(``) + `,` + `{"bounds":[{"x":0,"y":1},{"x":2,"y":1}]}]}`, "portals[1]: overlaps portals[0]"},
		{"FarAway", res + `{"bounds":[{"x":1e300,"y":1},{"x":2,"y":1}]}]}`, "portals[0].bounds[0]: point (1e+300, 1) is far outside the map"},
	} {
		t.Run(c.name, func(t *testing.T) { mustRefuseUVTT(t, c.doc, c.want) })
	}
}
