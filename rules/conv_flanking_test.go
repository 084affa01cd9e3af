package rules

import (
	"strings"
	"testing"

	"encounterplanner/model"
)

// rules-conventions.md sf2e "Flanking" and pf1e "Flanking: as sf2e", the
// clauses TestSF2EFlanking and TestPF1EReachWeapon leave out.

func TestConvFlankingGeometry(t *testing.T) {
	open := []string{"......", "......", "......", "......", "......", "......"}
	for _, rs := range []model.Ruleset{model.SF2E, model.PF1E} {
		t.Run(string(rs), func(t *testing.T) {
			runFlanking(t, rs, []flankCase{
				{"left and right sides", open,
					[]tok{{name: "F", x: 1, y: 1, side: "f"}, {name: "A", x: 0, y: 1, side: "p"}, {name: "B", x: 2, y: 1, side: "p"}},
					[]string{"F: A+B"}},
				{"top and bottom sides", open,
					[]tok{{name: "F", x: 1, y: 1, side: "f"}, {name: "A", x: 1, y: 0, side: "p"}, {name: "B", x: 1, y: 2, side: "p"}},
					[]string{"F: A+B"}},
				{"the other pair of opposite corners", open,
					[]tok{{name: "F", x: 1, y: 1, side: "f"}, {name: "A", x: 2, y: 0, side: "p"}, {name: "B", x: 0, y: 2, side: "p"}},
					[]string{"F: A+B"}},
				// A (0,1) and B (1,0): the centre line x + y = 2 touches only
				// F's top-left corner, so it crosses the left and the top
				// side, not two opposite ones.
				{"through one corner only: two adjacent sides", open,
					[]tok{{name: "F", x: 1, y: 1, side: "f"}, {name: "A", x: 0, y: 1, side: "p"}, {name: "B", x: 1, y: 0, side: "p"}},
					nil},
				// A side and the far diagonal: the line from (0,1) to (2,2)
				// enters by the left side and leaves by the bottom.
				{"knight's move apart: left and bottom", open,
					[]tok{{name: "F", x: 1, y: 1, side: "f"}, {name: "A", x: 0, y: 1, side: "p"}, {name: "B", x: 2, y: 2, side: "p"}},
					nil},
				// Large F at (2,2): A (1,2) and B (4,3): the line from
				// (3,5) to (9,7) (doubled) crosses x = 4 and x = 8.
				{"a large foe: across left and right at different heights", open,
					[]tok{{name: "F", x: 2, y: 2, size: model.Large, side: "f"}, {name: "A", x: 1, y: 2, side: "p"}, {name: "B", x: 4, y: 3, side: "p"}},
					[]string{"F: A+B"}},
				// F spans y 4..8 (doubled); the line from (3,3) to (9,3)
				// passes above it and touches nothing, though both reach F.
				{"a line passing by the foe does not flank", open,
					[]tok{{name: "F", x: 2, y: 2, size: model.Large, side: "f"}, {name: "A", x: 1, y: 1, side: "p", reach: 10}, {name: "B", x: 4, y: 1, side: "p", reach: 10}},
					nil},
				{"allies of the foe do not flank it", open,
					[]tok{{name: "F", x: 1, y: 1, side: "f"}, {name: "A", x: 0, y: 1, side: "f"}, {name: "B", x: 2, y: 1, side: "f"}},
					nil},
				{"flankers of two different sides are not allies", open,
					[]tok{{name: "F", x: 1, y: 1, side: "f"}, {name: "A", x: 0, y: 1, side: "p"}, {name: "B", x: 2, y: 1, side: "q"}},
					nil},
				{"one neutral flanker is not enough", open,
					[]tok{{name: "F", x: 1, y: 1, side: "f"}, {name: "A", x: 0, y: 1, side: "p"}, {name: "B", x: 2, y: 1}},
					nil},
				{"the foe's conditions do not matter: cannot-act, no-melee", open,
					[]tok{{name: "F", x: 1, y: 1, side: "f", conds: []string{model.CondCannotAct, model.CondNoMelee}}, {name: "A", x: 0, y: 1, side: "p"}, {name: "B", x: 2, y: 1, side: "p"}},
					[]string{"F: A+B"}},
				{"each foe of a pair gets its own entry", open,
					[]tok{{name: "F", x: 1, y: 1, side: "f"}, {name: "G", x: 3, y: 1, side: "f"}, {name: "A", x: 0, y: 1, side: "p"}, {name: "B", x: 2, y: 1, side: "p"}, {name: "C", x: 4, y: 1, side: "p"}},
					// F and G are allies, and B is between them.
					[]string{"B: F+G", "F: A+B", "G: B+C"}},
			})
		})
	}
}

// sf2e reach for flanking is the Reach convention: 10 ft reaches two
// squares diagonally, 15 ft does not reach (3,2).
func TestConvFlankingReachSF2E(t *testing.T) {
	open := []string{".......", ".......", ".......", ".......", ".......", ".......", "......."}
	runFlanking(t, model.SF2E, []flankCase{
		{"10 ft reach from two squares diagonally", open,
			[]tok{{name: "F", x: 3, y: 3, side: "f"}, {name: "A", x: 1, y: 1, side: "p", reach: 10}, {name: "B", x: 4, y: 4, side: "p"}},
			[]string{"F: A+B"}},
		{"5 ft reach does not reach two squares away", open,
			[]tok{{name: "F", x: 3, y: 3, side: "f"}, {name: "A", x: 1, y: 3, side: "p"}, {name: "B", x: 4, y: 3, side: "p"}},
			nil},
		{"15 ft reach: gaps (3,1) reach", open,
			[]tok{{name: "F", x: 3, y: 3, side: "f"}, {name: "A", x: 0, y: 2, side: "p", reach: 15}, {name: "B", x: 6, y: 4, side: "p", reach: 15}},
			[]string{"F: A+B"}},
		{"15 ft reach: gaps (3,2) do not", open,
			[]tok{{name: "F", x: 3, y: 3, side: "f"}, {name: "A", x: 0, y: 1, side: "p", reach: 15}, {name: "B", x: 6, y: 5, side: "p", reach: 15}},
			nil},
		{"a tiny ally with 0 ft reach does not flank", open,
			[]tok{{name: "F", x: 3, y: 3, side: "f"}, {name: "A", x: 2, y: 3, size: model.Tiny, side: "p"}, {name: "B", x: 4, y: 3, side: "p"}},
			nil},
	})
}

// pf1e: "within reach" means the flanker threatens the foe's space; a
// reach weapon does not threaten at its natural reach or less.
func TestConvFlankingReachPF1E(t *testing.T) {
	open := []string{".......", ".......", ".......", ".......", ".......", ".......", "......."}
	runFlanking(t, model.PF1E, []flankCase{
		{"reach weapons two squares diagonally (the 10-ft exception)", open,
			[]tok{{name: "F", x: 3, y: 3, side: "f"}, {name: "A", x: 1, y: 1, side: "p", rw: true}, {name: "B", x: 5, y: 5, side: "p", rw: true}},
			[]string{"F: A+B"}},
		{"a large creature's natural 10 ft threatens adjacent", open,
			[]tok{{name: "F", x: 3, y: 3, side: "f"}, {name: "A", x: 1, y: 3, size: model.Large, side: "p"}, {name: "B", x: 4, y: 3, side: "p"}},
			[]string{"F: A+B"}},
		{"a large creature with a reach weapon does not threaten 10 ft", open,
			[]tok{{name: "F", x: 3, y: 3, side: "f"}, {name: "A", x: 0, y: 3, size: model.Large, side: "p", rw: true}, {name: "B", x: 4, y: 3, side: "p"}},
			nil},
		{"a large creature with a reach weapon threatens 15 ft", open,
			[]tok{{name: "F", x: 4, y: 3, side: "f"}, {name: "A", x: 0, y: 3, size: model.Large, side: "p", rw: true}, {name: "B", x: 5, y: 3, side: "p"}},
			[]string{"F: A+B"}},
	})
}

// pf1e: "within reach" means the flanker "threatens the foe's space". A
// Medium creature with a reach weapon next to a Large foe threatens the
// foe's far column (10 ft away: Threatened lists those squares), so it
// threatens squares of the foe's space; the engine measures only to the
// nearest square (5 ft, inside its natural reach) and says it does not.
func TestConvFlankingReachWeaponAgainstALargeFoePF1E(t *testing.T) {
	open := []string{".......", ".......", ".......", ".......", ".......", ".......", "......."}
	e := withTokens(mapOf(t, model.PF1E, open...),
		tok{name: "F", x: 2, y: 3, size: model.Large, side: "f"}, tok{name: "A", x: 1, y: 3, side: "p", rw: true}, tok{name: "B", x: 4, y: 3, side: "p"})
	threat := map[Point]bool{}
	for _, p := range mustEngine(t, model.PF1E).Threatened(nil, e, 1) {
		threat[p] = true
	}
	if !threat[Point{3, 3}] || !threat[Point{3, 4}] {
		t.Fatalf("A does not threaten F's far column:\n%s", strings.Join(threatRows(e, 1, mustEngine(t, model.PF1E).Threatened(nil, e, 1)), "\n"))
	}
	runFlanking(t, model.PF1E, []flankCase{
		{"a reach weapon next to a large foe threatens its far squares", open,
			[]tok{{name: "F", x: 2, y: 3, size: model.Large, side: "f"}, {name: "A", x: 1, y: 3, side: "p", rw: true}, {name: "B", x: 4, y: 3, side: "p"}},
			[]string{"F: A+B"}},
	})
}
