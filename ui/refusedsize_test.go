package ui

import (
	"testing"

	"encounterplanner/model"
)

// TestARefusedSizeShowsTheTokensSize: a gargantuan Iseph at (2, 10) does
// not fit the map and is refused, but the Size field kept showing
// gargantuan, even after Ctrl+Z. It goes back to the size the token has.
func TestARefusedSizeShowsTheTokensSize(t *testing.T) {
	ed, _, _ := newTestEditor(t, model.Sample())
	i := ed.enc.TokenIndex("Iseph")
	ed.Select(i)
	size := selectOf(t, formWidget(t, ed, "Size"))
	size.SetSelected("gargantuan")
	if got := ed.enc.Tokens[i].Size; got != model.Medium {
		t.Fatalf("the gargantuan size was kept: %v", got)
	}
	if !ed.insp.errLabel.Visible() {
		t.Error("the refusal is not shown")
	}
	if size.Selected != "medium" {
		t.Errorf("after the refusal the Size field shows %q, want medium", size.Selected)
	}
	ed.Undo() // nothing to undo
	if size := selectOf(t, formWidget(t, ed, "Size")); size.Selected != "medium" {
		t.Errorf("after Ctrl+Z the Size field shows %q, want medium", size.Selected)
	}
	// a kept size is the one a later refusal goes back to
	size = selectOf(t, formWidget(t, ed, "Size"))
	size.SetSelected("large")
	size.SetSelected("gargantuan")
	if got := ed.enc.Tokens[i].Size; got != model.Large || size.Selected != "large" {
		t.Errorf("token %v, field %q: want large for both", got, size.Selected)
	}
	if !ed.insp.errLabel.Visible() {
		t.Error("the refusal went when the field was set back")
	}
}
