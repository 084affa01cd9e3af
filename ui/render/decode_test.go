package render

import (
	"bytes"
	"encoding/base64"
	"image"
	"image/color"
	"image/draw"
	"image/jpeg"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"golang.org/x/image/webp"

	"encounterplanner/model"
	"encounterplanner/ui/internal/testimages"
)

// decodeKinds are images of every kind the decoders meet, 640 x 480 (a
// gradient, translucent where the kind allows), as data URLs by name: PNGs
// of each colour type made here, the JPEG and WebP kinds Go cannot write
// from testdata/decode (made with ImageMagick: interlaced PNG, progressive
// and CMYK JPEG, lossless, palette and lossy WebP, lossy with compressed
// transparency).
func decodeKinds(t testing.TB) map[string]string {
	const w, h = 640, 480
	nrgba := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			nrgba.SetNRGBA(x, y, color.NRGBA{uint8(x * 2 / 5), uint8(y * 8 / 15), uint8(x ^ y), uint8(64 + y/4)})
		}
	}
	opaque := image.NewRGBA(nrgba.Rect)
	draw.Draw(opaque, opaque.Rect, nrgba, image.Point{}, draw.Src)
	for i := 3; i < len(opaque.Pix); i += 4 {
		opaque.Pix[i] = 255
	}
	gray := image.NewGray(nrgba.Rect)
	draw.Draw(gray, gray.Rect, nrgba, image.Point{}, draw.Src)
	gray16 := image.NewGray16(nrgba.Rect)
	draw.Draw(gray16, gray16.Rect, nrgba, image.Point{}, draw.Src)
	pal := image.NewPaletted(nrgba.Rect, color.Palette{color.Black, color.White, color.NRGBA{200, 0, 0, 128}})
	draw.Draw(pal, pal.Rect, nrgba, image.Point{}, draw.Src)
	n64 := image.NewNRGBA64(nrgba.Rect)
	draw.Draw(n64, n64.Rect, nrgba, image.Point{}, draw.Src)
	url := func(kind string, b []byte) string {
		return "data:image/" + kind + ";base64," + base64.StdEncoding.EncodeToString(b)
	}
	pngOf := func(m image.Image) string {
		var buf bytes.Buffer
		if err := png.Encode(&buf, m); err != nil {
			t.Fatal(err)
		}
		return url("png", buf.Bytes())
	}
	jpegOf := func(m image.Image) string {
		var buf bytes.Buffer
		if err := jpeg.Encode(&buf, m, nil); err != nil {
			t.Fatal(err)
		}
		return url("jpeg", buf.Bytes())
	}
	out := map[string]string{
		"png-nrgba": pngOf(nrgba), "png-rgb": pngOf(opaque), "png-gray": pngOf(gray), "png-gray16": pngOf(gray16),
		"png-paletted": pngOf(pal), "png-nrgba64": pngOf(n64), "jpeg-420": jpegOf(opaque), "jpeg-gray": jpegOf(gray),
	}
	files, err := filepath.Glob("testdata/decode/*")
	if err != nil || len(files) < 10 {
		t.Fatalf("testdata/decode: %d files, %v", len(files), err)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		kind := strings.TrimPrefix(filepath.Ext(f), ".")
		if kind == "jpg" {
			kind = "jpeg"
		}
		out[kind+"-"+strings.TrimSuffix(filepath.Base(f), filepath.Ext(f))] = url(kind, b)
	}
	return out
}

// allocated is the memory f allocates, in bytes.
func allocated(f func()) int64 {
	var a, b runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&a)
	f()
	runtime.ReadMemStats(&b)
	return int64(b.TotalAlloc - a.TotalAlloc)
}

// TestDecodeBytesBoundsTheDecode: for every kind of image, what decoding
// it as a background or a portrait allocates stays within the DecodeBytes
// its header promises (model.ImageHeader), plus a fixed 192 KiB of decoder
// state (and the 1 MiB portrait kept), so that model.MaxBackgroundDecode bounds the real memory: a
// 0.7 MB 16-bit PNG of 8192 x 8192 pixels once took 768 MiB.
func TestDecodeBytesBoundsTheDecode(t *testing.T) {
	const slack = 192 << 10
	for name, url := range decodeKinds(t) {
		h, err := model.ReadImageHeader(url)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var bg, pt *image.RGBA
		bgAlloc := allocated(func() { bg = DecodeBackground(url) })
		ptAlloc := allocated(func() { pt = DecodePortrait(url) })
		t.Logf("%-22s %-38s DecodeBytes %5.2f MB, background allocates %5.2f MB, portrait %5.2f MB",
			name, h.Kind, float64(h.DecodeBytes)/1e6, float64(bgAlloc)/1e6, float64(ptAlloc)/1e6)
		if bg == nil || pt == nil || bg.Rect != image.Rect(0, 0, 640, 480) {
			t.Errorf("%s: did not decode (background %v, portrait %v)", name, bg != nil, pt != nil)
			continue
		}
		if bgAlloc > h.DecodeBytes+slack {
			t.Errorf("%s (%s): the background decode allocates %d bytes; its header promised %d", name, h.Kind, bgAlloc, h.DecodeBytes)
		}
		if ptAlloc > h.DecodeBytes+4*MaxPortraitSide*MaxPortraitSide+slack { // the kept portrait, 1 MiB
			t.Errorf("%s (%s): the portrait decode allocates %d bytes; its header promised %d", name, h.Kind, ptAlloc, h.DecodeBytes)
		}
	}
}

// TestDecodeInPlaceSameAsCopy: a background or portrait turned into RGBA
// in place (8-bit RGB and RGBA, CMYK) has exactly the pixels drawing the
// decoded image into a new RGBA image gives, as before; so have the other
// kinds.
func TestDecodeInPlaceSameAsCopy(t *testing.T) {
	decoders := map[string]func(io.Reader) (image.Image, error){"png": png.Decode, "jpeg": jpeg.Decode, "webp": webp.Decode}
	for name, url := range decodeKinds(t) {
		kind, b64, _ := strings.Cut(strings.TrimPrefix(url, "data:image/"), ";base64,")
		img, err := decoders[kind](base64.NewDecoder(base64.StdEncoding, strings.NewReader(b64)))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		b := img.Bounds()
		want := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
		draw.Draw(want, want.Rect, &image.Uniform{colOpen.std()}, image.Point{}, draw.Src)
		draw.Draw(want, want.Rect, img, b.Min, draw.Over)
		if got := DecodeBackground(url); got == nil || !bytes.Equal(got.Pix, want.Pix) || got.Rect != want.Rect {
			t.Errorf("%s (%T): the background differs from the decoded image drawn over open ground", name, img)
		}
		// The portrait as it was made: the middle square drawn into a new
		// image, then scaled down.
		side := min(b.Dx(), b.Dy())
		sq := image.NewRGBA(image.Rect(0, 0, side, side))
		draw.Draw(sq, sq.Rect, img, image.Pt(b.Min.X+(b.Dx()-side)/2, b.Min.Y+(b.Dy()-side)/2), draw.Src)
		wantP := sq
		if side > MaxPortraitSide {
			wantP = image.NewRGBA(image.Rect(0, 0, MaxPortraitSide, MaxPortraitSide))
			boxScale(sq, wantP.Pix, MaxPortraitSide, nil)
		}
		if got := DecodePortrait(url); got == nil || !bytes.Equal(got.Pix, wantP.Pix) || got.Rect != wantP.Rect {
			t.Errorf("%s (%T): the portrait differs from the one drawn from a copy", name, img)
		}
	}
	// A portrait over MaxPortraitSide is scaled down from its middle square.
	big := testPortrait(1200, 700, false)
	img, _ := png.Decode(base64.NewDecoder(base64.StdEncoding, strings.NewReader(strings.TrimPrefix(big, "data:image/png;base64,"))))
	sq := image.NewRGBA(image.Rect(0, 0, 700, 700))
	draw.Draw(sq, sq.Rect, img, image.Pt(250, 0), draw.Src)
	want := image.NewRGBA(image.Rect(0, 0, MaxPortraitSide, MaxPortraitSide))
	boxScale(sq, want.Pix, MaxPortraitSide, nil)
	if got := DecodePortrait(big); got == nil || !bytes.Equal(got.Pix, want.Pix) || got.Rect != want.Rect {
		t.Errorf("a 1200 x 700 portrait differs from its middle square scaled down")
	}
}

// TestDecodeRefusesCostlyHeaders: an image whose header promises more than
// the limits (too many pixels, or too much memory to decode: a 16-bit PNG
// of 8192 x 8192, 768 MiB) draws no background and allocates nothing for
// its pixels; a portrait over model.MaxImageSide draws none.
func TestDecodeRefusesCostlyHeaders(t *testing.T) {
	for _, c := range []struct {
		name  string
		w, h  int
		depth byte
		bg    bool // decodes as a background
	}{
		{"16-bit 8192x8192", 8192, 8192, 16, false},
		{"8-bit 9000x9000", 9000, 9000, 8, false},
	} {
		url := pngHeaderURL(c.w, c.h, c.depth)
		if n := allocated(func() {
			if DecodeBackground(url) != nil {
				t.Errorf("%s: decoded as a background", c.name)
			}
		}); n > 1<<20 {
			t.Errorf("%s: %d bytes allocated to refuse it", c.name, n)
		}
	}
	if DecodePortrait(pngHeaderURL(2049, 16, 8)) != nil {
		t.Error("a 2049 pixel wide portrait decoded")
	}
}

// pngHeaderURL is testimages.PNGHead as a data URL.
func pngHeaderURL(w, h int, depth byte) string {
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(testimages.PNGHead(w, h, depth))
}
