package rules

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"encounterplanner/model"
)

// Reach, flanking and cover in three dimensions, sentence by sentence
// (rules-conventions.md "Elevation"), and cross-checked against slow,
// obviously right references on random stacks.

func flankNames(e *model.Encounter, fl []Flank) []string {
	out := []string{}
	for _, f := range fl {
		out = append(out, e.Tokens[f.Target].Name+":"+e.Tokens[f.By[0]].Name+"+"+e.Tokens[f.By[1]].Name)
	}
	return out
}

func mustFlanks(t *testing.T, e *model.Encounter) []string {
	t.Helper()
	fl, err := mustEngine(t, e.Ruleset).Flanking(e)
	if err != nil {
		t.Fatal(err)
	}
	return flankNames(e, fl)
}

func mustCover(t *testing.T, e *model.Encounter, from, to int) Cover {
	t.Helper()
	c, err := mustEngine(t, e.Ruleset).Cover(e, from, to)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestElevationReach(t *testing.T) {
	for _, rs := range []model.Ruleset{model.SF2E, model.PF1E} {
		t.Run(string(rs), func(t *testing.T) {
			e := withTokens(mapOf(t, rs, ".....", ".....", "....."),
				tok{name: "Ogre", x: 0, y: 0, size: model.Large, side: "foe"},
				tok{name: "Navasi", x: 2, y: 0, side: "pc", speeds: "fly=30"})
			ogre, nav := &e.Tokens[0], &e.Tokens[1]
			reachesNavasi := func() bool {
				return reaches(kindOf(rs), e, ogre, nav.X, nav.Y, 1, tokenGap(e, ogre, nav), nil)
			}
			// "a 10-ft-reach Large creature at elevation 0 reaches a Medium
			// flyer at 15 ft above an adjacent square": the vertical gap
			// from the Ogre's top layer (5-10 ft) to hers (15-20 ft) is 2
			// layers, the horizontal 1 square: 2 + floor(1/2) = 2 squares.
			nav.Elevation = 15
			if !reachesNavasi() {
				t.Error("the Large Ogre (reach 10 ft) does not reach Navasi 15 ft above an adjacent square")
			}
			if got := ThreatenedAt(nil, e, 0, 15, 1); !slices.Contains(got, Point{2, 0}) {
				t.Errorf("ThreatenedAt 15 ft = %v, want (2, 0) among them", got)
			}
			// At 20 ft the gap is 3 layers: 15 ft, and the 10-ft exception
			// needs every gap at most 2.
			nav.Elevation = 20
			if reachesNavasi() {
				t.Error("the Ogre reaches Navasi 20 ft above an adjacent square (15 ft away)")
			}
			if got := ThreatenedAt(nil, e, 0, 20, 1); slices.Contains(got, Point{2, 0}) {
				t.Errorf("ThreatenedAt 20 ft = %v, want no (2, 0)", got)
			}
			// A creature is reached when any cube of its box is: with the
			// Ogre 15 ft up (layers 3-4), a one-layer box on the ground is 3
			// layers below it, a two-layer one (a Large creature) only 2.
			ogre.Elevation = 15
			if got := ThreatenedAt(nil, e, 0, 0, 1); slices.Contains(got, Point{2, 0}) {
				t.Errorf("the Ogre 15 ft up, a box on the ground 1 layer tall: %v, want no (2, 0)", got)
			}
			if got := ThreatenedAt(nil, e, 0, 0, 2); !slices.Contains(got, Point{2, 0}) {
				t.Errorf("the Ogre 15 ft up, a box on the ground 2 layers tall: %v, want (2, 0) among them", got)
			}
			ogre.Elevation = 0
			// The 10-ft exception in three dimensions: two squares
			// diagonally and two layers up is still within 10 ft.
			nav.X, nav.Y, nav.Elevation = 3, 3, 15
			if d := TokenDistance(e, 0, 1); d.Feet != 20 || !reachesNavasi() {
				t.Errorf("distance %d ft, reaches %v: want 20 ft (3 + floor(2 / 2) squares) and reached by the exception", d.Feet, reachesNavasi())
			}
			// A Medium creature's 5 ft does not reach one layer up and one
			// square over diagonally... it does: max(1, 1) + 0 = 1 square.
			e.Tokens = append(e.Tokens, tok{name: "Dae", x: 1, y: 1, side: "foe"}.token())
			nav.X, nav.Y, nav.Elevation = 2, 2, 5
			if !reaches(kindOf(rs), e, &e.Tokens[2], 2, 2, 1, tokenGap(e, &e.Tokens[2], nav), nil) {
				t.Error("Dae does not reach Navasi one square and one layer away")
			}
			nav.Elevation = 10
			if reaches(kindOf(rs), e, &e.Tokens[2], 2, 2, 1, tokenGap(e, &e.Tokens[2], nav), nil) {
				t.Error("Dae reaches Navasi two layers up (10 ft)")
			}
		})
	}
}

// The reaction flag of a path follows the mover's elevation: a flyer 20 ft
// up leaving the Ogre's side provokes nothing.
func TestElevationReactionFlag(t *testing.T) {
	e := withTokens(mapOf(t, model.SF2E, "....", "....", "...."),
		tok{name: "Navasi", x: 1, y: 0, side: "pc", speeds: "land=25"},
		tok{name: "Ogre", x: 0, y: 0, side: "foe"})
	q := MoveQuery{Token: 0}
	p, err := mustEngine(t, model.SF2E).Path(e, q, 3, 0)
	if err != nil || len(p.Steps) == 0 || p.Steps[0].Flags&FlagReaction == 0 {
		t.Fatalf("on the ground: %+v %v, want the first step flagged", p, err)
	}
	e.Tokens[0].Elevation = 10
	p, err = mustEngine(t, model.SF2E).Path(e, q, 3, 0)
	if err != nil || len(p.Steps) == 0 || p.Steps[0].Flags&FlagReaction != 0 {
		t.Fatalf("10 ft up: %+v %v, want no reaction", p, err)
	}
}

// The seed's cube: "if Dae is positioned underneath a flying cloud ray while
// Navasi is flying above the cloud ray using her ultralight wings, they
// might be flanking it even if they're piled in an odd stack on your battle
// grid" (sf2e Player Core p. 417).
func TestElevationCubeFlanking(t *testing.T) {
	for _, rs := range []model.Ruleset{model.SF2E, model.PF1E} {
		t.Run(string(rs), func(t *testing.T) {
			e := withTokens(mapOf(t, rs, "....", "....", "....", "...."),
				tok{name: "Cloud ray", x: 1, y: 1, side: "foe", size: model.Large},
				tok{name: "Dae", x: 1, y: 1, side: "pc"},
				tok{name: "Navasi", x: 2, y: 2, side: "pc", speeds: "fly=30"})
			e.Tokens[0].Elevation = 5  // layers 1-2
			e.Tokens[2].Elevation = 15 // layer 3, straight over the ray
			if got, want := mustFlanks(t, e), []string{"Cloud ray:Dae+Navasi"}; !reflect.DeepEqual(got, want) {
				t.Fatalf("got %v, want %v", got, want)
			}
			// Dae and Navasi on the same square, one under and one over a
			// Medium ray: the vertical segment crosses its bottom and top.
			e.Tokens[0].Size, e.Tokens[2].X, e.Tokens[2].Y, e.Tokens[2].Elevation = model.Medium, 1, 1, 10
			if got, want := mustFlanks(t, e), []string{"Cloud ray:Dae+Navasi"}; !reflect.DeepEqual(got, want) {
				t.Fatalf("stacked: got %v, want %v", got, want)
			}
			// Navasi beside the ray at its height, Dae below it: the
			// segment leaves through a side, not the top.
			e.Tokens[2].X, e.Tokens[2].Elevation = 2, 5
			if got := mustFlanks(t, e); len(got) != 0 {
				t.Fatalf("beside and below: got %v, want none", got)
			}
		})
	}
}

// Tokens on one level keep the 2-D answers: the whole map's tokens lifted by
// the same height flank as on the ground, and so does cover on a map without
// obstacles (obstacles fill layer 0 only).
func TestElevationOneLevelKeeps2D(t *testing.T) {
	for seed := uint64(0); seed < uint64(randomCases(150, 150)); seed++ {
		rng := rand.New(rand.NewPCG(seed, 16))
		rs := []model.Ruleset{model.SF2E, model.PF1E}[seed%2]
		e := randCrowd(rng, rs, 2+rng.IntN(14), 2+rng.IntN(14), 2+rng.IntN(20))
		k := kindOf(rs)
		flat := mustFlank(t, k, e)
		var covers []Cover
		for i := range e.Tokens {
			for j := range e.Tokens {
				if i != j {
					c, _ := mustEngine(t, rs).Cover(e, i, j)
					covers = append(covers, c)
					// The 3-D cover on the flat map is the 2-D one.
					if c3 := cover3D(k, e, i, j); c3 != c {
						t.Fatalf("seed %d: cover3D(%d, %d) = %v, 2-D %v\n%s", seed, i, j, c3, c, tokenMap(e))
					}
				}
			}
		}
		lift := 5 * (1 + rng.IntN(6))
		for i := range e.Tokens {
			e.Tokens[i].Elevation = lift
		}
		if got := mustFlank(t, k, e); !reflect.DeepEqual(got, flat) {
			t.Fatalf("seed %d: lifted %d ft: flanks %v, on the ground %v", seed, lift, got, flat)
		}
		n := 0
		for i := range e.Tokens {
			for j := range e.Tokens {
				if i != j {
					if c, _ := mustEngine(t, rs).Cover(e, i, j); c != covers[n] {
						t.Fatalf("seed %d: lifted %d ft: cover(%d, %d) %v, on the ground %v", seed, lift, i, j, c, covers[n])
					}
					n++
				}
			}
		}
	}
}

func TestElevationCover(t *testing.T) {
	rows := []string{"......", "..#...", "..o...", "......"}
	e := withTokens(mapOf(t, model.SF2E, rows...),
		tok{name: "Archer", x: 0, y: 2, side: "pc"},
		tok{name: "Target", x: 5, y: 2, side: "foe"},
		tok{name: "Bird", x: 3, y: 0, side: "foe"})
	// On the ground the obstacle at (2, 2) gives standard cover.
	if c := mustCover(t, e, 0, 1); c != CoverStandard {
		t.Fatalf("on the ground: %v, want standard", c)
	}
	// Both 10 ft up: the level segment passes over the obstacle (it fills
	// layer 0 only).
	e.Tokens[0].Elevation, e.Tokens[1].Elevation = 10, 10
	if c := mustCover(t, e, 0, 1); c != CoverNone {
		t.Fatalf("both flying over the obstacle: %v, want none", c)
	}
	// A wall is full height.
	e.Tokens[0].Y, e.Tokens[1].Y = 1, 1
	if c := mustCover(t, e, 0, 1); c != CoverStandard {
		t.Fatalf("across the wall at 10 ft: %v, want standard", c)
	}
	// A creature gives cover only where its box is: the Bird on the line
	// at the flyers' height gives lesser cover, at 30 ft none.
	e.Tokens[0].Y, e.Tokens[1].Y, e.Tokens[2].Y, e.Tokens[2].Elevation = 3, 3, 3, 10
	if c := mustCover(t, e, 0, 1); c != CoverLesser {
		t.Fatalf("a creature on the line: %v, want lesser", c)
	}
	e.Tokens[2].Elevation = 30
	if c := mustCover(t, e, 0, 1); c != CoverNone {
		t.Fatalf("a creature far above the line: %v, want none", c)
	}
	// Archer on the ground, target 20 ft up behind the obstacle: the
	// rising segment from (0.5, 0.5 ft) leaves layer 0 before the
	// obstacle's square? From x = 0.5 to 5.5 it climbs 4 layers (centre
	// 0.5 to 4.5): at the obstacle (x 2 to 3) it is at 2.1 to 2.9 layers.
	e.Tokens[0].Y, e.Tokens[1].Y, e.Tokens[2].Elevation = 2, 2, 60
	e.Tokens[0].Elevation, e.Tokens[1].Elevation = 0, 20
	if c := mustCover(t, e, 0, 1); c != CoverNone {
		t.Fatalf("over the obstacle to a flyer: %v, want none", c)
	}
	// Through the obstacle low down: a target 5 ft up.
	e.Tokens[1].Elevation = 5
	if c := mustCover(t, e, 0, 1); c != CoverStandard {
		t.Fatalf("through the obstacle to a low flyer: %v, want standard", c)
	}
}

// refDistance3 is the 3-D distance by its definition: the nearest squares
// and layers of the two spaces found by trying every pair.
func refDistance3(e *model.Encounter, a, b *model.Token) int {
	fps := e.Feet()
	h, v := 1<<30, 1<<30
	ka, kb := e.Space(a), e.Space(b)
	for ax := a.X; ax < a.X+ka; ax++ {
		for ay := a.Y; ay < a.Y+ka; ay++ {
			for bx := b.X; bx < b.X+kb; bx++ {
				for by := b.Y; by < b.Y+kb; by++ {
					h = min(h, SquaresBetween(e.Ruleset, bx-ax, by-ay))
				}
			}
		}
	}
	for la := a.Elevation / fps; la < a.Elevation/fps+ka; la++ {
		for lb := b.Elevation / fps; lb < b.Elevation/fps+kb; lb++ {
			v = min(v, absInt(la-lb))
		}
	}
	return max(h, v) + min(h, v)/2
}

// refReachesToken is reach by the definition: distance, or for a reach of 10 ft or
// more, every square gap and the layer gap at most 2.
func refReachesToken(e *model.Encounter, k kind, a, f *model.Token) bool {
	fps := e.Feet()
	r := reachFeet(k, e, a)
	rw := k == kindPF1E && a.ReachWeapon
	fk := e.Space(f)
	ka := e.Space(a)
	al, fl := a.Elevation/fps, f.Elevation/fps
	gv := max(0, fl-(al+ka-1), al-(fl+fk-1))
	// Each square of the foe's footprint, a column of the foe's layers:
	// its distance from a's space.
	for x := f.X; x < f.X+fk; x++ {
		for y := f.Y; y < f.Y+fk; y++ {
			h := 1 << 30
			for sx := a.X; sx < a.X+ka; sx++ {
				for sy := a.Y; sy < a.Y+ka; sy++ {
					h = min(h, SquaresBetween(e.Ruleset, x-sx, y-sy))
				}
			}
			d := max(h, gv) + min(h, gv)/2
			gx := max(0, x-(a.X+ka-1), a.X-x)
			gy := max(0, y-(a.Y+ka-1), a.Y-y)
			in := func(r int) bool { return fps*d <= r || r >= 10 && fps == 5 && gx <= 2 && gy <= 2 && gv <= 2 }
			if rw {
				if in(2*r) && !in(r) {
					return true
				}
			} else if in(r) {
				return true
			}
		}
	}
	return false
}

// refFaceMeets: does the closed segment meet the closed face x_a = c of the
// box? Directly: the crossing point when the segment is not parallel, or in
// the face's plane the 2-D segment against the rectangle (an end inside, or
// a side crossed).
func refFaceMeets(p, q vec3, a, c int, lo, hi vec3) bool {
	b, d := (a+1)%3, (a+2)%3
	if p[a] == q[a] {
		if p[a] != c {
			return false
		}
		in := func(v vec3) bool { return lo[b] <= v[b] && v[b] <= hi[b] && lo[d] <= v[d] && v[d] <= hi[d] }
		if in(p) || in(q) {
			return true
		}
		r := [4][2]int{{lo[b], lo[d]}, {hi[b], lo[d]}, {hi[b], hi[d]}, {lo[b], hi[d]}}
		for i := 0; i < 4; i++ {
			s, u := r[i], r[(i+1)%4]
			if segCrosses(p[b], p[d], q[b], q[d], s[0], s[1], u[0], u[1]) {
				return true
			}
		}
		return false
	}
	t := big.NewRat(int64(c-p[a]), int64(q[a]-p[a]))
	if t.Sign() < 0 || t.Cmp(big.NewRat(1, 1)) > 0 {
		return false
	}
	for _, ax := range []int{b, d} {
		v := new(big.Rat).Mul(t, big.NewRat(int64(q[ax]-p[ax]), 1))
		v.Add(v, big.NewRat(int64(p[ax]), 1))
		if v.Cmp(big.NewRat(int64(lo[ax]), 1)) < 0 || v.Cmp(big.NewRat(int64(hi[ax]), 1)) > 0 {
			return false
		}
	}
	return true
}

func refFlanks3(e *model.Encounter, k kind) []string {
	var out []string
	for f := range e.Tokens {
		F := &e.Tokens[f]
		lo, hi := box3(e, F)
		for a := range e.Tokens {
			for b := range e.Tokens {
				A, B := &e.Tokens[a], &e.Tokens[b]
				if a == f || b == f || a == b || A.Name > B.Name || A.Name == B.Name && a > b ||
					!canMelee(A) || !canMelee(B) || !model.Allies(A.SideOrNeutral(), B.SideOrNeutral()) ||
					!model.Enemies(A.SideOrNeutral(), F.SideOrNeutral()) ||
					!refReachesToken(e, k, A, F) || !refReachesToken(e, k, B, F) {
					continue
				}
				p, q := segPoints3(e, A, B)
				ok := false
				for ax := 0; ax < 3; ax++ {
					ok = ok || refFaceMeets(p, q, ax, lo[ax], lo, hi) && refFaceMeets(p, q, ax, hi[ax], lo, hi)
				}
				if ok {
					out = append(out, F.Name+":"+A.Name+"+"+B.Name)
				}
			}
		}
	}
	slices.Sort(out)
	if out == nil {
		out = []string{}
	}
	return out
}

// refMeetsOpen reports whether the closed segment p-q meets the set
// {lo[a] < v[a] < hi[a] where lo < hi, v[a] = lo[a] where lo == hi}: the
// set of parameters is an interval whose ends are among 0, 1 and the
// parameters where a coordinate reaches a bound, so it is met iff one of
// those parameters or a middle between two of them is in it.
func refMeetsOpen(p, q, lo, hi vec3) bool {
	ts := []*big.Rat{big.NewRat(0, 1), big.NewRat(1, 1)}
	for a := 0; a < 3; a++ {
		if d := q[a] - p[a]; d != 0 {
			for _, c := range []int{lo[a], hi[a]} {
				t := big.NewRat(int64(c-p[a]), int64(d))
				if t.Sign() >= 0 && t.Cmp(big.NewRat(1, 1)) <= 0 {
					ts = append(ts, t)
				}
			}
		}
	}
	slices.SortFunc(ts, func(x, y *big.Rat) int { return x.Cmp(y) })
	cand := slices.Clone(ts)
	for i := 1; i < len(ts); i++ {
		m := new(big.Rat).Add(ts[i-1], ts[i])
		cand = append(cand, m.Mul(m, big.NewRat(1, 2)))
	}
	for _, t := range cand {
		in := true
		for a := 0; a < 3 && in; a++ {
			v := new(big.Rat).Mul(t, big.NewRat(int64(q[a]-p[a]), 1))
			v.Add(v, big.NewRat(int64(p[a]), 1))
			l, h := big.NewRat(int64(lo[a]), 1), big.NewRat(int64(hi[a]), 1)
			if lo[a] == hi[a] {
				in = v.Cmp(l) == 0
			} else {
				in = v.Cmp(l) > 0 && v.Cmp(h) < 0
			}
		}
		if in {
			return true
		}
	}
	return false
}

// refInterior3 is the "meets the inside of the union of cells" of the
// conventions by its pieces: the inside of a union of grid cells is the
// open filled cells, the open faces between two filled cells, the open
// edges among four and the corners among eight.
func refInterior3(p, q vec3, filled func(i, j, l int) bool) bool {
	var lo, hi vec3 // the cells around the segment's bounding box
	for a := 0; a < 3; a++ {
		lo[a], hi[a] = floorDiv(min(p[a], q[a]), 2)-1, floorDiv(max(p[a], q[a]), 2)+1
	}
	for i := lo[0]; i <= hi[0]; i++ {
		for j := lo[1]; j <= hi[1]; j++ {
			for l := lo[2]; l <= hi[2]; l++ {
				// The element at the cell's low corner, open along the axes
				// in mask and on the low plane along the others.
				for mask := 0; mask < 8; mask++ {
					all := true
					c := vec3{i, j, l}
					var blo, bhi vec3
					for a := 0; a < 3; a++ {
						blo[a], bhi[a] = 2*c[a], 2*c[a]
						if mask>>a&1 == 1 {
							bhi[a] += 2
						}
					}
					// Every cell touching the element.
					for d := 0; d < 8 && all; d++ {
						n := c
						skip := false
						for a := 0; a < 3; a++ {
							if d>>a&1 == 1 {
								if mask>>a&1 == 1 {
									skip = true
								}
								n[a]--
							}
						}
						if !skip && !filled(n[0], n[1], n[2]) {
							all = false
						}
					}
					for a := 0; a < 3 && all; a++ { // outside the segment's bounding box
						all = bhi[a] >= min(p[a], q[a]) && blo[a] <= max(p[a], q[a])
					}
					if all && refMeetsOpen(p, q, blo, bhi) {
						return true
					}
				}
			}
		}
	}
	return false
}

// refCover3 is the cover of the conventions computed with refInterior3.
func refCover3(e *model.Encounter, k kind, from, to int) Cover {
	A, B := &e.Tokens[from], &e.Tokens[to]
	ak, bk := e.Space(A), e.Space(B)
	if blocked(&e.Grid, A.X, A.Y, ak, B.X, B.Y, bk) {
		return CoverBlocked
	}
	seg := func(p, q vec3) Cover {
		if refInterior3(p, q, func(i, j, l int) bool { return solidAt(&e.Grid, i, j, l) }) {
			return CoverStandard
		}
		c := CoverNone
		for i := range e.Tokens {
			o := &e.Tokens[i]
			if i == from || i == to || o.Size <= model.Tiny {
				continue
			}
			l0, l1 := tokenLayers(e, o)
			ok := e.Space(o)
			in := func(x, y, l int) bool { return x >= o.X && x < o.X+ok && y >= o.Y && y < o.Y+ok && l >= l0 && l <= l1 }
			if refInterior3(p, q, in) {
				if k == kindSF2E && o.Size >= A.Size+2 && o.Size >= B.Size+2 {
					return CoverStandard
				}
				c = CoverLesser
			}
		}
		return c
	}
	p, q := segPoints3(e, A, B)
	if k == kindSF2E {
		c := seg(p, q)
		if c == CoverStandard && B.Has(model.CondTakenCover) {
			c = CoverGreater
		}
		return c
	}
	best := CoverStandard
	for ca := 0; ca < 4; ca++ {
		c := CoverNone
		for cb := 0; cb < 4; cb++ {
			c = max(c, seg(vec3{2*A.X + 2*ak*(ca&1), 2*A.Y + 2*ak*(ca>>1), p[2]}, vec3{2*B.X + 2*bk*(cb&1), 2*B.Y + 2*bk*(cb>>1), q[2]}))
		}
		best = min(best, c)
	}
	return best
}

// randStack is a small map with walls and obstacles and tokens piled at
// random heights (0 to 4 layers up), every size up to Large.
func randStack(rng *rand.Rand, rs model.Ruleset, walls bool) *model.Encounter {
	w, h := 2+rng.IntN(6), 2+rng.IntN(6)
	e := &model.Encounter{Name: "stack", Ruleset: rs, Grid: model.NewGrid(w, h)}
	for i := range e.Grid.Cells {
		switch rng.IntN(10) {
		case 0:
			if walls {
				e.Grid.Cells[i] = model.Wall
			}
		case 1, 2:
			e.Grid.Cells[i] = model.Obstacle
		}
	}
	sizes := []model.Size{model.Tiny, model.Small, model.Medium, model.Medium, model.Large}
	sides := []string{"a", "b", model.Neutral}
	n := 2 + rng.IntN(6)
	for i := 0; i < n; i++ {
		sz := sizes[rng.IntN(len(sizes))]
		k := rs.Space(sz)
		if k > w || k > h {
			sz, k = model.Medium, 1
		}
		t := model.Token{Name: fmt.Sprintf("t%d", i), X: rng.IntN(w - k + 1), Y: rng.IntN(h - k + 1), Size: sz,
			Side: sides[rng.IntN(len(sides))], Elevation: 5 * rng.IntN(5), ReachWeapon: rs == model.PF1E && rng.IntN(4) == 0}
		if rng.IntN(4) == 0 {
			r := 5 * rng.IntN(4)
			t.Reach = &r
		}
		if rng.IntN(6) == 0 {
			t.Conditions = []string{model.CondTakenCover}
		}
		e.Tokens = append(e.Tokens, t)
	}
	return e
}

// 3-D distance, flanking and cover agree with the references on random
// stacks.
func TestElevationReferenceStacks(t *testing.T) {
	n := randomCases(120, 30)
	for seed := uint64(0); seed < uint64(n); seed++ {
		rng := rand.New(rand.NewPCG(seed, 3))
		rs := []model.Ruleset{model.SF2E, model.PF1E}[seed%2]
		k := kindOf(rs)
		// Flanking: no walls, so reach needs no line of effect check.
		e := randStack(rng, rs, false)
		if got, want := mustFlanks(t, e), refFlanks3(e, k); !slices.Equal(sortedCopy(got), want) {
			t.Fatalf("seed %d %s: flanks %v, reference %v\n%s%s", seed, rs, got, want, tokenMap(e), stackText(e))
		}
		e = randStack(rng, rs, true)
		for i := range e.Tokens {
			for j := range e.Tokens {
				if i == j {
					continue
				}
				if d, want := TokenDistance(e, i, j).Squares, refDistance3(e, &e.Tokens[i], &e.Tokens[j]); d != want {
					t.Fatalf("seed %d: distance(%d, %d) = %d, reference %d\n%s", seed, i, j, d, want, stackText(e))
				}
				if c, want := cover3D(k, e, i, j), refCover3(e, k, i, j); c != want {
					t.Fatalf("seed %d %s: cover(%d, %d) = %v, reference %v\n%s%s", seed, rs, i, j, c, want, tokenMap(e), stackText(e))
				}
			}
		}
	}
}

func sortedCopy(s []string) []string {
	c := slices.Clone(s)
	slices.Sort(c)
	return c
}

func stackText(e *model.Encounter) string {
	s := ""
	for _, t := range e.Tokens {
		s += fmt.Sprintf("%s (%d,%d) %s side %q elevation %d reach %v rw %v %v\n", t.Name, t.X, t.Y, t.Size, t.Side, t.Elevation, t.Reach, t.ReachWeapon, t.Conditions)
	}
	return s
}

// "Creatures block and share by their boxes": a walker passes under a
// flying enemy and may end under it.
func TestElevationWalkUnderFlyer(t *testing.T) {
	e := withTokens(mapOf(t, model.SF2E, "#.#", "#.#", "#.#"),
		tok{name: "Iseph", x: 1, y: 2, side: "pc", speeds: "land=25"},
		tok{name: "Cloud ray", x: 1, y: 1, side: "foe"})
	got := reachAt(t, e, MoveQuery{Token: 0})
	if len(got) != 0 {
		t.Fatalf("the ray on the ground: reach %v, want nothing", got)
	}
	e.Tokens[1].Elevation = 5 // directly above the walker's layer
	got = reachAt(t, e, MoveQuery{Token: 0})
	if got[[2]int{1, 1}].Cost != 5 || got[[2]int{1, 0}].Cost != 10 {
		t.Fatalf("the ray 5 ft up: reach %v, want (1, 1) 5 ft and (1, 0) 10 ft", got)
	}
}

// "Cover in three dimensions: wall squares, closed doors and blocking edges
// are full height": a wall edge between two flyers 20 ft up gives standard
// cover, an open door none.
func TestElevationCoverEdges(t *testing.T) {
	e := withTokens(mapOf(t, model.SF2E, "......", "......", "......"),
		tok{name: "Archer", x: 0, y: 1, side: "pc"},
		tok{name: "Target", x: 5, y: 1, side: "foe"})
	e.Tokens[0].Elevation, e.Tokens[1].Elevation = 20, 20
	e.Edges = []model.Edge{{Kind: model.EdgeWall, X1: 3, Y1: 0, X2: 3, Y2: 2}}
	if c := mustCover(t, e, 0, 1); c != CoverStandard {
		t.Fatalf("across a wall edge at 20 ft: %v, want standard", c)
	}
	e.Tokens[1].Elevation = 0
	if c := mustCover(t, e, 0, 1); c != CoverStandard {
		t.Fatalf("across a wall edge, 20 ft down: %v, want standard", c)
	}
	e.Edges[0].Kind = model.EdgeOpenDoor
	if c := mustCover(t, e, 0, 1); c != CoverNone {
		t.Fatalf("through an open door: %v, want none", c)
	}
}

// "negative for a burrowing or diving token" (rules-conventions.md
// "Elevation"): a token may be below the ground with a burrow Speed, or
// over water under its whole space; never on open floor or shallow water
// without one, and never in a ruleset without elevation.
func TestMayGoBelowOnlyBurrowingOrDiving(t *testing.T) {
	for _, c := range []struct {
		name   string
		rs     model.Ruleset
		rows   []string
		size   model.Size
		speeds string
		want   bool
	}{
		{"open floor, land and fly", model.SF2E, []string{"...", "...", "..."}, model.Medium, "land=25 fly=30", false},
		{"a burrower on open floor", model.SF2E, []string{"...", "...", "..."}, model.Medium, "land=25 burrow=10", true},
		{"over water, no swim Speed", model.SF2E, []string{"...", ".~.", "..."}, model.Medium, "land=25", true},
		{"shallow water is not for diving", model.SF2E, []string{"...", ".w.", "..."}, model.Medium, "land=25 swim=20", false},
		{"Large, half over water", model.SF2E, []string{"...", ".~.", ".~."}, model.Large, "land=25 swim=20", false},
		{"Large, all over water", model.SF2E, []string{"...", ".~~", ".~~"}, model.Large, "swim=20", true},
		{"pf1e burrower", model.PF1E, []string{"...", "...", "..."}, model.Medium, "burrow=10", true},
		{"points has no elevation", model.Points, []string{"...", "...", "..."}, model.Medium, "land=5 burrow=2", false},
	} {
		e := withTokens(mapOf(t, c.rs, c.rows...), tok{name: "Navasi", x: 1, y: 1, size: c.size, speeds: c.speeds})
		if got := MayGoBelow(e, 0); got != c.want {
			t.Errorf("%s: MayGoBelow = %v, want %v (the token at (1, 1) on\n%s)", c.name, got, c.want, asciiMap(c.rows))
		}
	}
}

// "Cover in three dimensions: wall squares, closed doors and blocking edges
// are full height" (rules-conventions.md "Elevation"): a closed door square
// on the line gives standard cover at any height, as on the ground; an open
// one gives none.
func TestElevationCoverClosedDoorSquareIsFullHeight(t *testing.T) {
	for _, rs := range []model.Ruleset{model.SF2E, model.PF1E} {
		t.Run(string(rs), func(t *testing.T) {
			e := withTokens(mapOf(t, rs, "......", "..+...", "......"),
				tok{name: "Archer", x: 0, y: 0, side: "pc"},
				tok{name: "Target", x: 4, y: 2, side: "foe"})
			if c := mustCover(t, e, 0, 1); c != CoverStandard {
				t.Fatalf("on the ground: %v, want standard", c)
			}
			for _, el := range [][2]int{{5, 5}, {20, 20}, {0, 15}} {
				e.Tokens[0].Elevation, e.Tokens[1].Elevation = el[0], el[1]
				if c := mustCover(t, e, 0, 1); c != CoverStandard {
					t.Errorf("at %d and %d ft across a closed door square: %v, want standard", el[0], el[1], c)
				}
			}
			e.Grid.Cells[1*e.Grid.W+2] |= model.Open
			if c := mustCover(t, e, 0, 1); c != CoverNone {
				t.Errorf("across an open door square in the air: %v, want none", c)
			}
		})
	}
}

// "dead (as unconscious and prone; never blocks movement; gives no cover)"
// (rules-conventions.md "Conditions the rules act on"), at any height: a
// dead creature on the line gives no cover when the tokens fly, as on the
// ground, while an unconscious one still gives lesser cover.
func TestElevationCoverDeadCreatureGivesNone(t *testing.T) {
	for _, rs := range []model.Ruleset{model.SF2E, model.PF1E} {
		t.Run(string(rs), func(t *testing.T) {
			e := withTokens(mapOf(t, rs, "......"),
				tok{name: "Archer", x: 0, y: 0, side: "pc"},
				tok{name: "Target", x: 4, y: 0, side: "foe"},
				tok{name: "Body", x: 2, y: 0, side: "foe"})
			for _, el := range []int{0, 10} {
				for i := range e.Tokens {
					e.Tokens[i].Elevation = el
				}
				e.Tokens[2].Conditions = []string{model.CondDead}
				if c := mustCover(t, e, 0, 1); c != CoverNone {
					t.Errorf("a dead creature on the line at %d ft: %v, want none", el, c)
				}
				e.Tokens[2].Conditions = []string{model.CondUnconscious}
				if c := mustCover(t, e, 0, 1); c != CoverLesser {
					t.Errorf("an unconscious creature on the line at %d ft: %v, want lesser", el, c)
				}
			}
		})
	}
}

// pf1e cover with a token off the ground draws from each corner of the
// attacker's footprint at the height of its point to each corner of the
// target's footprint at the height of its point (rules-conventions.md,
// "Added with table play and the third dimension"), not from the corners
// of the boxes. An archer on the ground and a target 5 ft up behind an
// obstacle two squares deep: every such segment starts half a layer up and
// is still under the obstacle's top (layer 0) as it enters it, so cover is
// standard; from the tops of the two boxes (1 layer up, along the
// obstacle's top face) it would be none. With the archer 5 ft up too, the
// points share a level and the segments pass over the obstacle.
func TestElevationCoverPF1ECornersAtThePointsHeights(t *testing.T) {
	e := withTokens(mapOf(t, model.PF1E, ".oo..", ".oo..", ".oo.."),
		tok{name: "Archer", x: 0, y: 1, side: "pc", speeds: "land=30 fly=30"},
		tok{name: "Bird", x: 3, y: 1, side: "foe", speeds: "fly=30"})
	e.Tokens[1].Elevation = 5
	if c := mustCover(t, e, 0, 1); c != CoverStandard {
		t.Fatalf("from the ground to a target 5 ft up behind the obstacle: %v, want standard", c)
	}
	e.Tokens[0].Elevation = 5
	if c := mustCover(t, e, 0, 1); c != CoverNone {
		t.Fatalf("both 5 ft up, over the obstacle: %v, want none", c)
	}
}

// A token below the ground (a burrower at a negative elevation) may not
// end under an obstacle: a creature never ends where its space overlaps an
// obstacle "also when it flew or burrowed there", and only a box above
// layer 0 is excepted (rules-conventions.md "Elevation" and "Added with
// table play and the third dimension"). It still burrows under the
// obstacle to the squares beyond.
func TestBurrowerBelowTheGroundDoesNotEndUnderAnObstacle(t *testing.T) {
	e := withTokens(mapOf(t, model.SF2E, ".ooo.", "....."),
		tok{name: "Mole", x: 0, y: 0, side: "foe", speeds: "land=20 burrow=20"})
	e.Tokens[0].Elevation = -5
	got := reachSet(t, e, MoveQuery{Mode: ModeBurrow})
	for x := 1; x <= 3; x++ {
		if _, ok := got[[2]int{x, 0}]; ok {
			t.Errorf("the burrower 5 ft down ends under the obstacle at (%d, 0)", x)
		}
	}
	if s, ok := got[[2]int{4, 0}]; !ok || s.Cost != 20 {
		t.Errorf("beyond the obstacle (4, 0): %+v (listed %v), want 20 ft straight under it", s, ok)
	}
}

// "a token may end above or below another creature when their boxes do
// not overlap. A box above layer 0 may end over an obstacle."
// (rules-conventions.md "Elevation"): BoxesOverlap and ClearsObstacles,
// which the app's drops and misplaced marks ask.
func TestBoxesOverlapAndClearsObstacles(t *testing.T) {
	for _, c := range []struct {
		name     string
		rs       model.Ruleset
		a, b     model.Token
		overlap  bool
		clears   bool // a's elevation over an obstacle
		feetOver int
	}{
		{"one square, both on the ground", model.SF2E,
			model.Token{X: 1, Y: 1, Size: model.Medium}, model.Token{X: 1, Y: 1, Size: model.Medium}, true, false, 0},
		{"a flyer 20 ft over a Large creature (0-10 ft)", model.SF2E,
			model.Token{X: 7, Y: 2, Size: model.Medium, Elevation: 20}, model.Token{X: 7, Y: 2, Size: model.Large}, false, true, 0},
		{"a flyer 5 ft up in a Large creature's top cube", model.SF2E,
			model.Token{X: 8, Y: 3, Size: model.Medium, Elevation: 5}, model.Token{X: 7, Y: 2, Size: model.Large}, true, true, 0},
		{"directly stacked", model.PF1E,
			model.Token{X: 0, Y: 0, Size: model.Medium, Elevation: 5}, model.Token{X: 0, Y: 0, Size: model.Medium}, false, true, 0},
		{"a burrower under a walker", model.SF2E,
			model.Token{X: 0, Y: 0, Size: model.Medium, Elevation: -5}, model.Token{X: 0, Y: 0, Size: model.Medium}, false, false, 0},
		{"side by side at one height", model.SF2E,
			model.Token{X: 0, Y: 0, Size: model.Medium, Elevation: 15}, model.Token{X: 1, Y: 0, Size: model.Medium, Elevation: 15}, false, true, 0},
		{"10-ft squares: 5 ft up is still layer 0", model.SF2E,
			model.Token{X: 0, Y: 0, Size: model.Medium, Elevation: 5}, model.Token{X: 0, Y: 0, Size: model.Medium}, true, false, 10},
		{"starship has no elevation: the footprints decide", model.Starship,
			model.Token{X: 0, Y: 0, Size: model.Medium, Elevation: 50}, model.Token{X: 0, Y: 0, Size: model.Medium}, true, false, 0},
	} {
		e := &model.Encounter{Ruleset: c.rs, FeetPerSquare: c.feetOver, Grid: model.Grid{W: 10, H: 10, Cells: make([]model.Terrain, 100)}}
		if got := BoxesOverlap(e, &c.a, &c.b); got != c.overlap {
			t.Errorf("%s: BoxesOverlap = %v, want %v", c.name, got, c.overlap)
		}
		if got := BoxesOverlap(e, &c.b, &c.a); got != c.overlap {
			t.Errorf("%s: BoxesOverlap the other way = %v, want %v", c.name, got, c.overlap)
		}
		if got := ClearsObstacles(e, c.a.Elevation); got != c.clears {
			t.Errorf("%s: ClearsObstacles(%d) = %v, want %v", c.name, c.a.Elevation, got, c.clears)
		}
	}
}
