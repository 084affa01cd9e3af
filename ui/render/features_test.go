package render

import (
	"testing"

	"encounterplanner/model"
)

// TestTileKeyedByWholeTraitSet checks that terrains differing only in the
// traits above the low byte (door, open, shallow water) get tiles of their
// own: a cache keyed by a byte gave a door square the open-ground tile.
func TestTileKeyedByWholeTraitSet(t *testing.T) {
	r := NewRenderer()
	r.pickTiles(20, false)
	seen := map[*tile]model.Terrain{}
	for _, tr := range []model.Terrain{0, model.Door, model.Door | model.Open, model.ShallowWater, model.Wall, model.Wall | model.Door} {
		tl := r.tile(tr, 20, false)
		if u, ok := seen[tl]; ok {
			t.Errorf("terrain %v draws with the tile of %v", tr, u)
		}
		seen[tl] = tr
		if r.tile(tr, 20, false) != tl {
			t.Errorf("terrain %v: tile not cached", tr)
		}
	}
}
