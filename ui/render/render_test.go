package render

import (
	"bytes"
	"flag"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"encounterplanner/model"
	"encounterplanner/rules"
)

var update = flag.Bool("update", false, "write the golden images in testdata/")

// testMap has every terrain kind and a few combinations.
var testRows = []string{
	"..............",
	".####.....oo..",
	".#..#..dd.oo..",
	".#.....DD.....",
	".####..hh.~~~.",
	"........nn~~~.",
	"..uu..xy......",
	"..uu..zw......",
	"..............",
}

func testEncounter(rs model.Ruleset) *model.Encounter {
	legend := map[rune]model.Terrain{
		'x': model.Difficult | model.Hazardous,
		'y': model.Water | model.Uneven,
		'z': model.Obstacle | model.Narrow,
		'w': model.Wall | model.Hazardous,
	}
	g := model.NewGrid(len(testRows[0]), len(testRows))
	for y, row := range testRows {
		for x, c := range row {
			t, ok := legend[c] // the test's own keys first: 'w' is shallow water by default now
			if !ok {
				t = model.DefaultLegend[c]
			}
			g.Set(x, y, t)
		}
	}
	e := &model.Encounter{Name: "Golden", Ruleset: rs, Grid: g}
	e.Tokens = []model.Token{
		{Name: "Iseph", X: 2, Y: 2, Size: model.Medium, Side: "party"},
		{Name: "Tashtari", X: 5, Y: 2, Size: model.Large, Side: "enemy"},
		{Name: "Ancient Dragon", X: 10, Y: 5, Size: model.Huge, Side: "enemy", Conditions: []string{model.CondUnconscious}},
		{Name: "Dae", X: 8, Y: 0, Size: model.Medium, Side: "party"},
		{Name: "Lurker", X: 12, Y: 1, Size: model.Small, Side: "enemy", Hidden: true},
		{Name: "Merchant", X: 0, Y: 7, Size: model.Medium, Side: "neutral", Conditions: []string{"frightened"}},
		{Name: "Ghost Drone", X: 4, Y: 7, Size: model.Small, Side: "aeon"},
	}
	e.Notes = []model.Note{{X: 13, Y: 8, Text: "trap", Player: false}, {X: 0, Y: 0, Text: "door", Player: true}}
	return e
}

func testOverlays() *Overlays {
	o := NewOverlays()
	o.Selected = 0
	o.PathFrom = 0
	o.Units = "ft"
	for y := 0; y < 6; y++ {
		for x := 0; x < 6; x++ {
			d := abs(x-2) + abs(y-2)
			if d == 0 || d > 4 {
				continue
			}
			o.Reach = append(o.Reach, rules.Square{X: x, Y: y, Actions: (d + 1) / 2, Cost: d * 5})
		}
	}
	o.Path = &rules.Path{Reachable: true, Cost: 20, Actions: 1, Steps: []rules.Step{
		{X: 2, Y: 3, Turn: rules.NoTurn, Cost: 5, Total: 5},
		{X: 3, Y: 4, Turn: rules.NoTurn, Cost: 5, Total: 10},
		{X: 4, Y: 5, Turn: rules.NoTurn, Cost: 10, Total: 20, Flags: rules.FlagHazardous | rules.FlagReaction},
	}}
	o.Cover = []CoverLine{{From: 0, To: 1, Cover: rules.CoverLesser}, {From: 0, To: 2, Cover: rules.CoverStandard},
		{From: 0, To: 3, Cover: rules.CoverNone}, {From: 0, To: 5, Cover: rules.CoverBlocked}, {From: 0, To: 4, Cover: rules.CoverGreater}}
	o.Flanks = []rules.Flank{{Target: 1, By: [2]int{0, 3}}}
	o.Threat = []rules.Point{{X: 4, Y: 1}, {X: 5, Y: 1}, {X: 6, Y: 1}, {X: 7, Y: 1}, {X: 7, Y: 2}, {X: 7, Y: 3}}
	o.FlankSpots = []rules.Point{{X: 7, Y: 4}}
	o.Hover = &rules.Point{X: 12, Y: 3}
	o.Warn = []int{6}
	o.Ghost = &Ghost{Token: 3, X: 12, Y: 8, OK: false}
	return o
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func golden(t *testing.T, name string, img *image.RGBA) {
	t.Helper()
	path := filepath.Join("testdata", name+".png")
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("no master %s (run go test -update): %v", path, err)
	}
	defer f.Close()
	want, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if !sameImage(want, img) {
		os.MkdirAll(filepath.Join("testdata", "failed"), 0o755)
		out := filepath.Join("testdata", "failed", name+".png")
		os.WriteFile(out, buf.Bytes(), 0o644)
		t.Errorf("%s differs from its master; got %s", path, out)
	}
}

func sameImage(a image.Image, b *image.RGBA) bool {
	if a.Bounds() != b.Bounds() {
		return false
	}
	for y := b.Rect.Min.Y; y < b.Rect.Max.Y; y++ {
		for x := b.Rect.Min.X; x < b.Rect.Max.X; x++ {
			r1, g1, b1, a1 := a.At(x, y).RGBA()
			r2, g2, b2, a2 := b.At(x, y).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 || a1 != a2 {
				return false
			}
		}
	}
	return true
}

func TestGolden(t *testing.T) {
	cases := []struct {
		name string
		rs   model.Ruleset
		v    View
		o    *Overlays
		w, h int
	}{
		{"map", model.SF2E, View{Scale: 40}, nil, 14 * 40, 9 * 40},
		{"overlays", model.SF2E, View{Scale: 40}, testOverlays(), 14 * 40, 9 * 40},
		{"player", model.SF2E, View{Scale: 40, Player: true}, testOverlays(), 14 * 40, 9 * 40},
		{"small", model.SF2E, View{Scale: 8.5, OriginX: -1, OriginY: -0.5}, testOverlays(), 140, 100},
		{"zoom", model.SF2E, View{Scale: 150, OriginX: 1.5, OriginY: 1.25}, testOverlays(), 600, 450},
		{"terrain", model.SF2E, View{Scale: 70, NoTokens: true, NoGrid: true}, nil, 14 * 70, 9 * 70},
		{"starship", model.Starship, View{Scale: 40}, starshipOverlays(), 14 * 40, 9 * 40},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			img := image.NewRGBA(image.Rect(0, 0, c.w, c.h))
			NewRenderer().Draw(img, testEncounter(c.rs), c.v, c.o)
			if dir := os.Getenv("RENDER_OUT"); dir != "" {
				var buf bytes.Buffer
				png.Encode(&buf, img)
				os.WriteFile(filepath.Join(dir, "render-"+c.name+".png"), buf.Bytes(), 0o644)
			}
			golden(t, c.name, img)
		})
	}
}

func starshipOverlays() *Overlays {
	o := NewOverlays()
	o.Selected = 0
	o.PathFrom = 0
	o.Units = "ft"
	o.Reach = []rules.Square{{X: 2, Y: 1, Actions: 1, Facings: 0b00000111}, {X: 3, Y: 1, Actions: 1, Facings: 0b10000001}, {X: 2, Y: 0, Actions: 1, Facings: 1}}
	o.Path = &rules.Path{Reachable: true, Steps: []rules.Step{
		{X: 2, Y: 2, Turn: int(model.NE), Cost: 0, Total: 0},
		{X: 3, Y: 1, Turn: rules.NoTurn, Cost: 50, Total: 50},
	}}
	return o
}

// TestPlayerHidesHidden checks that the player layer draws nothing of a
// hidden token while the GM view shows it faded.
func TestPlayerHidesHidden(t *testing.T) {
	e := testEncounter(model.SF2E)
	e.Tokens = []model.Token{{Name: "Lurker", X: 1, Y: 1, Size: model.Medium, Side: "enemy", Hidden: true}}
	e.Notes = nil
	draw := func(v View, e *model.Encounter) *image.RGBA {
		img := image.NewRGBA(image.Rect(0, 0, 14*20, 9*20))
		NewRenderer().Draw(img, e, v, nil)
		return img
	}
	bare := e.Clone()
	bare.Tokens = nil
	player := draw(View{Scale: 20, Player: true}, e)
	empty := draw(View{Scale: 20, Player: true}, bare)
	if !bytes.Equal(player.Pix, empty.Pix) {
		t.Error("the player layer shows a hidden token")
	}
	gm := draw(View{Scale: 20}, e)
	if bytes.Equal(gm.Pix, empty.Pix) {
		t.Error("the GM layer does not show the hidden token")
	}
}

// TestWritesEveryPixel draws over garbage and checks nothing is left.
func TestWritesEveryPixel(t *testing.T) {
	for _, v := range []View{{Scale: 40}, {Scale: 13.7, OriginX: -3.3, OriginY: 2.1}, {Scale: 0}, {Scale: 300, OriginX: 50}} {
		img := image.NewRGBA(image.Rect(0, 0, 301, 203))
		for i := range img.Pix {
			img.Pix[i] = 0
		}
		NewRenderer().Draw(img, testEncounter(model.SF2E), v, testOverlays())
		for i := 3; i < len(img.Pix); i += 4 {
			if img.Pix[i] != 255 {
				t.Fatalf("view %+v: pixel %d not written (alpha %d)", v, i/4, img.Pix[i])
			}
		}
	}
}

// TestBackground draws a background image under translucent terrain.
func TestBackground(t *testing.T) {
	e := testEncounter(model.SF2E)
	bg := image.NewRGBA(image.Rect(0, 0, 28, 18))
	for y := 0; y < 18; y++ {
		for x := 0; x < 28; x++ {
			bg.Pix[(y*28+x)*4+0] = uint8(x * 9)
			bg.Pix[(y*28+x)*4+1] = uint8(120 + y*6)
			bg.Pix[(y*28+x)*4+2] = 60
			bg.Pix[(y*28+x)*4+3] = 255
		}
	}
	e.Background = PNGDataURL(bg)
	img := image.NewRGBA(image.Rect(0, 0, 14*30, 9*30))
	r := NewRenderer()
	r.Draw(img, e, View{Scale: 30}, nil)
	if r.bg == nil {
		t.Fatal("background not decoded")
	}
	if dir := os.Getenv("RENDER_OUT"); dir != "" {
		var buf bytes.Buffer
		png.Encode(&buf, img)
		os.WriteFile(filepath.Join(dir, "render-background.png"), buf.Bytes(), 0o644)
	}
	golden(t, "background", img)
}

func BenchmarkRender(b *testing.B) {
	e := benchEncounter()
	o := NewOverlays()
	o.Selected, o.PathFrom, o.Units = 0, 0, "ft"
	t0 := e.Tokens[0]
	for y := t0.Y - 12; y <= t0.Y+12; y++ {
		for x := t0.X - 12; x <= t0.X+12; x++ {
			d := max(abs(x-t0.X), abs(y-t0.Y))
			if d == 0 || !e.Grid.In(x, y) {
				continue
			}
			o.Reach = append(o.Reach, rules.Square{X: x, Y: y, Actions: min((d+3)/4, 3), Cost: d * 5})
		}
	}
	o.Path = &rules.Path{Reachable: true}
	for i := 1; i <= 8; i++ {
		o.Path.Steps = append(o.Path.Steps, rules.Step{X: t0.X + i, Y: t0.Y + i/2, Turn: rules.NoTurn, Cost: 5, Total: 5 * i, Flags: rules.Flag(i % 3)})
	}
	for i := 1; i < 12; i++ {
		o.Cover = append(o.Cover, CoverLine{From: 0, To: i, Cover: rules.Cover(i % 5)})
	}
	for _, sz := range []struct {
		name  string
		w, h  int
		scale float64
	}{{"1920x1080", 1920, 1080, 40}, {"1920x1080-zoomedout", 1920, 1080, 10.8}} {
		b.Run(sz.name, func(b *testing.B) {
			img := image.NewRGBA(image.Rect(0, 0, sz.w, sz.h))
			r := NewRenderer()
			v := View{Scale: sz.scale, OriginX: 20, OriginY: 20}
			if sz.scale < 20 {
				v.OriginX, v.OriginY = -2, 0
			}
			r.Draw(img, e, v, o)
			b.ReportAllocs()
			for b.Loop() {
				r.Draw(img, e, v, o)
			}
		})
	}
}

func benchEncounter() *model.Encounter {
	g := model.NewGrid(100, 100)
	seed := uint32(1)
	for i := range g.Cells {
		seed = seed*1664525 + 1013904223
		switch seed >> 28 {
		case 0:
			g.Cells[i] = model.Wall
		case 1:
			g.Cells[i] = model.Difficult
		case 2:
			g.Cells[i] = model.Hazardous | model.Difficult
		case 3:
			g.Cells[i] = model.Water
		case 4:
			g.Cells[i] = model.Obstacle
		}
	}
	e := &model.Encounter{Name: "Bench", Ruleset: model.SF2E, Grid: g}
	sides := []string{"party", "enemy", "neutral", "aeon"}
	for i := 0; i < 30; i++ {
		e.Tokens = append(e.Tokens, model.Token{Name: "Token " + string(rune('A'+i%26)) + " the Bold", X: 25 + (i*7)%40, Y: 25 + (i*5)%20,
			Size: model.Size(3 + i%4), Side: sides[i%4], Hidden: i%9 == 4})
	}
	return e
}

// TestZeroAllocs checks that a warm Renderer draws without allocating.
func TestZeroAllocs(t *testing.T) {
	e := benchEncounter()
	o := testOverlays()
	img := image.NewRGBA(image.Rect(0, 0, 640, 400))
	r := NewRenderer()
	for _, v := range []View{{Scale: 40, OriginX: 20, OriginY: 20}, {Scale: 10.8}} {
		r.Draw(img, e, v, o)
		if n := testing.AllocsPerRun(20, func() { r.Draw(img, e, v, o) }); n != 0 {
			t.Errorf("view %+v: %v allocations per frame", v, n)
		}
	}
}

func TestSquareAt(t *testing.T) {
	for _, v := range []View{{Scale: 40}, {Scale: 13.7, OriginX: -3.3, OriginY: 2.1}, {Scale: 8.25, OriginX: 7.5}} {
		f := &frame{v: v}
		for i := -2; i < 30; i++ {
			for px := f.bx(i); px < f.bx(i+1); px++ {
				if x, _ := v.SquareAt(px, 0); x != i {
					t.Fatalf("view %+v: pixel %d is in square %d, SquareAt says %d", v, px, i, x)
				}
			}
			for py := f.by(i); py < f.by(i+1); py++ {
				if _, y := v.SquareAt(0, py); y != i {
					t.Fatalf("view %+v: pixel row %d is in square %d, SquareAt says %d", v, py, i, y)
				}
			}
		}
	}
}

// ownBackground is testEncounter with a w x h opaque background of its
// own (step makes its pixels), so that no other test shares its decoded
// image (bgshare.go).
func ownBackground(w, h, step int) *model.Encounter {
	e := testEncounter(model.SF2E)
	bg := image.NewRGBA(image.Rect(0, 0, w, h))
	for i := range bg.Pix {
		bg.Pix[i] = uint8(i * step)
		if i%4 == 3 {
			bg.Pix[i] = 255
		}
	}
	e.Background = PNGDataURL(bg)
	return e
}

// TestBackgroundDecodedAside: a Renderer told to DecodeAside draws the
// first frame without the background, at once, decodes it on a goroutine
// of its own and says so through ready; the next frame has it, drawn anew
// although nothing else changed (the kept base's key holds the decoded
// image), and the same image as a Renderer that decoded it in Draw.
func TestBackgroundDecodedAside(t *testing.T) {
	e := ownBackground(28, 18, 7)
	v := View{Scale: 30}
	plain := image.NewRGBA(image.Rect(0, 0, 14*30, 9*30))
	noBG := *e
	noBG.Background = ""
	NewRenderer().Draw(plain, &noBG, v, nil)

	ready := make(chan struct{}, 1)
	r := NewRenderer()
	r.KeepBase()
	r.DecodeAside(func() { ready <- struct{}{} })
	img := image.NewRGBA(plain.Rect)
	r.Draw(img, e, v, nil)
	if r.bg != nil || !bytes.Equal(img.Pix, plain.Pix) {
		t.Fatal("the first frame waited for the background, or drew something other than the map without it")
	}
	select {
	case <-ready:
	case <-time.After(10 * time.Second):
		t.Fatal("ready was not called")
	}
	// decoded in Draw, from a copy of the string (not shared)
	want := image.NewRGBA(plain.Rect)
	fresh := *e
	fresh.Background = strings.Clone(e.Background)
	NewRenderer().Draw(want, &fresh, v, nil)
	runs := r.baseRun
	r.Draw(img, e, v, nil)
	if r.bg == nil || r.baseRun != runs+1 || !bytes.Equal(img.Pix, want.Pix) {
		t.Fatalf("the frame after ready: background %v, bases drawn %d (want %d), same as decoded in Draw %v",
			r.bg != nil, r.baseRun, runs+1, bytes.Equal(img.Pix, want.Pix))
	}
	r.Draw(img, e, v, nil)
	if r.baseRun != runs+1 {
		t.Fatal("the frame after that drew its base again")
	}
}

// TestBackgroundDecodedOnce: Renderers drawing the same background share
// its decoded image (bgshare.go): a second one decoding aside waits for
// the first one's decode and is told when it is done, one decoding in Draw
// waits for it too, and a later one takes the image as it is; all three
// draw the one image, decoded once.
func TestBackgroundDecodedOnce(t *testing.T) {
	e := ownBackground(300, 200, 13)
	v := View{Scale: 30}
	img := image.NewRGBA(image.Rect(0, 0, 14*30, 9*30))
	before := decodes.Load()
	readyA, readyB := make(chan struct{}, 1), make(chan struct{}, 1)
	a, b := NewRenderer(), NewRenderer()
	a.DecodeAside(func() { readyA <- struct{}{} })
	b.DecodeAside(func() { readyB <- struct{}{} })
	a.Draw(img, e, v, nil)
	b.Draw(img, e, v, nil)
	bWaits := b.bg == nil // else a's decode was done before b asked
	c := NewRenderer()
	c.Draw(img, e, v, nil) // waits for a's decode
	told := func(ready chan struct{}, who string) {
		t.Helper()
		select {
		case <-ready:
		case <-time.After(10 * time.Second):
			t.Fatalf("%s, waiting for the shared decode, was not told", who)
		}
	}
	told(readyA, "the first Renderer")
	if bWaits {
		told(readyB, "the second Renderer")
	}
	a.Draw(img, e, v, nil)
	b.Draw(img, e, v, nil)
	d := NewRenderer()
	d.Draw(img, e, v, nil)
	if a.bg == nil || b.bg != a.bg || c.bg != a.bg || d.bg != a.bg {
		t.Fatalf("the four Renderers draw %p %p %p %p, want one image", a.bg, b.bg, c.bg, d.bg)
	}
	if n := decodes.Load() - before; n != 1 {
		t.Fatalf("decoded %d times, want once", n)
	}
}

// TestReleaseLetsTheImageGo: a Renderer's Release drops its decoded
// background, and once no Renderer holds it the shared table lets it go
// (the image is collected and its entry removed): switching between
// encounters with big map images kept every old one while the toolkit
// kept the old map views.
func TestReleaseLetsTheImageGo(t *testing.T) {
	e := ownBackground(280, 180, 29)
	img := image.NewRGBA(image.Rect(0, 0, 14*30, 9*30))
	r := NewRenderer()
	r.KeepBase()
	r.Draw(img, e, View{Scale: 30}, nil)
	held := func() bool {
		shared.mu.Lock()
		defer shared.mu.Unlock()
		for _, s := range shared.m {
			if s.s == e.Background {
				return true
			}
		}
		return false
	}
	if r.bg == nil || !held() {
		t.Fatal("the background was not decoded and shared")
	}
	r.Release()
	for deadline := time.Now().Add(5 * time.Second); held() && time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		runtime.GC()
	}
	if held() {
		t.Fatal("the released background is still in the shared table")
	}
	r.Draw(img, e, View{Scale: 30}, nil)
	if r.bg == nil {
		t.Fatal("a released Renderer no longer draws the background")
	}
}
