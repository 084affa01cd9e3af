package ui

import (
	"testing"

	"encounterplanner/model"
	"encounterplanner/rules"
	"encounterplanner/ui/library"
)

// TestUndoSwitchRestoresMode: switching an sf2e encounter to starship
// sets the overlay mode to fly; undoing the switch left it on fly, so the
// selected walker showed "has no fly Speed" instead of its reach. Undo
// and redo now put the mode the restored ruleset starts with.
func TestUndoSwitchRestoresMode(t *testing.T) {
	e, err := library.NewEncounter("Switch", model.SF2E, 12, 8, 5)
	if err != nil {
		t.Fatal(err)
	}
	e.Tokens = []model.Token{
		{ID: model.NewID(), Name: "Walker", X: 1, Y: 1, Size: model.Medium, Side: "party",
			Speeds: map[string]int{model.SpeedLand: 25, model.SpeedFly: 300, model.SpeedTurn: 100}},
		{ID: model.NewID(), Name: "Foe", X: 8, Y: 5, Size: model.Medium, Side: "enemy",
			Speeds: map[string]int{model.SpeedLand: 25, model.SpeedFly: 300, model.SpeedTurn: 100}},
	}
	ed, _, p := newTestEditor(t, e)
	ed.Select(0)
	settle(t, ed, p)
	ed.SwitchRuleset(model.Starship) // nothing misfits: no question asked
	settle(t, ed, p)
	if ed.enc.Ruleset != model.Starship || ed.ovp.settings.Mode != rules.DefaultMode(model.Starship) {
		t.Fatalf("after the switch: %s, mode %q", ed.enc.Ruleset, ed.ovp.settings.Mode)
	}
	// a walker with no fly Speed once back in sf2e
	delete(ed.hist.Peek().Tokens[0].Speeds, model.SpeedFly)
	ed.Undo()
	settle(t, ed, p)
	if ed.enc.Ruleset != model.SF2E {
		t.Fatalf("undo left %s", ed.enc.Ruleset)
	}
	if ed.ovp.settings.Mode != rules.DefaultMode(model.SF2E) {
		t.Errorf("after undo the mode is %q, want %q", ed.ovp.settings.Mode, rules.DefaultMode(model.SF2E))
	}
	ed.requestOverlays()
	settle(t, ed, p)
	if ed.live.res == nil || len(ed.live.res.Errs) > 0 || len(ed.live.res.Reach) == 0 {
		t.Errorf("after undo the walker should show its land reach: %+v", ed.live.res)
	}
	ed.Redo()
	settle(t, ed, p)
	if ed.ovp.settings.Mode != rules.DefaultMode(model.Starship) {
		t.Errorf("after redo the mode is %q, want %q", ed.ovp.settings.Mode, rules.DefaultMode(model.Starship))
	}
}
