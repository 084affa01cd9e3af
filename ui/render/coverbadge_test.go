package render

import (
	"image"
	"slices"
	"testing"

	"encounterplanner/model"
	"encounterplanner/rules"
)

// TestCoverBadgesSpeakTheRuleset: a creature in the way gave a pf1e
// target a badge "L", and the help said "L lesser", though Pathfinder 1e
// has no lesser cover: a creature gives soft cover there, walls and
// obstacles standard cover (rules-conventions.md, pf1e Cover). pf1e's
// badges are So (soft cover, as a condition's short form takes two
// letters) and S (standard); sf2e's stay L, S and G; X is blocked in
// both.
func TestCoverBadgesSpeakTheRuleset(t *testing.T) {
	for _, c := range []struct {
		rs   model.Ruleset
		want []string
	}{
		{model.SF2E, []string{"L", "S", "G", "X"}},
		{model.PF1E, []string{"So", "S", "X"}},
	} {
		e := &model.Encounter{Name: "badges", Ruleset: c.rs, Grid: model.NewGrid(16, 16)}
		e.Tokens = []model.Token{
			{ID: "a", Name: "Archer", X: 1, Y: 1, Size: model.Medium, Side: "party"},
			{ID: "b", Name: "Bandit", X: 13, Y: 1, Size: model.Medium, Side: "enemy"},
			{ID: "c", Name: "Cutthroat", X: 13, Y: 6, Size: model.Medium, Side: "enemy"},
			{ID: "d", Name: "Duelist", X: 13, Y: 11, Size: model.Medium, Side: "enemy"},
			{ID: "e", Name: "Envoy", X: 13, Y: 14, Size: model.Medium, Side: "enemy"},
		}
		o := NewOverlays()
		o.Selected = 0
		for i, cv := range []rules.Cover{rules.CoverLesser, rules.CoverStandard, rules.CoverGreater, rules.CoverBlocked} {
			if c.rs == model.PF1E && cv == rules.CoverGreater {
				continue // taken-cover has no effect in pf1e: never greater
			}
			o.Cover = append(o.Cover, CoverLine{From: 0, To: i + 1, Cover: cv})
		}
		r := NewRenderer()
		img := image.NewRGBA(image.Rect(0, 0, 16*60, 16*60))
		r.Draw(img, e, View{Scale: 60}, o)
		got := placedTexts(r, labelCover)
		slices.Sort(got)
		want := slices.Clone(c.want)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s: cover badges %q, want %q", c.rs, got, want)
		}
	}
}
