package ui

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/ui/controls"
	"encounterplanner/ui/internal/memstore"
)

var errNotDB = errors.New("open database: the file is not an Encounter Planner database, or it is damaged")

// fakeOpener fails for a file that does not start with "GOOD" and
// "creates" a missing one (writing GOOD), like storage.OpenDefault.
type fakeOpener struct{ calls []string }

func (f *fakeOpener) open(path string) (model.EncounterStore, error) {
	f.calls = append(f.calls, path)
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		if err := os.WriteFile(path, []byte("GOOD new"), 0o600); err != nil {
			return nil, err
		}
		return memstore.New(model.Sample()), nil
	}
	if err != nil {
		return nil, err
	}
	if !bytes.HasPrefix(b, []byte("GOOD")) {
		return nil, errNotDB
	}
	return memstore.New(model.Sample()), nil
}

func newProblemShell(t *testing.T, path string, f *fakeOpener) (*Shell, fyne.Window) {
	t.Helper()
	test.NewTempApp(t)
	w := test.NewTempWindow(t, widget.NewLabel(""))
	w.Resize(fyne.NewSize(1024, 700))
	s := NewShell(w, nil)
	s.openStore = f.open
	s.now = func() time.Time { return time.Date(2026, 11, 29, 13, 45, 6, 0, time.UTC) }
	s.Start(Options{StoreError: errNotDB, DBPath: path, OpenStore: f.open})
	return s, w
}

func TestStoreProblemStartFresh(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "encounters.db")
	junk := []byte("this is a text file, not a database\n")
	os.WriteFile(bad, junk, 0o600)
	os.WriteFile(bad+"-wal", []byte("stale wal"), 0o600)
	f := &fakeOpener{}
	s, w := newProblemShell(t, bad, f)
	sc := s.problem
	if sc == nil || s.Library() != nil {
		t.Fatal("a store error should show the database problem screen")
	}
	if !strings.Contains(sc.title.Text, bad) || !strings.Contains(sc.detail.Text, "not an Encounter Planner database") {
		t.Errorf("the screen should name the file and the error: %q / %q", sc.title.Text, sc.detail.Text)
	}
	for _, b := range []*widget.Button{sc.openBtn, sc.newBtn, sc.freshBtn, sc.quit} {
		if b.Disabled() {
			t.Errorf("%q should be enabled", b.Text)
		}
	}
	test.Tap(sc.freshBtn)
	aside := bad + ".unreadable-20261129-134506"
	got, err := os.ReadFile(aside)
	if err != nil || !bytes.Equal(got, junk) {
		t.Fatalf("the bad file should be moved aside unchanged to %s: %v %q", aside, err, got)
	}
	if b, _ := os.ReadFile(aside + "-wal"); string(b) != "stale wal" {
		t.Errorf("the -wal file should move aside with it")
	}
	if b, _ := os.ReadFile(bad); string(b) != "GOOD new" {
		t.Errorf("a new database should be created at the original path, got %q", b)
	}
	if _, err := os.Stat(bad + "-wal"); err == nil {
		t.Errorf("the stale -wal must not stay next to the new database")
	}
	if s.Library() == nil || len(s.Library().Items()) != 1 {
		t.Fatalf("after starting fresh the library should list the sample")
	}
	top := w.Canvas().Overlays().Top()
	if top == nil || !strings.Contains(allText(top), aside) {
		t.Errorf("a dialog should say where the old file went (%s): %q", aside, allText(top))
	}
}

func TestStoreProblemOpenAnotherThenFresh(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.db")
	junk := []byte("SQLite format 4? no.")
	os.WriteFile(bad, junk, 0o400)
	other := filepath.Join(dir, "other.db")
	os.WriteFile(other, []byte("not good either"), 0o600)
	f := &fakeOpener{}
	s, _ := newProblemShell(t, bad, f)
	// another bad file: the screen stays, naming the new file
	if err := s.OpenDatabase(other); err == nil {
		t.Fatal("opening another bad file should fail")
	}
	if s.problem == nil || !strings.Contains(s.problem.title.Text, other) {
		t.Fatalf("the screen should now name %s", other)
	}
	// a new database in a folder: opens it
	fresh := filepath.Join(dir, newDBName)
	if err := s.OpenDatabase(fresh); err != nil {
		t.Fatal(err)
	}
	if s.Library() == nil || s.problem != nil {
		t.Errorf("a good database should show the library")
	}
	if b, _ := os.ReadFile(bad); !bytes.Equal(b, junk) {
		t.Errorf("the bad file was changed: %q", b)
	}
	if b, _ := os.ReadFile(other); string(b) != "not good either" {
		t.Errorf("the other bad file was changed: %q", b)
	}
}

func TestMoveAsideNeverReplaces(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "x.db")
	at := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	os.WriteFile(p, []byte("one"), 0o600)
	os.WriteFile(p+".unreadable-20260102-030405", []byte("older"), 0o600)
	a, err := moveAside(p, at)
	if err != nil || a != p+".unreadable-20260102-030405-2" {
		t.Fatalf("moveAside = %q, %v", a, err)
	}
	if b, _ := os.ReadFile(p + ".unreadable-20260102-030405"); string(b) != "older" {
		t.Errorf("an earlier aside file was replaced")
	}
	if b, _ := os.ReadFile(a); string(b) != "one" {
		t.Errorf("aside holds %q", b)
	}
	if a, err := moveAside(filepath.Join(dir, "missing.db"), at); a != "" || err != nil {
		t.Errorf("a missing file: %q, %v", a, err)
	}
}

// TestMoveAsideRefusesWhatIsNotARegularFile: moveAside, StartFresh's
// last guard, renames nothing but a regular file and its regular
// sidecars: a folder, a link (to a file or a folder), or a sidecar that
// is a folder leaves everything where it was.
func TestMoveAsideRefusesWhatIsNotARegularFile(t *testing.T) {
	at := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	for _, tc := range []struct {
		name string
		make func(t *testing.T, p string)
	}{
		{"ErrFolder", func(t *testing.T, p string) {
			os.Mkdir(p, 0o755)
			os.WriteFile(filepath.Join(p, "notes.txt"), []byte("important"), 0o600)
		}},
		{"ErrLinkToFile", func(t *testing.T, p string) {
			os.WriteFile(p+".target", []byte("junk"), 0o600)
			if err := os.Symlink(p+".target", p); err != nil {
				t.Skip(err)
			}
		}},
		{"ErrLinkToFolder", func(t *testing.T, p string) {
			os.Mkdir(p+".target", 0o755)
			if err := os.Symlink(p+".target", p); err != nil {
				t.Skip(err)
			}
		}},
		{"ErrSidecarFolder", func(t *testing.T, p string) {
			os.WriteFile(p, []byte("junk"), 0o600)
			os.Mkdir(p+"-wal", 0o755)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			p := filepath.Join(dir, "x.db")
			tc.make(t, p)
			before := dirListing(t, dir)
			a, err := moveAside(p, at)
			if err == nil || a != "" {
				t.Errorf("moveAside = %q, %v: want a refusal", a, err)
			}
			if after := dirListing(t, dir); after != before {
				t.Errorf("moveAside moved something:\nbefore %s\nafter  %s", before, after)
			}
		})
	}
}

// dirListing is dir's names and kinds, to compare before and after.
func dirListing(t *testing.T, dir string) string {
	t.Helper()
	var b strings.Builder
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil {
			fmt.Fprintf(&b, "%s:%v ", strings.TrimPrefix(p, dir), d.Type())
		}
		return nil
	})
	return b.String()
}

func TestStoreProblemWithoutOpener(t *testing.T) {
	test.NewTempApp(t)
	w := test.NewTempWindow(t, widget.NewLabel(""))
	s := NewShell(w, nil)
	s.Start(Options{StoreError: errNotDB})
	if s.problem == nil || !s.problem.freshBtn.Disabled() || s.problem.quit.Disabled() {
		t.Errorf("without OpenStore only Quit works")
	}
}

// allText joins the texts of the labels under o.
func allText(o fyne.CanvasObject) string {
	var b strings.Builder
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		switch x := o.(type) {
		case *widget.Label:
			b.WriteString(x.Text + "\n")
			return
		case *widget.Button:
			b.WriteString("[" + x.Text + "]\n")
			return
		case *fyne.Container:
			for _, c := range x.Objects {
				walk(c)
			}
			return
		case fyne.Widget:
			r := test.WidgetRenderer(x)
			for _, c := range r.Objects() {
				walk(c)
			}
		}
	}
	if o != nil {
		walk(o)
	}
	return b.String()
}

func TestErrorDialogReadable(t *testing.T) {
	test.NewTempApp(t)
	w := test.NewTempWindow(t, widget.NewLabel(""))
	w.Resize(fyne.NewSize(1024, 700))
	err := errors.New("open database /home/gm/.config/encounter-planner/encounters.db: the file is not an Encounter Planner database, or it is damaged: it does not start with the SQLite header (the file was not changed)")
	controls.ShowError(w, "Could not open the database", err)
	top := w.Canvas().Overlays().Top()
	if top == nil {
		t.Fatal("no dialog")
	}
	txt := allText(top)
	if !strings.Contains(txt, "Could not open the database\n") || !strings.Contains(txt, "Open database /home/gm") {
		t.Errorf("dialog text %q", txt)
	}
	var body *widget.Label
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		switch x := o.(type) {
		case *widget.Label:
			if strings.HasPrefix(x.Text, "Open database") {
				body = x
			}
		case *fyne.Container:
			for _, c := range x.Objects {
				walk(c)
			}
		case fyne.Widget:
			for _, c := range test.WidgetRenderer(x).Objects() {
				walk(c)
			}
		}
	}
	walk(top)
	if body == nil {
		t.Fatal("no detail label")
	}
	if body.Size().Width < controls.ErrDialogMinWidth {
		t.Errorf("the error text is %v wide, want at least %d", body.Size().Width, controls.ErrDialogMinWidth)
	}
	if h, one := body.Size().Height, body.MinSize().Height; h > 5*30 {
		t.Errorf("the error text is %v tall (%v min): it wraps too narrowly", h, one)
	}
	test.AssertRendersToImage(t, "error_dialog.png", w.Canvas())
}

// TestStoreProblemDialogsTakeEscape: on the database problem screen,
// Escape closes "New database in…"'s folder dialog and "Open another
// database…"'s file dialog, as it does everywhere else in the app.
func TestStoreProblemDialogsTakeEscape(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "encounters.db")
	os.WriteFile(bad, []byte("junk"), 0o600)
	s, w := newProblemShell(t, bad, &fakeOpener{})
	for _, b := range []*widget.Button{s.problem.newBtn, s.problem.openBtn} {
		test.Tap(b)
		if w.Canvas().Overlays().Top() == nil {
			t.Fatalf("%q showed no dialog", b.Text)
		}
		w.Canvas().Unfocus() // what a click on the list leaves
		w.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape})
		if top := w.Canvas().Overlays().Top(); top != nil {
			t.Errorf("Escape left %q's dialog open", b.Text)
		}
	}
}
