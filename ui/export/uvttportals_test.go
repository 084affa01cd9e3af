package export

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"encounterplanner/model"
)

// portalRoom is the 8 x 6 room of QA's uv/ files on a 10 x 8 map: walls
// on the grid lines from (1, 1) to (9, 7), open at the north wall's
// (5, 1)-(6, 1), where its door goes, and the given portals.
func portalRoom(portals ...string) string {
	return mapDoc(10, 8, line(5, 1, 1, 1, 1, 7, 9, 7, 9, 1, 6, 1), "", strings.Join(portals, ","), "")
}

// importRoom imports doc, failing the test on an error, and returns the
// encounter and its note.
func importRoom(t *testing.T, doc string) (*model.Encounter, LeftOut) {
	t.Helper()
	e, lo, err := ImportUVTT(strings.NewReader(doc), "Room")
	if err != nil {
		t.Fatal(err)
	}
	return e, lo
}

// doorsOf lists e's door edges and door squares, as "door 5 1-6 1" and
// "door square 4 0".
func doorsOf(e *model.Encounter) []string {
	var out []string
	for _, ed := range e.Edges {
		if ed.Kind.IsDoor() {
			out = append(out, fmt.Sprintf("%s %d %d-%d %d", ed.Kind, ed.X1, ed.Y1, ed.X2, ed.Y2))
		}
	}
	for i, c := range e.Grid.Cells {
		if c.Any(model.Door) {
			out = append(out, fmt.Sprintf("door square %d %d", i%e.Grid.W, i/e.Grid.W))
		}
	}
	return out
}

// TestImportUVTTTiltedPortalIsADoorEdge: QA's uv/tilt3.dd2vtt, a door set
// 3 degrees off the room's north wall (from (5, 0.97) to (6, 1.03)),
// became two door squares, one outside the room and one inside. A portal
// within 5 degrees of a grid line's direction, its middle within 1/10
// square of the line, is a door edge on it as an aligned one is, either
// way round and upright too; tilted more, or further off the line, it is
// still a door square where it passes.
func TestImportUVTTTiltedPortalIsADoorEdge(t *testing.T) {
	for _, c := range []struct {
		name   string
		portal string
		want   []string
	}{
		{"Aligned", portal(5, 1, 6, 1), []string{"door 5 1-6 1"}},
		{"Tilted3Degrees", portal(5, 0.97, 6, 1.03), []string{"door 5 1-6 1"}},
		{"Tilted3DegreesBackwards", portal(6, 1.03, 5, 0.97), []string{"door 5 1-6 1"}},
		{"TiltedOtherWay", portal(5, 1.04, 6, 0.96), []string{"door 5 1-6 1"}},
		{"NearlyOnTheLine", portal(5, 1.08, 6, 1.08), []string{"door 5 1-6 1"}},
		{"Tilted30Degrees", portal(5, 0.71, 6, 1.29), []string{"door square 5 0", "door square 5 1"}},
		{"OffTheLine", portal(5, 1.3, 6, 1.3), []string{"door square 5 1"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			e, lo := importRoom(t, portalRoom(c.portal))
			if got := doorsOf(e); !slices.Equal(got, c.want) {
				t.Errorf("doors %q, want %q", got, c.want)
			}
			if lo.Any() {
				t.Errorf("note %q, want none", lo)
			}
		})
	}
	// Upright, in the room's west wall broken from (1, 3) to (1, 4).
	doc := mapDoc(10, 8, line(1, 3, 1, 1, 9, 1, 9, 7, 1, 7, 1, 4), "", portal(0.97, 3, 1.03, 4), "")
	e, _ := importRoom(t, doc)
	if got := doorsOf(e); !slices.Equal(got, []string{"door 1 3-1 4"}) {
		t.Errorf("upright tilted door: %q, want door 1 3-1 4", got)
	}
	if e.Grid.Cells[3*10+0]|e.Grid.Cells[3*10+1] != 0 {
		t.Error("the upright tilted door left door squares beside its wall")
	}
}

// TestImportUVTTRepeatedPortalIsOneDoor: QA's uv/dupdoor.dd2vtt gives the
// room's door twice, the very same portal, and the import was refused
// ("two doors on the same stretch of grid line") where a half-overlapping
// pair imported. A repeat is the one door, closed if either is, and the
// note says a door was given twice; a door across a square given twice
// is one too. Doors that overlap on part of their stretch are still two
// doors that cannot both be there.
func TestImportUVTTRepeatedPortalIsOneDoor(t *testing.T) {
	window := `{"bounds":` + line(6, 1, 5, 1) + `,"closed":false}`
	for _, c := range []struct {
		name    string
		portals []string
		want    []string
		repeats int
	}{
		{"Twice", []string{portal(5, 1, 6, 1), portal(5, 1, 6, 1)}, []string{"door 5 1-6 1"}, 1},
		{"ThreeTimes", []string{portal(5, 1, 6, 1), portal(5, 1, 6, 1), portal(6, 1, 5, 1)}, []string{"door 5 1-6 1"}, 2},
		{"WindowThenDoor", []string{window, portal(5, 1, 6, 1)}, []string{"door 5 1-6 1"}, 1},
		{"DoorThenWindow", []string{portal(5, 1, 6, 1), window}, []string{"door 5 1-6 1"}, 1},
		{"TiltedRepeat", []string{portal(5, 1, 6, 1), portal(5, 0.97, 6, 1.03)}, []string{"door 5 1-6 1"}, 1},
		{"AcrossASquareTwice", []string{portal(5, 1, 6, 1), portal(3.5, 3, 3.5, 4), portal(3.5, 4, 3.5, 3)}, []string{"door 5 1-6 1", "door square 3 3"}, 1},
		{"SideBySide", []string{portal(5, 1, 6, 1), portal(4, 1, 5, 1)}, []string{"door 4 1-5 1", "door 5 1-6 1"}, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			e, lo := importRoom(t, portalRoom(c.portals...))
			if got := doorsOf(e); !slices.Equal(got, c.want) {
				t.Errorf("doors %q, want %q", got, c.want)
			}
			if lo.RepeatedDoors != c.repeats {
				t.Errorf("repeated doors %d, want %d (note %q)", lo.RepeatedDoors, c.repeats, lo)
			}
			if c.repeats == 1 && !strings.Contains(lo.String(), "1 door repeats another exactly") {
				t.Errorf("note %q does not say the door was given twice", lo)
			}
		})
	}
	mustRefuseUVTT(t, portalRoom(portal(5, 1, 6, 1), portal(5, 1, 7, 1)), "portals[1]: overlaps portals[0]")
}
