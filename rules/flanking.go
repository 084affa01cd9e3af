package rules

import (
	"cmp"
	"slices"

	"encounterplanner/model"
)

// flanking lists every flanking pair (rules-conventions.md "Flanking"),
// sorted by target name, then pair names.
//
// Only pairs within reach of the same foe are tried. The tokens are
// bucketed by square (cells of flankCell x flankCell squares); each token
// that can flank looks up the foes in the box its reach can touch and joins
// their lists of candidates. Each foe then tries the pairs of its
// candidates that stand on opposite sides of its space: a segment crosses
// its left and right sides only if one end is at or left of the left side
// and the other at or right of the right side (likewise top and bottom).
// Time O(T + sum over flankers of the cells and tokens in their reach box +
// sum over foes of those pairs); memory O(T + candidates).
// b is the caller's scratch (an engine keeps one): the map's wall sums,
// the buckets and the candidate lists are reused from the last call, so a
// drag's flank-spot search, hundreds of calls, allocates only their answers.
//
// A crowd where every creature reaches every other has about T^3 / 2
// flanks (5,000 tokens: tens of billions): past maxFlanks the search stops
// and the query is refused, rather than fill memory with its answer.
func flanking(k kind, e *model.Encounter, b *flankScratch) ([]Flank, error) {
	n := len(e.Tokens)
	cand := foesInReach(k, e, b)
	var out []Flank
	b.at = resize(b.at, n)                        // per candidate of the current foe: 1 west, 2 east
	b.cx, b.cy = resize(b.cx, n), resize(b.cy, n) // and its doubled centre
	for f := 0; f < n; f++ {
		if len(cand[f]) < 2 {
			continue
		}
		F := &e.Tokens[f]
		// Allies share a side: try the pairs of each side's run.
		cf := cand[f]
		slices.SortStableFunc(cf, func(a, c int) int {
			return cmp.Compare(e.Tokens[a].SideOrNeutral(), e.Tokens[c].SideOrNeutral())
		})
		for i := 0; i < len(cf); {
			j := i + 1
			for j < len(cf) && e.Tokens[cf[j]].SideOrNeutral() == e.Tokens[cf[i]].SideOrNeutral() {
				j++
			}
			if j-i >= 2 && elevatedAmong(e, F, cf[i:j]) {
				out = flankPairs3(e, f, F, cf[i:j], out)
			} else if j-i >= 2 {
				out = flankPairs(e, f, F, cf[i:j], b, out)
			}
			if len(out) > maxFlanks {
				return nil, BadQuery("the %d tokens flank one another more than %d times (every pair around a creature is an entry): too many to list; give fewer of them a reach that covers the crowd", n, maxFlanks)
			}
			i = j
		}
	}
	name := func(i int) string { return e.Tokens[i].Name }
	slices.SortFunc(out, func(x, y Flank) int {
		return cmp.Or(cmp.Compare(name(x.Target), name(y.Target)), cmp.Compare(name(x.By[0]), name(y.By[0])),
			cmp.Compare(name(x.By[1]), name(y.By[1])))
	})
	if out == nil {
		out = []Flank{}
	}
	return out, nil
}

// maxFlanks is the most flanks a flanking query lists (about 24 MB of
// answer, 100 MB of JSON).
const maxFlanks = 1 << 20

// flankPairs appends the flanks of foe f by pairs of allies in allies:
// those standing on opposite sides of its space whose centres' segment
// crosses two opposite sides (oppositeSides). Its lists are sc's.
func flankPairs(e *model.Encounter, f int, F *model.Token, allies []int, sc *flankScratch, out []Flank) []Flank {
	fk := e.Space(F)
	l, t, r, b := 2*F.X, 2*F.Y, 2*(F.X+fk), 2*(F.Y+fk)
	at, cx, cy := sc.at, sc.cx, sc.cy
	west, east, north, south := sc.west[:0], sc.east[:0], sc.north[:0], sc.south[:0]
	for _, a := range allies {
		A := &e.Tokens[a]
		ax, ay := centre(A.X, A.Y, e.Space(A))
		cx[a], cy[a] = ax, ay
		at[a] = 0
		if ax <= l {
			west = append(west, a)
			at[a] |= 1
		}
		if ax >= r {
			east = append(east, a)
			at[a] |= 2
		}
		if ay <= t {
			north = append(north, a)
		}
		if ay >= b {
			south = append(south, a)
		}
	}
	sc.west, sc.east, sc.north, sc.south = west, east, north, south // for the next foe
	// past maxFlanks the caller refuses the query: stop adding
	try := func(a, c int) {
		if len(out) > maxFlanks || !oppositeSides(cx[a], cy[a], cx[c], cy[c], l, t, r, b) {
			return
		}
		A, C := &e.Tokens[a], &e.Tokens[c]
		if C.Name < A.Name || (C.Name == A.Name && c < a) {
			a, c = c, a
		}
		out = append(out, Flank{Target: f, By: [2]int{a, c}})
	}
	for _, a := range west {
		for _, c := range east {
			try(a, c)
		}
		if len(out) > maxFlanks {
			return out
		}
	}
	for _, a := range north {
		for _, c := range south {
			if at[a]|at[c] != 3 { // a pair west and east was tried above
				try(a, c)
			}
		}
		if len(out) > maxFlanks {
			return out
		}
	}
	return out
}

// flankCell is the side in squares of a bucket of foesInReach.
const flankCell = 8

// flankScratch is what a flanking query keeps for the next (an engine
// holds one): the map's wall sums, foesInReach's buckets and candidate
// lists, and flankPairs' sides. Reused, they grow to the largest query
// asked and are never shrunk: about 12 bytes a token and 4 a bucket, plus
// the candidates, and the wall sums' 4 bytes a square.
type flankScratch struct {
	walls                    squareSum
	start, next, byCell      []int32
	cand                     [][]int
	at                       []uint8
	cx, cy                   []int
	west, east, north, south []int
}

// resize returns s with length n, its first n elements zero, reusing its
// array when it is large enough.
func resize[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	s = s[:n]
	clear(s)
	return s
}

// foesInReach lists, per token f, the tokens that could flank it (able to
// act and attack in melee, its enemies, f within their reach), in index
// order. The lists are b's, valid until its next use.
func foesInReach(k kind, e *model.Encounter, b *flankScratch) [][]int {
	n := len(e.Tokens)
	if cap(b.cand) < n {
		b.cand = append(b.cand[:cap(b.cand)], make([][]int, n-cap(b.cand))...)
	}
	cand := b.cand[:n]
	for f := range cand {
		cand[f] = cand[f][:0]
	}
	ws := &b.walls
	g := &e.Grid
	cw, ch := max(g.W, 1)/flankCell+1, max(g.H, 1)/flankCell+1
	cellOf := func(x, y int) int {
		cx, cy := min(max(x, 0)/flankCell, cw-1), min(max(y, 0)/flankCell, ch-1)
		return cy*cw + cx
	}
	// Bucket the tokens by their top-left square (counting sort).
	start := resize(b.start, cw*ch+1)
	b.start = start
	maxK := 1
	for i := range e.Tokens {
		t := &e.Tokens[i]
		start[cellOf(t.X, t.Y)+1]++
		maxK = max(maxK, e.Space(t))
	}
	for c := 1; c < len(start); c++ {
		start[c] += start[c-1]
	}
	byCell := resize(b.byCell, n)
	next := append(b.next[:0], start...)
	b.byCell, b.next = byCell, next
	for i := range e.Tokens {
		c := cellOf(e.Tokens[i].X, e.Tokens[i].Y)
		byCell[next[c]] = int32(i)
		next[c]++
	}
	feet := e.Feet()
	ws.buildTraits(g, 0, 0, g.W, g.H, model.Wall)
	for a := range e.Tokens {
		A := &e.Tokens[a]
		if !canMelee(A) {
			continue
		}
		// within: a gap beyond r/feet squares (or 2, the 10-ft reach
		// exception) is out of reach.
		gap := max(outerReach(k, e, A)/feet, 2)
		ak := e.Space(A)
		lo := cellOf(A.X-gap-(maxK-1), A.Y-gap-(maxK-1))
		hi := cellOf(A.X+ak-1+gap, A.Y+ak-1+gap)
		cx0, cy0, cx1, cy1 := lo%cw, lo/cw, hi%cw, hi/cw
		for cy := cy0; cy <= cy1; cy++ {
			for cx := cx0; cx <= cx1; cx++ {
				c := cy*cw + cx
				for _, fi := range byCell[start[c]:start[c+1]] {
					f := int(fi)
					F := &e.Tokens[f]
					if f == a || !model.Enemies(A.SideOrNeutral(), F.SideOrNeutral()) || !reaches(k, e, A, F.X, F.Y, e.Space(F), tokenGap(e, A, F), ws) {
						continue
					}
					cand[f] = append(cand[f], a)
				}
			}
		}
	}
	return cand
}
