package rules

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"encounterplanner/model"
)

// Path tie-breaks of the points and starship rulesets by enumeration:
// least cost, then fewest hazardous, narrow and uneven squares entered,
// then the first move in neighbour order N ... NW at each step (a starship
// turn counts as the direction of the facing it ends with). Consecutive
// 45-degree turns print as one turn step.

type convMove struct {
	turn bool
	d    int // step direction or new facing
	x, y int
	cost int
}

type convKeyed struct {
	cost, haz int
	moves     []convMove
}

// convGrid is a token's k x k space on the map, for the route walks.
type convGrid struct {
	e    *model.Encounter
	tok  int
	k    int
	W, H int
}

func (g convGrid) fits(x, y int) bool { return x >= 0 && y >= 0 && x+g.k <= g.W && y+g.k <= g.H }

// entered lists the squares a step of the space from (x, y) to (nx, ny)
// newly enters.
func (g convGrid) entered(x, y, nx, ny int) [][2]int {
	var out [][2]int
	for yy := ny; yy < ny+g.k; yy++ {
		for xx := nx; xx < nx+g.k; xx++ {
			if !(xx >= x && xx < x+g.k && yy >= y && yy < y+g.k) {
				out = append(out, [2]int{xx, yy})
			}
		}
	}
	return out
}

// others reports the other tokens whose space holds (x, y).
func (g convGrid) others(x, y int) []*model.Token {
	var out []*model.Token
	for j := range g.e.Tokens {
		o := &g.e.Tokens[j]
		ko := g.e.Space(o)
		if j != g.tok && x >= o.X && x < o.X+ko && y >= o.Y && y < o.Y+ko {
			out = append(out, o)
		}
	}
	return out
}

func (a convKeyed) less(b convKeyed) bool {
	if a.cost != b.cost {
		return a.cost < b.cost
	}
	if a.haz != b.haz {
		return a.haz < b.haz
	}
	for i := 0; i < len(a.moves) && i < len(b.moves); i++ {
		if a.moves[i].d != b.moves[i].d {
			return a.moves[i].d < b.moves[i].d
		}
	}
	return len(a.moves) < len(b.moves)
}

// printMoves prints moves as pathString prints a path's steps, merging
// consecutive turns.
func printMoves(ms []convMove) string {
	var b strings.Builder
	total := 0
	for i := 0; i < len(ms); i++ {
		m := ms[i]
		total += m.cost
		if m.turn {
			c := m.cost
			for i+1 < len(ms) && ms[i+1].turn {
				i++
				c += ms[i].cost
				total += ms[i].cost
				m = ms[i]
			}
			fmt.Fprintf(&b, " turn %s %d/%d", model.Facing(m.d), c, total)
			continue
		}
		fmt.Fprintf(&b, " (%d,%d) %d/%d", m.x, m.y, m.cost, total)
	}
	return b.String()
}

// stepsOnly prints a path without flags.
func stepsOnly(p Path) string {
	if !p.Reachable {
		return "unreachable"
	}
	var b strings.Builder
	for _, s := range p.Steps {
		if s.Turn != NoTurn {
			fmt.Fprintf(&b, " turn %s %d/%d", model.Facing(s.Turn), s.Cost, s.Total)
		} else {
			fmt.Fprintf(&b, " (%d,%d) %d/%d", s.X, s.Y, s.Cost, s.Total)
		}
	}
	return b.String()
}

func TestConvPointsPathBruteForce(t *testing.T) {
	en := mustEngine(t, model.Points)
	fails, paths := 0, 0
	for seed := int64(1); seed <= int64(randomCases(500, 500)) && fails < 3; seed++ {
		r := rand.New(rand.NewSource(seed))
		W, H := 3+r.Intn(4), 3+r.Intn(4)
		e := &model.Encounter{Name: "r", Ruleset: model.Points, Grid: convRandomTerrain(r, W, H)}
		for i := range e.Grid.Cells {
			if r.Intn(4) == 0 {
				e.Grid.Cells[i] |= []model.Trait{model.Hazardous, model.Narrow, model.Uneven}[r.Intn(3)]
			}
		}
		mv := model.Token{Name: "M", Size: model.Medium, Side: "a", Speeds: map[string]int{"land": 1 + r.Intn(4), "mobility": r.Intn(3)}}
		if r.Intn(4) == 0 {
			mv.Size = model.Large
		}
		k := e.Space(&mv)
		mv.X, mv.Y = r.Intn(W-k+1), r.Intn(H-k+1)
		for y := mv.Y; y < mv.Y+k; y++ {
			for x := mv.X; x < mv.X+k; x++ {
				e.Grid.Set(x, y, 0)
			}
		}
		e.Tokens = append(e.Tokens, mv)
		for i := r.Intn(3); i > 0; i-- {
			o := model.Token{Name: string(rune('N' + i)), Size: model.Medium, X: r.Intn(W), Y: r.Intn(H), Side: []string{"a", "b", ""}[r.Intn(3)]}
			if o.X >= mv.X && o.X < mv.X+k && o.Y >= mv.Y && o.Y < mv.Y+k {
				continue
			}
			e.Tokens = append(e.Tokens, o)
		}
		q := MoveQuery{Mode: Modes(model.Points)[r.Intn(4)], Actions: 1 + r.Intn(3)}
		want := mustPtsRef(e, q)
		// Enumerate every route within the budget; the cost of each step
		// is read from the independent reach of a one-step token.
		best := map[[2]int]convKeyed{}
		budget := mv.Speeds["land"] + (q.Actions-1)*mv.Speeds["mobility"]
		var walk func(x, y, c, h int, ms []convMove)
		walk = func(x, y, c, h int, ms []convMove) {
			if _, ok := want[[2]int{x, y}]; ok {
				kd := convKeyed{c, h, append([]convMove(nil), ms...)}
				if b, ok := best[[2]int{x, y}]; !ok || kd.less(b) {
					best[[2]int{x, y}] = kd
				}
			}
			// One step of the token moved to (x, y).
			e1 := *e
			e1.Tokens = append([]model.Token(nil), e.Tokens...)
			e1.Tokens[0].X, e1.Tokens[0].Y = x, y
			for d := 0; d < 8; d++ {
				nx, ny := x+model.Dir[d][0], y+model.Dir[d][1]
				w := convPointsStep(&e1, 0, q, d)
				if w <= 0 || c+w > budget {
					continue
				}
				hz := 0
				for yy := ny; yy < ny+k; yy++ {
					for xx := nx; xx < nx+k; xx++ {
						if !(xx >= x && xx < x+k && yy >= y && yy < y+k) && e.Grid.At(xx, yy)&(model.Hazardous|model.Narrow|model.Uneven) != 0 {
							hz++
						}
					}
				}
				walk(nx, ny, c+w, h+hz, append(ms, convMove{d: d, x: nx, y: ny, cost: w}))
			}
		}
		walk(mv.X, mv.Y, 0, 0, nil)
		for pos, b := range best {
			p, err := en.Path(e, q, pos[0], pos[1])
			if err != nil {
				t.Fatal(err)
			}
			paths++
			if got, w := stepsOnly(p), printMoves(b.moves); got != w || p.Cost != b.cost {
				fails++
				t.Errorf("seed %d, %+v: path to %v:\n got %s\nwant%s\n%s", seed, q, pos, pathString(p), w, pathMap(e, 0, p))
				break
			}
		}
	}
	t.Logf("%d paths compared", paths)
}

// convPointsStep is the cost of one step of token tok in direction d by
// the independent points reading (0: refused).
func convPointsStep(e *model.Encounter, tok int, q MoveQuery, d int) int {
	t := &e.Tokens[tok]
	g := convGrid{e, tok, e.Space(t), e.Grid.W, e.Grid.H}
	x, y := t.X, t.Y
	dx, dy := model.Dir[d][0], model.Dir[d][1]
	nx, ny := x+dx, y+dy
	if !g.fits(nx, ny) {
		return 0
	}
	blocks := func(x, y int) bool {
		if x < 0 || y < 0 || x >= g.W || y >= g.H {
			return false
		}
		if e.Grid.At(x, y)&(model.Wall|model.Obstacle) != 0 {
			return true
		}
		for _, o := range g.others(x, y) {
			if !(o.SideOrNeutral() == t.SideOrNeutral() && t.SideOrNeutral() != model.Neutral) {
				return true
			}
		}
		return false
	}
	if dx != 0 && dy != 0 {
		for _, b := range convSwept(x, y, g.k, dx, dy) {
			if blocks(b[0], b[1]) {
				return 0
			}
		}
	}
	sur := 0
	for _, sq := range g.entered(x, y, nx, ny) {
		if blocks(sq[0], sq[1]) {
			return 0
		}
		tr := e.Grid.At(sq[0], sq[1])
		if tr&model.GreaterDifficult != 0 {
			sur = 2
		} else if tr&model.Difficult != 0 {
			sur = max(sur, 1)
		}
	}
	w := 1 + sur
	if q.Mode == ModeCrawl || q.Mode == ModeClimb || q.Mode == ModeSwim {
		w++
	}
	return w
}

func TestConvShipPathBruteForce(t *testing.T) {
	en := mustEngine(t, model.Starship)
	fails, paths := 0, 0
	for seed := int64(1); seed <= int64(randomCases(400, 400)) && fails < 3; seed++ {
		r := rand.New(rand.NewSource(seed))
		W, H := 3+r.Intn(4), 3+r.Intn(4)
		e := &model.Encounter{Name: "r", Ruleset: model.Starship, Grid: convRandomTerrain(r, W, H)}
		for i := range e.Grid.Cells {
			if r.Intn(4) == 0 {
				e.Grid.Cells[i] |= []model.Trait{model.Hazardous, model.Narrow, model.Uneven}[r.Intn(3)]
			}
		}
		mv := model.Token{Name: "S", Size: model.Small, Facing: model.Facing(r.Intn(8)),
			Speeds: map[string]int{"fly": 50 * (1 + r.Intn(5)), "turn": []int{50, 100, 20}[r.Intn(3)]}}
		if r.Intn(4) == 0 {
			mv.Size = model.Medium
		}
		k := e.Space(&mv)
		mv.X, mv.Y = r.Intn(W-k+1), r.Intn(H-k+1)
		for y := mv.Y; y < mv.Y+k; y++ {
			for x := mv.X; x < mv.X+k; x++ {
				e.Grid.Set(x, y, 0)
			}
		}
		e.Tokens = append(e.Tokens, mv)
		if r.Intn(2) == 0 {
			o := model.Token{Name: "O", Size: []model.Size{model.Tiny, model.Small, model.Medium}[r.Intn(3)], X: r.Intn(W - 1), Y: r.Intn(H - 1)}
			e.Tokens = append(e.Tokens, o)
		}
		want := shipRefReach(e, 0)
		fly, turn := mv.Speeds["fly"], mv.Speeds["turn"]
		best := map[[2]int]convKeyed{}
		solid := func(x, y int) bool { return e.Grid.At(x, y)&(model.Wall|model.Obstacle) != 0 }
		g := convGrid{e, 0, k, W, H}
		var walk func(x, y, f, p, c, h int, ms []convMove)
		walk = func(x, y, f, p, c, h int, ms []convMove) {
			if _, ok := want[[2]int{x, y}]; ok {
				kd := convKeyed{c, h, append([]convMove(nil), ms...)}
				if b, ok := best[[2]int{x, y}]; !ok || kd.less(b) {
					best[[2]int{x, y}] = kd
				}
			}
			for _, nf := range []int{(f + 1) & 7, (f + 7) & 7} {
				// Never undo the turn just made (it only costs more).
				if n := len(ms); n > 0 && ms[n-1].turn && nf == convFacingBefore(mv, ms[:n-1]) {
					continue
				}
				if c+turn/2 <= fly {
					walk(x, y, nf, p, c+turn/2, h, append(ms, convMove{turn: true, d: nf, x: x, y: y, cost: turn / 2}))
				}
			}
			dx, dy := model.Dir[f][0], model.Dir[f][1]
			nx, ny := x+dx, y+dy
			if !g.fits(nx, ny) {
				return
			}
			w, np := e.Feet(), p
			if dx != 0 && dy != 0 {
				for _, b := range convSwept(x, y, k, dx, dy) {
					if solid(b[0], b[1]) {
						return
					}
				}
				if p == 1 {
					w *= 2
				}
				np = 1 - p
			}
			dbl, hz := false, 0
			for _, sq := range g.entered(x, y, nx, ny) {
				if solid(sq[0], sq[1]) {
					return
				}
				tr := e.Grid.At(sq[0], sq[1])
				if tr&(model.Difficult|model.GreaterDifficult) != 0 || len(g.others(sq[0], sq[1])) > 0 {
					dbl = true
				}
				if tr&(model.Hazardous|model.Narrow|model.Uneven) != 0 {
					hz++
				}
			}
			if dbl {
				w *= 2
			}
			if c+w <= fly {
				walk(nx, ny, f, np, c+w, h+hz, append(ms, convMove{d: f, x: nx, y: ny, cost: w}))
			}
		}
		walk(mv.X, mv.Y, int(mv.Facing), 0, 0, 0, nil)
		for pos, b := range best {
			p, err := en.Path(e, MoveQuery{}, pos[0], pos[1])
			if err != nil {
				t.Fatal(err)
			}
			paths++
			if got, w := stepsOnly(p), printMoves(b.moves); got != w || p.Cost != b.cost {
				fails++
				t.Errorf("seed %d: ship %+v: path to %v:\n got %s\nwant%s\n%s", seed, mv, pos, pathString(p), w, pathMap(e, 0, p))
				break
			}
		}
	}
	t.Logf("%d paths compared", paths)
}

// convFacingBefore is the ship's facing after the moves ms.
func convFacingBefore(mv model.Token, ms []convMove) int {
	f := int(mv.Facing)
	for _, m := range ms {
		if m.turn {
			f = m.d
		}
	}
	return f
}
