package session

import (
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	"encounterplanner/model"
	"encounterplanner/rules"
)

func ip(v int) *int { return &v }

func fightEnc() *model.Encounter {
	return &model.Encounter{Name: "f", Ruleset: model.SF2E, Grid: model.NewGrid(12, 12), Tokens: []model.Token{
		{ID: model.NewID(), Name: "Ann", X: 1, Y: 1, Size: model.Medium, Speeds: map[string]int{"land": 25}, Initiative: ip(12)},
		{ID: model.NewID(), Name: "Bo", X: 3, Y: 1, Size: model.Medium, Speeds: map[string]int{"land": 25}},
		{ID: model.NewID(), Name: "Cy", X: 5, Y: 1, Size: model.Medium, Speeds: map[string]int{"land": 25}, Initiative: ip(12)},
		{ID: model.NewID(), Name: "Al", X: 7, Y: 1, Size: model.Medium, Speeds: map[string]int{"land": 25}, Initiative: ip(3)},
	}}
}

// TestStartFight: the order is by initiative, highest first, ties by
// name; a token without one is rolled, or goes last when nothing rolls.
func TestStartFight(t *testing.T) {
	for _, c := range []struct {
		name string
		roll func() int
		want []string
	}{
		{"rolled", func() int { return 20 }, []string{"Bo", "Ann", "Cy", "Al"}},
		{"rolled low", func() int { return 1 }, []string{"Ann", "Cy", "Al", "Bo"}},
		{"typed only", nil, []string{"Ann", "Cy", "Al", "Bo"}},
	} {
		e := fightEnc()
		if err := StartFight(e, c.roll); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(e.Fight.Order, c.want) || e.Fight.Turn != c.want[0] || e.Fight.Round != 1 {
			t.Errorf("%s: %+v, want order %v", c.name, e.Fight, c.want)
		}
		if err := model.Validate(e); err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
	}
	if err := StartFight(&model.Encounter{}, nil); err == nil {
		t.Error("a fight without tokens started")
	}
}

// TestInitiativeTiesPutTheAdversariesFirst: a party member tied with a
// foe goes after it (the party's side, "party" unless the encounter's
// Party names another; neutral tokens are not the party's); a tie within
// one side is by name, and tokens without an initiative still go last.
func TestInitiativeTiesPutTheAdversariesFirst(t *testing.T) {
	for _, c := range []struct {
		name  string
		party *model.Party
		sides map[string]string
		want  []string
	}{
		{"default party side", nil, map[string]string{"Ann": "party", "Cy": "enemy", "Al": "party"},
			[]string{"Cy", "Ann", "Al", "Bo"}},
		{"party named heroes", &model.Party{Side: "heroes", Size: 4}, map[string]string{"Ann": "heroes", "Cy": "party"},
			[]string{"Cy", "Ann", "Al", "Bo"}},
		{"neutral before the party", nil, map[string]string{"Ann": "party"},
			[]string{"Cy", "Ann", "Al", "Bo"}},
		{"both of the party: by name", nil, map[string]string{"Ann": "party", "Cy": "party"},
			[]string{"Ann", "Cy", "Al", "Bo"}},
		{"both adversaries: by name", nil, map[string]string{"Ann": "enemy", "Cy": "enemy", "Bo": "party"},
			[]string{"Ann", "Cy", "Al", "Bo"}},
	} {
		e := fightEnc()
		e.Party = c.party
		for i := range e.Tokens {
			e.Tokens[i].Side = c.sides[e.Tokens[i].Name]
		}
		if err := StartFight(e, nil); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(e.Fight.Order, c.want) || e.Fight.Turn != c.want[0] {
			t.Errorf("%s: order %v, turn %s; want %v", c.name, e.Fight.Order, e.Fight.Turn, c.want)
		}
	}
}

// TestOrderAndDelay: moving in the order keeps the turn; delaying puts the
// current token after the next, whose turn begins (across the round too),
// and gives it that token's initiative.
func TestOrderAndDelay(t *testing.T) {
	f := &model.Fight{Round: 1, Order: []string{"A", "B", "C"}, Turn: "A"}
	if !MoveInOrder(f, 0, 1) || !slices.Equal(f.Order, []string{"B", "A", "C"}) || f.Turn != "A" {
		t.Errorf("down: %+v", f)
	}
	if MoveInOrder(f, 0, -1) || MoveInOrder(nil, 0, 1) {
		t.Error("moved past the top")
	}
	e := fightEnc() // Ann 12, Bo none, Cy 12, Al 3
	e.Fight = &model.Fight{Round: 1, Order: []string{"Cy", "Al", "Bo"}, Turn: "Cy"}
	if err := Delay(e); err != nil {
		t.Fatal(err)
	}
	if f := e.Fight; !slices.Equal(f.Order, []string{"Al", "Cy", "Bo"}) || f.Turn != "Al" || f.Round != 1 {
		t.Errorf("delay: %+v", f)
	}
	if v := e.Tokens[2].Initiative; v == nil || *v != 3 || e.Tokens[3].Initiative == v {
		t.Errorf("Cy's initiative after delaying behind Al (3): %v", v)
	}
	e.Fight = &model.Fight{Round: 2, Order: []string{"Al", "Cy", "Bo"}, Turn: "Bo"}
	if err := Delay(e); err != nil {
		t.Fatal(err)
	}
	if f := e.Fight; !slices.Equal(f.Order, []string{"Al", "Bo", "Cy"}) || f.Turn != "Al" || f.Round != 3 {
		t.Errorf("delay last: %+v", f)
	}
	if v := e.Tokens[1].Initiative; v == nil || *v != 3 {
		t.Errorf("Bo's initiative after delaying behind Al (3) into the next round: %v", v)
	}
	// behind a creature without an initiative, none
	e = fightEnc()
	e.Fight = &model.Fight{Round: 3, Order: []string{"Al", "Bo", "Cy"}, Turn: "Al"}
	if err := Delay(e); err != nil || e.Tokens[3].Initiative != nil {
		t.Errorf("Al behind Bo (none): %v, %v", e.Tokens[3].Initiative, err)
	}
}

// TestNoDelayOnceActed: a creature that has moved this turn (sf2e and
// pf1e actions, starship feet flown, points spent, or only a diagonal
// counted) may not Delay, and nothing changes; one that has not may.
func TestNoDelayOnceActed(t *testing.T) {
	for _, c := range []struct {
		ruleset model.Ruleset
		ts      model.TurnState
	}{
		{model.SF2E, model.TurnState{Actions: 1, Diagonals: 1}},
		{model.PF1E, model.TurnState{Actions: 1}},
		{model.Starship, model.TurnState{Spent: 50}},
		{model.Points, model.TurnState{Spent: 2}},
		{model.SF2E, model.TurnState{Diagonals: 1}},
	} {
		e := fightEnc()
		e.Ruleset = c.ruleset
		e.Fight = &model.Fight{Round: 1, Order: []string{"Ann", "Cy", "Al"}, Turn: "Ann",
			State: map[string]model.TurnState{"Ann": c.ts}}
		before := e.Clone()
		err := Delay(e)
		if err == nil || !strings.Contains(err.Error(), "Ann has already moved this turn") {
			t.Errorf("%s %+v: Delay said %v", c.ruleset, c.ts, err)
		}
		if !reflect.DeepEqual(e, before) {
			t.Errorf("%s %+v: a refused Delay changed the fight to %+v", c.ruleset, c.ts, e.Fight)
		}
		if DelayRefusal(e) != err.Error() {
			t.Errorf("%s: DelayRefusal %q", c.ruleset, DelayRefusal(e))
		}
	}
	e := fightEnc()
	e.Fight = &model.Fight{Round: 1, Order: []string{"Ann", "Cy"}, Turn: "Ann", State: map[string]model.TurnState{"Cy": {Actions: 2}}}
	if why := DelayRefusal(e); why != "" {
		t.Errorf("Ann has not acted (Cy's old state is not hers): %q", why)
	}
	e.Fight = nil
	if DelayRefusal(e) == "" || Delay(e) == nil {
		t.Error("a Delay without a fight")
	}
}

// TestSpendMoveAndTurnQuery: a drag on the token's turn spends the path's
// Strides and diagonals; its next reach starts from there.
func TestSpendMoveAndTurnQuery(t *testing.T) {
	e := fightEnc()
	e.Fight = &model.Fight{Round: 1, Order: []string{"Ann", "Bo"}, Turn: "Ann"}
	after := e.Clone()
	after.Tokens[0].X, after.Tokens[0].Y = 2, 2 // one diagonal, one Stride
	SpendMove(e, after, 0, 2, 2, "land")
	if got := after.Fight.State["Ann"]; got != (model.TurnState{Actions: 1, Diagonals: 1}) {
		t.Errorf("spent %+v", got)
	}
	q := rules.MoveQuery{Token: 0, Mode: "land", Actions: 3}
	if msg := TurnQuery(after, 0, &q); msg != "" || q.Actions != 2 || q.Turn.Diagonals != 1 {
		t.Errorf("query %+v %q", q, msg)
	}
	// not its turn: a fresh query, nothing spent
	q = rules.MoveQuery{Token: 1, Mode: "land", Actions: 3}
	if TurnQuery(after, 1, &q); q.Turn != (model.TurnState{}) || q.Actions != 3 {
		t.Errorf("other %+v", q)
	}
	after.Fight.State["Ann"] = model.TurnState{Actions: 3}
	q = rules.MoveQuery{Token: 0, Mode: "land", Actions: 1}
	if msg := TurnQuery(after, 0, &q); msg == "" {
		t.Error("no message with every action spent")
	}
}

// TestKeepFight: renames follow by id, a deleted token leaves the order
// (passing the turn on), and an empty fight ends.
func TestKeepFight(t *testing.T) {
	e := fightEnc()
	e.Fight = &model.Fight{Round: 1, Order: []string{"Ann", "Bo", "Cy"}, Turn: "Bo", State: map[string]model.TurnState{"Bo": {Actions: 1}}}
	a := e.Clone()
	a.Tokens[1].Name = "Bob"
	KeepFight(e, a)
	if !slices.Equal(a.Fight.Order, []string{"Ann", "Bob", "Cy"}) || a.Fight.Turn != "Bob" || a.Fight.State["Bob"].Actions != 1 {
		t.Errorf("rename: %+v", a.Fight)
	}
	a = e.Clone()
	a.Tokens = slices.Delete(a.Tokens, 1, 2)
	KeepFight(e, a)
	if !slices.Equal(a.Fight.Order, []string{"Ann", "Cy"}) || a.Fight.Turn != "Cy" || a.Fight.State != nil {
		t.Errorf("delete: %+v", a.Fight)
	}
	if err := model.Validate(a); err != nil {
		t.Error(err)
	}
	a = e.Clone()
	a.Tokens = nil
	KeepFight(e, a)
	if a.Fight != nil {
		t.Errorf("empty: %+v", a.Fight)
	}
}

// TestChangeHP: damage stops at 0, which makes the token unconscious and
// prone; healing stops at max, and from 0 HP wakes the token (it stays
// prone, and dead stays dead).
func TestChangeHP(t *testing.T) {
	for _, c := range []struct {
		cur, delta, want int
		had, conds       []string
	}{
		{10, -3, 7, nil, nil},
		{10, -30, 0, nil, []string{model.CondUnconscious, model.CondProne}},
		{8, 5, 10, nil, nil},
		{0, 4, 4, nil, nil},
		{0, 5, 5, []string{model.CondUnconscious, model.CondProne}, []string{model.CondProne}},
		{0, 5, 5, []string{model.CondDead, model.CondUnconscious, model.CondProne}, []string{model.CondDead, model.CondProne}},
		{0, 0, 0, []string{model.CondUnconscious, model.CondProne}, []string{model.CondUnconscious, model.CondProne}},
	} {
		tok := model.Token{Name: "x", HP: &model.HP{Current: c.cur, Max: 10}, Conditions: c.had}
		ChangeHP(model.SF2E, &tok, c.delta)
		if tok.HP.Current != c.want || !slices.Equal(tok.Conditions, c.conds) {
			t.Errorf("%d%+d with %v: %d %v, want %d %v", c.cur, c.delta, c.had, tok.HP.Current, tok.Conditions, c.want, c.conds)
		}
	}
	// a heal as big as the amount field takes fills the token up, never
	// wraps around to 0 HP and knocks it out
	big := model.Token{Name: "x", HP: &model.HP{Current: 5, Max: 10}}
	ChangeHP(model.SF2E, &big, math.MaxInt)
	if big.HP.Current != 10 || len(big.Conditions) != 0 {
		t.Errorf("5 + MaxInt: %d %v, want 10 and no condition", big.HP.Current, big.Conditions)
	}
	huge := model.Token{Name: "x", HP: &model.HP{Current: math.MaxInt - 1, Max: math.MaxInt}}
	if ChangeHP(model.SF2E, &huge, math.MaxInt); huge.HP.Current != math.MaxInt {
		t.Errorf("MaxInt-1 + MaxInt: %d, want MaxInt", huge.HP.Current)
	}
	if ChangeHP(model.SF2E, &huge, -math.MaxInt); huge.HP.Current != 0 {
		t.Errorf("MaxInt - MaxInt: %d, want 0", huge.HP.Current)
	}
	var none model.Token
	ChangeHP(model.SF2E, &none, -5)
	if none.HP != nil {
		t.Error("HP appeared")
	}
}

// TestPlayersOrder: hidden tokens are left out, the current one marked;
// on an unseen creature's turn the line keeps the turn it showed, or,
// with none, marks the last creature seen before (the round before when
// the unseen one opens a round; the first seen in round 1).
func TestPlayersOrder(t *testing.T) {
	e := fightEnc()
	if got, turn := PlayersOrder(e, PlayersTurn{1, "Ann"}); got != "" || turn != (PlayersTurn{}) {
		t.Errorf("an order without a fight: %q %+v", got, turn)
	}
	e.Tokens[1].Hidden = true
	e.Fight = &model.Fight{Round: 2, Order: []string{"Ann", "Bo", "Cy"}, Turn: "Cy"}
	for _, c := range []struct {
		name  string
		turn  string
		round int
		shown PlayersTurn
		want  string
		mark  PlayersTurn
	}{
		{"Cy's turn", "Cy", 2, PlayersTurn{2, "Ann"}, "Round 2 · Ann · ▶ Cy", PlayersTurn{2, "Cy"}},
		{"hidden turn, Ann shown", "Bo", 2, PlayersTurn{2, "Ann"}, "Round 2 · ▶ Ann · Cy", PlayersTurn{2, "Ann"}},
		{"hidden turn, nothing shown", "Bo", 2, PlayersTurn{}, "Round 2 · ▶ Ann · Cy", PlayersTurn{2, "Ann"}},
		{"hidden turn, Cy shown (the order changed)", "Bo", 2, PlayersTurn{2, "Cy"}, "Round 2 · Ann · ▶ Cy", PlayersTurn{2, "Cy"}},
		{"hidden turn, a round long gone shown", "Bo", 4, PlayersTurn{2, "Cy"}, "Round 4 · ▶ Ann · Cy", PlayersTurn{4, "Ann"}},
		{"hidden turn, a creature gone shown", "Bo", 2, PlayersTurn{2, "Zed"}, "Round 2 · ▶ Ann · Cy", PlayersTurn{2, "Ann"}},
	} {
		e.Fight.Turn, e.Fight.Round = c.turn, c.round
		got, mark := PlayersOrder(e, c.shown)
		if got != c.want || mark != c.mark {
			t.Errorf("%s: %q %+v, want %q %+v", c.name, got, mark, c.want, c.mark)
		}
	}
	// a hidden creature opening a round: the last seen of the round before
	e.Fight = &model.Fight{Round: 3, Order: []string{"Bo", "Ann", "Cy"}, Turn: "Bo"}
	if got, mark := PlayersOrder(e, PlayersTurn{}); got != "Round 2 · Ann · ▶ Cy" || mark != (PlayersTurn{2, "Cy"}) {
		t.Errorf("Bo opens round 3: %q %+v", got, mark)
	}
	e.Fight.Round = 1 // in round 1 nothing came before: the first seen
	if got, _ := PlayersOrder(e, PlayersTurn{}); got != "Round 1 · ▶ Ann · Cy" {
		t.Errorf("Bo opens the fight: %q", got)
	}
	// fog: a creature whose every square is fogged is left out too, one
	// with a square revealed is named
	e.Tokens[1].Hidden = false
	e.Fight = &model.Fight{Round: 2, Order: []string{"Ann", "Bo", "Cy"}, Turn: "Bo"}
	e.Revealed = make([]bool, len(e.Grid.Cells))
	if got, mark := PlayersOrder(e, PlayersTurn{2, "Ann"}); got != "Round 2" || mark != (PlayersTurn{Round: 2}) {
		t.Errorf("all in fog: %q %+v", got, mark)
	}
	a := &e.Tokens[0]
	e.Revealed[a.Y*e.Grid.W+a.X] = true
	if got, _ := PlayersOrder(e, PlayersTurn{}); got != "Round 2 · ▶ Ann" {
		t.Errorf("Ann revealed, Bo's turn in fog: %q", got)
	}
}

// TestShipFlownOnItsTurnFacesWhereItsPathEnds: a ship dragged on its
// turn along a path that turns ends facing as the path does (the status
// bar's "ends facing E"), so the rest of its turn flies on from there.
func TestShipFlownOnItsTurnFacesWhereItsPathEnds(t *testing.T) {
	e := &model.Encounter{Name: "s", Ruleset: model.Starship, Grid: model.NewGrid(10, 10), Tokens: []model.Token{
		{ID: model.NewID(), Name: "Viper", X: 3, Y: 6, Size: model.Small, Facing: model.N, Speeds: map[string]int{"fly": 300, "turn": 100}},
	}}
	e.Fight = &model.Fight{Round: 1, Order: []string{"Viper"}, Turn: "Viper"}
	after := e.Clone()
	after.Tokens[0].X, after.Tokens[0].Y = 6, 6 // turn E (100), three squares east (150)
	SpendMove(e, after, 0, 6, 6, "fly")
	if got := after.Fight.State["Viper"]; got.Spent != 250 {
		t.Errorf("spent %+v, want 250 ft", got)
	}
	if got := after.Tokens[0].Facing; got != model.E {
		t.Errorf("the ship faces %v after turning east, want E", got)
	}
	// moved freely (no fight), the GM keeps the facing as placed
	free := e.Clone()
	free.Fight = nil
	moved := free.Clone()
	moved.Tokens[0].X, moved.Tokens[0].Y = 6, 6
	SpendMove(free, moved, 0, 6, 6, "fly")
	if moved.Tokens[0].Facing != model.N {
		t.Errorf("a ship placed outside a fight turned to %v", moved.Tokens[0].Facing)
	}
}

// TestKeepFightTakesInANewcomer: a token added in a fight joins the
// order after the last creature whose initiative is at least its own,
// last without one; the turn stays; a token the order left out before
// the edit stays out.
func TestKeepFightTakesInANewcomer(t *testing.T) {
	e := fightEnc()
	e.Fight = &model.Fight{Round: 3, Order: []string{"Ann", "Cy", "Al", "Bo"}, Turn: "Cy"}
	for _, c := range []struct {
		name string
		init *int
		want []string
	}{
		{"none", nil, []string{"Ann", "Cy", "Al", "Bo", "Dee"}},
		{"highest", ip(20), []string{"Dee", "Ann", "Cy", "Al", "Bo"}},
		{"tied", ip(12), []string{"Ann", "Cy", "Dee", "Al", "Bo"}},
		{"between", ip(5), []string{"Ann", "Cy", "Dee", "Al", "Bo"}},
		{"lowest", ip(1), []string{"Ann", "Cy", "Al", "Dee", "Bo"}},
	} {
		a := e.Clone()
		a.Tokens = append(a.Tokens, model.Token{ID: model.NewID(), Name: "Dee", X: 9, Y: 1, Size: model.Medium, Initiative: c.init})
		KeepFight(e, a)
		if !slices.Equal(a.Fight.Order, c.want) || a.Fight.Turn != "Cy" || a.Fight.Round != 3 {
			t.Errorf("%s: %+v, want order %v", c.name, a.Fight, c.want)
		}
	}
	few := e.Clone()
	few.Fight.Order = []string{"Ann", "Cy"}
	a := few.Clone()
	a.Tokens[0].HP = &model.HP{Current: 3, Max: 5}
	KeepFight(few, a)
	if !slices.Equal(a.Fight.Order, []string{"Ann", "Cy"}) {
		t.Errorf("an edit of a fight of a few: order %v", a.Fight.Order)
	}
}
