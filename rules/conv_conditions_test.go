package rules

import (
	"slices"
	"testing"

	"encounterplanner/model"
)

// rules-conventions.md, "Conditions the rules act on (sf2e and pf1e)".

// "dead (as unconscious and prone; never blocks movement; gives no cover)":
// a dead enemy in a corridor is passed; a Large dead enemy is passed but not
// ended in (it is larger than the mover).
func TestConvConditionsDeadNeverBlocksMovement(t *testing.T) {
	for _, rs := range []model.Ruleset{model.SF2E, model.PF1E} {
		e := withTokens(mapOf(t, rs, "#####", ".....", "#####"),
			tok{name: "A", x: 0, y: 1, side: "a", speeds: "land=20"},
			tok{name: "Z", x: 2, y: 1, side: "b", conds: []string{model.CondDead}})
		convReach(t, e, MoveQuery{}, []string{
			". . . . .",
			"@ 5 10 15 20",
			". . . . .",
		})
		e.Tokens[1].Conditions = []string{model.CondUnconscious} // not prone: still blocks
		convReach(t, e, MoveQuery{}, []string{
			". . . . .",
			"@ 5 . . .",
			". . . . .",
		})
		big := withTokens(mapOf(t, rs, "......", "......", "......"),
			tok{name: "A", x: 0, y: 0, side: "a", speeds: "land=25"},
			tok{name: "Z", x: 1, y: 0, size: model.Large, side: "b", conds: []string{model.CondDead}})
		sq := turnReach(t, big, MoveQuery{})
		for _, s := range sq {
			if s.X >= 1 && s.X <= 2 && s.Y <= 1 {
				t.Fatalf("%s: ends on a Large dead creature at (%d,%d)", rs, s.X, s.Y)
			}
		}
		if c, ok := costAt(sq, 3, 0); !ok || c.Cost != 15 {
			t.Fatalf("%s: through the Large dead creature to (3,0): %+v %v, want 15 ft", rs, c, ok)
		}
	}
}

// "A creature may end in the space of a prone creature that is unconscious
// or dead and its own size or smaller" (sf2e "Prone and Incapacitated
// Creatures"; pf1e the same).
func TestConvConditionsMayEndOnProneUnconsciousOrDeadOwnSizeOrSmaller(t *testing.T) {
	cases := []struct {
		conds []string
		size  model.Size
		end   bool
	}{
		{[]string{model.CondUnconscious, model.CondProne}, model.Medium, true},
		{[]string{model.CondUnconscious, model.CondProne}, model.Small, true},
		{[]string{model.CondDead}, model.Medium, true},
		{[]string{model.CondUnconscious, model.CondProne}, model.Large, false},
		{[]string{model.CondProne}, model.Medium, false},       // awake
		{[]string{model.CondUnconscious}, model.Medium, false}, // not prone
	}
	for _, rs := range []model.Ruleset{model.SF2E, model.PF1E} {
		for _, c := range cases {
			for _, side := range []string{"a", "b"} { // ally and enemy alike
				e := withTokens(mapOf(t, rs, "....", "...."),
					tok{name: "A", x: 0, y: 0, side: "a", speeds: "land=30"},
					tok{name: "Z", x: 2, y: 0, size: c.size, side: side, conds: c.conds})
				_, got := costAt(turnReach(t, e, MoveQuery{}), 2, 0)
				if got != c.end {
					t.Errorf("%s: %s %v %s on (2,0): ends there %v, want %v", rs, side, c.conds, c.size, got, c.end)
				}
				if may := Describe(rs).MayEndOn(&e.Tokens[0], &e.Tokens[1]); may != c.end {
					t.Errorf("%s: MayEndOn %v %s = %v, want %v", rs, c.conds, c.size, may, c.end)
				}
			}
		}
	}
	// Other rulesets do not act on conditions.
	e := withTokens(mapOf(t, model.Points, "..."), tok{name: "A", speeds: "land=5"}, tok{name: "Z", x: 1, conds: []string{model.CondDead}})
	if Describe(model.Points).MayEndOn(&e.Tokens[0], &e.Tokens[1]) {
		t.Fatal("points: MayEndOn a dead token")
	}
}

// "dead ... gives no cover"; an unconscious creature still does.
func TestConvConditionsDeadGivesNoCover(t *testing.T) {
	for _, rs := range []model.Ruleset{model.SF2E, model.PF1E} {
		e := withTokens(mapOf(t, rs, "....."),
			tok{name: "A", x: 0, y: 0, side: "a"},
			tok{name: "Z", x: 2, y: 0, side: "c", conds: []string{model.CondDead}},
			tok{name: "B", x: 4, y: 0, side: "b"})
		en := mustEngine(t, rs)
		if c, _ := en.Cover(e, 0, 2); c != CoverNone {
			t.Fatalf("%s: cover past a dead creature %v, want none", rs, c)
		}
		e.Tokens[1].Conditions = []string{model.CondUnconscious, model.CondProne}
		if c, _ := en.Cover(e, 0, 2); c != CoverLesser {
			t.Fatalf("%s: cover past an unconscious creature %v, want lesser", rs, c)
		}
	}
}

// "dead (as unconscious ...)": a dead creature threatens nothing (no
// reactions) and does not flank.
func TestConvConditionsDeadIsAsUnconscious(t *testing.T) {
	e := withTokens(mapOf(t, model.SF2E, ".....", ".....", "....."),
		tok{name: "A", x: 0, y: 1, side: "a", speeds: "land=30"},
		tok{name: "Z", x: 2, y: 0, side: "b", conds: []string{model.CondDead}},
		tok{name: "F", x: 2, y: 1, side: "c"},
		tok{name: "Y", x: 2, y: 2, side: "b"})
	en := mustEngine(t, model.SF2E)
	if th := en.Threatened(nil, e, 1); len(th) != 0 {
		t.Fatalf("a dead creature threatens %v", th)
	}
	e.Tokens[2].Side = "a" // F between Z (dead) and Y: no flank by Z
	fl, _ := en.Flanking(e)
	for _, f := range fl {
		if slices.Contains(f.By[:], 1) {
			t.Fatalf("a dead creature flanks: %+v", fl)
		}
	}
}

// "HP 0 gives unconscious and prone."
func TestConvConditionsHP0GivesUnconsciousAndProne(t *testing.T) {
	tk := model.Token{Name: "G", HP: &model.HP{Current: 0, Max: 12}, Conditions: []string{"frightened 2"}}
	shared := tk.Conditions
	if !ApplyHP(model.SF2E, &tk, nil) {
		t.Fatal("ApplyHP at 0 HP changed nothing")
	}
	if !tk.Has(model.CondUnconscious) || !tk.Has(model.CondProne) || !tk.Has("frightened 2") {
		t.Fatalf("at 0 HP: %v, want unconscious and prone added", tk.Conditions)
	}
	if len(shared) != 1 || len(tk.Conditions) != 3 {
		t.Fatalf("the old Conditions slice changed: %v", shared)
	}
	if ApplyHP(model.SF2E, &tk, nil) {
		t.Fatal("ApplyHP twice added again")
	}
	alive := model.Token{Name: "H", HP: &model.HP{Current: 3, Max: 12}}
	if ApplyHP(model.SF2E, &alive, nil) || len(alive.Conditions) != 0 {
		t.Fatalf("ApplyHP at 3 HP: %v", alive.Conditions)
	}
	untracked := model.Token{Name: "U"}
	if ApplyHP(model.SF2E, &untracked, nil) {
		t.Fatal("ApplyHP without HP")
	}
}

// The conditions act in sf2e and pf1e only, and a ship is never prone: in
// starship and points 0 HP gives cannot-act (no reach: it takes no
// actions), which healing from 0 takes away, and nothing else.
func TestZeroHPStopsAShipWithoutMakingItProne(t *testing.T) {
	for _, r := range []model.Ruleset{model.Starship, model.Points} {
		tk := model.Token{Name: "Viper", HP: &model.HP{Current: 0, Max: 20}}
		if !ApplyHP(r, &tk, &model.HP{Current: 5, Max: 20}) || !slices.Equal(tk.Conditions, []string{model.CondCannotAct}) {
			t.Errorf("%s at 0 HP: %v, want cannot-act alone", r, tk.Conditions)
		}
		if !CannotAct(&tk) {
			t.Errorf("%s at 0 HP can act", r)
		}
		was := tk.HP
		tk.HP = &model.HP{Current: 4, Max: 20}
		if !ApplyHP(r, &tk, was) || len(tk.Conditions) != 0 {
			t.Errorf("%s healed from 0: %v, want no conditions", r, tk.Conditions)
		}
	}
}

// "Healing from 0 HP to more than 0 takes unconscious away; prone and dead
// stay."
func TestConvConditionsHealingFrom0HPWakes(t *testing.T) {
	down := &model.HP{Current: 0, Max: 12}
	for _, c := range []struct {
		name  string
		was   *model.HP
		cur   int
		conds []string
		want  []string
	}{
		{"healed from 0", down, 5, []string{"frightened 2", model.CondUnconscious, model.CondProne}, []string{"frightened 2", model.CondProne}},
		{"dead stays dead", down, 1, []string{model.CondUnconscious, model.CondProne, model.CondDead}, []string{model.CondProne, model.CondDead}},
		{"knocked out otherwise: healing above 0 keeps it", &model.HP{Current: 3, Max: 12}, 8, []string{model.CondUnconscious}, []string{model.CondUnconscious}},
		{"HP given for the first time", nil, 5, []string{model.CondUnconscious}, []string{model.CondUnconscious}},
		{"still at 0", down, 0, []string{model.CondUnconscious, model.CondProne}, []string{model.CondUnconscious, model.CondProne}},
	} {
		tk := model.Token{Name: "G", HP: &model.HP{Current: c.cur, Max: 12}, Conditions: c.conds}
		shared := slices.Clone(c.conds)
		changed := ApplyHP(model.SF2E, &tk, c.was)
		if !slices.Equal(tk.Conditions, c.want) || changed != !slices.Equal(c.conds, c.want) {
			t.Errorf("%s: %v (changed %v), want %v", c.name, tk.Conditions, changed, c.want)
		}
		if !slices.Equal(c.conds, shared) {
			t.Errorf("%s: the old Conditions slice changed: %v", c.name, c.conds)
		}
	}
}

// Incapacity names what keeps a token from acting: dead, unconscious or
// cannot-act, in that order; prone, no-melee and labels do not.
func TestIncapacityNamesWhatKeepsATokenFromActing(t *testing.T) {
	for _, c := range []struct {
		conds []string
		want  string
	}{
		{nil, ""},
		{[]string{model.CondProne, model.CondNoMelee, "frightened 2"}, ""},
		{[]string{model.CondCannotAct}, model.CondCannotAct},
		{[]string{model.CondCannotAct, model.CondUnconscious, model.CondProne}, model.CondUnconscious},
		{[]string{model.CondUnconscious, model.CondDead}, model.CondDead},
	} {
		tk := model.Token{Name: "G", Conditions: c.conds}
		if got := Incapacity(&tk); got != c.want {
			t.Errorf("%v: %q, want %q", c.conds, got, c.want)
		}
	}
}
