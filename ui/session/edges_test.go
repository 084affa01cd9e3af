package session

import (
	"reflect"
	"testing"

	"encounterplanner/model"
)

func TestSnapIntersection(t *testing.T) {
	for _, c := range []struct {
		fx, fy float64
		x, y   int
	}{
		{0.2, 0.4, 0, 0}, {0.6, 1.4, 1, 1}, {2.5, 2.51, 3, 3}, {-3, 99, 0, 10}, {12, 4.49, 10, 4},
	} {
		if x, y := SnapIntersection(c.fx, c.fy, 10, 10); x != c.x || y != c.y {
			t.Errorf("SnapIntersection(%v, %v) = %d, %d; want %d, %d", c.fx, c.fy, x, y, c.x, c.y)
		}
	}
}

func TestEdgeSegmentFollowsTheLongerAxis(t *testing.T) {
	w := model.EdgeWall
	for _, c := range []struct {
		x0, y0, x1, y1 int
		want           model.Edge
		ok             bool
	}{
		{1, 1, 4, 2, model.Edge{Kind: w, X1: 1, Y1: 1, X2: 4, Y2: 1}, true},
		{4, 1, 1, 1, model.Edge{Kind: w, X1: 1, Y1: 1, X2: 4, Y2: 1}, true},
		{2, 5, 3, 1, model.Edge{Kind: w, X1: 2, Y1: 1, X2: 2, Y2: 5}, true},
		{2, 2, 2, 2, model.Edge{}, false},
	} {
		got, ok := EdgeSegment(w, c.x0, c.y0, c.x1, c.y1)
		if ok != c.ok || got != c.want {
			t.Errorf("EdgeSegment(%d,%d,%d,%d) = %v %v; want %v %v", c.x0, c.y0, c.x1, c.y1, got, ok, c.want, c.ok)
		}
	}
}

func TestSetEdges(t *testing.T) {
	wall := func(x1, y1, x2, y2 int) model.Edge {
		return model.Edge{Kind: model.EdgeWall, X1: x1, Y1: y1, X2: x2, Y2: y2}
	}
	door := func(x1, y1, x2, y2 int) model.Edge {
		return model.Edge{Kind: model.EdgeDoor, X1: x1, Y1: y1, X2: x2, Y2: y2}
	}
	erase := func(x1, y1, x2, y2 int) model.Edge { return model.Edge{X1: x1, Y1: y1, X2: x2, Y2: y2} }
	for _, c := range []struct {
		name  string
		edges []model.Edge
		seg   model.Edge
		want  []model.Edge
	}{
		{"a wall on an empty map", nil, wall(1, 1, 4, 1), []model.Edge{wall(1, 1, 4, 1)}},
		{"a touching wall merges", []model.Edge{wall(1, 1, 4, 1)}, wall(4, 1, 6, 1), []model.Edge{wall(1, 1, 6, 1)}},
		{"a door cuts a wall", []model.Edge{wall(1, 1, 6, 1)}, door(3, 1, 4, 1), []model.Edge{wall(1, 1, 3, 1), wall(4, 1, 6, 1), door(3, 1, 4, 1)}},
		{"a long door is one door a square", nil, door(0, 2, 0, 4), []model.Edge{door(0, 2, 0, 3), door(0, 3, 0, 4)}},
		{"erasing the middle of a wall", []model.Edge{wall(0, 0, 5, 0)}, erase(2, 0, 3, 0), []model.Edge{wall(0, 0, 2, 0), wall(3, 0, 5, 0)}},
		{"erasing everything", []model.Edge{wall(0, 0, 5, 0)}, erase(0, 0, 5, 0), nil},
		{"an untouched door stays", []model.Edge{door(2, 2, 2, 3)}, wall(0, 0, 1, 0), []model.Edge{wall(0, 0, 1, 0), door(2, 2, 2, 3)}},
	} {
		before := append([]model.Edge(nil), c.edges...)
		got, err := SetEdges(c.edges, c.seg, 8, 8)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: got %v; want %v", c.name, got, c.want)
		}
		if !reflect.DeepEqual(before, c.edges) {
			t.Errorf("%s: changed its input", c.name)
		}
	}
	if _, err := SetEdges(nil, wall(0, 0, 20, 0), 8, 8); err == nil {
		t.Error("a wall off the map: no error")
	}
}

func TestToggleDoorEdge(t *testing.T) {
	edges := []model.Edge{
		{Kind: model.EdgeWall, X1: 0, Y1: 2, X2: 2, Y2: 2},
		{Kind: model.EdgeDoor, X1: 2, Y1: 2, X2: 3, Y2: 2},
		{Kind: model.EdgeSecretDoor, X1: 5, Y1: 0, X2: 5, Y2: 1},
	}
	got, ok := ToggleDoorEdge(edges, 2.5, 2.1, 0.25)
	if !ok || got[1].Kind != model.EdgeOpenDoor || edges[1].Kind != model.EdgeDoor {
		t.Fatalf("click on the door: %v %v", got, ok)
	}
	if again, ok := ToggleDoorEdge(got, 2.4, 1.9, 0.25); !ok || again[1].Kind != model.EdgeDoor {
		t.Errorf("second click does not close it: %v", again)
	}
	if got, ok := ToggleDoorEdge(edges, 4.9, 0.5, 0.25); !ok || got[2].Kind != model.EdgeOpenDoor {
		t.Errorf("secret door does not open: %v", got)
	}
	if _, ok := ToggleDoorEdge(edges, 1.5, 2.1, 0.25); ok {
		t.Error("a click on a wall toggled something")
	}
	if _, ok := ToggleDoorEdge(edges, 2.5, 2.5, 0.25); ok {
		t.Error("a click mid-square toggled the door")
	}
}

func TestToggleDoorSquare(t *testing.T) {
	g := model.NewGrid(3, 3)
	g.Set(1, 1, model.Door)
	if !ToggleDoorSquare(&g, 1, 1) || g.At(1, 1) != model.Door|model.Open {
		t.Fatalf("door square did not open: %v", g.At(1, 1))
	}
	if !ToggleDoorSquare(&g, 1, 1) || g.At(1, 1) != model.Door {
		t.Fatalf("door square did not close: %v", g.At(1, 1))
	}
	if ToggleDoorSquare(&g, 0, 0) || ToggleDoorSquare(&g, 5, 5) {
		t.Error("open ground or off the map toggled")
	}
}
