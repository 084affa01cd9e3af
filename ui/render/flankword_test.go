package render

import (
	"image"
	"slices"
	"testing"

	"encounterplanner/model"
	"encounterplanner/rules"
)

// TestTheFlankPlateSpeaksTheRuleset: the plate over a flanked foe said
// "off-guard" in pf1e too, which has no such condition, while the
// overlay panel beside it said "Flanked:"; it says what the ruleset
// calls a flanked foe.
func TestTheFlankPlateSpeaksTheRuleset(t *testing.T) {
	for rs, want := range map[model.Ruleset]string{model.SF2E: "off-guard", model.PF1E: "flanked"} {
		e := &model.Encounter{Name: "Flank", Ruleset: rs, Grid: model.NewGrid(8, 6)}
		e.Tokens = []model.Token{
			{Name: "Valeros", X: 1, Y: 2, Size: model.Medium, Side: "party"},
			{Name: "Ogre", X: 2, Y: 1, Size: model.Large, Side: "enemy"},
			{Name: "Kyra", X: 4, Y: 2, Size: model.Medium, Side: "party"},
		}
		o := NewOverlays()
		o.Flanks = []rules.Flank{{Target: 1, By: [2]int{0, 2}}}
		r := NewRenderer()
		img := image.NewRGBA(image.Rect(0, 0, 8*60, 6*60))
		r.Draw(img, e, View{Scale: 60}, o)
		if got := placedTexts(r, labelOffGuard); !slices.Equal(got, []string{want}) {
			t.Errorf("%s: the flanked Ogre's plate says %q, want %q", rs, got, want)
		}
	}
}
