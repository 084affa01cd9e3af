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
