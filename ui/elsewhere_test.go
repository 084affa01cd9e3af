package ui

import (
	"context"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"encounterplanner/model"
	"encounterplanner/ui/controls"
	"encounterplanner/ui/internal/memstore"
)

// saveElsewhere saves a wall at (x, y) in the encounter id of st, as
// another window or copy of the app would, and returns what it stored.
func saveElsewhere(t *testing.T, st *memstore.Store, id string, x, y int) *model.Encounter {
	t.Helper()
	other, err := st.Load(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	other.Grid.Set(x, y, model.Wall)
	if err := st.Save(context.Background(), other); err != nil {
		t.Fatal(err)
	}
	return other
}

// noticeButton returns the button labelled text in the banner over the
// map.
func noticeButton(t *testing.T, ed *Editor, text string) *controls.PaneButton {
	t.Helper()
	for _, o := range test.LaidOutObjects(ed.away.notice) {
		if b, ok := o.(*controls.PaneButton); ok && b.Text == text && b.Visible() {
			return b
		}
	}
	t.Fatalf("no %q button over the map (it says %q)", text, ed.notice())
	return nil
}

// TestEditorShowsWhatChangedElsewhere: a window held an encounter that
// another window or copy of the app saved, and showed the old state until
// its own save conflicted. It looks at the stored version (watchElsewhere):
// with nothing unsaved it shows the new version and says so in the status
// bar, the reload one undo step; with unsaved edits it says at once,
// above the map and without a dialog, that the encounter changed
// elsewhere, keeps the edits, stops autosave and offers Save as copy.
func TestEditorShowsWhatChangedElsewhere(t *testing.T) {
	t.Run("OKNothingUnsavedReloads", func(t *testing.T) {
		ed, st, p := newTestEditor(t, model.Sample())
		ed.Select(0)
		tok := ed.enc.Tokens[0].ID
		ed.watchElsewhere(time.Millisecond)
		other := saveElsewhere(t, st, ed.enc.ID, 1, 1)
		p.until(t, "the reload", func() bool { return ed.enc.Version == other.Version })
		if ed.enc.Grid.At(1, 1) != model.Wall {
			t.Error("the window shows the old map after the reload")
		}
		if ed.dirty() || strings.HasSuffix(ed.win.Title(), "*") || ed.status.saveLabel.Text == saveStateFailed {
			t.Errorf("the reload left the window unsaved: title %q, %q", ed.win.Title(), ed.status.saveLabel.Text)
		}
		if got := ed.status.msgLabel.Text; !strings.HasPrefix(got, "Reloaded: changed in another window") {
			t.Errorf("the status bar says %q after the reload", got)
		}
		if ed.sel < 0 || ed.enc.Tokens[ed.sel].ID != tok {
			t.Error("the reload lost the selection")
		}
		if ed.notice() != "" || len(ed.win.Canvas().Overlays().List()) != 0 {
			t.Errorf("a reload with nothing unsaved asked something: %q", ed.notice())
		}
		// undo goes back to what the window showed, an edit saved over
		// the change as any other
		ed.Undo()
		if ed.enc.Grid.At(1, 1) == model.Wall || !ed.dirty() {
			t.Error("undo did not go back to the map before the reload, to be saved")
		}
		if got := ed.status.msgLabel.Text; got != "Undone: "+reloadStep {
			t.Errorf("undo says %q; want it to name the reload", got)
		}
		if err := ed.SaveNow(); err != nil {
			t.Errorf("saving the undone reload: %v", err)
		}
	})
	t.Run("OKUnsavedEditsSaidAtOnce", func(t *testing.T) {
		ed, st, p := newTestEditor(t, model.Sample())
		ed.watchElsewhere(time.Millisecond)
		if err := ed.apply("", func(c *model.Encounter) error { c.Grid.Set(2, 2, model.Wall); return nil }); err != nil {
			t.Fatal(err)
		}
		saveElsewhere(t, st, ed.enc.ID, 1, 1)
		p.until(t, "the notice", func() bool { return ed.notice() != "" })
		if got := ed.notice(); !strings.Contains(got, `"Derelict cargo bay" was changed in another window`) {
			t.Errorf("above the map: %q", got)
		}
		if !ed.away.notice.Visible() || len(ed.win.Canvas().Overlays().List()) != 0 {
			t.Error("the change was not said above the map, or a dialog came up")
		}
		if ed.enc.Grid.At(2, 2) != model.Wall || ed.enc.Grid.At(1, 1) == model.Wall {
			t.Error("the window's edits were replaced")
		}
		if !ed.saving.saveBlocked || ed.status.saveLabel.Text != saveStateFailed {
			t.Errorf("autosave goes on after the change elsewhere (status %q)", ed.status.saveLabel.Text)
		}
		saves := st.Saves
		time.Sleep(50 * time.Millisecond)
		p.drain()
		if st.Saves != saves || len(ed.win.Canvas().Overlays().List()) != 0 {
			t.Error("a save was tried after the notice")
		}
		test.Tap(noticeButton(t, ed, "Save as copy"))
		if ed.notice() != "" || ed.away.notice.Visible() {
			t.Errorf("after Save as copy the notice stays: %q", ed.notice())
		}
		if !strings.HasSuffix(ed.enc.Name, "(copy)") || ed.dirty() {
			t.Errorf("the window holds %q, dirty %v, after Save as copy", ed.enc.Name, ed.dirty())
		}
	})
	t.Run("OKTheAppsEditorLooks", func(t *testing.T) {
		s, _, st, p := startShell(t, model.Sample(), Options{Library: true})
		s.watchEvery = time.Millisecond
		if err := s.Open("Derelict cargo bay"); err != nil {
			t.Fatal(err)
		}
		other := saveElsewhere(t, st, s.ed.enc.ID, 1, 1)
		p.until(t, "the reload", func() bool { return s.ed.enc.Version == other.Version })
	})
	t.Run("OKReloadAskedKeepsEditsInUndo", func(t *testing.T) {
		ed, st, p := newTestEditor(t, model.Sample())
		ed.watchElsewhere(time.Millisecond)
		if err := ed.apply("", func(c *model.Encounter) error { c.Grid.Set(2, 2, model.Wall); return nil }); err != nil {
			t.Fatal(err)
		}
		saveElsewhere(t, st, ed.enc.ID, 1, 1)
		p.until(t, "the notice", func() bool { return ed.notice() != "" })
		test.Tap(noticeButton(t, ed, "Reload"))
		if ed.enc.Grid.At(1, 1) != model.Wall || ed.enc.Grid.At(2, 2) == model.Wall || ed.dirty() || ed.notice() != "" {
			t.Error("Reload did not show the version saved elsewhere, saved and without the notice")
		}
		ed.Undo()
		if ed.enc.Grid.At(2, 2) != model.Wall || !ed.dirty() {
			t.Error("undo after Reload did not bring the edits back")
		}
	})
}

// TestEditorSaysItsEncounterWasDeletedElsewhere: another window deleted
// the encounter this one holds: it says so above the map at once, keeps
// the work, saves nothing (a save would put it back without a word) and
// offers Save as copy and Export encounter file….
func TestEditorSaysItsEncounterWasDeletedElsewhere(t *testing.T) {
	ed, st, p := newTestEditor(t, model.Sample())
	ed.watchElsewhere(time.Millisecond)
	n := len(ed.enc.Tokens)
	if err := st.Delete(context.Background(), ed.enc.ID); err != nil {
		t.Fatal(err)
	}
	p.until(t, "the notice", func() bool { return ed.notice() != "" })
	if got := ed.notice(); !strings.Contains(got, `"Derelict cargo bay" was deleted in another window`) {
		t.Errorf("above the map: %q", got)
	}
	if len(ed.enc.Tokens) != n || len(ed.win.Canvas().Overlays().List()) != 0 {
		t.Error("the work was dropped, or a dialog came up")
	}
	noticeButton(t, ed, "Export encounter file…")
	if err := ed.apply("", func(c *model.Encounter) error { c.Grid.Set(2, 2, model.Wall); return nil }); err != nil {
		t.Fatal(err)
	}
	time.Sleep(50 * time.Millisecond)
	p.drain()
	if st.Count() != 0 {
		t.Error("autosave put the deleted encounter back")
	}
	test.Tap(noticeButton(t, ed, "Save as copy"))
	if st.Count() != 1 || ed.notice() != "" {
		t.Errorf("after Save as copy the library holds %d, the notice says %q", st.Count(), ed.notice())
	}
}

// TestEditorStopsLookingWhenClosed: a closed editor looks at the store
// no more.
func TestEditorStopsLookingWhenClosed(t *testing.T) {
	ed, _, p := newTestEditor(t, model.Sample())
	ed.watchElsewhere(time.Millisecond)
	p.until(t, "a look", func() bool { return ed.away.looks > 2 })
	ed.Close()
	time.Sleep(10 * time.Millisecond)
	p.drain()
	n := ed.away.looks
	time.Sleep(20 * time.Millisecond)
	p.drain()
	if ed.away.looks != n {
		t.Error("the closed editor went on looking")
	}
}

// TestAutosaveConflictSaidAboveTheMap: another window saved the encounter
// between two looks, and this one's autosave conflicted a second after
// the GM's edit: a dialog came up in the middle of what the GM did next.
// The bar above the map says it, and offers Save as copy; Ctrl+S still
// shows the dialog.
func TestAutosaveConflictSaidAboveTheMap(t *testing.T) {
	ed, st, p := newTestEditor(t, openEncounter(t, 6, 6))
	st.Bump(ed.enc.ID)
	if err := ed.apply("", func(c *model.Encounter) error { c.Grid.Set(2, 2, model.Wall); return nil }); err != nil {
		t.Fatal(err)
	}
	p.until(t, "the autosave", func() bool { return ed.saving.saveErr != nil })
	if len(ed.win.Canvas().Overlays().List()) != 0 {
		t.Error("the autosave's conflict came up as a dialog")
	}
	if got := ed.notice(); !strings.Contains(got, "was changed in another window") {
		t.Errorf("above the map: %q", got)
	}
	noticeButton(t, ed, "Save as copy")
	if ed.status.saveLabel.Text != saveStateFailed || !ed.saving.saveBlocked {
		t.Errorf("after the conflict the status says %q, autosave blocked %v", ed.status.saveLabel.Text, ed.saving.saveBlocked)
	}
	ed.SaveNow()
	if len(ed.win.Canvas().Overlays().List()) == 0 {
		t.Error("Ctrl+S after the conflict shows no dialog")
	}
}

// TestTheNoticeLeavesTheMapWhereItIs: the notice that the encounter
// changed elsewhere came as a bar above the map, which pushed the map
// down about 40 px while it showed, and up again when it went: the
// squares under the pointer moved. It lies over the map's top edge as a
// banner: the map keeps its place, its size and its view; the banner
// takes the pointer over it (the map's hover ends at its edge, so nothing
// under it is painted or picked), its buttons are pressed by a click on
// them, and Tab reaches them, Space pressing one.
func TestTheNoticeLeavesTheMapWhereItIs(t *testing.T) {
	d := fyne.CurrentApp
	for _, how := range []string{"click", "keyboard"} {
		t.Run(how, func(t *testing.T) {
			ed, st, p := newTestEditor(t, model.Sample())
			c := ed.win.Canvas()
			at, size := d().Driver().AbsolutePositionForObject(ed.view), ed.view.Size()
			ox, oy := ed.view.Origin()
			if err := ed.apply("", func(c *model.Encounter) error { c.Grid.Set(2, 2, model.Wall); return nil }); err != nil {
				t.Fatal(err)
			}
			saveElsewhere(t, st, ed.enc.ID, 1, 1)
			ed.watchElsewhere(time.Millisecond)
			p.until(t, "the notice", func() bool { return ed.notice() != "" })
			relayout := func() { // as the window's next frame lays it out
				cs := c.Size()
				ed.win.Resize(cs.AddWidthHeight(0, 1))
				ed.win.Resize(cs)
			}
			relayout()
			if got, gotSize := d().Driver().AbsolutePositionForObject(ed.view), ed.view.Size(); got != at || gotSize != size {
				t.Errorf("with the notice the map is %v at %v, was %v at %v", gotSize, got, size, at)
			}
			if x, y := ed.view.Origin(); x != ox || y != oy {
				t.Errorf("with the notice the map's view is at (%v, %v), was (%v, %v)", x, y, ox, oy)
			}
			banner := ed.away.notice
			top := d().Driver().AbsolutePositionForObject(banner)
			if top.Y < at.Y || top.Y+banner.Size().Height > at.Y+size.Height/3 || banner.Size().Width < size.Width/2 {
				t.Errorf("the banner is %v at %v, want it across the top of the map, %v at %v", banner.Size(), top, size, at)
			}
			// the pointer over the map names a square; over the banner none
			test.MoveMouse(c, fyne.NewPos(at.X+size.Width/2, at.Y+size.Height*2/3))
			if ed.hovered == nil {
				t.Fatal("the pointer over the map names no square")
			}
			test.MoveMouse(c, top.AddXY(banner.Size().Width/3, banner.Size().Height/2))
			if ed.hovered != nil {
				t.Errorf("the pointer over the banner's words hovers square %v of the map under it", *ed.hovered)
			}
			reload := noticeButton(t, ed, "Reload")
			if how == "click" {
				centre := d().Driver().AbsolutePositionForObject(reload).Add(fyne.NewPos(reload.Size().Width/2, reload.Size().Height/2))
				test.TapCanvas(c, centre)
			} else {
				for range 200 {
					if c.Focused() == fyne.Focusable(reload) {
						break
					}
					c.FocusNext()
				}
				if c.Focused() != fyne.Focusable(reload) {
					t.Fatal("Tab never reaches the banner's Reload")
				}
				reload.TypedKey(&fyne.KeyEvent{Name: fyne.KeySpace})
			}
			if ed.notice() != "" || ed.away.notice.Visible() || ed.enc.Grid.At(1, 1) != model.Wall {
				t.Errorf("Reload by %s: the notice says %q, the wall saved elsewhere shown %v", how, ed.notice(), ed.enc.Grid.At(1, 1) == model.Wall)
			}
			relayout()
			if got := d().Driver().AbsolutePositionForObject(ed.view); got != at {
				t.Errorf("after the notice the map is at %v, was %v", got, at)
			}
		})
	}
}
