package library

import (
	"strings"
	"testing"
)

// TestImportDialogFitsALongFileName: the dialog an import shows while it
// runs had the file's name in its title, which does not wrap: a map named
// as map makers name them (140 characters) stretched the dialog across the
// window and was cut at its edge. The name now sits under a short title,
// broken over lines as it needs, and every label fits the window.
func TestImportDialogFitsALongFileName(t *testing.T) {
	name := "the-sunken-temple-of-the-drowned-god-level-three-the-flooded-catacombs-beneath-the-cathedral-final-version-v7-with-secret-doors.dd2vtt"
	w, release, st, p := importWindow(t, map[string]string{name: offMapJSON})
	defer release()
	StartImport(w, st, slowURI(t, name), true, p.Post, func(string) {})
	top := w.Canvas().Overlays().Top()
	if top == nil {
		t.Fatal("no dialog while importing")
	}
	named := false
	for _, l := range labelsIn(t, top) {
		named = named || strings.Contains(l.Text, "the-sunken-temple")
		if got := l.MinSize().Width; got > w.Canvas().Size().Width {
			t.Errorf("label %.40q… needs %.0f px, the window is %.0f", l.Text, got, w.Canvas().Size().Width)
		}
	}
	if !named {
		t.Errorf("the dialog does not name the file: %q", labelsOf(t, top))
	}
	release()
	p.Until(t, "the import", func() bool { return Importing(w) == "" })
}
