package session

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	"encounterplanner/model"
	"encounterplanner/rules"
)

// BlockedDrop says why (x, y) is not a free place for token d at its own
// height: off the map, on a wall, on an obstacle (unless its space is
// above layer 0: rules.ClearsObstacles), or overlapping the box of any
// other token; "" when it is free. It is for finding room for a new
// token; where a token may end its move by the ruleset is EndRefusal.
func BlockedDrop(e *model.Encounter, d, x, y int) string {
	return dropCheck(e, d, x, y, e.Tokens[d].Elevation, false)
}

// EndRefusal says why token d may not end a move at (x, y) at its own
// height under the encounter's ruleset, "" when it may: as BlockedDrop,
// except that the spaces the ruleset lets two tokens share are allowed (a
// tiny creature with anyone in sf2e and pf1e, ships two or more sizes
// apart). A move that ends at another height asks EndRefusalAt.
func EndRefusal(e *model.Encounter, d, x, y int) string {
	return dropCheck(e, d, x, y, e.Tokens[d].Elevation, true)
}

// EndRefusalAt is EndRefusal for token d ending at elevation z (a flight
// whose path ends at the overlays' End elevation: DropHeight). Creatures
// block by their boxes (rules.BoxesOverlap: a flyer may end above or
// below another creature), and a space above layer 0 may end over an
// obstacle (rules-conventions.md "Elevation"); walls are full height.
func EndRefusalAt(e *model.Encounter, d, x, y, z int) string {
	return dropCheck(e, d, x, y, z, true)
}

func dropCheck(e *model.Encounter, d, x, y, z int, byRules bool) string {
	t := e.Tokens[d] // a copy, where the drop would put it
	t.X, t.Y, t.Elevation = x, y, z
	k := e.Space(&t)
	if x < 0 || y < 0 || x+k > e.Grid.W || y+k > e.Grid.H {
		return "off the map"
	}
	over := rules.ClearsObstacles(e, z)
	for yy := y; yy < y+k; yy++ {
		for xx := x; xx < x+k; xx++ {
			tr := e.Grid.At(xx, yy)
			if tr.Any(model.Wall) {
				return fmt.Sprintf("(%d, %d) is a wall", xx, yy)
			}
			if tr.BlocksLikeWall() {
				return fmt.Sprintf("(%d, %d) is a closed door", xx, yy)
			}
			if tr.Any(model.Obstacle) && !over {
				return fmt.Sprintf("(%d, %d) is an obstacle", xx, yy)
			}
		}
	}
	if why := underGround(e, &t); why != "" {
		return why
	}
	rs := rules.Describe(e.Ruleset)
	for j := range e.Tokens {
		if j == d {
			continue
		}
		o := &e.Tokens[j]
		if byRules && mayShareSpace(rs, &t, o) {
			continue
		}
		if rules.BoxesOverlap(e, &t, o) {
			return "occupied by " + o.Name
		}
	}
	return ""
}

// Misplaced lists, in order, the tokens that stand where EndRefusal
// refuses them (a token placed with Shift, or loaded, on a wall, off the
// map or in another token's box): the same tokens as EndRefusal(e, i, X,
// Y) != "" for each i, which the editor marks on every frame's overlays.
// A flyer above another creature, or above an obstacle, is where it may
// be (rules.BoxesOverlap, rules.ClearsObstacles).
//
// Asking EndRefusal token by token compares every pair: 1000 tokens took
// 25 ms, on every edit and every overlay answer. Here each token is put in
// the buckets (misplacedBucket squares a side) its space covers and
// compared only with the tokens in those: O(n + the squares the spaces
// cover / misplacedBucket²) time for spread tokens, n² only when every
// token stands in one bucket. The buckets are reused from the last call
// (misplacedScratch), so the check, made on every overlay rebuild,
// allocates only its answer, none when every token stands where it may.
func Misplaced(e *model.Encounter) []int {
	n := len(e.Tokens)
	if n == 0 {
		return nil
	}
	var out []int
	sc := misplacedScratches.Get().(*misplacedScratch)
	defer misplacedScratches.Put(sc)
	rs := rules.Describe(e.Ruleset)
	bw := max((e.Grid.W+misplacedBucket-1)/misplacedBucket, 1)
	bh := max((e.Grid.H+misplacedBucket-1)/misplacedBucket, 1)
	clamp := func(v, hi int) int { return min(max(v, 0), hi-1) }
	// span is the buckets a token's space covers (clamped to the map: two
	// spaces that overlap share a square on it when either is on it)
	span := func(t *model.Token) (x0, y0, x1, y1 int) {
		k := e.Space(t)
		return clamp(t.X/misplacedBucket, bw), clamp(t.Y/misplacedBucket, bh),
			clamp((t.X+k-1)/misplacedBucket, bw), clamp((t.Y+k-1)/misplacedBucket, bh)
	}
	heads := sc.heads[:0] // first entry of each bucket's list, +1 (0: none)
	if cap(heads) < bw*bh {
		heads = make([]int32, 0, bw*bh)
	}
	heads = heads[:bw*bh]
	clear(heads)
	entries := sc.entries[:0]
	for i := range e.Tokens {
		x0, y0, x1, y1 := span(&e.Tokens[i])
		for by := y0; by <= y1; by++ {
			for bx := x0; bx <= x1; bx++ {
				b := by*bw + bx
				entries = append(entries, misplacedEntry{int32(i), heads[b]})
				heads[b] = int32(len(entries))
			}
		}
	}
	sc.heads, sc.entries = heads, entries // for the next call
	for i := range e.Tokens {
		t := &e.Tokens[i]
		if misplacedAlone(e, t) {
			out = append(out, i)
			continue
		}
		x0, y0, x1, y1 := span(t)
		found := false
		for by := y0; by <= y1 && !found; by++ {
			for bx := x0; bx <= x1 && !found; bx++ {
				for c := heads[by*bw+bx]; c != 0 && !found; c = entries[c-1].next {
					j := int(entries[c-1].tok)
					if j == i {
						continue
					}
					o := &e.Tokens[j]
					if mayShareSpace(rs, t, o) {
						continue
					}
					found = rules.BoxesOverlap(e, t, o)
				}
			}
		}
		if found {
			out = append(out, i)
		}
	}
	return out
}

// misplacedBucket is the side of Misplaced's buckets, in squares.
const misplacedBucket = 16

// misplacedScratch is Misplaced's buckets: the head of each bucket's list
// and the lists' entries (a token and the next entry, +1), kept for the
// next call in misplacedScratches. They grow to the largest map and crowd
// asked (4 bytes a bucket, 8 an entry: 1000 x 1000 with 1000 tokens is
// 24 kB) and go with the pool's next collection when unused.
type misplacedScratch struct {
	heads   []int32
	entries []misplacedEntry
}

type misplacedEntry struct{ tok, next int32 }

// misplacedScratches holds Misplaced's buckets between calls: the UI
// goroutine's overlay rebuilds and the player display's may ask at once.
var misplacedScratches = sync.Pool{New: func() any { return new(misplacedScratch) }}

// misplacedAlone reports whether t's own place is refused, whoever else
// stands there: off the map, or a square of it a wall, or an obstacle
// under a space that does not clear it, or below the ground where it may
// not be (dropCheck's first checks).
func misplacedAlone(e *model.Encounter, t *model.Token) bool {
	k := e.Space(t)
	if t.X < 0 || t.Y < 0 || t.X+k > e.Grid.W || t.Y+k > e.Grid.H {
		return true
	}
	if underGround(e, t) != "" {
		return true
	}
	no := model.Wall | model.Obstacle
	if rules.ClearsObstacles(e, t.Elevation) {
		no = model.Wall
	}
	for yy := t.Y; yy < t.Y+k; yy++ {
		for xx := t.X; xx < t.X+k; xx++ {
			if tr := e.Grid.At(xx, yy); tr.Any(no) || tr.BlocksLikeWall() {
				return true
			}
		}
	}
	return false
}

// mayShareSpace reports whether tokens t and o may stand in one space
// after a move: the ruleset lets either end in the other's
// (rules.Ruleset.MayEndOn: sizes that share, or a prone creature
// unconscious or dead and no bigger than the one ending there). Either
// way round, so that the body a creature stands on is not marked
// misplaced for it, nor the creature moved onto a body refused.
func mayShareSpace(rs *rules.Ruleset, t, o *model.Token) bool {
	return rs.MayEndOn(t, o) || rs.MayEndOn(o, t)
}

// RulesetProblems lists, per token, why it does not fit ruleset r as it is.
func RulesetProblems(e *model.Encounter, r model.Ruleset) []string {
	var out []string
	for i := range e.Tokens {
		// the token alone, without what names the others (the fight's
		// order, an area that follows a token: their names are no problem
		// of this token's, and a switch keeps them) and without reading
		// the map: a check of the whole encounter for each token froze
		// the editor for a second on a 1000 x 1000 map with 500 tokens
		c := model.Encounter{Ruleset: r, Grid: model.Grid{W: e.Grid.W, H: e.Grid.H}, Tokens: e.Tokens[i : i+1]}
		if err := model.ValidateToken(&c, 0); err != nil {
			msg := err.Error()
			if j := strings.Index(msg, ": "); j >= 0 && strings.HasPrefix(msg, "tokens[") {
				msg = msg[j+2:]
			}
			out = append(out, fmt.Sprintf("%s: %s", e.Tokens[i].Name, msg))
			continue
		}
		t := &e.Tokens[i]
		for _, n := range rules.Describe(r).Needs {
			if _, ok := t.Speeds[n.Speed]; !ok {
				out = append(out, fmt.Sprintf("%s: no %s speed (%s)", t.Name, n.Speed, n.Why))
				break
			}
		}
	}
	// Spaces change size between rulesets (a Medium ship is 2x2): list the
	// tokens that would newly stand on a wall or on another creature.
	fit := e.Clone()
	rules.Convert(fit, r)
	for i := range fit.Tokens {
		if why := Crowded(fit, i); why != "" && Crowded(e, i) == "" {
			out = append(out, fmt.Sprintf("%s: its %s space would %s", e.Tokens[i].Name, spaceWord(fit, i), why))
		}
	}
	sort.Strings(out)
	return out
}

func spaceWord(e *model.Encounter, i int) string {
	k := e.Space(&e.Tokens[i])
	return fmt.Sprintf("%dx%d", k, k)
}

// Crowded says what token i's space stands on that the rules forbid ending
// on: a wall, or an obstacle under a space that does not clear it
// (rules.ClearsObstacles), or the box of another token it may not share a
// space with (rules.Ruleset.MayShare, rules.BoxesOverlap: as where a
// dragged token may be dropped), or "".
func Crowded(e *model.Encounter, i int) string {
	t := &e.Tokens[i]
	k := e.Space(t)
	no := model.Wall | model.Obstacle
	if rules.ClearsObstacles(e, t.Elevation) {
		no = model.Wall
	}
	for y := t.Y; y < t.Y+k; y++ {
		for x := t.X; x < t.X+k; x++ {
			if tr := e.Grid.At(x, y); tr.Any(no) || tr.BlocksLikeWall() {
				return "stand on a wall or obstacle"
			}
		}
	}
	rs := rules.Describe(e.Ruleset)
	for j := range e.Tokens {
		o := &e.Tokens[j]
		if j == i || mayShareSpace(rs, t, o) {
			continue
		}
		if rules.BoxesOverlap(e, t, o) {
			return "overlap " + o.Name
		}
	}
	return ""
}

// NearestFoe is the enemy of token i nearest to it (any other token when
// it has no enemy), -1 when there is none.
func NearestFoe(e *model.Encounter, i int) int {
	if i < 0 || i >= len(e.Tokens) {
		return -1
	}
	me := e.Tokens[i]
	best, bestD, bestFoe := -1, 0, false
	for j, t := range e.Tokens {
		if j == i {
			continue
		}
		foe := model.Enemies(me.SideOrNeutral(), t.SideOrNeutral())
		d := max(abs(t.X-me.X), abs(t.Y-me.Y))
		if best < 0 || (foe && !bestFoe) || (foe == bestFoe && d < bestD) {
			best, bestD, bestFoe = j, d, foe
		}
	}
	return best
}
