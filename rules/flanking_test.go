package rules

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"runtime"
	"sort"
	"strings"
	"testing"
	"time"

	"encounterplanner/model"
)

// flankingAllPairs is the flanking of every foe by trying every pair of
// tokens: O(T^3), the definition flanking must agree with.
func flankingAllPairs(k kind, e *model.Encounter) []Flank {
	var out []Flank
	n := len(e.Tokens)
	for f := 0; f < n; f++ {
		F := &e.Tokens[f]
		fk := e.Space(F)
		for a := 0; a < n; a++ {
			A := &e.Tokens[a]
			if a == f || !canMelee(A) || !model.Enemies(A.SideOrNeutral(), F.SideOrNeutral()) ||
				!reaches(k, e, A, F.X, F.Y, fk, tokenGap(e, A, F), nil) {
				continue
			}
			for b := 0; b < n; b++ {
				B := &e.Tokens[b]
				if b == a || b == f || B.Name < A.Name || (B.Name == A.Name && b < a) ||
					!canMelee(B) || !model.Allies(A.SideOrNeutral(), B.SideOrNeutral()) ||
					!reaches(k, e, B, F.X, F.Y, fk, tokenGap(e, B, F), nil) || !oppositeBySegments(e, A, B, F) {
					continue
				}
				out = append(out, Flank{Target: f, By: [2]int{a, b}})
			}
		}
	}
	sort.Slice(out, func(i, j int) bool {
		x, y := out[i], out[j]
		tn := func(i int) string { return e.Tokens[i].Name }
		if tn(x.Target) != tn(y.Target) {
			return tn(x.Target) < tn(y.Target)
		}
		if tn(x.By[0]) != tn(y.By[0]) {
			return tn(x.By[0]) < tn(y.By[0])
		}
		return tn(x.By[1]) < tn(y.By[1])
	})
	if out == nil {
		out = []Flank{}
	}
	return out
}

// oppositeBySegments is oppositeSides by four general segment intersection
// tests (segCrosses).
func oppositeBySegments(e *model.Encounter, a, b, f *model.Token) bool {
	ax, ay := centre(a.X, a.Y, e.Space(a))
	bx, by := centre(b.X, b.Y, e.Space(b))
	k := e.Space(f)
	l, t, r, d := 2*f.X, 2*f.Y, 2*(f.X+k), 2*(f.Y+k)
	return segCrosses(ax, ay, bx, by, l, t, l, d) && segCrosses(ax, ay, bx, by, r, t, r, d) ||
		segCrosses(ax, ay, bx, by, l, t, r, t) && segCrosses(ax, ay, bx, by, l, d, r, d)
}

// randCrowd is a w x h map with n tokens of every size, three sides and
// neutrals, reaches from 0 to far beyond the bucket size, reach weapons and
// conditions, packed so that many foes have many flankers.
func randCrowd(rng *rand.Rand, rs model.Ruleset, w, h, n int) *model.Encounter {
	e := &model.Encounter{Name: "crowd", Ruleset: rs, Grid: model.NewGrid(w, h)}
	for i := range e.Grid.Cells {
		if rng.IntN(12) == 0 {
			e.Grid.Cells[i] = model.Wall
		}
	}
	sizes := rs.Sizes()
	sides := []string{"a", "b", "c", "", model.Neutral}
	for i := 0; i < n; i++ {
		sz := model.Medium
		if rng.IntN(3) == 0 {
			sz = sizes[rng.IntN(len(sizes))]
		}
		k := rs.Space(sz)
		if k > w || k > h {
			sz, k = model.Medium, 1
		}
		t := model.Token{Name: fmt.Sprintf("t%03d", rng.IntN(1000)*1000+i), X: rng.IntN(w - k + 1), Y: rng.IntN(h - k + 1),
			Size: sz, Side: sides[rng.IntN(len(sides))], ReachWeapon: rng.IntN(4) == 0}
		switch rng.IntN(6) {
		case 0:
			r := 5 * rng.IntN(30)
			t.Reach = &r
		case 1:
			r := 0
			t.Reach = &r
		}
		if rng.IntN(8) == 0 {
			t.Conditions = []string{[]string{model.CondUnconscious, model.CondCannotAct, model.CondNoMelee}[rng.IntN(3)]}
		}
		e.Tokens = append(e.Tokens, t)
	}
	return e
}

// Bucketed flanking answers exactly as trying every pair does.
func TestFlankingMatchesAllPairs(t *testing.T) {
	for seed := uint64(0); seed < uint64(randomCases(300, 300)); seed++ {
		rng := rand.New(rand.NewPCG(seed, 41))
		rs := fuzzRuleset(byte(seed))
		w, h := 2+rng.IntN(40), 2+rng.IntN(40)
		e := randCrowd(rng, rs, w, h, 2+rng.IntN(60))
		k := kindOf(rs)
		got, want := mustFlank(t, k, e), flankingAllPairs(k, e)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("seed %d (%s %dx%d, %d tokens): %d flanks, want %d\ngot  %v\nwant %v", seed, rs, w, h, len(e.Tokens),
				len(got), len(want), got, want)
		}
	}
}

// 5,000 tokens on a 1000x1000 map (the format's limit) take well under a
// second (issue 12 item 8: 40,000 took 187 s with every pair tried).
func TestFlankingManyTokens(t *testing.T) {
	if testing.Short() {
		t.Skip("seconds")
	}
	rng := rand.New(rand.NewPCG(5, 5))
	e := randCrowd(rng, model.SF2E, 1000, 1000, 5000)
	t0 := time.Now()
	fl, err := mustEngine(t, model.SF2E).Flanking(e)
	if err != nil {
		t.Fatal(err)
	}
	if d := time.Since(t0); d > 3*time.Second {
		t.Errorf("flanking of 5,000 tokens took %v (%d flanks)", d, len(fl))
	}
}

// segCrosses reports whether closed segments AB and CD intersect (touching
// counts), with exact integer orientation tests.
func segCrosses(ax, ay, bx, by, cx, cy, dx, dy int) bool {
	o := func(px, py, qx, qy, rx, ry int) int {
		v := (qx-px)*(ry-py) - (qy-py)*(rx-px)
		switch {
		case v > 0:
			return 1
		case v < 0:
			return -1
		}
		return 0
	}
	on := func(px, py, qx, qy, rx, ry int) bool { // r on segment pq, given collinear
		return min(px, qx) <= rx && rx <= max(px, qx) && min(py, qy) <= ry && ry <= max(py, qy)
	}
	o1, o2 := o(ax, ay, bx, by, cx, cy), o(ax, ay, bx, by, dx, dy)
	o3, o4 := o(cx, cy, dx, dy, ax, ay), o(cx, cy, dx, dy, bx, by)
	if o1*o2 < 0 && o3*o4 < 0 {
		return true
	}
	return (o1 == 0 && on(ax, ay, bx, by, cx, cy)) || (o2 == 0 && on(ax, ay, bx, by, dx, dy)) ||
		(o3 == 0 && on(cx, cy, dx, dy, ax, ay)) || (o4 == 0 && on(cx, cy, dx, dy, bx, by))
}

// mustFlank is flanking with a fresh scratch, failing the test on an
// error.
func mustFlank(t testing.TB, k kind, e *model.Encounter) []Flank {
	t.Helper()
	out, err := flanking(k, e, new(flankScratch))
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestFlankingRefusesACrowdTooDenseToList: in a checkerboard of two sides
// where every creature reaches every other, the flanks grow with the cube
// of the crowd (1,600 tokens printed 153 MB and took 860 MB; the format's
// 5,000 passed 15 GB). Past maxFlanks the query is refused, naming the
// limit, before its answer fills memory.
func TestFlankingRefusesACrowdTooDenseToList(t *testing.T) {
	crowd := func(side int) *model.Encounter {
		rows := make([]string, 60)
		for i := range rows {
			rows[i] = strings.Repeat(".", 60)
		}
		e := mapOf(t, model.SF2E, rows...)
		for y := range side {
			for x := range side {
				s := []string{"party", "enemy"}[(x+y)%2]
				e.Tokens = append(e.Tokens, tok{name: fmt.Sprintf("t%d.%d", x, y), x: x, y: y, side: s, reach: 1000}.token())
			}
		}
		return e
	}
	// 12 x 12: well under the limit, every flank listed.
	if got := mustFlank(t, kindSF2E, crowd(12)); len(got) == 0 || len(got) > maxFlanks {
		t.Fatalf("12 x 12: %d flanks", len(got))
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	got, err := flanking(kindSF2E, crowd(40), new(flankScratch))
	runtime.ReadMemStats(&after)
	if !errors.Is(err, ErrBadQuery) || !strings.Contains(fmt.Sprint(err), fmt.Sprint(maxFlanks)) {
		t.Fatalf("40 x 40 (1,600 tokens): %d flanks, error %v; want a bad query naming the limit %d", len(got), err, maxFlanks)
	}
	if mb := (after.TotalAlloc - before.TotalAlloc) >> 20; mb > 256 {
		t.Errorf("the refused query allocated %d MB", mb)
	}
}
