package model

import (
	"errors"
	"fmt"
)

// FieldError is a problem with one field of an encounter; Error() gives the same text as before.
//
// Error() reads `tokens[2] "Goblin".speeds.land: must not be negative, not
// -5` for a token's field, `map.rows[3][7]: unknown legend character 'Z'`
// for any other. A token's Field is "" when the problem is the token as a
// whole (its space off the map, x and y missing, not an object, an unknown
// key); any other Field is "" only for the file as a whole (not JSON, too
// large).
type FieldError struct {
	Token int    // index into Encounter.Tokens, or -1 when the field is not a token's
	Name  string // that token's name, "" when Token is -1
	Field string // the field as the format names it: "speeds.fly", "size", "map.rows[3][4]", "name"
	Msg   string // what is wrong
}

func (e *FieldError) Error() string {
	where := e.Field
	if e.Token >= 0 {
		where = TokenField(e.Token, e.Name)
		if e.Field != "" {
			where += "." + e.Field
		}
	}
	if where == "" {
		return e.Msg
	}
	return where + ": " + e.Msg
}

// ErrInvalid is wrapped by every validation and file-format error, so callers
// can tell bad input (exit code 2) from other failures.
var ErrInvalid = errors.New("invalid encounter")

// ErrUniversalVTT is wrapped (with ErrInvalid) by the reader's error for a
// file that is a Universal VTT map rather than an encounter/1 file: the
// caller may import it as one (a .dd2vtt saved as .json).
var ErrUniversalVTT = errors.New("a Universal VTT map, not an encounter/1 file")

// uvttFile is the reader's error for a Universal VTT map.
type uvttFile struct{ invalid }

func (u uvttFile) Is(target error) bool { return target == ErrInvalid || target == ErrUniversalVTT }

// ErrNewerFormat is wrapped (with ErrInvalid) by the reader's error for a
// file of a newer encounter/N than Format: its words say to update the
// app, and a caller adds no other advice.
var ErrNewerFormat = errors.New("a newer encounter file format")

// newerFormat is the reader's error for a file of a newer format.
type newerFormat struct{ invalid }

func (newerFormat) Is(target error) bool { return target == ErrInvalid || target == ErrNewerFormat }

// invalid wraps a FieldError so errors.Is(err, ErrInvalid) holds.
type invalid struct{ *FieldError }

func (invalid) Is(target error) bool { return target == ErrInvalid }
func (i invalid) Unwrap() error      { return i.FieldError }

// fieldErr is a problem with a field that is not a token's.
func fieldErr(field, format string, args ...any) error {
	return invalid{&FieldError{Token: -1, Field: field, Msg: fmt.Sprintf(format, args...)}}
}

// tokenErr is a problem with field of token i, named name.
func tokenErr(i int, name, field, format string, args ...any) error {
	return invalid{&FieldError{Token: i, Name: name, Field: field, Msg: fmt.Sprintf(format, args...)}}
}

// TokenField names token i for error messages: tokens[i] "Name".
func TokenField(i int, name string) string {
	if name == "" {
		return fmt.Sprintf("tokens[%d]", i)
	}
	return fmt.Sprintf("tokens[%d] %q", i, name)
}
