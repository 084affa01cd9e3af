// Package ui is the desktop app: the shell that opens the store and
// switches between the encounter library and the map editor. It reads and
// writes encounters through a model.EncounterStore and asks rules/ for
// movement, cover and flanking (and rules.Describe for what each ruleset
// has and calls things).
//
// The Editor coordinates the parts of its window, each a struct owning its
// widgets and state, in a file named after it: toolPanel (toolpanel.go),
// statusBar (statusbar.go), inspectorPanel (inspector.go), overlayPanel
// (overlaypanel.go), the map gestures (gestures.go), the live overlays
// (liveoverlays.go) and autosave (save.go); the map tools beyond painting
// each have theirs: walls and doors on grid lines (edgetool.go), fog of war
// and GM-only squares (fogtool.go), elevation keys and field
// (elevation.go), token pictures (tokenart.go) and the map image import
// (imageimport.go). What needs no window lives in packages under ui/:
//
//	ui/session   the overlay worker, path and answer words, where tokens may
//	             stand, painting, edges, fog masks, token pictures and undo
//	             history (no Fyne; table tests)
//	ui/mapview   the map widget shared by the editor and the player display
//	ui/player    the player display and its calibration
//	ui/library   the encounter list and importing files
//	ui/mapimport reading and aligning a battle map image
//	ui/controls  small widgets: tooltips, Escape-aware dialogs, error dialogs
//	ui/render    the pure map drawing shared with the exports
//	ui/export    PNG, PDF and Universal VTT
//	ui/cli       the command line
package ui

import (
	"context"
	"fmt"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"

	"encounterplanner/model"
	"encounterplanner/ui/controls"
	"encounterplanner/ui/library"
	"encounterplanner/ui/player"
	"encounterplanner/ui/render"
	"encounterplanner/ui/session"
)

// AppID is the Fyne application id (preferences, storage location).
const AppID = "com.encounterplanner.app"

// prefLast keeps the id of the last opened encounter.
const prefLast = "lastEncounter"

// rememberLast keeps id as the encounter to reopen; it writes the
// preferences only when the id changes.
func rememberLast(id string) {
	a := fyne.CurrentApp()
	if id == "" || a == nil {
		return
	}
	if p := a.Preferences(); p.String(prefLast) != id {
		p.SetString(prefLast, id)
	}
}

// Options configure Run.
type Options struct {
	// InitialEncounterID opens this encounter at start; "" reopens the last
	// encounter, or shows the library when there is none.
	InitialEncounterID string
	// StoreError, when the store could not be opened, is shown at start in
	// place of the library (store may then be nil).
	StoreError error
	// Library forces the library at start, even when there is a last
	// encounter to reopen.
	Library bool
	// WindowSize is the main window's first size; zero means the size the
	// window had when the app last stopped, or 1200x780 the first time.
	WindowSize fyne.Size
	// DBPath is the database file the store was (or failed to be) opened
	// from, or, with no store and no StoreError, the one to open; the
	// start screen for StoreError names it and, for a damaged file,
	// offers to move it aside.
	DBPath string
	// OpenStore opens (creating and seeding when new) the database at a
	// path. With it, the StoreError screen offers "Open another database…"
	// and, by the error, "Start fresh" (a damaged file) or "Try again" (a
	// locked, read-only or full one); without it, only Quit. Given no
	// store and no StoreError, Start opens DBPath with it beside the
	// window (startupopen.go), which shows meanwhile that it is opening
	// the library. Run closes what it opens.
	OpenStore func(path string) (model.EncounterStore, error)
	// Salvage reads what it can of a damaged library (storage.Salvage):
	// with it, Start fresh takes into the new library every encounter
	// the file moved aside still gives (startup.go).
	Salvage func(path string) ([]*model.Encounter, []string, error)
}

// Run starts the app with the store and blocks until it quits. With a
// nil store and no opts.StoreError it opens opts.DBPath with
// opts.OpenStore, beside the window: a library another program holds
// locked no longer keeps the window from showing.
func Run(store model.EncounterStore, opts Options) {
	a := app.NewWithID(AppID)
	controls.KeepFilesUntilWritten() // a Save dialog never empties the file it chose
	w := a.NewWindow("Encounter Planner")
	size := initialWindowSize(a.Preferences(), opts.WindowSize)
	s := NewShell(w, store)
	s.openStore = opts.OpenStore
	s.watchEvery = library.WatchEvery
	s.Start(opts)
	w.Resize(size) // after the content: the library and editor set theirs in Start
	// geometry.go: a first window larger than a small screen is fitted to it
	a.Lifecycle().SetOnStarted(func() { fitFirstWindow(w, a.Preferences(), opts.WindowSize) })
	w.SetOnClosed(s.abandonOpen) // an open under way is not shown in a closed window
	w.ShowAndRun()
	// The stop's work runs here, once Fyne's loop has ended, not as the
	// lifecycle's OnStopped: Fyne 2.7.1 queues that hook while it drains
	// its main queue, and when the hook's hand-over to the main loop is
	// still in flight as the queue closes, nothing ever runs it and Run
	// waits for it for good (an e2e run hung on Ctrl+Q so, the window
	// gone). The window system has shut down here as it had there.
	s.stopped() // abandons an open under way; the open itself is not waited for
	if s.opened != nil {
		s.opened.Close()
	}
}

// stopped runs as the app stops: it remembers the window's geometry, so
// the next start opens as the GM left it, and saves the editor's last
// edits when the app stops some other way than by its window (the session
// ends). The window system is gone by then: nothing here may touch a
// widget or the window but read its last size.
func (s *Shell) stopped() {
	s.abandonOpen()
	s.rememberGeometry()
	if s.ed != nil {
		s.ed.saveAtStop()
	}
}

// Shell is the main window: the library or one editor at a time.
type Shell struct {
	win   fyne.Window
	store model.EncounterStore
	ed    *Editor
	lib   *library.Library
	idle  *player.Display // the player display, open while the library shows
	post  func(func())    // fyne.Do; tests pump background results themselves
	// watchEvery is how often the library or editor shown looks for
	// changes made elsewhere (library.Watch, Editor.watchElsewhere); 0, as
	// in tests: never
	watchEvery time.Duration

	openStore func(path string) (model.EncounterStore, error)
	salvage   func(path string) ([]*model.Encounter, []string, error) // Options.Salvage
	opened    model.EncounterStore                                    // a store the shell opened itself (closed by Run)
	opens     openings                                                // its opens under way (startupopen.go)
	dbPath    string
	opening   *openingScreen   // "Opening the library…", while it shows
	problem   *storeScreen     // the database problem screen, when it shows
	now       func() time.Time // the clock for aside names (tests)
}

// NewShell manages win for store.
func NewShell(w fyne.Window, store model.EncounterStore) *Shell {
	s := &Shell{win: w, store: store, post: fyne.Do}
	w.SetCloseIntercept(s.closeAsked) // quitimport.go
	return s
}

// Editor returns the open editor, nil when the library shows.
func (s *Shell) Editor() *Editor { return s.ed }

// Library returns the library view, nil when an editor shows.
func (s *Shell) Library() *library.Library { return s.lib }

// Start shows what opts ask for. With no store and no StoreError it
// opens opts.DBPath first, beside the window (openAtStart).
func (s *Shell) Start(opts Options) {
	s.salvage = opts.Salvage
	if s.store == nil && opts.StoreError == nil && s.openStore != nil && opts.DBPath != "" {
		s.openAtStart(opts)
		return
	}
	if opts.StoreError != nil || s.store == nil {
		err := opts.StoreError
		if err == nil {
			err = fmt.Errorf("no encounter store")
		}
		s.showStoreProblem(opts.DBPath, err)
		return
	}
	s.showFirst(opts)
}

// showFirst shows, once the store is open, the encounter opts ask for,
// else (unless opts.Library) the last one opened, else the library.
func (s *Shell) showFirst(opts Options) {
	id := opts.InitialEncounterID
	if id == "" && !opts.Library {
		id = fyne.CurrentApp().Preferences().String(prefLast)
		if id != "" {
			if err := s.Open(id); err == nil {
				return
			}
			s.ShowLibrary()
			return
		}
	}
	if id != "" {
		if err := s.Open(id); err != nil {
			s.ShowLibrary()
			controls.ShowError(s.win, "Could not open the encounter", err)
		}
		return
	}
	s.ShowLibrary()
}

// ShowLibrary swaps the editor (already saved) for the library. An open
// player display stays open on the last map (idlePlayer).
func (s *Shell) ShowLibrary() {
	var pd *player.Display
	if s.ed != nil {
		s.ed.rememberRightPane()
		pd = s.ed.releasePlayer()
		s.ed.Close()
		s.ed = nil
	}
	c := s.win.Canvas()
	for _, sc := range editorShortcuts {
		c.RemoveShortcut(sc)
	}
	s.lib = library.New(s.win, s.store, s.openOrShow)
	s.lib.OnHelp = func() { showHelp(s.win) }
	if s.watchEvery > 0 {
		s.lib.Watch(s.watchEvery, s.post)
	}
	if pd != nil {
		s.idlePlayer(pd)
	}
}

// idlePlayer keeps the player display open while the library shows: the
// table's screen goes on showing the last map as the players saw it (its
// areas, no shared reach), and the next encounter opened takes it over
// (Open). Keys typed there do nothing but its own. The library's View >
// Player display closes it; renaming that encounter in the library
// renames the window, and deleting it leaves the players a map all in fog.
func (s *Shell) idlePlayer(pd *player.Display) {
	if pd.Closed() {
		return
	}
	s.idle = pd
	shown := pd.Encounter()
	pd.Follow(player.Source{
		Encounter: func() *model.Encounter { return shown },
		Answer:    func() (*render.Overlays, *session.Result) { return nil, nil },
		Grid:      pd.View().GridShown(),
		Parent:    s.win,
		Escapes:   controls.EscapesOf(s.win),
		Say:       func(string) {},
		OnClosed: func() {
			if s.idle == pd {
				s.idle = nil
				if s.lib != nil {
					s.lib.SetPlayerDisplay(nil)
				}
			}
		},
	})
	lib := s.lib
	lib.SetPlayerDisplay(s.closePlayer)
	lib.OnRenamed = func(id, name string) {
		if s.idle == pd && shown.ID == id {
			c := *shown
			c.Name = name
			shown = &c
			pd.Refresh()
		}
	}
	lib.OnDeleted = func(id string) {
		if s.idle == pd && shown.ID == id {
			shown = &model.Encounter{Ruleset: shown.Ruleset, Grid: model.NewGrid(shown.Grid.W, shown.Grid.H),
				Revealed: make([]bool, shown.Grid.W*shown.Grid.H)} // nothing to show: fog
			pd.Refresh()
		}
	}
}

// takePlayer returns the player display open beside the library or the
// editor, which no longer has it; nil when none is open.
func (s *Shell) takePlayer() *player.Display {
	if s.ed != nil {
		return s.ed.releasePlayer()
	}
	pd := s.idle
	s.idle = nil
	return pd
}

// closePlayer closes the player display the library keeps open.
func (s *Shell) closePlayer() {
	if s.idle != nil {
		s.idle.Close()
		s.idle = nil
		if s.lib != nil {
			s.lib.SetPlayerDisplay(nil)
		}
	}
}

func (s *Shell) openOrShow(id string) {
	if err := s.Open(id); err != nil {
		controls.ShowError(s.win, "Could not open the encounter", err)
	}
}

// Open loads the encounter (by id or name) into a new editor.
func (s *Shell) Open(nameOrID string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	id, err := s.store.Find(ctx, nameOrID)
	if err != nil {
		return fmt.Errorf("open %q: %w", nameOrID, err)
	}
	e, err := s.store.Load(ctx, id)
	if err != nil {
		return fmt.Errorf("open %q: %w", nameOrID, err)
	}
	pd := s.takePlayer() // the table's window follows the new encounter
	if s.ed != nil {
		s.ed.rememberRightPane() // the next editor opens with the GM's divider
		s.ed.Close()
	}
	s.lib = nil
	s.ed = newEditor(s.win, s.store, e, s.post)
	s.ed.adoptPlayer(pd)
	s.ed.OnLibrary = s.ShowLibrary
	s.ed.OnOpen = s.openOrShow
	if s.watchEvery > 0 {
		s.ed.watchElsewhere(s.watchEvery) // another window's changes (elsewhere.go)
	}
	rememberLast(e.ID)
	if len(e.Dropped) > 0 {
		controls.ShowError(s.win, "Some of the encounter could not be used as stored", fmt.Errorf("%s. The database keeps it as it was until the encounter is next saved, which stores it as it opened: to keep a copy, quit now and run encounter-planner backup COPY.db", strings.Join(e.Dropped, "; ")))
	}
	return nil
}
