package rules

import (
	"math/rand"
	"testing"

	"encounterplanner/model"
)

// The starship and points engines against their slow references
// (shipRefReach, ptsRefReach) on random maps with spaces of every size,
// tokens of every side and every points mode.

// mustPtsRef is ptsRefReach's squares.
func mustPtsRef(e *model.Encounter, q MoveQuery) map[[2]int]Square {
	m, _ := ptsRefReach(e, q)
	return m
}

func convRandomTerrain(r *rand.Rand, W, H int) model.Grid {
	g := model.NewGrid(W, H)
	pool := []model.Trait{0, 0, 0, 0, 0, 0, model.Wall, model.Obstacle, model.Difficult, model.GreaterDifficult, model.Hazardous,
		model.Water, model.Difficult | model.GreaterDifficult}
	for i := range g.Cells {
		g.Cells[i] = pool[r.Intn(len(pool))]
	}
	return g
}

func convCompareSquares(t *testing.T, seed int64, e *model.Encounter, got []Square, want map[[2]int]Square) bool {
	t.Helper()
	gm := map[[2]int]Square{}
	for _, s := range got {
		gm[[2]int{s.X, s.Y}] = s
	}
	same := len(gm) == len(want) && len(got) == len(gm)
	for p, w := range want {
		if gm[p] != w {
			same = false
		}
	}
	if !same {
		var ws []Square
		for _, w := range want {
			ws = append(ws, w)
		}
		t.Errorf("seed %d: token %+v, feet %d\n%s", seed, e.Tokens[0], e.Feet(), sideBySide(e, shipRows(e, 0, got), shipRows(e, 0, ws)))
	}
	return same
}

func TestConvShipIndependentReference(t *testing.T) {
	en := mustEngine(t, model.Starship)
	fails := 0
	for seed := int64(1); seed <= int64(randomCases(1500, 1500)) && fails < 3; seed++ {
		r := rand.New(rand.NewSource(seed))
		W, H := 3+r.Intn(8), 3+r.Intn(8)
		e := &model.Encounter{Name: "r", Ruleset: model.Starship, Grid: convRandomTerrain(r, W, H)}
		sizes := []model.Size{model.Tiny, model.Small, model.Medium, model.Large}
		mv := model.Token{Name: "S", Size: sizes[r.Intn(len(sizes))], Facing: model.Facing(r.Intn(8)),
			Speeds: map[string]int{"fly": 50 * r.Intn(7)}}
		if r.Intn(5) != 0 {
			mv.Speeds["turn"] = []int{0, 20, 50, 60, 100, 150}[r.Intn(6)]
		}
		if r.Intn(4) == 0 {
			mv.Speeds["fly"] += []int{10, 25, 30}[r.Intn(3)]
		}
		k := e.Space(&mv)
		if k > W || k > H {
			continue
		}
		mv.X, mv.Y = r.Intn(W-k+1), r.Intn(H-k+1)
		for y := mv.Y; y < mv.Y+k; y++ {
			for x := mv.X; x < mv.X+k; x++ {
				e.Grid.Set(x, y, 0)
			}
		}
		e.Tokens = append(e.Tokens, mv)
		for i := r.Intn(3); i > 0; i-- {
			o := model.Token{Name: string(rune('N' + i)), Size: sizes[r.Intn(len(sizes))]}
			ko := e.Space(&o)
			if ko > W || ko > H {
				continue
			}
			o.X, o.Y = r.Intn(W-ko+1), r.Intn(H-ko+1)
			e.Tokens = append(e.Tokens, o)
		}
		sq, err := en.Reach(nil, e, MoveQuery{})
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if !convCompareSquares(t, seed, e, sq, shipRefReach(e, 0)) {
			fails++
		}
	}
}

func TestConvPointsIndependentReference(t *testing.T) {
	en := mustEngine(t, model.Points)
	fails := 0
	for seed := int64(1); seed <= int64(randomCases(3000, 3000)) && fails < 3; seed++ {
		r := rand.New(rand.NewSource(seed))
		W, H := 3+r.Intn(7), 3+r.Intn(7)
		e := &model.Encounter{Name: "r", Ruleset: model.Points, Grid: convRandomTerrain(r, W, H)}
		sizes := []model.Size{model.Tiny, model.Small, model.Medium, model.Medium, model.Large, model.Huge}
		mv := model.Token{Name: "M", Size: sizes[r.Intn(len(sizes))], Side: []string{"a", "b", ""}[r.Intn(3)], Speeds: map[string]int{}}
		if r.Intn(4) != 0 {
			mv.Speeds["land"] = r.Intn(7)
		}
		if r.Intn(3) == 0 {
			mv.Speeds["mobility"] = r.Intn(4)
		}
		k := e.Space(&mv)
		if k > W || k > H {
			continue
		}
		mv.X, mv.Y = r.Intn(W-k+1), r.Intn(H-k+1)
		for y := mv.Y; y < mv.Y+k; y++ {
			for x := mv.X; x < mv.X+k; x++ {
				e.Grid.Set(x, y, 0)
			}
		}
		e.Tokens = append(e.Tokens, mv)
		for i := r.Intn(4); i > 0; i-- {
			o := model.Token{Name: string(rune('N' + i)), Size: sizes[r.Intn(len(sizes))], Side: []string{"a", "b", ""}[r.Intn(3)]}
			ko := e.Space(&o)
			if ko > W || ko > H {
				continue
			}
			o.X, o.Y = r.Intn(W-ko+1), r.Intn(H-ko+1)
			if o.X < mv.X+k && mv.X < o.X+ko && o.Y < mv.Y+k && mv.Y < o.Y+ko {
				continue
			}
			e.Tokens = append(e.Tokens, o)
		}
		q := MoveQuery{Mode: Modes(model.Points)[r.Intn(4)], Actions: 1 + r.Intn(3)}
		sq, err := en.Reach(nil, e, q)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if !convCompareSquares(t, seed, e, sq, mustPtsRef(e, q)) {
			fails++
			t.Logf("query %+v", q)
		}
	}
}
