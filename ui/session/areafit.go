package session

import (
	"fmt"
	"strings"

	"encounterplanner/model"
	"encounterplanner/rules"
)

// Area templates after a ruleset switch or a new square size
// (rules-conventions.md, project section, "Areas after a new scale").

// AreaFit says what FitAreas did to an encounter's areas, one line an
// area, each named as the area list names it (AreaName).
type AreaFit struct {
	Resized []string // "burst 15 ft becomes 20 ft"
	Gone    []string // "burst 10 ft (50-ft squares cannot measure it)"
	Kept    int      // areas left, resized or not
}

// Empty says whether FitAreas changed nothing.
func (f AreaFit) Empty() bool { return len(f.Resized) == 0 && len(f.Gone) == 0 }

// RoundToSquare returns feet rounded to the nearest multiple of square
// (halves up), at least one square: 15 ft on 10-ft squares is 20, 10 ft on
// 50-ft squares is 50.
func RoundToSquare(feet, square int) int {
	n := (feet + square/2) / square
	return max(n, 1) * square
}

// FitAreas makes e's areas fit e as it now is (its ruleset, square size and
// token spaces), the way a ruleset switch and Map size and scale do: in
// sf2e each radius or length that is no longer a multiple of the square is
// rounded to the nearest one (RoundToSquare); in a ruleset without areas,
// where they are kept only for a switch back, an area that the new square
// does not measure goes instead of growing or shrinking to a size that
// would mean nothing back in sf2e. An area that still does not fit (a cone
// or line whose token's space changed around it) goes too. Time
// O(areas x tokens).
func FitAreas(e *model.Encounter) AreaFit {
	var fit AreaFit
	if len(e.Areas) == 0 {
		return fit
	}
	feet := e.Feet()
	sf2e := rules.Describe(e.Ruleset).Areas     // the ruleset whose areas shade
	kept := make([]model.Area, 0, len(e.Areas)) // e.Areas may be shared with an undo step
	for _, a := range e.Areas {
		resized := ""
		if size := areaSize(&a); size%feet != 0 {
			if !sf2e {
				fit.Gone = append(fit.Gone, fmt.Sprintf("%s (%d-ft squares cannot measure it)", AreaName(a), feet))
				continue
			}
			ns := RoundToSquare(size, feet)
			resized = fmt.Sprintf("%s becomes %d ft", AreaName(a), ns)
			*areaSizeField(&a) = ns
		}
		e.Areas = append(kept, a)
		if err := model.ValidateArea(e, len(kept)); err != nil {
			why := "its token's space no longer holds it"
			if a.Kind == model.Burst || strings.Contains(err.Error(), "off the") {
				why = "it is off the map"
			}
			fit.Gone = append(fit.Gone, fmt.Sprintf("%s (%s)", AreaName(a), why))
			continue
		}
		kept = e.Areas
		if resized != "" {
			fit.Resized = append(fit.Resized, resized)
		}
	}
	if len(kept) == 0 {
		kept = nil
	}
	e.Areas = kept
	fit.Kept = len(kept)
	return fit
}

func areaSize(a *model.Area) int { return *areaSizeField(a) }

// areaSizeField is the radius of a burst or emanation, the length of a
// cone or line.
func areaSizeField(a *model.Area) *int {
	if a.Kind == model.Cone || a.Kind == model.Line {
		return &a.Length
	}
	return &a.Radius
}

// Lines says fit for a dialog: "The 2 area templates go: areas are
// sf2e's", then one bullet an area; r is the ruleset the areas are now
// under.
func (f AreaFit) Lines(r model.Ruleset, feet int) []string {
	var out []string
	if n := len(f.Resized); n > 0 {
		out = append(out, fmt.Sprintf("%s rounded to the nearest multiple of %d ft (at least one square):", countAreas(n, "is", "are"), feet))
		for _, s := range f.Resized {
			out = append(out, "• "+s)
		}
	}
	if n := len(f.Gone); n > 0 {
		why := ""
		if !rules.Describe(r).Areas {
			why = " (areas are sf2e's)"
		}
		out = append(out, fmt.Sprintf("%s%s:", countAreas(n, "goes", "go"), why))
		for _, s := range f.Gone {
			out = append(out, "• "+s)
		}
	}
	return out
}

// Stay says, when a switch from sf2e to r keeps areas, that they now do
// nothing, or "".
func (f AreaFit) Stay(from, r model.Ruleset) string {
	if !rules.Describe(from).Areas || rules.Describe(r).Areas || f.Kept == 0 {
		return ""
	}
	return fmt.Sprintf("%s under %s, shading nothing (areas are sf2e's); switching back to sf2e shows them again.", countAreas(f.Kept, "stays", "stay"), r)
}

// countAreas is "The area template is" or "The 3 area templates are",
// with verb one or many.
func countAreas(n int, one, many string) string {
	if n == 1 {
		return "The area template " + one
	}
	return fmt.Sprintf("The %d area templates %s", n, many)
}
