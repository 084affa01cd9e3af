package session

import (
	"testing"

	"encounterplanner/model"
	"encounterplanner/rules"
)

func elevEncounter(r model.Ruleset) *model.Encounter {
	return &model.Encounter{Name: "air", Ruleset: r, Grid: model.NewGrid(4, 4), Tokens: []model.Token{
		{Name: "Dae", Side: "party", Size: model.Medium, Speeds: map[string]int{"land": 25}},
		{Name: "Cloud ray", Side: "enemies", X: 2, Size: model.Medium, Speeds: map[string]int{"land": 5, "fly": 30}},
	}}
}

func TestRaised(t *testing.T) {
	e := elevEncounter(model.SF2E)
	e.Tokens[0].Elevation = 10
	if z, ok := Raised(e, 0, +1); !ok || z != 15 {
		t.Errorf("PageUp: %d %v", z, ok)
	}
	if z, ok := Raised(e, 0, -3); !ok || z != -5 {
		t.Errorf("PageDown x3: %d %v", z, ok)
	}
	e.Ruleset = model.Starship
	if _, ok := Raised(e, 0, 1); ok {
		t.Error("starship has no elevation")
	}
	if _, ok := Raised(elevEncounter(model.SF2E), 5, 1); ok {
		t.Error("no token 5")
	}
}

func TestFallWarning(t *testing.T) {
	for _, c := range []struct {
		name string
		r    model.Ruleset
		tok  int
		elev int
		want string
	}{
		{"on the ground", model.SF2E, 0, 0, ""},
		{"a flyer", model.SF2E, 1, 30, ""},
		{"sf2e 30 ft", model.SF2E, 0, 30, "Dae is 30 ft up without a fly Speed: it would fall 30 ft for 15 bludgeoning damage and land prone"},
		{"sf2e 5 ft", model.SF2E, 0, 5, "Dae is 5 ft up without a fly Speed: it would fall 5 ft for 0 bludgeoning damage"},
		{"pf1e 30 ft", model.PF1E, 0, 30, "Dae is 30 ft up without a fly Speed: it would fall 30 ft for 3d6 damage and land prone"},
	} {
		e := elevEncounter(c.r)
		e.Tokens[c.tok].Elevation = c.elev
		if got := FallWarning(e, c.tok); got != c.want {
			t.Errorf("%s: %q\nwant %q", c.name, got, c.want)
		}
	}
}

func TestDescribePathSaysHowHighItEnds(t *testing.T) {
	e := elevEncounter(model.SF2E)
	flat := &rules.Path{Reachable: true, Cost: 5, Actions: 1, Steps: []rules.Step{{X: 1, Y: 0}}}
	if got := DescribePath(e, 0, flat, nil); got != "path 5 ft · 1 action" {
		t.Errorf("on the ground: %q", got)
	}
	fly := &rules.Path{Reachable: true, Cost: 15, Actions: 1, Fly: true, Steps: []rules.Step{{X: 2, Y: 1, Z: 5}, {X: 2, Y: 2, Z: 10}}}
	if got := DescribePath(e, 1, fly, nil); got != "path 15 ft · 1 action · ends 10 ft up" {
		t.Errorf("flying up: %q", got)
	}
	e.Tokens[0].Elevation = 20
	if got := DescribePath(e, 0, flat, nil); got != "path 5 ft · 1 action · ends 20 ft up" {
		t.Errorf("held up: %q", got)
	}
}
