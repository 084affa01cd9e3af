package rules

import (
	"strconv"
	"strings"
	"testing"

	"encounterplanner/model"
)

// rules-conventions.md "starship". Expected maps as in conv_helpers_test.go,
// a listed square written "cost:FACINGS" with the facings the ship can end
// with there joined by "+" in the order N, NE, ... NW.

func shipRows(e *model.Encounter, tok int, sq []Square) []string {
	return startRows(e, tok, sq, func(s Square) string {
		var f []string
		for i := 0; i < 8; i++ {
			if s.Facings&(1<<i) != 0 {
				f = append(f, model.Facing(i).String())
			}
		}
		v := strconv.Itoa(s.Cost) + ":" + strings.Join(f, "+")
		if s.Actions != 1 {
			v += "/" + strconv.Itoa(s.Actions)
		}
		return v
	})
}

func convShip(t *testing.T, e *model.Encounter, want []string) {
	t.Helper()
	sq, err := mustEngine(t, model.Starship).Reach(nil, e, MoveQuery{})
	if err != nil {
		t.Fatalf("Reach: %v", err)
	}
	got := shipRows(e, 0, sq)
	want = normRows(want)
	for y := range want {
		if got[y] != want[y] {
			t.Errorf("reach differs (first at row %d)\n%s", y, sideBySide(e, got, want))
			return
		}
	}
}

// "A ship moves only forward ... Turning 45 degrees costs turn/2, 90
// degrees costs turn, at any point of the move, in place. A step or turn is
// taken only if enough movement is left." "Reach reports, for each square,
// the cheapest cost and every facing the ship can end with there."
func TestConvShipTurnsAndFacings(t *testing.T) {
	e := shipTestEnc([]string{"...", "...", "..."}, shipTok("S", 1, 1, model.Small, model.N, shipFly, 150, shipTurn, 100))
	convShip(t, e, []string{
		"100:N+W+NW 50:N+NE+E+W+NW 100:N+NE+E",
		"150:W      @              150:E",
		".          .              .",
	})
	// Without a turning speed the ship cannot turn at all.
	e = shipTestEnc([]string{"...", "...", "..."}, shipTok("S", 1, 2, model.Small, model.NE, shipFly, 150))
	convShip(t, e, []string{
		". . .",
		". . 50:NE",
		". @ .",
	})
	// Turning is in place and may come last: 135 degrees for 150.
	e = shipTestEnc([]string{"...."}, shipTok("S", 0, 0, model.Small, model.E, shipFly, 200, shipTurn, 100))
	convShip(t, e, []string{"@ 50:N+NE+E+SE+S+SW+NW 100:N+NE+E+SE+S 150:NE+E+SE"})
}

// "diagonal steps alternate 50, 100 over the turn, however many straight
// steps come between"; a doubled diagonal keeps the alternation going.
func TestConvShipDiagonalsAcrossStraightSteps(t *testing.T) {
	// Free turns (turn 0): three diagonals and two straight steps in any
	// order cost 50 + 100 + 50 + 2 x 50 = 300; a count restarted by the
	// straight steps would give 250.
	e := shipTestEnc([]string{"......", "......", "......", "......"}, shipTok("S", 0, 3, model.Small, model.NE, shipFly, 400, shipTurn, 0))
	p, err := mustEngine(t, model.Starship).Path(e, MoveQuery{}, 5, 0)
	if err != nil {
		t.Fatal(err)
	}
	if !p.Reachable || p.Cost != 300 {
		t.Errorf("path to (5,0): %s, want cost 300\n%s", pathString(p), pathMap(e, 0, p))
	}
	e = shipTestEnc([]string{"....", ".d..", "....", "...."}, shipTok("S", 0, 0, model.Small, model.SE, shipFly, 250))
	convShip(t, e, []string{
		"@ . . .",
		". 100:SE . .", // the first diagonal, doubled
		". . 200:SE .", // the second: 100
		". . . 250:SE", // the third: 50
	})
}

// "A ship may end on another ship's space only when their sizes differ by
// two or more"; "Another ship's space is difficult terrain"; "Difficult
// terrain doubles the cost of a step into it, once, however many things
// make the square difficult".
func TestConvShipOtherShips(t *testing.T) {
	for _, c := range []struct {
		name  string
		size  model.Size
		other model.Size
		rows  []string
		want  string
	}{
		{"tiny through medium: two sizes, may end", model.Tiny, model.Medium, []string{".....", "....."}, "@ 100:E 200:E 250:E ."},
		{"small through medium: one size, may not end", model.Small, model.Medium, []string{".....", "....."}, "@ . . 250:E ."},
		{"tiny over small: one size (both 1 square), may not end", model.Tiny, model.Small, []string{".....", "....."}, "@ . 150:E 200:E 250:E"},
		{"a ship on difficult terrain doubles once", model.Tiny, model.Medium, []string{".dD..", "....."}, "@ 100:E 200:E 250:E ."},
	} {
		t.Run(c.name, func(t *testing.T) {
			o := shipTok("O", 1, 0, c.other, model.N)
			e := shipTestEnc(c.rows, shipTok("S", 0, 0, c.size, model.E, shipFly, 250), o)
			convShip(t, e, []string{c.want, ". . . . ."})
		})
	}
}
