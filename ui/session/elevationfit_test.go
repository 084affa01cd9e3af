package session

import (
	"slices"
	"testing"

	"encounterplanner/model"
)

func TestFitElevations(t *testing.T) {
	e := &model.Encounter{Name: "a", Ruleset: model.SF2E, FeetPerSquare: 10, Grid: model.NewGrid(6, 6), Tokens: []model.Token{
		{Name: "Iseph", Size: model.Medium, Elevation: 5},
		{Name: "Mole", X: 1, Size: model.Medium, Elevation: -5},
		{Name: "Hawk", X: 2, Size: model.Medium, Elevation: 20},
		{Name: "Kite", X: 3, Size: model.Medium, Elevation: 15},
		{Name: "Dae", X: 4, Size: model.Medium},
	}}
	said := FitElevations(e)
	want := []string{"Iseph 5 ft up becomes 10 ft up", "Mole 5 ft down becomes 10 ft down", "Kite 15 ft up becomes 20 ft up"}
	if !slices.Equal(said, want) {
		t.Errorf("said %q, want %q", said, want)
	}
	var got []int
	for _, tk := range e.Tokens {
		got = append(got, tk.Elevation)
	}
	if !slices.Equal(got, []int{10, -10, 20, 20, 0}) {
		t.Errorf("elevations %v", got)
	}
	if err := model.Validate(e); err != nil {
		t.Errorf("fitted, Validate says %v", err)
	}
	s := &model.Encounter{Name: "s", Ruleset: model.Starship, Grid: model.NewGrid(4, 4), Tokens: []model.Token{{Name: "Ship", Size: model.Medium, Elevation: 7}}}
	if said := FitElevations(s); said != nil || s.Tokens[0].Elevation != 7 {
		t.Errorf("a ruleset without heights: said %q, elevation %d", said, s.Tokens[0].Elevation)
	}
}
