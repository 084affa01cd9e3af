package render

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/jpeg"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
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

// featureEdges are walls and doors on grid lines around featureEncounter's
// open ground: a wall, a closed door, an open door, a secret door.
var featureEdges = []model.Edge{
	{Kind: model.EdgeWall, X1: 6, Y1: 0, X2: 6, Y2: 2},
	{Kind: model.EdgeDoor, X1: 6, Y1: 2, X2: 6, Y2: 3},
	{Kind: model.EdgeWall, X1: 6, Y1: 3, X2: 6, Y2: 4},
	{Kind: model.EdgeWall, X1: 5, Y1: 4, X2: 7, Y2: 4},
	{Kind: model.EdgeOpenDoor, X1: 7, Y1: 4, X2: 8, Y2: 4},
	{Kind: model.EdgeSecretDoor, X1: 8, Y1: 4, X2: 9, Y2: 4},
	{Kind: model.EdgeWall, X1: 9, Y1: 4, X2: 11, Y2: 4},
}

// TestEdges: walls, doors, open doors and secret doors on grid lines, for
// the GM and for players, at two zooms.
func TestEdges(t *testing.T) {
	e := featureEncounter()
	e.Edges = featureEdges
	drawGolden(t, "edges", e, View{Scale: 40}, nil, 11*40, 5*40)
	drawGolden(t, "edges-player", e, View{Scale: 40, Player: true}, nil, 11*40, 5*40)
	drawGolden(t, "edges-small", e, View{Scale: 12}, nil, 11*12, 5*12)
}

// TestSecretDoorIsAWallToPlayers: in the player view a secret door is
// drawn exactly as a wall (pixel for pixel); the GM sees the difference,
// and an opened secret door is an open door to everyone.
func TestSecretDoorIsAWallToPlayers(t *testing.T) {
	secret := featureEncounter()
	secret.Edges = []model.Edge{{Kind: model.EdgeSecretDoor, X1: 7, Y1: 4, X2: 8, Y2: 4}}
	wall := featureEncounter()
	wall.Edges = []model.Edge{{Kind: model.EdgeWall, X1: 7, Y1: 4, X2: 8, Y2: 4}}
	draw := func(e *model.Encounter, v View) []byte {
		img := image.NewRGBA(image.Rect(0, 0, 11*30, 5*30))
		NewRenderer().Draw(img, e, v, nil)
		return img.Pix
	}
	if !bytes.Equal(draw(secret, View{Scale: 30, Player: true}), draw(wall, View{Scale: 30, Player: true})) {
		t.Error("players can tell a secret door from a wall")
	}
	if bytes.Equal(draw(secret, View{Scale: 30}), draw(wall, View{Scale: 30})) {
		t.Error("the GM cannot tell a secret door from a wall")
	}
	opened := featureEncounter()
	opened.Edges = []model.Edge{{Kind: model.EdgeSecretDoor.Toggled(), X1: 7, Y1: 4, X2: 8, Y2: 4}}
	if bytes.Equal(draw(opened, View{Scale: 30, Player: true}), draw(wall, View{Scale: 30, Player: true})) {
		t.Error("an opened secret door still looks like a wall to players")
	}
}

// TestPaintHandsEdgesToThePainter: the PDF gets the edges through Paint,
// in their own layer.
func TestPaintHandsEdgesToThePainter(t *testing.T) {
	e := featureEncounter()
	e.Edges = featureEdges
	p := &recorder{calls: map[string]int{}}
	NewRenderer().Paint(p, 11*72, 5*72, e, View{Scale: 72}, nil)
	if p.calls["edges line"] < len(featureEdges) {
		t.Errorf("%d edge lines painted for %d edges", p.calls["edges line"], len(featureEdges))
	}
}

// fogEncounter is the golden map with fog west of column 8 lifted (the
// Ancient Dragon, the Lurker and the trap note stand in fog), and the
// hazardous squares GM-only (a hidden trap).
func fogEncounter() *model.Encounter {
	e := testEncounter(model.SF2E)
	g := &e.Grid
	e.Revealed = make([]bool, len(g.Cells))
	e.GMOnly = make([]bool, len(g.Cells))
	for y := 0; y < g.H; y++ {
		for x := 0; x < g.W; x++ {
			e.Revealed[y*g.W+x] = x < 8 || y == 0 && x < 10
			e.GMOnly[y*g.W+x] = g.At(x, y).Any(model.Hazardous)
		}
	}
	return e
}

// TestFogAndGMOnly: the player view covers fog and shows GM-only terrain
// as open ground; the GM view dims the fog and marks GM-only squares.
func TestFogAndGMOnly(t *testing.T) {
	e := fogEncounter()
	drawGolden(t, "fog-player", e, View{Scale: 40, Player: true}, testOverlays(), 14*40, 9*40)
	drawGolden(t, "fog-gm", e, View{Scale: 40}, testOverlays(), 14*40, 9*40)
}

// TestFogHidesEverythingFromPlayers: what lies in fog leaves no trace in
// the player view: changing the terrain there, or taking away the tokens
// and notes that stand wholly in it, or the GM-only terrain, changes no
// pixel.
func TestFogHidesEverythingFromPlayers(t *testing.T) {
	draw := func(e *model.Encounter) []byte {
		img := image.NewRGBA(image.Rect(0, 0, 14*30, 9*30))
		NewRenderer().Draw(img, e, View{Scale: 30, Player: true}, nil)
		return img.Pix
	}
	e := fogEncounter()
	want := draw(e)
	bare := fogEncounter()
	g := &bare.Grid
	for i := range g.Cells {
		if !bare.Revealed[i] {
			g.Cells[i] = model.Wall
		}
		if bare.GMOnly[i] {
			g.Cells[i] = 0
		}
	}
	bare.GMOnly = nil
	bare.Tokens = bare.Tokens[:0]
	for _, tk := range e.Tokens {
		if tk.Name != "Ancient Dragon" && tk.Name != "Lurker" { // wholly in fog
			bare.Tokens = append(bare.Tokens, tk)
		}
	}
	bare.Notes = []model.Note{{X: 0, Y: 0, Text: "door", Player: true}}
	if !bytes.Equal(want, draw(bare)) {
		t.Error("the player view shows something of what lies in fog, or of GM-only terrain")
	}
	// The painted page leaves fogged terrain out altogether.
	p := &recorder{calls: map[string]int{}}
	NewRenderer().Paint(p, 14*72, 9*72, e, View{Scale: 72, Player: true}, nil)
	revealed := 0
	for _, r := range e.Revealed {
		if r {
			revealed++
		}
	}
	if n := p.calls["terrain terrain"]; n != revealed {
		t.Errorf("player page paints %d squares of terrain, want the %d revealed", n, revealed)
	}
}

// TestElevation: a token off the ground gets a "+15 ft" tag on its rim and
// a shadow on its square; one below it a "-10 ft" tag and no shadow.
func TestElevation(t *testing.T) {
	e := testEncounter(model.SF2E)
	e.Tokens[0].Elevation = 15  // Iseph
	e.Tokens[1].Elevation = 30  // Tashtari, Large
	e.Tokens[3].Elevation = -10 // Dae, burrowing
	o := testOverlays()
	drawGolden(t, "elevation", e, View{Scale: 40}, o, 14*40, 9*40)
	p := &recorder{calls: map[string]int{}}
	NewRenderer().Paint(p, 14*40, 9*40, e, View{Scale: 40}, o)
	got := strings.Join(p.texts, ",")
	for _, want := range []string{"+15 ft", "+30 ft", "-10 ft"} {
		if !strings.Contains(got, want) {
			t.Errorf("texts %q: no elevation tag %q", got, want)
		}
	}
	// The shadow: Iseph's square is darker below right of its disc.
	flat := image.NewRGBA(image.Rect(0, 0, 14*40, 9*40))
	NewRenderer().Draw(flat, testEncounter(model.SF2E), View{Scale: 40}, nil)
	up := image.NewRGBA(flat.Rect)
	NewRenderer().Draw(up, e, View{Scale: 40}, nil)
	at := func(img *image.RGBA) float64 {
		c := img.RGBAAt(2*40+38, 2*40+36)
		return 0.299*float64(c.R) + 0.587*float64(c.G) + 0.114*float64(c.B)
	}
	if at(up) > at(flat)-20 {
		t.Errorf("no shadow below right of the flying token (%.0f, on the ground %.0f)", at(up), at(flat))
	}
}

// areaSquares lists the squares of rows of x ranges, for hand-made areas.
func areaSquares(w int, rows map[int][2]int) []int {
	var out []int
	for y, r := range rows {
		for x := r[0]; x <= r[1]; x++ {
			out = append(out, y*w+x)
		}
	}
	return out
}

// testAreas are a 10-ft burst (shown to players), a cone (GM only), and a
// line (shown), with their squares as the rules would give them.
func testAreas() []AreaShade {
	w := len(testRows[0])
	return []AreaShade{
		{Label: "fireball 10 ft", Player: true, Squares: areaSquares(w, map[int][2]int{4: {8, 9}, 5: {7, 10}, 6: {7, 10}, 7: {8, 9}})},
		{Label: "cone 15 ft", Squares: areaSquares(w, map[int][2]int{1: {2, 4}, 0: {1, 5}})},
		{Label: "line", Player: true, Squares: []int{8*w + 1, 8*w + 2, 8*w + 3, 8*w + 4, 8*w + 5, 8*w + 5}},
	}
}

// TestAreas: area templates shade their squares with an outline and a
// label; players see only those shown to them.
func TestAreas(t *testing.T) {
	e := testEncounter(model.SF2E)
	o := NewOverlays()
	o.Areas = testAreas()
	drawGolden(t, "areas", e, View{Scale: 40}, o, 14*40, 9*40)
	drawGolden(t, "areas-player", e, View{Scale: 40, Player: true}, o, 14*40, 9*40)
	draw := func(o *Overlays, v View) []byte {
		img := image.NewRGBA(image.Rect(0, 0, 14*30, 9*30))
		NewRenderer().Draw(img, e, v, o)
		return img.Pix
	}
	gmOnly := NewOverlays()
	gmOnly.Areas = testAreas()[1:2]
	if !bytes.Equal(draw(gmOnly, View{Scale: 30, Player: true}), draw(NewOverlays(), View{Scale: 30, Player: true})) {
		t.Error("players see an area not shown to them")
	}
	if bytes.Equal(draw(gmOnly, View{Scale: 30}), draw(NewOverlays(), View{Scale: 30})) {
		t.Error("the GM does not see the area")
	}
	p := &recorder{calls: map[string]int{}}
	NewRenderer().Paint(p, 14*40, 9*40, e, View{Scale: 40}, o)
	if got := strings.Join(p.texts, ","); !strings.Contains(got, "fireball 10 ft") || !strings.Contains(got, "cone 15 ft") {
		t.Errorf("texts %q: the areas' labels are missing", got)
	}
}

// testPortrait is a w x h picture as a data URL: a face-like pattern (a
// light disc with two dark eyes on a coloured ground) so a crop or a
// scaling error shows in the golden.
func testPortrait(w, h int, jpg bool) string {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			c := color.RGBA{40, 120, uint8(80 + 100*x/w), 255}
			dx, dy := float64(x)-float64(w)/2, float64(y)-float64(h)/2
			s := float64(min(w, h))
			if dx*dx+dy*dy < s*s*0.12 {
				c = color.RGBA{240, 200, 160, 255}
			}
			for _, ex := range []float64{-0.15, 0.15} {
				if ddx, ddy := dx-ex*s, dy+0.08*s; ddx*ddx+ddy*ddy < s*s*0.004 {
					c = color.RGBA{20, 20, 30, 255}
				}
			}
			img.SetRGBA(x, y, c)
		}
	}
	var buf bytes.Buffer
	if jpg {
		jpeg.Encode(&buf, img, &jpeg.Options{Quality: 90})
		return "data:image/jpeg;base64," + base64.StdEncoding.EncodeToString(buf.Bytes())
	}
	png.Encode(&buf, img)
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(buf.Bytes())
}

// TestPortraits: token images drawn cropped to a circle inside the side's
// ring, at every zoom, from PNG and JPEG; a broken image draws the plain
// disc.
func TestPortraits(t *testing.T) {
	e := testEncounter(model.SF2E)
	e.Tokens[0].Image = testPortrait(96, 64, false)  // Iseph: wide, cropped to its middle
	e.Tokens[1].Image = testPortrait(600, 700, true) // Tashtari: JPEG, scaled down on decode
	e.Tokens[2].Image = e.Tokens[0].Image            // the unconscious dragon: greyed
	e.Tokens[4].Image = e.Tokens[0].Image            // the hidden Lurker: faded
	e.Tokens[5].Image = "data:image/png;base64,AAAA" // broken: initials
	o := testOverlays()
	drawGolden(t, "portraits", e, View{Scale: 40}, o, 14*40, 9*40)
	drawGolden(t, "portraits-small", e, View{Scale: 12}, nil, 14*12, 9*12)
	drawGolden(t, "portraits-zoom", e, View{Scale: 150, OriginX: 1.5, OriginY: 1.25}, o, 600, 450)
	// Paint hands the portrait to a painter that draws portraits, and
	// the decoded image is the picture's middle square.
	p := &portraitRecorder{recorder: recorder{calls: map[string]int{}}}
	NewRenderer().Paint(p, 14*40, 9*40, e, View{Scale: 40}, nil)
	if p.n != 4 {
		t.Errorf("%d portraits painted, want 4", p.n)
	}
	if img := DecodePortrait(e.Tokens[0].Image); img == nil || img.Bounds().Dx() != 64 || img.Bounds().Dy() != 64 {
		t.Errorf("decoded portrait %v, want the middle 64 x 64 square", img.Bounds())
	}
	if img := DecodePortrait(e.Tokens[1].Image); img == nil || img.Bounds().Dx() != MaxPortraitSide {
		t.Errorf("a 600 x 700 JPEG decodes to %v, want %d a side", img.Bounds(), MaxPortraitSide)
	}
}

type portraitRecorder struct {
	recorder
	n int
}

func (p *portraitRecorder) Portrait(cx, cy, rad, alpha float64, img *image.RGBA) { p.n++ }

// TestPortraitsDecodeOnce: a warm Renderer draws portraits without
// allocating, and decodes each image once, however many tokens share it
// and however often the encounter is cloned.
func TestPortraitsDecodeOnce(t *testing.T) {
	e := benchEncounter()
	pic := testPortrait(128, 128, false)
	for i := range e.Tokens {
		if i%2 == 0 {
			e.Tokens[i].Image = pic
		}
	}
	e.Tokens[1].Image = testPortrait(80, 80, true)
	img := image.NewRGBA(image.Rect(0, 0, 640, 400))
	r := NewRenderer()
	o := testOverlays()
	for _, v := range []View{{Scale: 40, OriginX: 20, OriginY: 20}, {Scale: 10.8}} {
		r.Draw(img, e, v, o)
		c := e.Clone() // same strings: the pointer check hits
		if n := testing.AllocsPerRun(20, func() { r.Draw(img, c, v, o) }); n != 0 {
			t.Errorf("view %+v: %v allocations per frame with portraits", v, n)
		}
	}
	if len(r.plist) != 2 {
		t.Errorf("%d portraits decoded, want 2", len(r.plist))
	}
	// A copy of the string with other storage hits the map, not a decode.
	e.Tokens[0].Image = string([]byte(pic))
	r.Draw(img, e, View{Scale: 40, OriginX: 20, OriginY: 20}, nil)
	if len(r.plist) != 2 {
		t.Errorf("%d portraits decoded after a copy of the string, want 2", len(r.plist))
	}
}

// TestPortraitsManyDistinct: a frame showing well over 64 distinct
// portraits (each decoded image is kept, up to maxPortraitBytes) decodes
// each once; the next frame decodes none, where a cache of 64 evicted
// every one before it was drawn again. Each token's image is a string of
// its own, as a file or database gives them, and is found by its storage
// without hashing after the first frame.
func TestPortraitsManyDistinct(t *testing.T) {
	e := &model.Encounter{Name: "Crowd", Ruleset: model.SF2E, Grid: model.NewGrid(20, 10)}
	var buf bytes.Buffer
	for i := range 200 {
		img := image.NewRGBA(image.Rect(0, 0, 24, 24))
		draw.Draw(img, img.Rect, &image.Uniform{color.RGBA{uint8(i), uint8(255 - i), 90, 255}}, image.Point{}, draw.Src)
		buf.Reset()
		png.Encode(&buf, img)
		url := "data:image/png;base64," + base64.StdEncoding.EncodeToString(buf.Bytes())
		e.Tokens = append(e.Tokens, model.Token{Name: fmt.Sprint("t", i), X: i % 20, Y: i / 20, Size: model.Medium, Side: "enemy",
			Image: url[:len(url)/2] + url[len(url)/2:]}) // a string of its own
	}
	out := image.NewRGBA(image.Rect(0, 0, 20*30, 10*30))
	r := NewRenderer()
	v := View{Scale: 30}
	r.Draw(out, e, v, nil)
	if len(r.plist) != 200 {
		t.Fatalf("%d portraits kept after a frame of 200, want 200", len(r.plist))
	}
	c := e.Clone()
	for i := range c.Tokens {
		c.Tokens[i].Image = c.Tokens[i].Image[:10] + c.Tokens[i].Image[10:] // other storage, same image
	}
	r.Draw(out, c, v, nil) // files the new strings
	if n := testing.AllocsPerRun(5, func() { r.Draw(out, c, v, nil) }); n != 0 {
		t.Errorf("%v allocations per frame of 200 distinct portraits: they are decoded again", n)
	}
}

// TestHPBars: the GM sees a thin HP bar on each token with HP (its length
// the share left); players never do, nor a printed standee.
func TestHPBars(t *testing.T) {
	e := testEncounter(model.SF2E)
	e.Tokens[0].HP = &model.HP{Current: 18, Max: 20}
	e.Tokens[1].HP = &model.HP{Current: 30, Max: 75}
	e.Tokens[2].HP = &model.HP{Current: 0, Max: 200}
	e.Tokens[5].HP = &model.HP{Current: 4, Max: 20}
	drawGolden(t, "hp", e, View{Scale: 40}, testOverlays(), 14*40, 9*40)
	drawGolden(t, "hp-small", e, View{Scale: 12}, nil, 14*12, 9*12)
	draw := func(e *model.Encounter, v View) []byte {
		img := image.NewRGBA(image.Rect(0, 0, 14*40, 9*40))
		NewRenderer().Draw(img, e, v, testOverlays())
		return img.Pix
	}
	plain := testEncounter(model.SF2E)
	if !bytes.Equal(draw(e, View{Scale: 40, Player: true}), draw(plain, View{Scale: 40, Player: true})) {
		t.Error("the player view shows HP")
	}
	if bytes.Equal(draw(e, View{Scale: 40}), draw(plain, View{Scale: 40})) {
		t.Error("the GM view shows no HP")
	}
	sheet := func(e *model.Encounter) int {
		p := &recorder{calls: map[string]int{}}
		NewRenderer().PaintToken(p, e, 0, 0, 0, 72)
		return p.calls["tokens rect"]
	}
	if a, b := sheet(e), sheet(plain); a != b {
		t.Errorf("a standee with HP paints %d rectangles, without %d: HP printed for players", a, b)
	}
}

// TestEdgesInFog: the player view draws the walls beside revealed squares
// and leaves out, even on a painted page, those wholly in fog.
func TestEdgesInFog(t *testing.T) {
	e := featureEncounter()
	e.Edges = featureEdges
	e.Revealed = make([]bool, len(e.Grid.Cells))
	for y := 0; y < e.Grid.H; y++ {
		for x := 0; x < 6; x++ {
			e.Revealed[y*e.Grid.W+x] = true // the room and the first column east of it
		}
	}
	drawGolden(t, "edges-fog", e, View{Scale: 40, Player: true}, nil, 11*40, 5*40)
	p := &recorder{calls: map[string]int{}}
	NewRenderer().Paint(p, 11*72, 5*72, e, View{Scale: 72, Player: true}, nil)
	all := &recorder{calls: map[string]int{}}
	NewRenderer().Paint(all, 11*72, 5*72, e, View{Scale: 72}, nil)
	if p.calls["edges line"] == 0 || p.calls["edges line"] >= all.calls["edges line"] {
		t.Errorf("player page paints %d edge lines, the GM's %d: want the walls beside revealed squares only", p.calls["edges line"], all.calls["edges line"])
	}
}

// allFeatures is the bench map with every new field in use: doors and
// shallow water, edges, fog and GM-only squares, elevation, portraits, HP,
// areas.
func allFeatures() (*model.Encounter, *Overlays) {
	e := benchEncounter()
	g := &e.Grid
	e.Revealed = make([]bool, len(g.Cells))
	e.GMOnly = make([]bool, len(g.Cells))
	for i := range g.Cells {
		x, y := i%g.W, i/g.W
		e.Revealed[i] = x < 50
		e.GMOnly[i] = (x+y)%17 == 0
		switch (x*7 + y*3) % 23 {
		case 0:
			g.Cells[i] = model.Door
		case 1:
			g.Cells[i] = model.Door | model.Open
		case 2:
			g.Cells[i] = model.ShallowWater
		}
	}
	for i := 0; i < 40; i++ {
		x, y := 20+(i*13)%60, 20+(i*7)%40
		e.Edges = append(e.Edges, model.Edge{Kind: model.EdgeKind(1 + i%4), X1: x, Y1: y, X2: x + 1 + i%3, Y2: y})
	}
	pic := testPortrait(64, 64, false)
	for i := range e.Tokens {
		e.Tokens[i].Elevation = (i % 3) * 10
		if i%2 == 0 {
			e.Tokens[i].Image = pic
		}
		e.Tokens[i].HP = &model.HP{Current: i, Max: 30}
	}
	e.Background = gridPicture(5+90*10, 5+100*10, 10, 5, true) // placed, short of the map's right side
	e.Placement = &model.BackgroundPlacement{X: 5, Y: 5, PxPerSquare: 10}
	o := testOverlays()
	o.Areas = []AreaShade{
		{Label: "burst", Player: true, Squares: areaSquares(g.W, map[int][2]int{30: {30, 34}, 31: {29, 35}, 32: {29, 35}, 33: {30, 34}})},
		{Label: "cone", Squares: areaSquares(g.W, map[int][2]int{40: {45, 52}, 41: {46, 51}})},
	}
	return e, o
}

// TestZeroAllocsAllFeatures: with every new field in use, a warm Renderer
// still draws a frame (GM and player, near and far) without allocating.
func TestZeroAllocsAllFeatures(t *testing.T) {
	e, o := allFeatures()
	img := image.NewRGBA(image.Rect(0, 0, 640, 400))
	r := NewRenderer()
	for _, v := range []View{{Scale: 40, OriginX: 20, OriginY: 20}, {Scale: 10.8}, {Scale: 40, OriginX: 40, OriginY: 25, Player: true}} {
		r.Draw(img, e, v, o)
		if n := testing.AllocsPerRun(20, func() { r.Draw(img, e, v, o) }); n != 0 {
			t.Errorf("view %+v: %v allocations per frame", v, n)
		}
	}
}

func BenchmarkRenderAllFeatures(b *testing.B) {
	e, o := allFeatures()
	for _, v := range []View{{Scale: 40, OriginX: 20, OriginY: 20}, {Scale: 40, OriginX: 20, OriginY: 20, Player: true}} {
		name := "gm"
		if v.Player {
			name = "player"
		}
		b.Run(name, func(b *testing.B) {
			img := image.NewRGBA(image.Rect(0, 0, 1920, 1080))
			r := NewRenderer()
			r.Draw(img, e, v, o)
			b.ReportAllocs()
			for b.Loop() {
				r.Draw(img, e, v, o)
			}
		})
	}
}

// TestTerrainOnlyImageHasNoGMMarks: the terrain-only image (the UVTT
// export's map, shown at a table) draws the walls and doors but neither the
// fog's dimming, nor GM-only corners, nor a secret door told from a wall.
func TestTerrainOnlyImageHasNoGMMarks(t *testing.T) {
	draw := func(e *model.Encounter) []byte {
		img := image.NewRGBA(image.Rect(0, 0, 11*30, 5*30))
		NewRenderer().Draw(img, e, View{Scale: 30, NoTokens: true, NoGrid: true}, nil)
		return img.Pix
	}
	marked := featureEncounter()
	marked.Edges = []model.Edge{{Kind: model.EdgeSecretDoor, X1: 7, Y1: 4, X2: 8, Y2: 4}}
	marked.Revealed = make([]bool, len(marked.Grid.Cells))
	marked.GMOnly = make([]bool, len(marked.Grid.Cells))
	marked.GMOnly[12] = true
	plain := featureEncounter()
	plain.Edges = []model.Edge{{Kind: model.EdgeWall, X1: 7, Y1: 4, X2: 8, Y2: 4}}
	if !bytes.Equal(draw(marked), draw(plain)) {
		t.Error("the terrain-only image carries GM marks")
	}
}

// gridPicture is a battle-map picture of w x h pixels with a dark grid line
// (2 px) every px pixels starting at offset off, light floor between, as
// a PNG or JPEG data URL.
func gridPicture(w, h, px, off int, jpg bool) string {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			c := color.RGBA{200, 190, 160, 255}
			if ((x-off)%px+px)%px < 2 || ((y-off)%px+px)%px < 2 {
				c = color.RGBA{30, 30, 30, 255}
			}
			img.SetRGBA(x, y, c)
		}
	}
	var buf bytes.Buffer
	if jpg {
		jpeg.Encode(&buf, img, &jpeg.Options{Quality: 95})
		return "data:image/jpeg;base64," + base64.StdEncoding.EncodeToString(buf.Bytes())
	}
	png.Encode(&buf, img)
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(buf.Bytes())
}

// TestPlacedBackground: a 70 px/square map picture whose grid starts 35 px
// in, placed with that offset, lines up exactly with the squares (its
// lines on the square boundaries, at 70 px a square and at other zooms);
// where it does not reach, open ground. A JPEG background decodes too.
func TestPlacedBackground(t *testing.T) {
	e := &model.Encounter{Name: "Placed", Ruleset: model.SF2E, Grid: model.NewGrid(6, 4)}
	e.Background = gridPicture(35+5*70+20, 35+4*70, 70, 35, false) // 5.3 squares wide: the last column is bare
	e.Placement = &model.BackgroundPlacement{X: 35, Y: 35, PxPerSquare: 70}
	img := drawGolden(t, "placed", e, View{Scale: 70, NoGrid: true}, nil, 6*70, 4*70)
	dark := func(img *image.RGBA, x, y int) bool { return img.RGBAAt(x, y).R < 100 }
	for k := 0; k < 5; k++ {
		if !dark(img, k*70, 100) || !dark(img, k*70+1, 100) || dark(img, k*70+2, 100) || dark(img, k*70+35, 100) {
			t.Fatalf("square boundary %d: the picture's grid line is not on it (x %d..%d)", k, k*70, k*70+1)
		}
		if k < 4 && (!dark(img, 100, k*70) || dark(img, 100, k*70+35)) {
			t.Fatalf("row boundary %d: the picture's grid line is not on it", k)
		}
	}
	if c := img.RGBAAt(5*70+50, 100); c != colOpen.std() {
		t.Errorf("beyond the picture: %v, want open ground", c)
	}
	half := image.NewRGBA(image.Rect(0, 0, 6*35, 4*35))
	NewRenderer().Draw(half, e, View{Scale: 35, NoGrid: true}, nil)
	for k := 1; k < 5; k++ {
		if !dark(half, k*35, 50) || dark(half, k*35+17, 50) {
			t.Errorf("at 35 px a square the picture's line %d is off the boundary", k)
		}
	}
	// The painted page gets the part of the picture over the map, placed.
	p := &bgRecorder{recorder: recorder{calls: map[string]int{}}}
	NewRenderer().Paint(p, 6*72, 4*72, e, View{Scale: 72}, nil)
	want := [4]float64{0, 0, (35 + 5*70 + 20 - 35) / 70.0 * 72, 4 * 72}
	if p.rect != want || p.size != image.Pt(5*70+20, 4*70) {
		t.Errorf("painted background %v of %v, want %v of 370x280", p.rect, p.size, want)
	}
	e.Background = gridPicture(140, 140, 70, 0, true)
	e.Placement = nil
	if DecodeBackground(e.Background) == nil {
		t.Error("a JPEG background does not decode")
	}
}

type bgRecorder struct {
	recorder
	rect [4]float64
	size image.Point
}

func (p *bgRecorder) Background(x0, y0, x1, y1 float64, img *image.RGBA) {
	p.rect, p.size = [4]float64{x0, y0, x1, y1}, img.Bounds().Size()
}
