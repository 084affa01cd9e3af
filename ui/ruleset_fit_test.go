package ui

import (
	"strings"
	"testing"

	"encounterplanner/model"
	"encounterplanner/rules"
	"encounterplanner/ui/library"
	"encounterplanner/ui/session"
)

// TestRulesetSwitchScaleSpeedsAndSpaces: switching keeps what a GM meant:
// the default scale follows the ruleset, land speeds convert between feet
// and movement points, and tokens that would newly overlap or stand on a wall
// because ship spaces are larger are listed before the switch.
func TestRulesetSwitchScaleSpeedsAndSpaces(t *testing.T) {
	e := model.Sample()
	c := e.Clone()
	rules.Convert(c, model.Starship)
	if c.Feet() != 50 {
		t.Errorf("sf2e -> starship: %d ft a square, want 50", c.Feet())
	}
	rules.Convert(c, model.SF2E)
	if c.Feet() != 5 {
		t.Errorf("starship -> sf2e: %d ft a square, want 5", c.Feet())
	}
	odd := e.Clone()
	odd.FeetPerSquare = 10
	rules.Convert(odd, model.PF1E)
	if odd.Feet() != 10 {
		t.Errorf("a GM's own scale must stay: %d", odd.Feet())
	}

	p := e.Clone()
	rules.Convert(p, model.Points)
	iseph := p.Tokens[p.TokenIndex("Iseph")]
	if v := iseph.Speeds[model.SpeedLand]; v != 5 {
		t.Errorf("Iseph's 25 ft is %d points, want 5", v)
	}
	if e.Tokens[e.TokenIndex("Iseph")].Speeds[model.SpeedLand] != 25 {
		t.Errorf("the original encounter was changed")
	}
	rules.Convert(p, model.SF2E)
	if v := p.Tokens[p.TokenIndex("Iseph")].Speeds[model.SpeedLand]; v != 25 {
		t.Errorf("back to sf2e: %d ft, want 25", v)
	}

	probs := strings.Join(session.RulesetProblems(e, model.Starship), "\n")
	if want := "Navasi: its 2x2 space would stand on a wall or obstacle"; !strings.Contains(probs, want) {
		t.Errorf("the starship switch should list %q (ship spaces are larger):\n%s", want, probs)
	}
	// Tashtari's 4x4 space covers small Chk Chk's square, but ships two
	// sizes apart may share: no overlap to list (the drop allows it too)
	if strings.Contains(probs, "overlap Chk Chk") {
		t.Errorf("a large and a small ship may share, yet the switch lists an overlap:\n%s", probs)
	}
	if strings.Contains(strings.Join(session.RulesetProblems(e, model.PF1E), "\n"), "space would") {
		t.Errorf("sf2e -> pf1e changes no space: %q", session.RulesetProblems(e, model.PF1E))
	}
}

// TestDropAndWarningAgreeEverySizePair: for every ruleset and every pair of
// its sizes, a token may be dropped onto another exactly when the inspector
// and the ruleset switch do not call it an overlap. A Large and a Small
// starship on one square could be dropped there while the switch said
// "overlap": two copies of the sharing rule disagreed.
func TestDropAndWarningAgreeEverySizePair(t *testing.T) {
	for _, rs := range model.Rulesets {
		d := rules.Describe(rs)
		for _, a := range d.Sizes {
			for _, b := range d.Sizes {
				e, err := library.NewEncounter("Share", rs, 40, 40, rs.DefaultFeetPerSquare())
				if err != nil {
					t.Fatal(err)
				}
				e.Tokens = []model.Token{
					{ID: model.NewID(), Name: "A", X: 20, Y: 20, Size: a, Side: "party"},
					{ID: model.NewID(), Name: "B", X: 2, Y: 2, Size: b, Side: "enemy"},
				}
				drop := session.EndRefusal(e, 0, 2, 2) == ""
				e.Tokens[0].X, e.Tokens[0].Y = 2, 2
				warn := session.Crowded(e, 0)
				if drop == (warn != "") || drop != d.MayShare(a, b) {
					t.Errorf("%s %s on %s: drop allowed %v, warning %q, MayShare %v", rs, a, b, drop, warn, d.MayShare(a, b))
				}
			}
		}
	}
}

// TestSwitchThroughStarshipToPoints: sf2e -> starship -> points left every
// token at "25 points" of land Speed; it is 5, as sf2e -> points gives.
func TestSwitchThroughStarshipToPoints(t *testing.T) {
	e, err := library.NewEncounter("Walkers", model.SF2E, 12, 8, 5)
	if err != nil {
		t.Fatal(err)
	}
	e.Tokens = []model.Token{{ID: model.NewID(), Name: "Iseph", X: 1, Y: 1, Size: model.Small,
		Speeds: map[string]int{model.SpeedLand: 25, model.SpeedFly: 300, model.SpeedTurn: 100}}}
	ed, _, p := newTestEditor(t, e)
	settle(t, ed, p)
	ed.SwitchRuleset(model.Starship)
	ed.SwitchRuleset(model.Points)
	if ed.enc.Ruleset != model.Points {
		t.Fatalf("ruleset %s, want points (a question was asked: %v)", ed.enc.Ruleset, ed.win.Canvas().Overlays().Top() != nil)
	}
	if v := ed.enc.Tokens[0].Speeds[model.SpeedLand]; v != 5 {
		t.Errorf("land %d points, want 5", v)
	}
	if !strings.Contains(ed.status.msgLabel.Text, "land speeds converted") {
		t.Errorf("status %q should say the land speeds were converted", ed.status.msgLabel.Text)
	}
}

// TestRulesetSwitchMidFightKeepsTheTurnPlayable: in a fight, Bo has moved
// one diagonal on its turn; Encounter > Ruleset > points switches at once
// (no token misfits: the order is nobody's problem) and Bo's turn goes on
// in movement points: its reach answers and a drag moves it and spends.
func TestRulesetSwitchMidFightKeepsTheTurnPlayable(t *testing.T) {
	e, err := library.NewEncounter("Fight", model.SF2E, 12, 8, 5)
	if err != nil {
		t.Fatal(err)
	}
	e.Tokens = []model.Token{
		{ID: model.NewID(), Name: "Ann", X: 1, Y: 1, Side: "party", Size: model.Medium, Speeds: map[string]int{model.SpeedLand: 25}, Initiative: new(int)},
		{ID: model.NewID(), Name: "Bo", X: 8, Y: 5, Side: "enemy", Size: model.Medium, Speeds: map[string]int{model.SpeedLand: 25}},
	}
	ed, _, p := newTestEditor(t, e)
	settle(t, ed, p)
	if err := ed.StartFight(func() int { return 10 }); err != nil || ed.enc.Fight.Turn != "Bo" {
		t.Fatalf("fight %+v, %v: want Bo's turn", ed.enc.Fight, err)
	}
	gesture(ed, 0, [2]int{8, 5}, [2]int{9, 6})
	settle(t, ed, p)
	if got := ed.enc.Fight.State["Bo"]; got != (model.TurnState{Actions: 1, Diagonals: 1}) {
		t.Fatalf("Bo's turn %+v after one diagonal Stride", got)
	}
	ed.SwitchRuleset(model.Points)
	settle(t, ed, p)
	if ed.enc.Ruleset != model.Points {
		t.Fatalf("ruleset %s: a question was asked (%v)", ed.enc.Ruleset, ed.win.Canvas().Overlays().Top() != nil)
	}
	if len(ed.Overlays().Reach) == 0 {
		t.Errorf("Bo reaches nothing after the switch; status %q", ed.status.msgLabel.Text)
	}
	gesture(ed, 0, [2]int{9, 6}, [2]int{9, 7})
	settle(t, ed, p)
	if b := ed.enc.Tokens[1]; b.X != 9 || b.Y != 7 {
		t.Errorf("Bo stays at (%d, %d): %q", b.X, b.Y, ed.status.msgLabel.Text)
	}
	if got := ed.enc.Fight.State["Bo"]; got != (model.TurnState{Spent: 1}) {
		t.Errorf("Bo's turn %+v after one point, want 1 point spent", got)
	}
}
