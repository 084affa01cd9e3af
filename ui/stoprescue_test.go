package ui

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"

	"encounterplanner/model"
	"encounterplanner/ui/internal/memstore"
)

// TestStopKeepsEditsASaveCouldNotStore: the session ended (SIGTERM, a
// logout) with edits whose save had failed: another window had saved the
// encounter (a conflict), or the library file had gone. The last save as
// the app stopped skipped a blocked save without a word, and the edits
// were lost. A conflict's edits now go into the library as a copy; edits
// the library cannot take go into an encounter file in the rescue
// folder, which import brings back.
func TestStopKeepsEditsASaveCouldNotStore(t *testing.T) {
	t.Run("OKConflictSavedAsACopy", func(t *testing.T) {
		e, s, w, st := sampleWithAWall(t)
		st.Bump(e.ID)
		s.ed.SaveNow()
		if !s.ed.saving.saveBlocked {
			t.Fatal("the conflict did not block autosave")
		}
		s.win, s.ed.win = goneWindow{w}, goneWindow{w}
		s.stopped()
		var copies []*model.Encounter
		st.Each(func(c *model.Encounter) {
			if strings.HasSuffix(c.Name, "(copy)") {
				copies = append(copies, c)
			}
		})
		if len(copies) != 1 || copies[0].Grid.At(1, 1) != model.Wall {
			t.Errorf("after the stop the library holds %d copies; want one, with the edit", len(copies))
		}
	})
	t.Run("OKLibraryGoneWrittenToAFile", func(t *testing.T) {
		dir := rescueInto(t)
		e, s, w, st := sampleWithAWall(t)
		st.Fail = fmt.Errorf("save: %w: it was deleted or moved", model.ErrFileGone)
		s.ed.SaveNow()
		s.win, s.ed.win = goneWindow{w}, goneWindow{w}
		s.stopped()
		files, _ := filepath.Glob(filepath.Join(dir, "*.encounter.json"))
		if len(files) != 1 {
			t.Fatalf("the rescue folder holds %q; want one encounter file", files)
		}
		f, err := os.Open(files[0])
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		got, err := model.ReadEncounter(f)
		if err != nil {
			t.Fatal(err)
		}
		if got.Name != e.Name || got.Grid.At(1, 1) != model.Wall {
			t.Errorf("the rescued file holds %q without the edit", got.Name)
		}
		st.Fail = nil
		if stored, _ := st.Load(context.Background(), e.ID); stored.Grid.At(1, 1) == model.Wall {
			t.Error("the library took the edit, which it refused")
		}
	})
	t.Run("OKLeftWithoutSaving", func(t *testing.T) {
		// the GM answered Leave without saving as the window closed: the
		// editor is closed, and the stop keeps nothing
		dir := rescueInto(t)
		e, s, w, st := sampleWithAWall(t)
		st.Bump(e.ID)
		s.ed.SaveNow()
		s.ed.Close()
		s.win, s.ed.win = goneWindow{w}, goneWindow{w}
		s.stopped()
		files, _ := filepath.Glob(filepath.Join(dir, "*"))
		if st.Count() != 1 || len(files) != 0 {
			t.Errorf("edits the GM left without saving were kept: %d stored, files %q", st.Count(), files)
		}
	})
}

// TestStopRescueSaysWhatWasDoneAndWhere: as the app stopped, edits the
// library would not take were written to a file, and stderr said so with
// the store's whole error, advice for a window that goes on included:
// "export the encounter file (File menu) to keep them", when the app had
// just kept them and had no menu any more. It says why the save failed,
// what was done and where.
func TestStopRescueSaysWhatWasDoneAndWhere(t *testing.T) {
	dir := rescueInto(t)
	_, s, w, st := sampleWithAWall(t)
	st.Fail = fmt.Errorf(`save encounter "Derelict cargo bay": %w: /x/encounters.db was deleted or moved since the app opened it, so nothing more can be saved there; your edits are kept; export the encounter file (File menu) to keep them, then put the file back, or restart the app`, model.ErrFileGone)
	s.ed.SaveNow()
	s.win, s.ed.win = goneWindow{w}, goneWindow{w}
	said := stderrOf(t, s.stopped)
	files, _ := filepath.Glob(filepath.Join(dir, "*.encounter.json"))
	if len(files) != 1 {
		t.Fatalf("the rescue folder holds %q; want one encounter file", files)
	}
	for _, bad := range []string{"export the encounter file", "File menu", "your edits are kept", "restart the app"} {
		if strings.Contains(said, bad) {
			t.Errorf("at the stop stderr says %q, with the store's advice %q", said, bad)
		}
	}
	if !strings.Contains(said, files[0]) || !strings.Contains(said, "no longer where it was opened") || !strings.Contains(said, `"Derelict cargo bay"`) {
		t.Errorf("at the stop stderr says %q; want the encounter, why it was not saved and the file %s", said, files[0])
	}
}

// stderrOf runs f and returns what it wrote to stderr.
func stderrOf(t *testing.T, f func()) string {
	t.Helper()
	r, wr, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	was := os.Stderr
	os.Stderr = wr
	defer func() { os.Stderr = was }()
	f()
	wr.Close()
	b, _ := io.ReadAll(r)
	r.Close()
	return string(b)
}

// rescueInto points the rescue folder at a temporary one for the test,
// and returns it.
func rescueInto(t *testing.T) string {
	dir := t.TempDir()
	was := rescueDir
	rescueDir = func() (string, error) { return dir, nil }
	t.Cleanup(func() { rescueDir = was })
	return dir
}

// sampleWithAWall opens the sample encounter and paints a wall at (1, 1),
// an edit not yet saved.
func sampleWithAWall(t *testing.T) (*model.Encounter, *Shell, fyne.Window, *memstore.Store) {
	e := model.Sample()
	s, w, st, _ := startShell(t, e, Options{InitialEncounterID: "Derelict cargo bay"})
	if err := s.ed.apply("", func(c *model.Encounter) error { c.Grid.Set(1, 1, model.Wall); return nil }); err != nil {
		t.Fatal(err)
	}
	return e, s, w, st
}
