package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/ui/internal/testimages"
)

// TestAPictureDroppedOnTheMapBecomesItsMapImage: a battle map picture
// dropped on the map where no token stands, with no token selected, opens
// the alignment dialog of Encounter > Import map image… for it, and Apply
// makes it the map image; it said "Select a token first", a dead end for
// a GM with a map to place. Dropped with a token selected, it is still
// that token's picture (TestTokenArtDropAndRemove); two files dropped at
// once are said, not silently ignored.
func TestAPictureDroppedOnTheMapBecomesItsMapImage(t *testing.T) {
	e := openEncounter(t, 12, 12)
	e.Tokens = []model.Token{{Name: "Dae", Side: "party", X: 1, Y: 1, Size: model.Medium, Speeds: map[string]int{"land": 25}}}
	ed, _, p := newTestEditor(t, e)
	path := filepath.Join(t.TempDir(), "cellar.png")
	if err := os.WriteFile(path, testimages.GridPNG(735, 525, 70, 35), 0o644); err != nil {
		t.Fatal(err)
	}
	u := storage.NewFileURI(path)
	onMap := fyne.CurrentApp().Driver().AbsolutePositionForObject(ed.view).Add(at(ed, 5, 5))

	ed.dropped(onMap, []fyne.URI{u, u})
	if got := ed.status.msgLabel.Text; !strings.Contains(got, "Drop one file at a time") {
		t.Errorf("two files dropped: the status says %q", got)
	}

	ed.dropped(onMap, []fyne.URI{u})
	var title string
	p.until(t, "the alignment dialog", func() bool {
		title = ""
		if top := ed.win.Canvas().Overlays().Top(); top != nil {
			walkObjects(top, func(o fyne.CanvasObject) {
				if l, ok := o.(*widget.Label); ok && strings.HasPrefix(l.Text, "Align the grid on") {
					title = l.Text
				}
			})
		}
		return title != ""
	})
	if title != "Align the grid on cellar.png" {
		t.Errorf("the dialog is titled %q", title)
	}
	_, _, buttons := topDialog(t, ed.win)
	apply := buttons["Apply"]
	if apply == nil {
		t.Fatal("the alignment dialog has no Apply button")
	}
	apply.OnTapped()
	if ed.enc.Background == "" || ed.enc.Grid.W != 10 || ed.enc.Grid.H != 7 || ed.enc.Tokens[0].Image != "" {
		t.Errorf("after Apply: map %d x %d, image %d bytes, Dae's picture %d bytes; want the 10 x 7 map image and Dae without one",
			ed.enc.Grid.W, ed.enc.Grid.H, len(ed.enc.Background), len(ed.enc.Tokens[0].Image))
	}
}
