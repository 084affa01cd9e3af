package ui

import (
	"testing"

	"encounterplanner/model"
	"encounterplanner/ui/library"
)

// TestThePartyAsksForTheSideAloneOutsideSF2E: Encounter > Party… asked a
// starship, pf1e or points encounter for the party's level and number of
// players, which only sf2e's threat budget uses; there it asks for the
// side (initiative ties) and keeps the level and players as they were,
// for a switch back to sf2e. sf2e asks for all three.
func TestThePartyAsksForTheSideAloneOutsideSF2E(t *testing.T) {
	for _, c := range []struct {
		rs     model.Ruleset
		fields int
	}{{model.Starship, 1}, {model.PF1E, 1}, {model.Points, 1}, {model.SF2E, 3}} {
		t.Run(string(c.rs), func(t *testing.T) {
			e, err := library.NewEncounter("Party", c.rs, 10, 8, c.rs.DefaultFeetPerSquare())
			if err != nil {
				t.Fatal(err)
			}
			e.Party = &model.Party{Side: "party", Level: 3, Size: 5}
			ed, _, _ := newTestEditor(t, e)
			ed.partyDialog()
			ens, _, _ := topDialog(t, ed.win)
			if len(ens) != c.fields {
				t.Fatalf("%s: the Party dialog has %d fields, want %d", c.rs, len(ens), c.fields)
			}
			ens[0].SetText("crew")
			enter(ed.win)
			if p := ed.enc.Party; p == nil || *p != (model.Party{Side: "crew", Level: 3, Size: 5}) {
				t.Errorf("%s: party %+v, want side crew, level 3 and 5 players kept", c.rs, p)
			}
		})
	}
}
