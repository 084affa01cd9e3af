package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"

	"encounterplanner/model"
)

// TestHPRefusalsNameTheFields: "Iseph, hp.current: must be from 0 to max
// (30), not 50" named the format's path. The refusals name the fields as
// the form labels them.
func TestHPRefusalsNameTheFields(t *testing.T) {
	for _, c := range []struct{ cur, most, want string }{
		{"50", "30", "current HP must be from 0 to the max HP (30), not 50"},
		{"", "0", "max HP must be at least 1, not 0"},
	} {
		ed, _, _ := newTestEditor(t, model.Sample())
		ed.Select(ed.enc.TokenIndex("Iseph"))
		hp := formWidget(t, ed, "HP").(*fyne.Container)
		entryOf(t, hp.Objects[1]).SetText(c.most)
		entryOf(t, hp.Objects[0]).SetText(c.cur)
		got := ed.insp.errLabel.Text
		if !strings.Contains(got, c.want) || strings.Contains(got, "hp.") {
			t.Errorf("HP %q of %q: %q, want it to say %q", c.cur, c.most, got, c.want)
		}
	}
}
