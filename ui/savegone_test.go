package ui

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
)

// TestSaveIntoALibraryNoLongerThereOffersTheFileElsewhere: a library
// file deleted or replaced under the app, one a newer copy of the app
// upgraded, or one damaged while open, refuses every save; a copy in it
// fails the same way. The dialog offered Save as copy, and autosave
// tried again every second. It offers the encounter file elsewhere, as
// a full disk does, and autosave waits for the GM's word.
func TestSaveIntoALibraryNoLongerThereOffersTheFileElsewhere(t *testing.T) {
	for _, fail := range []error{
		fmt.Errorf("save encounter \"Room\": %w: /tmp/x/encounters.db was deleted or moved since the app opened it", model.ErrFileGone),
		fmt.Errorf("save encounter \"Room\": %w: another copy of the app upgraded it to schema version 9", model.ErrNewerSchema),
		fmt.Errorf("save encounter \"Room\": %w: restore a backup (database disk image is malformed)", model.ErrNotDatabase),
	} {
		ed, st, _ := newTestEditor(t, openEncounter(t, 6, 6))
		st.Fail = fail
		test.TypeOnCanvas(ed.win.Canvas(), "b")
		gesture(ed, 0, [2]int{2, 2})
		ed.SaveNow()
		_, _, btn := topDialog(t, ed.win)
		if btn["Export encounter file…"] == nil || btn["Save as copy"] != nil {
			t.Errorf("%v: the dialog offers %v, want Export encounter file… and no copy in the library", fail, slices.Collect(maps.Keys(btn)))
		}
		if !ed.saving.saveBlocked {
			t.Errorf("%v: autosave goes on retrying a save that cannot succeed", fail)
		}
		ed.win.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape})
		if ed.enc.Grid.At(2, 2) != model.Wall || ed.status.saveLabel.Text != "NOT SAVED" {
			t.Errorf("%v: the edit is gone or shown saved (%q)", fail, ed.status.saveLabel.Text)
		}
		left := false
		ed.saveBeforeLeaving(func() { left = true })
		_, _, btn = topDialog(t, ed.win)
		if left || btn["Save a copy elsewhere…"] == nil {
			t.Errorf("%v: leaving offers %v, want Save a copy elsewhere…", fail, slices.Collect(maps.Keys(btn)))
		}
		ed.win.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape})
	}
}

// TestSaveOfAnEncounterDeletedElsewhereSaysDeleted: another window or
// copy of the app deleted the encounter open here. The dialog said it
// "saved" the encounter since, and that saving would overwrite those
// changes; it says it was deleted, and that Save as copy puts the edits
// back in the library.
func TestSaveOfAnEncounterDeletedElsewhereSaysDeleted(t *testing.T) {
	ed, st, _ := newTestEditor(t, openEncounter(t, 6, 6))
	st.Fail = deletedConflict{}
	test.TypeOnCanvas(ed.win.Canvas(), "b")
	gesture(ed, 0, [2]int{2, 2})
	ed.SaveNow()
	_, _, btn := topDialog(t, ed.win)
	words := strings.Join(dialogTexts(ed.win), "\n")
	if !strings.Contains(words, "was deleted") || strings.Contains(words, "app saved") || strings.Contains(words, "overwrite") {
		t.Errorf("the dialog reads %q; want it to say the encounter was deleted, not saved", words)
	}
	if btn["Save as copy"] == nil {
		t.Errorf("the dialog offers %v, want Save as copy", slices.Collect(maps.Keys(btn)))
	}
}

// deletedConflict is the store's error for a save of an encounter
// deleted since it was opened: a conflict, and not found.
type deletedConflict struct{}

func (deletedConflict) Error() string {
	return `save encounter "Room": the encounter was changed elsewhere since it was opened: it was deleted; save it as a copy to keep your edits`
}
func (deletedConflict) Unwrap() []error { return []error{model.ErrConflict, model.ErrNotFound} }

// dialogTexts is the text of every label in the dialog on top.
func dialogTexts(w fyne.Window) []string {
	var out []string
	walkObjects(w.Canvas().Overlays().Top(), func(o fyne.CanvasObject) {
		if l, ok := o.(*widget.Label); ok {
			out = append(out, l.Text)
		}
	})
	return out
}
