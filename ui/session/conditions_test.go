package session

import (
	"slices"
	"testing"

	"encounterplanner/model"
)

// TestConditionChoices: the rules' conditions come first; sf2e adds its
// valued ones, points nothing.
func TestConditionChoices(t *testing.T) {
	sf := ConditionChoices(model.SF2E)
	if !slices.Equal(sf[:len(model.KnownConditions)], model.KnownConditions) || !slices.Contains(sf, "frightened") {
		t.Errorf("sf2e %v", sf)
	}
	if pts := ConditionChoices(model.Points); !slices.Equal(pts, model.KnownConditions) {
		t.Errorf("points %v", pts)
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
