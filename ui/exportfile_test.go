package ui

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/ui/controls"
)

// chosenFile is what Fyne's save dialog hands over: a writer on the chosen
// URI. It records writes and closes instead of touching the path, as a
// dialog pointed at a FIFO or a device would not be writing a file.
type chosenFile struct {
	uri    fyne.URI
	wrote  int
	closed bool
}

func (c *chosenFile) Write(p []byte) (int, error) { c.wrote += len(p); return len(p), nil }
func (c *chosenFile) Close() error                { c.closed = true; return nil }
func (c *chosenFile) URI() fyne.URI               { return c.uri }

// TestExportWritesRegularFilesOnly: the export menu wrote into whatever
// Fyne's save dialog opened, a FIFO or a device included. It now writes
// through export.WriteFile: a regular file, complete or not at all, and a
// FIFO is refused untouched with a message that says what to choose.
func TestExportWritesRegularFilesOnly(t *testing.T) {
	ed, _, p := newTestEditor(t, model.Sample())
	dir := t.TempDir()
	write := func(w io.Writer) error { return model.WriteEncounter(w, ed.enc) }

	fifo := filepath.Join(dir, "pipe.json")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	wc := &chosenFile{uri: storage.NewFileURI(fifo)}
	ed.files.WriteChosen("export encounter", wc, nil, write)
	exported(t, ed, p)
	if wc.wrote != 0 || !wc.closed {
		t.Errorf("the dialog's writer got %d bytes (closed %v): want none, closed", wc.wrote, wc.closed)
	}
	if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the FIFO is gone or replaced: %v %v", fi, err)
	}
	top := ed.win.Canvas().Overlays().Top()
	if top == nil {
		t.Fatal("writing onto a FIFO showed no error")
	}
	if all := allText(top); !strings.Contains(all, "Nothing was written") {
		t.Errorf("the error says %q, want that nothing was written and what to choose", all)
	}
	top.Hide()

	out := filepath.Join(dir, "room.encounter.json")
	wc = &chosenFile{uri: storage.NewFileURI(out)}
	ed.files.WriteChosen("export encounter", wc, nil, write)
	exported(t, ed, p)
	b, err := os.ReadFile(out)
	if err != nil || !strings.Contains(string(b), "Derelict cargo bay") {
		t.Fatalf("the export wrote %d bytes (%v)", len(b), err)
	}
	if msg := ed.status.msgLabel.Text; !strings.Contains(msg, "wrote room.encounter.json") {
		t.Errorf("the status bar says %q after the export", msg)
	}
}

// TestExportPDFOffersTrimAndOverlays: the PDF dialog had no way to trim
// the empty floor around a map or to print the overlays on screen, which
// export.PDFOptions offers (Trim, Overlays).
func TestExportPDFOffersTrimAndOverlays(t *testing.T) {
	ed, _, p := newTestEditor(t, model.Sample())
	ed.Select(0)
	settle(t, ed, p)
	ed.exportPDF()
	top := ed.win.Canvas().Overlays().Top()
	if top == nil {
		t.Fatal("Export PDF showed no dialog")
	}
	checks := map[string]bool{}
	walkObjects(top, func(o fyne.CanvasObject) {
		if c, ok := o.(*widget.Check); ok {
			checks[c.Text] = true
		}
		if c, ok := o.(*controls.EscCheck); ok {
			checks[c.Text] = true
		}
	})
	for _, want := range []string{"Trim to content", "Current overlays", "Player version (no hidden tokens or GM notes)"} {
		found := false
		for text := range checks {
			found = found || strings.HasPrefix(text, want)
		}
		if !found {
			t.Errorf("the PDF dialog has checks %v, none %q", checks, want)
		}
	}
	top.Hide()
	_, o := ed.pdfExport(pdfChoices{paper: "a4", trim: true, overlays: true})
	if !o.Trim || o.Overlays == nil || o.Overlays != ed.live.ov || o.Paper != "a4" {
		t.Errorf("trim and overlays chosen: options %+v", o)
	}
	e, o := ed.pdfExport(pdfChoices{paper: "letter", player: true, overlays: true})
	if o.Overlays == nil || o.Overlays == ed.live.ov || !o.Player || o.Trim {
		t.Errorf("player version with overlays: options %+v (want the players' own overlays)", o)
	}
	for _, tok := range e.Tokens {
		if tok.Hidden {
			t.Errorf("the player version prints hidden %s", tok.Name)
		}
	}
	if _, o := ed.pdfExport(pdfChoices{paper: "letter"}); o.Overlays != nil || o.Trim {
		t.Errorf("nothing chosen: options %+v", o)
	}
}
