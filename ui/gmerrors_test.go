package ui

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"encounterplanner/model"
)

// TestProblemOf: a validation error's token and field come from the
// structured model.FieldError; any other error has none.
func TestProblemOf(t *testing.T) {
	for _, c := range []struct {
		err  error
		want fieldProblem
		ok   bool
	}{
		{&model.FieldError{Token: 1, Name: "Iseph", Field: "speeds.fly", Msg: "must not be negative"}, fieldProblem{1, "Iseph", "speeds.fly", "must not be negative"}, true},
		{fmt.Errorf("save: %w", &model.FieldError{Token: 0, Name: `A "b"`, Field: "name", Msg: "duplicate name"}), fieldProblem{0, `A "b"`, "name", "duplicate name"}, true},
		{&model.FieldError{Token: 3, Msg: "is off the 5x5 map"}, fieldProblem{3, "", "", "is off the 5x5 map"}, true},
		{&model.FieldError{Token: -1, Field: "notes[2]", Msg: "square (9, 9) is off the 5x5 map"}, fieldProblem{-1, "", "notes[2]", "square (9, 9) is off the 5x5 map"}, true},
		{errors.New(`tokens[1] "Iseph".name: looks like one but is not`), fieldProblem{token: -1}, false},
	} {
		got, ok := problemOf(c.err)
		if got != c.want || ok != c.ok {
			t.Errorf("problemOf(%v) = %+v, %v; want %+v, %v", c.err, got, ok, c.want, c.ok)
		}
	}
}

// TestTokenErrorWords: what the GM reads for a refused inspector edit.
func TestTokenErrorWords(t *testing.T) {
	e := model.Sample()
	for _, c := range []struct {
		err  error
		want string
	}{
		{&model.FieldError{Token: 1, Name: "Dae", Field: "name", Msg: "duplicate name; tokens[0] has it already"}, "Iseph, name: Dae is already on the map; pick another name (Dae 2?)"},
		{&model.FieldError{Token: 1, Name: "Iseph", Field: "speeds.turn", Msg: "must be an even number of feet"}, "Iseph, Turn Speed: must be an even number of feet — type an even number of feet, like 60 or 100"},
		{errors.New("Land Speed: \"x\" is not a whole number"), "Iseph: Land Speed: \"x\" is not a whole number — type digits only, like 30"},
	} {
		if got := tokenError(e, "Iseph", c.err); got != c.want {
			t.Errorf("got  %q\nwant %q", got, c.want)
		}
	}
}

// TestAddTokenNameInUseInTheGMsWords: Add token with a name in use said
// "Name: duplicate name; tokens[1] has it already (names must be unique)",
// a slice index the GM never sees.
func TestAddTokenNameInUseInTheGMsWords(t *testing.T) {
	ed, _, _ := newTestEditor(t, model.Sample())
	ed.addTokenDialog(3, 3)
	ens, _, _ := topDialog(t, ed.win)
	ens[0].SetText("Dae")
	ens = submitRefused(t, ed, "Add token, name in use", "Name: Dae is already on the map; pick another name (Dae 2?)")
	if ens[0].Text != "Dae" {
		t.Errorf("the form came back with the name %q", ens[0].Text)
	}
	if msg := ed.status.msgLabel.Text; strings.Contains(msg, "tokens[") {
		t.Errorf("the status bar says %q", msg)
	}
}

// TestElevationRefusalsNameTheField: a height that is not a whole square
// read "Rat, elevation: must be a multiple of 5 feet (one square), not 7",
// with the model's field name and no way forward, and letters read
// "Rat: elevation: "up" is not a whole number of feet"; every other
// refusal names the field as the inspector labels it and says what to
// type.
func TestElevationRefusalsNameTheField(t *testing.T) {
	e := openEncounter(t, 6, 6)
	e.Tokens = []model.Token{{Name: "Rat", Side: "enemy", X: 1, Y: 1, Size: model.Tiny, Speeds: map[string]int{"land": 25}}}
	ed, _, _ := newTestEditor(t, e)
	ed.Select(0)
	en := entryOf(t, formWidget(t, ed, elevationLabel))
	for _, c := range []struct{ typed, want string }{
		{"7", "Rat, Elevation ft: must be a multiple of 5 feet (one square), not 7 — type a multiple of 5, like 0, 5 or 10"},
		{"up", `Rat: Elevation ft: "up" is not a whole number of feet — type digits only, like 30`},
		{"1000005", "Rat, Elevation ft: must be from -1000000 to 1000000 feet, not 1000005"},
	} {
		en.SetText(c.typed)
		if got := ed.insp.errLabel.Text; got != c.want {
			t.Errorf("typed %q:\ngot  %q\nwant %q", c.typed, got, c.want)
		}
	}
}
