package session

import (
	"fmt"

	"encounterplanner/model"
	"encounterplanner/rules"
)

// FitElevations puts every token of e whose elevation is not a multiple of
// e's square (after a new feet per square) on the nearest multiple, halves
// away from the ground ("Iseph 5 ft up becomes 10 ft up"), and says each;
// nothing for a ruleset without heights. A scale change with a flyer 5 ft
// up on 10-ft squares was refused with the model's words
// ("tokens[0].elevation: must be a multiple of 10 feet"). O(tokens).
func FitElevations(e *model.Encounter) []string {
	if !rules.Describe(e.Ruleset).Elevation {
		return nil
	}
	fps := e.Feet()
	var out []string
	for i := range e.Tokens {
		t := &e.Tokens[i]
		if t.Elevation%fps == 0 {
			continue
		}
		was := t.Elevation
		n := (abs(was) + fps/2) / fps * fps
		if was < 0 {
			n = -n
		}
		t.Elevation = n
		out = append(out, fmt.Sprintf("%s %s becomes %s", t.Name, heightWords(was), heightWords(n)))
	}
	return out
}

// heightWords says an elevation: "5 ft up", "10 ft down", "on the ground".
func heightWords(v int) string {
	switch {
	case v > 0:
		return fmt.Sprintf("%d ft up", v)
	case v < 0:
		return fmt.Sprintf("%d ft down", -v)
	}
	return "on the ground"
}
