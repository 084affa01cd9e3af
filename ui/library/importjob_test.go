package library

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/storage/repository"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/ui/internal/memstore"
	"encounterplanner/ui/internal/posttest"
)

// slowFiles serves the files of the "slowimport:" scheme, each read
// blocking until its test opens the gate: a file on a slow disk or share.
type slowFiles struct {
	mu    sync.Mutex
	files map[string][]byte
	gate  chan struct{}
}

var slow = &slowFiles{}

func init() { repository.Register("slowimport", slow) }

// serve makes the scheme serve files (by name) behind a closed gate, and
// returns the function that opens it.
func (s *slowFiles) serve(t *testing.T, files map[string]string) (open func()) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.files = map[string][]byte{}
	for n, f := range files {
		s.files[n] = []byte(f)
	}
	gate := make(chan struct{})
	s.gate = gate
	var once sync.Once
	open = func() { once.Do(func() { close(gate) }) }
	t.Cleanup(open) // never leave a reader blocked
	return open
}

func (s *slowFiles) Exists(u fyne.URI) (bool, error)  { return true, nil }
func (s *slowFiles) CanRead(u fyne.URI) (bool, error) { return true, nil }
func (s *slowFiles) Destroy(string)                   {}

func (s *slowFiles) Reader(u fyne.URI) (fyne.URIReadCloser, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return &slowReader{u: u, gate: s.gate, r: bytes.NewReader(s.files[u.Name()])}, nil
}

type slowReader struct {
	u    fyne.URI
	gate chan struct{}
	r    io.Reader
}

func (r *slowReader) Read(p []byte) (int, error) { <-r.gate; return r.r.Read(p) }
func (r *slowReader) Close() error               { return nil }
func (r *slowReader) URI() fyne.URI              { return r.u }

func slowURI(t *testing.T, name string) fyne.URI {
	t.Helper()
	u, err := storage.ParseURI("slowimport:///" + name)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// topText is the text of the labels of win's top dialog ("" for none).
func topText(t *testing.T, win fyne.Window) string {
	if o := win.Canvas().Overlays().Top(); o != nil && o.Visible() {
		return labelsOf(t, o)
	}
	return ""
}

// importWindow is a 900 x 600 library window in a fresh test app, the
// files served slowly (slow.serve: release lets them be read), an empty
// store and the queue the import's results are posted to.
func importWindow(t *testing.T, files map[string]string) (fyne.Window, func(), *memstore.Store, *posttest.Queue) {
	t.Helper()
	test.NewTempApp(t)
	w := test.NewTempWindow(t, widget.NewLabel("library"))
	w.Resize(fyne.NewSize(900, 600))
	return w, slow.serve(t, files), memstore.New(), posttest.New()
}

// TestStartImportLeavesTheUIGoroutine: an import of a file whose reading
// blocks returns at once to the UI goroutine with a dialog saying an
// import is under way; once the file is read, the result arrives through
// post: the new encounter stored and opened, then what was left out.
func TestStartImportLeavesTheUIGoroutine(t *testing.T) {
	w, release, st, p := importWindow(t, map[string]string{"crypt.dd2vtt": offMapJSON})
	var opened []string
	start := time.Now()
	StartImport(w, st, slowURI(t, "crypt.dd2vtt"), true, p.Post, func(id string) { opened = append(opened, id) })
	if took := time.Since(start); took > time.Second {
		t.Errorf("StartImport held the UI goroutine %v while the file could not be read", took)
	}
	if got := topText(t, w); !strings.Contains(got, "Reading and checking the map") {
		t.Errorf("while importing, the window shows %q", got)
	}
	if name := Importing(w); name != "crypt.dd2vtt" {
		t.Errorf("importing %q", name)
	}
	release()
	p.Until(t, "the import", func() bool { return len(opened) > 0 })
	if st.Count() != 1 {
		t.Errorf("%d stored", st.Count())
	}
	if e, err := st.Load(t.Context(), opened[0]); err != nil || e.Name != "crypt" {
		t.Errorf("opened %v, %v", e, err)
	}
	if got := topText(t, w); !strings.Contains(got, "1 wall and 1 door lie outside the 4 x 3 map") {
		t.Errorf("after the import, the window shows %q", got)
	}
	if Importing(w) != "" {
		t.Error("the import still counts as running")
	}
}

// TestStartImportErrorShowsTheDialog: a file that is not a map reads on
// the other goroutine too, and its error arrives as the error dialog
// naming the field; nothing is stored or opened.
func TestStartImportErrorShowsTheDialog(t *testing.T) {
	w, release, st, p := importWindow(t, map[string]string{"bad.dd2vtt": `{"format":0.3,"resolution":{"map_size":{"x":0,"y":8},"pixels_per_grid":70}}`})
	opened := false
	StartImport(w, st, slowURI(t, "bad.dd2vtt"), true, p.Post, func(string) { opened = true })
	release()
	p.Until(t, "the error", func() bool { return strings.Contains(topText(t, w), "Could not import bad.dd2vtt") })
	if got := topText(t, w); !strings.Contains(got, "esolution.map_size.x: must be a whole number") {
		t.Errorf("the error dialog says %q, naming no field", got)
	}
	if opened || st.Count() != 0 || Importing(w) != "" {
		t.Errorf("opened %v, %d stored, importing %q", opened, st.Count(), Importing(w))
	}
}

// TestSecondImportIsRefused: while one import runs in a window, another
// is refused, naming the file being imported; once it ends, the next
// import runs.
func TestSecondImportIsRefused(t *testing.T) {
	w, release, st, p := importWindow(t, map[string]string{"crypt.dd2vtt": offMapJSON, "cave.json": uvttJSON})
	var opened []string
	open := func(id string) { opened = append(opened, id) }
	StartImport(w, st, slowURI(t, "crypt.dd2vtt"), true, p.Post, open)
	StartImport(w, st, slowURI(t, "cave.json"), true, p.Post, open)
	if got := topText(t, w); !strings.Contains(got, "Another import is under way") || !strings.Contains(got, "Wait for crypt.dd2vtt to open, or cancel its import") {
		t.Errorf("the second import: %q", got)
	}
	ImportDialog(w, st, true, p.Post, open) // refused before its file dialog
	release()
	p.Until(t, "the first import", func() bool { return len(opened) == 1 })
	StartImport(w, st, slowURI(t, "cave.json"), true, p.Post, open)
	p.Until(t, "the next import", func() bool { return len(opened) == 2 })
	if st.Count() != 2 {
		t.Errorf("%d stored, want crypt and cave", st.Count())
	}
}

// TestImportCancelled: Cancel while the file is read abandons the import:
// nothing is stored or opened, and another import may start at once.
func TestImportCancelled(t *testing.T) {
	w, release, st, p := importWindow(t, map[string]string{"crypt.dd2vtt": offMapJSON})
	opened := false
	StartImport(w, st, slowURI(t, "crypt.dd2vtt"), true, p.Post, func(string) { opened = true })
	test.Tap(buttonIn(t, w.Canvas().Overlays().Top(), "Cancel"))
	if Importing(w) != "" || topText(t, w) != "" {
		t.Errorf("after Cancel: importing %q, the window shows %q", Importing(w), topText(t, w))
	}
	release()
	time.Sleep(100 * time.Millisecond) // the reading goroutine ends
	p.Drain()
	if opened || st.Count() != 0 {
		t.Errorf("cancelled import: opened %v, %d stored", opened, st.Count())
	}
}

// TestImportWindowClosedMidway: the window closed while its import reads
// (the app quitting) is not touched when the result comes: no dialog, no
// encounter opened in it, no panic.
func TestImportWindowClosedMidway(t *testing.T) {
	test.NewTempApp(t)
	w := test.NewWindow(widget.NewLabel("library")) // closed here, once
	release := slow.serve(t, map[string]string{"crypt.dd2vtt": offMapJSON})
	st, p := memstore.New(), posttest.New()
	opened := false
	StartImport(w, st, slowURI(t, "crypt.dd2vtt"), true, p.Post, func(string) { opened = true })
	w.Close()
	release()
	p.Until(t, "the import's end", func() bool { return Importing(w) == "" })
	if opened {
		t.Error("the new encounter opened in a closed window")
	}
}

// TestImportIntoTheLibraryWhenTheWindowMovedOn: when the window shows
// something else by the time the import ends, the encounter is not opened
// over it; a dialog says where it is.
func TestImportIntoTheLibraryWhenTheWindowMovedOn(t *testing.T) {
	w, release, st, p := importWindow(t, map[string]string{"cave.json": uvttJSON})
	opened := false
	StartImport(w, st, slowURI(t, "cave.json"), true, p.Post, func(string) { opened = true })
	w.SetContent(widget.NewLabel("another encounter"))
	release()
	p.Until(t, "the import's end", func() bool { return Importing(w) == "" })
	if got := topText(t, w); opened || st.Count() != 1 || !strings.Contains(got, "Imported cave.json into the library") {
		t.Errorf("opened %v, %d stored, the window shows %q", opened, st.Count(), got)
	}
}

// TestAbandonedImportStopsReading: once the GM abandons an import, its
// file's next read fails (errAbandoned), so a big map is not read on for
// seconds beside the next import; an import not abandoned reads to the
// end.
func TestAbandonedImportStopsReading(t *testing.T) {
	body := strings.Repeat("x", 1<<20)
	job := &importJob{}
	r := abandonable{io.NopCloser(strings.NewReader(body)), job}
	buf := make([]byte, 4096)
	if n, err := r.Read(buf); n != len(buf) || err != nil {
		t.Fatalf("the first read: %d bytes, %v", n, err)
	}
	if !job.abandon() {
		t.Fatal("an import being read could not be abandoned")
	}
	if n, err := r.Read(buf); n != 0 || !errors.Is(err, errAbandoned) {
		t.Fatalf("a read after Cancel: %d bytes, %v; want errAbandoned", n, err)
	}
	whole, err := io.ReadAll(abandonable{io.NopCloser(strings.NewReader(body)), &importJob{}})
	if err != nil || len(whole) != len(body) {
		t.Fatalf("an import read to its end: %d bytes, %v", len(whole), err)
	}
}
