package library

import (
	"slices"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/ui/internal/memstore"
)

// seasonLibrary is a library of five encounters of several rulesets and
// sizes, changed a minute apart in the order given (the last most recent).
func seasonLibrary(t *testing.T) (*Library, fyne.Window, *string) {
	t.Helper()
	test.NewTempApp(t)
	var es []*model.Encounter
	for i, c := range []struct {
		name string
		r    model.Ruleset
		w, h int
	}{
		{"Goblin ambush", model.SF2E, 20, 20},
		{"Derelict hauler", model.Starship, 40, 30},
		{"bridge of sighs", model.PF1E, 12, 8},
		{"Goblin warrens", model.SF2E, 60, 60},
		{"Arena", model.Points, 10, 10},
	} {
		e, err := NewEncounter(c.name, c.r, c.w, c.h, 5)
		if err != nil {
			t.Fatal(err)
		}
		e.Updated = time.Date(2026, 11, 1, 12, i, 0, 0, time.UTC)
		es = append(es, e)
	}
	st := memstore.New(es...)
	w := test.NewTempWindow(t, widget.NewLabel(""))
	w.Resize(fyne.NewSize(1024, 700))
	opened := new(string)
	l := New(w, st, func(id string) { *opened = id })
	return l, w, opened
}

func names(l *Library) []string {
	var out []string
	for _, s := range l.Items() {
		out = append(out, s.Name)
	}
	return out
}

// TestLibrarySearchFindsByNameAndRuleset: with a season of encounters the
// GM scrolled the whole list for one. Typing with nothing focused goes to
// the search field; the list keeps the encounters whose name or ruleset
// has every word typed, in any case, the first of them selected so that
// Enter opens it; Escape empties the search, and shows them all again.
func TestLibrarySearchFindsByNameAndRuleset(t *testing.T) {
	l, w, opened := seasonLibrary(t)
	c := w.Canvas()
	if got := names(l); len(got) != 5 || got[0] != "Arena" {
		t.Fatalf("listed %q: want all five, the last changed first", got)
	}
	c.Unfocus()
	for _, r := range "gob" {
		c.OnTypedRune()(r)
	}
	if c.Focused() != l.search {
		t.Fatalf("typing with nothing focused: %T has the keyboard, want the search", c.Focused())
	}
	if got := names(l); !slices.Equal(got, []string{"Goblin warrens", "Goblin ambush"}) {
		t.Errorf("\"gob\" lists %q", got)
	}
	l.Search("WARRENS goblin")
	if got := names(l); !slices.Equal(got, []string{"Goblin warrens"}) {
		t.Errorf("\"WARRENS goblin\" lists %q", got)
	}
	l.search.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if *opened != l.Items()[0].ID {
		t.Errorf("Enter in the search opened %q, want the one found", *opened)
	}
	l.Search("starship")
	if got := names(l); !slices.Equal(got, []string{"Derelict hauler"}) {
		t.Errorf("\"starship\" lists %q", got)
	}
	l.Search("dragon")
	if len(l.Items()) != 0 || !l.empty.Visible() || l.openBtn.Disabled() == false {
		t.Errorf("\"dragon\": %q listed, empty note shown %v, Open enabled %v", names(l), l.empty.Visible(), !l.openBtn.Disabled())
	}
	c.Focus(l.search)
	l.search.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if len(l.Items()) != 5 || l.empty.Visible() || c.Focused() != l.search {
		t.Errorf("Escape in the search: %d listed, still focused %v", len(l.Items()), c.Focused() == l.search)
	}
	l.search.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if c.Focused() != nil {
		t.Errorf("a second Escape: %T keeps the keyboard", c.Focused())
	}
}

// TestLibraryRenamedOutOfTheSearchStaysListed: renaming the found
// encounter to a name the search does not have left the list empty, the
// encounter seemingly gone. The search goes instead, the encounter
// selected.
func TestLibraryRenamedOutOfTheSearchStaysListed(t *testing.T) {
	l, _, _ := seasonLibrary(t)
	l.Search("arena")
	id := l.Items()[0].ID
	if err := l.Rename(id, "Pit fight"); err != nil {
		t.Fatal(err)
	}
	if s, ok := l.selected(); !ok || s.ID != id || l.search.Text != "" || len(l.Items()) != 5 {
		t.Errorf("after the rename: selected %+v, search %q, %d listed", s, l.search.Text, len(l.Items()))
	}
}

// TestLibraryOrdersByAColumn: a click on a heading orders the list by
// its column (names from A, sizes from the largest), a second click the
// other way, marked on the heading; the selection stays, and the order is
// kept for the next library.
func TestLibraryOrdersByAColumn(t *testing.T) {
	l, w, _ := seasonLibrary(t)
	l.Select(2)
	keep := l.Items()[2].ID
	test.Tap(l.heads[colName])
	if got := names(l); !slices.Equal(got, []string{"Arena", "bridge of sighs", "Derelict hauler", "Goblin ambush", "Goblin warrens"}) {
		t.Errorf("by name: %q", got)
	}
	if l.heads[colName].Text != "Name ▲" || l.heads[colChanged].Text != "Last changed" {
		t.Errorf("headings %q, %q", l.heads[colName].Text, l.heads[colChanged].Text)
	}
	if s, ok := l.selected(); !ok || s.ID != keep {
		t.Errorf("ordering lost the selection: %+v", s)
	}
	test.Tap(l.heads[colName])
	if got := names(l); got[0] != "Goblin warrens" || l.heads[colName].Text != "Name ▼" {
		t.Errorf("by name backwards: %q, heading %q", got, l.heads[colName].Text)
	}
	test.Tap(l.heads[colSize])
	if got := names(l); !slices.Equal(got, []string{"Goblin warrens", "Derelict hauler", "Goblin ambush", "Arena", "bridge of sighs"}) {
		t.Errorf("by size: %q", got)
	}
	test.Tap(l.heads[colRuleset])
	if got := l.Items(); rulesetTitle(got[0].Ruleset) > rulesetTitle(got[len(got)-1].Ruleset) {
		t.Errorf("by ruleset: %q first, %q last", rulesetTitle(got[0].Ruleset), rulesetTitle(got[len(got)-1].Ruleset))
	}

	// the next library (the next start) keeps the order
	test.Tap(l.heads[colSize])
	l2 := New(w, l.store, func(string) {})
	if got := names(l2); got[0] != "Goblin warrens" || l2.heads[colSize].Text != "Size ▼" {
		t.Errorf("the next library lists %q under %q", got, l2.heads[colSize].Text)
	}
}

func TestNaturalCompare(t *testing.T) {
	names := []string{"Den (10)", "den (2)", "Den", "Den (1)", "Den (19)", "Den (3)", "Den (002)", "Alpha 9", "alpha 10", "Den (2)"}
	slices.SortFunc(names, naturalCompare)
	want := []string{"Alpha 9", "alpha 10", "Den", "Den (1)", "Den (2)", "den (2)", "Den (002)", "Den (3)", "Den (10)", "Den (19)"}
	if !slices.Equal(names, want) {
		t.Errorf("sorted %q\nwant   %q", names, want)
	}
}
