package rules

import (
	"testing"

	"encounterplanner/model"
)

// rules-conventions.md sf2e "Cover" and pf1e "Cover", the clauses the
// older tables (TestSF2ECover, TestPF1ECover) do not reach.

func TestConvCoverSF2E(t *testing.T) {
	six := []string{"......", "......", "......", "......"}
	runCover(t, model.SF2E, []coverCase{
		// "each creature's space is tested on its own": the centre line of
		// two Large tokens runs along the seam between two creatures, which
		// is only the outer edge of each.
		{"the seam between two creatures is the outer edge of each", []string{"........", "........", "........", "........"},
			[]tok{{name: "A", y: 1, size: model.Large, side: "a"}, {name: "P", x: 3, y: 1, side: "p"}, {name: "Q", x: 3, y: 2, side: "q"},
				{name: "C", x: 6, y: 1, size: model.Large, side: "c"}}, "A", "C", CoverNone},
		{"a creature's own inside seam counts", []string{"........", "........", "........", "........"},
			[]tok{{name: "A", y: 1, size: model.Large, side: "a"}, {name: "L", x: 3, y: 1, size: model.Large, side: "p"},
				{name: "C", x: 6, y: 1, size: model.Large, side: "c"}}, "A", "C", CoverLesser},
		{"a neutral creature gives cover", six,
			[]tok{{name: "A", y: 1, side: "a"}, {name: "N", x: 2, y: 1}, {name: "C", x: 5, y: 1, side: "c"}}, "A", "C", CoverLesser},
		{"an ally of both gives cover", six,
			[]tok{{name: "A", y: 1, side: "a"}, {name: "N", x: 2, y: 1, side: "a"}, {name: "C", x: 5, y: 1, side: "a"}}, "A", "C", CoverLesser},
		{"the strongest result wins: the huge creature after a medium one", []string{"......", "......", "......", "......"},
			[]tok{{name: "A", y: 1, side: "a"}, {name: "M", x: 1, y: 1, side: "m"}, {name: "H", x: 2, size: model.Huge, side: "h"}, {name: "C", x: 5, y: 1, side: "c"}}, "A", "C", CoverStandard},
		{"the strongest result wins: the huge creature before a medium one", []string{"......", "......", "......", "......"},
			[]tok{{name: "A", y: 1, side: "a"}, {name: "H", x: 2, size: model.Huge, side: "h"}, {name: "M", x: 1, y: 1, side: "m"}, {name: "C", x: 5, y: 1, side: "c"}}, "A", "C", CoverStandard},
		{"two sizes larger than the attacker only: lesser", []string{"........", "........", "........", "........"},
			[]tok{{name: "A", y: 1, side: "a"}, {name: "H", x: 2, size: model.Huge, side: "h"}, {name: "C", x: 6, y: 1, size: model.Large, side: "c"}}, "A", "C", CoverLesser},
		{"two sizes larger than the target only: lesser", []string{"........", "........", "........", "........"},
			[]tok{{name: "C", y: 1, side: "c"}, {name: "H", x: 2, size: model.Huge, side: "h"}, {name: "A", x: 6, y: 1, size: model.Large, side: "a"}}, "A", "C", CoverLesser},
		{"a large creature between two tiny ones: standard", []string{".....", ".....", "....."},
			[]tok{{name: "A", y: 1, size: model.Tiny, side: "a"}, {name: "L", x: 2, y: 1, size: model.Large, side: "h"}, {name: "C", x: 4, y: 1, size: model.Tiny, side: "c"}}, "A", "C", CoverStandard},
		{"standard from a creature becomes greater with taken-cover", []string{"......", "......", "......", "......"},
			[]tok{{name: "A", y: 1, side: "a"}, {name: "H", x: 2, size: model.Huge, side: "h"}, {name: "C", x: 5, y: 1, side: "c", conds: []string{model.CondTakenCover}}}, "A", "C", CoverGreater},
		{"terrain wins over creatures", []string{".....", "..o..", "....."},
			[]tok{{name: "A", y: 1, side: "a"}, {name: "M", x: 1, y: 1, side: "m"}, {name: "C", x: 4, y: 1, side: "c"}}, "A", "C", CoverStandard},
		{"a creature the segment only touches at a corner point gives none", []string{"....", "....", "....", "...."},
			// The centre line (1,1)->(7,7) (doubled) meets M's space [4,6]x[2,4] only at its corner (4,4).
			[]tok{{name: "A", side: "a"}, {name: "M", x: 2, y: 1, side: "m"}, {name: "C", x: 3, y: 3, side: "c"}}, "A", "C", CoverNone},
		{"one segment from corner to corner escapes the walls: not blocked", []string{"..#..", ".....", "..#.."},
			[]tok{{name: "A", y: 1, side: "a"}, {name: "C", x: 4, y: 1, side: "c"}}, "A", "C", CoverNone},
		{"large spaces: one corner segment escapes the wall: standard, not blocked", []string{"...#...", "...#...", "...#...", "......."},
			[]tok{{name: "A", y: 1, size: model.Large, side: "a"}, {name: "C", x: 5, y: 1, size: model.Large, side: "c"}}, "A", "C", CoverStandard},
		{"large spaces behind a full wall: blocked", []string{"...#...", "...#...", "...#...", "...#..."},
			[]tok{{name: "A", y: 1, size: model.Large, side: "a"}, {name: "C", x: 5, y: 1, size: model.Large, side: "c"}}, "A", "C", CoverBlocked},
		{"blocked counts walls only: an obstacle in the gap", []string{"..#..", "..o..", "..#.."},
			[]tok{{name: "A", y: 1, side: "a"}, {name: "C", x: 4, y: 1, side: "c"}}, "A", "C", CoverStandard},
		{"blocked wins over taken-cover", []string{"..#..", "..#..", "..#.."},
			[]tok{{name: "A", y: 1, side: "a"}, {name: "C", x: 4, y: 1, side: "c", conds: []string{model.CondTakenCover}}}, "A", "C", CoverBlocked},
	})
	t.Run("a hidden creature still gives cover", func(t *testing.T) {
		e := withTokens(mapOf(t, model.SF2E, "......"), tok{name: "A", side: "a"}, tok{name: "H", x: 2, side: "h"}, tok{name: "C", x: 5, side: "c"})
		e.Tokens[1].Hidden = true
		if got, _ := mustEngine(t, model.SF2E).Cover(e, 0, 2); got != CoverLesser {
			t.Errorf("cover %v, want lesser\n%s", got, tokenMap(e))
		}
	})
}

func TestConvCoverPF1E(t *testing.T) {
	runCover(t, model.PF1E, []coverCase{
		{"a creature two sizes larger than both is still soft cover", []string{"......", "......", "......"},
			[]tok{{name: "A", y: 1, side: "a"}, {name: "H", x: 2, size: model.Huge, side: "h"}, {name: "C", x: 5, y: 1, side: "c"}}, "A", "C", CoverLesser},
		{"fine, diminutive and tiny creatures give none", []string{".....", ".....", "....."},
			[]tok{{name: "A", y: 1, side: "a"}, {name: "T", x: 2, y: 1, size: model.Tiny, side: "t"}, {name: "C", x: 4, y: 1, side: "c"}}, "A", "C", CoverNone},
		{"an unconscious creature gives soft cover", []string{".....", ".....", "....."},
			[]tok{{name: "A", y: 1, side: "a"}, {name: "U", x: 2, y: 0, side: "u", conds: []string{model.CondUnconscious}},
				{name: "V", x: 2, y: 1, side: "u", conds: []string{model.CondUnconscious}}, {name: "W", x: 2, y: 2, side: "u", conds: []string{model.CondUnconscious}},
				{name: "C", x: 4, y: 1, side: "c"}}, "A", "C", CoverLesser},
		{"segments along the outer edge of an obstacle do not count", []string{"..o..", ".....", "....."},
			// From the top corners of A (doubled y = 2) to those of C the
			// segments run along the obstacle's bottom edge; no segment
			// from any corner enters it.
			[]tok{{name: "A", y: 1, side: "a"}, {name: "C", x: 4, y: 1, side: "c"}}, "A", "C", CoverNone},
		{"the same with a creature: its outer edge does not count", []string{".....", ".....", "....."},
			[]tok{{name: "A", y: 1, side: "a"}, {name: "M", x: 2, side: "m"}, {name: "C", x: 4, y: 1, side: "c"}}, "A", "C", CoverNone},
	})
	t.Run("fine and diminutive give none either", func(t *testing.T) {
		for _, s := range []model.Size{model.Fine, model.Diminutive} {
			e := withTokens(mapOf(t, model.PF1E, ".....", ".....", "....."), tok{name: "A", y: 1, side: "a"}, tok{name: "T", x: 2, y: 1, side: "t"}, tok{name: "C", x: 4, y: 1, side: "c"})
			e.Tokens[1].Size = s
			if got, _ := mustEngine(t, model.PF1E).Cover(e, 0, 2); got != CoverNone {
				t.Errorf("%s: cover %v, want none\n%s", s, got, tokenMap(e))
			}
		}
	})
}

// A wall that runs from one edge of the map to the other leaves line of
// effect along the map's edge (rules-conventions.md, "Added with table
// play and the third dimension"): a segment from corner to corner along
// the map's top edge only touches the outer edge of the wall's top square
// (the map's edge is not a wall: squares off the map are open), so two
// tokens on the top row on either side have standard cover, not blocked;
// one row down every corner segment passes through the wall.
func TestConvCoverWallAcrossTheMap(t *testing.T) {
	rows := []string{"..#..", "..#..", "..#.."}
	for _, rs := range []model.Ruleset{model.SF2E, model.PF1E} {
		runCover(t, rs, []coverCase{
			{"along the map's top edge", rows, []tok{{name: "A", side: "a"}, {name: "B", x: 4, side: "b"}}, "A", "B", CoverStandard},
			{"along the map's bottom edge", rows, []tok{{name: "A", y: 2, side: "a"}, {name: "B", x: 4, y: 2, side: "b"}}, "A", "B", CoverStandard},
			{"away from the map's edge", rows, []tok{{name: "A", y: 1, side: "a"}, {name: "B", x: 4, y: 1, side: "b"}}, "A", "B", CoverBlocked},
		})
	}
}
