package export

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"encounterplanner/model"
)

// leftOutDoc is a .dd2vtt of a 4 x 3 map (origin at 0, 0) with the given
// lists, JSON text each.
func leftOutDoc(walls, objects, portals, lights string) string {
	return `{"format":0.3,"resolution":{"map_origin":{"x":0,"y":0},"map_size":{"x":4,"y":3},"pixels_per_grid":50},` +
		`"line_of_sight":[` + walls + `],"objects_line_of_sight":[` + objects + `],"portals":[` + portals + `],"lights":[` + lights + `],"image":""}`
}

// line is a polyline of the points x0,y0,x1,y1,... as UVTT writes it.
func line(xy ...float64) string {
	var pts []string
	for i := 0; i+1 < len(xy); i += 2 {
		pts = append(pts, fmt.Sprintf(`{"x":%v,"y":%v}`, xy[i], xy[i+1]))
	}
	return "[" + strings.Join(pts, ",") + "]"
}

func portal(x0, y0, x1, y1 float64) string {
	return `{"bounds":` + line(x0, y0, x1, y1) + `,"closed":true}`
}

const uvttLight = `{"position":{"x":1,"y":1},"range":2,"intensity":1,"color":"ffffffff","shadows":true}`

// TestImportUVTTLeftOut: what lies wholly outside the 4 x 3 map is left
// out and counted, each list apart; what touches the map (a wall along
// its edge, a line across it, an object's outline round all of it) is
// kept and not counted; every light is counted, the app having none.
func TestImportUVTTLeftOut(t *testing.T) {
	for _, c := range []struct {
		name                       string
		walls, objects, doors, lts string
		want                       LeftOut
		grid                       string // "" when not checked
	}{
		{name: "OnTheMap", walls: line(0, 1, 4, 1), objects: line(1.5, 2.5, 2.5, 2.5), doors: portal(1, 1, 2, 1),
			grid: "....\n....\n.oo.\n"},
		{name: "WallBeyondTheRightEdge", walls: line(6, 0, 6, 3), want: LeftOut{Walls: 1}, grid: "....\n....\n....\n"},
		{name: "WallAboveOffTheGrid", walls: line(0.3, -2.5, 3.7, -1.2), want: LeftOut{Walls: 1}},
		{name: "DiagonalPastTheCorner", walls: line(-2, 1, 1, -2), want: LeftOut{Walls: 1}},
		{name: "ClosedRoomBelow", walls: line(0, 5, 2, 5, 2, 7, 0, 7, 0, 5), want: LeftOut{Walls: 1}, grid: "....\n....\n....\n"},
		{name: "ClosedRoomLeft", walls: line(-5, 0, -2, 0, -2, 3, -5, 3, -5, 0), want: LeftOut{Walls: 1}, grid: "....\n....\n....\n"},
		// A closed object (or, in our own files, wall) outline bounds the
		// squares inside it: beside the map it bounds none of them.
		{name: "ClosedObjectBesideTheMap", objects: line(4, 0, 7, 0, 7, 3, 4, 3, 4, 0), want: LeftOut{Objects: 1}, grid: "....\n....\n....\n"},
		{name: "ClosedSliverAtTheEdge", objects: line(-1, 0, 0.3, 0, 0.3, 3, -1, 3, -1, 0), want: LeftOut{Objects: 1}, grid: "....\n....\n....\n"},
		{name: "ClosedObjectOverlappingTheEdge", objects: line(3, 0, 7, 0, 7, 3, 3, 3, 3, 0), grid: "...o\n...o\n...o\n"},
		{name: "ClosedObjectRoundTheMap", objects: line(-1, -1, 5, -1, 5, 4, -1, 4, -1, -1), grid: "oooo\noooo\noooo\n"},
		// A closed wall line is a wall like any other: a room beside the
		// map shares its edge, a wall there; one round the map, beyond its
		// edges, lies outside it.
		{name: "ClosedRoomBesideTheMap", walls: line(4, 0, 7, 0, 7, 3, 4, 3, 4, 0), grid: "....\n....\n....\n"},
		{name: "ClosedRoomOverlappingTheEdge", walls: line(3, 0, 7, 0, 7, 3, 3, 3, 3, 0), grid: "....\n....\n....\n"},
		{name: "ClosedRoomRoundTheMap", walls: line(-1, -1, 5, -1, 5, 4, -1, 4, -1, -1), want: LeftOut{Walls: 1}, grid: "....\n....\n....\n"},
		{name: "AlongTheLeftEdge", walls: line(0, 0, 0, 3)},
		{name: "OnTheEdgeLineBeyondTheCorner", walls: line(4, 0, 6, 0), want: LeftOut{Walls: 1}},
		{name: "WithinAHundredthOfTheEdge", walls: line(-0.005, 0, -0.005, 3)},
		{name: "AcrossTheEdgeIsCut", walls: line(-3, 1.5, 2.5, 1.5), grid: "....\n###.\n....\n"},
		{name: "ObstacleOutside", objects: line(8, 8, 9, 9), want: LeftOut{Objects: 1}},
		{name: "DoorOnAGridLineOutside", doors: portal(5, 1, 6, 1), want: LeftOut{Doors: 1}},
		{name: "DoorOnTheGridLineBelowTheMap", doors: portal(1, 4, 2, 4), want: LeftOut{Doors: 1}},
		{name: "DoorAcrossASquareOutside", doors: portal(4.5, 1, 4.5, 2), want: LeftOut{Doors: 1}},
		{name: "Lights", lts: uvttLight + "," + uvttLight, want: LeftOut{Lights: 2}},
		// A single point has no length to make an edge or cross a square:
		// left out, and counted apart, on the map or off it.
		{name: "OnePointWall", walls: line(1.5, 1.5), want: LeftOut{PointWalls: 1}, grid: "....\n....\n....\n"},
		{name: "OnePointWallOffTheMap", walls: line(9, 9), want: LeftOut{PointWalls: 1}},
		{name: "RepeatedPointWall", walls: line(1.5, 1.5, 1.5, 1.5), want: LeftOut{PointWalls: 1}, grid: "....\n....\n....\n"},
		{name: "ClosedSinglePoint", walls: line(1, 1, 1, 1, 1, 1, 1, 1), want: LeftOut{PointWalls: 1}, grid: "....\n....\n....\n"},
		{name: "OnePointObstacle", objects: line(2.5, 0.5), want: LeftOut{PointObjects: 1}, grid: "....\n....\n....\n"},
		{name: "SinglePointDoorAtACorner", doors: portal(1, 1, 1, 1), want: LeftOut{PointDoors: 1}},
		{name: "SinglePointDoorInASquare", doors: portal(1.5, 1.5, 1.5, 1.5), want: LeftOut{PointDoors: 1}},
		// An empty line is nothing drawn: nothing to tell.
		{name: "EmptyLine", walls: "[]", objects: "[]"},
		// A point given twice within a line adds no square of its own.
		{name: "PointGivenTwice", walls: line(0, 1, 2, 1, 2, 1, 2, 3), grid: "....\n....\n....\n"},
		{name: "PointGivenTwiceOffTheGrid", objects: line(0.5, 0.5, 1.5, 0.5, 1.5, 0.5, 1.5, 2.5), grid: "oo..\n.o..\n.o..\n"},
		{name: "Mixed", walls: line(6, 0, 6, 3) + "," + line(0, 1, 4, 1) + "," + line(-3, -3, -1, -1) + "," + line(10, 10, 12, 10),
			doors: portal(1, 1, 2, 1) + "," + portal(-2, 0, -1, 0), want: LeftOut{Walls: 3, Doors: 1}},
	} {
		t.Run(c.name, func(t *testing.T) {
			e, got, err := ImportUVTT(strings.NewReader(leftOutDoc(c.walls, c.objects, c.doors, c.lts)), "Left out")
			if err != nil {
				t.Fatal(err)
			}
			c.want.W, c.want.H = 4, 3
			if got != c.want {
				t.Errorf("left out %+v, want %+v", got, c.want)
			}
			if got.Any() != (c.want.Walls+c.want.Objects+c.want.Doors+c.want.PointWalls+c.want.PointObjects+c.want.PointDoors+c.want.Lights > 0) {
				t.Errorf("Any() = %v for %+v", got.Any(), got)
			}
			if c.grid != "" {
				if g := ascii(&e.Grid); g != c.grid {
					t.Errorf("map\n%swant\n%s", g, c.grid)
				}
			}
		})
	}
}

// TestImportUVTTLeftOutKeepsTheRest: a room drawn off the map, as a
// closed line, changes nothing on it: the map is what the file without
// that line imports as.
func TestImportUVTTLeftOutKeepsTheRest(t *testing.T) {
	inside := line(0.5, 0.5, 3.5, 0.5, 3.5, 2.5, 0.5, 2.5, 0.5, 0.5)
	for _, off := range []string{line(-5, 0, -2, 0, -2, 3, -5, 3, -5, 0), line(-5, -1, 9, -1, 9, -0.5, -5, -0.5, -5, -1)} {
		with, lo, err := ImportUVTT(strings.NewReader(leftOutDoc(inside+","+off, "", "", "")), "With")
		if err != nil {
			t.Fatal(err)
		}
		without, _, err := ImportUVTT(strings.NewReader(leftOutDoc(inside, "", "", "")), "Without")
		if err != nil {
			t.Fatal(err)
		}
		if a, b := ascii(&with.Grid), ascii(&without.Grid); a != b || lo.Walls != 1 {
			t.Errorf("with the line off the map\n%s(%d left out), without\n%s", a, lo.Walls, b)
		}
	}
}

// TestLeftOutString: the note the GM reads, for each mix.
func TestLeftOutString(t *testing.T) {
	for _, c := range []struct {
		l    LeftOut
		want string
	}{
		{LeftOut{W: 40, H: 30}, ""},
		{LeftOut{W: 40, H: 30, Walls: 1}, "1 wall lies outside the 40 x 30 map and was left out"},
		{LeftOut{W: 40, H: 30, Format: 0.5}, "format 0.5 is newer than this app reads (0.3): read as 0.3; check the walls and doors"},
		{LeftOut{W: 40, H: 30, Format: 1, Walls: 1}, "format 1 is newer than this app reads (0.3): read as 0.3; check the walls and doors; 1 wall lies outside the 40 x 30 map and was left out"},
		{LeftOut{W: 40, H: 30, Walls: 3, Doors: 1}, "3 walls and 1 door lie outside the 40 x 30 map and were left out"},
		{LeftOut{W: 4, H: 3, Walls: 2, Objects: 1, Doors: 5}, "2 walls, 1 obstacle and 5 doors lie outside the 4 x 3 map and were left out"},
		{LeftOut{W: 4, H: 3, Doors: 2}, "2 doors lie outside the 4 x 3 map and were left out"},
		{LeftOut{W: 4, H: 3, Lights: 1}, "1 light was left out: the app has no lights"},
		{LeftOut{W: 4, H: 3, Objects: 1, Lights: 7}, "1 obstacle lies outside the 4 x 3 map and was left out; 7 lights were left out: the app has no lights"},
		{LeftOut{W: 4, H: 3, PointWalls: 1}, "1 wall is a single point, with no length, and was left out"},
		{LeftOut{W: 4, H: 3, PointObjects: 2}, "2 obstacles are single points, with no length, and were left out"},
		{LeftOut{W: 4, H: 3, RepeatedDoors: 1}, "1 door repeats another exactly and was left out (the door is on the map once)"},
		{LeftOut{W: 4, H: 3, Doors: 1, RepeatedDoors: 3, Lights: 2},
			"1 door lies outside the 4 x 3 map and was left out; 3 doors repeat others exactly and were left out (each door is on the map once); 2 lights were left out: the app has no lights"},
		{LeftOut{W: 4, H: 3, Walls: 2, PointWalls: 1, PointDoors: 2, Lights: 1},
			"2 walls lie outside the 4 x 3 map and were left out; 1 wall and 2 doors are single points, with no length, and were left out; 1 light was left out: the app has no lights"},
	} {
		if got := c.l.String(); got != c.want {
			t.Errorf("%+v: %q, want %q", c.l, got, c.want)
		}
	}
}

// TestImportUVTTSinglePoints: QA's u9.dd2vtt and u6.dd2vtt, a room with a
// portal whose two ends are one grid corner, and a line_of_sight of one
// point. Neither is a door or a wall: no door square where the point is
// (the import once made the square below and right of it one), no edge;
// each is said, and the rest of the map imports as without it.
func TestImportUVTTSinglePoints(t *testing.T) {
	room := line(0, 0, 4, 0, 4, 3, 0, 3) + "," + line(0, 3, 0, 0) // walls round the map, as u9's
	without, _, err := ImportUVTT(strings.NewReader(leftOutDoc(room, "", "", "")), "Without")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, walls, doors string
		want               LeftOut
		note               string
	}{
		{"DoorAtACorner", room, portal(1, 1, 1, 1), LeftOut{W: 4, H: 3, PointDoors: 1},
			"1 door is a single point, with no length, and was left out"},
		{"DoorInASquare", room, portal(2.5, 1.5, 2.5, 1.5), LeftOut{W: 4, H: 3, PointDoors: 1},
			"1 door is a single point, with no length, and was left out"},
		{"WallOfOnePoint", room + "," + line(3, 3), "", LeftOut{W: 4, H: 3, PointWalls: 1},
			"1 wall is a single point, with no length, and was left out"},
	} {
		t.Run(c.name, func(t *testing.T) {
			e, got, err := ImportUVTT(strings.NewReader(leftOutDoc(c.walls, "", c.doors, "")), "With")
			if err != nil {
				t.Fatal(err)
			}
			if got != c.want || got.String() != c.note {
				t.Errorf("left out %+v, %q; want %+v, %q", got, got.String(), c.want, c.note)
			}
			if len(without.Edges) != 4 || !slices.Equal(e.Grid.Cells, without.Grid.Cells) || !slices.Equal(e.Edges, without.Edges) {
				t.Errorf("the map is not the map without it:\n%v %v\nwant\n%v %v", e.Grid.Cells, e.Edges, without.Grid.Cells, without.Edges)
			}
		})
	}
}

// TestUVTTLeavesOut: the words of what a Universal VTT file does not
// hold, each counted, and nothing for a map the file holds whole (walls,
// obstacles, doors, a wall square that is GM-only, which still blocks).
func TestUVTTLeavesOut(t *testing.T) {
	e := &model.Encounter{Name: "Crypt", Ruleset: model.SF2E, Grid: model.NewGrid(4, 3)}
	e.Grid.Set(0, 0, model.Wall)
	e.Grid.Set(1, 0, model.Obstacle)
	e.Grid.Set(2, 0, model.Door)
	e.GMOnly = make([]bool, 12)
	e.GMOnly[0] = true
	e.Edges = []model.Edge{{Kind: model.EdgeOpenDoor, X1: 0, Y1: 2, X2: 1, Y2: 2}}
	if got := UVTTLeavesOut(e); got != "" {
		t.Errorf("a map the file holds whole: %q", got)
	}
	e.Tokens = []model.Token{{Name: "Hero", Size: model.Medium}}
	e.Fight = &model.Fight{}
	e.Notes = []model.Note{{X: 3, Y: 2, Text: "altar"}, {X: 3, Y: 1, Text: "trap"}}
	e.GMOnly[6] = true
	e.Grid.Set(3, 2, model.GreaterDifficult|model.Hazardous)
	e.Grid.Set(1, 1, model.Wall|model.Difficult) // a wall: nothing lost
	want := "1 token, the fight in progress, 2 notes, 1 GM-only square (drawn as open ground) and the terrain of 1 square (greater difficult, hazardous: on the picture only, as open ground)"
	if got := UVTTLeavesOut(e); got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}
