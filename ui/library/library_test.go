package library

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/ui/internal/memstore"
)

func TestLibrary(t *testing.T) {
	test.NewTempApp(t)
	a, _ := NewEncounter("Alpha", model.SF2E, 10, 8, 5)
	st := memstore.New(model.Sample(), a)
	w := test.NewTempWindow(t, widget.NewLabel(""))
	w.Resize(fyne.NewSize(1024, 700))
	var opened string
	l := New(w, st, func(id string) { opened = id })
	if n := len(l.Items()); n != 2 {
		t.Fatalf("%d encounters listed, want 2", n)
	}
	if l.openBtn.Disabled() == false {
		t.Errorf("Open should be disabled with nothing selected")
	}
	l.Select(1)
	id := l.Items()[1].ID
	w.Canvas().Unfocus()
	w.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if opened != id {
		t.Errorf("Enter opened %q, want %q", opened, id)
	}
	if err := l.Rename(id, "  "); err == nil {
		t.Errorf("a blank name should be refused")
	}
	if err := l.Rename(id, "Beta"); err != nil {
		t.Fatal(err)
	}
	if err := l.Duplicate(id); err != nil {
		t.Fatal(err)
	}
	if n := len(l.Items()); n != 3 {
		t.Fatalf("%d encounters after duplicating, want 3", n)
	}
	var names []string
	for _, s := range l.Items() {
		names = append(names, s.Name)
	}
	if !strings.Contains(strings.Join(names, "|"), "Beta (copy)") {
		t.Errorf("names %q lack the copy", names)
	}
	if err := l.Delete(id); err != nil {
		t.Fatal(err)
	}
	if n := len(l.Items()); n != 2 {
		t.Errorf("%d encounters after deleting, want 2", n)
	}
	// deleting asks first
	l.Select(0)
	l.DeleteSelected()
	if w.Canvas().Overlays().Top() == nil || st.Count() != 2 {
		t.Errorf("delete should ask for confirmation before deleting")
	}
}

func TestNewEncounterChecks(t *testing.T) {
	if _, err := NewEncounter("x", model.SF2E, 0, 5, 5); err == nil {
		t.Errorf("a 0-wide map should be refused")
	}
	if _, err := NewEncounter(" ", model.SF2E, 5, 5, 5); err == nil {
		t.Errorf("a blank name should be refused")
	}
	e, err := NewEncounter("Deck", model.Starship, 20, 20, 50)
	if err != nil || e.FeetPerSquare != 0 || e.Feet() != 50 {
		t.Errorf("starship default scale: %v, %d", err, e.FeetPerSquare)
	}
}

func TestLibraryRowTaps(t *testing.T) {
	test.NewTempApp(t)
	st := memstore.New(model.Sample())
	w := test.NewTempWindow(t, widget.NewLabel(""))
	var opened string
	l := New(w, st, func(id string) { opened = id })
	row := newLibRow(l)
	row.set(0, l.Items()[0], l.Threat(0))
	test.Tap(row)
	if l.sel != 0 || l.openBtn.Disabled() {
		t.Errorf("a tap should select the row and enable Open")
	}
	test.DoubleTap(row)
	if opened != l.Items()[0].ID {
		t.Errorf("a double tap should open the encounter")
	}
}

// TestLibraryKeysWaitForTheDialog: Enter with the delete confirmation up
// opened the very encounter the GM was about to delete (the dialog then
// sat over its editor), and Delete stacked a second confirmation.
func TestLibraryKeysWaitForTheDialog(t *testing.T) {
	test.NewTempApp(t)
	a, _ := NewEncounter("Alpha", model.SF2E, 10, 8, 5)
	st := memstore.New(model.Sample(), a)
	w := test.NewTempWindow(t, widget.NewLabel(""))
	w.Resize(fyne.NewSize(1024, 700))
	opened := ""
	l := New(w, st, func(id string) { opened = id })
	l.Select(0)
	w.Canvas().Unfocus()
	l.DeleteSelected()
	ov := w.Canvas().Overlays()
	if ov.Top() == nil {
		t.Fatal("Delete… should ask")
	}
	w.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyReturn})
	w.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyDelete})
	if opened != "" {
		t.Errorf("Enter over the delete confirmation opened %q", opened)
	}
	if n := len(ov.List()); n != 1 {
		t.Errorf("%d dialogs after Delete over the confirmation, want 1", n)
	}
}

// TestLibraryThreatColumn: each row shows its encounter's XP and threat for
// its party, as the editor's status bar does, from trivial to beyond
// extreme; blank without a party level or outside sf2e. Saving the
// encounter changes the column at the next listing.
func TestLibraryThreatColumn(t *testing.T) {
	test.NewTempApp(t)
	enc := func(name string, r model.Ruleset, party *model.Party, levels ...int) *model.Encounter {
		e, err := NewEncounter(name, r, 10, 8, 5)
		if err != nil {
			t.Fatal(err)
		}
		e.Party = party
		for i, lv := range levels {
			e.Tokens = append(e.Tokens, model.Token{Name: fmt.Sprintf("Goblin %d", i+1), X: i, Y: 0, Size: model.Medium, Side: "enemy", Level: &lv})
		}
		return e
	}
	p1 := &model.Party{Side: "party", Level: 1, Size: 4}
	cases := []struct {
		e    *model.Encounter
		want string
	}{
		{enc("Empty room", model.SF2E, p1), "XP 0 · trivial"},
		{enc("Lone warrior", model.SF2E, p1, 1), "XP 40 · trivial"},
		{enc("Guard post", model.SF2E, p1, 1, 1), "XP 80 · moderate"},
		{enc("Five players", model.SF2E, &model.Party{Side: "party", Level: 1, Size: 5}, 2, 1), "XP 100 · moderate"},
		{enc("Dragons", model.SF2E, p1, 6, 6), "XP 320 · beyond extreme"},
		{enc("No party level", model.SF2E, nil, 0, 0), ""},
		{enc("Old campaign", model.PF1E, p1, 0, 0), ""},
	}
	var es []*model.Encounter
	for _, c := range cases {
		es = append(es, c.e)
	}
	st := memstore.New(es...)
	w := test.NewTempWindow(t, widget.NewLabel(""))
	w.Resize(fyne.NewSize(1024, 700))
	l := New(w, st, nil)
	row := newLibRow(l)
	shown := func(name string) string {
		for i, s := range l.Items() {
			if s.Name == name {
				row.set(i, s, l.Threat(i))
				return row.threat.Text
			}
		}
		t.Fatalf("%q is not listed", name)
		return ""
	}
	for _, c := range cases {
		if got := shown(c.e.Name); got != c.want {
			t.Errorf("%s: threat column %q, want %q", c.e.Name, got, c.want)
		}
	}
	ctx := context.Background()
	e, err := st.Load(ctx, cases[1].e.ID)
	if err != nil {
		t.Fatal(err)
	}
	lv := 3
	e.Tokens = append(e.Tokens, model.Token{Name: "Bugbear", X: 5, Y: 5, Size: model.Medium, Side: "enemy", Level: &lv})
	if err := st.Save(ctx, e); err != nil {
		t.Fatal(err)
	}
	l.Reload()
	if got, want := shown("Lone warrior"), "XP 120 · severe"; got != want {
		t.Errorf("after saving a level 3 bugbear into it: %q, want %q", got, want)
	}
}

// TestCopyNamesCountOn: a copy of a copy was "Beta (copy) (copy)", where
// imports number theirs; copies now count on from the same name.
func TestCopyNamesCountOn(t *testing.T) {
	names := map[string]bool{"Beta": true}
	taken := func(n string) bool { return names[n] }
	for _, c := range []struct{ of, want string }{
		{"Beta", "Beta (copy)"},
		{"Beta", "Beta (copy 2)"},
		{"Beta (copy)", "Beta (copy 3)"},
		{"Beta (copy 2)", "Beta (copy 4)"},
		{"Den (copy machine)", "Den (copy machine) (copy)"},
	} {
		got := CopyName(c.of, taken)
		if got != c.want {
			t.Errorf("a copy of %q is %q, want %q", c.of, got, c.want)
		}
		names[got] = true
	}
	long := strings.Repeat("x", model.MaxName)
	if got := CopyName(long, taken); len([]rune(got)) != model.MaxName || !strings.HasSuffix(got, " (copy)") {
		t.Errorf("a copy of a %d-character name is %d characters: %q", model.MaxName, len([]rune(got)), got)
	}
}
