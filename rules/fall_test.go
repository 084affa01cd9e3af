package rules

import (
	"errors"
	"testing"

	"encounterplanner/model"
)

// Falling, sentence by sentence (rules-conventions.md "Elevation": the
// falling sentences; sf2e Player Core p. 413).

// fallFrom is an encounter with Navasi at elevation feet over the square
// (1, 1) of the map rows, and an Ogre beside her.
func fallFrom(t *testing.T, rs model.Ruleset, elevation int, rows ...string) *model.Encounter {
	t.Helper()
	if rows == nil {
		rows = []string{"...", "...", "..."}
	}
	e := withTokens(mapOf(t, rs, rows...), tok{name: "Navasi", x: 1, y: 1, side: "pc", speeds: "land=25"},
		tok{name: "Ogre", x: 0, y: 0, size: model.Large, side: "foe", speeds: "land=25"})
	e.Tokens[0].Elevation = elevation
	return e
}

func mustFall(t *testing.T, e *model.Encounter, q FallQuery) Fall {
	t.Helper()
	f, err := FallOf(e, q)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func TestFallSF2E(t *testing.T) {
	water := []string{"...", ".~.", "..."}
	cases := []struct {
		name      string
		elevation int
		rows      []string
		q         func(q FallQuery) FallQuery
		feet, dmg int
		prone     bool
	}{
		{"a fall of 5 ft or less does no damage and leaves the token standing", 5, nil, nil, 5, 0, false},
		{"more than 5 ft: half the distance in damage, and prone", 10, nil, nil, 10, 5, true},
		{"half rounded down (a 15-ft fall does 7)", 15, nil, nil, 15, 7, true},
		{"a fall to another elevation counts the difference", 60, nil, func(q FallQuery) FallQuery { q.To = 20; return q }, 40, 20, true},
		{"falls longer than 1,500 ft count 1,500 (750 damage)", 2000, nil, nil, 2000, 750, true},
		{"a 60-ft fall into 10-ft-deep water does 25 damage", 60, water, func(q FallQuery) FallQuery { q.WaterDepth = 10; return q }, 60, 25, true},
		{"into deep water the fall counts 20 ft shorter", 60, water, nil, 60, 20, true},
		{"an intentional dive counts 30 ft shorter", 60, water, func(q FallQuery) FallQuery { q.Dive = true; return q }, 60, 15, true},
		{"a dive is still limited by the depth", 60, water, func(q FallQuery) FallQuery { q.Dive = true; q.WaterDepth = 25; return q }, 60, 17, true},
		{"a 25-ft fall into water leaves 5 ft: no damage, not prone", 25, water, nil, 25, 0, false},
		{"the water reduction never goes below nothing", 10, water, nil, 10, 0, false},
		{"water is capped after the 1,500 ft", 2000, water, nil, 2000, 740, true},
		{"shallow water is not water for falling", 60, []string{"...", ".w.", "..."}, nil, 60, 30, true},
		{"a token on the ground does not fall", 0, nil, nil, 0, 0, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := fallFrom(t, model.SF2E, c.elevation, c.rows...)
			q := NewFallQuery(0)
			if c.q != nil {
				q = c.q(q)
			}
			f := mustFall(t, e, q)
			if f.Feet != c.feet || f.Damage != c.dmg || f.Prone != c.prone || f.Onto != nil {
				t.Fatalf("got feet %d damage %d prone %v onto %v, want %d %d %v", f.Feet, f.Damage, f.Prone, f.Onto, c.feet, c.dmg, c.prone)
			}
		})
	}
}

// "Landing on a creature: that creature takes, by its DC 15 Reflex save,
// nothing (critical success), a quarter of the faller's damage (success),
// half (failure), all of it (critical failure), each rounded down."
func TestFallOntoCreature(t *testing.T) {
	e := fallFrom(t, model.SF2E, 70)
	q := NewFallQuery(0)
	q.Onto = 1
	f := mustFall(t, e, q)
	want := FallOnto{Token: 1, DC: 15, CriticalSuccess: 0, Success: 8, Failure: 17, CriticalFailure: 35}
	if f.Damage != 35 || f.Onto == nil || *f.Onto != want {
		t.Fatalf("got damage %d onto %+v, want 35 and %+v", f.Damage, f.Onto, want)
	}
}

func TestFallPF1E(t *testing.T) {
	cases := []struct {
		elevation int
		dice      string
		prone     bool
	}{{5, "0", false}, {10, "1d6", true}, {19 * 5, "9d6", true}, {60, "6d6", true}, {300, "20d6", true}}
	for _, c := range cases {
		e := fallFrom(t, model.PF1E, c.elevation)
		f := mustFall(t, e, NewFallQuery(0))
		if f.Dice != c.dice || f.Prone != c.prone || f.Damage != 0 {
			t.Errorf("pf1e fall of %d ft: got %q prone %v, want %q %v", c.elevation, f.Dice, f.Prone, c.dice, c.prone)
		}
	}
	// No water rule in pf1e: a fall into water is a fall.
	e := fallFrom(t, model.PF1E, 60, "...", ".~.", "...")
	if f := mustFall(t, e, NewFallQuery(0)); f.Dice != "6d6" {
		t.Errorf("pf1e fall into water: got %q, want 6d6", f.Dice)
	}
}

func TestFallBadQueries(t *testing.T) {
	bad := []struct {
		name string
		rs   model.Ruleset
		q    func(q FallQuery) FallQuery
	}{
		{"falling up", model.SF2E, func(q FallQuery) FallQuery { q.To = 70; return q }},
		{"a landing not a multiple of 5 ft", model.SF2E, func(q FallQuery) FallQuery { q.To = 3; return q }},
		{"onto itself", model.SF2E, func(q FallQuery) FallQuery { q.Onto = 0; return q }},
		{"onto no token", model.SF2E, func(q FallQuery) FallQuery { q.Onto = 5; return q }},
		{"negative water depth", model.SF2E, func(q FallQuery) FallQuery { q.WaterDepth = -5; return q }},
		{"pf1e onto a creature", model.PF1E, func(q FallQuery) FallQuery { q.Onto = 1; return q }},
		{"pf1e water depth", model.PF1E, func(q FallQuery) FallQuery { q.WaterDepth = 10; return q }},
		{"pf1e dive", model.PF1E, func(q FallQuery) FallQuery { q.Dive = true; return q }},
		{"starship", model.Starship, nil},
		{"points", model.Points, nil},
	}
	for _, c := range bad {
		e := fallFrom(t, c.rs, 60)
		q := NewFallQuery(0)
		if c.q != nil {
			q = c.q(q)
		}
		if _, err := FallOf(e, q); !errors.Is(err, ErrBadQuery) {
			t.Errorf("%s: got %v, want a bad query", c.name, err)
		}
	}
}

// "a token left in the air without a fly Speed is flagged".
func TestMustFall(t *testing.T) {
	e := fallFrom(t, model.SF2E, 15)
	e.Tokens = append(e.Tokens, tok{name: "Dae", x: 2, y: 2, speeds: "land=25 fly=20"}.token())
	e.Tokens[2].Elevation = 15
	e.Tokens[1].Elevation = 0
	if got := Falling(e); len(got) != 1 || got[0] != 0 {
		t.Fatalf("Falling = %v, want [0] (Navasi in the air without a fly Speed; Dae flies; the Ogre stands)", got)
	}
	e.Tokens[0].Elevation = -5 // burrowed: not in the air
	if MustFall(e, 0) {
		t.Fatal("a token below the ground is not in the air")
	}
	e.Ruleset = model.Points
	e.Tokens[0].Elevation = 15
	if MustFall(e, 0) {
		t.Fatal("points has no elevation")
	}
}

// "A token above the ground that cannot act falls too": a flyer 15 ft up
// that is unconscious, dead or cannot act must fall (it takes no Fly
// action), in sf2e and pf1e; one that is only prone, or frightened, keeps
// flying; on the ground nothing falls.
func TestMustFallWhenAFlyerCannotAct(t *testing.T) {
	for _, c := range []struct {
		name  string
		rs    model.Ruleset
		elev  int
		conds []string
		want  bool
	}{
		{"flying", model.SF2E, 15, nil, false},
		{"unconscious", model.SF2E, 15, []string{model.CondUnconscious, model.CondProne}, true},
		{"dead", model.SF2E, 15, []string{model.CondDead}, true},
		{"cannot act", model.SF2E, 15, []string{model.CondCannotAct}, true},
		{"pf1e unconscious", model.PF1E, 15, []string{model.CondUnconscious}, true},
		{"prone only", model.SF2E, 15, []string{model.CondProne}, false},
		{"a label", model.SF2E, 15, []string{"frightened 2"}, false},
		{"unconscious on the ground", model.SF2E, 0, []string{model.CondUnconscious}, false},
		{"unconscious below the ground", model.SF2E, -5, []string{model.CondUnconscious}, false},
		{"points has no elevation", model.Points, 15, []string{model.CondUnconscious}, false},
	} {
		e := withTokens(mapOf(t, c.rs, "...", "...", "..."), tok{name: "Navasi", x: 1, y: 1, side: "pc", speeds: "land=25 fly=30", conds: c.conds})
		e.Tokens[0].Elevation = c.elev
		if got := MustFall(e, 0); got != c.want {
			t.Errorf("%s: MustFall = %v, want %v", c.name, got, c.want)
		}
	}
}

// A larger space falls "into water" when any square of it is water
// (rules-conventions.md, "Added with table play and the third
// dimension"): the Ogre, Large, over one water square of its four takes
// the 20-ft reduction, and none with no water under it. Diving below the
// ground takes water under every square instead (MayGoBelow).
func TestFallLargeSpacePartlyOverWater(t *testing.T) {
	for _, c := range []struct {
		rows  []string
		water bool
		dmg   int
	}{
		{[]string{"...", ".~.", "..."}, true, 20},
		{[]string{"...", "...", "..~"}, false, 30},
	} {
		e := fallFrom(t, model.SF2E, 0, c.rows...)
		e.Tokens[1].Elevation = 60
		f := mustFall(t, e, NewFallQuery(1))
		if f.Water != c.water || f.Damage != c.dmg {
			t.Errorf("%v: the Ogre's 60-ft fall: water %v damage %d, want %v %d", c.rows, f.Water, f.Damage, c.water, c.dmg)
		}
		if MayGoBelow(e, 1) {
			t.Errorf("%v: the Ogre may go below the ground with water under one square or none", c.rows)
		}
	}
}

// A fall ends below the ground only where the token may be there
// (MayGoBelow: a burrow Speed, or water under its whole space), as the app
// refuses PageDown; elsewhere FallOf refuses the landing as a FallRefusal
// of To, in the GM's words. It was answered as a fall to -10 ft.
func TestFallBelowTheGround(t *testing.T) {
	cases := []struct {
		name   string
		rows   []string
		speeds string
		to     int
		why    string // "" when the fall is answered
	}{
		{"open ground", nil, "land=25", -10, "Navasi cannot go below the ground here (no burrow Speed, no water)"},
		{"to the ground", nil, "land=25", 0, ""},
		{"into water", []string{"...", ".~.", "..."}, "land=25", -10, ""},
		{"shallow water is not deep", []string{"...", ".w.", "..."}, "land=25", -10, "Navasi cannot go below the ground here (no burrow Speed, no water)"},
		{"a burrower", nil, "land=25 burrow=10", -10, ""},
		// Any landing FallOf refuses is a refusal of To, so the command
		// line names --to for it.
		{"up", nil, "land=25", 55, "Navasi is at 50 ft and cannot fall up to 55 ft"},
		{"between squares", nil, "land=25", 7, "the landing elevation 7 ft is not a multiple of 5 ft (one square)"},
	}
	for _, c := range cases {
		e := fallFrom(t, model.SF2E, 50, c.rows...)
		e.Tokens[0].Speeds = tok{speeds: c.speeds}.token().Speeds
		q := NewFallQuery(0)
		q.To = c.to
		f, err := FallOf(e, q)
		var no *FallRefusal
		switch {
		case c.why == "" && err != nil:
			t.Errorf("%s: %v", c.name, err)
		case c.why == "" && f.Feet != 50-c.to:
			t.Errorf("%s: fell %d ft, want %d", c.name, f.Feet, 50-c.to)
		case c.why != "" && (!errors.As(err, &no) || no.Field != "To" || no.Reason != c.why || !errors.Is(err, ErrBadQuery)):
			t.Errorf("%s: got %v (%#v), want a bad query refusing To: %q", c.name, err, no, c.why)
		}
	}
	// The Ogre, Large, with water under one square of its four.
	e := fallFrom(t, model.SF2E, 0, "...", ".~.", "...")
	e.Tokens[1].Elevation = 30
	q := NewFallQuery(1)
	q.To = -5
	if _, err := FallOf(e, q); err == nil || err.Error() != "fall: Ogre cannot go below the ground here (no burrow Speed, and water under only part of its space)" {
		t.Errorf("the Ogre partly over water: %v", err)
	}
}

// "Landing on a creature" takes a creature under the faller, in its way
// down (LandsOn): their spaces share a square, its top is at or below the
// faller and above the landing. Any other is a FallRefusal of Onto.
func TestFallOntoMustBeUnder(t *testing.T) {
	cases := []struct {
		name    string
		x, y, z int // the Ogre's (Large) position and elevation
		to      int
		why     string
	}{
		{"under her", 0, 0, 0, 0, ""},
		{"under one corner", 1, 1, 0, 0, ""},
		{"beside her", 2, 1, 0, 0, "Ogre is not under Navasi"},
		{"level with her", 0, 0, 50, 0, "Ogre is not under Navasi (it reaches up to 60 ft, and Navasi falls from 50 ft)"},
		{"just below her", 0, 0, 40, 0, ""},
		{"below the landing", 0, 0, 0, 10, "Ogre is not in Navasi's way down (it reaches up to 10 ft, and Navasi lands at 10 ft)"},
		{"burrowed under the ground", 0, 0, -10, 0, "Ogre is not in Navasi's way down (it reaches up to 0 ft, and Navasi lands at 0 ft)"},
	}
	for _, c := range cases {
		e := fallFrom(t, model.SF2E, 50, "....", "....", "....")
		o := &e.Tokens[1]
		o.X, o.Y, o.Elevation = c.x, c.y, c.z
		q := NewFallQuery(0)
		q.To, q.Onto = c.to, 1
		_, err := FallOf(e, q)
		var no *FallRefusal
		switch {
		case c.why == "" && (err != nil || !LandsOn(e, 0, 1, c.to)):
			t.Errorf("%s: %v (LandsOn %v)", c.name, err, LandsOn(e, 0, 1, c.to))
		case c.why != "" && (!errors.As(err, &no) || no.Field != "Onto" || no.Reason != c.why || LandsOn(e, 0, 1, c.to)):
			t.Errorf("%s: got %v (%#v), want a refusal of Onto: %q", c.name, err, no, c.why)
		}
	}
}
