package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"encounterplanner/model"
)

// heldGiveUp is how long a heldOpener's open waits for the test before
// failing as storage does when its busy timeout passes. Only code that
// waits for the open on the window's goroutine ever sees it pass.
const heldGiveUp = 3 * time.Second

// errHeld is storage's error for a library another program held locked
// past the busy timeout.
var errHeld = fmt.Errorf("open database: %w for more than 5s: close other programs using the database (another Encounter Planner, a database browser) and try again (database is locked)", model.ErrBusy)

// heldOpener opens like fakeOpener, but each open first waits, as
// storage's does for a library that another program holds locked, until
// the test sends the lock's outcome on release (nil: the program let go;
// an error: the open fails with it), or heldGiveUp passes (errHeld). It
// counts the opens that are over, and the stores it opened that were
// closed. Opens may overlap (Open another… while Try again waits).
type heldOpener struct {
	fakeOpener
	mu      sync.Mutex // fakeOpener's calls
	release chan error
	over    atomic.Int32
	closed  atomic.Int32
}

func newHeldOpener() *heldOpener { return &heldOpener{release: make(chan error)} }

func (h *heldOpener) open(path string) (model.EncounterStore, error) {
	defer h.over.Add(1)
	select {
	case err := <-h.release:
		if err != nil {
			return nil, err
		}
	case <-time.After(heldGiveUp):
		return nil, errHeld
	}
	h.mu.Lock()
	st, err := h.fakeOpener.open(path)
	h.mu.Unlock()
	if err != nil {
		return nil, err
	}
	return countClose{st, &h.closed}, nil
}

// let gives an open that waits the lock's outcome (see heldOpener),
// failing the test when none is waiting: code that opened on its own
// goroutine has given up by then.
func (h *heldOpener) let(t *testing.T, err error) {
	t.Helper()
	select {
	case h.release <- err:
	case <-time.After(heldGiveUp):
		t.Fatal("no open was waiting for the library")
	}
}

// countClose is a store that counts its Close calls.
type countClose struct {
	model.EncounterStore
	n *atomic.Int32
}

func (c countClose) Close() error {
	c.n.Add(1)
	return c.EncounterStore.Close()
}

// goodLibrary writes a library fakeOpener opens, and returns its path.
func goodLibrary(t *testing.T) string {
	t.Helper()
	lib := filepath.Join(t.TempDir(), "encounters.db")
	if err := os.WriteFile(lib, []byte("GOOD library"), 0o600); err != nil {
		t.Fatal(err)
	}
	return lib
}

// TestStartWithALockedLibraryShowsTheWindow: with the library held
// locked by another program, the store was opened before the window,
// which then stayed away for the busy timeout (5 s). Start now returns
// while the open still waits, the window says it is opening the library
// (its path, a moving bar), and the problem screen follows when the open
// fails.
func TestStartWithALockedLibraryShowsTheWindow(t *testing.T) {
	lib := goodLibrary(t)
	h := newHeldOpener()
	begun := time.Now()
	s, w, p := newStartShell(t, h.open, Options{DBPath: lib})
	took := time.Since(begun)
	if h.over.Load() != 0 {
		t.Fatalf("Start returned after %v, once the open was over: the window waited for the library", took)
	}
	if s.opening == nil || s.problem != nil || s.Library() != nil {
		t.Fatal("while the library opens the window should say so")
	}
	text := allText(w.Content())
	if !strings.Contains(text, "Opening the library "+lib+"…") {
		t.Errorf("the window says %q: want it to name the library it opens", text)
	}
	if bar := s.opening.bar; !bar.Visible() || !bar.Running() {
		t.Errorf("the opening screen's bar should move")
	}
	bar := s.opening.bar
	h.let(t, errHeld) // the other program keeps it past the busy timeout
	p.until(t, "the problem screen", func() bool { return s.problem != nil })
	if s.opening != nil || bar.Running() {
		t.Errorf("the opening screen should be gone, its bar stopped")
	}
	if b := screenButtons(w)["Try again"]; b == nil || b.Disabled() {
		t.Errorf("a locked library should offer Try again")
	}
	if !strings.Contains(s.problem.detail.Text, "Once the other program has closed it") {
		t.Errorf("the problem screen should say the library is locked: %q", s.problem.detail.Text)
	}
}

// TestStartWithAHealthyLibraryShowsItAtOnce: a library that opens at
// once shows before Start returns, as when it was opened before the
// window: the window never shows the opening screen, and nothing is left
// to post.
func TestStartWithAHealthyLibraryShowsItAtOnce(t *testing.T) {
	lib := goodLibrary(t)
	f := &fakeOpener{}
	s, w, p := newStartShell(t, f.open, Options{DBPath: lib, Library: true})
	if s.Library() == nil || s.opening != nil || s.problem != nil {
		t.Fatalf("a healthy library should show when Start returns; the window says %q", allText(w.Content()))
	}
	if s.opened == nil || s.store != s.opened || s.dbPath != lib {
		t.Errorf("the shell should keep the store it opened (and close it at the end)")
	}
	p.drain()
	if len(f.calls) != 1 || f.calls[0] != lib {
		t.Errorf("opened %v, want %s once", f.calls, lib)
	}
}

// TestTryAgainWhileLockedKeepsTheWindow: Try again on a library another
// program still held froze the window for the busy timeout with nothing
// to say why. The open now waits beside the window: Try again says it is
// trying and takes no second press, the other ways out stay, and the
// screen comes back when the open fails, saying it tried; once the
// program lets go, Try again opens the library.
func TestTryAgainWhileLockedKeepsTheWindow(t *testing.T) {
	lib := goodLibrary(t)
	h := newHeldOpener()
	s, w, p := newStartShell(t, h.open, Options{StoreError: errHeld, DBPath: lib})
	retry := screenButtons(w)["Try again"]
	if retry == nil {
		t.Fatal("a locked library should offer Try again")
	}
	test.Tap(retry)
	if h.over.Load() != 0 {
		t.Fatal("Try again returned once the open was over: the window waited for the library")
	}
	bs := screenButtons(w)
	if b := bs["Trying again…"]; b == nil || !b.Disabled() {
		t.Errorf("while it tries, the button should say so and be off; the screen shows %v", screenButtonNames(bs))
	}
	for _, name := range []string{"Open another database…", "New database in…", "Quit"} {
		if b := bs[name]; b == nil || b.Disabled() {
			t.Errorf("%q should stay offered while it tries", name)
		}
	}
	h.let(t, errHeld) // still locked
	p.until(t, "the failed try", func() bool { return screenButtons(w)["Try again"] != nil })
	if b := screenButtons(w)["Try again"]; b.Disabled() || s.Library() != nil {
		t.Fatalf("after a failed try, Try again should be offered again")
	}
	if !strings.Contains(s.problem.title.Text, "still could not be opened (tried again at 13:45:06)") {
		t.Errorf("a failed try should say so: %q", s.problem.title.Text)
	}
	test.Tap(screenButtons(w)["Try again"])
	h.let(t, nil) // the other program lets go
	p.until(t, "the library", func() bool { return s.Library() != nil })
	if s.problem != nil || s.opened == nil || s.dbPath != lib {
		t.Errorf("the library at %s should show, its store kept", lib)
	}
	if n := h.closed.Load(); n != 0 {
		t.Errorf("the store in use was closed %d times", n)
	}
}

// TestQuitWhileTheLibraryOpens: the app stopping while the library still
// opens neither waits for it nor shows it in the closed window: a store
// that opens afterwards, or opened and was not shown yet, is closed; and
// an open superseded by a later one (Open another… while Try again
// waits) is closed too, never shown.
func TestQuitWhileTheLibraryOpens(t *testing.T) {
	t.Run("OpensAfter", func(t *testing.T) {
		h := newHeldOpener()
		s, _, p := newStartShell(t, h.open, Options{DBPath: goodLibrary(t)})
		s.abandonOpen() // Run does, once the window has gone
		h.let(t, nil)
		waitFor(t, "the store closed", func() bool { return h.closed.Load() == 1 })
		p.drain()
		if s.opened != nil || s.Library() != nil {
			t.Errorf("a store opened after the app stopped was used")
		}
	})
	t.Run("OpenedNotShown", func(t *testing.T) {
		h := newHeldOpener()
		s, _, p := newStartShell(t, h.open, Options{DBPath: goodLibrary(t)})
		h.let(t, nil)
		waitFor(t, "the outcome posted", func() bool {
			s.opens.mu.Lock()
			defer s.opens.mu.Unlock()
			return s.opens.arrived != nil
		})
		s.abandonOpen()
		if n := h.closed.Load(); n != 1 {
			t.Errorf("the store opened, not shown, as the app stopped was closed %d times, want 1", n)
		}
		p.drain()
		if s.opened != nil || s.Library() != nil || s.opening == nil {
			t.Errorf("the store was shown after the app stopped")
		}
	})
	t.Run("Superseded", func(t *testing.T) {
		h := newHeldOpener()
		lib := goodLibrary(t)
		s, w, p := newStartShell(t, h.open, Options{StoreError: errHeld, DBPath: lib})
		test.Tap(screenButtons(w)["Try again"])
		other := goodLibrary(t)
		s.OpenDatabase(other) // what Open another… does with the file chosen
		h.let(t, nil)         // one of the two lets go…
		h.let(t, nil)         // …then the other
		p.until(t, "the other library", func() bool { return s.Library() != nil })
		waitFor(t, "the superseded store closed", func() bool { return h.closed.Load() == 1 })
		p.drain()
		if s.dbPath != other || s.opened == nil {
			t.Errorf("showing %s: want the library opened last, %s", s.dbPath, other)
		}
	})
}

// waitFor polls cond, for what another goroutine does without posting,
// and fails the test if it does not hold within heldGiveUp.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(heldGiveUp)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// TestOpeningScreenLook keeps the opening screen in the problem screen's
// look: its words over a moving bar, centred in the window. The bar stood
// still in the app, all background: its animation never started (Fyne's
// test driver runs one tick of it when it does).
func TestOpeningScreenLook(t *testing.T) {
	h := newHeldOpener()
	s, w, _ := newStartShell(t, h.open, Options{DBPath: "/home/gm/.config/encounter-planner/encounters.db"})
	defer func() { h.let(t, errHeld) }()
	if s.opening == nil {
		t.Fatal("no opening screen")
	}
	bar := s.opening.bar
	if got := bar.Size().Width; got < 400 {
		t.Errorf("the bar is %v wide: want it as wide as the words over it", got)
	}
	c := w.Canvas().Size()
	mid := fyne.CurrentApp().Driver().AbsolutePositionForObject(bar).X + bar.Size().Width/2
	if d := mid - c.Width/2; d < -20 || d > 20 {
		t.Errorf("the bar's middle is %v from the window's", d)
	}
	if objs := test.WidgetRenderer(bar).Objects(); len(objs) < 2 || objs[1].Size().Width <= 0 {
		t.Errorf("the bar's moving part is not drawn: its animation did not start")
	}
	if w.Title() != "Encounter Planner — opening the library" {
		t.Errorf("title %q", w.Title())
	}
}

// TestStartFreshOpensBesideTheWindow: Start fresh moved the damaged file
// aside, then opened the new library on the window's goroutine, which
// froze for as long as the open waited (another program holding the
// folder's new file, a slow disk). It now opens as the library does at
// start: the button returns while the open waits, the window says it is
// making the new library and where the old file went, the library shows
// when the open is done, and the problem screen, naming the moved file,
// when it fails.
func TestStartFreshOpensBesideTheWindow(t *testing.T) {
	for _, fails := range []bool{false, true} {
		t.Run(map[bool]string{false: "Opens", true: "ErrFails"}[fails], func(t *testing.T) {
			bad := filepath.Join(t.TempDir(), "encounters.db")
			if err := os.WriteFile(bad, []byte("junk"), 0o600); err != nil {
				t.Fatal(err)
			}
			aside := bad + ".unreadable-20261129-134506"
			h := newHeldOpener()
			s, w, p := newStartShell(t, h.open, Options{StoreError: errNotDB, DBPath: bad})
			fresh := screenButtons(w)["Start fresh"]
			if fresh == nil {
				t.Fatal("a damaged library should offer Start fresh")
			}
			test.Tap(fresh)
			if h.over.Load() != 0 {
				t.Fatal("Start fresh returned once the open was over: the window waited for the library")
			}
			if _, err := os.Stat(aside); err != nil {
				t.Errorf("the damaged file is not moved aside yet: %v", err)
			}
			if s.opening == nil || s.problem != nil || s.Library() != nil {
				t.Fatal("while the new library opens the window should say so")
			}
			text := allText(w.Content())
			for _, want := range []string{"Making a new library at " + bad + "…", aside} {
				if !strings.Contains(text, want) {
					t.Errorf("the window says %q: want %q", text, want)
				}
			}
			if bar := s.opening.bar; !bar.Visible() || !bar.Running() {
				t.Errorf("the opening screen's bar should move")
			}
			if fails {
				h.let(t, errHeld)
				p.until(t, "the problem screen", func() bool { return s.problem != nil })
				if !strings.Contains(s.problem.detail.Text, "(the old file was moved to "+aside+")") {
					t.Errorf("the problem screen should say where the old file went: %q", s.problem.detail.Text)
				}
				return
			}
			h.let(t, nil)
			p.until(t, "the library", func() bool { return s.Library() != nil })
			if s.opening != nil || s.problem != nil || s.opened == nil || s.dbPath != bad {
				t.Errorf("the new library at %s should show, its store kept", bad)
			}
			if top := w.Canvas().Overlays().Top(); top == nil || !strings.Contains(allText(top), aside) {
				t.Errorf("a dialog should say where the old file went (%s)", aside)
			}
		})
	}
}
