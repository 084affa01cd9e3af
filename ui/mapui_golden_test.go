package ui

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"io"
	"testing"

	"fyne.io/fyne/v2/test"

	"encounterplanner/model"
	"encounterplanner/rules"
	"encounterplanner/ui/internal/testimages"
	"encounterplanner/ui/session"
)

// TestGoldenRoomWithWallsDoorFogArtAndMapImage builds, with the tools as a
// GM uses them, a room on an imported 70 px/square map image (offset 35):
// edge walls with a door, the room revealed with one click (the rest
// dimmed for the GM), a GM-only square, and a raised token with a
// picture. The picture shows all of them drawn together.
func TestGoldenRoomWithWallsDoorFogArtAndMapImage(t *testing.T) {
	e := openEncounter(t, 12, 12)
	e.Tokens = []model.Token{{Name: "Dae", Side: "party", X: 2, Y: 2, Size: model.Medium, Speeds: map[string]int{"land": 25}}}
	ed, p := overlayEditor(t, e, session.Settings{Mode: rules.ModeLand, Actions: 1}, -1)

	var got *mapImageRead
	ed.readMapImage("map.png", io.NopCloser(bytes.NewReader(testimages.GridPNG(735, 525, 70, 35))), func(r *mapImageRead, err error) {
		if err != nil {
			t.Error(err)
		}
		got = r
	})
	p.until(t, "the image read", func() bool { return got != nil })
	if err := ed.ApplyMapImage(got.img, model.BackgroundPlacement{X: 35, Y: 35, PxPerSquare: 70}); err != nil {
		t.Fatal(err)
	}
	ed.view.SetView(testZoom*2, 0, 0)

	ed.rune('w')
	for _, seg := range [][4]int{{1, 1, 6, 1}, {6, 1, 6, 5}, {1, 5, 6, 5}, {1, 1, 1, 5}} {
		edgeGesture(ed, corner(ed, seg[0], seg[1], 0, 0), corner(ed, seg[2], seg[3], 0, 0), 0)
	}
	ed.rune('w') // door
	edgeGesture(ed, corner(ed, 6, 3, 0, 0), corner(ed, 6, 4, 0, 0), 0)
	ed.rune('g')
	ed.rune('g')
	ed.rune('g') // room
	gesture(ed, 0, [2]int{3, 3})
	ed.rune('g') // GM-only
	gesture(ed, 0, [2]int{4, 4})

	var art bytes.Buffer
	pic := image.NewRGBA(image.Rect(0, 0, 64, 64))
	for y := 0; y < 64; y++ {
		for x := 0; x < 64; x++ {
			pic.SetRGBA(x, y, color.RGBA{uint8(x * 4), 0x60, uint8(y * 4), 0xff})
		}
	}
	if err := png.Encode(&art, pic); err != nil {
		t.Fatal(err)
	}
	if err := ed.SetTokenArt(0, art.Bytes()); err != nil {
		t.Fatal(err)
	}
	ed.Select(0)
	ed.RaiseSelected(+1)
	ed.RaiseSelected(+1)
	ed.Select(-1)
	ed.hover(0, 0, false)
	ed.message("")
	settle(t, ed, p)

	c := ed.enc
	if len(c.Edges) != 6 || c.Revealed == nil || !c.Revealed[3*c.Grid.W+3] || c.Revealed[3*c.Grid.W+8] || c.GMOnly == nil || c.Tokens[0].Elevation != 10 {
		t.Fatalf("edges %v, fog %v, GM-only %v, elevation %d", c.Edges, c.Revealed != nil, c.GMOnly != nil, c.Tokens[0].Elevation)
	}
	test.AssertImageMatches(t, "mapui_room.png", mapShot(ed))
}
