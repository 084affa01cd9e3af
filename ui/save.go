package ui

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/ui/controls"
	"encounterplanner/ui/export"
	"encounterplanner/ui/filesave"
	"encounterplanner/ui/library"
)

// autosaveDelay is how long after the last change the editor saves, and
// autosaveMaxWait the longest an edit waits for it while the GM goes on
// editing: with the wait restarted by every edit, a GM who clicked the
// brush every half second for 40 s had nothing saved (a kill -9 lost it
// all). A stroke or a token drag still ends before its save.
var (
	autosaveDelay   = time.Second
	autosaveMaxWait = 5 * time.Second
)

func (ed *Editor) scheduleSave() {
	if ed.store == nil || ed.saving.saveBlocked || ed.readOnly() {
		return
	}
	if ed.saving.saveTimer != nil {
		ed.saving.saveTimer.Stop()
	}
	if ed.saving.dirtySince.IsZero() {
		ed.saving.dirtySince = time.Now()
	}
	// (at least a tenth of a second: a long stroke polls, not spins)
	wait := min(autosaveDelay, max(autosaveMaxWait-time.Since(ed.saving.dirtySince), 100*time.Millisecond))
	rev := ed.rev
	ed.saving.saveTimer = time.AfterFunc(wait, func() {
		ed.post(func() {
			due := ed.rev == rev || time.Since(ed.saving.dirtySince) >= autosaveMaxWait
			if due && ed.dirty() && !ed.saving.saveBlocked && !ed.gest.stroke && ed.gest.dragTok < 0 {
				ed.autosave()
			} else if ed.dirty() && !ed.saving.saveBlocked {
				ed.scheduleSave()
			}
		})
	})
}

// autosave is the save the timer makes. When it conflicts (the
// encounter was changed or deleted elsewhere since the window last
// looked, elsewhere.go) the banner over the map says so and offers what
// the conflict's dialog would: that dialog came up a second after an
// edit, in the middle of what the GM did next. Other failures, and
// Ctrl+S, still show the dialog.
func (ed *Editor) autosave() {
	if ed.store == nil || ed.readOnly() {
		return
	}
	first := ed.saving.saveErr == nil
	err := ed.write()
	ed.updateTitle()
	switch {
	case err == nil:
		rememberLast(ed.enc.ID)
	case errors.Is(err, model.ErrConflict):
		ed.message("not saved: " + err.Error())
		ed.showNotice(conflictNotice(err))
	case first || ed.saving.saveBlocked:
		ed.saveFailed(err)
	default:
		ed.message(fmt.Sprintf("not saved: %v (edits kept; the next save tries again)", err))
	}
}

// SaveNow stores the encounter at once. On failure the edits stay in
// memory, autosave pauses and a dialog offers to save a copy.
func (ed *Editor) SaveNow() error { return ed.save(true) }

func (ed *Editor) save(showDialog bool) error {
	if ed.store == nil {
		return errors.New("no store")
	}
	if ed.readOnly() {
		err := errors.New("the library is read-only")
		ed.message("not saved: the library is read-only; File > Export encounter file… (or the banner's Save a copy elsewhere…) keeps a copy")
		return err
	}
	first := ed.saving.saveErr == nil
	if err := ed.write(); err != nil {
		ed.updateTitle()
		if showDialog && (first || ed.saving.saveBlocked) {
			ed.saveFailed(err)
		} else {
			ed.message(fmt.Sprintf("not saved: %v (edits kept; the next save tries again)", err))
		}
		return err
	}
	ed.updateTitle()
	rememberLast(ed.enc.ID)
	return nil
}

// write stores the encounter and records the outcome (saved revision, or
// the error and whether autosave must stop), touching no widget: the last
// save as the app stops runs when the window system is gone.
func (ed *Editor) write() error {
	rev := ed.rev
	start := time.Now()
	c := ed.sharedCopy() // the store only reads the map, as it saves
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	err := ed.store.Save(ctx, c)
	logSave(start, err)
	if err != nil {
		ed.saving.saveErr = err
		// a conflict, or a library gone from under the app, cannot
		// succeed by retrying: autosave stops until the GM saves a copy
		// or exports; other failures (disk full, a locked or read-only
		// database) retry with the next save
		ed.saving.saveBlocked = errors.Is(err, model.ErrConflict) || libraryGone(err)
		return err
	}
	ed.enc.ID, ed.enc.Version, ed.enc.Created, ed.enc.Updated = c.ID, c.Version, c.Created, c.Updated
	ed.saving.savedRev = rev
	ed.saving.savedAt = time.Now()
	ed.saving.dirtySince = time.Time{}
	ed.saving.saveBlocked = false
	ed.saving.saveErr = nil
	return nil
}

// saveAtStop is the last save when the app stops some other way than by
// its window (the session ends, SIGTERM): the window system is already
// shut down, so it touches no widget (setting the title there panicked,
// exit code 2), and what became of the edits can only be said on stderr.
// Edits the library would not take are kept anyway: a conflict's as a
// copy in the library, as Save as copy would; those of a library that
// is read-only, full or gone in an encounter file in the rescue folder
// (rescue). Before, a save blocked by either was skipped without a word.
func (ed *Editor) saveAtStop() {
	if ed.store == nil || !ed.dirty() || ed.saving.closed {
		return
	}
	err := ed.saving.saveErr
	if ed.readOnly() {
		err = errors.New("the library is read-only")
	} else if !ed.saving.saveBlocked {
		if err = ed.write(); err == nil {
			rememberLast(ed.enc.ID)
			return
		}
	}
	if errors.Is(err, model.ErrConflict) {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		c := ed.enc.Clone()
		if _, cerr := ed.store.SaveAsCopy(ctx, c); cerr == nil {
			fmt.Fprintf(os.Stderr, "encounter-planner: %q was changed elsewhere; as the app stopped, its edits were saved as %q\n", ed.enc.Name, c.Name)
			return
		}
	}
	path, rerr := rescue(ed.enc)
	if rerr != nil {
		fmt.Fprintf(os.Stderr, "encounter-planner: %q was not saved as the app stopped (%s), nor could its edits be written to a file: %v\n", ed.enc.Name, stopCause(err), rerr)
		return
	}
	fmt.Fprintf(os.Stderr, "encounter-planner: %q was not saved as the app stopped (%s); its edits were written to %s (File > Import encounter file… brings them back)\n", ed.enc.Name, stopCause(err), path)
}

// stopCause words why a save failed as the app stopped, without the
// store's advice for a window that goes on ("export the encounter file
// (File menu) to keep them", "try again"): nothing can be done in the
// app by then, and the edits are already in a file. The store's words
// are kept for a failure none of its errors names.
func stopCause(err error) string {
	for _, e := range []error{model.ErrFileGone, model.ErrReadOnly, model.ErrDiskFull, model.ErrBusy, model.ErrNewerSchema, model.ErrNotDatabase} {
		if errors.Is(err, e) {
			return e.Error()
		}
	}
	return err.Error()
}

// rescue writes e as an encounter file in rescueDir, named after it and
// the time, and returns the file's path.
func rescue(e *model.Encounter) (string, error) {
	dir, err := rescueDir()
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	path := filepath.Join(dir, filesave.FileBase(e.Name)+" "+time.Now().Format("2006-01-02 150405")+".encounter.json")
	if _, err := export.WriteFile(path, func(w io.Writer) error { return model.WriteEncounter(w, e) }); err != nil {
		return "", err
	}
	return path, nil
}

// saveFailure words a failed save for the GM: a summary and what to do.
func saveFailure(name string, err error) (summary, detail string) {
	if errors.Is(err, model.ErrConflict) && errors.Is(err, model.ErrNotFound) {
		return fmt.Sprintf("%q was deleted elsewhere", name),
			fmt.Sprintf("Another window or copy of the app deleted %q from the library since you opened it.\n\n"+
				"Your edits are kept in this window. Choose Save as copy to put them back in the library (under a new name).", name)
	}
	if errors.Is(err, model.ErrConflict) {
		return fmt.Sprintf("%q was changed elsewhere", name),
			fmt.Sprintf("Another window or copy of the app saved %q since you opened it, so saving here would overwrite those changes.\n\n"+
				"Your edits are kept in this window. Choose Save as copy to keep both versions (yours under a new name).", name)
	}
	if nowhere(err) {
		return fmt.Sprintf("%q was not saved", name),
			// the store's words already say the edits are kept and the
			// next save retries
			fmt.Sprintf("%s\n\nA copy in the library would fail the same way: choose Export encounter file… to keep your edits in a file on another disk or folder.", controls.Sentence(err.Error()))
	}
	return fmt.Sprintf("%q was not saved", name),
		fmt.Sprintf("%s\n\nYour edits are kept in this window, and the next save tries again (Ctrl+S, or autosave after your next change). "+
			"If it keeps failing, choose Save as copy or export the encounter file (File menu).", controls.Sentence(err.Error()))
}

// nowhere reports whether err leaves the library no room for a copy
// either: the disk is full, the database is read-only, or it is gone
// (libraryGone).
func nowhere(err error) bool {
	return errors.Is(err, model.ErrDiskFull) || errors.Is(err, model.ErrReadOnly) || libraryGone(err)
}

// libraryGone reports whether err says the library open is no longer one
// this app can write, however often it tries: its file was deleted or
// replaced (ErrFileGone), a newer copy of the app upgraded it
// (ErrNewerSchema), or it was damaged while open (ErrNotDatabase).
func libraryGone(err error) bool {
	return errors.Is(err, model.ErrFileGone) || errors.Is(err, model.ErrNewerSchema) || errors.Is(err, model.ErrNotDatabase)
}

// saveFailed says the save failed and offers what can keep the edits: a
// copy in the library, or (the disk full, the library read-only, where a
// copy fails the same way) the encounter file exported elsewhere. Enter
// takes that offer, Escape keeps editing.
func (ed *Editor) saveFailed(err error) {
	ed.message("not saved: " + err.Error())
	summary, detail := saveFailure(ed.enc.Name, err)
	content, _, _ := controls.ErrorContent(summary, detail, controls.ErrDialogWidth(ed.win))
	offer, keep := "Save as copy", func() { ed.SaveAsCopy() }
	if nowhere(err) {
		offer, keep = "Export encounter file…", ed.exportFile
	}
	d := dialog.NewCustomConfirm("Not saved", offer, "Keep editing", content, func(ok bool) {
		if ok {
			keep()
		}
	}, ed.win)
	d.Show()
	ed.esc.Confirms(d, d.Confirm)
}

// SaveAsCopy stores the edits as a new encounter and goes on editing it.
func (ed *Editor) SaveAsCopy() error {
	if ed.store == nil {
		return errors.New("no store")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	rev := ed.rev
	c := ed.enc.Clone()
	// the store names the copy and may give the tokens new ids
	_, err := ed.store.SaveAsCopy(ctx, c)
	if err == nil && len(c.Tokens) == len(ed.enc.Tokens) {
		for i := range c.Tokens {
			if old, now := ed.enc.Tokens[i].ID, c.Tokens[i].ID; old != now && now != "" {
				ed.enc.Tokens[i].ID = now
			}
		}
	}
	if err != nil {
		//lint:ignore ST1005 the dialog shows it as sentences, the last ending "(File menu)."
		controls.ShowError(ed.win, "Could not save a copy", fmt.Errorf("save %q as a copy: %w. Your edits are kept in this window; try again, or export the encounter file (File menu).", ed.enc.Name, err))
		return err
	}
	ed.enc.ID, ed.enc.Version, ed.enc.Created, ed.enc.Updated, ed.enc.Name = c.ID, c.Version, c.Created, c.Updated, c.Name
	ed.saving.savedRev = rev
	ed.saving.savedAt = time.Now()
	ed.saving.dirtySince = time.Time{}
	ed.saving.saveBlocked = false
	ed.saving.saveErr = nil
	ed.showNotice(noticeNone) // a change or delete elsewhere: the copy settles it
	ed.updateTitle()
	ed.message("saved as " + c.Name)
	return nil
}

// saveBeforeLeaving saves synchronously, then runs then; when the save
// fails it asks first (save as copy, leave, or stay).
func (ed *Editor) saveBeforeLeaving(then func()) {
	if !ed.dirty() {
		then()
		return
	}
	if ed.readOnly() {
		ed.leaveReadOnly(then)
		return
	}
	if ed.saving.saveTimer != nil {
		ed.saving.saveTimer.Stop()
	}
	err := ed.save(false)
	if err == nil {
		then()
		return
	}
	if nowhere(err) {
		// a copy in the library fails the same way: the file elsewhere
		ed.leaveElsewhere("Not saved", fmt.Sprintf("%q could not be saved", ed.enc.Name), controls.Sentence(err.Error()), then)
		return
	}
	lbl, _, _ := controls.ErrorContent(fmt.Sprintf("%q could not be saved", ed.enc.Name),
		controls.Sentence(err.Error())+"\n\nSave your edits as a copy, or leave and lose them?", controls.ErrDialogWidth(ed.win))
	var d *dialog.CustomDialog
	d = dialog.NewCustomWithoutButtons("Not saved", container.NewVBox(lbl, container.NewHBox(
		widget.NewButton("Save as copy and leave", func() {
			d.Hide()
			if ed.SaveAsCopy() == nil {
				then()
			}
		}),
		widget.NewButton("Leave without saving", func() { d.Hide(); then() }),
		widget.NewButton("Stay", func() { d.Hide() }),
	)), ed.win)
	d.Show()
}

// leaveReadOnly asks before leaving edits that a read-only library cannot
// keep: save a copy elsewhere (an encounter file), leave, or stay.
func (ed *Editor) leaveReadOnly(then func()) {
	ed.leaveElsewhere("Read-only library", fmt.Sprintf("%q cannot be saved here", ed.enc.Name), library.ReadOnlyNote, then)
}

// leaveElsewhere asks before leaving edits the library cannot keep (it is
// read-only, or its disk is full, where a copy in it fails the same way):
// save a copy elsewhere (an encounter file), leave, or stay. Escape stays.
func (ed *Editor) leaveElsewhere(title, head, why string, then func()) {
	lbl, _, _ := controls.ErrorContent(head, why+"\n\nSave your edits as an encounter file elsewhere, or leave and lose them?", controls.ErrDialogWidth(ed.win))
	var d *dialog.CustomDialog
	d = dialog.NewCustomWithoutButtons(title, container.NewVBox(lbl, container.NewHBox(
		widget.NewButton("Save a copy elsewhere…", func() { d.Hide(); ed.exportFile() }),
		widget.NewButton("Leave without saving", func() { d.Hide(); then() }),
		widget.NewButton("Stay", func() { d.Hide() }),
	)), ed.win)
	d.Show()
	ed.esc.Closes(d)
}

// saveState is where autosave stands.
type saveState struct {
	savedRev    int
	saveTimer   *time.Timer
	savedAt     time.Time
	dirtySince  time.Time // when autosave was first asked for since the last save (zero: not since)
	saveBlocked bool      // a save conflicted: no autosave until the GM decides
	saveErr     error     // the last save's error, nil after a success
	closed      bool      // the editor was closed: saved, or left without saving as the GM chose
}

// rescueDir is the folder for edits the library could not take as the
// app stopped: rescued/ in the app's config folder.
var rescueDir = func() (string, error) {
	d, err := os.UserConfigDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(d, "encounter-planner", "rescued"), nil
}
