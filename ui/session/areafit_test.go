package session

import (
	"strings"
	"testing"

	"encounterplanner/model"
)

func TestRoundToSquare(t *testing.T) {
	for _, c := range []struct{ feet, square, want int }{
		{15, 10, 20}, {10, 10, 10}, {25, 10, 30}, {14, 10, 10}, {5, 10, 10},
		{10, 50, 50}, {60, 50, 50}, {75, 50, 100}, {30, 5, 30}, {7, 5, 5},
	} {
		if got := RoundToSquare(c.feet, c.square); got != c.want {
			t.Errorf("RoundToSquare(%d, %d) = %d, want %d", c.feet, c.square, got, c.want)
		}
	}
}

// TestFitAreas: sf2e rounds each area to the new square; a ruleset without
// areas keeps those the square still measures and drops the others; the
// undo step's slice is never written.
func TestFitAreas(t *testing.T) {
	base := func(rs model.Ruleset, feet int) *model.Encounter {
		e := &model.Encounter{Ruleset: rs, FeetPerSquare: feet, Grid: model.NewGrid(12, 8)}
		e.Tokens = []model.Token{{Name: "Ogre", X: 1, Y: 1, Size: model.Medium}}
		e.Areas = []model.Area{
			{Kind: model.Burst, X: 6, Y: 4, Radius: 10},
			{Kind: model.Cone, Token: "Ogre", Dir: model.SE, Length: 15},
			{Kind: model.Burst, X: 11, Y: 7, Radius: 50},
		}
		return e
	}
	e := base(model.SF2E, 10)
	shared := e.Areas
	f := FitAreas(e)
	if e.Areas[0].Radius != 10 || e.Areas[1].Length != 20 || e.Areas[2].Radius != 50 || shared[1].Length != 15 {
		t.Errorf("sf2e at 10 ft: %+v (the old slice %+v)", e.Areas, shared)
	}
	if got := strings.Join(f.Lines(model.SF2E, 10), "\n"); got != "The area template is rounded to the nearest multiple of 10 ft (at least one square):\n• cone 15 ft from Ogre becomes 20 ft" {
		t.Errorf("sf2e lines:\n%s", got)
	}
	e = base(model.Starship, 50)
	f = FitAreas(e)
	if len(e.Areas) != 1 || e.Areas[0].Radius != 50 || f.Kept != 1 {
		t.Errorf("starship keeps only the 50-ft burst: %+v", e.Areas)
	}
	if got := strings.Join(f.Lines(model.Starship, 50), "\n"); got != "The 2 area templates go (areas are sf2e's):\n• burst 10 ft (50-ft squares cannot measure it)\n• cone 15 ft from Ogre (50-ft squares cannot measure it)" {
		t.Errorf("starship lines:\n%s", got)
	}
	if s := f.Stay(model.SF2E, model.Starship); !strings.HasPrefix(s, "The area template stays under starship, shading nothing") {
		t.Errorf("Stay: %q", s)
	}
	e = base(model.SF2E, 5)
	if f := FitAreas(e); !f.Empty() || len(e.Areas) != 3 {
		t.Errorf("nothing to fit at 5 ft: %+v, %+v", f, e.Areas)
	}
}
