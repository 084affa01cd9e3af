package ui

import (
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/rules"
	"encounterplanner/ui/library"
)

// overlayLabels are the labels of the overlay panel's fields, in order.
func overlayLabels(ed *Editor) []string {
	var out []string
	for _, o := range ed.ovp.box.Objects {
		if f, ok := o.(*widget.Form); ok {
			for _, it := range f.Items {
				out = append(out, it.Text)
			}
		}
	}
	return out
}

// TestThePanelShowsTheFieldsOfTheMode: in points the overlay panel showed
// Actions, Teleport sq, Forced, Forced by and Forced sq in every mode, so
// in land mode four of them did nothing, and a leap or teleport took no
// notice of Actions; a starship's Actions offered "1" alone. Each mode
// now shows the fields it uses, and choosing another mode brings its own.
func TestThePanelShowsTheFieldsOfTheMode(t *testing.T) {
	e, err := library.NewEncounter("Camp", model.Points, 12, 8, 5)
	if err != nil {
		t.Fatal(err)
	}
	e.Tokens = []model.Token{
		{ID: model.NewID(), Name: "Knight", X: 1, Y: 1, Size: model.Medium, Side: "party", Speeds: map[string]int{model.SpeedLand: 5}},
		{ID: model.NewID(), Name: "Brute", X: 4, Y: 1, Size: model.Medium, Side: "enemy", Speeds: map[string]int{model.SpeedLand: 4}},
	}
	ed, _, p := newTestEditor(t, e)
	ed.Select(0)
	settle(t, ed, p)
	for _, c := range []struct {
		mode string
		want []string
	}{
		{rules.ModeLand, []string{"Mode", "Actions"}},
		{rules.ModeLeap, []string{"Mode"}},
		{rules.ModeTeleport, []string{"Mode", "Teleport sq"}},
		{rules.ModeForced, []string{"Mode", "Forced", "Forced by", "Forced sq"}},
		{"crawl", []string{"Mode", "Actions"}},
	} {
		selectOf(t, overlayField(t, ed, "Mode")).SetSelected(c.mode)
		settle(t, ed, p)
		if got := overlayLabels(ed); !slices.Equal(got, c.want) {
			t.Errorf("points, mode %s: fields %s, want %s", c.mode, strings.Join(got, ", "), strings.Join(c.want, ", "))
		}
	}
	// the forced movement still defaults to the nearest foe once shown
	selectOf(t, overlayField(t, ed, "Mode")).SetSelected(rules.ModeForced)
	if got := selectOf(t, overlayField(t, ed, "Forced by")).Selected; got != "Brute" {
		t.Errorf("Forced by %q, want the nearest foe, Brute", got)
	}

	s, _ := library.NewEncounter("Dogfight", model.Starship, 20, 10, 50)
	s.Tokens = []model.Token{{ID: model.NewID(), Name: "Frigate", X: 2, Y: 2, Size: model.Medium, Side: "party", Speeds: map[string]int{model.SpeedFly: 300, model.SpeedTurn: 150}}}
	ed2, _, p2 := newTestEditor(t, s)
	ed2.Select(0)
	settle(t, ed2, p2)
	if got := overlayLabels(ed2); !slices.Equal(got, []string{"Mode"}) {
		t.Errorf("starship: fields %s, want Mode alone (one action: nothing to choose)", strings.Join(got, ", "))
	}
}
