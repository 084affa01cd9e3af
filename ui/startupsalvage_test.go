package ui

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"encounterplanner/model"
)

// TestStartFreshTakesInWhatCanBeRead: Start fresh moved a damaged library
// aside and began again from the sample alone, though one scribbled page
// leaves most encounters readable: the GM's maps and fights were all in
// a file no tool of the app could read again. The new library now takes
// in every encounter the old file still gives (Options.Salvage), and the
// dialog says which, what each lost, and which could not be read.
func TestStartFreshTakesInWhatCanBeRead(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "encounters.db")
	os.WriteFile(bad, []byte("damaged"), 0o600)
	crypt, _ := model.DecodeEncounter([]byte(`{"format":"encounter/1","name":"Crypt","ruleset":"pf1e","map":{"rows":["..","#."],"legend":{"#":["wall"]}}}`))
	crypt.ID = model.NewID()
	bay := model.Sample()
	bay.Name, bay.ID = "Cargo bay", model.NewID()
	bay.Dropped = []string{"its map image and token pictures could not be read from the damaged file, and are left out"}
	var salvaged []string
	opts := Options{StoreError: errNotDB, DBPath: bad, Salvage: func(path string) ([]*model.Encounter, []string, error) {
		salvaged = append(salvaged, path)
		return []*model.Encounter{crypt, bay}, []string{`"Ambush": load encounter: database disk image is malformed`}, nil
	}}
	f := &fakeOpener{}
	s, w, p := newStartShell(t, f.open, opts)
	if !strings.Contains(s.problem.detail.Text, "every encounter that can still be read") {
		t.Errorf("the screen does not say Start fresh keeps what can be read: %q", s.problem.detail.Text)
	}
	s.problem.freshBtn.OnTapped()
	p.until(t, "the library", func() bool { return s.Library() != nil })
	aside := bad + ".unreadable-20261129-134506"
	if len(salvaged) != 1 || salvaged[0] != aside {
		t.Fatalf("salvaged %q, want the file moved aside, %s", salvaged, aside)
	}
	var names []string
	for _, it := range s.Library().Items() {
		names = append(names, it.Name)
	}
	slices.Sort(names)
	if strings.Join(names, "|") != "Cargo bay|Crypt|Derelict cargo bay" {
		t.Errorf("the new library lists %q, want the sample and the two read", names)
	}
	got, err := s.store.Load(t.Context(), crypt.ID)
	if err != nil || got.Name != "Crypt" || got.Grid.W != 2 {
		t.Errorf("Crypt is not in the new library under its id: %v %v", got, err)
	}
	top := w.Canvas().Overlays().Top()
	if top == nil {
		t.Fatal("no dialog says what was kept")
	}
	text := allText(top)
	for _, want := range []string{aside, "2 encounters", "Crypt", "Cargo bay", "map image and token pictures", "Ambush", "could not be read"} {
		if !strings.Contains(text, want) {
			t.Errorf("the dialog says %q\nwant %q", text, want)
		}
	}
}

// TestStartFreshWhenNothingCanBeRead: a file that gives nothing back
// still starts afresh, and says so.
func TestStartFreshWhenNothingCanBeRead(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "encounters.db")
	os.WriteFile(bad, []byte("junk"), 0o600)
	opts := Options{StoreError: errNotDB, DBPath: bad, Salvage: func(string) ([]*model.Encounter, []string, error) {
		return nil, nil, errors.New("file is not a database")
	}}
	s, w, p := newStartShell(t, (&fakeOpener{}).open, opts)
	s.problem.freshBtn.OnTapped()
	p.until(t, "the library", func() bool { return s.Library() != nil })
	if top := w.Canvas().Overlays().Top(); top == nil || !strings.Contains(allText(top), "No encounter could be read from the old file") {
		t.Errorf("the dialog should say nothing could be read: %v", top)
	}
	if n := len(s.Library().Items()); n != 1 {
		t.Errorf("the new library lists %d, want the sample", n)
	}
}
