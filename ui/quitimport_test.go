package ui

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/storage/repository"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/ui/filesave"
	"encounterplanner/ui/internal/memstore"
	"encounterplanner/ui/library"
)

// heldFiles serves the files of the "heldimport:" scheme, each read
// waiting until its test lets go: a big map on a slow disk, its import
// under way for as long as the test needs.
type heldFiles struct {
	mu    sync.Mutex
	files map[string][]byte
	gate  chan struct{}
}

var held = &heldFiles{}

func init() { repository.Register("heldimport", held) }

// serve makes the scheme serve files (by name) held back, and returns the
// URI of each and the function that lets the reading go on.
func (h *heldFiles) serve(t *testing.T, files map[string]string) (uris map[string]fyne.URI, release func()) {
	t.Helper()
	h.mu.Lock()
	defer h.mu.Unlock()
	h.files, uris = map[string][]byte{}, map[string]fyne.URI{}
	for n, f := range files {
		h.files[n] = []byte(f)
		u, err := storage.ParseURI("heldimport:///" + n)
		if err != nil {
			t.Fatal(err)
		}
		uris[n] = u
	}
	gate := make(chan struct{})
	h.gate = gate
	var once sync.Once
	release = func() { once.Do(func() { close(gate) }) }
	t.Cleanup(release) // never leave a reader waiting
	return uris, release
}

func (h *heldFiles) Exists(fyne.URI) (bool, error)  { return true, nil }
func (h *heldFiles) CanRead(fyne.URI) (bool, error) { return true, nil }
func (h *heldFiles) Destroy(string)                 {}

func (h *heldFiles) Reader(u fyne.URI) (fyne.URIReadCloser, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	return &heldReader{u: u, gate: h.gate, r: bytes.NewReader(h.files[u.Name()])}, nil
}

type heldReader struct {
	u    fyne.URI
	gate chan struct{}
	r    io.Reader
}

func (r *heldReader) Read(p []byte) (int, error) { <-r.gate; return r.r.Read(p) }
func (r *heldReader) Close() error               { return nil }
func (r *heldReader) URI() fyne.URI              { return r.u }

// windowShown reports whether w is still one of the app's windows.
func windowShown(w fyne.Window) bool {
	return slices.Contains(fyne.CurrentApp().Driver().AllWindows(), w)
}

// closableShell is startShell in a window the test may close: Fyne's
// test driver panics when a temporary window is closed twice, by the test
// and then by its cleanup.
func closableShell(t *testing.T, e *model.Encounter) (*Shell, fyne.Window, *memstore.Store, *pump) {
	t.Helper()
	test.NewTempApp(t)
	st := memstore.New(e)
	w := test.NewWindow(widget.NewLabel(""))
	t.Cleanup(func() {
		if windowShown(w) {
			w.Close()
		}
	})
	p := newPump()
	s := NewShell(w, st)
	s.post = p.post
	s.Start(Options{InitialEncounterID: e.Name})
	if s.Editor() == nil {
		t.Fatalf("%s did not open", e.Name)
	}
	return s, w, st, p
}

// TestLeavingMidImportAsks: with a map dropped on the editor still being
// read, the window's close button and File > Quit closed the window at
// once, the import lost without a word. Now they ask, naming the file;
// Escape and Enter keep working (the import goes on), Quit closes the
// window.
func TestLeavingMidImportAsks(t *testing.T) {
	s, w, _, p := closableShell(t, model.Sample())
	ed := s.Editor()
	uris, release := held.serve(t, map[string]string{"crypt.dd2vtt": offMapMap})
	ed.dropped(fyne.Position{}, []fyne.URI{uris["crypt.dd2vtt"]})
	if got := library.Importing(w); got != "crypt.dd2vtt" {
		t.Fatalf("with the map dropped, the import under way is %q", got)
	}
	asked := func(how string) {
		t.Helper()
		top := w.Canvas().Overlays().Top()
		got := allText(top)
		if !strings.Contains(got, "An import of crypt.dd2vtt is still running.") || !strings.Contains(got, "Quit anyway? Nothing of it will be kept.") ||
			!strings.Contains(got, "[Quit]") || !strings.Contains(got, "[Keep working]") {
			t.Fatalf("%s mid-import: the window shows %q", how, got)
		}
		if !windowShown(w) || s.Editor() != ed {
			t.Fatalf("%s mid-import closed the window before the GM answered", how)
		}
	}
	kept := func(how string) {
		t.Helper()
		if strings.Contains(allText(w.Canvas().Overlays().Top()), "Quit anyway") {
			t.Errorf("%s: the question is still up", how)
		}
		if !windowShown(w) || library.Importing(w) != "crypt.dd2vtt" {
			t.Errorf("%s: the window or the import went (importing %q)", how, library.Importing(w))
		}
	}

	s.closeAsked() // the window's close button
	asked("the close button")
	s.closeAsked() // pressed again: the same question
	if n := len(w.Canvas().Overlays().List()); n != 2 {
		t.Errorf("the close button pressed twice: %d dialogs, want the import's and one question", n)
	}
	w.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape})
	kept("Escape")

	menuAction(t, w, "File", "Quit")() // Ctrl+Q
	asked("File > Quit")
	w.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyReturn})
	kept("Enter")

	s.closeAsked()
	_, _, buttons := topDialog(t, w)
	test.Tap(buttons["Quit"])
	if windowShown(w) {
		t.Fatal("Quit left the window open")
	}
	// the app ends with its window, and the import with it; here the
	// import ends and opens nothing in the closed window
	release()
	p.until(t, "the import's end", func() bool { return library.Importing(w) == "" })
	p.drain()
	if s.Editor() != ed {
		t.Error("the import opened its encounter in the closed window")
	}
}

// TestLeavingWithoutImportDoesNotAsk: with no import under way, the close
// button closes the window at once, the editor's edit saved, as before.
func TestLeavingWithoutImportDoesNotAsk(t *testing.T) {
	e := model.Sample()
	s, w, st, _ := closableShell(t, e)
	if err := s.Editor().apply("", func(c *model.Encounter) error { c.Name = "Cargo bay at night"; return nil }); err != nil {
		t.Fatal(err)
	}
	s.closeAsked()
	if windowShown(w) {
		t.Fatalf("the close button left the window open, showing %q", allText(w.Canvas().Overlays().Top()))
	}
	if got, err := st.Load(t.Context(), e.ID); err != nil || got.Name != "Cargo bay at night" {
		t.Errorf("the edit was not saved on the way out: %v", err)
	}
}

// TestImportEndTakesTheQuestionDown: an import that ends while the GM is
// asked opens its encounter, the question gone with the import's dialog;
// the next import asks again (the question first left behind was taken
// for one still up, and the close button then did nothing).
func TestImportEndTakesTheQuestionDown(t *testing.T) {
	s, w, _, p := closableShell(t, model.Sample())
	ed := s.Editor()
	uris, release := held.serve(t, map[string]string{"crypt.dd2vtt": droppedMap})
	ed.dropped(fyne.Position{}, []fyne.URI{uris["crypt.dd2vtt"]})
	s.closeAsked()
	if !strings.Contains(allText(w.Canvas().Overlays().Top()), "Quit anyway") {
		t.Fatal("the close button mid-import did not ask")
	}
	release()
	p.until(t, "the import's encounter", func() bool { return s.Editor() != ed })
	for _, o := range w.Canvas().Overlays().List() {
		if strings.Contains(allText(o), "Quit anyway") {
			t.Error("the question outlived the import")
		}
	}
	if !windowShown(w) {
		t.Fatal("the import's end closed the window")
	}

	uris, _ = held.serve(t, map[string]string{"cave.dd2vtt": droppedMap})
	s.Editor().dropped(fyne.Position{}, []fyne.URI{uris["cave.dd2vtt"]})
	s.closeAsked()
	if got := allText(w.Canvas().Overlays().Top()); !strings.Contains(got, "An import of cave.dd2vtt is still running.") {
		t.Errorf("the close button during the next import: the window shows %q", got)
	}
}

// TestLeavingTheLibraryMidImportAsks: the library shares the window and
// its close button: an import started there asks too, and Quit closes.
func TestLeavingTheLibraryMidImportAsks(t *testing.T) {
	s, w, st, p := closableShell(t, model.Sample())
	s.ShowLibrary()
	uris, release := held.serve(t, map[string]string{"crypt.dd2vtt": droppedMap})
	library.StartImport(w, st, uris["crypt.dd2vtt"], true, p.post, nil) // as its Import Universal VTT… does
	s.closeAsked()
	if got := allText(w.Canvas().Overlays().Top()); !strings.Contains(got, "An import of crypt.dd2vtt is still running.") || !windowShown(w) {
		t.Fatalf("the close button over the library mid-import: the window shows %q", got)
	}
	_, _, buttons := topDialog(t, w)
	test.Tap(buttons["Quit"])
	if windowShown(w) {
		t.Error("Quit left the window open")
	}
	release()
	p.until(t, "the import's end", func() bool { return library.Importing(w) == "" })
}

// TestLeavingMidExportAsks: an export written on another goroutine went
// with the app when the GM quit meanwhile, without a word (and a large
// map's PNG takes seconds). Leaving then asks, naming the file; Keep
// working lets it finish, and once it is written leaving asks nothing.
func TestLeavingMidExportAsks(t *testing.T) {
	s, w, _, p := closableShell(t, model.Sample())
	ed := s.Editor()
	release := make(chan struct{})
	out := filepath.Join(t.TempDir(), "room.png")
	ed.files.WriteChosen("export PNG", &chosenFile{uri: storage.NewFileURI(out)}, []string{".png"}, func(wr io.Writer) error {
		<-release
		_, err := io.WriteString(wr, "png")
		return err
	})
	s.closeAsked()
	got := allText(w.Canvas().Overlays().Top())
	if !strings.Contains(got, "room.png is still being written.") || !strings.Contains(got, "Quit anyway? It will not be written.") {
		t.Fatalf("the close button mid-export: the window shows %q", got)
	}
	if !windowShown(w) {
		t.Fatal("the window closed before the GM answered")
	}
	w.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape}) // keep working
	close(release)
	p.until(t, "the export to be written", func() bool { return ed.files.Busy() == 0 })
	if b, err := os.ReadFile(out); err != nil || string(b) != "png" {
		t.Fatalf("room.png holds %q (%v)", b, err)
	}
	if filesave.Writing(w) != "" {
		t.Errorf("still writing %q", filesave.Writing(w))
	}
	s.closeAsked()
	if windowShown(w) {
		t.Errorf("with the export written the close button asked again: %q", allText(w.Canvas().Overlays().Top()))
	}
}
