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

var errNotDB = fmt.Errorf("open database: %w", model.ErrNotDatabase)

// fakeOpener fails for a file that does not start with "GOOD" and
// "creates" a missing one (writing GOOD), like storage.OpenDefault. While
// fail is set it fails with that, as storage does for a healthy file that
// another program holds locked.
type fakeOpener struct {
	calls []string
	fail  error
}

func (f *fakeOpener) open(path string) (model.EncounterStore, error) {
	f.calls = append(f.calls, path)
	if f.fail != nil {
		return nil, f.fail
	}
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
	return newProblemShellErr(t, path, f, errNotDB)
}

// newProblemShellErr shows the start screen for storeErr, the error the
// database at path gave.
func newProblemShellErr(t *testing.T, path string, f *fakeOpener, storeErr error) (*Shell, fyne.Window) {
	t.Helper()
	s, w, _ := newStartShell(t, f.open, Options{StoreError: storeErr, DBPath: path})
	return s, w
}

// newStartShell starts a shell with no store, opening databases with
// open, as Run does with opts; the pump runs what the opens post.
func newStartShell(t *testing.T, open func(string) (model.EncounterStore, error), opts Options) (*Shell, fyne.Window, *pump) {
	t.Helper()
	test.NewTempApp(t)
	w := test.NewTempWindow(t, widget.NewLabel(""))
	w.Resize(fyne.NewSize(1024, 700))
	s := NewShell(w, nil)
	p := newPump()
	s.post = p.post
	s.openStore = open
	s.now = func() time.Time { return time.Date(2026, 11, 29, 13, 45, 6, 0, time.UTC) }
	opts.OpenStore = open
	s.Start(opts)
	return s, w, p
}

func TestStoreProblemStartFresh(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "encounters.db")
	junk := []byte("this is a text file, not a database\n")
	os.WriteFile(bad, junk, 0o600)
	os.WriteFile(bad+"-wal", []byte("stale wal"), 0o600)
	f := &fakeOpener{}
	s, w, p := newStartShell(t, f.open, Options{StoreError: errNotDB, DBPath: bad})
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
	p.until(t, "the library", func() bool { return s.Library() != nil })
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
	s, _, p := newStartShell(t, f.open, Options{StoreError: errNotDB, DBPath: bad})
	// another bad file: the screen stays, naming the new file
	s.OpenDatabase(other)
	p.until(t, "the screen naming "+other, func() bool { return s.problem != nil && strings.Contains(s.problem.title.Text, other) })
	// a new database in a folder: opens it
	fresh := filepath.Join(dir, newDBName)
	s.OpenDatabase(fresh)
	p.until(t, "the library", func() bool { return s.Library() != nil })
	if s.problem != nil {
		t.Errorf("a good database should show the library, not the problem screen")
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

// screenButtons returns the buttons the start screen shows, by text.
func screenButtons(w fyne.Window) map[string]*widget.Button {
	bs := map[string]*widget.Button{}
	walkShown(w.Content(), func(o fyne.CanvasObject) {
		if x, ok := o.(*widget.Button); ok {
			bs[x.Text] = x
		}
	})
	return bs
}

// asideFiles lists what moveAside would have made in dir.
func asideFiles(t *testing.T, dir string) []string {
	t.Helper()
	m, err := filepath.Glob(filepath.Join(dir, "*.unreadable-*"))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestStoreProblemHealthyFileOffersTryAgain: a healthy library that
// another program holds locked (or that is read-only, or on a full disk)
// got the damaged file's screen, with Start fresh as its default; one
// click moved the GM's library aside and put a new one with only the
// sample in its place. It now offers Try again as the default, which
// opens the same file once the problem is gone, and no Start fresh.
func TestStoreProblemHealthyFileOffersTryAgain(t *testing.T) {
	for _, tc := range []struct {
		name string
		err  error
	}{
		{"ErrBusy", fmt.Errorf("open database: %w for more than 5s: close other programs using the database and try again (database is locked)", model.ErrBusy)},
		{"ErrReadOnly", fmt.Errorf("open database: %w: it needs upgrading to version 7, which means writing to it; make the file writable (the file was not changed)", model.ErrReadOnly)},
		{"ErrDiskFull", fmt.Errorf("open database: %w: free some disk space and try again", model.ErrDiskFull)},
		{"ErrPermission", fmt.Errorf("open database: %w", fs.ErrPermission)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			lib := filepath.Join(dir, "encounters.db")
			os.WriteFile(lib, []byte("GOOD library"), 0o600)
			os.WriteFile(lib+"-wal", []byte("GOOD wal"), 0o600)
			f := &fakeOpener{fail: tc.err}
			s, w, p := newStartShell(t, f.open, Options{StoreError: tc.err, DBPath: lib})
			bs := screenButtons(w)
			if bs["Start fresh"] != nil {
				t.Errorf("a healthy library the app could not open offers Start fresh")
			}
			retry := bs["Try again"]
			if retry == nil || retry.Disabled() || retry.Importance != widget.HighImportance {
				t.Fatalf("want Try again, enabled and the default; the screen shows %v", bs)
			}
			for _, name := range []string{"Open another database…", "New database in…", "Quit"} {
				if b := bs[name]; b == nil || b.Disabled() {
					t.Errorf("%q should be offered", name)
				}
			}
			if strings.Contains(s.problem.detail.Text, "start fresh") || strings.Contains(s.problem.detail.Text, "moved aside") {
				t.Errorf("the screen talks of a damaged file: %q", s.problem.detail.Text)
			}
			// Start fresh called anyway (a stale shortcut) moves nothing
			if _, err := s.StartFresh(); err == nil {
				t.Errorf("StartFresh on a healthy library did not refuse")
			}
			// still locked: the screen stays and says it tried
			test.Tap(retry)
			p.until(t, "the failed try", func() bool { return s.problem != nil && !s.problem.retryBtn.Disabled() })
			if s.Library() != nil {
				t.Fatal("Try again while still locked left the screen")
			}
			if !strings.Contains(s.problem.title.Text, "tried again at 13:45:06") {
				t.Errorf("a failed Try again should say so: %q", s.problem.title.Text)
			}
			// the other program lets go
			f.fail = nil
			test.Tap(screenButtons(w)["Try again"])
			p.until(t, "the library", func() bool { return s.Library() != nil })
			if s.problem != nil {
				t.Fatal("Try again once the problem is gone should show the library")
			}
			if n := len(f.calls); n != 2 || f.calls[0] != lib || f.calls[1] != lib {
				t.Errorf("Try again should open the same path: %v", f.calls)
			}
			if b, _ := os.ReadFile(lib); string(b) != "GOOD library" {
				t.Errorf("the library was changed: %q", b)
			}
			if b, _ := os.ReadFile(lib + "-wal"); string(b) != "GOOD wal" {
				t.Errorf("the library's -wal was changed: %q", b)
			}
			if m := asideFiles(t, dir); len(m) != 0 {
				t.Errorf("a healthy library was moved aside: %v", m)
			}
		})
	}
}

// TestStoreProblemNewerOffersNoStartFresh: a database a newer version
// wrote is healthy, so it is not moved aside either; trying again here
// gives the same answer, so the default is to open another.
func TestStoreProblemNewerOffersNoStartFresh(t *testing.T) {
	dir := t.TempDir()
	lib := filepath.Join(dir, "encounters.db")
	os.WriteFile(lib, []byte("GOOD newer"), 0o600)
	err := fmt.Errorf("open database: %w: its schema version is 99", model.ErrNewerSchema)
	s, w := newProblemShellErr(t, lib, &fakeOpener{fail: err}, err)
	bs := screenButtons(w)
	if bs["Start fresh"] != nil || bs["Try again"] != nil {
		t.Errorf("a newer database offers %v", bs)
	}
	if b := bs["Open another database…"]; b == nil || b.Importance != widget.HighImportance {
		t.Errorf("Open another database… should be the default")
	}
	if !strings.Contains(s.problem.detail.Text, "newer Encounter Planner") {
		t.Errorf("the screen should point at the newer version: %q", s.problem.detail.Text)
	}
}

// TestStoreProblemFolderIsNeverMoved: --db naming a folder showed the
// right message, but Start fresh, the default, renamed the folder (the
// user's files in it) to NAME.unreadable-… and made a database named like
// it. A folder is refused without being opened (reliability.md), and now
// without being moved: no Start fresh, no Try again.
func TestStoreProblemFolderIsNeverMoved(t *testing.T) {
	dir := t.TempDir()
	folder := filepath.Join(dir, "Campaigns")
	os.Mkdir(folder, 0o755)
	os.WriteFile(filepath.Join(folder, "notes.txt"), []byte("important"), 0o600)
	err := fmt.Errorf("open database %s: %w: it is a folder; give the path of a .db file", folder, model.ErrNotDatabase)
	s, w := newProblemShellErr(t, folder, &fakeOpener{}, err)
	bs := screenButtons(w)
	if bs["Start fresh"] != nil || bs["Try again"] != nil {
		t.Errorf("a folder offers %v: want neither Start fresh nor Try again", screenButtonNames(bs))
	}
	if b := bs["Open another database…"]; b == nil || b.Disabled() || b.Importance != widget.HighImportance {
		t.Errorf("Open another database… should be the default")
	}
	if b := bs["New database in…"]; b == nil || b.Disabled() {
		t.Errorf("New database in… should be offered")
	}
	if !strings.Contains(s.problem.detail.Text, "Nothing was changed or moved") {
		t.Errorf("the screen should say nothing is moved: %q", s.problem.detail.Text)
	}
	if _, err := s.StartFresh(); err == nil {
		t.Errorf("StartFresh on a folder did not refuse")
	}
	if b, err := os.ReadFile(filepath.Join(folder, "notes.txt")); err != nil || string(b) != "important" {
		t.Errorf("the folder's file is gone: %v", err)
	}
	if m := asideFiles(t, dir); len(m) != 0 {
		t.Errorf("the folder was moved aside: %v", m)
	}
}

// TestStoreProblemAdviceFitsTheProblem: under the error, the start screen
// says what to do about that problem, and no other. A full disk was told to "close the
// other program, free some disk space, or make the file and its folder
// writable" (with the store's "the disk reported an error: check the
// disk" above it, as if the disk were failing); a folder to "open a
// database file", under the store's "not an Encounter Planner database,
// or it is damaged: it is a folder". The errors are worded as storage
// words them now (storage's TestDiskFullAtOpen and TestOpen/ErrFolder).
func TestStoreProblemAdviceFitsTheProblem(t *testing.T) {
	dir := t.TempDir()
	lib := filepath.Join(dir, "encounters.db")
	os.WriteFile(lib, []byte("GOOD library"), 0o600)
	folder := filepath.Join(dir, "Campaigns")
	os.Mkdir(folder, 0o755)
	for _, c := range []struct {
		name, path string
		err        error
		want       []string
		not        []string
	}{
		{"DiskFull", lib, fmt.Errorf("open database %s: %w: free some disk space and try again (disk I/O error: no space left on device)", lib, model.ErrDiskFull),
			[]string{"the disk is full: free some disk space", "Once there is room on the disk, choose Try again"},
			[]string{"close the other program", "writable", "check the disk"}},
		{"Busy", lib, fmt.Errorf("open database %s: %w for more than 5s: close other programs using the database and try again (database is locked)", lib, model.ErrBusy),
			[]string{"Once the other program has closed it, choose Try again"},
			[]string{"free some disk space", "writable"}},
		// no library yet, and none can be made there: nothing in it to
		// keep, and free disk space or another program is beside the point
		{"FolderCannotBeMade", filepath.Join(lib, "encounter-planner", "encounters.db"),
			fmt.Errorf("open database %s: create its folder: mkdir %s: not a directory", filepath.Join(lib, "encounter-planner", "encounters.db"), filepath.Join(lib, "encounter-planner")),
			[]string{"there is no library at " + filepath.Join(lib, "encounter-planner", "encounters.db") + " yet", "could not make it there", "New database in…"},
			[]string{"the encounters in it are still there", "free some disk space", "close the other program"}},
		{"FolderCannotBeWritten", filepath.Join(folder, "encounters.db"),
			fmt.Errorf("open database %s: %w: its folder %s cannot be written, so the database cannot be created there", filepath.Join(folder, "encounters.db"), model.ErrReadOnly, folder),
			[]string{"there is no library at", "Make that folder writable", "choose Try again"},
			[]string{"the encounters in it are still there", "free some disk space", "close the other program"}},
		// no config folder to keep the library in: nothing there to keep,
		// and Try again (off) would only find no folder again
		{"NoFolderForTheLibrary", "", errors.New("find the database folder: neither $XDG_CONFIG_HOME nor $HOME are defined (use --db PATH)"),
			[]string{"There is no folder to keep the library in", "New database in…", "--db PATH"},
			[]string{"the encounters in it are still there", "Try again", "free some disk space"}},
		{"ReadOnly", lib, fmt.Errorf("open database %s: %w: it needs upgrading to version 7, which means writing to it; make the file writable (the file was not changed)", lib, model.ErrReadOnly),
			[]string{"the encounters in it are still there", "Once the file and its folder can be written", "choose Try again"},
			[]string{"free some disk space", "close the other program"}},
		{"Folder", folder, &folderError{folder},
			[]string{"it is a folder, not a database file", "Nothing was changed or moved: what is in the folder stays where it is", "pick the database file itself"},
			[]string{"damaged", "not an Encounter Planner database"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, _ := newProblemShellErr(t, c.path, &fakeOpener{fail: c.err}, c.err)
			text := s.problem.detail.Text
			for _, w := range c.want {
				if !strings.Contains(text, w) {
					t.Errorf("the screen says %q\nwant %q", text, w)
				}
			}
			for _, w := range c.not {
				if strings.Contains(text, w) {
					t.Errorf("the screen says %q, which does not fit: %q", w, text)
				}
			}
		})
	}
}

// folderError is storage's refusal of a folder given as the database,
// in its words: ErrNotDatabase to errors.Is, not in its text.
type folderError struct{ path string }

func (e *folderError) Error() string {
	return "open database " + e.path + ": it is a folder, not a database file; give the path of the database file itself, such as " +
		filepath.Join(e.path, "encounters.db") + " (nothing was opened or changed)"
}
func (e *folderError) Is(target error) bool { return target == model.ErrNotDatabase }

// TestStoreProblemLinkIsNeverMoved: a link given as the database, to a
// damaged file, is not moved aside (moveAside's doc says why), and the
// screen says so.
func TestStoreProblemLinkIsNeverMoved(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "real.db")
	os.WriteFile(target, []byte("junk"), 0o600)
	link := filepath.Join(dir, "encounters.db")
	if err := os.Symlink(target, link); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	s, w := newProblemShell(t, link, &fakeOpener{})
	if bs := screenButtons(w); bs["Start fresh"] != nil {
		t.Errorf("a link offers Start fresh")
	}
	if !strings.Contains(s.problem.detail.Text, "is a link") {
		t.Errorf("the screen should say the path is a link: %q", s.problem.detail.Text)
	}
	if _, err := s.StartFresh(); err == nil {
		t.Errorf("StartFresh on a link did not refuse")
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("the link was moved or replaced: %v", err)
	}
	if m := asideFiles(t, dir); len(m) != 0 {
		t.Errorf("moved aside: %v", m)
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

// screenButtonNames lists bs's texts, for a failure message.
func screenButtonNames(bs map[string]*widget.Button) []string {
	var n []string
	for k := range bs {
		n = append(n, k)
	}
	return n
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
		}
		for _, c := range childrenOf(o) {
			walk(c)
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
	walkObjects(top, func(o fyne.CanvasObject) {
		if x, ok := o.(*widget.Label); ok && strings.HasPrefix(x.Text, "Open database") {
			body = x
		}
	})
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
