package rules

import (
	"testing"

	"encounterplanner/model"
)

// rules-conventions.md, "Walls and doors on grid edges": cover, line of
// effect and reach through blocking edges (sf2e and pf1e).

// coverMap is a 3 x 3 open map with A at (0, 1) and B at (2, 1), enemies.
func coverMap(rs model.Ruleset, edges ...model.Edge) *model.Encounter {
	e := &model.Encounter{Name: "cover", Ruleset: rs, Grid: model.NewGrid(3, 3), Edges: edges}
	e.Tokens = []model.Token{
		{Name: "A", X: 0, Y: 1, Size: model.Medium, Side: "a"},
		{Name: "B", X: 2, Y: 1, Size: model.Medium, Side: "b"},
	}
	return e
}

// "cover through a door edge": a closed door (or a wall, or a secret door)
// on the grid line between attacker and target gives standard cover like a
// wall square; an open door gives none.
func TestEdgesCoverThroughDoorEdge(t *testing.T) {
	for _, rs := range []model.Ruleset{model.SF2E, model.PF1E} {
		for _, c := range []struct {
			kind model.EdgeKind
			want Cover
		}{
			{model.EdgeDoor, CoverStandard}, {model.EdgeSecretDoor, CoverStandard},
			{model.EdgeWall, CoverStandard}, {model.EdgeOpenDoor, CoverNone},
		} {
			// The door between (1, 1) and (2, 1), the west side of B's square.
			e := coverMap(rs, wallE(c.kind, 2, 1, 2, 2))
			got, err := mustEngine(t, rs).Cover(e, 0, 1)
			if err != nil || got != c.want {
				t.Errorf("%s: cover through a %s edge = %v %v, want %v", rs, c.kind, got, err, c.want)
			}
		}
		if got, _ := mustEngine(t, rs).Cover(coverMap(rs), 0, 1); got != CoverNone {
			t.Errorf("%s: cover with no edge = %v, want none", rs, got)
		}
	}
	// taken-cover makes the door's standard cover greater (sf2e).
	e := coverMap(model.SF2E, wallE(model.EdgeDoor, 2, 1, 2, 2))
	e.Tokens[1].Conditions = []string{model.CondTakenCover}
	if got, _ := mustEngine(t, model.SF2E).Cover(e, 0, 1); got != CoverGreater {
		t.Errorf("sf2e taken-cover behind a door = %v, want greater", got)
	}
}

// Line of effect: "blocked" when every corner-to-corner segment passes
// through walls or blocking edges — a wall line with a closed door across
// the whole map; an open door in it lets the line through.
func TestEdgesLineOfEffectBlockedByWallLine(t *testing.T) {
	for _, rs := range []model.Ruleset{model.SF2E, model.PF1E} {
		e := coverMap(rs, wallE(model.EdgeWall, 2, 0, 2, 1), wallE(model.EdgeDoor, 2, 1, 2, 2), wallE(model.EdgeWall, 2, 2, 2, 3))
		if got, _ := mustEngine(t, rs).Cover(e, 0, 1); got != CoverBlocked {
			t.Errorf("%s: across a wall line with a closed door: %v, want blocked", rs, got)
		}
		e.Edges[1].Kind = model.EdgeOpenDoor
		if got, _ := mustEngine(t, rs).Cover(e, 0, 1); got == CoverBlocked {
			t.Errorf("%s: through an open door: blocked, want a line of effect", rs)
		}
	}
}

// "Reach needs line of effect": no threat, no flanking and no reactions
// through a closed door edge or a wall edge.
func TestEdgesReachNeedsLineOfEffect(t *testing.T) {
	for _, rs := range []model.Ruleset{model.SF2E, model.PF1E} {
		en := mustEngine(t, rs)
		// Threat: B at (2, 1) with a closed door on its west side does not
		// threaten (1, 1), but still (1, 0), past the door's end.
		e := coverMap(rs, wallE(model.EdgeDoor, 2, 1, 2, 2))
		thr := map[Point]bool{}
		for _, p := range en.Threatened(nil, e, 1) {
			thr[p] = true
		}
		if thr[Point{1, 1}] || !thr[Point{1, 0}] || !thr[Point{1, 2}] {
			t.Errorf("%s: B threatens %v; want not (1,1) through the door, (1,0) and (1,2) yes", rs, thr)
		}
		// Flanking: A and C flank F between them, unless a wall edge
		// stands between F and C.
		e = &model.Encounter{Name: "flank", Ruleset: rs, Grid: model.NewGrid(3, 1)}
		e.Tokens = []model.Token{
			{Name: "A", X: 0, Y: 0, Size: model.Medium, Side: "a"},
			{Name: "C", X: 2, Y: 0, Size: model.Medium, Side: "a"},
			{Name: "F", X: 1, Y: 0, Size: model.Medium, Side: "b"},
		}
		if fl, _ := en.Flanking(e); len(fl) != 1 {
			t.Fatalf("%s: A and C should flank F with no edge: %v", rs, fl)
		}
		e.Edges = []model.Edge{wallE(model.EdgeWall, 2, 0, 2, 1)}
		if fl, _ := en.Flanking(e); len(fl) != 0 {
			t.Errorf("%s: C flanks F through a wall edge: %v", rs, fl)
		}
		// Reactions: leaving (1, 1) next to B behind its door is no
		// reaction step; without the door it is.
		for _, door := range []bool{true, false} {
			e := coverMap(rs)
			if door {
				e.Edges = []model.Edge{wallE(model.EdgeDoor, 2, 1, 2, 2)}
			}
			e.Tokens[0].X = 1
			e.Tokens[0].Speeds = map[string]int{model.SpeedLand: 5}
			p, err := en.Path(e, MoveQuery{Token: 0}, 0, 1)
			if err != nil || !p.Reachable || len(p.Steps) != 1 {
				t.Fatalf("%s: path west: %+v %v", rs, p, err)
			}
			if got := p.Steps[0].Flags&FlagReaction != 0; got == door {
				t.Errorf("%s: door %v: leaving (1, 1) flagged reaction %v", rs, door, got)
			}
		}
	}
}
