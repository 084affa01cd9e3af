package ui

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
)

// exported pumps the editor's posted work until no export is being
// written (filesave.Saver writes on another goroutine).
func exported(t *testing.T, ed *Editor, p *pump) {
	t.Helper()
	p.until(t, "the export to be written", func() bool { return ed.files.Busy() == 0 })
}

// TestExportWritesAsideUnderADialog: an export was written inside the Save
// dialog's callback, on the window's goroutine: a PNG of a map on an
// 8192 x 7424 image froze the window about 3 s (a PDF 4 s) with the Save
// dialog still drawn, as if the app hung, and the GM's clicks meanwhile
// went to the map once it woke. The file is now written on another
// goroutine under a dialog naming it; the window is free meanwhile, and
// once written the dialog goes and the status bar says so.
func TestExportWritesAsideUnderADialog(t *testing.T) {
	ed, _, p := newTestEditor(t, model.Sample())
	out := filepath.Join(t.TempDir(), "room.png")
	release := make(chan struct{})
	write := func(w io.Writer) error {
		select { // a slow export: it waits until the test lets it go
		case <-release:
		case <-time.After(3 * time.Second):
			return errors.New("nobody let the export go: WriteChosen waited for it")
		}
		_, err := io.WriteString(w, "png")
		return err
	}
	ed.files.WriteChosen("export PNG", &chosenFile{uri: storage.NewFileURI(out)}, []string{".png"}, write)
	// back here while the export cannot finish: it runs elsewhere
	top := ed.win.Canvas().Overlays().Top()
	if top == nil || !strings.Contains(allText(top), "Writing room.png") {
		t.Fatalf("while it is written no dialog names room.png (top: %v)", top)
	}
	if ed.files.Busy() != 1 {
		t.Errorf("%d exports under way, want 1", ed.files.Busy())
	}
	close(release)
	exported(t, ed, p)
	if b, err := os.ReadFile(out); err != nil || string(b) != "png" {
		t.Fatalf("room.png holds %q (%v)", b, err)
	}
	if top := ed.win.Canvas().Overlays().Top(); top != nil && top.Visible() {
		t.Errorf("the dialog is still up: %q", allText(top))
	}
	if msg := ed.status.msgLabel.Text; !strings.Contains(msg, "wrote room.png") {
		t.Errorf("the status bar says %q", msg)
	}
}

// TestExportDialogFitsALongFileName: the export's dialog names the file
// it writes; a name as long as an imported map's (the encounter is named
// after the file) is broken over lines in the dialog rather than
// stretching it past the window.
func TestExportDialogFitsALongFileName(t *testing.T) {
	ed, _, p := newTestEditor(t, model.Sample())
	name := strings.Repeat("the-flooded-catacombs-beneath-the-cathedral-", 4) + "v7.png"
	release := make(chan struct{})
	ed.files.WriteChosen("export PNG", &chosenFile{uri: storage.NewFileURI(filepath.Join(t.TempDir(), name))}, []string{".png"},
		func(w io.Writer) error { <-release; return nil })
	top := ed.win.Canvas().Overlays().Top()
	if top == nil {
		t.Fatal("no dialog while the export is written")
	}
	for _, o := range test.LaidOutObjects(top) {
		if l, ok := o.(*widget.Label); ok && l.MinSize().Width > ed.win.Canvas().Size().Width {
			t.Errorf("label %.40q… needs %.0f px, the window is %.0f", l.Text, l.MinSize().Width, ed.win.Canvas().Size().Width)
		}
	}
	close(release)
	exported(t, ed, p)
}
