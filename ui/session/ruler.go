package session

import (
	"fmt"

	"encounterplanner/model"
	"encounterplanner/rules"
	"encounterplanner/ui/render"
)

// Ruler is the ruler tool's state: the waypoints clicked so far and the
// hovered square, which previews the next leg. It is not an edit: nothing
// of it goes into the encounter or the undo history.
type Ruler struct {
	On     bool
	Points []rules.Point // the waypoints clicked, in order
	Hover  *rules.Point  // the square under the pointer, nil = off the map
	Share  bool          // shown on the player display too
}

// Toggle turns the ruler on, or off (clearing it).
func (r *Ruler) Toggle() {
	if r.On {
		r.Clear()
		return
	}
	r.On = true
}

// Clear forgets the waypoints and leaves the ruler.
func (r *Ruler) Clear() {
	r.On, r.Points, r.Hover = false, r.Points[:0], nil
}

// Add appends a waypoint; the same square twice in a row is one waypoint.
func (r *Ruler) Add(p rules.Point) {
	if n := len(r.Points); n > 0 && r.Points[n-1] == p {
		return
	}
	r.Points = append(r.Points, p)
}

// Back removes the last waypoint; it reports whether there was one.
func (r *Ruler) Back() bool {
	if len(r.Points) == 0 {
		return false
	}
	r.Points = r.Points[:len(r.Points)-1]
	return true
}

// path is the waypoints with the hovered square as the previewed last one.
func (r *Ruler) path() []rules.Point {
	pts := append([]rules.Point(nil), r.Points...)
	if r.Hover != nil && len(pts) > 0 && pts[len(pts)-1] != *r.Hover {
		pts = append(pts, *r.Hover)
	}
	return pts
}

// Measure is the ruler's legs and total by e's diagonal rule, the
// previewed leg included.
func (r *Ruler) Measure(e *model.Encounter) rules.Ruler {
	if !r.On {
		return rules.Ruler{}
	}
	return rules.Measure(e, r.path())
}

// DistanceWords is a distance in the ruleset's unit: "35 ft", "7 pt".
func DistanceWords(e *model.Encounter, d rules.Distance) string {
	return fmt.Sprintf("%d %s", d.Feet, rules.Describe(e.Ruleset).Unit)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// Status is the status bar's words for the ruler: "ruler 35 ft (7
// squares) · 3 legs" ("ruler 7 pt · 3 legs" in points, where a point is a
// square); "ruler: click squares to measure" before the first leg, "" off.
func (r *Ruler) Status(e *model.Encounter) string {
	if !r.On {
		return ""
	}
	m := r.Measure(e)
	if len(m.Legs) == 0 {
		return "ruler: click squares to measure"
	}
	s := "ruler " + DistanceWords(e, m.Total)
	if !rules.Describe(e.Ruleset).Points {
		s += " (" + plural(m.Total.Squares, "square", "squares") + ")"
	}
	return s + " · " + plural(len(m.Legs), "leg", "legs")
}

// Overlays is the ruler as the map draws it: each leg with its length,
// the last with the total too ("10 ft · 35 ft"); nil when there is no leg.
func (r *Ruler) Overlays(e *model.Encounter) []render.RulerLeg {
	m := r.Measure(e)
	if len(m.Legs) == 0 {
		return nil
	}
	pts := r.path()
	legs := make([]render.RulerLeg, len(m.Legs))
	for i, d := range m.Legs {
		l := DistanceWords(e, d)
		if i == len(m.Legs)-1 && i > 0 {
			l += " · " + DistanceWords(e, m.Total)
		}
		legs[i] = render.RulerLeg{From: pts[i], To: pts[i+1], Label: l}
	}
	return legs
}

// TokenDistanceWords is what hovering token b while a is selected says:
// "Goblin: 15 ft" ("Goblin: 3 squares" in points); "" when a or b is not
// a token or they are the same.
func TokenDistanceWords(e *model.Encounter, a, b int) string {
	if a < 0 || b < 0 || a >= len(e.Tokens) || b >= len(e.Tokens) || a == b {
		return ""
	}
	d := rules.TokenDistance(e, a, b)
	if rules.Describe(e.Ruleset).Points {
		return e.Tokens[b].Name + ": " + plural(d.Squares, "square", "squares")
	}
	return e.Tokens[b].Name + ": " + DistanceWords(e, d)
}
