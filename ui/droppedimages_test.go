package ui

import (
	"strings"
	"testing"

	"encounterplanner/model"
)

// TestOpenSaysWhichImagesWereLeftOut: an encounter whose stored image no
// longer passes today's limits opens without it (storage's Load names it
// in Dropped); the GM is told which, and how to keep a copy before the
// next save stores the encounter without it.
func TestOpenSaysWhichImagesWereLeftOut(t *testing.T) {
	e := model.Sample()
	e.Dropped = []string{"map.background: is a 16-bit PNG of 8192x8192 pixels, which takes 768 MiB to decode; the image is left out"}
	s, w, _, _ := startShell(t, e, Options{})
	if err := s.Open(e.ID); err != nil {
		t.Fatal(err)
	}
	top := w.Canvas().Overlays().Top()
	if top == nil {
		t.Fatal("no dialog")
	}
	txt := strings.ToLower(allText(top))
	for _, want := range []string{"left out", "map.background", "16-bit png", "backup"} {
		if !strings.Contains(txt, want) {
			t.Errorf("the dialog does not say %q: %q", want, txt)
		}
	}
}
