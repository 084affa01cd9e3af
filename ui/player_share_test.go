package ui

import (
	"testing"

	"encounterplanner/model"
	"encounterplanner/rules"
	"encounterplanner/ui/session"
)

// corridor is a 6 x 3 map walled above and below, the Hero at its west
// end (0, 1) with a land Speed of 30 ft, and then the others.
func corridor(others ...model.Token) *model.Encounter {
	e := &model.Encounter{Name: "Corridor", Ruleset: model.SF2E, FeetPerSquare: 5, Grid: model.NewGrid(6, 3)}
	for x := 0; x < 6; x++ {
		e.Grid.Set(x, 0, model.Wall)
		e.Grid.Set(x, 2, model.Wall)
	}
	e.Tokens = append([]model.Token{
		{ID: uuid(1), Name: "Hero", X: 0, Y: 1, Size: model.Medium, Side: "party", Speeds: map[string]int{"land": 30}},
	}, others...)
	return e
}

// inCorridor reports whether sq holds the corridor's square (x, 1).
func inCorridor(sq []rules.Square, x int) bool {
	for _, s := range sq {
		if s.X == x && s.Y == 1 {
			return true
		}
	}
	return false
}

// TestSharedReachIgnoresHiddenTokens: a hidden enemy blocks a corridor. The
// GM's reach stops at it; the reach shared on the player display is
// computed as if it were not there, so its shape gives nothing away.
func TestSharedReachIgnoresHiddenTokens(t *testing.T) {
	e := corridor(model.Token{ID: uuid(2), Name: "Lurker", X: 2, Y: 1, Size: model.Medium, Side: "enemy", Hidden: true})
	ed, p := overlayEditor(t, e, session.Settings{Reach: true, Path: true, Mode: rules.ModeLand, Actions: 1}, 0)
	ed.sharePlayer(true)
	settle(t, ed, p)
	if inCorridor(ed.live.res.Reach, 3) {
		t.Errorf("the GM's reach passes the hidden enemy: %v", ed.live.res.Reach)
	}
	if !inCorridor(ed.live.res.PlayerReach, 3) || !inCorridor(ed.live.res.PlayerReach, 5) {
		t.Errorf("the players' reach stops at a token they cannot see: %v", ed.live.res.PlayerReach)
	}
	sh := ed.player.Shared()
	if sh == nil || len(sh.Reach) != len(ed.live.res.PlayerReach) || !inCorridor(sh.Reach, 5) {
		t.Fatalf("the player display does not show the players' reach: %+v", sh)
	}
	// the hidden token itself shares nothing
	ed.Select(1)
	ed.requestOverlays()
	settle(t, ed, p)
	if ed.player.Shared().Reach != nil {
		t.Errorf("a hidden token's reach is shared: %v", ed.player.Shared().Reach)
	}
}

// TestSharedReachReadsTheTerrainThePlayersSee: a GM-only wall (a hidden
// one: the players see open ground there) closes the corridor. The GM's
// reach stops at it; the reach shared on the player display went round
// it too, drawing the hidden wall's outline for the players. It is
// computed on the map as they see it.
func TestSharedReachReadsTheTerrainThePlayersSee(t *testing.T) {
	e := corridor()
	e.Grid.Set(2, 1, model.Wall)
	e.GMOnly = make([]bool, 6*3)
	e.GMOnly[1*6+2] = true
	ed, p := overlayEditor(t, e, session.Settings{Reach: true, Path: true, Mode: rules.ModeLand, Actions: 1}, 0)
	ed.sharePlayer(true)
	settle(t, ed, p)
	if inCorridor(ed.live.res.Reach, 3) {
		t.Errorf("the GM's reach passes the wall: %v", ed.live.res.Reach)
	}
	if !inCorridor(ed.live.res.PlayerReach, 2) || !inCorridor(ed.live.res.PlayerReach, 5) {
		t.Errorf("the players' reach stops at a wall they cannot see: %v", ed.live.res.PlayerReach)
	}
	if g := ed.enc.Grid.At(2, 1); g != model.Wall {
		t.Errorf("the GM's map lost its hidden wall: %v", g)
	}
}

// TestHoverShowsTheSelectedTokensFootprint: hovering with a Large token
// selected outlines the 2x2 space it would stand on.
func TestHoverShowsTheSelectedTokensFootprint(t *testing.T) {
	e := model.Sample()
	ed, _ := overlayEditor(t, e, session.Settings{Mode: rules.ModeLand, Actions: 1}, e.TokenIndex("Tashtari"))
	ed.hovered = &rules.Point{X: 5, Y: 5}
	ed.rebuildOverlays()
	if ed.live.ov.Hover == nil || ed.live.ov.HoverSize != 2 {
		t.Errorf("hover %v size %d, want the 2x2 footprint", ed.live.ov.Hover, ed.live.ov.HoverSize)
	}
	ed.Select(e.TokenIndex("Iseph"))
	ed.rebuildOverlays()
	if ed.live.ov.HoverSize != 1 {
		t.Errorf("a Medium token's hover is %d squares", ed.live.ov.HoverSize)
	}
}
