package session

import (
	"bytes"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"strings"
	"testing"

	"encounterplanner/model"
)

func pngBytes(t *testing.T, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	img.Set(0, 0, color.RGBA{255, 0, 0, 255})
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestTokenArt(t *testing.T) {
	small := pngBytes(t, 64, 48)
	url, err := TokenArt(small)
	if err != nil || !strings.HasPrefix(url, "data:image/png;base64,") {
		t.Fatalf("small PNG: %v %.40s", err, url)
	}
	if w, h, _ := model.ImageSize(url); w != 64 || h != 48 {
		t.Errorf("small PNG stored at %dx%d", w, h)
	}
	for _, c := range []struct{ w, h, ww, wh int }{{1000, 500, 512, 256}, {1200, 1600, 384, 512}} {
		url, err := TokenArt(pngBytes(t, c.w, c.h))
		if err != nil {
			t.Fatalf("%dx%d: %v", c.w, c.h, err)
		}
		if w, h, _ := model.ImageSize(url); w != c.ww || h != c.wh {
			t.Errorf("%dx%d stored at %dx%d, want %dx%d", c.w, c.h, w, h, c.ww, c.wh)
		}
	}
	var jb bytes.Buffer
	if err := jpeg.Encode(&jb, image.NewGray(image.Rect(0, 0, 20, 20)), nil); err != nil {
		t.Fatal(err)
	}
	if url, err := TokenArt(jb.Bytes()); err != nil || !strings.HasPrefix(url, "data:image/jpeg;base64,") {
		t.Errorf("JPEG: %v %.30s", err, url)
	}
	for _, bad := range [][]byte{[]byte("GIF89a..."), []byte("\x89PNG\r\n\x1a\nbroken")} {
		if _, err := TokenArt(bad); err == nil || !strings.HasPrefix(err.Error(), "token image:") {
			t.Errorf("%q: %v", bad[:6], err)
		}
	}
}

// TestTokenArtRefusesADamagedBody: a small picture whose header reads but
// whose pixels are cut short (a download stopped half way) or overwritten
// was kept as it was, and the map drew the token's initials with no word
// why. It is refused when chosen, saying the file is damaged.
func TestTokenArtRefusesADamagedBody(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 64, 64))
	for i := range img.Pix {
		img.Pix[i] = uint8(i * 7)
	}
	var pb bytes.Buffer
	if err := png.Encode(&pb, img); err != nil {
		t.Fatal(err)
	}
	var jb bytes.Buffer
	if err := jpeg.Encode(&jb, img, nil); err != nil {
		t.Fatal(err)
	}
	overwritten := bytes.Clone(pb.Bytes())
	for i := 60; i < len(overwritten)-20; i++ {
		overwritten[i] = 0x55
	}
	for name, data := range map[string][]byte{
		"PNG cut short":   pb.Bytes()[:pb.Len()/2],
		"PNG overwritten": overwritten,
		"JPEG cut short":  jb.Bytes()[:jb.Len()/2],
	} {
		if _, err := model.ReadImageFileHeader(bytes.NewReader(data)); err != nil {
			t.Fatalf("%s: the header should still read: %v", name, err)
		}
		_, err := TokenArt(data)
		if err == nil || !strings.Contains(err.Error(), "damaged") {
			t.Errorf("%s: %v, want it refused as damaged", name, err)
		}
	}
}
