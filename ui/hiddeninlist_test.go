package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

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
	for i := range ed.insp.rows.Length() {
		b := tokenListButton(t, ed, i)
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

// tokenListButton is the button of row i of the inspector's token list,
// the inspector scrolled to it: only the rows in view are made (lazyRows).
func tokenListButton(t *testing.T, ed *Editor, i int) *controls.PaneButton {
	t.Helper()
	rows := ed.insp.rows
	if rows == nil || i >= rows.Length() {
		t.Fatalf("the token list has no row %d", i)
	}
	sc := ed.fight.scroll
	sc.ScrollToOffset(fyne.NewPos(0, rows.Position().Y+float32(i)*(rows.rowHeight()+theme.Padding())))
	o := rows.rowAt(i)
	if o == nil {
		t.Fatalf("row %d of the token list is not made with the inspector scrolled to it", i)
	}
	if why := outOfSight(ed, o); why != "" {
		t.Fatalf("row %d of the token list, scrolled to: %s", i, why)
	}
	return o.(*fyne.Container).Objects[0].(*controls.PaneButton)
}
