package ui

import (
	"fmt"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/ui/controls"
)

// Opening the library waits out SQLite's busy timeout (storage's 5
// seconds) when another program holds the file locked: another copy of
// the app, a database browser in the middle of a transaction. It was
// opened on the window's goroutine, so at start no window showed for
// those seconds, and on the database problem screen Try again froze the
// window with nothing to say why. The store is now opened beside the
// window (openBeside): meanwhile the window says "Opening the library
// PATH…" under a moving bar (showOpening; after Start fresh "Making a new
// library at PATH…"), or Try again says "Trying again…", and the outcome
// is applied on the UI goroutine (Shell.post, fyne.Do). The app may stop
// meanwhile: a store that opens after that is closed, never shown
// (abandonOpen).

// quickOpen is how long Start waits for the library before the window
// first shows. A healthy library opens well within it and shows at once,
// as it did when it was opened before the window, without a frame of the
// opening screen; a locked one shows the opening screen after it. It
// bounds the wait: an open that is done sooner is not held back.
const quickOpen = 150 * time.Millisecond

// openingScreen is the screen shown while the library opens beside the
// window, for tests.
type openingScreen struct {
	path  string
	label *widget.Label
	bar   *widget.ProgressBarInfinite
}

// openings are the shell's opens under way. Only the newest is applied:
// a newer one (Open another… while Try again waits) or the app stopping
// makes an older one's store be closed when it comes. The mutex guards
// them: the opens finish on their own goroutines.
type openings struct {
	mu      sync.Mutex
	gen     int         // the newest open's number
	arrived *openResult // the newest open's outcome, posted, not yet applied
	stopped bool        // the app is stopping: nothing more is applied
}

// openResult is what one open gave.
type openResult struct {
	gen int
	st  model.EncounterStore
	err error
}

// closeStore closes st, which was opened for nothing.
func closeStore(st model.EncounterStore) {
	if st != nil {
		st.Close()
	}
}

// showOpening shows that the library at path is being opened: its path
// and a moving bar, in the problem screen's place and look.
func (s *Shell) showOpening(path string) {
	s.showOpeningWords(path, "Opening the library "+path+"…", openingWait)
}

// openingWait is what the opening screen says under its title.
const openingWait = "If another program is using it, this can take a few seconds."

// showOpeningWords shows the opening screen for the library at path with
// its own words: title, then detail.
func (s *Shell) showOpeningWords(path, title, detail string) {
	s.problem, s.lib = nil, nil
	s.dbPath = path
	sc := &openingScreen{path: path}
	content, head, _ := controls.ErrorContent(title, detail, 560)
	sc.label = head
	sc.bar = widget.NewProgressBarInfinite()
	s.opening = sc
	s.win.SetMainMenu(nil)
	s.win.Canvas().SetOnTypedKey(nil)
	s.win.SetTitle("Encounter Planner — opening the library")
	s.win.SetContent(container.NewCenter(container.NewPadded(container.NewVBox(content, sc.bar))))
	// Its renderer, made as the window lays it out, counts it as running
	// without starting the animation: the bar stood still, all
	// background. A refresh starts it.
	sc.bar.Refresh()
}

// openAtStart opens the library at opts.DBPath beside the window, showing
// the opening screen unless it opens within quickOpen; then it shows what
// opts ask for, or the problem screen.
func (s *Shell) openAtStart(opts Options) {
	path := opts.DBPath
	s.showOpening(path)
	s.openBeside(path, quickOpen, func(st model.EncounterStore, err error) {
		if err != nil {
			s.showStoreProblem(path, err)
			return
		}
		s.store, s.opened, s.dbPath = st, st, path
		s.showFirst(opts)
	})
}

// OpenDatabase opens (or creates) the database at path with
// Options.OpenStore, beside the window, which meanwhile says it is
// opening it; then the library shows, or the start screen with the new
// error. Without OpenStore it does nothing (the screen offers no way to
// call it).
func (s *Shell) OpenDatabase(path string) {
	if s.openStore == nil {
		return
	}
	s.showOpening(path)
	s.openBeside(path, 0, func(st model.EncounterStore, err error) {
		if err != nil {
			s.showStoreProblem(path, err)
			return
		}
		s.useStore(st, path)
	})
}

// tryAgain opens the database at path again (the start screen's Try
// again), beside the window: the button says it is trying meanwhile and
// takes no second press. When it still fails, the screen's title says
// when it was tried, so that the same message does not read as if nothing
// happened.
func (s *Shell) tryAgain(path string) {
	sc := s.problem
	if s.openStore == nil || sc == nil {
		return
	}
	sc.retryBtn.SetText("Trying again…")
	sc.retryBtn.Disable()
	s.openBeside(path, 0, func(st model.EncounterStore, err error) {
		if err == nil {
			s.useStore(st, path)
			return
		}
		s.showStoreProblem(path, err)
		now := time.Now
		if s.now != nil {
			now = s.now
		}
		s.problem.title.SetText(fmt.Sprintf("The encounter database %s still could not be opened (tried again at %s).", path, now().Format("15:04:05")))
	})
}

// openBeside opens the database at path with the shell's OpenStore on
// another goroutine and hands the store or the error to apply on the UI
// goroutine. With wait > 0 it first waits up to that long for the
// outcome and applies it before it returns (Start, before the window
// shows); otherwise apply runs from a post. A later openBeside, or the
// app stopping, drops the outcome and closes its store.
func (s *Shell) openBeside(path string, wait time.Duration, apply func(model.EncounterStore, error)) {
	o := &s.opens
	o.mu.Lock()
	o.gen++
	gen := o.gen
	if r := o.arrived; r != nil { // an older open's, not applied yet
		o.arrived = nil
		closeStore(r.st)
	}
	o.mu.Unlock()
	open := s.openStore
	done := make(chan openResult, 1)
	go func() {
		st, err := open(path)
		done <- openResult{gen: gen, st: st, err: err}
	}()
	if wait > 0 {
		t := time.NewTimer(wait)
		defer t.Stop()
		select {
		case r := <-done:
			if p := s.arrive(r); p != nil {
				s.land(p, apply)
			}
			return
		case <-t.C:
		}
	}
	go func() {
		if p := s.arrive(<-done); p != nil {
			s.post(func() { s.land(p, apply) })
		}
	}()
}

// arrive keeps r, an open's outcome, for land, and returns it; when a
// newer open has started or the app is stopping it closes r's store
// instead and returns nil. Any goroutine may call it.
func (s *Shell) arrive(r openResult) *openResult {
	o := &s.opens
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.stopped || r.gen != o.gen {
		closeStore(r.st)
		return nil
	}
	o.arrived = &r
	return &r
}

// land applies r, on the UI goroutine, unless a newer open or the app
// stopping took it meanwhile (and closed its store).
func (s *Shell) land(r *openResult, apply func(model.EncounterStore, error)) {
	o := &s.opens
	o.mu.Lock()
	if o.arrived != r || o.stopped {
		o.mu.Unlock()
		return
	}
	o.arrived = nil
	o.mu.Unlock()
	if s.opening != nil {
		s.opening.bar.Stop()
		s.opening = nil
	}
	apply(r.st, r.err)
}

// abandonOpen gives up the open under way as the app stops: nothing more
// is applied to the window, and a store that opened, or opens later, is
// closed. The open itself is not waited for (a locked library would hold
// the quit for seconds); SQLite leaves the file whole wherever it stops.
func (s *Shell) abandonOpen() {
	o := &s.opens
	o.mu.Lock()
	defer o.mu.Unlock()
	o.stopped = true
	if r := o.arrived; r != nil {
		o.arrived = nil
		closeStore(r.st)
	}
}

// quit is the problem screen's Quit: nothing more opens, then the app
// stops.
func (s *Shell) quit() {
	s.abandonOpen()
	if a := fyne.CurrentApp(); a != nil {
		a.Quit()
	}
}
