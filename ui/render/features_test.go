package render

import (
	"bytes"
	"image"
	"image/png"
	"math"
	"os"
	"path/filepath"
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

// featureRows is a room with a closed door, an open door, shallow water
// beside deep water: the terrain added with doors and shallow water.
var featureRows = []string{
	"#####......",
	"#...+..ww~~",
	"#...#..ww~~",
	"#/###..ww~~",
	"...........",
}

func featureEncounter() *model.Encounter {
	g := model.NewGrid(len(featureRows[0]), len(featureRows))
	for y, row := range featureRows {
		for x, c := range row {
			g.Set(x, y, model.DefaultLegend[c])
		}
	}
	return &model.Encounter{Name: "Features", Ruleset: model.SF2E, Grid: g}
}

// drawGolden draws e and compares it with testdata/name.png (also written
// to $RENDER_OUT when set, to look at).
func drawGolden(t *testing.T, name string, e *model.Encounter, v View, o *Overlays, w, h int) *image.RGBA {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	NewRenderer().Draw(img, e, v, o)
	if dir := os.Getenv("RENDER_OUT"); dir != "" {
		var buf bytes.Buffer
		png.Encode(&buf, img)
		os.WriteFile(filepath.Join(dir, "render-"+name+".png"), buf.Bytes(), 0o644)
	}
	golden(t, name, img)
	return img
}

// TestDoorsAndShallowWater: a closed door is a door on the wall's tone, an
// open door a doorway with its leaf swung out, shallow water paler than
// deep water; at every zoom.
func TestDoorsAndShallowWater(t *testing.T) {
	e := featureEncounter()
	drawGolden(t, "doors", e, View{Scale: 40}, nil, 11*40, 5*40)
	drawGolden(t, "doors-small", e, View{Scale: 12}, nil, 11*12, 5*12)
}

// TestDoorAndShallowLooks checks the looks by their pixels: a door square
// differs from the wall and the open ground around it, an open door from a
// closed one, and shallow water from deep water in grey scale (by tone).
func TestDoorAndShallowLooks(t *testing.T) {
	for _, s := range []int{12, 40, 72} {
		fs := float64(s)
		open, wall := meanGrey(makeTile(0, fs, false), s), meanGrey(makeTile(model.Wall, fs, false), s)
		door, ajar := meanGrey(makeTile(model.Door, fs, false), s), meanGrey(makeTile(model.Door|model.Open, fs, false), s)
		if math.Abs(door-wall) < 10 || math.Abs(door-ajar) < 10 || math.Abs(ajar-open) < 10 {
			t.Errorf("%d px: wall %.0f, closed door %.0f, open door %.0f, open %.0f grey: a door does not stand out", s, wall, door, ajar, open)
		}
		deep, shallow := meanGrey(makeTile(model.Water, fs, false), s), meanGrey(makeTile(model.ShallowWater, fs, false), s)
		if shallow-deep < 12 || open-shallow < 6 {
			t.Errorf("%d px: open %.0f, shallow %.0f, deep water %.0f grey: shallow water must sit clearly between", s, open, shallow, deep)
		}
	}
}
