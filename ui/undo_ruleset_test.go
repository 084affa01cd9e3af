package ui

import (
	"testing"

	"encounterplanner/model"
)

// TestUndoRulesetSwitchBringsCoverBack: switching the sample to points
// turned the cover and flanking switches off (points has neither); undoing
// back to sf2e left them off, so the GM's cover lines and off-guard marks
// silently vanished, while switching to sf2e from the menu turns them on.
func TestUndoRulesetSwitchBringsCoverBack(t *testing.T) {
	ed, _, _ := newTestEditor(t, model.Sample())
	if !ed.ovp.settings.Cover || !ed.ovp.settings.Flank {
		t.Fatalf("cover and flanking should start on: %+v", ed.ovp.settings)
	}
	ed.SwitchRuleset(model.Points)
	if ed.enc.Ruleset != model.Points || ed.ovp.settings.Cover || ed.ovp.settings.Flank {
		t.Fatalf("after switching to points: %s, cover %v, flanking %v", ed.enc.Ruleset, ed.ovp.settings.Cover, ed.ovp.settings.Flank)
	}
	ed.Undo()
	if ed.enc.Ruleset != model.SF2E {
		t.Fatalf("undo left the ruleset %s", ed.enc.Ruleset)
	}
	if !ed.ovp.settings.Cover || !ed.ovp.settings.Flank {
		t.Errorf("undoing back to sf2e left cover %v and flanking %v off", ed.ovp.settings.Cover, ed.ovp.settings.Flank)
	}
	ed.Redo()
	if ed.enc.Ruleset != model.Points || ed.ovp.settings.Cover {
		t.Errorf("redo to points: %s, cover %v", ed.enc.Ruleset, ed.ovp.settings.Cover)
	}
}
