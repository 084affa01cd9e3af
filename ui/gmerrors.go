package ui

import (
	"errors"
	"fmt"
	"strings"

	"encounterplanner/model"
	"encounterplanner/rules"
)

// model.Validate names fields as a program does (`tokens[1] "Iseph".name:
// duplicate name; tokens[0] has it already`). What the app shows a GM
// names the token and the field in their words and says what to do. It
// reads the structured model.FieldError, never the message text.

// fieldProblem is what a validation error says: which token (-1 for none),
// its name, the field (as the format names it: "speeds.fly", "notes[2]")
// and what is wrong.
type fieldProblem struct {
	token       int
	name, field string
	msg         string
}

// problemOf reads err's model.FieldError; ok is false for any other error.
func problemOf(err error) (p fieldProblem, ok bool) {
	var fe *model.FieldError
	if !errors.As(err, &fe) {
		return fieldProblem{token: -1}, false
	}
	return fieldProblem{token: fe.Token, name: fe.Name, field: fe.Field, msg: fe.Msg}, true
}

// fieldWords is how the app calls a validated token field that is not a
// Speed or the reach (fieldWord).
var fieldWords = map[string]string{
	"name": "name", "size": "size", "side": "side",
	"facing": "facing", "conditions": "conditions",
	"elevation": elevationLabel, "level": "Level",
}

// fieldWord is how the app calls a validated token field of e: a Speed
// or the reach in the inspector's words ("Land Speed": Land under Speed),
// so that a refusal names the field the GM sees.
func fieldWord(e *model.Encounter, field string) string {
	d := rules.Describe(e.Ruleset)
	if k, ok := strings.CutPrefix(field, "speeds."); ok && k != "" {
		return speedLabel(d, k)
	}
	if field == "reach" {
		return reachLabel
	}
	return fieldWords[field]
}

// tokenError words err, from editing token name (as it was before the edit)
// of e, for the GM: the token, the field, the problem and what to do.
func tokenError(e *model.Encounter, name string, err error) string {
	msg := err.Error()
	field, newName := "", ""
	if p, ok := problemOf(err); ok && p.token >= 0 {
		msg, newName = p.msg, p.name
		field = fieldWord(e, p.field)
		if field == "" {
			field = p.field
		}
	}
	var fix string
	switch {
	case strings.Contains(msg, "duplicate name"):
		msg = nameTakenWords(e, newName)
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
	case strings.Contains(msg, "must be a multiple of"):
		f := e.Feet()
		fix = fmt.Sprintf("type a multiple of %d, like 0, %d or %d", f, f, 2*f)
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

// nameTaken reports whether err refuses a token's name as one another
// token has, and words it for the GM (nameTakenWords).
func nameTaken(e *model.Encounter, err error) (string, bool) {
	p, ok := problemOf(err)
	if !ok || p.field != "name" || !strings.HasPrefix(p.msg, "duplicate name") {
		return "", false
	}
	return nameTakenWords(e, p.name), true
}

// nameTakenWords says that name is taken and offers a free one, in the
// GM's words: model.Validate's "duplicate name; tokens[1] has it already"
// names a slice index the GM never sees. The Add token dialog and the
// inspector's rename both say it so.
func nameTakenWords(e *model.Encounter, name string) string {
	return fmt.Sprintf("%s is already on the map; pick another name (%s?)", name, uniqueName(e, name))
}

// mapSizeError words a refused map resize: which token stands outside the
// new size and what to do.
func mapSizeError(e *model.Encounter, w, h int, err error) error {
	p, ok := problemOf(err)
	switch {
	case ok && p.token >= 0:
		name := "a token"
		if p.token < len(e.Tokens) {
			t := &e.Tokens[p.token]
			name = fmt.Sprintf("%s at (%d, %d)", t.Name, t.X, t.Y)
		}
		return fmt.Errorf("%s would be outside a %d x %d map. Move it inside the new size first, or choose a bigger map", name, w, h)
	case ok && strings.HasPrefix(p.field, "notes["):
		return fmt.Errorf("a map note %s. Move or delete the note first, or choose a bigger map", p.msg)
	}
	return err
}
