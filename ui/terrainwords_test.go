package ui

import (
	"strings"
	"testing"
	"unicode"

	"encounterplanner/model"
)

// TestEveryTerrainReachesTheScreenInWords: hovering a shallow-water
// square, or picking S in the palette, showed "shallow-water", the file
// format's name, where greater difficult had been given its words. Every
// kind of terrain and every trait of the model, alone and as the palette
// and the file's legend combine them, is said in words (letters and
// spaces, nothing left out), in the status bar and under the palette.
func TestEveryTerrainReachesTheScreenInWords(t *testing.T) {
	kinds := []model.Terrain{0}
	kinds = append(kinds, model.AllTraits...)
	for _, p := range palette {
		kinds = append(kinds, p.t)
	}
	for _, k := range model.DefaultLegend {
		kinds = append(kinds, k)
	}
	kinds = append(kinds, model.Wall|model.Door, model.Difficult|model.ShallowWater|model.Hazardous)
	for _, k := range kinds {
		words := terrainWords(k)
		if len(words) == 0 {
			t.Errorf("%v: no words", k)
		}
		for _, w := range words {
			if w == "" || strings.IndexFunc(w, func(r rune) bool { return !unicode.IsLetter(r) && r != ' ' }) >= 0 {
				t.Errorf("%v is said %q", k, words)
			}
		}
		// every trait is said
		if n := len(model.TraitNames(k)); k != 0 && len(words) < n && !(k.Any(model.Door) && k.Any(model.Open) && len(words) == n-1) {
			t.Errorf("%v is said %q: a trait is left out", k, words)
		}
	}
	for k, want := range map[model.Terrain]string{
		model.ShallowWater:      "shallow water",
		model.GreaterDifficult:  "greater difficult",
		model.Door | model.Open: "open door",
		model.Door:              "door",
		0:                       "open",
	} {
		if got := strings.Join(terrainWords(k), ", "); got != want {
			t.Errorf("%v is said %q, want %q", k, got, want)
		}
	}

	// on the screen: the hovered square and the palette's label
	e := model.Sample()
	e.Grid.Set(2, 2, model.ShallowWater)
	ed, _, p := newTestEditor(t, e)
	settle(t, ed, p)
	ed.hover(2, 2, true)
	if got := ed.status.hoverLabel.Text; got != "(2, 2) shallow water" {
		t.Errorf("hovering shallow water: %q", got)
	}
	ed.rune('s')
	if got := ed.tools.terrLabel.Text; got != "shallow water" {
		t.Errorf("the palette says %q for S", got)
	}
}
