package ui

import (
	"bytes"
	"image"
	"image/png"
	"io"
	"strings"
	"testing"
	"time"

	"encounterplanner/model"
)

// gatedFile is a picture file whose reading blocks until open is closed:
// a file on a slow disk or share.
type gatedFile struct {
	open chan struct{}
	r    io.Reader
}

func (f *gatedFile) Read(p []byte) (int, error) { <-f.open; return f.r.Read(p) }
func (f *gatedFile) Close() error               { return nil }

// TestTokenArtReadOffTheUIGoroutine: a token's picture is read, decoded
// and scaled on another goroutine: readArt returns while the file cannot
// be read, the status bar saying so; the picture then lands on the token
// through post, even after the tokens before it were deleted. A file that
// is no picture shows the error dialog naming it; a token deleted
// meanwhile gets nothing.
func TestTokenArtReadOffTheUIGoroutine(t *testing.T) {
	e := openEncounter(t, 6, 6)
	e.Tokens = []model.Token{
		{ID: model.NewID(), Name: "Goblin", Side: "enemy", X: 3, Y: 3, Size: model.Medium},
		{ID: model.NewID(), Name: "Dae", Side: "party", X: 1, Y: 1, Size: model.Medium, Speeds: map[string]int{"land": 25}},
	}
	ed, _, p := newTestEditor(t, e)
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewRGBA(image.Rect(0, 0, 800, 800))); err != nil {
		t.Fatal(err)
	}
	f := &gatedFile{open: make(chan struct{}), r: &buf}
	t.Cleanup(func() {
		select {
		case <-f.open:
		default:
			close(f.open)
		}
	})
	var got []error
	done := func(err error) { got = append(got, err) }
	start := time.Now()
	ed.readArt(1, "dae.png", f, done)
	if took := time.Since(start); took > time.Second {
		t.Errorf("readArt held the UI goroutine %v while the file could not be read", took)
	}
	if msg := ed.status.msgLabel.Text; !strings.Contains(msg, "Reading dae.png for Dae") {
		t.Errorf("while reading, the status bar says %q", msg)
	}
	ed.Select(0)
	ed.DeleteToken()
	close(f.open)
	p.until(t, "the picture", func() bool { return len(got) == 1 })
	if got[0] != nil || ed.enc.Tokens[0].Name != "Dae" || ed.enc.Tokens[0].Image == "" {
		t.Fatalf("err %v; tokens %+v", got[0], ed.enc.Tokens)
	}

	ed.readArt(0, "notes.png", io.NopCloser(strings.NewReader("not a picture")), done)
	p.until(t, "the error", func() bool { return len(got) == 2 })
	if got[1] == nil || !strings.Contains(errorText(ed.win), "Could not use notes.png as the token's picture") {
		t.Errorf("a file that is no picture: err %v, dialog %q", got[1], errorText(ed.win))
	}
	ed.win.Canvas().Overlays().Top().Hide()

	buf.Reset()
	if err := png.Encode(&buf, image.NewRGBA(image.Rect(0, 0, 64, 64))); err != nil {
		t.Fatal(err)
	}
	before := ed.enc.Tokens[0].Image
	g := &gatedFile{open: make(chan struct{}), r: &buf}
	ed.readArt(0, "small.png", g, done)
	ed.Select(0)
	ed.DeleteToken()
	close(g.open)
	p.until(t, "the read", func() bool { return strings.Contains(ed.status.msgLabel.Text, "Dae is gone: small.png was not used") })
	if len(ed.enc.Tokens) != 0 || before == "" {
		t.Errorf("tokens %+v", ed.enc.Tokens)
	}
}
