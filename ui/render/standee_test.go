package render

import (
	"maps"
	"slices"
	"testing"

	"encounterplanner/model"
)

// TestPaintTokenIsTheStandeeFigure: a printed standee shows the token's
// disc (or picture) and its initials, and nothing of the moment: no name
// plate (the sheet writes the whole name itself, where it fits), no
// condition badges, no flight shadow, no HP, not faded when hidden, and
// an unconscious token not greyed. Once "Un", "prone" and "Fr1" were
// printed on paper, and the name plate was cut by the panel's edge.
func TestPaintTokenIsTheStandeeFigure(t *testing.T) {
	bare := model.Token{Name: "Goblin Warrior", X: 1, Y: 1, Size: model.Medium, Side: "enemy"}
	now := bare
	now.Conditions = []string{model.CondUnconscious, "prone", "frightened 1"}
	now.Elevation = 15
	now.HP = &model.HP{Current: 3, Max: 12}
	now.Hidden = true
	paint := func(tk model.Token) *recorder {
		e := &model.Encounter{Name: "Standee", Ruleset: model.SF2E, Grid: model.NewGrid(3, 3), FeetPerSquare: 5, Tokens: []model.Token{tk}}
		p := &recorder{calls: map[string]int{}}
		NewRenderer().PaintToken(p, e, 0, 10, 10, 55)
		return p
	}
	b, n := paint(bare), paint(now)
	if !maps.Equal(b.calls, n.calls) {
		t.Errorf("the standee of a prone, unconscious, flying, wounded, hidden token paints %v; want the bare token's %v", n.calls, b.calls)
	}
	if !slices.Equal(b.texts, []string{"GW"}) || !slices.Equal(n.texts, []string{"GW"}) {
		t.Errorf("standee texts %q and %q; want only the initials GW", b.texts, n.texts)
	}
}
