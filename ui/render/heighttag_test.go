package render

import (
	"image"
	"slices"
	"testing"

	"encounterplanner/model"
)

// TestNoHeightTagWhereHeightsAreIgnored: a switch from sf2e kept a flyer's
// 15 ft (for a switch back), and the starship map showed "+15 ft" and a
// shadow beside a ship on 50-ft squares, a height that ship combat and
// movement points ignore and that the inspector no longer showed. Only
// the rulesets with heights (sf2e, pf1e) tag them.
func TestNoHeightTagWhereHeightsAreIgnored(t *testing.T) {
	for _, c := range []struct {
		rs   model.Ruleset
		want []string
	}{
		{model.SF2E, []string{"+15 ft"}},
		{model.PF1E, []string{"+15 ft"}},
		{model.Starship, nil},
		{model.Points, nil},
	} {
		e := &model.Encounter{Name: "Aloft", Ruleset: c.rs, Grid: model.NewGrid(6, 6)}
		e.Tokens = []model.Token{{Name: "Navasi", X: 2, Y: 2, Size: model.Small, Side: "party", Elevation: 15}}
		r := NewRenderer()
		img := image.NewRGBA(image.Rect(0, 0, 6*60, 6*60))
		r.Draw(img, e, View{Scale: 60}, NewOverlays())
		if got := placedTexts(r, labelElevation); !slices.Equal(got, c.want) {
			t.Errorf("%s: height tags %q, want %q", c.rs, got, c.want)
		}
	}
}
