package session

import (
	"slices"
	"strings"
	"testing"

	"encounterplanner/model"
)

// fallRoom is QA's fall.json in small: Dae (land only) at (0, 0) with 20
// HP, water under (2, 0), Big (Large) on the ground at (2, 2), and Navasi
// (fly 30) at (0, 2); in a fight when fight.
func fallRoom(r model.Ruleset, fight bool) *model.Encounter {
	e := &model.Encounter{Name: "fall", Ruleset: r, Grid: model.NewGrid(4, 4), Tokens: []model.Token{
		{Name: "Dae", Side: "party", Size: model.Medium, Speeds: map[string]int{"land": 25}, HP: &model.HP{Current: 20, Max: 20}},
		{Name: "Big", Side: "enemy", X: 2, Y: 2, Size: model.Large, Speeds: map[string]int{"land": 25}, HP: &model.HP{Current: 40, Max: 40}},
		{Name: "Navasi", Side: "party", Y: 2, Size: model.Medium, Speeds: map[string]int{"land": 25, "fly": 30}},
	}}
	e.Grid.Set(2, 0, model.Water)
	if fight {
		e.Fight = &model.Fight{Round: 1, Order: []string{"Dae", "Big", "Navasi"}, Turn: "Dae"}
	}
	return e
}

// fallOf plans token tok's fall in e and applies it to e with rolled (a
// pf1e total), returning what the status bar says.
func fallOf(t *testing.T, e *model.Encounter, tok, rolled int) string {
	t.Helper()
	p, err := PlanFall(e, tok)
	if err != nil {
		t.Fatal(err)
	}
	return p.Apply(e, rolled)
}

// TestAFallTakesTheTokenDownAndHurtsItInAFight: Encounter > Selected token
// falls applies rules.FallOf: down to the ground, in a fight the damage
// off its HP (sf2e: half the distance), prone when the fall says so.
func TestAFallTakesTheTokenDownAndHurtsItInAFight(t *testing.T) {
	e := fallRoom(model.SF2E, true)
	e.Tokens[0].Elevation = 30
	got := fallOf(t, e, 0, 0)
	if want := "Dae fell 30 ft: 15 bludgeoning damage (HP 20 → 5), prone"; got != want {
		t.Errorf("status %q\nwant %q", got, want)
	}
	d := e.Tokens[0]
	if d.Elevation != 0 || d.HP.Current != 5 || !slices.Equal(d.Conditions, []string{model.CondProne}) {
		t.Errorf("after the fall: %d ft, HP %+v, conditions %q", d.Elevation, d.HP, d.Conditions)
	}
	// a fall to 0 HP knocks it out
	e = fallRoom(model.SF2E, true)
	e.Tokens[0].Elevation, e.Tokens[0].HP.Current = 30, 9
	if got := fallOf(t, e, 0, 0); got != "Dae fell 30 ft: 15 bludgeoning damage (HP 9 → 0), prone, unconscious" {
		t.Errorf("to 0 HP: %q", got)
	}
}

// Outside a fight the token comes down and is prone; its HP is left as
// the GM set it, and the status bar says the damage it would take.
func TestAFallOutsideAFightLeavesTheHP(t *testing.T) {
	e := fallRoom(model.SF2E, false)
	e.Tokens[0].Elevation = 30
	if got, want := fallOf(t, e, 0, 0), "Dae fell 30 ft: 15 bludgeoning damage (not in a fight: HP unchanged), prone"; got != want {
		t.Errorf("status %q\nwant %q", got, want)
	}
	if d := e.Tokens[0]; d.Elevation != 0 || d.HP.Current != 20 || !d.Has(model.CondProne) {
		t.Errorf("after the fall: %d ft, HP %+v, conditions %q", d.Elevation, d.HP, d.Conditions)
	}
}

// A short fall, or one into water the water makes harmless, says so
// plainly and leaves the token standing.
func TestAHarmlessFallSaysNoDamage(t *testing.T) {
	e := fallRoom(model.SF2E, true)
	e.Tokens[0].Elevation = 5
	if got := fallOf(t, e, 0, 0); got != "Dae dropped 5 ft, no damage" {
		t.Errorf("5 ft: %q", got)
	}
	if d := e.Tokens[0]; d.Elevation != 0 || d.HP.Current != 20 || len(d.Conditions) != 0 {
		t.Errorf("after 5 ft: %d ft, HP %+v, conditions %q", d.Elevation, d.HP, d.Conditions)
	}
	e.Tokens[0].X, e.Tokens[0].Elevation = 2, 20 // over the water
	if got := fallOf(t, e, 0, 0); got != "Dae dropped 20 ft into water, no damage" {
		t.Errorf("20 ft into water: %q", got)
	}
}

// Landing on a creature (sf2e "Falling on a Creature"): the faller takes
// its damage, and the status bar gives the GM the one it lands on's save.
func TestAFallOntoACreatureSaysItsSave(t *testing.T) {
	e := fallRoom(model.SF2E, true)
	e.Tokens[0].X, e.Tokens[0].Y, e.Tokens[0].Elevation = 3, 3, 30 // over Big (0-10 ft)
	got := fallOf(t, e, 0, 0)
	want := "Dae fell 30 ft onto Big: 15 bludgeoning damage (HP 20 → 5), prone; Big: DC 15 Reflex, takes 15 on a critical failure, 7 on a failure, 3 on a success"
	if got != want {
		t.Errorf("status %q\nwant %q", got, want)
	}
	if e.Tokens[1].HP.Current != 40 {
		t.Errorf("Big's HP changed before its save: %+v", e.Tokens[1].HP)
	}
}

// pf1e's damage is dice: in a fight with HP the plan asks for the total
// rolled, which Apply takes off; outside a fight nothing is rolled.
func TestAPF1EFallTakesTheTotalRolled(t *testing.T) {
	e := fallRoom(model.PF1E, true)
	e.Tokens[0].Elevation = 30
	p, err := PlanFall(e, 0)
	if err != nil || p.Roll != "3d6" {
		t.Fatalf("plan %+v, %v: want a 3d6 roll", p, err)
	}
	if got := p.Apply(e, 11); got != "Dae fell 30 ft: 11 damage (3d6) (HP 20 → 9), prone" {
		t.Errorf("status %q", got)
	}
	e = fallRoom(model.PF1E, false)
	e.Tokens[0].Elevation = 30
	if p, _ := PlanFall(e, 0); p.Roll != "" {
		t.Errorf("outside a fight: roll %q", p.Roll)
	}
	if got := fallOf(t, e, 0, 0); got != "Dae fell 30 ft: 3d6 damage (not in a fight: HP unchanged), prone" {
		t.Errorf("outside a fight: %q", got)
	}
	// pf1e has no rule for landing on a creature: the fall alone
	e.Tokens[0].X, e.Tokens[0].Y, e.Tokens[0].Elevation = 3, 3, 30
	if p, err := PlanFall(e, 0); err != nil || p.Onto != -1 {
		t.Errorf("over Big in pf1e: %+v, %v", p, err)
	}
	if least, most, ok := DiceRange("3d6"); !ok || least != 3 || most != 18 {
		t.Errorf("DiceRange(3d6) = %d, %d, %v", least, most, ok)
	}
	if _, _, ok := DiceRange("0"); ok {
		t.Error("DiceRange(0) is a roll")
	}
}

// Only a token that must fall (rules.MustFall) falls: a flyer stays up, a
// token on the ground has nowhere to fall; an unconscious flyer falls.
func TestOnlyATokenThatMustFallFalls(t *testing.T) {
	e := fallRoom(model.SF2E, true)
	e.Tokens[2].Elevation = 15
	if _, err := PlanFall(e, 2); err == nil || !strings.Contains(err.Error(), "Navasi flies") {
		t.Errorf("a flyer: %v", err)
	}
	if _, err := PlanFall(e, 0); err == nil || !strings.Contains(err.Error(), "Dae is not in the air") {
		t.Errorf("on the ground: %v", err)
	}
	e.Tokens[2].Conditions = []string{model.CondUnconscious, model.CondProne}
	if got := fallOf(t, e, 2, 0); got != "Navasi fell 15 ft: 7 bludgeoning damage (its HP is not tracked), prone" {
		t.Errorf("an unconscious flyer: %q", got)
	}
}
