package session

import (
	"slices"
	"strings"
	"testing"

	"encounterplanner/model"
)

// TestConditionChoices: the rules' conditions come first; sf2e adds its
// valued ones; starship and points, whose texts name no conditions, only
// those that stop a token acting (a ship was offered Prone and Taken
// cover, which nothing there acts on).
func TestConditionChoices(t *testing.T) {
	sf := ConditionChoices(model.SF2E)
	if !slices.Equal(sf[:len(model.KnownConditions)], model.KnownConditions) || !slices.Contains(sf, "frightened") {
		t.Errorf("sf2e %v", sf)
	}
	stop := []string{model.CondUnconscious, model.CondCannotAct, model.CondDead}
	for _, r := range []model.Ruleset{model.Points, model.Starship} {
		if got := ConditionChoices(r); !slices.Equal(got, stop) {
			t.Errorf("%s %v, want %v", r, got, stop)
		}
	}
	if !Valued(model.SF2E, "frightened") || Valued(model.SF2E, "prone") || Valued(model.PF1E, "frightened") {
		t.Error("valued")
	}
}

// TestAddRemoveCondition: a value is required where the condition takes
// one and replaces the old value; free labels stay.
func TestAddRemoveCondition(t *testing.T) {
	for _, c := range []struct {
		rs          model.Ruleset
		have        []string
		name, value string
		want        []string
		bad         bool
	}{
		{model.SF2E, []string{"hasted"}, "frightened", "2", []string{"hasted", "frightened 2"}, false},
		{model.SF2E, []string{"frightened 2", "prone"}, "frightened", "1", []string{"prone", "frightened 1"}, false},
		{model.SF2E, nil, "frightened", "", nil, true},
		{model.SF2E, nil, "frightened", "0", nil, true},
		{model.SF2E, []string{"prone"}, "prone", "7", []string{"prone"}, false},
		{model.PF1E, nil, "shaken", "", []string{"shaken"}, false},
		{model.PF1E, nil, " ", "", nil, true},
	} {
		have := slices.Clone(c.have)
		got, err := AddCondition(c.rs, have, c.name, c.value)
		if (err != nil) != c.bad || !c.bad && !slices.Equal(got, c.want) {
			t.Errorf("%s %v + %s %q: %v %v", c.rs, c.have, c.name, c.value, got, err)
		}
		if !slices.Equal(have, c.have) {
			t.Errorf("the old slice changed: %v", have)
		}
	}
	if got := RemoveCondition([]string{"a", "b", "c"}, 1); !slices.Equal(got, []string{"a", "c"}) {
		t.Errorf("remove %v", got)
	}
}

// TestConditionWords: the condition list showed the file's names,
// "cannot-act", "taken-cover". Every condition the app offers, in every
// ruleset, has words in the books' style, which read back as its name;
// a label of the GM's shows and reads back as typed.
func TestConditionWords(t *testing.T) {
	for c, want := range map[string]string{
		model.CondCannotAct:        "Cannot act",
		model.CondNoMelee:          "No melee",
		model.CondTakenCover:       "Taken cover",
		model.CondIgnoresDifficult: "Ignores difficult terrain",
		model.CondProne:            "Prone",
		"frightened 2":             "Frightened 2",
		"off-guard":                "Off-guard",
		"flat-footed":              "Flat-footed",
		"hasted":                   "hasted",
		"Bless 1":                  "Bless 1",
	} {
		if got := ConditionWords(c); got != want {
			t.Errorf("%q: %q, want %q", c, got, want)
		}
		if got := ConditionLabel(want); got != c {
			t.Errorf("%q reads back as %q, want %q", want, got, c)
		}
	}
	for c, want := range map[string]string{model.CondCannotAct: "cannot act", model.CondUnconscious: "unconscious", "frightened 2": "frightened 2", "Bless": "Bless"} {
		if got := ConditionInText(c); got != want {
			t.Errorf("%q in a sentence: %q, want %q", c, got, want)
		}
	}
	for _, r := range model.Rulesets {
		for _, c := range ConditionChoices(r) {
			w := ConditionWords(c)
			if w == c || strings.ToUpper(w[:1]) != w[:1] || slices.Contains(model.KnownConditions, c) && strings.Contains(w, "-") {
				t.Errorf("%s: %q shows as %q", r, c, w)
			}
			for _, typed := range []string{w, c, strings.ToLower(w), strings.ToUpper(w), " " + w + " "} {
				if got := ConditionLabel(typed); got != c {
					t.Errorf("%s: %q typed reads back as %q, want %q", r, typed, got, c)
				}
			}
		}
	}
}
