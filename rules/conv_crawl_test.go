package rules

import (
	"errors"
	"testing"

	"encounterplanner/model"
)

// rules-conventions.md, "Turn state": "A Step continues the diagonal count:
// a diagonal Step is refused when that diagonal would cost 10 ft."
func TestConvTurnDiagonalStepRefusedWhenItWouldCost10(t *testing.T) {
	e := withTokens(mapOf(t, model.SF2E, "...", "...", "..."), tok{name: "A", x: 1, y: 1, speeds: "land=30"})
	convReach(t, e, MoveQuery{Step: true, Turn: model.TurnState{Diagonals: 1}}, []string{
		". 5 .",
		"5 @ 5",
		". 5 .",
	})
	convReach(t, e, MoveQuery{Step: true, Turn: model.TurnState{Actions: 2, Diagonals: 2}}, []string{
		"5 5 5",
		"5 @ 5",
		"5 5 5",
	})
	p := turnPath(t, e, MoveQuery{Step: true, Turn: model.TurnState{Diagonals: 2}}, 2, 0)
	if p.Cost != 5 || p.Diagonals != 3 {
		t.Fatalf("a diagonal Step after 2 diagonals: %+v, want 5 ft and 3 diagonals", p)
	}
	if p := turnPath(t, e, MoveQuery{Step: true, Turn: model.TurnState{Diagonals: 1}}, 2, 0); p.Reachable {
		t.Fatalf("a diagonal Step after 1 diagonal: %+v, want unreachable", p)
	}
}

// "A prone creature's Crawl (one square a Crawl action, a step that costs
// at most 5 ft) does too" (continues the diagonal count); "prone (its land
// movement is a Crawl)".
func TestConvTurnProneCrawlsOneSquareAnActionAtMost5Ft(t *testing.T) {
	rows := []string{".....", ".....", "..d..", ".....", "....."}
	prone := tok{name: "A", x: 1, y: 1, speeds: "land=30 fly=30", conds: []string{model.CondProne}}
	e := withTokens(mapOf(t, model.SF2E, rows...), prone)
	convReach(t, e, MoveQuery{}, []string{
		"5 5 5 . .",
		"5 @ 5 . .",
		"5 5 . . .",
		". . . . .",
		". . . . .",
	})
	// The count carries on: after one diagonal the next costs 10 ft,
	// more than a Crawl moves.
	convReach(t, e, MoveQuery{Turn: model.TurnState{Diagonals: 1}}, []string{
		". 5 . . .",
		"5 @ 5 . .",
		". 5 . . .",
		". . . . .",
		". . . . .",
	})
	// Two Crawls: a diagonal then its 10-ft successor is refused, so the
	// second diagonal waits for an orthogonal square.
	convReach(t, e, MoveQuery{Actions: 2}, []string{
		"5 5 5 10/2 .",
		"5 @ 5 10/2 .",
		"5 5 . 10/2 .",
		"10/2 10/2 10/2 . .",
		". . . . .",
	})
	// Flying is not land movement: a prone flyer flies as usual.
	sq := turnReach(t, e, MoveQuery{Mode: ModeFly})
	if _, ok := costAt(sq, 4, 4); !ok {
		t.Fatal("a prone token's fly Speed is not a Crawl")
	}
	if _, err := mustEngine(t, model.SF2E).Reach(nil, e, MoveQuery{Step: true}); !errors.Is(err, ErrBadQuery) {
		t.Fatalf("a prone token's Step: %v, want a bad query (it Crawls)", err)
	}
	p := turnPath(t, e, MoveQuery{Actions: 2}, 3, 3)
	if p.Reachable {
		t.Fatalf("two Crawls reach (3,3)? %+v", p)
	}
	p = turnPath(t, e, MoveQuery{Actions: 2}, 3, 2)
	if !p.Reachable || p.Actions != 2 || p.Diagonals != 1 {
		t.Fatalf("two Crawls to (3,2): %+v, want 2 actions and 1 diagonal", p)
	}
}

// pf1e: "prone (... pf1e: 5 ft per move action)"; dead is prone too.
func TestConvTurnPF1EProneAndDead5FtPerMoveAction(t *testing.T) {
	for _, c := range []string{model.CondProne, model.CondDead} {
		e := withTokens(mapOf(t, model.PF1E, "....", "....", "...."), tok{name: "A", x: 0, y: 0, speeds: "land=30", conds: []string{c}})
		convReach(t, e, MoveQuery{Actions: 2}, []string{
			"@ 5 10/2 .",
			"5 5 10/2 .",
			"10/2 10/2 . .",
		})
	}
}
