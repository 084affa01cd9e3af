package ui

import (
	"strings"
	"testing"

	"encounterplanner/model"
)

// TestMenuItemsThatAskEndInAnEllipsis: an item of the editor's menus
// that asks the GM for more before it acts (a dialog over the map) ends
// in "…", and one that ends in "…" asks. Each item is chosen in an
// editor of its own: a fight with a walker 30 ft up selected, its HP
// tracked, in pf1e (Selected token falls asks the total rolled) and in
// sf2e (it does not; an area placed, for Areas…). Quit (it closes the app) is left out;
// Open library… opens the library, a window to choose from, as Open…
// does; a ruleset switch that changes tokens asks to confirm, which is
// not asking for more. File > Save as copy saves at once, named by the
// library ("Den (copy)"): it has no "…".
func TestMenuItemsThatAskEndInAnEllipsis(t *testing.T) {
	checked := map[string]bool{}
	for _, rs := range []model.Ruleset{model.PF1E, model.SF2E} {
		checkMenuEllipses(t, rs, checked)
	}
}

// checkMenuEllipses chooses each item of the editor's menus in rs not
// checked yet (by its path), and adds the items it checked to checked.
func checkMenuEllipses(t *testing.T, rs model.Ruleset, checked map[string]bool) {
	enc := func() *model.Encounter {
		e := openEncounter(t, 8, 6)
		e.Ruleset = rs
		e.Tokens = []model.Token{
			{ID: model.NewID(), Name: "Wing", Side: "enemy", X: 1, Y: 1, Size: model.Medium, Elevation: 30,
				Speeds: map[string]int{"land": 30}, HP: &model.HP{Current: 20, Max: 20}},
			{ID: model.NewID(), Name: "Pip", Side: "party", X: 4, Y: 4, Size: model.Medium,
				Speeds: map[string]int{"land": 30}, HP: &model.HP{Current: 20, Max: 20}},
		}
		e.Fight = &model.Fight{Round: 1, Order: []string{"Pip", "Wing"}, Turn: "Pip"}
		if rs == model.SF2E {
			e.Areas = []model.Area{{Kind: model.Burst, X: 4, Y: 4, Radius: 10}} // Areas… lists them
		}
		return e
	}
	// the items by their place, and their paths, in the state each is
	// chosen in
	type at struct {
		menu, item int
		path       string
	}
	var items []at
	ed, _, _ := newTestEditor(t, enc())
	ed.Select(ed.enc.TokenIndex("Wing"))
	for i, m := range ed.menu().Items {
		for j, it := range m.Items {
			switch {
			case it.IsSeparator, it.IsQuit, it.Label == "Open library…", it.Label == "Ruleset":
			case checked[m.Label+" > "+it.Label]:
			case it.Disabled && rs == model.SF2E:
				t.Errorf("%s > %s is greyed here: the test cannot tell whether it asks", m.Label, it.Label)
			case !it.Disabled:
				items = append(items, at{i, j, m.Label + " > " + it.Label})
			}
		}
	}
	for _, a := range items {
		ed, _, _ := newTestEditor(t, enc())
		ed.Select(ed.enc.TokenIndex("Wing"))
		m := ed.menu()
		ed.win.SetMainMenu(m)
		it := m.Items[a.menu].Items[a.item]
		checked[a.path] = true
		it.Action()
		asks := ed.win.Canvas().Overlays().Top() != nil
		if dots := strings.HasSuffix(trimKeyHint(it.Label), "…"); asks != dots {
			t.Errorf("%s: %s: asks %v, ends in … %v", rs, a.path, asks, dots)
		}
	}
}

// trimKeyHint is a menu label without the key the editor names after
// it, two spaces on: "Add area…  (A)" -> "Add area…".
func trimKeyHint(label string) string {
	if i := strings.Index(label, "  ("); i >= 0 {
		return label[:i]
	}
	return label
}
