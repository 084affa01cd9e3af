package ui

import (
	"io"
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
)

// TestExportAddsTheFormatsExtension: Export PNG to a name typed without an
// extension wrote a file literally called "map". It now writes map.png and
// drops the empty "map" the save dialog made; an existing map.png, which
// the dialog never asked about, is replaced only after a click on Replace
// (Escape and Enter keep it).
func TestExportAddsTheFormatsExtension(t *testing.T) {
	ed, _, p := newTestEditor(t, model.Sample())
	c := ed.win.Canvas()
	dir := t.TempDir()
	bare, full := filepath.Join(dir, "map"), filepath.Join(dir, "map.png")
	body := "new"
	write := func(w io.Writer) error { _, err := io.WriteString(w, body); return err }
	choose := func() {
		if err := os.WriteFile(bare, nil, 0o644); err != nil { // what the dialog does
			t.Fatal(err)
		}
		ed.files.WriteChosen("export PNG", &chosenFile{uri: storage.NewFileURI(bare)}, []string{".png"}, write)
		exported(t, ed, p)
	}
	choose()
	if b, err := os.ReadFile(full); err != nil || string(b) != "new" {
		t.Fatalf("map.png holds %q (%v), want the export", b, err)
	}
	if _, err := os.Lstat(bare); err == nil {
		t.Errorf("the empty file \"map\" is left behind")
	}

	body = "newer"
	for _, k := range []fyne.KeyName{fyne.KeyEscape, fyne.KeyReturn} {
		choose()
		if c.Overlays().Top() == nil {
			t.Fatal("an existing map.png was replaced without asking")
		}
		c.Unfocus()
		c.OnTypedKey()(&fyne.KeyEvent{Name: k})
		if b, _ := os.ReadFile(full); c.Overlays().Top() != nil || string(b) != "new" {
			t.Errorf("%s over Replace map.png?: open %v, map.png holds %q", k, c.Overlays().Top() != nil, b)
		}
	}
	choose()
	var replace *widget.Button
	for _, o := range test.LaidOutObjects(c.Overlays().Top()) {
		if b, ok := o.(*widget.Button); ok && b.Text == "Replace" {
			replace = b
		}
	}
	if replace == nil {
		t.Fatal("no Replace button")
	}
	test.Tap(replace)
	exported(t, ed, p)
	if b, _ := os.ReadFile(full); string(b) != "newer" {
		t.Errorf("after Replace map.png holds %q", b)
	}
	if _, err := os.Lstat(bare); err == nil {
		t.Errorf("the empty file \"map\" is left behind")
	}
}
