package ui

import (
	"testing"

	"encounterplanner/model"
	"encounterplanner/rules"
	"encounterplanner/ui/session"
)

// TestPlayerExportOverlaysLeaveHiddenTokensOut: File > Export PNG with
// "Player version" and "Current overlays" drew the GM's overlays: the
// hidden scout's enemy reach, the cover line to it, and for the scout
// selected its whole reach, all on the sheet handed to the players.
func TestPlayerExportOverlaysLeaveHiddenTokensOut(t *testing.T) {
	e := model.Sample()
	scout := e.TokenIndex("Tashtari scout")
	iseph := e.TokenIndex("Iseph")
	if scout < 0 || iseph < 0 || !e.Tokens[scout].Hidden {
		t.Fatal("the sample should have Iseph and a hidden scout")
	}
	set := session.Settings{Reach: true, Cover: true, CoverAllies: true, Threat: true, Flank: true, Mode: rules.ModeLand, Actions: 1}
	ed, _ := overlayEditor(t, e, set, iseph)
	sx, sy := ed.enc.Tokens[scout].X, ed.enc.Tokens[scout].Y
	near := func(pts []rules.Point) bool {
		for _, p := range pts {
			if abs(p.X-sx) <= 1 && abs(p.Y-sy) <= 1 {
				return true
			}
		}
		return false
	}
	if !near(ed.live.ov.Threat) {
		t.Fatalf("the GM's enemy reach should include the scout's (the test's premise)")
	}
	pe, o := ed.playerOverlays()
	for _, tk := range pe.Tokens {
		if tk.Hidden {
			t.Errorf("the player export draws hidden %s", tk.Name)
		}
	}
	if near(o.Threat) {
		t.Errorf("the player export shows the hidden scout's reach")
	}
	if len(o.Cover) != len(pe.Tokens)-1 {
		t.Errorf("%d cover lines on the player export, want one to each of the %d other visible tokens", len(o.Cover), len(pe.Tokens)-1)
	}
	if o.Selected < 0 || pe.Tokens[o.Selected].Name != "Iseph" || len(o.Reach) == 0 {
		t.Errorf("the player export should still show Iseph's reach (selected %d, %d squares)", o.Selected, len(o.Reach))
	}

	ed.Select(scout)
	_, o = ed.playerOverlays()
	if o.Selected >= 0 || len(o.Reach) > 0 || o.Path != nil || len(o.Cover) > 0 {
		t.Errorf("a hidden selected token should share nothing: selected %d, %d reach squares, %d cover lines", o.Selected, len(o.Reach), len(o.Cover))
	}
}
