package mapimport

import (
	"bytes"
	"context"
	"errors"
	"io"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/ui/internal/posttest"
	"encounterplanner/ui/internal/testimages"
)

// slowReader hands out its bytes a few at a time once gate is closed.
type slowReader struct {
	r    io.Reader
	gate chan struct{}
}

func (s *slowReader) Read(b []byte) (int, error) {
	select {
	case <-s.gate:
	case <-time.After(2 * time.Second): // a read on the test goroutine would wait for ever
		return 0, errors.New("the read never got its go: it ran on the goroutine that was to give it")
	}
	return s.r.Read(b[:min(len(b), 4096)])
}

func (s *slowReader) Close() error { return nil }

// TestReadOffTheUIGoroutine: the image is read and its grid found on
// another goroutine while a progress dialog shows over the window; the
// result comes back through post, and the dialog goes. Cancel stops a
// read and says so with context.Canceled.
func TestReadOffTheUIGoroutine(t *testing.T) {
	test.NewTempApp(t)
	w := test.NewTempWindow(t, nil)
	w.Resize(fyne.NewSize(800, 600))
	p := posttest.New()
	gate := make(chan struct{})
	var got *Image
	var gotErr error
	done := false
	Read(w, p.Post, "cellar.png", &slowReader{r: bytes.NewReader(testimages.GridPNG(735, 525, 70, 35)), gate: gate}, func(img *Image, err error) { got, gotErr, done = img, err, true })
	if w.Canvas().Overlays().Top() == nil {
		t.Fatal("no progress dialog while the image is read")
	}
	close(gate) // the read goes on, off this goroutine
	p.Until(t, "the read", func() bool { return done })
	if gotErr != nil || got.Name != "cellar.png" || !got.Grid.OK || got.Grid.PxPerSquare != 70 {
		t.Fatalf("read %+v, %v", got, gotErr)
	}
	if w.Canvas().Overlays().Top() != nil {
		t.Error("the progress dialog stayed after the read")
	}

	done = false
	gate = make(chan struct{})
	Read(w, p.Post, "big.png", &slowReader{r: bytes.NewReader(testimages.GridPNG(735, 525, 70, 35)), gate: gate}, func(img *Image, err error) { gotErr, done = err, true })
	test.Tap(findButton(t, w.Canvas().Overlays().Top(), "Cancel"))
	close(gate)
	p.Until(t, "the read", func() bool { return done })
	if !errors.Is(gotErr, context.Canceled) {
		t.Errorf("a cancelled read: %v, want context.Canceled", gotErr)
	}
	if w.Canvas().Overlays().Top() != nil {
		t.Error("Cancel left the progress dialog up")
	}
}

// findButton finds the button labelled text under o.
func findButton(t *testing.T, o fyne.CanvasObject, text string) *widget.Button {
	switch v := o.(type) {
	case *widget.Button:
		if v.Text == text {
			return v
		}
	case *fyne.Container:
		for _, c := range v.Objects {
			if b := findButton(t, c, text); b != nil {
				return b
			}
		}
	case fyne.Widget:
		for _, c := range test.TempWidgetRenderer(t, v).Objects() {
			if b := findButton(t, c, text); b != nil {
				return b
			}
		}
	}
	return nil
}
