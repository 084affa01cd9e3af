package ui

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"

	"encounterplanner/model"
	"encounterplanner/ui/controls"
)

// inspectorHeadline is the selected token's headline in the inspector,
// on one line.
func inspectorHeadline(t *testing.T, ed *Editor) string {
	t.Helper()
	for _, o := range ed.insp.box.Objects {
		if h, ok := o.(*tokenHead); ok {
			return strings.ReplaceAll(h.Text, "\n", " ")
		}
	}
	t.Fatal("no headline in the inspector")
	return ""
}

// TestInspectorFormOutlivesAMove: every drop of a dragged token rebuilt
// the selected token's whole form, forty-odd widgets whose renderers Fyne
// keeps for a minute after they are gone: 1500 drags on a 1000 x 1000
// map took the app from 180 MB to 618 MB resident. A move keeps the form,
// the same widgets, its headline saying the new square.
func TestInspectorFormOutlivesAMove(t *testing.T) {
	ed, _, _ := newTestEditor(t, model.Sample())
	i, _ := tokenAt(t, ed, "Dae")
	gesture(ed, 0, [2]int{8, 3})
	if ed.Selected() != i {
		t.Fatalf("click on Dae selected %d", ed.Selected())
	}
	before := append([]fyne.CanvasObject(nil), ed.insp.box.Objects...)
	name := formWidget(t, ed, "Name")
	for k, to := range [][2]int{{9, 3}, {9, 4}, {8, 3}} {
		from := [2]int{ed.enc.Tokens[i].X, ed.enc.Tokens[i].Y}
		gesture(ed, 0, from, to)
		if tok := ed.enc.Tokens[i]; tok.X != to[0] || tok.Y != to[1] {
			t.Fatalf("drag %d: Dae at (%d, %d), want (%d, %d)", k, tok.X, tok.Y, to[0], to[1])
		}
		if got := ed.insp.box.Objects; len(got) != len(before) {
			t.Fatalf("drag %d: the inspector holds %d objects, %d before", k, len(got), len(before))
		}
		for n, o := range ed.insp.box.Objects {
			if o != before[n] {
				t.Errorf("drag %d: the inspector's object %d (%T) was made again", k, n, o)
			}
		}
		if formWidget(t, ed, "Name") != name {
			t.Errorf("drag %d: the Name field was made again", k)
		}
		if h, want := inspectorHeadline(t, ed), fmt.Sprintf("at (%d, %d)", to[0], to[1]); !strings.HasSuffix(h, want) {
			t.Errorf("drag %d: the headline says %q, want it to end %q", k, h, want)
		}
	}
}

// TestInspectorMoveAfterARefusalPutsTheValueBack: the form a move keeps
// is one that shows the token as it is. A refused Speed ("-5") still on
// its red line is put back by the move, as the rebuilt form did.
func TestInspectorMoveAfterARefusalPutsTheValueBack(t *testing.T) {
	ed, _, _ := newTestEditor(t, model.Sample())
	i, _ := tokenAt(t, ed, "Dae")
	gesture(ed, 0, [2]int{8, 3})
	land := formWidget(t, ed, "Land").(*controls.PaneEntry)
	kept := land.Text
	land.SetText("-5")
	if !ed.insp.errLabel.Visible() {
		t.Fatal("a Land Speed of -5 was not refused")
	}
	gesture(ed, 0, [2]int{8, 3}, [2]int{9, 3})
	if tok := ed.enc.Tokens[i]; tok.X != 9 || tok.Y != 3 {
		t.Fatalf("Dae at (%d, %d), want (9, 3)", tok.X, tok.Y)
	}
	if got := entryOf(t, formWidget(t, ed, "Land")).Text; got != kept {
		t.Errorf("after the move Land Speed shows %q, want the Speed in use %q", got, kept)
	}
	if ed.insp.errLabel.Visible() {
		t.Errorf("after the move the refusal still shows: %q", ed.insp.errLabel.Text)
	}
}
