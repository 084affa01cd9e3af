package rules

import (
	"fmt"
	"math/big"
	"math/rand"
	"sort"
	"testing"

	"encounterplanner/model"
)

// An independent reading of the cover and flanking conventions, in exact
// rational arithmetic, compared with the engines on random maps.
//
// "Passes through" a set of squares: the segment is cut where it crosses a
// grid line; the middle of each piece lies inside one square (the piece is
// inside it), or on a grid line (the piece runs along it: inside the area
// only on a seam, where the squares on both sides are in the set). A piece
// of zero length is only ever a point where the segment crosses a grid line,
// whose neighbouring pieces decide. A segment that is a single point is
// inside when every square around the point (one, two or four) is in the
// set.

func convRat(n int64) *big.Rat { return new(big.Rat).SetInt64(n) }

// convHits reports whether the segment between P and Q (square units, as
// rationals) passes through the squares of in.
func convHits(px, py, qx, qy *big.Rat, in func(i, j int) bool) bool {
	flo := func(r *big.Rat) int {
		q := new(big.Int).Div(r.Num(), r.Denom()) // Euclidean: floor for a positive denominator
		return int(q.Int64())
	}
	isInt := func(r *big.Rat) bool { return r.IsInt() }
	pointInside := func(x, y *big.Rat) bool {
		i, j := flo(x), flo(y)
		switch {
		case !isInt(x) && !isInt(y):
			return in(i, j)
		case isInt(x) && !isInt(y):
			return in(i-1, j) && in(i, j)
		case !isInt(x) && isInt(y):
			return in(i, j-1) && in(i, j)
		}
		return in(i-1, j-1) && in(i, j-1) && in(i-1, j) && in(i, j)
	}
	dx, dy := new(big.Rat).Sub(qx, px), new(big.Rat).Sub(qy, py)
	if dx.Sign() == 0 && dy.Sign() == 0 {
		return pointInside(px, py)
	}
	// Parameters where x or y is a whole number.
	ts := []*big.Rat{convRat(0), convRat(1)}
	add := func(p, d *big.Rat) {
		if d.Sign() == 0 {
			return
		}
		a, b := p, new(big.Rat).Add(p, d)
		lo, hi := a, b
		if lo.Cmp(hi) > 0 {
			lo, hi = hi, lo
		}
		for v := flo(lo); v <= flo(hi)+1; v++ {
			t := new(big.Rat).Quo(new(big.Rat).Sub(convRat(int64(v)), p), d)
			if t.Sign() > 0 && t.Cmp(convRat(1)) < 0 {
				ts = append(ts, t)
			}
		}
	}
	add(px, dx)
	add(py, dy)
	sort.Slice(ts, func(i, j int) bool { return ts[i].Cmp(ts[j]) < 0 })
	for i := 0; i+1 < len(ts); i++ {
		if ts[i].Cmp(ts[i+1]) == 0 {
			continue
		}
		m := new(big.Rat).Add(ts[i], ts[i+1])
		m.Quo(m, convRat(2))
		x := new(big.Rat).Add(px, new(big.Rat).Mul(dx, m))
		y := new(big.Rat).Add(py, new(big.Rat).Mul(dy, m))
		if pointInside(x, y) {
			return true
		}
	}
	return false
}

func convCentre(x, y, k int) (*big.Rat, *big.Rat) {
	return big.NewRat(int64(2*x+k), 2), big.NewRat(int64(2*y+k), 2)
}

func convCorners(x, y, k int) [][2]*big.Rat {
	var out [][2]*big.Rat
	for _, c := range [][2]int{{x, y}, {x + k, y}, {x, y + k}, {x + k, y + k}} {
		out = append(out, [2]*big.Rat{convRat(int64(c[0])), convRat(int64(c[1]))})
	}
	return out
}

func convRefCover(e *model.Encounter, from, to int) Cover {
	A, B := &e.Tokens[from], &e.Tokens[to]
	ak, bk := e.Space(A), e.Space(B)
	terrain := func(mask model.Trait) func(i, j int) bool {
		return func(i, j int) bool { return e.Grid.In(i, j) && e.Grid.At(i, j)&mask != 0 }
	}
	walls, solid := terrain(model.Wall), terrain(model.Wall|model.Obstacle)
	box := func(o *model.Token) func(i, j int) bool {
		k := e.Space(o)
		return func(i, j int) bool { return i >= o.X && i < o.X+k && j >= o.Y && j < o.Y+k }
	}
	blocked := true
	for _, p := range convCorners(A.X, A.Y, ak) {
		for _, q := range convCorners(B.X, B.Y, bk) {
			if !convHits(p[0], p[1], q[0], q[1], walls) {
				blocked = false
			}
		}
	}
	if blocked {
		return CoverBlocked
	}
	creature := func(px, py, qx, qy *big.Rat, sizeRule bool) Cover {
		c := CoverNone
		for i := range e.Tokens {
			o := &e.Tokens[i]
			// a dead creature gives no cover (rules-conventions.md)
			if i == from || i == to || o.Size <= model.Tiny || o.Has(model.CondDead) || !convHits(px, py, qx, qy, box(o)) {
				continue
			}
			if sizeRule && int(o.Size)-int(A.Size) >= 2 && int(o.Size)-int(B.Size) >= 2 {
				c = CoverStandard
			} else if c < CoverLesser {
				c = CoverLesser
			}
		}
		return c
	}
	if e.Ruleset == model.PF1E {
		best := CoverStandard
		for _, p := range convCorners(A.X, A.Y, ak) {
			c := CoverNone
			for _, q := range convCorners(B.X, B.Y, bk) {
				if convHits(p[0], p[1], q[0], q[1], solid) {
					c = CoverStandard
				} else {
					c = max(c, creature(p[0], p[1], q[0], q[1], false))
				}
			}
			best = min(best, c)
		}
		return best
	}
	px, py := convCentre(A.X, A.Y, ak)
	qx, qy := convCentre(B.X, B.Y, bk)
	c := CoverNone
	if convHits(px, py, qx, qy, solid) {
		c = CoverStandard
	} else {
		c = creature(px, py, qx, qy, true)
	}
	if c == CoverStandard && B.Has(model.CondTakenCover) {
		c = CoverGreater
	}
	return c
}

// convTouches reports whether the segment P-Q meets the closed side from S
// to T (axis-parallel), exactly.
func convTouches(px, py, qx, qy, sx, sy, tx, ty *big.Rat) bool {
	vertical := sx.Cmp(tx) == 0
	if !vertical {
		// swap axes so the side is vertical
		px, py, qx, qy, sx, sy, tx, ty = py, px, qy, qx, sy, sx, ty, tx
	}
	x := sx
	lo, hi := sy, ty
	if lo.Cmp(hi) > 0 {
		lo, hi = hi, lo
	}
	dx := new(big.Rat).Sub(qx, px)
	if dx.Sign() == 0 {
		if px.Cmp(x) != 0 {
			return false
		}
		a, b := py, qy
		if a.Cmp(b) > 0 {
			a, b = b, a
		}
		return a.Cmp(hi) <= 0 && b.Cmp(lo) >= 0
	}
	t := new(big.Rat).Quo(new(big.Rat).Sub(x, px), dx)
	if t.Sign() < 0 || t.Cmp(convRat(1)) > 0 {
		return false
	}
	y := new(big.Rat).Add(py, new(big.Rat).Mul(new(big.Rat).Sub(qy, py), t))
	return y.Cmp(lo) >= 0 && y.Cmp(hi) <= 0
}

func convRefFlanks(e *model.Encounter) []string {
	pf1e := e.Ruleset == model.PF1E
	able := func(t *model.Token) bool {
		return t.SideOrNeutral() != model.Neutral && !t.Has(model.CondUnconscious) && !t.Has(model.CondDead) && !t.Has(model.CondCannotAct) && !t.Has(model.CondNoMelee)
	}
	reachOf := func(t *model.Token) int {
		if t.Reach != nil {
			return *t.Reach
		}
		tall := map[model.Size]int{model.Small: 5, model.Medium: 5, model.Large: 10, model.Huge: 15, model.Gargantuan: 20, model.Colossal: 30}
		long := map[model.Size]int{model.Small: 5, model.Medium: 5, model.Large: 5, model.Huge: 10, model.Gargantuan: 15, model.Colossal: 20}
		if t.Long {
			return long[t.Size]
		}
		return tall[t.Size]
	}
	within := func(gx, gy, r int) bool {
		return 5*(max(gx, gy)+min(gx, gy)/2) <= r || r >= 10 && gx <= 2 && gy <= 2
	}
	g := &e.Grid
	wall := func(i, j int) bool {
		return i >= 0 && j >= 0 && i < g.W && j < g.H && g.At(i, j).BlocksLikeWall()
	}
	// Line of effect for reach ("Reach needs line of effect"): from some
	// square of a's space within rr of square (x, y), the segment between
	// the two centres passes through no wall square.
	seen := func(a *model.Token, x, y, rr int) bool {
		ka := e.Space(a)
		qx, qy := convCentre(x, y, 1)
		for sy := a.Y; sy < a.Y+ka; sy++ {
			for sx := a.X; sx < a.X+ka; sx++ {
				px, py := convCentre(sx, sy, 1)
				if within(max(x-sx, sx-x), max(y-sy, sy-y), rr) && !convHits(px, py, qx, qy, wall) {
					return true
				}
			}
		}
		return false
	}
	// "Within reach" (sf2e) and "threatens the foe's space" (pf1e): some
	// square of the foe's space is reached, with line of effect; for a pf1e
	// reach weapon, which threatens a ring, that need not be the nearest
	// one.
	reaches := func(a, f *model.Token) bool {
		ka, kf := e.Space(a), e.Space(f)
		r := reachOf(a)
		for y := f.Y; y < f.Y+kf; y++ {
			for x := f.X; x < f.X+kf; x++ {
				gx := max(0, x-(a.X+ka-1), a.X-x)
				gy := max(0, y-(a.Y+ka-1), a.Y-y)
				if pf1e && a.ReachWeapon {
					if within(gx, gy, 2*r) && !within(gx, gy, r) && seen(a, x, y, 2*r) {
						return true
					}
				} else if within(gx, gy, r) && seen(a, x, y, r) {
					return true
				}
			}
		}
		return false
	}
	var out []string
	for f := range e.Tokens {
		F := &e.Tokens[f]
		kf := e.Space(F)
		l, tp := convRat(int64(F.X)), convRat(int64(F.Y))
		r, bt := convRat(int64(F.X+kf)), convRat(int64(F.Y+kf))
		for a := range e.Tokens {
			for b := range e.Tokens {
				A, B := &e.Tokens[a], &e.Tokens[b]
				if a == f || b == f || a == b || A.Name > B.Name || !able(A) || !able(B) ||
					A.SideOrNeutral() != B.SideOrNeutral() || F.SideOrNeutral() == model.Neutral || F.SideOrNeutral() == A.SideOrNeutral() ||
					!reaches(A, F) || !reaches(B, F) {
					continue
				}
				ax, ay := convCentre(A.X, A.Y, e.Space(A))
				bx, by := convCentre(B.X, B.Y, e.Space(B))
				lr := convTouches(ax, ay, bx, by, l, tp, l, bt) && convTouches(ax, ay, bx, by, r, tp, r, bt)
				tb := convTouches(ax, ay, bx, by, l, tp, r, tp) && convTouches(ax, ay, bx, by, l, bt, r, bt)
				if lr || tb {
					out = append(out, fmt.Sprintf("%s: %s+%s", F.Name, A.Name, B.Name))
				}
			}
		}
	}
	sort.Strings(out)
	return out
}

func TestConvCoverAndFlankingIndependentReference(t *testing.T) {
	for _, rs := range []model.Ruleset{model.SF2E, model.PF1E} {
		t.Run(string(rs), func(t *testing.T) {
			en := mustEngine(t, rs)
			fails := 0
			n := int64(randomCases(120, 100)) // exact rationals are slow under -race; make fuzz tries 20 times as many
			hist := map[Cover]int{}
			flanks := 0
			defer func() { t.Logf("cover answers %v, flanking pairs %d", hist, flanks) }()
			for seed := int64(1); seed <= n && fails < 3; seed++ {
				r := rand.New(rand.NewSource(seed))
				W, H := 2+r.Intn(7), 2+r.Intn(7)
				g := model.NewGrid(W, H)
				pool := []model.Trait{0, 0, 0, 0, model.Wall, model.Wall, model.Obstacle}
				for i := range g.Cells {
					g.Cells[i] = pool[r.Intn(len(pool))]
				}
				e := &model.Encounter{Name: "r", Ruleset: rs, Grid: g}
				convRandomTokens(r, e, 2+r.Intn(4))
				for a := range e.Tokens {
					for b := range e.Tokens {
						if a == b {
							continue
						}
						got, err := en.Cover(e, a, b)
						if err != nil {
							t.Fatal(err)
						}
						hist[got]++
						if want := convRefCover(e, a, b); got != want {
							fails++
							t.Errorf("seed %d: cover of %s from %s = %v, want %v\n%s", seed, e.Tokens[b].Name, e.Tokens[a].Name, got, want, tokenMap(e))
						}
					}
				}
				if !convCheckFlanks(t, en, e, seed, &flanks) {
					fails++
				}
			}
			// Flanking alone: crowded open maps.
			for seed := int64(1); seed <= int64(randomCases(1500, 1500)) && fails < 3; seed++ {
				r := rand.New(rand.NewSource(seed))
				W, H := 3+r.Intn(5), 3+r.Intn(5)
				e := &model.Encounter{Name: "r", Ruleset: rs, Grid: model.NewGrid(W, H)}
				convRandomTokens(r, e, 3+r.Intn(5))
				if !convCheckFlanks(t, en, e, seed, &flanks) {
					fails++
				}
			}
		})
	}
}

func convRandomTokens(r *rand.Rand, e *model.Encounter, n int) {
	W, H := e.Grid.W, e.Grid.H
	sizes := []model.Size{model.Tiny, model.Small, model.Medium, model.Medium, model.Large, model.Huge, model.Gargantuan}
	conds := [][]string{nil, nil, nil, {model.CondTakenCover}, {model.CondUnconscious}, {model.CondNoMelee}, {model.CondCannotAct}, {model.CondDead}}
	for i := n; i > 0; i-- {
		o := model.Token{Name: string(rune('A' + i)), Size: sizes[r.Intn(len(sizes))], Side: []string{"a", "b", "", "a", "b"}[r.Intn(5)],
			Conditions: conds[r.Intn(len(conds))], ReachWeapon: r.Intn(4) == 0, Long: r.Intn(4) == 0}
		if r.Intn(5) == 0 {
			v := []int{0, 5, 10, 15, 20}[r.Intn(5)]
			o.Reach = &v
		}
		k := e.Space(&o)
		if k > W || k > H {
			continue
		}
		o.X, o.Y = r.Intn(W-k+1), r.Intn(H-k+1)
		e.Tokens = append(e.Tokens, o)
	}
}

func convCheckFlanks(t *testing.T, en Engine, e *model.Encounter, seed int64, count *int) bool {
	t.Helper()
	fl, err := en.Flanking(e)
	if err != nil {
		t.Fatal(err)
	}
	got := []string{}
	for _, f := range fl {
		got = append(got, fmt.Sprintf("%s: %s+%s", e.Tokens[f.Target].Name, e.Tokens[f.By[0]].Name, e.Tokens[f.By[1]].Name))
	}
	sort.Strings(got)
	*count += len(got)
	if want := convRefFlanks(e); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("seed %d: flanking %v, want %v\n%s", seed, got, want, tokenMap(e))
		return false
	}
	return true
}
