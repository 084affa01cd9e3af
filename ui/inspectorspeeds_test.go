package ui

import (
	"slices"
	"testing"

	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/rules"
)

// formLabels are the labels of the inspector's token form, in order, each
// with the text of its widget when that is a label.
func formLabels(ed *Editor) []string {
	var out []string
	for _, o := range ed.insp.box.Objects {
		if f, ok := o.(*widget.Form); ok {
			for _, it := range f.Items {
				if l, ok := it.Widget.(*widget.Label); ok {
					out = append(out, it.Text+" = "+l.Text)
				} else {
					out = append(out, it.Text)
				}
			}
		}
	}
	return out
}

// TestInspectorSpeedsSayTheyAreSpeeds: the Speed fields were labelled
// "Land ft", "Fly ft"..., beside "Elevation ft", and two GMs in a row took
// them for heights. They sit under a "Speed" heading that says what they
// count (feet, or movement points in points), labelled by mode, in the
// ruleset's order.
func TestInspectorSpeedsSayTheyAreSpeeds(t *testing.T) {
	for _, c := range []struct {
		r    model.Ruleset
		want []string
	}{
		{model.SF2E, []string{"Speed = in feet", "Land", "Fly", "Swim", "Climb", "Burrow"}},
		{model.PF1E, []string{"Speed = in feet", "Land", "Fly", "Swim", "Climb", "Burrow"}},
		{model.Starship, []string{"Speed = in feet", "Fly", "Turn"}},
		{model.Points, []string{"Speed = in points", "Land", "Mobility"}},
	} {
		d := rules.Describe(c.r)
		e := &model.Encounter{Name: "x", Ruleset: c.r, Grid: model.NewGrid(8, 8), Tokens: []model.Token{
			{ID: "0b5e8a3c-4d2f-4e6a-9b1c-7f3d2e1a0c9b", Name: "Ann", X: 1, Y: 1, Size: d.Sizes[0], Side: "party",
				Speeds: map[string]int{d.SpeedKeys[0]: d.NewSpeed}}}}
		if err := model.Validate(e); err != nil {
			t.Fatal(err)
		}
		ed, _, _ := newTestEditor(t, e)
		ed.Select(0)
		labels := formLabels(ed)
		at := slices.Index(labels, c.want[0])
		if at < 0 || at+len(c.want) > len(labels) || !slices.Equal(labels[at:at+len(c.want)], c.want) {
			t.Errorf("%s: the form reads %q, want %q in a row", c.r, labels, c.want)
		}
	}
}
