package storage

// fields_test.go holds the storage of the fields added with table play and
// the third dimension (encounter-format.md): door and shallow-water
// terrain, edges, fog, the party, the fight, areas, and the tokens' new
// fields.

import (
	"reflect"
	"strings"
	"testing"

	"encounterplanner/model"
)

// TestTerrainWide: a map with a door, an open door or shallow water needs
// more than the 8 trait bits, so it is kept two bytes a square under its own
// tags; a map without them keeps the one-byte form an older app reads.
func TestTerrainWide(t *testing.T) {
	for _, c := range []struct {
		w, h int
		tag  byte
	}{{1, 1, terrainRaw16}, {64, 32, terrainFlate16}, {1000, 1000, terrainFlate16}} {
		g := model.NewGrid(c.w, c.h)
		for i := range g.Cells {
			g.Cells[i] = model.Terrain(i/3) & model.TraitMask
		}
		g.Cells[0] = model.Door | model.Open | model.ShallowWater
		data := encodeTerrain(&g)
		if data[0] != c.tag {
			t.Fatalf("%dx%d: tag %d, want %d", c.w, c.h, data[0], c.tag)
		}
		back, err := decodeTerrain(data, c.w, c.h)
		if err != nil || !reflect.DeepEqual(back, g) {
			t.Fatalf("%dx%d: round trip failed: %v", c.w, c.h, err)
		}
	}
	g := model.NewGrid(2, 1)
	g.Cells[1] = model.Water | model.Wall
	if data := encodeTerrain(&g); data[0] != terrainRaw {
		t.Errorf("a map of the first 8 traits got tag %d, want the one-byte %d", data[0], terrainRaw)
	}
	for _, c := range []struct {
		name string
		data []byte
		msg  string
	}{
		{"ErrRaw16Length", []byte{terrainRaw16, 1, 0, 2}, "holds 1 squares, expected 2"},
		{"ErrUnknownBits", []byte{terrainRaw16, 0, 0x80, 0, 0}, "unknown traits 0x8000"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if _, err := decodeTerrain(c.data, 2, 1); err == nil || !strings.Contains(err.Error(), c.msg) {
				t.Fatalf("got %v, want an error saying %q", err, c.msg)
			}
		})
	}
}
