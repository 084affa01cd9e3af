package session

import (
	"errors"
	"fmt"
	"regexp"
	"strings"

	"encounterplanner/model"
	"encounterplanner/rules"
)

// FitMode is the movement mode the overlays use for token sel of e when
// the GM picked mode: mode itself when the ruleset has it and the token has
// its Speed, otherwise the ruleset's default mode (rules.Describe), without
// a word: a mode left over from another ruleset or another token is not
// the GM's mistake. Points spends land points in every mode, and its extra
// movements (leap, teleport, forced) need no Speed of their own.
func FitMode(e *model.Encounter, sel int, mode string) string {
	d := rules.Describe(e.Ruleset)
	if !d.HasMode(mode) {
		return d.DefaultMode
	}
	if d.OneSpeed || MoverMode(mode) || sel < 0 || sel >= len(e.Tokens) {
		return mode
	}
	if _, ok := e.Tokens[sel].Speeds[mode]; !ok {
		return d.DefaultMode
	}
	return mode
}

// missingSpeed says, in the GM's words, why token sel cannot move in mode
// (it has no Speed for it and the ruleset spends that Speed); "" when it
// can.
func missingSpeed(e *model.Encounter, sel int, mode string) string {
	d := rules.Describe(e.Ruleset)
	if d.OneSpeed || MoverMode(mode) || sel < 0 || sel >= len(e.Tokens) {
		return ""
	}
	t := &e.Tokens[sel]
	if _, ok := t.Speeds[mode]; ok {
		return ""
	}
	why := ""
	for _, n := range d.Needs {
		if n.Speed == mode {
			why = " (" + n.Why + ")"
		}
	}
	return fmt.Sprintf("%s has no %s Speed%s: give it one in the inspector to see where it can go", t.Name, mode, why)
}

// quotedToken is how an engine's message names a token: `token "Iseph"`.
var quotedToken = regexp.MustCompile(`token "([^"]*)"`)

// gmWords is what the status bar says when the rules refuse a query: the
// engine's message for the user (rules.ErrBadQuery) without the query's
// name or Go's quoting; anything else is the app's fault and says so.
func gmWords(what string, err error) string {
	msg := quotedToken.ReplaceAllString(err.Error(), "$1")
	if errors.Is(err, rules.ErrBadQuery) {
		return msg
	}
	return fmt.Sprintf("the %s could not be worked out (%s)", queryWords(what), strings.TrimSpace(msg))
}

// queryWords names an overlay query for the GM.
func queryWords(what string) string {
	switch what {
	case "reach", modeLeap, modeTeleport, modeForced:
		return "reach"
	case "rules":
		return "rules"
	}
	return what
}

// HeightMode is the movement mode token sel's height asks for when the
// overlays show mode, and why, in the GM's words ("" when it stays mode).
// Above the ground a flyer that can act is shown flying ("Navasi is 15 ft
// up: showing fly"): a land Stride would leave it in the air. Below the
// ground, where flight never goes (rules-conventions.md "Elevation"), a
// mode the token cannot move in there gives way to swim in water for a
// swimmer, to burrow for a burrower, else to the ruleset's default mode,
// whose answer is the rules' ("W is 20 ft down in water without a swim
// Speed: showing land"). Rulesets without elevation keep mode.
func HeightMode(e *model.Encounter, sel int, mode string) (string, string) {
	if sel < 0 || sel >= len(e.Tokens) || !rules.HasElevation(e.Ruleset) {
		return mode, ""
	}
	d := rules.Describe(e.Ruleset)
	t := &e.Tokens[sel]
	has := func(m string) bool { _, ok := t.Speed(m); return ok && d.HasMode(m) }
	switch {
	case t.Elevation > 0 && mode != rules.ModeFly && has(rules.ModeFly) && !rules.MustFall(e, sel):
		return rules.ModeFly, fmt.Sprintf("%s is %s: showing fly", t.Name, Height(t.Elevation))
	case t.Elevation >= 0:
		return mode, ""
	}
	wet := rules.OverWater(e, t)
	if (mode == rules.ModeSwim && wet || mode == rules.ModeBurrow) && has(mode) {
		return mode, ""
	}
	where := Height(t.Elevation)
	if wet {
		where += " in water"
	}
	switch {
	case wet && has(rules.ModeSwim):
		return rules.ModeSwim, fmt.Sprintf("%s is %s: showing swim", t.Name, where)
	case has(rules.ModeBurrow):
		return rules.ModeBurrow, fmt.Sprintf("%s is %s: showing burrow", t.Name, where)
	case mode == d.DefaultMode:
		return mode, ""
	}
	lack := "a burrow Speed"
	if wet {
		lack = "a swim Speed"
	}
	return d.DefaultMode, fmt.Sprintf("%s is %s without %s: showing %s", t.Name, where, lack, d.DefaultMode)
}
