package ui

import (
	"bytes"
	"encoding/base64"
	"image"
	"image/png"
	"testing"

	"encounterplanner/model"
)

// bigMapImage is a data URL of a w x h PNG of noise, which takes a while
// to decode, as an imported battle map does.
func bigMapImage(t *testing.T, w, h int) string {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	x := uint32(2463534242)
	for i := range img.Pix {
		x ^= x << 13
		x ^= x >> 17
		x ^= x << 5
		img.Pix[i] = uint8(x)
		if i%4 == 3 {
			img.Pix[i] = 255
		}
	}
	var b bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(b.Bytes())
}

// TestLoadingMapImageIsSaid: a big map image is decoded away from the
// window, the map drawn without it meanwhile, so an imported battle map
// first showed as a bare grid for a second or more with nothing to say its
// picture was coming. The status bar says the map image is loading while
// it is decoded, and clears that once it is drawn.
func TestLoadingMapImageIsSaid(t *testing.T) {
	e := model.Sample()
	e.Background = bigMapImage(t, 4000, 4000)
	ed, _, p := newTestEditor(t, e)
	ed.win.Canvas().Capture() // the first frame: it starts the decoding
	if !ed.view.DecodingImage() {
		t.Skip("the image was decoded within the first frame: nothing to say")
	}
	p.until(t, "the status bar to say the image is loading", func() bool {
		return ed.status.msgLabel.Text == loadingImageMessage || !ed.view.DecodingImage()
	})
	if ed.status.msgLabel.Text != loadingImageMessage {
		t.Fatalf("while the image was decoded the status bar said %q, want %q", ed.status.msgLabel.Text, loadingImageMessage)
	}
	p.until(t, "the image to be decoded, drawn and the words cleared", func() bool {
		ed.win.Canvas().Capture() // the window draws its frames
		return !ed.view.DecodingImage() && ed.status.msgLabel.Text == ""
	})
}

// TestImageArrivingKeepsANewerMessage: a message the GM's work put up
// while the image decoded stays when the image arrives; only the loading
// words are cleared.
func TestImageArrivingKeepsANewerMessage(t *testing.T) {
	e := model.Sample()
	e.Background = bigMapImage(t, 64, 64)
	ed, _, p := newTestEditor(t, e)
	loading := ed.view.OnImageLoading
	loading(true)
	p.drain()
	if got := ed.status.msgLabel.Text; got != loadingImageMessage {
		t.Fatalf("while the image decodes the status bar says %q, want %q", got, loadingImageMessage)
	}
	ed.message("Dae moved")
	loading(false)
	if got := ed.status.msgLabel.Text; got != "Dae moved" {
		t.Fatalf("once the image is drawn the status bar says %q, want the GM's message", got)
	}
}

// TestANewMapImageSaysItLoads: the words come with any map image the view
// meets, not only the one the editor opened on: a big image imported into
// an open encounter is decoded aside as well.
func TestANewMapImageSaysItLoads(t *testing.T) {
	ed, _, p := newTestEditor(t, model.Sample())
	ed.win.Canvas().Capture()
	settle(t, ed, p)
	c := ed.enc.Clone()
	c.Background = bigMapImage(t, 4000, 4000)
	ed.enc = c
	ed.changed()
	ed.win.Canvas().Capture() // the frame that starts the decoding
	if !ed.view.DecodingImage() {
		t.Skip("the image was decoded within the first frame: nothing to say")
	}
	p.until(t, "the status bar to say the image is loading", func() bool {
		return ed.status.msgLabel.Text == loadingImageMessage
	})
	p.until(t, "the image to be decoded, drawn and the words cleared", func() bool {
		ed.win.Canvas().Capture()
		return !ed.view.DecodingImage() && ed.status.msgLabel.Text == ""
	})
}

// TestNoLoadingWordsWithoutAMapImage: a map without an image says nothing
// about loading one.
func TestNoLoadingWordsWithoutAMapImage(t *testing.T) {
	ed, _, p := newTestEditor(t, model.Sample())
	ed.win.Canvas().Capture()
	settle(t, ed, p)
	if got := ed.status.msgLabel.Text; got != "" {
		t.Errorf("the status bar says %q", got)
	}
}
