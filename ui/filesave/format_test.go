package filesave

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/ui/controls"
	"encounterplanner/ui/internal/posttest"
)

// TestABareNameGetsTheFormatsWholeExtension: in the Save dialog of
// Export encounter file…, a name typed without an extension ("o") was
// written as o.json: the dialog's file filter (.json, the extension
// filepath.Ext sees) was also what a bare name got, and the format's
// .encounter.json, the name the dialog offers, was lost. A bare name now
// gets the whole extension each format offers (o.encounter.json,
// o.dd2vtt); a name the GM ended in one of the format's extensions is
// written as typed.
func TestABareNameGetsTheFormatsWholeExtension(t *testing.T) {
	for _, c := range []struct {
		f                    Format
		offered, typed, want string
	}{
		{EncounterFile, "Smuggler's den.encounter.json", "o", "o.encounter.json"},
		{EncounterFile, "Smuggler's den.encounter.json", "room.json", "room.json"},
		{EncounterFile, "Smuggler's den.encounter.json", "room.encounter.json", "room.encounter.json"},
		{UVTT, "Smuggler's den.dd2vtt", "o", "o.dd2vtt"},
		{UVTT, "Smuggler's den.dd2vtt", "o.uvtt", "o.uvtt"},
	} {
		t.Run(c.f.Title+" "+c.typed, func(t *testing.T) {
			dir := saveDialogIn(t)
			s, q := testSaver(t)
			s.Export(c.f, "Smuggler's den", func() (*model.Encounter, error) { return model.Sample(), nil })
			name, ok := s.Win.Canvas().Focused().(*controls.EscEntry)
			if !ok {
				t.Fatalf("the cursor is in %T, not the Save dialog's file name", s.Win.Canvas().Focused())
			}
			if name.Text != c.offered {
				t.Errorf("the dialog offers %q, want %q", name.Text, c.offered)
			}
			name.SetText(c.typed)
			name.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
			q.Until(t, "the export", func() bool { return s.Busy() == 0 && s.Win.Canvas().Overlays().Top() == nil })
			if got := filesIn(t, dir); !slices.Equal(got, []string{c.want}) {
				t.Errorf("%q typed: the folder holds %q, want %q", c.typed, got, c.want)
			}
		})
	}
}

// TestTheSaveDialogListsTheFormatsFiles: the Save dialog lists the files
// the format writes, whatever a bare name gets: an encounter file's
// .encounter.json is a .json to Fyne's filter, which compares the last
// extension only.
func TestTheSaveDialogListsTheFormatsFiles(t *testing.T) {
	for _, c := range []struct {
		f      Format
		listed []string
		not    []string
	}{
		{EncounterFile, []string{"den.encounter.json", "den.json", "DEN.JSON"}, []string{"den.png", "den.encounter", "den.dd2vtt"}},
		{UVTT, []string{"den.dd2vtt", "den.uvtt", "den.DD2VTT"}, []string{"den.json", "den.png"}},
	} {
		filter := listed(c.f.Exts)
		for _, n := range c.listed {
			if !filter.Matches(storage.NewFileURI("/tmp/" + n)) {
				t.Errorf("%s: %s is not listed", c.f.Title, n)
			}
		}
		for _, n := range c.not {
			if filter.Matches(storage.NewFileURI("/tmp/" + n)) {
				t.Errorf("%s: %s is listed", c.f.Title, n)
			}
		}
	}
}

// saveDialogIn is a fresh folder, where Fyne's Save dialog opens in a
// fresh test app that makes no file before the write (as in the app).
func saveDialogIn(t *testing.T) string {
	t.Helper()
	a := test.NewTempApp(t)
	controls.KeepFilesUntilWritten()
	dir := t.TempDir()
	a.Preferences().SetString("fyne:fileDialogLastFolder", storage.NewFileURI(dir).String())
	return dir
}

// testSaver is a Saver over a 1024 x 700 test window, its writes' results
// posted to the returned queue.
func testSaver(t *testing.T) (*Saver, *posttest.Queue) {
	t.Helper()
	w := test.NewTempWindow(t, widget.NewLabel(""))
	w.Resize(fyne.NewSize(1024, 700))
	q := posttest.New()
	return &Saver{Win: w, Esc: controls.NewEscapes(w), Post: q.Post, Say: func(string) {}}, q
}

// filesIn is the names of the files in dir.
func filesIn(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, filepath.Base(e.Name()))
	}
	return names
}
