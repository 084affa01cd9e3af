package session

import (
	"fmt"
	"maps"
	"reflect"
	"slices"
	"time"

	"encounterplanner/model"
)

// HistoryLimit bounds the undo stack: a 250x250 map snapshot is ~125 kB, so
// the whole stack stays near 12 MB.
const HistoryLimit = 100

// HistoryBytes bounds the map squares and masks the undo stack holds of
// its own, beyond the last HistoryMin steps: the top step's arrays, and
// below it what each step's diff from the one above holds (mapDiff), or
// its own arrays where it has no diff (a new map size). A brush stroke on
// a 1000 x 1000 map recorded its 2 MB of squares, and such a map kept
// about 24 strokes; written as a diff, a stroke of a few hundred squares
// holds a few kilobytes, and all 100 are kept. Fills of most of such a
// map, each kept whole, still keep about 24.
const (
	HistoryBytes = 48 << 20
	HistoryMin   = 10
)

// History is a snapshot-based undo/redo stack. Each entry is a copy of
// the encounter before an edit (its map written as a diff from the entry
// above, mapDiff, below the top); consecutive edits with the same key
// within a short time (typing in one inspector field) share one entry.
type History struct {
	undo, redo []*model.Encounter
	// undoDiff and redoDiff are, one a step, how the step's map is written
	// against the step above (nil for the top step, which has its arrays)
	undoDiff, redoDiff []*mapDiff
	// undoNames and redoNames are the steps' names (Name), one a step of
	// undo and redo, "" for a step named by what it changed (Change)
	undoNames, redoNames []string
	// moved is the name of the step Back or Forward last moved
	moved   string
	lastKey string
	lastAt  time.Time
	// kept is how many steps the stack held when it last let the oldest
	// go (Push), 0 while it has let none go
	kept int
}

// Kept is how far back undo goes since the stack first let its oldest
// step go (HistoryLimit steps, fewer on a large map: HistoryBytes); 0
// while every step since the encounter opened is kept. Undo says it when
// it has nothing more to undo: "nothing to undo" read as if the session
// had begun there.
func (h *History) Kept() int { return h.kept }

// Name names the step last recorded for what the GM did ("Wing fell 30
// ft", "Ogre Brute delayed"), which Undo and Redo say in place of what
// the two states differ by: a fall changes height, HP and prone in one
// step, and was undone as "Wing's HP changed"; Start fight over a fight
// as "Pip's initiative changed"; a Delay as "turn passed".
func (h *History) Name(words string) {
	if n := len(h.undoNames); n > 0 {
		h.undoNames[n-1] = words
	}
}

// Change is the edit from older to newer, the states either side of the
// step Back or Forward last moved (session.Change), named by the step's
// name when it has one (Name).
func (h *History) Change(older, newer *model.Encounter) Edit {
	ch := Change(older, newer)
	if h.moved != "" {
		ch.Words = h.moved
	}
	return ch
}

// push records before (already a clone, or the state an edit replaced,
// which nothing changes any more) as the state to return to. Its map
// squares, fog and GM-only marks are shared with the last state recorded
// when they are the same (a token moved on a 1000 x 1000 map kept 2 MB of
// squares and 2 MB of masks again a step: 100 steps held 400 MB).
func (h *History) Push(before *model.Encounter, key string) {
	now := time.Now()
	if key != "" && key == h.lastKey && now.Sub(h.lastAt) < 3*time.Second && len(h.undo) > 0 {
		h.lastAt = now
		h.dropRedo()
		return
	}
	h.lastKey, h.lastAt = key, now
	record(&h.undo, &h.undoDiff, before)
	h.undoNames = append(h.undoNames, "")
	drop := max(0, len(h.undo)-HistoryLimit)
	for held := h.held(); drop < len(h.undo)-HistoryMin && held > HistoryBytes; drop++ {
		held -= h.ownBytes(drop)
	}
	if drop > 0 {
		// the steps kept are written against the ones above them: the
		// oldest go without changing them
		n := copy(h.undo, h.undo[drop:])
		clear(h.undo[n:])
		h.undo = h.undo[:n]
		h.undoDiff = h.undoDiff[:copy(h.undoDiff, h.undoDiff[drop:])]
		clear(h.undoDiff[n:cap(h.undoDiff)])
		h.undoNames = h.undoNames[:copy(h.undoNames, h.undoNames[drop:])]
		h.kept = n
	}
	h.dropRedo()
}

// record puts s on top of a stack of states and their diffs: s shares the
// arrays of the state below it where they are the same (shareSame), and
// that state, no longer the top, is written as its diff from s.
func record(stack *[]*model.Encounter, diffs *[]*mapDiff, s *model.Encounter) {
	if n := len(*stack); n > 0 {
		below := (*stack)[n-1]
		shareSame(s, below)
		(*stack)[n-1], (*diffs)[n-1] = writeDiff(below, s)
	}
	*stack = append(*stack, s)
	*diffs = append(*diffs, nil)
}

// take removes the top state of a stack and returns it; the state below
// it, the new top, gets its arrays back from it (readDiff).
func take(stack *[]*model.Encounter, diffs *[]*mapDiff) *model.Encounter {
	n := len(*stack)
	top := (*stack)[n-1]
	(*stack)[n-1], (*diffs)[n-1] = nil, nil
	*stack, *diffs = (*stack)[:n-1], (*diffs)[:n-1]
	if n > 1 {
		if d := (*diffs)[n-2]; d != nil {
			readDiff((*stack)[n-2], top, d)
			(*diffs)[n-2] = nil
		}
	}
	return top
}

// dropRedo forgets the redo steps: cleared first, as truncating alone
// kept every state undone reachable from the slice's array (a 1000 x 1000
// map's squares and masks each) until as many new redo steps overwrote them.
func (h *History) dropRedo() {
	clear(h.redo)
	h.redo = h.redo[:0]
	clear(h.redoDiff)
	h.redoDiff = h.redoDiff[:0]
	h.redoNames = h.redoNames[:0]
}

// held is the bytes of squares and masks the undo steps hold of their own.
func (h *History) held() int {
	n := 0
	for i := range h.undo {
		n += h.ownBytes(i)
	}
	return n
}

// ownBytes is what dropping undo step i gives back: its diff, and its
// squares and masks less those the state above it shares.
func (h *History) ownBytes(i int) int {
	s, above := h.undo[i], &model.Encounter{}
	if i+1 < len(h.undo) {
		above = h.undo[i+1]
	}
	return h.undoDiff[i].bytes() + 2*ownLen(s.Grid.Cells, above.Grid.Cells) + ownLen(s.Revealed, above.Revealed) +
		ownLen(s.GMOnly, above.GMOnly) + ownLen(s.RevealedKept, above.RevealedKept)
}

// ownLen is len(s) unless above shares its array.
func ownLen[T any](s, above []T) int {
	if sameArray(s, above) {
		return 0
	}
	return len(s)
}

// Back returns the state to restore for undo given the current state,
// cur, which it puts aside for redo. The state returned shares its map
// squares and masks with other recorded states (shareSame) and whatever
// else the caller gave them to: the caller gives it arrays of its own
// (SharedMap.Restore) before painting on it in place, as it does with
// the state Forward returns.
func (h *History) Back(cur *model.Encounter) *model.Encounter {
	if len(h.undo) == 0 {
		return nil
	}
	prev := take(&h.undo, &h.undoDiff)
	h.moved = h.undoNames[len(h.undoNames)-1]
	h.undoNames = h.undoNames[:len(h.undoNames)-1]
	h.redoNames = append(h.redoNames, h.moved)
	// cur is put aside: it shares the map with the redo step below it
	// where they are the same, and that step is written as its diff from
	// cur, as on the undo stack (undoing 60 token moves on a 1000 x 1000
	// map with fog kept 60 copies of its squares and masks, 174 MB)
	record(&h.redo, &h.redoDiff, cur)
	h.lastKey = ""
	return prev
}

// shareSame gives e the map squares, fog and GM-only marks of the
// recorded state prev where they are the same.
func shareSame(e, prev *model.Encounter) {
	share(&e.Grid.Cells, prev.Grid.Cells)
	share(&e.Revealed, prev.Revealed)
	share(&e.GMOnly, prev.GMOnly)
	share(&e.RevealedKept, prev.RevealedKept)
}

// share makes *s prev when they hold the same values in other arrays.
func share[T model.Terrain | bool](s *[]T, prev []T) {
	if len(*s) > 0 && !sameArray(*s, prev) && sameValues(*s, prev) {
		*s = prev
	}
}

// sameArray reports whether a and b are non-empty views of one array.
func sameArray[T any](a, b []T) bool {
	return len(a) > 0 && len(b) > 0 && &a[0] == &b[0]
}

// Forward returns the state to restore for redo given the current state,
// cur, which it records for undo; like Back's, the state returned shares
// its map.
func (h *History) Forward(cur *model.Encounter) *model.Encounter {
	if len(h.redo) == 0 {
		return nil
	}
	next := take(&h.redo, &h.redoDiff)
	h.moved = h.redoNames[len(h.redoNames)-1]
	h.redoNames = h.redoNames[:len(h.redoNames)-1]
	h.undoNames = append(h.undoNames, h.moved)
	record(&h.undo, &h.undoDiff, cur)
	h.lastKey = ""
	return next
}

// dropLast forgets the last undo step (a gesture recorded it on the press,
// then was abandoned without changing anything).
func (h *History) DropLast() {
	if n := len(h.undo); n > 0 {
		take(&h.undo, &h.undoDiff)
		h.undoNames = h.undoNames[:n-1]
	}
	h.lastKey = ""
}

// Peek returns the state Back would restore, without restoring it; nil
// when there is nothing to undo.
func (h *History) Peek() *model.Encounter {
	if len(h.undo) == 0 {
		return nil
	}
	return h.undo[len(h.undo)-1]
}

// PeekRedo returns the state Forward would restore, without restoring
// it; nil when there is nothing to redo.
func (h *History) PeekRedo() *model.Encounter {
	if len(h.redo) == 0 {
		return nil
	}
	return h.redo[len(h.redo)-1]
}

// ChangeWords names, in the status bar's words, the edit that took the
// encounter from older to newer ("Dae moved", "fight ended", "fog of war
// changed"), so that Undo and Redo can say what they did; "" when nothing
// it knows differs. It is Change's Words.
func ChangeWords(older, newer *model.Encounter) string { return Change(older, newer).Words }

// An Edit is what one edit changed, as Undo and Redo tell the GM.
type Edit struct {
	// Words name the edit in the status bar's words ("Dae moved").
	Words string
	// Token is the id of the one token the edit added, deleted or changed:
	// the token to select once the edit is undone or redone. "" when the
	// edit changed no token, several, or the whole encounter (a ruleset
	// switch, a new map size, a fight started or ended).
	Token string
}

// Change works out the edit that took the encounter from older to newer.
// Every edit is one snapshot, and the History's keys name only the
// inspector's fields, so the two states themselves say what changed: what
// changes the most goes first (a ruleset switch or a new map size moves
// tokens too, starting a fight sets initiatives), then tokens, the fight's
// turn and order, then the map. O(squares + tokens).
func Change(older, newer *model.Encounter) Edit {
	a, b := older, newer
	switch {
	case a.Ruleset != b.Ruleset:
		return Edit{Words: "ruleset switched"}
	case a.Fight == nil && b.Fight != nil:
		return Edit{Words: "fight started"}
	case a.Fight != nil && b.Fight == nil:
		return Edit{Words: "fight ended"}
	case a.Grid.W != b.Grid.W || a.Grid.H != b.Grid.H:
		return Edit{Words: "map resized"}
	}
	if tc := tokenChange(a, b); tc.Words != "" {
		return tc
	}
	return Edit{Words: otherChange(a, b)}
}

// otherChange names a change that is not to the tokens: the fight's turn
// and order, then the map and the rest; "" when none.
func otherChange(a, b *model.Encounter) string {
	if fa, fb := a.Fight, b.Fight; fa != nil && fb != nil {
		switch {
		case fa.Round != fb.Round || fa.Turn != fb.Turn:
			return "turn passed"
		case !slices.Equal(fa.Order, fb.Order):
			return "initiative order changed"
		}
	}
	if w := doorChange(a, b); w != "" {
		return w
	}
	if w := terrainChange(a, b); w != "" {
		return w
	}
	switch {
	case !slices.Equal(a.Grid.Cells, b.Grid.Cells):
		return "terrain changed"
	case !slices.Equal(a.Edges, b.Edges):
		return "walls and doors changed"
	case !slices.Equal(a.Revealed, b.Revealed):
		return "fog of war changed"
	case !slices.Equal(a.GMOnly, b.GMOnly):
		return "GM-only squares changed"
	case !slices.Equal(a.Areas, b.Areas):
		return "areas changed"
	case !slices.Equal(a.Notes, b.Notes):
		return "notes changed"
	case !reflect.DeepEqual(a.Party, b.Party):
		return "party changed"
	case a.Name != b.Name:
		return "encounter renamed"
	case a.Background != b.Background || !reflect.DeepEqual(a.Placement, b.Placement):
		return "map image changed"
	}
	return ""
}

// tokenChange names the change to the tokens from a to b, and the token
// when it is one: one added or deleted, or what changed of one ("Dae
// moved", "Dae's HP changed"), or how many changed; Words "" when none did.
func tokenChange(a, b *model.Encounter) Edit {
	if len(a.Tokens) != len(b.Tokens) {
		ids := func(e *model.Encounter) map[string]bool {
			m := make(map[string]bool, len(e.Tokens))
			for _, t := range e.Tokens {
				m[t.ID] = true
			}
			return m
		}
		inA, inB := ids(a), ids(b)
		for _, t := range b.Tokens {
			if !inA[t.ID] {
				return Edit{Words: t.Name + " added", Token: t.ID}
			}
		}
		for _, t := range a.Tokens {
			if !inB[t.ID] {
				return Edit{Words: t.Name + " deleted", Token: t.ID}
			}
		}
		return Edit{Words: "tokens changed"}
	}
	changed, what := 0, Edit{}
	for i := range a.Tokens {
		ta, tb := &a.Tokens[i], &b.Tokens[i]
		if reflect.DeepEqual(ta, tb) {
			continue
		}
		changed++
		what.Token = tb.ID
		switch {
		case ta.X != tb.X || ta.Y != tb.Y:
			what.Words = tb.Name + " moved"
		case ta.Name != tb.Name:
			what.Words = ta.Name + " renamed " + tb.Name
		case ta.Hidden != tb.Hidden && !tb.Hidden:
			what.Words = tb.Name + " shown to the players"
		case ta.Hidden != tb.Hidden:
			what.Words = tb.Name + " hidden from the players"
		default:
			what.Words = tb.Name + "'s " + tokenField(ta, tb) + " changed"
		}
	}
	if changed > 1 {
		return Edit{Words: fmt.Sprintf("%d tokens changed", changed)}
	}
	return what
}

// tokenField names, as the inspector labels it, the first field that
// differs between two states of a token that neither moved nor was
// renamed; "details" when none of them does.
func tokenField(ta, tb *model.Token) string {
	switch {
	case !reflect.DeepEqual(ta.HP, tb.HP):
		return "HP"
	case !slices.Equal(ta.Conditions, tb.Conditions):
		return "conditions"
	case ta.Elevation != tb.Elevation:
		return "height"
	case ta.Size != tb.Size:
		return "size"
	case ta.Side != tb.Side:
		return "side"
	case !maps.Equal(ta.Speeds, tb.Speeds):
		return "Speeds"
	case !reflect.DeepEqual(ta.Reach, tb.Reach), ta.Long != tb.Long, ta.ReachWeapon != tb.ReachWeapon:
		return "reach"
	case ta.Facing != tb.Facing:
		return "facing"
	case !reflect.DeepEqual(ta.Level, tb.Level):
		return "level"
	case !reflect.DeepEqual(ta.Initiative, tb.Initiative):
		return "initiative"
	case ta.Notes != tb.Notes:
		return "notes"
	case ta.Image != tb.Image:
		return "picture"
	case ta.Color != tb.Color:
		return "colour"
	}
	return "details"
}
