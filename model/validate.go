package model

import (
	"fmt"
	"math"
	"path/filepath"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/google/uuid"
)

// Validate checks everything the file format and the rules require of an
// encounter. The codec, the store and the app all call it, so the same
// mistake gets the same message everywhere. It returns the first problem.
func Validate(e *Encounter) error {
	if n := utf8.RuneCountInString(e.Name); n < 1 || n > MaxName {
		return fieldErr("name", "must be 1 to %d characters, not %d", MaxName, n)
	}
	if msg := nameProblem(e.Name); msg != "" {
		return fieldErr("name", "%s", msg)
	}
	if _, err := ParseRuleset(string(e.Ruleset)); err != nil {
		return fieldErr("ruleset", "%v", err)
	}
	if e.FeetPerSquare < 0 {
		return fieldErr("map.feetPerSquare", "must be positive, not %d", e.FeetPerSquare)
	}
	g := &e.Grid
	if g.W < 1 || g.H < 1 {
		return fieldErr("map.rows", "the map needs at least 1 row and 1 column")
	}
	if g.W > MaxMapSide || g.H > MaxMapSide {
		return fieldErr("map.rows", "the map is %dx%d squares; at most %dx%d are allowed", g.W, g.H, MaxMapSide, MaxMapSide)
	}
	if len(g.Cells) != g.W*g.H {
		return fieldErr("map.rows", "the grid holds %d squares, expected %d", len(g.Cells), g.W*g.H)
	}
	for i, t := range g.Cells {
		if t&^traitMask != 0 {
			return fieldErr(fmt.Sprintf("map.rows[%d][%d]", i/g.W, i%g.W), "unknown terrain bits %#x", uint16(t&^traitMask))
		}
	}
	if e.Background != "" {
		if err := CheckBackground(e.Background); err != nil {
			return fieldErr("map.background", "%v", err)
		}
	}
	if err := checkBackgroundSize(e.Background); err != nil {
		return err
	}
	if err := validateMapAdded(e); err != nil {
		return err
	}
	if len(e.Tokens) > MaxTokens {
		return fieldErr("tokens", "%d tokens; at most %d are allowed", len(e.Tokens), MaxTokens)
	}
	names := make(map[string]int, len(e.Tokens))
	ids := make(map[string]int, len(e.Tokens))
	var portraits portraitBudget
	for i := range e.Tokens {
		if err := validateToken(e, i, &portraits); err != nil {
			return err
		}
		t := &e.Tokens[i]
		if err := portraits.add(t.Image); err != nil {
			return tokenErr(i, t.Name, "image", "%v", err)
		}
		if j, dup := names[t.Name]; dup {
			return tokenErr(i, t.Name, "name", "duplicate name; tokens[%d] has it already (names must be unique)", j)
		}
		names[t.Name] = i
		if t.ID != "" {
			// A UUID's hex digits are case-insensitive: "6F1D..." is "6f1d...".
			id := strings.ToLower(t.ID)
			if j, dup := ids[id]; dup {
				return tokenErr(i, t.Name, "id", "duplicate id %q; tokens[%d] has it already", t.ID, j)
			}
			ids[id] = i
		}
	}
	for i, n := range e.Notes {
		if !g.In(n.X, n.Y) {
			return fieldErr(fmt.Sprintf("notes[%d]", i), "square (%d, %d) is off the %dx%d map", n.X, n.Y, g.W, g.H)
		}
		if msg := textProblem(n.Text, true); msg != "" {
			return fieldErr(fmt.Sprintf("notes[%d].text", i), "%s", msg)
		}
	}
	if err := validateParty(e.Party); err != nil {
		return err
	}
	if err := validateFight(e, names); err != nil {
		return err
	}
	for i := range e.Areas {
		if err := validateArea(e, i, names); err != nil {
			return err
		}
	}
	return checkFileSize(e, MaxFileBytes)
}

// MaxName is the most characters an encounter's or a token's name has.
const MaxName = 200

// FileNameFallback names an encounter made from a file whose name gives
// none (NameFromFile).
const FileNameFallback = "Imported map"

// NameFromFile is the name of an encounter made from the file fileName (a
// Universal VTT map, a map image): its base name without the extension,
// less the characters no name holds (a control character becomes a space,
// a bidirectional formatting character goes: a file may be named anything
// but "/"), cut to MaxName characters. When that is blank (a file named
// ".dd2vtt", or "\u200b.dd2vtt") it is FileNameFallback and fromFile is
// false, so the caller can say so.
func NameFromFile(fileName string) (name string, fromFile bool) {
	base := filepath.Base(fileName)
	name = strings.TrimSuffix(base, filepath.Ext(base))
	if textProblem(name, false) != "" {
		name = strings.Map(func(r rune) rune {
			switch {
			case unicode.IsControl(r):
				return ' '
			case garbles(r, false):
				return -1
			}
			return r
		}, name)
	}
	if utf8.RuneCountInString(name) > MaxName {
		name = string([]rune(name)[:MaxName])
	}
	if blank(name) {
		return FileNameFallback, false
	}
	return name, true
}

// validateMapAdded checks the map's edges, background placement, GM-only
// squares and fog.
func validateMapAdded(e *Encounter) error {
	g := &e.Grid
	if _, err := checkEdges(e.Edges, g.W, g.H); err != nil {
		return err
	}
	if p := e.Placement; p != nil {
		if e.Background == "" {
			return fieldErr("map.backgroundPlacement", "places a background, but the map has none")
		}
		if !finite(p.X) || !finite(p.Y) || math.Abs(p.X) > 1e9 || math.Abs(p.Y) > 1e9 {
			return fieldErr("map.backgroundPlacement", "x and y must be pixels from -1e9 to 1e9, not %v and %v", p.X, p.Y)
		}
		if !finite(p.PxPerSquare) || p.PxPerSquare <= 0 || p.PxPerSquare > MaxPxPerSquare {
			return fieldErr("map.backgroundPlacement.pxPerSquare", "must be more than 0 and at most %d pixels, not %v", MaxPxPerSquare, p.PxPerSquare)
		}
	}
	for _, m := range []struct {
		field string
		mask  []bool
	}{{"map.gmOnly", e.GMOnly}, {"map.revealed", e.Revealed}, {"map.revealedKept", e.RevealedKept}} {
		if m.mask != nil && len(m.mask) != g.W*g.H {
			return fieldErr(m.field, "holds %d squares, expected %d (the shape of rows, %dx%d)", len(m.mask), g.W*g.H, g.W, g.H)
		}
	}
	if e.Revealed != nil && e.RevealedKept != nil {
		return fieldErr("map.revealedKept", "is what fog of war revealed while it is off, but map.revealed has it on: leave one of them out")
	}
	return nil
}

// MaxPxPerSquare bounds a background's pixels per square.
const MaxPxPerSquare = 10000

func finite(f float64) bool { return !math.IsNaN(f) && !math.IsInf(f, 0) }

// Party levels and sizes the threat budget knows.
const (
	MinPartyLevel, MaxPartyLevel = 1, 20
	MaxPartySize                 = 100
	MinLevel, MaxLevel           = -1, 25
)

func validateParty(p *Party) error {
	if p == nil {
		return nil
	}
	if p.Side == "" {
		return fieldErr("party.side", "is required: the players' side")
	}
	if msg := nameProblem(p.Side); msg != "" {
		return fieldErr("party.side", "%s", msg)
	}
	if p.Level != 0 && (p.Level < MinPartyLevel || p.Level > MaxPartyLevel) {
		return fieldErr("party.level", "must be %d to %d, not %d", MinPartyLevel, MaxPartyLevel, p.Level)
	}
	if p.Size < 1 || p.Size > MaxPartySize {
		return fieldErr("party.size", "must be 1 to %d players, not %d", MaxPartySize, p.Size)
	}
	return nil
}

func validateFight(e *Encounter, names map[string]int) error {
	f := e.Fight
	if f == nil {
		return nil
	}
	if f.Round < 1 || f.Round > MaxRound {
		return fieldErr("fight.round", "must be 1 to %d, not %d", MaxRound, f.Round)
	}
	if len(f.Order) == 0 {
		return fieldErr("fight.order", "is required: the tokens in initiative order")
	}
	at := make(map[string]int, len(f.Order))
	for i, n := range f.Order {
		field := fmt.Sprintf("fight.order[%d]", i)
		if _, ok := names[n]; !ok {
			return fieldErr(field, "no token is named %q", n)
		}
		if j, dup := at[n]; dup {
			return fieldErr(field, "%q is in the order twice (fight.order[%d])", n, j)
		}
		at[n] = i
	}
	if f.Turn == "" {
		return fieldErr("fight.turn", "is required: the token whose turn it is")
	}
	if _, ok := at[f.Turn]; !ok {
		return fieldErr("fight.turn", "%q is not in fight.order", f.Turn)
	}
	for _, n := range sortedKeys(f.State) {
		st := f.State[n]
		field := fmt.Sprintf("fight.state[%q]", n)
		if _, ok := at[n]; !ok {
			return fieldErr(field, "%q is not in fight.order", n)
		}
		for _, v := range []struct {
			key string
			n   int
		}{{"actions", st.Actions}, {"diagonals", st.Diagonals}, {"spent", st.Spent}} {
			if v.n < 0 {
				return fieldErr(field+"."+v.key, "must not be negative, not %d", v.n)
			}
			if v.key == "diagonals" && v.n > MaxTurnDiagonals {
				return fieldErr(field+"."+v.key, "must be at most %d, not %d (only whether it is odd or even counts)", MaxTurnDiagonals, v.n)
			}
		}
	}
	return nil
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// validateArea checks area i: the fields its kind uses, and no others.
func validateArea(e *Encounter, i int, names map[string]int) error {
	a := &e.Areas[i]
	at := fmt.Sprintf("areas[%d]", i)
	bad := func(field, format string, args ...any) error { return fieldErr(join(at, field), format, args...) }
	if a.Kind < Burst || a.Kind > Line {
		return bad("kind", "unknown area kind %d", int(a.Kind))
	}
	if a.Label != "" {
		if msg := nameProblem(a.Label); msg != "" {
			return bad("label", "%s", msg)
		}
	}
	burst, cone, line := a.Kind == Burst, a.Kind == Cone, a.Kind == Line
	unused := func(field string, set bool) error {
		if set {
			return bad(field, "%s has no %s", a.Kind.withArticle(), field)
		}
		return nil
	}
	for _, u := range []struct {
		field string
		set   bool
	}{
		{"x", !burst && a.X != 0}, {"y", !burst && a.Y != 0}, {"token", burst && a.Token != ""},
		{"radius", (cone || line) && a.Radius != 0}, {"dir", !cone && a.Dir != N},
		{"toward", !line && a.Toward != [2]int{}}, {"length", !(cone || line) && a.Length != 0},
		{"originOffset", !cone && a.OriginOffset != 0},
	} {
		if err := unused(u.field, u.set); err != nil {
			return err
		}
	}
	g := &e.Grid
	if burst {
		if a.X < 0 || a.Y < 0 || a.X > g.W || a.Y > g.H {
			return bad("", "centre (%d, %d) is off the grid lines (x 0 to %d, y 0 to %d)", a.X, a.Y, g.W, g.H)
		}
	} else {
		if a.Token == "" {
			return bad("token", "is required: the token the %s comes from", a.Kind)
		}
		if _, ok := names[a.Token]; !ok {
			return bad("token", "no token is named %q", a.Token)
		}
	}
	size := a.Radius
	field := "radius"
	if cone || line {
		size, field = a.Length, "length"
	}
	if fps := e.Feet(); size <= 0 || size%fps != 0 {
		return bad(field, "must be a positive multiple of %d feet (one square), not %d", fps, size)
	}
	if cone {
		if a.Dir > NW {
			return bad("dir", "unknown facing %d", a.Dir)
		}
		t := &e.Tokens[names[a.Token]]
		k := e.Space(t)
		if a.OriginOffset != 0 && a.Dir%2 != 0 {
			return bad("originOffset", "must be 0 for a diagonal cone, not %d", a.OriginOffset)
		}
		if a.OriginOffset < -(k-1) || a.OriginOffset > k-1 {
			return bad("originOffset", "must be from %d to %d half squares for %q's %dx%d space, not %d", -(k - 1), k-1, t.Name, k, k, a.OriginOffset)
		}
	}
	if line {
		t := &e.Tokens[names[a.Token]]
		x, y, k := a.Toward[0], a.Toward[1], e.Space(t)
		if !g.In(x, y) {
			return bad("toward", "square (%d, %d) is off the %dx%d map", x, y, g.W, g.H)
		}
		if x >= t.X && x < t.X+k && y >= t.Y && y < t.Y+k {
			return bad("toward", "square (%d, %d) is in %q's own space; aim at a square outside it", x, y, t.Name)
		}
	}
	return nil
}

// ValidateArea checks area i of e as Validate does, alone: its fields
// against e's tokens, map and square size (a ruleset switch or a new scale
// asks it of each area before keeping it). Time O(tokens).
func ValidateArea(e *Encounter, i int) error {
	names := make(map[string]int, len(e.Tokens))
	for j := range e.Tokens {
		names[e.Tokens[j].Name] = j
	}
	return validateArea(e, i, names)
}

// ValidateToken checks token i of e as Validate does, alone: its fields
// against e's ruleset and map size, its picture against the whole budget.
// It reads nothing else of e (a check per token that ran Validate read the
// whole map each time).
func ValidateToken(e *Encounter, i int) error {
	var portraits portraitBudget
	if err := validateToken(e, i, &portraits); err != nil {
		return err
	}
	if t := &e.Tokens[i]; t.Image != "" {
		if err := portraits.add(t.Image); err != nil {
			return tokenErr(i, t.Name, "image", "%v", err)
		}
	}
	return nil
}

func validateToken(e *Encounter, i int, portraits *portraitBudget) error {
	t := &e.Tokens[i]
	bad := func(field, format string, args ...any) error { return tokenErr(i, t.Name, field, format, args...) }
	if t.Name == "" {
		return bad("name", "is required")
	}
	if msg := nameProblem(t.Name); msg != "" {
		// not named by itself: the name is what cannot be shown
		return tokenErr(i, "", "name", "%s", msg)
	}
	if utf8.RuneCountInString(t.Name) > MaxName {
		return bad("name", "must be at most %d characters", MaxName)
	}
	if t.ID != "" && !ValidID(t.ID) {
		return bad("id", "%q is not a UUID", t.ID)
	}
	if !e.Ruleset.AllowsSize(t.Size) {
		return bad("size", "%s is not a size of the %s ruleset", t.Size, e.Ruleset)
	}
	k := e.Ruleset.Space(t.Size)
	if t.X < 0 || t.Y < 0 || t.X+k > e.Grid.W || t.Y+k > e.Grid.H {
		if k == 1 {
			return bad("", "square (%d, %d) is off the %dx%d map", t.X, t.Y, e.Grid.W, e.Grid.H)
		}
		return bad("", "its %dx%d space at (%d, %d) does not fit on the %dx%d map", k, k, t.X, t.Y, e.Grid.W, e.Grid.H)
	}
	for key, v := range t.Speeds {
		if !knownSpeed(key) {
			return bad("speeds", "unknown speed %q (want %s)", key, strings.Join(SpeedKeys, ", "))
		}
		if v < 0 {
			return bad("speeds."+key, "must not be negative, not %d", v)
		}
	}
	if e.Ruleset == Starship {
		if v, ok := t.Speeds[SpeedTurn]; ok && v%2 != 0 {
			return bad("speeds.turn", "must be an even number of feet, not %d", v)
		}
	}
	if t.Reach != nil && *t.Reach < 0 {
		return bad("reach", "must not be negative, not %d", *t.Reach)
	}
	if t.Facing > NW {
		return bad("facing", "unknown facing %d", t.Facing)
	}
	if s := t.Side; s != "" {
		if msg := nameProblem(s); msg != "" {
			return bad("side", "%s", msg)
		}
	}
	if err := checkConditions(t.Conditions, bad); err != nil {
		return err
	}
	if msg := textProblem(t.Notes, true); msg != "" {
		return bad("notes", "%s", msg)
	}
	if fps := e.Feet(); (e.Ruleset == SF2E || e.Ruleset == PF1E) && t.Elevation%fps != 0 {
		return bad("elevation", "must be a multiple of %d feet (one square), not %d", fps, t.Elevation)
	}
	if t.Elevation < -MaxElevation || t.Elevation > MaxElevation {
		return bad("elevation", "must be from %d to %d feet, not %d", -MaxElevation, MaxElevation, t.Elevation)
	}
	if t.Level != nil && (*t.Level < MinLevel || *t.Level > MaxLevel) {
		return bad("level", "must be %d to %d, not %d", MinLevel, MaxLevel, *t.Level)
	}
	if hp := t.HP; hp != nil {
		if hp.Max < 1 {
			return bad("hp.max", "must be at least 1, not %d", hp.Max)
		}
		if hp.Current < 0 || hp.Current > hp.Max {
			return bad("hp.current", "must be from 0 to max (%d), not %d", hp.Max, hp.Current)
		}
	}
	if t.Image != "" {
		if err := portraits.check(t.Image); err != nil {
			return bad("image", "%v", err)
		}
	}
	if t.Color != "" && !ValidColor(t.Color) {
		return bad("color", "must be a colour written #rrggbb (six lower-case hex digits), not %q", t.Color)
	}
	return nil
}

// ValidColor reports whether s is a token colour as the file writes it:
// "#" and six lower-case hex digits.
func ValidColor(s string) bool {
	if len(s) != 7 || s[0] != '#' {
		return false
	}
	for _, c := range s[1:] {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// MaxElevation bounds a token's elevation, in feet either way: far above
// any fall (capped at 1,500 ft) and any flight a map shows.
const MaxElevation = 1000000

func knownSpeed(key string) bool {
	for _, k := range SpeedKeys {
		if k == key {
			return true
		}
	}
	return false
}

// ValidID reports whether s is a token or encounter id as the format states
// it: a UUID in its 36-character 8-4-4-4-12 hex form, digits in either case.
// uuid.Parse also takes the braced, urn: and hyphenless forms; the format
// does not.
func ValidID(s string) bool {
	if len(s) != 36 {
		return false
	}
	_, err := uuid.Parse(s)
	return err == nil
}
