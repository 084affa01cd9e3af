package export

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"image"
	"image/color"
	"image/png"
	"io"
	"runtime"
	"strings"
	"testing"

	"encounterplanner/model"
	"encounterplanner/ui/internal/testimages"
)

// TestMapImageDecodeCost: a map image whose header says decoding it takes
// more than model.MaxBackgroundDecode (a 16-bit PNG of 8192 x 8192: 0.7
// MB as a file, 768 MiB to decode and copy) is refused from its header by
// the app's map import and the .dd2vtt import, naming the field "image",
// before its pixels are allocated; a 16-bit one of 1000 x 1000 is fine.
func TestMapImageDecodeCost(t *testing.T) {
	bomb := testimages.PNGHead(8192, 8192, 16)
	const want = "image: is a 16-bit PNG of 8192x8192 pixels, which takes 768 MiB to decode; at most 512 MiB are allowed"
	for _, c := range []struct {
		name string
		run  func() error
	}{
		{"ReadMapImage", func() error { _, err := ReadMapImage(context.Background(), bytes.NewReader(bomb), nil); return err }},
		{"ImportUVTT", func() error { _, _, err := ImportUVTT(strings.NewReader(uvttDoc(bomb)), "Bomb"); return err }},
	} {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		err := c.run()
		runtime.ReadMemStats(&after)
		if err == nil || !errors.Is(err, model.ErrInvalid) || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want ErrInvalid saying %q", c.name, err, want)
		}
		if n := after.TotalAlloc - before.TotalAlloc; n > 8<<20 {
			t.Errorf("%s: %d MB allocated to refuse it", c.name, n>>20)
		}
	}
	img := image.NewNRGBA64(image.Rect(0, 0, 1000, 1000))
	img.Set(3, 3, color.White)
	if _, _, err := ImportUVTT(strings.NewReader(uvttDoc(encodePNG(t, img))), "Deep"); err != nil {
		t.Errorf("a 16-bit PNG of 1000 x 1000: %v", err)
	}
}

// TestPDFBackgroundStreamed: the PDF writes the background's RGB rows
// through the compressor into the file, so the export holds the decoded
// background once, not again as RGB and again compressed (an 8192 x 8192
// JPEG map took 1.1 GB, 421 MB now).
func TestPDFBackgroundStreamed(t *testing.T) {
	const side = 1500
	img := image.NewRGBA(image.Rect(0, 0, side, side))
	seed := uint32(7)
	for i := range img.Pix { // noise: compresses badly, as a painted map does
		seed = seed*1664525 + 1013904223
		img.Pix[i] = uint8(seed >> 24)
	}
	var buf bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.NoCompression}).Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	e := &model.Encounter{Name: "Noise", Ruleset: model.SF2E, FeetPerSquare: 5, Grid: model.NewGrid(10, 10),
		Background: "data:image/png;base64," + base64.StdEncoding.EncodeToString(buf.Bytes())}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	if err := PDF(io.Discard, e, PDFOptions{}); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	decoded := uint64(side * side * 4) // the background, decoded in place
	n := after.TotalAlloc - before.TotalAlloc
	t.Logf("a %d x %d noise background: %.1f MB allocated (%.1f MB decoded)", side, side, float64(n)/1e6, float64(decoded)/1e6)
	if n > decoded+4<<20 {
		t.Errorf("the PDF export allocates %d MB for a background of %d MB decoded", n>>20, decoded>>20)
	}
}
