package model

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"
)

// Validate checks everything the file format and the rules require of an
// encounter. The codec, the store and the app all call it, so the same
// mistake gets the same message everywhere. It returns the first problem.
func Validate(e *Encounter) error {
	if n := utf8.RuneCountInString(e.Name); n < 1 || n > 200 {
		return fieldErr("name", "must be 1 to 200 characters, not %d", n)
	}
	if strings.TrimSpace(e.Name) == "" {
		return fieldErr("name", "must not be blank")
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
	if e.Background != "" && !strings.HasPrefix(e.Background, "data:image/png;base64,") && !strings.HasPrefix(e.Background, "data:image/webp;base64,") {
		return fieldErr("map.background", "must be a data:image/png;base64,... or data:image/webp;base64,... image")
	}
	if len(e.Tokens) > MaxTokens {
		return fieldErr("tokens", "%d tokens; at most %d are allowed", len(e.Tokens), MaxTokens)
	}
	names := make(map[string]int, len(e.Tokens))
	ids := make(map[string]int, len(e.Tokens))
	for i := range e.Tokens {
		if err := validateToken(e, i); err != nil {
			return err
		}
		t := &e.Tokens[i]
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
	}
	return nil
}

func validateToken(e *Encounter, i int) error {
	t := &e.Tokens[i]
	bad := func(field, format string, args ...any) error { return tokenErr(i, t.Name, field, format, args...) }
	if strings.TrimSpace(t.Name) == "" {
		return bad("name", "is required")
	}
	if utf8.RuneCountInString(t.Name) > 200 {
		return bad("name", "must be at most 200 characters")
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
	if s := t.Side; s != "" && strings.TrimSpace(s) == "" {
		return bad("side", "must not be blank")
	}
	for j, c := range t.Conditions {
		if strings.TrimSpace(c) == "" {
			return bad(fmt.Sprintf("conditions[%d]", j), "must not be blank")
		}
	}
	return nil
}

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
