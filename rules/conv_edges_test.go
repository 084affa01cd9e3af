package rules

import (
	"testing"

	"encounterplanner/model"
)

// rules-conventions.md, "Walls and doors on grid edges": movement, sentence
// by sentence, in every ruleset.

// edgeMap is an open w x h map of ruleset rs with one token "m" of the
// given size at (x, y), moving up to one square's cost per step budget.
func edgeMap(rs model.Ruleset, w, h, x, y int, size model.Size, edges ...model.Edge) *model.Encounter {
	e := &model.Encounter{Name: "edges", Ruleset: rs, Grid: model.NewGrid(w, h), Edges: edges}
	t := model.Token{Name: "m", X: x, Y: y, Size: size, Side: "a", Speeds: map[string]int{model.SpeedLand: 5}}
	switch rs {
	case model.Starship:
		t.Speeds = map[string]int{model.SpeedFly: 50}
	case model.Points:
		t.Speeds = map[string]int{model.SpeedLand: 1}
	}
	e.Tokens = []model.Token{t}
	return e
}

// reachSet is the set of positions Reach lists.
func reachSet(t *testing.T, e *model.Encounter, q MoveQuery) map[[2]int]Square {
	t.Helper()
	sq, err := mustEngine(t, e.Ruleset).Reach(nil, e, q)
	if err != nil {
		t.Fatal(err)
	}
	out := map[[2]int]Square{}
	for _, s := range sq {
		out[[2]int{s.X, s.Y}] = s
	}
	return out
}

func wallE(kind model.EdgeKind, x1, y1, x2, y2 int) model.Edge {
	return model.Edge{Kind: kind, X1: x1, Y1: y1, X2: x2, Y2: y2}
}

// "a single square's orthogonal step is refused when the unit edge between
// the two squares is blocking" — walls, closed and secret doors; open doors
// block nothing.
func TestEdgesOrthogonalStepAcrossWallRefused(t *testing.T) {
	for _, rs := range []model.Ruleset{model.SF2E, model.PF1E, model.Points} {
		for _, k := range []model.EdgeKind{model.EdgeWall, model.EdgeDoor, model.EdgeSecretDoor, model.EdgeOpenDoor} {
			// The north side of (1, 1), between it and (1, 0).
			e := edgeMap(rs, 3, 3, 1, 1, model.Medium, wallE(k, 1, 1, 2, 1))
			got := reachSet(t, e, MoveQuery{})
			_, north := got[[2]int{1, 0}]
			if north == k.Blocking() {
				t.Errorf("%s, %s on the north side: step north listed %v, want %v", rs, k, north, !k.Blocking())
			}
			for _, p := range [][2]int{{0, 1}, {2, 1}, {1, 2}} {
				if _, ok := got[p]; !ok {
					t.Errorf("%s, %s: the step to %v crosses no edge but is not listed", rs, k, p)
				}
			}
		}
	}
	// starship: a ship facing north cannot fly across it.
	e := edgeMap(model.Starship, 3, 3, 1, 1, model.Small, wallE(model.EdgeWall, 1, 1, 2, 1))
	if got := reachSet(t, e, MoveQuery{}); len(got) != 0 {
		t.Errorf("starship facing north through a wall edge reaches %v", got)
	}
}

// "sf2e refuses the diagonal when both routes are blocked (a straight wall
// line cannot be crossed diagonally; a wall's loose end can be brushed);
// pf1e, starship and points refuse it when either route is blocked."
func TestEdgesDiagonalLooseEndAndWallLine(t *testing.T) {
	loose := wallE(model.EdgeWall, 1, 1, 2, 1) // one unit, its east end loose at (2, 1)
	line := wallE(model.EdgeWall, 0, 1, 3, 1)  // the whole line y = 1
	for _, c := range []struct {
		rs     model.Ruleset
		edge   model.Edge
		ne, nw bool // (2, 0) and (0, 0) listed
		name   string
	}{
		{model.SF2E, loose, true, true, "sf2e brushes a loose end"},
		{model.SF2E, line, false, false, "sf2e cannot cross a wall line diagonally"},
		{model.PF1E, loose, false, false, "pf1e cuts no corner"},
		{model.PF1E, line, false, false, "pf1e wall line"},
		{model.Points, loose, false, false, "points cuts no corner"},
	} {
		e := edgeMap(c.rs, 3, 3, 1, 1, model.Medium, c.edge) // one step's budget
		got := reachSet(t, e, MoveQuery{})
		_, ne := got[[2]int{2, 0}]
		_, nw := got[[2]int{0, 0}]
		if ne != c.ne || nw != c.nw {
			t.Errorf("%s: NE listed (as one diagonal) %v, NW %v; want %v, %v (%v)", c.name, ne, nw, c.ne, c.nw, got)
		}
	}
	// sf2e: the diagonal past the loose end costs 5 ft, one step.
	e := edgeMap(model.SF2E, 3, 3, 1, 1, model.Medium, loose)
	if s, ok := reachSet(t, e, MoveQuery{})[[2]int{2, 0}]; !ok || s.Cost != 5 {
		t.Errorf("sf2e diagonal past the loose end: %+v %v, want 5 ft", s, ok)
	}
	// A wall square on one route and a wall edge on the other: both blocked.
	e = edgeMap(model.SF2E, 3, 3, 1, 1, model.Medium, wallE(model.EdgeWall, 1, 1, 2, 1))
	e.Grid.Set(2, 1, model.Wall)
	if _, ok := reachSet(t, e, MoveQuery{})[[2]int{2, 0}]; ok {
		t.Errorf("sf2e: a wall square on one route and a wall edge on the other still lets the diagonal through")
	}
}

// "A k x k space steps when every one of its squares could make that step,
// and its space never contains a blocking edge, after any step."
func TestEdgesLargeSpaceNeverHoldsAnEdge(t *testing.T) {
	// A wall on the west side of (2, 2): a Large token at (0, 0) may not
	// step south-east to (1, 1), where its space would hold it.
	e := edgeMap(model.SF2E, 4, 4, 0, 0, model.Large, wallE(model.EdgeWall, 2, 2, 2, 3))
	got := reachSet(t, e, MoveQuery{})
	if _, ok := got[[2]int{1, 1}]; ok {
		t.Errorf("a Large space ends straddling a wall edge: %v", got)
	}
	for _, p := range [][2]int{{1, 0}, {0, 1}} {
		if _, ok := got[p]; !ok {
			t.Errorf("%v is clear of the edge but not listed: %v", p, got)
		}
	}
	// A wall across its path east: the east column of the space cannot step.
	e = edgeMap(model.PF1E, 4, 4, 0, 0, model.Large, wallE(model.EdgeWall, 2, 1, 2, 2))
	if _, ok := reachSet(t, e, MoveQuery{})[[2]int{1, 0}]; ok {
		t.Errorf("a Large space steps east although one of its squares is walled off")
	}
}

// "Door squares of the older kind ... closed is a wall square, open is
// open ground."
func TestEdgesDoorSquares(t *testing.T) {
	for _, rs := range []model.Ruleset{model.SF2E, model.PF1E, model.Points, model.Starship} {
		for _, open := range []bool{false, true} {
			e := edgeMap(rs, 3, 1, 0, 0, model.Small)
			if rs == model.Starship {
				e.Tokens[0].Facing = model.Facing(2) // east
			}
			tr := model.Door
			if open {
				tr |= model.Open
			}
			e.Grid.Set(1, 0, tr)
			_, ok := reachSet(t, e, MoveQuery{})[[2]int{1, 0}]
			if ok != open {
				t.Errorf("%s: door square open=%v entered %v", rs, open, ok)
			}
		}
	}
}

// The whole-map fast reach with edges: a long wall with a closed door and
// an open door, the cost around it exact.
func TestEdgesReachFastAroundWall(t *testing.T) {
	// A wall along y = 3 from x = 0 to 9 with a closed door at x 4..5 and
	// an open door at x 7..8: the only way south is through the open door.
	e := edgeMap(model.SF2E, 10, 6, 0, 0, model.Medium,
		wallE(model.EdgeWall, 0, 3, 4, 3), wallE(model.EdgeDoor, 4, 3, 5, 3), wallE(model.EdgeWall, 5, 3, 7, 3),
		wallE(model.EdgeOpenDoor, 7, 3, 8, 3), wallE(model.EdgeWall, 8, 3, 10, 3))
	e.Tokens[0].Speeds[model.SpeedLand] = 200
	got := reachSet(t, e, MoveQuery{})
	// To (7, 3) through the open door: (0,0) -> (6, 2) is 2 diagonals
	// (5+10) and 4 straight (20) = 35, then the third diagonal south-east
	// (5) past the wall's end by way of (7, 2) and the open door = 40.
	if s := got[[2]int{7, 3}]; s.Cost != 40 {
		t.Errorf("(7, 3) through the open door costs %d, want 40", s.Cost)
	}
	// (4, 3) under the closed door: through the open door and back west,
	// three more squares (15) = 55.
	if s := got[[2]int{4, 3}]; s.Cost != 55 {
		t.Errorf("(4, 3) under the closed door costs %d, want 55 (round by the open door)", s.Cost)
	}
	// Without the edges: 3 diagonals (5+10+5) and one straight step = 25.
	e.Edges = nil
	if s := reachSet(t, e, MoveQuery{})[[2]int{4, 3}]; s.Cost != 25 {
		t.Errorf("(4, 3) with no edges costs %d, want 25", s.Cost)
	}
}

// "Points: leap cannot cross a blocking edge; teleport needs sight (edges
// block it); forced movement stops before a blocking edge (a collision)."
func TestEdgesPointsMover(t *testing.T) {
	e := edgeMap(model.Points, 6, 1, 0, 0, model.Medium, wallE(model.EdgeWall, 3, 0, 3, 1))
	e.Tokens[0].Speeds = map[string]int{model.SpeedLand: 5, model.SpeedMobility: 5}
	e.Tokens = append(e.Tokens, model.Token{Name: "src", X: 0, Y: 0, Size: model.Medium, Side: "b"})
	e.Tokens[0].X = 1
	mv := newPoints().(*ptsEngine)
	leap, err := mv.Leap(nil, e, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range leap {
		if s.X >= 3 {
			t.Errorf("leap crosses the wall edge to %+v", s)
		}
	}
	tp, _ := mv.Teleport(nil, e, 0, 5)
	for _, s := range tp {
		if s.X >= 3 {
			t.Errorf("teleport through the wall edge to %+v", s)
		}
	}
	if len(tp) != 1 { // (2, 0) only: (0, 0) holds src
		t.Errorf("teleport: %+v, want (2, 0)", tp)
	}
	fo, _ := mv.Forced(nil, e, 0, ForcedPush, 1, 4)
	if len(fo) != 1 || fo[0].X != 2 || fo[0].Facings != 1 {
		t.Errorf("push toward the wall edge: %+v, want (2, 0) with a collision", fo)
	}
	// Open door: all three pass.
	e.Edges[0].Kind = model.EdgeOpenDoor
	if fo, _ := mv.Forced(nil, e, 0, ForcedPush, 1, 4); len(fo) != 4 {
		t.Errorf("push through an open door: %+v, want 4 squares", fo)
	}
}
