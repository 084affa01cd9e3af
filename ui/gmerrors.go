package ui

import (
	"fmt"
	"regexp"
	"strings"

	"encounterplanner/model"
)

// model.Validate names fields as a program does (`tokens[1] "Iseph".name:
// duplicate name; tokens[0] has it already`). What the app shows a GM
// names the token and the field in their words and says what to do.

var tokenFieldRE = regexp.MustCompile(`^tokens\[(\d+)\](?: "([^"]*)")?((?:\.[\w.]+)?): `)

// fieldWords is how the app calls a validated field.
var fieldWords = map[string]string{
	".name": "name", ".size": "size", ".side": "side", ".reach": "reach",
	".speeds.turn": "turn speed", ".speeds.fly": "fly speed", ".speeds.land": "land speed",
	".speeds.swim": "swim speed", ".speeds.climb": "climb speed", ".speeds.burrow": "burrow speed",
	".speeds.mobility": "mobility", ".facing": "facing", ".conditions": "conditions",
}

// tokenError words err, from editing token name (as it was before the edit)
// of e, for the GM: the token, the field, the problem and what to do.
func tokenError(e *model.Encounter, name string, err error) string {
	msg := err.Error()
	field, newName := "", ""
	if m := tokenFieldRE.FindStringSubmatch(msg); m != nil {
		msg = msg[len(m[0]):]
		newName = m[2]
		field = fieldWords[m[3]]
		if field == "" && m[3] != "" {
			field = strings.TrimPrefix(m[3], ".")
		}
	}
	var fix string
	switch {
	case strings.Contains(msg, "duplicate name"):
		msg = fmt.Sprintf("%q is a duplicate name: another token has it", newName)
		fix = "type a different name (names must be unique)"
	case field == "name" && strings.Contains(msg, "is required"):
		msg = "the name is empty"
		fix = "type a name"
	case strings.Contains(msg, "does not fit on the"):
		fix = "move the token away from the map's edge first, choose a smaller size, or make the map bigger (Encounter > Map size and scale)"
	case strings.Contains(msg, "is off the"):
		fix = "move the token onto the map first, or choose a bigger map"
	case strings.Contains(msg, "even number of feet"):
		fix = "type an even number of feet, like 60 or 100"
	case strings.Contains(msg, "must not be negative"):
		fix = "type 0 or more, or clear the field for none"
	case strings.Contains(msg, "is not a whole number"):
		fix = "type digits only, like 30"
	}
	s := name
	if field != "" {
		s += ", " + field
	}
	s += ": " + msg
	if fix != "" {
		s += " — " + fix
	}
	return s
}

// mapSizeError words a refused map resize: which token stands outside the
// new size and what to do.
func mapSizeError(e *model.Encounter, w, h int, err error) error {
	msg := err.Error()
	if m := tokenFieldRE.FindStringSubmatch(msg); m != nil {
		var i int
		fmt.Sscan(m[1], &i)
		name := "a token"
		if i < len(e.Tokens) {
			t := &e.Tokens[i]
			name = fmt.Sprintf("%s at (%d, %d)", t.Name, t.X, t.Y)
		}
		return fmt.Errorf("%s would be outside a %d x %d map. Move it inside the new size first, or choose a bigger map", name, w, h)
	}
	if strings.HasPrefix(msg, "notes[") {
		return fmt.Errorf("a map note %s. Move or delete the note first, or choose a bigger map", msg[strings.Index(msg, ": ")+2:])
	}
	return err
}
