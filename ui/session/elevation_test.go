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
	if z, no, ok := Raised(e, 0, +1); !ok || no != "" || z != 15 {
		t.Errorf("PageUp: %d %q %v", z, no, ok)
	}
	e.Tokens[0].Speeds["burrow"] = 10
	if z, no, ok := Raised(e, 0, -3); !ok || no != "" || z != -5 {
		t.Errorf("PageDown x3 for a burrower: %d %q %v", z, no, ok)
	}
	e.Ruleset = model.Starship
	if _, _, ok := Raised(e, 0, 1); ok {
		t.Error("starship has no elevation")
	}
	if _, _, ok := Raised(elevEncounter(model.SF2E), 5, 1); ok {
		t.Error("no token 5")
	}
}

// PageDown stops at the ground for a token that neither burrows nor
// dives (rules.MayGoBelow), and says why; down to the ground, up from
// below it, and down into water or the earth of a burrower still go.
func TestRaisedStopsAtTheGroundUnlessItBurrowsOrDives(t *testing.T) {
	e := elevEncounter(model.SF2E)
	e.Tokens[1].Name = "Navasi"
	const floor = "Navasi cannot go below the ground: it has no burrow Speed, and no water is under it"
	for _, c := range []struct {
		name      string
		elev, dir int
		water     int // squares of water under the token, from its own
		burrow    bool
		want      int
		refused   string
	}{
		{"down to the ground", 5, -1, 0, false, 0, ""},
		{"past the ground on open floor", 0, -1, 0, false, 0, floor},
		{"further below, placed there", -10, -1, 0, false, -10, floor},
		{"up from below", -10, +1, 0, false, -5, ""},
		{"a burrower", 0, -1, 0, true, -5, ""},
		{"diving into water", 0, -1, 1, false, -5, ""},
	} {
		e.Grid = model.NewGrid(4, 4)
		if c.water > 0 {
			e.Grid.Set(2, 0, model.Water)
		}
		tk := &e.Tokens[1]
		tk.Elevation, tk.Speeds = c.elev, map[string]int{"land": 25, "fly": 30}
		if c.burrow {
			tk.Speeds["burrow"] = 10
		}
		z, refused, ok := Raised(e, 1, c.dir)
		if !ok || z != c.want || refused != c.refused {
			t.Errorf("%s: %d %q %v\nwant %d %q", c.name, z, refused, ok, c.want, c.refused)
		}
	}
	// a Large token half over water does not dive
	e.Grid = model.NewGrid(4, 4)
	e.Grid.Set(2, 0, model.Water)
	e.Tokens[1].Size, e.Tokens[1].Elevation = model.Large, 0
	if _, refused, _ := Raised(e, 1, -1); refused != "Navasi cannot go below the ground: it has no burrow Speed, and water is under only part of its space" {
		t.Errorf("Large, half over water: %q", refused)
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
		{"sf2e 5 ft does no damage", model.SF2E, 0, 5, "Dae is 5 ft up without a fly Speed: it would drop 5 ft, no damage"},
		{"pf1e 5 ft does no damage", model.PF1E, 0, 5, "Dae is 5 ft up without a fly Speed: it would drop 5 ft, no damage"},
		{"pf1e 30 ft", model.PF1E, 0, 30, "Dae is 30 ft up without a fly Speed: it would fall 30 ft for 3d6 damage and land prone"},
	} {
		e := elevEncounter(c.r)
		e.Tokens[c.tok].Elevation = c.elev
		if got := FallWarning(e, c.tok); got != c.want {
			t.Errorf("%s: %q\nwant %q", c.name, got, c.want)
		}
	}
}

// A flyer that cannot act is told its fall in the words of why: Navasi,
// unconscious 15 ft up, "would fall 15 ft for 7 bludgeoning damage and
// land prone"; dead and cannot-act likewise; pf1e in dice.
func TestFallWarningForAFlyerThatCannotAct(t *testing.T) {
	for _, c := range []struct {
		name  string
		r     model.Ruleset
		conds []string
		want  string
	}{
		{"flying", model.SF2E, nil, ""},
		{"unconscious", model.SF2E, []string{model.CondUnconscious, model.CondProne}, "Navasi is unconscious 15 ft up: it would fall 15 ft for 7 bludgeoning damage and land prone"},
		{"dead", model.SF2E, []string{model.CondUnconscious, model.CondDead}, "Navasi is dead 15 ft up: it would fall 15 ft for 7 bludgeoning damage and land prone"},
		{"cannot act", model.SF2E, []string{model.CondCannotAct}, "Navasi cannot act 15 ft up: it would fall 15 ft for 7 bludgeoning damage and land prone"},
		{"pf1e", model.PF1E, []string{model.CondUnconscious}, "Navasi is unconscious 15 ft up: it would fall 15 ft for 1d6 damage and land prone"},
	} {
		e := elevEncounter(c.r)
		e.Tokens[1].Name, e.Tokens[1].Elevation, e.Tokens[1].Conditions = "Navasi", 15, c.conds
		if got := FallWarning(e, 1); got != c.want {
			t.Errorf("%s: %q\nwant %q", c.name, got, c.want)
		}
	}
}

func TestDescribePathSaysHowHighItEnds(t *testing.T) {
	e := elevEncounter(model.SF2E)
	flat := &rules.Path{Reachable: true, Cost: 5, Actions: 1, Steps: []rules.Step{{X: 1, Y: 0}}}
	if got := DescribePath(e, 0, "", flat, nil); got != "path 5 ft · 1 action" {
		t.Errorf("on the ground: %q", got)
	}
	fly := &rules.Path{Reachable: true, Cost: 15, Actions: 1, Fly: true, Steps: []rules.Step{{X: 2, Y: 1, Z: 5}, {X: 2, Y: 2, Z: 10}}}
	if got := DescribePath(e, 1, "", fly, nil); got != "path 15 ft · 1 action · ends 10 ft up" {
		t.Errorf("flying up: %q", got)
	}
	e.Tokens[0].Elevation = 20
	if got := DescribePath(e, 0, "", flat, nil); got != "path 5 ft · 1 action · ends 20 ft up" {
		t.Errorf("held up: %q", got)
	}
}

// flyTo asks the real sf2e worker for the path of the Cloud ray (token 1,
// Speed fly 30) to (x, y) with the panel's end elevation set.
func flyTo(t *testing.T, e *model.Encounter, set Settings, x, y int) *Result {
	t.Helper()
	set.Path = true
	res := (&Worker{}).Compute(&Request{Enc: e, Sel: 1, Set: set, Hover: &rules.Point{X: x, Y: y}, Drag: -1})
	if len(res.Errs) > 0 {
		t.Fatalf("errors: %v", res.Errs)
	}
	return res
}

// The overlays panel's end elevation: a flight's path ends that high and
// says so; straight up from its own square is a path (10 ft a layer);
// modes that do not fly keep the token's height.
func TestPathAtTheAskedEndElevation(t *testing.T) {
	e := elevEncounter(model.SF2E)
	res := flyTo(t, e, Settings{Mode: rules.ModeFly, End: 15, EndSet: true}, 2, 3)
	if res.Path == nil || !res.Path.Reachable || res.Path.Steps[len(res.Path.Steps)-1].Z != 15 {
		t.Fatalf("path to (2, 3) at 15 ft: %+v", res.Path)
	}
	if want := "path 30 ft · 1 action · ends 15 ft up"; res.PathText != want {
		t.Errorf("words %q, want %q", res.PathText, want)
	}
	res = flyTo(t, e, Settings{Mode: rules.ModeFly, End: 10, EndSet: true}, 2, 0)
	if res.Path == nil || res.Path.Cost != 20 || res.PathText != "path 20 ft · 1 action · ends 10 ft up" {
		t.Errorf("straight up 10 ft from its own square: %+v %q", res.Path, res.PathText)
	}
	res = flyTo(t, e, Settings{Mode: rules.ModeFly}, 2, 0)
	if res.Path != nil {
		t.Errorf("its own square at its own height has a path: %+v", res.Path)
	}
	// the reach ends there too: the start square, 15 ft straight up
	res = (&Worker{}).Compute(&Request{Enc: e, Sel: 1, Set: Settings{Reach: true, Mode: rules.ModeFly, Actions: 1, End: 15, EndSet: true}, Drag: -1})
	found := false
	for _, q := range res.Reach {
		found = found || q.X == 2 && q.Y == 0 && q.Cost == 30
	}
	if !found {
		t.Errorf("the reach at 15 ft has no start square costing 30: %+v", res.Reach)
	}
	// a walk keeps its height: the setting does not apply (no error)
	e.Tokens[1].Speeds["land"] = 25
	res = flyTo(t, e, Settings{Mode: rules.ModeLand, End: 15, EndSet: true}, 2, 3)
	if res.Path == nil || res.Path.Fly || res.PathText != "path 15 ft · 1 action" {
		t.Errorf("walking with an end elevation set: %+v %q", res.Path, res.PathText)
	}
}

// The Enemy reach overlay follows the selected token's height: a Medium
// foe with 5-ft reach on the ground threatens the 8 squares around it for
// a token on the ground, none for one 15 ft up.
func TestEnemyReachFollowsElevation(t *testing.T) {
	e := elevEncounter(model.SF2E)
	e.Tokens[1].X, e.Tokens[1].Y = 2, 2
	threat := func() []rules.Point {
		return (&Worker{}).Compute(&Request{Enc: e, Sel: 0, Set: Settings{Threat: true, Mode: rules.ModeLand}, Drag: -1}).Threat
	}
	if got := threat(); len(got) != 8 {
		t.Fatalf("on the ground: %d squares threatened, want 8: %v", len(got), got)
	}
	e.Tokens[0].Elevation = 15
	if got := threat(); len(got) != 0 {
		t.Errorf("15 ft up: %v threatened, want none", got)
	}
	e.Tokens[0].Elevation = 5
	if got := threat(); len(got) != 8 {
		t.Errorf("5 ft up (directly above its layer): %d squares threatened, want 8", len(got))
	}
	// The ray flies 10 ft up: it reaches a box whose top is at 5-10 ft,
	// so a Large Dae on the ground (two layers tall) but not a Medium one.
	e.Tokens[0].Elevation, e.Tokens[1].Elevation = 0, 10
	if got := threat(); len(got) != 0 {
		t.Errorf("the ray 10 ft up, Medium Dae on the ground: %v threatened, want none", got)
	}
	e.Tokens[0].Size = model.Large
	if got := threat(); len(got) != 8 {
		t.Errorf("the ray 10 ft up, Large Dae on the ground: %d squares threatened, want the 8 around the ray", len(got))
	}
	// Lifted 15 ft (layers 3-4), the Large Dae is reached from below by its
	// bottom cube; a one-layer box there would not be.
	e.Tokens[0].Elevation, e.Tokens[1].Elevation = 15, 5
	if got := threat(); len(got) != 0 {
		t.Errorf("Large Dae 15 ft up, the ray 5 ft up: %v threatened, want none (2 layers between)", got)
	}
	e.Tokens[1].Elevation = 25
	if got := threat(); len(got) != 8 {
		t.Errorf("Large Dae 15 ft up, the ray 25 ft up (just above its top cube): %d squares threatened, want 8", len(got))
	}
}

// TestFallWarningNamesTheCreatureBelow: QA's fall.json put Top 30 ft over
// the Large Big; selected, Top was told "it would fall 30 ft for 15
// bludgeoning damage and land prone", and only the fall itself said it
// landed on Big and Big's save. The warning names the creature it would
// land on (sf2e; pf1e has no rule for it), as the fall will.
func TestFallWarningNamesTheCreatureBelow(t *testing.T) {
	for _, c := range []struct {
		r    model.Ruleset
		want string
	}{
		{model.SF2E, "Dae is 30 ft up without a fly Speed: it would fall 30 ft onto Big for 15 bludgeoning damage and land prone"},
		{model.PF1E, "Dae is 30 ft up without a fly Speed: it would fall 30 ft for 3d6 damage and land prone"},
	} {
		e := elevEncounter(c.r)
		e.Tokens[0].Elevation = 30
		e.Tokens = append(e.Tokens, model.Token{Name: "Big", Side: "enemies", Size: model.Large, Speeds: map[string]int{"land": 30}})
		if got := FallWarning(e, 0); got != c.want {
			t.Errorf("%s: %q\nwant %q", c.r, got, c.want)
		}
	}
}
