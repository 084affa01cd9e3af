package export

import (
	"bytes"
	"encoding/base64"
	"errors"
	"image"
	"image/color"
	"image/jpeg"
	"strings"
	"testing"

	"encounterplanner/model"
	"encounterplanner/ui/internal/testimages"
)

// TestCheckImageBodiesFindsDamageBehindTheHeader: an encounter file whose
// background or token picture was cut short or damaged after its header
// imported (the reader reads headers only) and drew nothing. Every image is
// read to its end: the error names the field, wraps model.ErrInvalid and
// says what to do; whole images pass.
func TestCheckImageBodiesFindsDamageBehindTheHeader(t *testing.T) {
	png := testimages.MapPNG(40, 30)
	var jb bytes.Buffer
	img := image.NewRGBA(image.Rect(0, 0, 64, 64))
	img.Set(3, 3, color.RGBA{200, 10, 10, 255})
	if err := jpeg.Encode(&jb, img, nil); err != nil {
		t.Fatal(err)
	}
	jpg := jb.Bytes()
	url := func(format string, b []byte) string {
		return "data:image/" + format + ";base64," + base64.StdEncoding.EncodeToString(b)
	}
	cut := func(b []byte) []byte { return b[:len(b)*2/3] }
	flip := func(b []byte) []byte {
		c := bytes.Clone(b)
		c[len(c)/2] ^= 0xff
		return c
	}
	e := model.Sample()
	e.Background = url("png", png)
	e.Tokens[1].Image = url("jpeg", jpg)
	if err := CheckImageBodies(e); err != nil {
		t.Fatalf("whole images: %v", err)
	}
	for _, c := range []struct {
		what  string
		edit  func(e *model.Encounter)
		field string
	}{
		{"a cut PNG background", func(e *model.Encounter) { e.Background = url("png", cut(png)) }, "map.background: the PNG is damaged"},
		{"a damaged PNG background", func(e *model.Encounter) { e.Background = url("png", flip(png)) }, "map.background: the PNG is damaged"},
		{"a cut JPEG picture", func(e *model.Encounter) { e.Tokens[1].Image = url("jpeg", cut(jpg)) }, `tokens[1] "` + e.Tokens[1].Name + `".image: the JPEG is damaged`},
	} {
		d := e.Clone()
		c.edit(d)
		err := CheckImageBodies(d)
		if err == nil || !errors.Is(err, model.ErrInvalid) || !strings.Contains(err.Error(), c.field) || !strings.Contains(err.Error(), "export it again") {
			t.Errorf("%s: %v, want an invalid-input error naming %q", c.what, err, c.field)
		}
	}
}
