package library

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/ui/controls"
	"encounterplanner/ui/internal/memstore"
)

// walkObjects calls f on o and everything drawn inside it.
func walkObjects(o fyne.CanvasObject, f func(fyne.CanvasObject)) {
	f(o)
	switch x := o.(type) {
	case *fyne.Container:
		for _, c := range x.Objects {
			walkObjects(c, f)
		}
	case fyne.Widget:
		for _, c := range test.WidgetRenderer(x).Objects() {
			walkObjects(c, f)
		}
	}
}

// topDialog returns the entries and the buttons of the dialog on top of w.
func topDialog(t *testing.T, w fyne.Window) (entries []*widget.Entry, sel *widget.Select, buttons map[string]*widget.Button) {
	t.Helper()
	top := w.Canvas().Overlays().Top()
	if top == nil {
		t.Fatal("no dialog open")
	}
	buttons = map[string]*widget.Button{}
	walkObjects(top, func(o fyne.CanvasObject) {
		switch x := o.(type) {
		case *widget.Entry:
			entries = append(entries, x)
		case *controls.EscEntry:
			entries = append(entries, &x.Entry)
		case *widget.Select:
			sel = x
		case *controls.EscSelect:
			sel = &x.Select
		case *widget.Button:
			buttons[x.Text] = x
		}
	})
	return entries, sel, buttons
}

// TestNewDialogKeepsWhatWasTyped: a refused value (a 0 width, a 2000
// height, a blank name) closed the New encounter dialog behind the error,
// and New… started again from the defaults: the name, ruleset and the
// other numbers had to be typed all over again.
func TestNewDialogKeepsWhatWasTyped(t *testing.T) {
	test.NewTempApp(t)
	st := memstore.New(model.Sample())
	w := test.NewTempWindow(t, widget.NewLabel(""))
	w.Resize(fyne.NewSize(1024, 700))
	opened := ""
	l := New(w, st, func(id string) { opened = id })

	l.NewDialog()
	en, sel, btn := topDialog(t, w)
	if len(en) != 4 || sel == nil {
		t.Fatalf("the New dialog has %d entries and select %v, want name, width, height, feet and the ruleset", len(en), sel)
	}
	sel.SetSelected(rulesetTitle(model.PF1E))
	en[0].SetText("Goblin ambush")
	en[1].SetText("0")
	en[2].SetText("12")
	test.Tap(btn["Create"])
	_, _, btn = topDialog(t, w)
	if btn["OK"] == nil {
		t.Fatal("a 0 width should be refused with an error")
	}
	test.Tap(btn["OK"])
	en, sel, btn = topDialog(t, w)
	if len(en) != 4 || btn["Create"] == nil {
		t.Fatal("the New dialog should come back after the error")
	}
	got := []string{en[0].Text, sel.Selected, en[1].Text, en[2].Text, en[3].Text}
	want := []string{"Goblin ambush", "pf1e — Pathfinder 1e / d20", "0", "12", "5"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("the dialog came back with %q, want %q", got, want)
	}
	en[1].SetText("16")
	test.Tap(btn["Create"])
	if opened == "" {
		t.Fatal("the corrected dialog did not create the encounter")
	}
	e, err := st.Load(t.Context(), opened)
	if err != nil {
		t.Fatal(err)
	}
	if e.Name != "Goblin ambush" || e.Ruleset != model.PF1E || e.Grid.W != 16 || e.Grid.H != 12 {
		t.Errorf("created %q %s %dx%d, want Goblin ambush pf1e 16x12", e.Name, e.Ruleset, e.Grid.W, e.Grid.H)
	}
}

// TestNewEncounterRefusalsInWords: a blank name read "name: must be 1 to
// 200 characters, not 0" and a 2000-square side "map.rows: the map is
// 10x2000 squares; at most 1000x1000 are allowed" (the file format's
// field names); the New dialog now says what to type.
func TestNewEncounterRefusalsInWords(t *testing.T) {
	for _, c := range []struct {
		name    string
		w, h    int
		feet    int
		message string
	}{
		{"  ", 10, 10, 5, "type a name for the encounter"},
		{"Bay", 10, 2000, 5, "the map must be 1 to 1000 squares on each side, not 10 x 2000"},
		{"Bay", 0, 10, 5, "the map needs at least 1 x 1 squares, not 0 x 10"},
		{"Bay", 10, 10, 0, "feet per square must be at least 1"},
	} {
		_, err := NewEncounter(c.name, model.SF2E, c.w, c.h, c.feet)
		if err == nil || err.Error() != c.message {
			t.Errorf("NewEncounter(%q, %d x %d, %d ft): %v, want %q", c.name, c.w, c.h, c.feet, err, c.message)
		}
	}
	if e, err := NewEncounter(" Bay ", model.Starship, 1000, 1, 50); err != nil || e.Name != "Bay" || e.FeetPerSquare != 0 {
		t.Errorf("a 1000 x 1 starship map: %v", err)
	}
}

// TestRulesetsShowTheirFullNames: the New dialog offered "sf2e", "pf1e",
// "starship", "points", and the list showed the same: a Pathfinder 2e GM
// did not know to pick sf2e. Both now show the descriptor's full name.
func TestRulesetsShowTheirFullNames(t *testing.T) {
	test.NewTempApp(t)
	st := memstore.New(model.Sample())
	w := test.NewTempWindow(t, widget.NewLabel(""))
	w.Resize(fyne.NewSize(1024, 700))
	l := New(w, st, nil)
	var shown []string
	walkObjects(l.content, func(o fyne.CanvasObject) {
		if r, ok := o.(*libRow); ok && r.name.Text != "" {
			shown = append(shown, r.rs.Text)
		}
	})
	if len(shown) != 1 || !strings.Contains(shown[0], "Starfinder 2e / Pathfinder 2e") {
		t.Errorf("the library lists the sample's ruleset as %q, want its full name", shown)
	}
	l.NewDialog()
	_, sel, _ := topDialog(t, w)
	opts := strings.Join(sel.Options, "|")
	for _, name := range []string{"Starfinder 2e / Pathfinder 2e", "Pathfinder 1e", "ship combat", "movement points"} {
		if !strings.Contains(opts, name) {
			t.Errorf("the New dialog offers %q, none named %q", sel.Options, name)
		}
	}
	if !strings.Contains(sel.Selected, "Starfinder 2e") {
		t.Errorf("the New dialog starts on %q", sel.Selected)
	}
	// the chosen name shows whole, not "sf2e — Starfinder 2e / Pat…"
	need := fyne.MeasureText(sel.Selected, theme.TextSize(), fyne.TextStyle{}).Width + 2*theme.InnerPadding() + theme.IconInlineSize()
	if w := sel.Size().Width; w < need {
		t.Errorf("the ruleset field is %v px wide, %v needed for %q", w, need, sel.Selected)
	}
}

// TestNewDialogRefusalPutsTheCursorInTheField: after a refused 0 width
// the New dialog came back with the cursor in Name, and the GM who typed
// the right width typed it over the name. The cursor is in the field
// refused, its text selected to type over.
func TestNewDialogRefusalPutsTheCursorInTheField(t *testing.T) {
	test.NewTempApp(t)
	st := memstore.New(model.Sample())
	w := test.NewTempWindow(t, widget.NewLabel(""))
	w.Resize(fyne.NewSize(1024, 700))
	l := New(w, st, func(string) {})
	for _, c := range []struct {
		field        string
		at           int // the entry: name, width, height, feet
		name, wd, ht string
		feet         string
	}{
		{"width", 1, "Bay", "0", "12", "5"},
		{"height", 2, "Bay", "16", "x", "5"},
		{"height", 2, "Bay", "16", "2000", "5"},
		{"feet per square", 3, "Bay", "16", "12", "0"},
		{"name", 0, " ", "16", "12", "5"},
	} {
		l.NewDialog()
		en, _, btn := topDialog(t, w)
		for i, s := range []string{c.name, c.wd, c.ht, c.feet} {
			en[i].SetText(s)
		}
		test.Tap(btn["Create"])
		_, _, btn = topDialog(t, w)
		if btn["OK"] == nil {
			t.Fatalf("%s %q: no error shown", c.field, []string{c.name, c.wd, c.ht, c.feet})
		}
		test.Tap(btn["OK"])
		en, _, btn = topDialog(t, w)
		f, ok := w.Canvas().Focused().(*controls.EscEntry)
		if !ok || &f.Entry != en[c.at] {
			t.Errorf("refused %s: the cursor is in %T %q, want the %s field", c.field, w.Canvas().Focused(), focusedText(w), c.field)
		}
		test.Tap(btn["Cancel"])
	}
}

// focusedText is the text of w's focused entry, "" for none.
func focusedText(w fyne.Window) string {
	if f, ok := w.Canvas().Focused().(*controls.EscEntry); ok {
		return f.Text
	}
	return ""
}

// TestNewDialogKeys: the New encounter dialog opens with its name
// selected, so what the GM types replaces it ("Crypt" made "CryptNew
// encounter"), and Escape cancels it, Enter creates, from the ruleset
// too (Tab from the name): a plain Select kept both keys.
func TestNewDialogKeys(t *testing.T) {
	test.NewTempApp(t)
	st := memstore.New(model.Sample())
	w := test.NewTempWindow(t, widget.NewLabel(""))
	w.Resize(fyne.NewSize(1024, 700))
	var made string
	l := New(w, st, func(id string) { made = id })
	l.NewDialog()
	test.Type(w.Canvas().Focused(), "Crypt")
	if got := focusedText(w); got != "Crypt" {
		t.Errorf("typed Crypt over the name offered: %q", got)
	}
	w.Canvas().FocusNext()
	sel, ok := w.Canvas().Focused().(*controls.EscSelect)
	if !ok {
		t.Fatalf("Tab from the name focused %T, want the ruleset", w.Canvas().Focused())
	}
	sel.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if w.Canvas().Overlays().Top() != nil || made != "" {
		t.Fatalf("Escape in the ruleset: dialog open %v, made %q", w.Canvas().Overlays().Top() != nil, made)
	}
	l.NewDialog()
	test.Type(w.Canvas().Focused(), "Crypt")
	w.Canvas().FocusNext()
	w.Canvas().Focused().(*controls.EscSelect).TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if made == "" {
		t.Fatal("Enter in the ruleset created nothing")
	}
	if e, err := st.Load(t.Context(), made); err != nil || e.Name != "Crypt" {
		t.Errorf("made %v %v, want Crypt", e, err)
	}
}
