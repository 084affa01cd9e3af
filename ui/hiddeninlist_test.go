package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"

	"encounterplanner/model"
	"encounterplanner/ui/controls"
)

// TestTheTokenListShowsHiddenInSight: "· hidden" came last on a token's
// line in the inspector's list, where the column cut it off ("Tashtari
// scout · enemy · (16, 8) · hidde…"). It follows the name, with an icon.
func TestTheTokenListShowsHiddenInSight(t *testing.T) {
	ed, _, _ := newTestEditor(t, model.Sample())
	ed.Select(-1)
	var hidden, shown int
	for _, b := range tokenListButtons(ed) {
		name, _, _ := strings.Cut(b.Text, " · ")
		i := ed.enc.TokenIndex(name)
		if i < 0 {
			continue
		}
		tk := ed.enc.Tokens[i]
		if !tk.Hidden {
			shown++
			if strings.Contains(b.Text, "hidden") || b.Icon != nil {
				t.Errorf("%q: marked hidden", b.Text)
			}
			continue
		}
		hidden++
		if !strings.HasPrefix(b.Text, tk.Name+" · hidden") || b.Icon == nil {
			t.Errorf("%q (icon %v): want the name, then hidden, and an icon", b.Text, b.Icon)
		}
		// what the column shows of the line holds the word
		w := fyne.MeasureText(tk.Name+" · hidden", 14, fyne.TextStyle{Bold: true}).Width
		if w > 270-60 {
			t.Errorf("%q: \"hidden\" ends at %v px, past what the column shows", b.Text, w)
		}
	}
	if hidden == 0 || shown == 0 {
		t.Fatalf("the sample's list has %d hidden and %d shown tokens", hidden, shown)
	}
}

// tokenListButtons are the buttons of the inspector's token list, each in
// its narrowRow.
func tokenListButtons(ed *Editor) []*controls.PaneButton {
	var out []*controls.PaneButton
	for _, o := range ed.insp.box.Objects {
		if row, ok := o.(*fyne.Container); ok && len(row.Objects) == 1 {
			if b, ok := row.Objects[0].(*controls.PaneButton); ok {
				out = append(out, b)
			}
		}
	}
	return out
}
