package library

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage/repository"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/ui/controls"
)

// An import reads, decodes and checks its file on another goroutine: a
// 69 MB .dd2vtt holding an 8192 x 7424 PNG takes 1.6-2.6 s to check and
// 0.5-0.7 s to store, which froze the window when done on the UI
// goroutine. Meanwhile a dialog says an import is under way (its Cancel,
// or Escape, abandons it until it is being stored); the result (the new
// encounter opened, or the error naming the field) is applied through
// post, fyne.Do in the app, on the UI goroutine.
//
// One import runs in a window at a time: a second is refused, naming the
// file being imported. The GM's work is never at stake: the import only
// adds an encounter (one transaction), and the open encounter is saved
// before the new one replaces it (the open callback). A window closed
// mid-import is left alone: the result finds it gone and is dropped, the
// stored encounter, if it got that far, waiting in the library.

// importing is the name of the file each window is importing.
var importing = struct {
	sync.Mutex
	in map[fyne.Window]string
}{in: map[fyne.Window]string{}}

// Importing is the name of the file win is importing (reading, checking
// or storing), "" when none: leaving the window then asks first.
func Importing(win fyne.Window) string {
	importing.Lock()
	defer importing.Unlock()
	return importing.in[win]
}

func setImporting(win fyne.Window, name string) {
	importing.Lock()
	defer importing.Unlock()
	if name == "" {
		delete(importing.in, win)
	} else {
		importing.in[win] = name
	}
}

// refuseSecondImport reports whether an import runs in win, and then says
// so in an error dialog.
func refuseSecondImport(win fyne.Window) bool {
	name := Importing(win)
	if name == "" {
		return false
	}
	controls.ShowError(win, "Another import is under way", fmt.Errorf("wait for %s to open, or cancel its import, then import again", name))
	return true
}

// importJob is one import's progress, shared by its goroutine and the
// UI: the GM may abandon it while it reads, not once it is being stored.
type importJob struct {
	mu                       sync.Mutex
	abandoned, storing, done bool
}

// abandon is Cancel (or Escape): it reports false when the import is
// being stored and so goes on (its encounter then opens as usual).
func (j *importJob) abandon() bool {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.done {
		return true // the dialog closing as the import ends
	}
	if j.storing {
		return false
	}
	j.abandoned = true
	return true
}

// store reports whether the read encounter is to be stored (false once
// abandoned), after which abandon refuses.
func (j *importJob) store() bool {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.storing = !j.abandoned
	return j.storing
}

// isAbandoned reports whether the GM abandoned the import.
func (j *importJob) isAbandoned() bool {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.abandoned
}

// errAbandoned ends the reading of an abandoned import's file.
var errAbandoned = errors.New("the import was cancelled")

// abandonable reads an import's file until the GM abandons the import:
// then the reading stops (a 69 MB map read on for seconds after Cancel,
// beside the next import).
type abandonable struct {
	io.ReadCloser
	job *importJob
}

func (a abandonable) Read(p []byte) (int, error) {
	if a.job.isAbandoned() {
		return 0, errAbandoned
	}
	return a.ReadCloser.Read(p)
}

// finish marks the import ended and reports whether it was abandoned.
func (j *importJob) finish() (abandoned bool) {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.done = true
	return j.abandoned
}

// StartImport imports the file at u into store as ImportFile does, its
// reading, checking and storing on another goroutine, and returns at
// once, leaving a dialog over win that says the import is under way.
// When it ends, through post on the UI goroutine: an error dialog naming
// what is wrong, or opened(id) and then what the import left out
// (ShowLeftOut). When win shows something else by then (not what it
// showed at the start), the new encounter is not opened over it: a
// dialog says it is in the library. An import already running in win
// refuses this one (refuseSecondImport).
func StartImport(win fyne.Window, store model.EncounterStore, u fyne.URI, uvtt bool, post func(func()), opened func(id string)) {
	if refuseSecondImport(win) {
		return
	}
	name := u.Name()
	// Fyne's repositories are a plain map: look u's up here, on the UI
	// goroutine, and only read the file over there.
	repo, err := repository.ForURI(u)
	if err != nil {
		controls.ShowError(win, "Could not import "+name, err)
		return
	}
	job := &importJob{}
	open := func() (io.ReadCloser, error) {
		rc, err := repo.Reader(u)
		if err != nil {
			return nil, err
		}
		return abandonable{rc, job}, nil
	}
	setImporting(win, name)
	shown := win.Content()

	what := "the file"
	if uvtt {
		what = "the map"
	}
	msg := widget.NewLabel("Reading and checking " + what + "…")
	bar := widget.NewProgressBarInfinite()
	// the file's name under the title, broken over lines as it needs: in
	// the title a long name (map makers' names run to 140 characters)
	// stretched the dialog across the window and was cut at its edge
	file := widget.NewLabelWithStyle(name, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	file.Wrapping = fyne.TextWrapBreak
	d := dialog.NewCustomWithoutButtons("Importing", container.NewVBox(file, msg, bar), win)
	cancel := widget.NewButton("Cancel", d.Hide)
	d.SetButtons([]fyne.CanvasObject{cancel})
	d.SetOnClosed(func() {
		if !job.abandon() {
			d.Show() // being stored: it opens in a moment
			return
		}
		bar.Stop()
		if Importing(win) == name {
			setImporting(win, "") // abandoned: another may start
		}
	})
	d.Resize(fyne.NewSize(400, 0))
	d.Show()
	controls.EscapesOf(win).Closes(d)

	go func() {
		e, left, err := readFile(u, open, uvtt)
		id := ""
		if err == nil {
			if !job.store() {
				return // abandoned: nothing stored, nothing to show
			}
			post(func() {
				msg.SetText("Storing " + what + "…")
				cancel.Disable()
			})
			if id, err = Import(store, e); err != nil {
				err = fmt.Errorf("store the imported encounter: %w", err)
			}
		}
		post(func() {
			if job.finish() {
				return
			}
			setImporting(win, "")
			d.Hide()
			if !windowOpen(win) {
				return // closed mid-import
			}
			switch {
			case err != nil:
				controls.ShowError(win, "Could not import "+name, err)
			case win.Content() != shown:
				showImportNote(win, "Imported "+name+" into the library", left)
			default:
				if opened != nil {
					opened(id)
				}
				ShowLeftOut(win, name, left)
			}
		})
	}()
}

// windowOpen reports whether win is still one of the app's windows.
func windowOpen(win fyne.Window) bool {
	a := fyne.CurrentApp()
	return a != nil && slices.Contains(a.Driver().AllWindows(), win)
}
