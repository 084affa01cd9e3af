package model

// spec_tableplay_test.go checks the section "Added with table play and the
// third dimension" of encounter-format.md sentence by sentence.

import (
	"reflect"
	"strings"
	"testing"
)

// "Traits door and open (a door square, closed unless open), default
// legend keys + (["door"]) and / (["door", "open"]); trait shallow-water,
// default legend key w."
func TestSpecDoorAndShallowWaterTraits(t *testing.T) {
	e := mustDecode(t, specHead+`"map":{"rows":["+/w.#"]}}`)
	want := []Terrain{Door, Door | Open, ShallowWater, 0, Wall}
	if !reflect.DeepEqual(e.Grid.Cells, want) {
		t.Fatalf("default legend read as %v, want %v", e.Grid.Cells, want)
	}
	if !Door.ClosedDoor() || !Door.BlocksLikeWall() || (Door | Open).ClosedDoor() || (Door | Open).BlocksLikeWall() || !Wall.BlocksLikeWall() || Open.BlocksLikeWall() {
		t.Error("a closed door is a wall square, an open one open ground")
	}
	// The writer uses the default keys and writes no legend for them.
	if s := roundTrip(t, e); !strings.Contains(s, `"+/w.#"`) || strings.Contains(s, "legend") {
		t.Errorf("canonical form:\n%s", s)
	}
	// The names read in a legend, combined with the others.
	e = mustDecode(t, specHead+`"map":{"rows":["xyz"],"legend":{"x":["door","difficult"],"y":["open","door"],"z":["shallow-water","hazardous"]}}}`)
	want = []Terrain{Door | Difficult, Door | Open, ShallowWater | Hazardous}
	if !reflect.DeepEqual(e.Grid.Cells, want) {
		t.Fatalf("legend read as %v, want %v", e.Grid.Cells, want)
	}
	s := roundTrip(t, e)
	if !strings.Contains(s, `"a/b"`) || !strings.Contains(s, "\"a\": [\n        \"difficult\",\n        \"door\"\n      ]") ||
		!strings.Contains(s, "\"b\": [\n        \"hazardous\",\n        \"shallow-water\"\n      ]") {
		t.Errorf("canonical legend:\n%s", s)
	}
	// w is a default key now: the writer's new keys skip it.
	var g Grid = NewGrid(30, 1)
	for i := range g.Cells {
		g.Cells[i] = Terrain(i+1)<<1 | Wall
	}
	e = &Encounter{Name: "N", Ruleset: SF2E, FeetPerSquare: 5, Grid: g}
	if s := roundTrip(t, e); !strings.Contains(s, `"abcefgijklmpqrstvxyzABCEFGHIJK"`) {
		t.Errorf("new legend keys:\n%s", s)
	}
	mustRefuse(t, specHead+`"map":{"rows":["x"],"legend":{"x":["Door"]}}}`, `map.legend["x"][0]: unknown terrain trait "Door"`)
	e = &Encounter{Name: "N", Ruleset: SF2E, FeetPerSquare: 5, Grid: NewGrid(1, 1)}
	e.Grid.Cells[0] = ShallowWater << 1
	checkFieldError(t, Validate(e), -1, "", "map.rows[0][0]", "map.rows[0][0]: unknown terrain bits 0x800")
}
