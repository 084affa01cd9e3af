package rules

import (
	"container/heap"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"encounterplanner/model"
)

// Test helpers: encounters from ASCII maps (model.DefaultLegend), tokens,
// and results printed back as ASCII maps.

func mapOf(t testing.TB, rs model.Ruleset, rows ...string) *model.Encounter {
	t.Helper()
	g, err := parseRows(rows, nil)
	if err != nil {
		t.Fatal(err)
	}
	return &model.Encounter{Name: "test", Ruleset: rs, Grid: g}
}

// parseRows reads a map written in the one ASCII format with one character
// a square (model.DefaultLegend): other, when not nil, is given every
// character the legend lacks (a token's letter) and says whether it knows
// it; such a square is open ground.
func parseRows(rows []string, other func(x, y int, ch rune) bool) (model.Grid, error) {
	h, w := len(rows), len(rows[0])
	g := model.NewGrid(w, h)
	for y, r := range rows {
		if len([]rune(r)) != w {
			return g, fmt.Errorf("ragged map row %d", y)
		}
		for x, ch := range []rune(r) {
			if tr, ok := model.DefaultLegend[ch]; ok {
				g.Set(x, y, tr)
			} else if other == nil || !other(x, y, ch) {
				return g, fmt.Errorf("unknown map character %q", ch)
			}
		}
	}
	return g, nil
}

// tok describes a token compactly: name, position, size, side, speeds "land=25 fly=30".
type tok struct {
	name   string
	x, y   int
	size   model.Size
	side   string
	speeds string
	reach  int // 0: from the table; -1: explicitly 0 ft
	long   bool
	rw     bool
	conds  []string
}

func (tk tok) token() model.Token {
	t := model.Token{Name: tk.name, X: tk.x, Y: tk.y, Size: tk.size, Side: tk.side, Long: tk.long, ReachWeapon: tk.rw, Conditions: tk.conds}
	if t.Size == 0 {
		t.Size = model.Medium
	}
	if tk.speeds != "" {
		t.Speeds = map[string]int{}
		for _, f := range strings.Fields(tk.speeds) {
			k, v, _ := strings.Cut(f, "=")
			n, _ := strconv.Atoi(v)
			t.Speeds[k] = n
		}
	}
	if tk.reach != 0 {
		r := max(tk.reach, 0)
		t.Reach = &r
	}
	return t
}

func withTokens(e *model.Encounter, toks ...tok) *model.Encounter {
	for _, tk := range toks {
		e.Tokens = append(e.Tokens, tk.token())
	}
	return e
}

// The tests' one ASCII map format: one row per map row, one field per
// square, fields separated by single spaces (a row of one-character fields
// may be written without them; see normRows). asciiRows prints it: the
// field cell gives, else the first letter of a token over its space, else
// the terrain's character in model.DefaultLegend ("?" for a mix it lacks).
// asciiMap aligns the columns for a failure message.

func asciiRows(e *model.Encounter, cell func(x, y int) (string, bool)) []string {
	rev := map[model.Trait]rune{}
	for r, t := range model.DefaultLegend {
		rev[t] = r
	}
	rows := make([]string, e.Grid.H)
	for y := range rows {
		f := make([]string, e.Grid.W)
		for x := range f {
			if cell != nil {
				if v, ok := cell(x, y); ok {
					f[x] = v
					continue
				}
			}
			f[x] = "?"
			if r, ok := rev[e.Grid.At(x, y)]; ok {
				f[x] = string(r)
			}
			for i := range e.Tokens {
				t := &e.Tokens[i]
				k := e.Space(t)
				if x >= t.X && x < t.X+k && y >= t.Y && y < t.Y+k {
					f[x] = string(t.Name[0])
				}
			}
		}
		rows[y] = strings.Join(f, " ")
	}
	return rows
}

// asciiMap prints rows with their columns aligned, one line each.
func asciiMap(rows []string) string {
	w := 0
	for _, r := range rows {
		for _, f := range strings.Fields(r) {
			w = max(w, len(f))
		}
	}
	var b strings.Builder
	for _, r := range rows {
		for _, f := range strings.Fields(r) {
			fmt.Fprintf(&b, "%*s", w+1, f)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// normRows writes rows in the one format: fields separated by one space; a
// row without spaces is a row of one-character fields.
func normRows(rows []string) []string {
	out := make([]string, len(rows))
	for i, r := range rows {
		f := strings.Fields(r)
		if len(f) == 1 {
			f = strings.Split(r, "")
		}
		out[i] = strings.Join(f, " ")
	}
	return out
}

// squareAt indexes squares by position.
func squareAt(sq []Square) map[[2]int]Square {
	at := map[[2]int]Square{}
	for _, s := range sq {
		at[[2]int{s.X, s.Y}] = s
	}
	return at
}

// costField is a listed square's field: its cost, and "/actions" above 1.
func costField(s Square) string {
	v := strconv.Itoa(s.Cost)
	if s.Actions > 1 {
		v += "/" + strconv.Itoa(s.Actions)
	}
	return v
}

// reachMap prints reach results over the map: cost (and "/actions" when
// above 1) where listed, "@" at the token, terrain and tokens elsewhere.
func reachMap(e *model.Encounter, tokIdx int, sq []Square) string {
	at := squareAt(sq)
	return asciiMap(asciiRows(e, func(x, y int) (string, bool) {
		if s, ok := at[[2]int{x, y}]; ok {
			return costField(s), true
		}
		if tokIdx >= 0 && x == e.Tokens[tokIdx].X && y == e.Tokens[tokIdx].Y {
			return "@", true
		}
		return "", false
	}))
}

// squareList lists the squares of a map of them, in no order.
func squareList(m map[[2]int]Square) []Square {
	var out []Square
	for _, s := range m {
		out = append(out, s)
	}
	return out
}

func costAt(sq []Square, x, y int) (Square, bool) {
	for _, s := range sq {
		if s.X == x && s.Y == y {
			return s, true
		}
	}
	return Square{}, false
}

func mustEngine(t testing.TB, rs model.Ruleset) Engine {
	t.Helper()
	en, err := For(rs)
	if err != nil {
		t.Fatal(err)
	}
	return en
}

// want is an expected square: cost in feet and actions (0 = unreachable).
type want struct {
	x, y, cost, actions int
}

func checkReach(t *testing.T, e *model.Encounter, q MoveQuery, wants []want) []Square {
	t.Helper()
	en := mustEngine(t, e.Ruleset)
	sq, err := en.Reach(nil, e, q)
	if err != nil {
		t.Fatalf("Reach: %v", err)
	}
	bad := false
	for _, w := range wants {
		got, ok := costAt(sq, w.x, w.y)
		switch {
		case w.actions == 0 && ok:
			t.Errorf("(%d,%d) listed with cost %d in %d actions, want unreachable", w.x, w.y, got.Cost, got.Actions)
			bad = true
		case w.actions != 0 && !ok:
			t.Errorf("(%d,%d) unreachable, want cost %d in %d actions", w.x, w.y, w.cost, w.actions)
			bad = true
		case w.actions != 0 && (got.Cost != w.cost || got.Actions != w.actions):
			t.Errorf("(%d,%d) cost %d in %d actions, want %d in %d", w.x, w.y, got.Cost, got.Actions, w.cost, w.actions)
			bad = true
		}
	}
	if bad {
		t.Logf("reach:\n%s", reachMap(e, q.Token, sq))
	}
	return sq
}

// walk applies a sequence of directions with the engine's step rule and
// returns each step's cost in feet (-1 for a refused step).
func walk(e *model.Encounter, q MoveQuery, k kind, dirs ...model.Facing) []int {
	var m mover
	if _, err := m.prepare(k, e, q); err != nil {
		panic(err)
	}
	x, y := e.Tokens[q.Token].X, e.Tokens[q.Token].Y
	var p uint8
	var out []int
	for _, d := range dirs {
		_, lvl, _, _, ok := m.try(x, y, int(d))
		if !ok {
			out = append(out, -1)
			continue
		}
		diag := model.Dir[d][0] != 0 && model.Dir[d][1] != 0
		w, q := stepCost(k, diag, p, lvl)
		p = q
		out = append(out, int(w)*m.feet)
		x, y = x+model.Dir[d][0], y+model.Dir[d][1]
	}
	return out
}

// minQueue is the tests' one priority queue (container/heap ordered by
// less), for the slow references' plain Dijkstras.
type minQueue[T any] struct {
	items []T
	less  func(a, b T) bool
}

func newMinQueue[T any](less func(a, b T) bool, items ...T) *minQueue[T] {
	q := &minQueue[T]{items: items, less: less}
	heap.Init(q)
	return q
}

func (q *minQueue[T]) Len() int           { return len(q.items) }
func (q *minQueue[T]) Less(i, j int) bool { return q.less(q.items[i], q.items[j]) }
func (q *minQueue[T]) Swap(i, j int)      { q.items[i], q.items[j] = q.items[j], q.items[i] }
func (q *minQueue[T]) Push(x any)         { q.items = append(q.items, x.(T)) }
func (q *minQueue[T]) Pop() any {
	it := q.items[len(q.items)-1]
	q.items = q.items[:len(q.items)-1]
	return it
}
func (q *minQueue[T]) push(x T) { heap.Push(q, x) }
func (q *minQueue[T]) pop() T   { return heap.Pop(q).(T) }
