package ui

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/ui/controls"
	"encounterplanner/ui/export"
)

// The start screen for a database that cannot be opened (damaged, not a
// database, written by a newer version, read-only, …): it never writes to
// the file, and offers a way out — open another database, start fresh with
// the bad file moved aside (never overwritten or deleted), or quit.
//
// What it offers depends on what is wrong (storeProblemOf). Only a file that is
// damaged or not an Encounter Planner database (model.ErrNotDatabase) can
// be started afresh, and only when the path is a regular file: a library
// that is locked by another program, read-only or on a full disk is
// healthy, and moving it aside would hide every encounter in it, so those
// offer Try again instead; a folder, FIFO or device given as the database
// is nothing to move (the user's files may be in it), nor is a link.

// newDBName is the file "New database in…" creates in the chosen folder.
const newDBName = "encounters.db"

// sqliteSidecars are the files SQLite keeps next to a database; they move
// aside with it, since a fresh database must not pick up a stale journal.
var sqliteSidecars = []string{"-wal", "-shm", "-journal"}

// storeScreen is the start screen's state, for tests.
type storeScreen struct {
	err                                       error
	path                                      string
	kind                                      problemKind
	title, detail                             *widget.Label
	details                                   *widget.Accordion // SQLite's own words, for a damaged file (model.DamageError)
	technical                                 *widget.Label     // in details
	openBtn, newBtn, freshBtn, retryBtn, quit *widget.Button
}

// problemKind is what is wrong with a database that could not be opened,
// as far as the start screen's ways out go.
type problemKind int

const (
	// problemRetry: the file may well be healthy (locked by another
	// program, read-only, a full disk, a folder that cannot be read, an
	// I/O error). Try again opens the same path again; nothing is moved.
	problemRetry problemKind = iota
	// problemDamaged: a regular file that is damaged or not an Encounter
	// Planner database. Start fresh moves it aside.
	problemDamaged
	// problemNotAFile: the path is a folder, FIFO, device or socket, or a
	// link: nothing there is moved, and trying again gives the same answer.
	problemNotAFile
	// problemNewer: a newer Encounter Planner wrote the database. It is
	// healthy; only that version opens it.
	problemNewer
)

// storeProblemOf says what is wrong with the database at path that err failed
// to open. It looks at the path itself for what it is, so that a folder
// or a FIFO is never taken for a damaged file whatever the store said.
func storeProblemOf(path string, err error) problemKind {
	if errors.Is(err, model.ErrNewerSchema) {
		return problemNewer
	}
	if path == "" {
		return problemRetry
	}
	if fi, lerr := os.Lstat(path); lerr == nil && !fi.Mode().IsRegular() {
		if fi.Mode()&fs.ModeSymlink != 0 && !errors.Is(err, model.ErrNotDatabase) {
			return problemRetry // a link to a locked or read-only library
		}
		return problemNotAFile
	} else if lerr == nil && errors.Is(err, model.ErrNotDatabase) {
		return problemDamaged
	}
	return problemRetry
}

// showStoreProblem shows why the database at path (may be "") could not
// be opened and the ways out.
func (s *Shell) showStoreProblem(path string, err error) {
	if s.ed != nil {
		s.ed.Close()
		s.ed = nil
	}
	s.closePlayer()
	s.lib = nil
	s.dbPath = path
	sc := &storeScreen{err: err, path: path, kind: storeProblemOf(path, err)}
	s.problem = sc
	where := "The encounter database could not be opened."
	if path != "" {
		where = fmt.Sprintf("The encounter database %s could not be opened.", path)
	}
	advice := problemAdvice(sc.kind, path, err)
	if sc.kind == problemDamaged && s.salvage != nil {
		advice = strings.Replace(advice, "is made in its place.", "is made in its place, taking in every encounter that can still be read from it.", 1)
	}
	detail := controls.Sentence(err.Error()) + "\n\n" + advice
	var dmg *model.DamageError
	if sc.kind == problemDamaged && errors.As(err, &dmg) {
		// SQLite's words ("*** in database main *** Tree 3 page 3:
		// btreeInitPage() returns error code 11") tell a GM nothing:
		// they go under Details, copyable, for whoever repairs the file
		detail = damageLead(dmg) + "\n\n" + advice
	}
	content, head, body := controls.ErrorContent(where, detail, 560)
	sc.title, sc.detail = head, body
	if dmg != nil {
		sc.technical = widget.NewLabel(controls.Sentence(err.Error()))
		sc.technical.Wrapping = fyne.TextWrapWord
		sc.technical.Selectable = true
		sc.details = widget.NewAccordion(widget.NewAccordionItem("Details", sc.technical))
		content = container.NewVBox(content, sc.details)
	}
	sc.openBtn = widget.NewButton("Open another database…", s.openAnotherDialog)
	sc.newBtn = widget.NewButton("New database in…", s.newDatabaseDialog)
	sc.freshBtn = widget.NewButton("Start fresh", func() { s.StartFresh() })
	sc.retryBtn = widget.NewButton("Try again", func() { s.tryAgain(path) })
	sc.quit = widget.NewButton("Quit", s.quit)
	// one way out is the default, the one most likely to be right
	switch sc.kind {
	case problemDamaged:
		sc.freshBtn.Importance = widget.HighImportance
		sc.retryBtn.Hide()
	case problemRetry:
		sc.retryBtn.Importance = widget.HighImportance
		sc.freshBtn.Hide()
	default:
		sc.openBtn.Importance = widget.HighImportance
		sc.freshBtn.Hide()
		sc.retryBtn.Hide()
	}
	if s.openStore == nil {
		sc.openBtn.Disable()
		sc.newBtn.Disable()
		sc.freshBtn.Disable()
		sc.retryBtn.Disable()
	}
	if path == "" {
		sc.freshBtn.Disable()
		sc.retryBtn.Disable()
	}
	buttons := container.NewHBox(sc.openBtn, sc.newBtn, layout.NewSpacer(), sc.retryBtn, sc.freshBtn, sc.quit)
	card := container.NewVBox(content, widget.NewSeparator(), buttons)
	s.win.SetMainMenu(nil)
	esc := controls.NewEscapes(s.win) // Escape and Enter in this screen's dialogs
	s.win.Canvas().SetOnTypedKey(func(ev *fyne.KeyEvent) { esc.Key(ev) })
	s.win.SetTitle("Encounter Planner — database problem")
	s.win.SetContent(container.NewCenter(container.NewPadded(card)))
}

// damageLead says in a GM's words what the integrity check found in a
// damaged library: how much of it, and what that may cost.
func damageLead(d *model.DamageError) string {
	x := d.Extent()
	if x == "" {
		return "The library file is damaged: SQLite's check of it found parts it cannot read, so some encounters in it, or parts of them, may be lost."
	}
	verb := "is"
	if len(d.Pages) > 1 {
		verb = "are"
	}
	return "The library file is damaged: " + x + " " + verb + " unreadable, so some encounters in it, or parts of them, may be lost."
}

// problemAdvice is what the start screen says, under the error err,
// about the ways out it offers for a problem of kind k with the database
// at path.
func problemAdvice(k problemKind, path string, err error) string {
	switch k {
	case problemDamaged:
		return "The file has not been changed. You can open another database, or start fresh: the file is moved aside " +
			"(renamed, never deleted — keep it to recover it later) and a new database " +
			"with the sample encounter is made in its place." + backupBeside(path)
	case problemNotAFile:
		if fi, err := os.Lstat(path); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
			return "Nothing was changed or moved: " + path + " is a link, and the app does not move aside what a link points to. " +
				"Open another database, make a new one in a folder you choose, or move the file the link points to yourself."
		}
		if fi, err := os.Stat(path); err == nil && fi.IsDir() {
			return "Nothing was changed or moved: what is in the folder stays where it is. Choose Open another database… and pick the database file itself " +
				"(such as encounters.db), or New database in… to make a new database in a folder you choose."
		}
		return "Nothing was changed or moved: " + path + " is not a database file, and what is there stays where it is. " +
			"Open a database file, or make a new database in a folder you choose."
	case problemNewer:
		return "The file has not been changed. Open it with the newer Encounter Planner that wrote it, or open another database here."
	}
	if path == "" {
		// no folder to keep it in (no $HOME): there is no file, and Try
		// again (off) would find none again
		return "There is no folder to keep the library in, so nothing was opened or made. Choose New database in… to make the library " +
			"in a folder you choose, or Open another database…; or start the app with --db PATH."
	}
	if _, lerr := os.Lstat(path); errors.Is(lerr, fs.ErrNotExist) || errors.Is(lerr, syscall.ENOTDIR) {
		// no library yet, and it could not be made: there is no file
		// whose encounters are kept (the screen said so, and listed a
		// full disk and another program among the remedies)
		return "Nothing was created or changed: there is no library at " + path + " yet, and the app could not make it there. " +
			"Make that folder writable (or move a file that stands where the folder should be), then choose Try again; " +
			"or choose New database in… to make the library in a folder you choose."
	}
	const kept = "The file has not been changed and nothing was moved: the encounters in it are still there. "
	switch {
	case errors.Is(err, model.ErrReadOnly):
		return kept + "Once the file and its folder can be written (permissions, a locked or read-only disk), choose Try again; or open another database."
	case errors.Is(err, model.ErrDiskFull):
		return kept + "Once there is room on the disk, choose Try again; or open another database."
	case errors.Is(err, model.ErrBusy):
		return kept + "Once the other program has closed it, choose Try again; or open another database."
	}
	return kept +
		"Do what the message says (close the other program, free some disk space, or make the file and its folder writable), " +
		"then choose Try again; or open another database."
}

// backupBeside names the newest copy the app made of the database at
// path before an upgrade (PATH.bak-vN-STAMP, storage), and how to open
// it; "" when there is none. A copy cut short (.partial) is not one.
func backupBeside(path string) string {
	entries, _ := os.ReadDir(filepath.Dir(path))
	var newest string
	var at time.Time
	for _, en := range entries {
		name := en.Name()
		if !strings.HasPrefix(name, filepath.Base(path)+".bak-v") || strings.HasSuffix(name, ".partial") || !en.Type().IsRegular() {
			continue
		}
		fi, err := en.Info()
		if err == nil && (newest == "" || fi.ModTime().After(at)) {
			newest, at = filepath.Join(filepath.Dir(path), name), fi.ModTime()
		}
	}
	if newest == "" {
		return ""
	}
	return "\n\nThe app copied this library before its last upgrade, on " + at.Local().Format("2006-01-02 15:04") + ": " + newest +
		". To go back to that copy (without what changed since), choose Open another database… and pick it."
}

// useStore switches the shell to st, opened from path, and shows the
// library.
func (s *Shell) useStore(st model.EncounterStore, path string) {
	if s.opened != nil && s.opened != st {
		s.opened.Close()
	}
	s.store, s.opened, s.dbPath, s.problem = st, st, path, nil
	s.ShowLibrary()
}

func (s *Shell) openAnotherDialog() {
	controls.OpenFile(s.win, nil, func(rc fyne.URIReadCloser) {
		p := rc.URI().Path()
		rc.Close()
		s.OpenDatabase(p)
	})
}

func (s *Shell) newDatabaseDialog() {
	d := dialog.NewFolderOpen(func(u fyne.ListableURI, err error) {
		if err != nil {
			controls.ShowError(s.win, "Could not choose the folder", err)
			return
		}
		if u == nil {
			return
		}
		s.OpenDatabase(filepath.Join(u.Path(), newDBName))
	}, s.win)
	d.Resize(controls.FileDialogSize)
	d.Show()
	controls.EscapesOf(s.win).Closes(d)
}

// StartFresh moves the unreadable database aside (PATH.unreadable-
// YYYYMMDD-HHMMSS, with its SQLite sidecar files) and opens a new one at
// PATH beside the window, as the library opens at start (openBeside): the
// window says it is making the new library meanwhile, then shows it and
// says where the old file went, or shows the problem screen again. (It
// opened on the window's goroutine, which froze for as long as the open
// waited.) It returns the aside path, once the file is moved. Only a
// damaged file, or one that is not an Encounter Planner database, is
// started afresh: for any other problem it does nothing (the screen does
// not offer it).
func (s *Shell) StartFresh() (string, error) {
	path := s.dbPath
	if path == "" || s.openStore == nil {
		return "", errors.New("no database path to start fresh at")
	}
	if s.problem == nil || s.problem.kind != problemDamaged {
		return "", fmt.Errorf("%s is not damaged: start fresh only moves aside a damaged file", path)
	}
	now := time.Now
	if s.now != nil {
		now = s.now
	}
	aside, err := moveAside(path, now())
	if err != nil {
		controls.ShowError(s.win, "Could not start fresh", fmt.Errorf("move %s aside: %w. Check that its folder can be written, or open another database", path, err))
		return "", err
	}
	kept := ""
	if aside != "" {
		kept = "The old database was moved to " + aside + " and kept unchanged. "
	}
	s.showOpeningWords(path, "Making a new library at "+path+"…", kept+openingWait)
	s.openBeside(path, 0, func(st model.EncounterStore, err error) {
		if err != nil {
			if aside != "" {
				err = fmt.Errorf("%w (the old file was moved to %s)", err, aside)
			}
			s.showStoreProblem(path, err)
			return
		}
		s.useStore(st, path)
		msg := kept + "A new database with the sample encounter was made at " + path + "."
		if aside != "" && s.salvage != nil {
			msg += s.takeIn(st, aside)
		}
		lbl, _, _ := controls.ErrorContent("A new database is ready", msg, controls.ErrDialogWidth(s.win))
		dialog.NewCustom("Started fresh", "OK", lbl, s.win).Show()
	})
	return aside, nil
}

// takeIn stores in st every encounter the damaged library at aside
// still gives (Options.Salvage), each under its own id, lists them, and
// says what it kept, what each left out and what could not be read.
func (s *Shell) takeIn(st model.EncounterStore, aside string) string {
	encs, lost, err := s.salvage(aside)
	if err != nil {
		return "\n\nNo encounter could be read from the old file (" + err.Error() + "); it is kept as it was."
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	var in, left []string
	for _, e := range encs {
		c := e.Clone()
		c.Version = 0 // stored anew, under its own id
		if err := st.Save(ctx, c); err != nil {
			lost = append(lost, fmt.Sprintf("%q: %v", e.Name, err))
			continue
		}
		in = append(in, fmt.Sprintf("%q", e.Name))
		for _, d := range e.Dropped {
			left = append(left, fmt.Sprintf("%q: %s", e.Name, d))
		}
	}
	if s.lib != nil {
		s.lib.Reload()
	}
	var b strings.Builder
	switch len(in) {
	case 0:
		b.WriteString("\n\nNo encounter could be read from the old file.")
	case 1:
		b.WriteString("\n\n1 encounter was read from the old file and is in the new library: " + in[0] + ".")
	default:
		b.WriteString(fmt.Sprintf("\n\n%d encounters were read from the old file and are in the new library: %s.", len(in), listSome(in)))
	}
	if len(left) > 0 {
		b.WriteString(" Left out: " + listSome(left) + ".")
	}
	if len(lost) > 0 {
		b.WriteString(" These could not be read: " + listSome(lost) + ".")
	}
	return b.String()
}

// listSome joins up to ten of items, saying how many more there are.
func listSome(items []string) string {
	const most = 10
	if len(items) <= most {
		return strings.Join(items, ", ")
	}
	return strings.Join(items[:most], ", ") + fmt.Sprintf(" and %d more", len(items)-most)
}

// moveAside renames path to path.unreadable-STAMP (a free name: it never
// replaces a file) and its sidecars alongside; "" when path does not exist.
// It moves only regular files: a folder (which may hold the user's
// files), FIFO, device or socket is refused, and so is a symbolic link,
// even to a regular file: renaming the link would leave the file it
// points to where it is and put a new database in the link's place, away
// from where the user keeps the library. Nothing is moved when path or
// one of its sidecars is refused.
func moveAside(path string, at time.Time) (string, error) {
	if fi, err := os.Lstat(path); errors.Is(err, fs.ErrNotExist) {
		return "", nil
	} else if err != nil {
		return "", err
	} else if !fi.Mode().IsRegular() {
		return "", fmt.Errorf("%s is %s, not a database file: it is not moved", path, export.FileKind(fi.Mode()))
	}
	for _, suf := range sqliteSidecars {
		if fi, err := os.Lstat(path + suf); err == nil && !fi.Mode().IsRegular() {
			return "", fmt.Errorf("%s is %s, not SQLite's file: nothing is moved", path+suf, export.FileKind(fi.Mode()))
		}
	}
	base := path + ".unreadable-" + at.Format("20060102-150405")
	aside := base
	for n := 2; ; n++ {
		free := true
		for _, suf := range append([]string{""}, sqliteSidecars...) {
			if _, err := os.Lstat(aside + suf); !errors.Is(err, fs.ErrNotExist) {
				free = false
				break
			}
		}
		if free {
			break
		}
		aside = fmt.Sprintf("%s-%d", base, n)
	}
	if err := renameNew(path, aside); err != nil {
		return "", err
	}
	for _, suf := range sqliteSidecars {
		if _, err := os.Lstat(path + suf); err == nil {
			if err := renameNew(path+suf, aside+suf); err != nil {
				return aside, err
			}
		}
	}
	return aside, nil
}

// renameNew renames from to to, failing rather than replacing an existing
// to: a hard link then removing from where the file system allows it.
func renameNew(from, to string) error {
	if err := os.Link(from, to); err == nil {
		return os.Remove(from)
	}
	if _, err := os.Lstat(to); !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("%s already exists", to)
	}
	return os.Rename(from, to)
}
