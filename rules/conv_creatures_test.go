package rules

import (
	"testing"

	"encounterplanner/model"
)

// rules-conventions.md "Sides", "Every ruleset" (ending a move) and the
// "Creatures" paragraphs of sf2e and pf1e ("as sf2e").

// fine and diminutive are 0 and 1, which tok.token() reads as "medium", so
// those tests set the size afterwards.
func withSize(e *model.Encounter, i int, s model.Size) *model.Encounter {
	e.Tokens[i].Size = s
	return e
}

func TestConvCreatureSizesApart(t *testing.T) {
	runReachTables(t, convCreatureSizesApartCases())
	t.Run("pf1e/medium passes through a colossal enemy (four sizes)", func(t *testing.T) {
		e := withTokens(mapOf(t, model.PF1E, "........", "........", "........", "........", "........", "........"),
			tok{name: "M", y: 2, side: "a", speeds: "land=35"}, tok{name: "C", x: 1, side: "b"})
		withSize(e, 1, model.Colossal)
		convReach(t, e, MoveQuery{}, []string{
			"10 . . . . . . .",
			"5 . . . . . . 35",
			"@ . . . . . . 35",
			"5 . . . . . . 35",
			"10 . . . . . . .",
			"15 . . . . . . .",
		})
	})
}

// convCreatureSizesApartCases lists the tables of TestConvCreatureSizesApart.
func convCreatureSizesApartCases() []reachTable {
	var out []reachTable
	add := func(rs model.Ruleset, cases []reachCase) { out = append(out, reachTable{rs, cases}) }
	for _, rs := range []model.Ruleset{model.SF2E, model.PF1E} {

		add(rs, []reachCase{
			{"small passes through a huge enemy (three sizes)", []string{".....", ".....", "....."},
				[]tok{{name: "S", y: 1, size: model.Small, side: "a", speeds: "land=25"}, {name: "H", x: 1, size: model.Huge, side: "b"}}, MoveQuery{},
				[]string{
					"5 . . . 20",
					"@ . . . 20",
					"5 . . . 20",
				}},
			{"medium is blocked by a huge enemy (two sizes)", []string{".....", ".....", "....."},
				[]tok{{name: "M", y: 1, side: "a", speeds: "land=25"}, {name: "H", x: 1, size: model.Huge, side: "b"}}, MoveQuery{},
				[]string{
					"5 . . . .",
					"@ . . . .",
					"5 . . . .",
				}},
			{"huge passes through a small enemy but cannot end over it", []string{"........", "........", "........"},
				[]tok{{name: "H", size: model.Huge, side: "a", speeds: "land=20"}, {name: "S", x: 3, y: 1, size: model.Small, side: "b"}}, MoveQuery{},
				[]string{
					"@ . . . 20 . . .",
					". . . . . . . .",
					". . . . . . . .",
				}},
			{"large is blocked by a small enemy (two sizes)", []string{"........", "........"},
				[]tok{{name: "L", size: model.Large, side: "a", speeds: "land=30"}, {name: "S", x: 3, size: model.Small, side: "b"}}, MoveQuery{},
				[]string{
					"@ 5 . . . . . .",
					". . . . . . . .",
				}},
			{"large ends over a tiny enemy", []string{"...", "..."},
				[]tok{{name: "L", size: model.Large, side: "a", speeds: "land=5"}, {name: "t", x: 2, size: model.Tiny, side: "b"}}, MoveQuery{},
				[]string{
					"@ 5 .",
					". . .",
				}},
			{"tiny passes and ends in a huge enemy's space", []string{"....", "...."},
				[]tok{{name: "t", size: model.Tiny, side: "a", speeds: "land=10"}, {name: "H", x: 1, size: model.Large, side: "b"}}, MoveQuery{},
				[]string{
					"@ 5 10 .",
					"5 5 10 .",
				}},
		})

	}
	return out
}

// pf1e: "fine, diminutive and tiny creatures pass through and share
// squares" — both ways.
func TestConvPF1ELittleCreaturesShare(t *testing.T) {
	for _, s := range []model.Size{model.Fine, model.Diminutive, model.Tiny} {
		t.Run(s.String()+" enemy is passed and shared", func(t *testing.T) {
			e := withTokens(mapOf(t, model.PF1E, "..."), tok{name: "M", side: "a", speeds: "land=10"}, tok{name: "f", x: 1, side: "b"})
			withSize(e, 1, s)
			convReach(t, e, MoveQuery{}, []string{"@ 5 10"})
		})
		t.Run(s.String()+" mover passes and shares", func(t *testing.T) {
			e := withTokens(mapOf(t, model.PF1E, "..."), tok{name: "f", side: "a", speeds: "land=10"}, tok{name: "M", x: 1, side: "b"})
			withSize(e, 0, s)
			convReach(t, e, MoveQuery{}, []string{"@ 5 10"})
		})
	}
}

// "a neutral token is nobody's ally, blocks movement as an enemy does".
func TestConvNeutralBlocksAsAnEnemy(t *testing.T) {
	runReachTables(t, convNeutralBlocksAsAnEnemyCases())
	t.Run("sf2e/a neutral gargantuan is passed like an enemy three sizes larger", func(t *testing.T) {
		e := withTokens(mapOf(t, model.SF2E, "......", "......", "......", "......"),
			tok{name: "A", y: 1, side: "a", speeds: "land=25"}, tok{name: "G", x: 1, size: model.Gargantuan})
		convReach(t, e, MoveQuery{}, []string{
			"5 . . . . 25",
			"@ . . . . 25",
			"5 . . . . 25",
			"10 . . . . .",
		})
	})
}

// convNeutralBlocksAsAnEnemyCases lists the tables of TestConvNeutralBlocksAsAnEnemy.
func convNeutralBlocksAsAnEnemyCases() []reachTable {
	var out []reachTable
	add := func(rs model.Ruleset, cases []reachCase) { out = append(out, reachTable{rs, cases}) }
	for _, rs := range []model.Ruleset{model.SF2E, model.PF1E, model.Points} {
		land := "land=10"
		one, two := "5", "10"
		if rs == model.Points {
			land, one, two = "land=2", "1", "2"
		}

		add(rs, []reachCase{
			{"a neutral mover is blocked by a neutral token", []string{"...", "###"},
				[]tok{{name: "N", speeds: land}, {name: "O", x: 1}}, MoveQuery{},
				[]string{"@ . .", ". . ."}},
			{"a neutral mover is blocked by a sided token", []string{"...", "###"},
				[]tok{{name: "N", speeds: land}, {name: "O", x: 1, side: "a"}}, MoveQuery{},
				[]string{"@ . .", ". . ."}},
			{"a sided mover is blocked by a neutral token", []string{"...", "###"},
				[]tok{{name: "A", side: "a", speeds: land}, {name: "O", x: 1, side: "neutral"}}, MoveQuery{},
				[]string{"@ . .", ". . ."}},
			{"an ally of the same side is passed", []string{"...", "###"},
				[]tok{{name: "A", side: "a", speeds: land}, {name: "O", x: 1, side: "a"}}, MoveQuery{},
				[]string{"@ . " + two, ". . ."}},
			{"open ground", []string{"...", "###"},
				[]tok{{name: "A", side: "a", speeds: land}}, MoveQuery{},
				[]string{"@ " + one + " " + two, ". . ."}},
		})

	}
	return out
}

// "A Stride or move action that is not the last one of the move may end in
// an ally's space ...; only the final square must be legal."
func TestConvNonFinalStrideInAllysSpace(t *testing.T) {
	runReachTables(t, convNonFinalStrideInAllysSpaceCases())
}

// convNonFinalStrideInAllysSpaceCases lists the tables of TestConvNonFinalStrideInAllysSpace.
func convNonFinalStrideInAllysSpaceCases() []reachTable {
	var out []reachTable
	add := func(rs model.Ruleset, cases []reachCase) { out = append(out, reachTable{rs, cases}) }
	for _, rs := range []model.Ruleset{model.SF2E, model.PF1E} {

		add(rs, []reachCase{
			{"two actions: the first ends on the ally", []string{"....", "####"},
				[]tok{{name: "A", side: "a", speeds: "land=5"}, {name: "B", x: 1, side: "a"}}, MoveQuery{Actions: 2},
				[]string{"@ . 10/2 .", ". . . ."}},
			{"one action cannot end on the ally", []string{"....", "####"},
				[]tok{{name: "A", side: "a", speeds: "land=5"}, {name: "B", x: 1, side: "a"}}, MoveQuery{Actions: 1},
				[]string{"@ . . .", ". . . ."}},
			{"nor on an enemy's space", []string{"....", "####"},
				[]tok{{name: "A", side: "a", speeds: "land=5"}, {name: "B", x: 1, side: "b"}}, MoveQuery{Actions: 2},
				[]string{"@ . . .", ". . . ."}},
			{"nor on a neutral's", []string{"....", "####"},
				[]tok{{name: "A", side: "a", speeds: "land=5"}, {name: "B", x: 1}}, MoveQuery{Actions: 2},
				[]string{"@ . . .", ". . . ."}},
			{"large mover: the first ends over a large ally", []string{"......", "......", "######"},
				[]tok{{name: "L", size: model.Large, side: "a", speeds: "land=10"}, {name: "B", x: 2, size: model.Large, side: "a"}}, MoveQuery{Actions: 2},
				[]string{"@ . . . 20/2 .", ". . . . . .", ". . . . . ."}},
		})

	}
	return out
}

// "A token can never end its move where its space overlaps a wall or an
// obstacle (also when it flew or burrowed there)".
func TestConvNeverEndOverObstacles(t *testing.T) {
	runReachTables(t, convNeverEndOverObstaclesCases())
}

// convNeverEndOverObstaclesCases lists the tables of TestConvNeverEndOverObstacles.
func convNeverEndOverObstaclesCases() []reachTable {
	var out []reachTable
	add := func(rs model.Ruleset, cases []reachCase) { out = append(out, reachTable{rs, cases}) }
	for _, rs := range []model.Ruleset{model.SF2E, model.PF1E} {

		add(rs, []reachCase{
			{"fly over an obstacle", []string{".o."}, []tok{{name: "A", side: "a", speeds: "fly=10"}}, MoveQuery{Mode: ModeFly},
				[]string{"@ . 10"}},
			{"burrow through an obstacle", []string{".o."}, []tok{{name: "A", side: "a", speeds: "burrow=10"}}, MoveQuery{Mode: ModeBurrow},
				[]string{"@ . 10"}},
			{"large flyer half over an obstacle", []string{".....", "..o.."}, []tok{{name: "L", size: model.Large, side: "a", speeds: "fly=15"}}, MoveQuery{Mode: ModeFly},
				[]string{"@ . . 15 .", ". . . . ."}},
		})

	}
	return out
}
