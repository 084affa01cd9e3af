package session

import (
	"reflect"
	"testing"

	"encounterplanner/model"
	"encounterplanner/rules"
	"encounterplanner/ui/render"
)

func rulerEnc(rs model.Ruleset) *model.Encounter {
	return &model.Encounter{Name: "R", Ruleset: rs, Grid: model.NewGrid(20, 20)}
}

// TestRulerStatus: legs and total by each ruleset's diagonal rule, the
// hovered square previewing the next leg.
func TestRulerStatus(t *testing.T) {
	for _, c := range []struct {
		name  string
		rs    model.Ruleset
		pts   []rules.Point
		hover *rules.Point
		want  string
	}{
		{"off", model.SF2E, nil, nil, ""},
		{"no leg yet", model.SF2E, []rules.Point{{X: 1, Y: 1}}, nil, "ruler: click squares to measure"},
		{"hover previews", model.SF2E, []rules.Point{{X: 0, Y: 0}}, &rules.Point{X: 3, Y: 0}, "ruler 15 ft (3 squares) · 1 leg"},
		// 5-10-5: three diagonals over two legs cost 4 squares
		{"sf2e diagonals carry over legs", model.SF2E, []rules.Point{{X: 0, Y: 0}, {X: 2, Y: 2}, {X: 3, Y: 3}}, nil, "ruler 20 ft (4 squares) · 2 legs"},
		{"pf1e", model.PF1E, []rules.Point{{X: 0, Y: 0}, {X: 2, Y: 2}, {X: 3, Y: 3}}, nil, "ruler 20 ft (4 squares) · 2 legs"},
		{"points: a diagonal is 1", model.Points, []rules.Point{{X: 0, Y: 0}, {X: 2, Y: 2}, {X: 3, Y: 3}}, nil, "ruler 3 pt · 2 legs"},
		{"three legs", model.SF2E, []rules.Point{{X: 0, Y: 0}, {X: 3, Y: 0}, {X: 3, Y: 2}}, &rules.Point{X: 5, Y: 2}, "ruler 35 ft (7 squares) · 3 legs"},
		{"hover on the last waypoint adds nothing", model.SF2E, []rules.Point{{X: 0, Y: 0}, {X: 3, Y: 0}}, &rules.Point{X: 3, Y: 0}, "ruler 15 ft (3 squares) · 1 leg"},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := rulerEnc(c.rs)
			r := Ruler{On: c.name != "off", Hover: c.hover}
			for _, p := range c.pts {
				r.Add(p)
			}
			if got := r.Status(e); got != c.want {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
}

// TestRulerEditing: Add ignores a repeated square, Back removes the last
// waypoint, Toggle off clears; the encounter is never touched (the ruler
// is not an edit).
func TestRulerEditing(t *testing.T) {
	e := rulerEnc(model.SF2E)
	before := e.Clone()
	var r Ruler
	r.Toggle()
	r.Add(rules.Point{X: 0, Y: 0})
	r.Add(rules.Point{X: 0, Y: 0})
	r.Add(rules.Point{X: 4, Y: 0})
	r.Add(rules.Point{X: 4, Y: 4})
	if got := r.Status(e); got != "ruler 40 ft (8 squares) · 2 legs" {
		t.Fatalf("two legs: %q", got)
	}
	want := []render.RulerLeg{
		{From: rules.Point{X: 0, Y: 0}, To: rules.Point{X: 4, Y: 0}, Label: "20 ft"},
		{From: rules.Point{X: 4, Y: 0}, To: rules.Point{X: 4, Y: 4}, Label: "20 ft · 40 ft"},
	}
	if got := r.Overlays(e); !reflect.DeepEqual(got, want) {
		t.Errorf("overlays %+v, want %+v", got, want)
	}
	if !r.Back() || r.Status(e) != "ruler 20 ft (4 squares) · 1 leg" {
		t.Errorf("after Back: %q", r.Status(e))
	}
	r.Toggle()
	if r.On || len(r.Points) != 0 || r.Status(e) != "" || r.Overlays(e) != nil {
		t.Errorf("Toggle off left %+v", r)
	}
	if r.Back() {
		t.Error("Back with no waypoint reported one")
	}
	if !reflect.DeepEqual(e, before) {
		t.Error("the ruler changed the encounter")
	}
}

// TestTokenDistanceWords: what hovering a token says with another
// selected, feet or (points) squares.
func TestTokenDistanceWords(t *testing.T) {
	for _, c := range []struct {
		rs   model.Ruleset
		a, b int
		want string
	}{
		{model.SF2E, 0, 1, "Goblin: 15 ft"},
		{model.Points, 0, 1, "Goblin: 3 squares"},
		{model.SF2E, 0, 0, ""},
		{model.SF2E, -1, 1, ""},
		{model.SF2E, 0, 5, ""},
	} {
		e := rulerEnc(c.rs)
		e.Tokens = []model.Token{{Name: "Iseph", X: 0, Y: 0, Size: model.Medium}, {Name: "Goblin", X: 3, Y: 1, Size: model.Medium}}
		if got := TokenDistanceWords(e, c.a, c.b); got != c.want {
			t.Errorf("%s %d→%d: %q, want %q", c.rs, c.a, c.b, got, c.want)
		}
	}
}
