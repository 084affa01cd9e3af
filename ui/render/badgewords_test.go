package render

import (
	"image"
	"slices"
	"testing"

	"encounterplanner/model"
)

// TestBadgesSayTheConditionsInWords: the inspector and the fight pane say
// "Taken cover" and "Cannot act", but the map's badge on a token with room
// for the whole word said the file's name, "taken-cover". A badge says
// the words (model.ConditionText); one with no room for them, the short
// form.
func TestBadgesSayTheConditionsInWords(t *testing.T) {
	e := &model.Encounter{Name: "words", Ruleset: model.SF2E, Grid: model.NewGrid(10, 10)}
	e.Tokens = []model.Token{{ID: "g", Name: "Giant", X: 3, Y: 3, Size: model.Huge, Side: "enemy",
		Conditions: []string{model.CondTakenCover, model.CondCannotAct, model.CondProne}}}
	r := NewRenderer()
	img := image.NewRGBA(image.Rect(0, 0, 800, 800))
	r.Draw(img, e, View{Scale: 80}, NewOverlays())
	checkLabels(t, r)
	got := placedTexts(r, labelCondition)
	for _, want := range []string{"taken cover", "cannot act", "prone"} {
		if !slices.Contains(got, want) {
			t.Errorf("badges %q, want %q among them", got, want)
		}
	}
	for _, name := range []string{model.CondTakenCover, model.CondCannotAct} {
		if slices.Contains(got, name) {
			t.Errorf("badges %q show the file's name %q", got, name)
		}
	}
}
