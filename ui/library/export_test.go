package library

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/ui/controls"
	"encounterplanner/ui/export"
	"encounterplanner/ui/filesave"
	"encounterplanner/ui/internal/memstore"
	"encounterplanner/ui/internal/posttest"
)

// gatedStore is a store whose Load waits, once its gate is set, until
// the gate opens: a 69 MB map image read from a slow disk.
type gatedStore struct {
	*memstore.Store
	gate chan struct{}
}

func (s *gatedStore) Load(ctx context.Context, id string) (*model.Encounter, error) {
	if s.gate != nil {
		<-s.gate
	}
	return s.Store.Load(ctx, id)
}

// exportLibrary is a 1024 x 700 library window over the sample and a
// small second encounter ("Alpha"), its Save dialogs starting in a fresh
// folder (returned) and making no file before the write (as in the app),
// its writes' results posted to the returned queue.
func exportLibrary(t *testing.T) (*Library, fyne.Window, *gatedStore, *posttest.Queue, string) {
	t.Helper()
	a := test.NewTempApp(t)
	controls.KeepFilesUntilWritten()
	dir := t.TempDir()
	// where Fyne's file dialogs open when the app has used none yet
	a.Preferences().SetString("fyne:fileDialogLastFolder", storage.NewFileURI(dir).String())
	alpha, _ := NewEncounter("Alpha", model.SF2E, 10, 8, 5)
	st := &gatedStore{Store: memstore.New(model.Sample(), alpha)}
	w := test.NewTempWindow(t, widget.NewLabel(""))
	w.Resize(fyne.NewSize(1024, 700))
	l := New(w, st, func(string) { t.Error("exporting opened an encounter") })
	q := posttest.New()
	l.files.Post = q.Post
	return l, w, st, q, dir
}

// fileMenu runs the library's File menu item labelled label, as a click
// on it (or F10, the arrows and Enter) does.
func fileMenu(t *testing.T, w fyne.Window, label string) {
	t.Helper()
	for _, it := range w.MainMenu().Items[0].Items {
		if it.Label == label {
			if it.Disabled {
				t.Fatalf("File > %s is disabled", label)
			}
			it.Action()
			return
		}
	}
	t.Fatalf("the library's File menu has no %q", label)
}

// saveOffered checks that the top dialog is a Save dialog offering name
// (the cursor in it, as the dialog opens) and taps its Save button.
func saveOffered(t *testing.T, w fyne.Window, name string) {
	t.Helper()
	top := w.Canvas().Overlays().Top()
	if top == nil {
		t.Fatal("no Save dialog")
	}
	if f, ok := w.Canvas().Focused().(*controls.EscEntry); !ok || f.Text != name {
		t.Errorf("the Save dialog offers %q (cursor in %T), want %q", entryText(w), w.Canvas().Focused(), name)
	}
	test.Tap(buttonIn(t, top, "Save"))
}

// entryText is the text of the focused EscEntry, "" for none.
func entryText(w fyne.Window) string {
	if f, ok := w.Canvas().Focused().(*controls.EscEntry); ok {
		return f.Text
	}
	return ""
}

// rowOf is the list row of the encounter named name.
func rowOf(t *testing.T, l *Library, name string) int {
	t.Helper()
	for i, s := range l.Items() {
		if s.Name == name {
			return i
		}
	}
	t.Fatalf("%q is not listed", name)
	return -1
}

// written is what a finished export wrote: the files in dir by name.
func written(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	return names
}

// TestLibraryExportsTheSelectedEncounter: the README promised export from
// the library, but its File menu only imported: an encounter could be
// written to a file only by opening it first. File > Export encounter
// file… now writes the selected one, as stored, under the name the
// editor offers; the store is read with the writing, off the UI
// goroutine under the dialog naming the file (a map image can be 69
// MB), and the line under the list says what was written. The file reads
// back as the stored encounter.
func TestLibraryExportsTheSelectedEncounter(t *testing.T) {
	l, w, st, q, dir := exportLibrary(t)
	sample := model.Sample()
	l.Select(rowOf(t, l, sample.Name))
	fileMenu(t, w, "Export encounter file…")
	st.gate = make(chan struct{})
	saveOffered(t, w, "Derelict cargo bay.encounter.json")
	// back while the store cannot be read: it is read elsewhere
	if got := topText(t, w); !strings.Contains(got, "Writing Derelict cargo bay.encounter.json") {
		t.Errorf("while the encounter is read and written, the window shows %q", got)
	}
	close(st.gate)
	q.Until(t, "the export", func() bool { return l.files.Busy() == 0 })
	if got := topText(t, w); got != "" {
		t.Errorf("after the export a dialog shows %q", got)
	}
	if got := written(t, dir); len(got) != 1 || got[0] != "Derelict cargo bay.encounter.json" {
		t.Fatalf("the folder holds %q", got)
	}
	f, err := os.Open(filepath.Join(dir, "Derelict cargo bay.encounter.json"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	got, err := model.ReadEncounter(f)
	if err != nil {
		t.Fatalf("the exported file does not read back: %v", err)
	}
	want, err := st.Load(context.Background(), l.Items()[l.sel].ID)
	if err != nil {
		t.Fatal(err)
	}
	// the store's own bookkeeping is not the file's: a file imported is
	// a new encounter
	want.ID, want.Created, want.Updated, want.Version = got.ID, got.Created, got.Updated, got.Version
	if !reflect.DeepEqual(got, want) {
		t.Errorf("the file reads back as\n%+v\nwant the stored\n%+v", got, want)
	}
	if !l.newsBar.Visible() || !strings.HasPrefix(l.news.Text, "wrote Derelict cargo bay.encounter.json (") || !strings.HasSuffix(l.news.Text, " KB) in "+dir) {
		t.Errorf("the line under the list says %q (shown %v)", l.news.Text, l.newsBar.Visible())
	}
}

// TestLibraryExportsTheSelectedUVTT: File > Export Universal VTT… writes
// the selected encounter as the editor does (the same options: 70 px a
// square, or the most that fit), under the name the editor offers, and
// the library's own import reads it back as that map.
func TestLibraryExportsTheSelectedUVTT(t *testing.T) {
	l, w, st, q, dir := exportLibrary(t)
	l.Select(rowOf(t, l, "Derelict cargo bay"))
	fileMenu(t, w, "Export Universal VTT…")
	saveOffered(t, w, "Derelict cargo bay.dd2vtt")
	q.Until(t, "the export", func() bool { return l.files.Busy() == 0 })
	if got := topText(t, w); got != "" {
		t.Fatalf("after the export a dialog shows %q", got)
	}
	path := filepath.Join(dir, "Derelict cargo bay.dd2vtt")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	stored, err := st.Load(context.Background(), l.Items()[l.sel].ID)
	if err != nil {
		t.Fatal(err)
	}
	var editors strings.Builder // what the editor's export writes
	if err := filesave.UVTT.Write(&editors, stored); err != nil {
		t.Fatal(err)
	}
	if string(b) != editors.String() {
		t.Errorf("the library wrote %d bytes, the editor's export %d: not the same file", len(b), editors.Len())
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	got, err := ReadImport(f, "Derelict cargo bay.dd2vtt", true)
	if err != nil {
		t.Fatalf("the import does not read the exported map: %v", err)
	}
	if got.Name != stored.Name || got.Grid.W != stored.Grid.W || got.Grid.H != stored.Grid.H || got.Background == "" {
		t.Fatalf("imported back as %q, %d x %d (background %v); stored %q, %d x %d", got.Name, got.Grid.W, got.Grid.H, got.Background != "", stored.Name, stored.Grid.W, stored.Grid.H)
	}
	// the walls and obstacles go over as the map's, square for square
	for i, c := range stored.Grid.Cells {
		for _, tr := range []model.Trait{model.Wall, model.Obstacle} {
			if c.Has(tr) != got.Grid.Cells[i].Has(tr) {
				t.Errorf("square (%d, %d): stored %v, imported back %v", i%stored.Grid.W, i/stored.Grid.W, c, got.Grid.Cells[i])
			}
		}
	}
	if !strings.HasPrefix(l.news.Text, "wrote Derelict cargo bay.dd2vtt (") {
		t.Errorf("the line under the list says %q", l.news.Text)
	}
	// what the map file cannot hold is said, as the editor's export says
	// it: the sample's tokens do not go over
	if want := "\nThe map file leaves out " + export.UVTTLeavesOut(stored); !strings.HasSuffix(l.news.Text, want) || !strings.Contains(want, "token") {
		t.Errorf("the line under the list says %q, want it to end %q", l.news.Text, want)
	}
}

// TestLibraryExportWithNothingSelected: with no encounter selected, the
// export items write nothing and ask for no file: a dialog says to select
// the encounter first.
func TestLibraryExportWithNothingSelected(t *testing.T) {
	l, w, _, _, dir := exportLibrary(t)
	for _, item := range []string{"Export encounter file…", "Export Universal VTT…"} {
		fileMenu(t, w, item)
		got := topText(t, w)
		if !strings.Contains(got, "Nothing exported") || !strings.Contains(got, "elect the encounter to export") {
			t.Errorf("%s with nothing selected: the window shows %q", item, got)
		}
		if entryText(w) != "" {
			t.Errorf("%s with nothing selected asked for a file", item)
		}
		w.Canvas().Unfocus()
		w.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape})
		if got := topText(t, w); got != "" {
			t.Errorf("Escape left %q", got)
		}
	}
	if got := written(t, dir); len(got) != 0 {
		t.Errorf("nothing selected, and the folder holds %q", got)
	}
	if l.newsBar.Visible() {
		t.Errorf("the line under the list says %q", l.news.Text)
	}
}

// TestLibraryExportFromTheKeyboard: the export items act on the row the
// arrow keys select; Escape cancels the Save dialog (with the cursor in
// its file name, as it opens, and without), and the Replace question a
// name typed without its extension raises keeps the file on Escape and
// Enter, as in the editor.
func TestLibraryExportFromTheKeyboard(t *testing.T) {
	l, w, _, q, dir := exportLibrary(t)
	c := w.Canvas()
	key := func(k fyne.KeyName) { c.OnTypedKey()(&fyne.KeyEvent{Name: k}) }
	key(fyne.KeyDown)
	key(fyne.KeyDown) // the second row
	want := l.Items()[1].Name
	fileMenu(t, w, "Export encounter file…")
	c.Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape}) // in the file name
	if got := topText(t, w); got != "" {
		t.Fatalf("Escape in the file name left %q", got)
	}
	fileMenu(t, w, "Export encounter file…")
	c.Unfocus() // the GM clicked the folder list
	key(fyne.KeyEscape)
	if got := topText(t, w); got != "" {
		t.Fatalf("Escape left %q", got)
	}
	if got := written(t, dir); len(got) != 0 {
		t.Fatalf("cancelled, and the folder holds %q", got)
	}

	fileMenu(t, w, "Export encounter file…")
	saveOffered(t, w, filesave.FileBase(want)+".encounter.json")
	q.Until(t, "the export", func() bool { return l.files.Busy() == 0 })
	if got := written(t, dir); len(got) != 1 || got[0] != want+".encounter.json" {
		t.Fatalf("the arrow keys selected %q; the folder holds %q", want, got)
	}

	// "room" typed: room.encounter.json, which exists, is replaced only
	// on a click
	room := filepath.Join(dir, "room.encounter.json")
	if err := os.WriteFile(room, []byte("kept"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, k := range []fyne.KeyName{fyne.KeyEscape, fyne.KeyReturn} {
		fileMenu(t, w, "Export encounter file…")
		c.Focused().(*controls.EscEntry).SetText("room")
		test.Tap(buttonIn(t, c.Overlays().Top(), "Save"))
		if got := topText(t, w); !strings.Contains(got, "room.encounter.json already exists") {
			t.Fatalf("a bare name whose .encounter.json exists: the window shows %q", got)
		}
		c.Unfocus()
		key(k)
		q.Drain()
		if b, _ := os.ReadFile(room); topText(t, w) != "" || string(b) != "kept" {
			t.Errorf("%s over Replace room.encounter.json?: the window shows %q, it holds %.20q", k, topText(t, w), b)
		}
	}
}

// TestLibraryExportErrorShowsTheDialog: an encounter that cannot be read
// from the store (deleted meanwhile) writes nothing; the error dialog
// names it, as the editor's export errors show.
func TestLibraryExportErrorShowsTheDialog(t *testing.T) {
	l, w, st, q, dir := exportLibrary(t)
	l.Select(rowOf(t, l, "Alpha"))
	if err := st.Delete(context.Background(), l.Items()[l.sel].ID); err != nil {
		t.Fatal(err)
	}
	fileMenu(t, w, "Export encounter file…")
	saveOffered(t, w, "Alpha.encounter.json")
	q.Until(t, "the export", func() bool { return l.files.Busy() == 0 })
	if got := topText(t, w); !strings.Contains(got, "Could not export encounter") || !strings.Contains(got, `"Alpha"`) {
		t.Errorf("a failed export shows %q", got)
	}
	if got := written(t, dir); len(got) != 0 {
		t.Errorf("the folder holds %q", got)
	}
	if l.newsBar.Visible() {
		t.Errorf("the line under the list says %q", l.news.Text)
	}
}

// droppingStore loads its encounters as an older database's would come
// back: with something the store could not use left out (Dropped).
type droppingStore struct{ *gatedStore }

func (s droppingStore) Load(ctx context.Context, id string) (*model.Encounter, error) {
	e, err := s.gatedStore.Load(ctx, id)
	if e != nil {
		e.Dropped = []string{`tokens[1] "Bare".image: is not a readable PNG image; the image is left out`}
	}
	return e, err
}

// TestLibraryExportSaysWhatWasLeftOut: an encounter the store opens
// without something it could not use (an image over today's limits, text
// it mended) is written as it opens; opening it in the editor says so,
// and the library's export now says so too, where it said only "wrote".
func TestLibraryExportSaysWhatWasLeftOut(t *testing.T) {
	l, w, st, q, dir := exportLibrary(t)
	l.store = droppingStore{st}
	l.Select(rowOf(t, l, "Alpha"))
	fileMenu(t, w, "Export encounter file…")
	saveOffered(t, w, "Alpha.encounter.json")
	q.Until(t, "the export", func() bool { return l.files.Busy() == 0 })
	q.Drain()
	if got := written(t, dir); len(got) != 1 {
		t.Fatalf("the folder holds %q", got)
	}
	if got := topText(t, w); !strings.Contains(got, "without what could not be used") || !strings.Contains(got, `"Bare".image`) {
		t.Errorf("the export says %q", got)
	}
}
