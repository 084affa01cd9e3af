package export

import (
	"fmt"
	"math"
	"strings"

	"encounterplanner/model"
)

// LeftOut counts what ImportUVTT read in a file but could not put on the
// map, so the GM is told rather than finding it missing: walls
// (line_of_sight), obstacles (objects_line_of_sight) and doors (portals,
// windows too) that lie wholly outside the W x H map, those that are a
// single point (no length to draw, wherever they are), portals that
// repeat a door given before (imported once), and every light (an
// encounter has no lights). It also carries the file's format when that
// is newer than UVTTFormat, which it was read as: the GM is told to
// check what the walls and doors became.
type LeftOut struct {
	Format                               float64 // the file's format, when newer than UVTTFormat; else 0
	W, H                                 int     // the map's size in squares
	Walls, Objects, Doors                int     // polylines and portals wholly outside the map
	PointWalls, PointObjects, PointDoors int     // polylines and portals that are a single point
	RepeatedDoors                        int     // portals repeating an earlier one exactly
	Lights                               int
	// ImageW and ImageH are the map image's pixels when it is not the
	// map's shape (stretchedOutOfShape), so stretching it over the map
	// squeezes it one way: the GM is told to check that the walls and
	// doors lie on the picture's; both 0 otherwise.
	ImageW, ImageH int
}

// Any reports whether anything was left out, or is to be read over.
func (l LeftOut) Any() bool {
	return l.Format > 0 || l.ImageW > 0 || l.Walls+l.Objects+l.Doors+l.PointWalls+l.PointObjects+l.PointDoors+l.RepeatedDoors+l.Lights > 0
}

// stretchedOutOfShape reports whether an iw x ih pixel image stretched
// over a w x h map is squeezed by more than half a square one way: at
// the width's pixels a square, its height is more than half a square
// from the map's. A file whose pixels_per_grid is not the image's, but
// whose image has the map's shape, stretches exactly and is not.
func stretchedOutOfShape(iw, ih, w, h int) bool {
	if iw < 1 || ih < 1 || w < 1 || h < 1 {
		return false
	}
	perSquare := float64(iw) / float64(w)
	return math.Abs(float64(ih)-float64(h)*perSquare) > perSquare/2
}

// String says what was left out and why, in the GM's words ("" when
// nothing was), after how a newer format was read: "format 0.4 is newer
// than this app reads (0.3): read as 0.3; check the walls and doors; 3
// walls and 1 door lie outside the 40 x 30 map and were
// left out; 1 wall is a single point, with no length, and was left out; 1
// door repeats another exactly and was left out (the door is on the map
// once); 2 lights were left out: the app has no lights".
func (l LeftOut) String() string {
	var parts []string
	if l.Format > 0 {
		parts = append(parts, fmt.Sprintf("format %v is newer than this app reads (%v): read as %v; check the walls and doors", l.Format, UVTTFormat, UVTTFormat))
	}
	off := append(append(counted(l.Walls, "wall", "walls"), counted(l.Objects, "obstacle", "obstacles")...), counted(l.Doors, "door", "doors")...)
	if off != nil {
		lie, were := "lie", "were"
		if l.Walls+l.Objects+l.Doors == 1 {
			lie, were = "lies", "was"
		}
		parts = append(parts, fmt.Sprintf("%s %s outside the %d x %d map and %s left out", model.AndList(off), lie, l.W, l.H, were))
	}
	points := append(append(counted(l.PointWalls, "wall", "walls"), counted(l.PointObjects, "obstacle", "obstacles")...), counted(l.PointDoors, "door", "doors")...)
	if points != nil {
		what := "are single points, with no length, and were"
		if l.PointWalls+l.PointObjects+l.PointDoors == 1 {
			what = "is a single point, with no length, and was"
		}
		parts = append(parts, fmt.Sprintf("%s %s left out", model.AndList(points), what))
	}
	switch {
	case l.RepeatedDoors == 1:
		parts = append(parts, "1 door repeats another exactly and was left out (the door is on the map once)")
	case l.RepeatedDoors > 1:
		parts = append(parts, fmt.Sprintf("%d doors repeat others exactly and were left out (each door is on the map once)", l.RepeatedDoors))
	}
	if l.ImageW > 0 {
		parts = append(parts, fmt.Sprintf("%s %d x %d pixels, is not the shape of the %d x %d map, so it is stretched to fit: check that the walls and doors lie on the picture's", ImageNote, l.ImageW, l.ImageH, l.W, l.H))
	}
	if l.Lights > 0 {
		parts = append(parts, fmt.Sprintf("%s left out: the app has no lights", strings.Join(counted(l.Lights, "light was", "lights were"), "")))
	}
	return strings.Join(parts, "; ")
}

// ImageNote starts LeftOut's words on a map image out of the map's shape
// ("the map image, 1000 x 400 pixels, is not the shape of the 10 x 8
// map, …"): like the note on a newer format, nothing was left out, and
// the import's dialog asks the GM to read the map over.
const ImageNote = "the map image,"

// counted is "1 wall" or "3 walls" as a one-element list, or nil for 0.
func counted(n int, one, many string) []string {
	switch n {
	case 0:
		return nil
	case 1:
		return []string{"1 " + one}
	}
	return []string{fmt.Sprintf("%d %s", n, many)}
}

// closedOffMap reports whether the closed polyline l (grid units, before
// the map origin org is applied) encloses no square of the w x h map
// because it lies outside it: none of its segments meets the rectangle of
// the squares' centres, [0.5, w-0.5] x [0.5, h-0.5], so every centre is
// on the same side of it (the first centre tells which, by the even-odd
// rule rasterise fills by), and that side is outside. An outline drawn
// beside the map, sharing its edge, is off it; one round the whole map is
// not.
func closedOffMap(l []uvttPoint, org uvttPoint, w, h int) bool {
	inside := false
	for j := 0; j+1 < len(l); j++ {
		a := uvttPoint{l[j].X - org.X, l[j].Y - org.Y}
		b := uvttPoint{l[j+1].X - org.X, l[j+1].Y - org.Y}
		if meetsRect(a, b, 0.5, 0.5, float64(w)-0.5, float64(h)-0.5) {
			return false
		}
		if (a.Y > 0.5) != (b.Y > 0.5) && 0.5 < a.X+(0.5-a.Y)*(b.X-a.X)/(b.Y-a.Y) {
			inside = !inside
		}
	}
	return !inside
}

// meetsRect reports whether the segment a-b meets the closed rectangle
// [x0, x1] x [y0, y1].
func meetsRect(a, b uvttPoint, x0, y0, x1, y1 float64) bool {
	_, _, ok := clipToRect(a, b, x0, y0, x1, y1)
	return ok
}

// UVTTLeavesOut says what UVTT does not write of e, in the GM's words, ""
// when nothing: the file holds the map's picture, walls, obstacles and
// doors, for another table's players, and nothing of this table's play.
// "2 tokens, the fog of war, 1 note, 1 secret door (written as a wall) and
// the terrain of 3 squares (difficult, water: on the picture only, as open
// ground)". Importing the file back gives a map without them.
func UVTTLeavesOut(e *model.Encounter) string {
	var out []string
	out = append(out, counted(len(e.Tokens), "token", "tokens")...)
	if e.Fight != nil {
		out = append(out, "the fight in progress")
	}
	if e.Revealed != nil {
		out = append(out, "the fog of war")
	}
	out = append(out, counted(len(e.Areas), "area template", "area templates")...)
	out = append(out, counted(len(e.Notes), "note", "notes")...)
	secret := 0
	for _, ed := range e.Edges {
		if ed.Kind == model.EdgeSecretDoor {
			secret++
		}
	}
	if secret > 0 {
		out = append(out, counted(secret, "secret door (written as a wall)", "secret doors (written as walls)")...)
	}
	hidden, costs := 0, 0
	var kinds model.Terrain
	const costly = model.Difficult | model.GreaterDifficult | model.Hazardous | model.Narrow | model.Uneven | model.Water | model.ShallowWater
	for i, c := range e.Grid.Cells {
		if i < len(e.GMOnly) && e.GMOnly[i] && c&(model.Wall|model.Obstacle) == 0 {
			hidden++
		}
		if c&costly != 0 && c&(model.Wall|model.Obstacle) == 0 {
			costs++
			kinds |= c & costly
		}
	}
	if hidden > 0 {
		out = append(out, counted(hidden, "GM-only square (drawn as open ground)", "GM-only squares (drawn as open ground)")...)
	}
	if costs > 0 {
		var names []string
		for _, n := range model.TraitNames(kinds) {
			names = append(names, strings.ReplaceAll(n, "-", " "))
		}
		sq := "squares"
		if costs == 1 {
			sq = "square"
		}
		out = append(out, fmt.Sprintf("the terrain of %d %s (%s: on the picture only, as open ground)", costs, sq, strings.Join(names, ", ")))
	}
	return model.AndList(out)
}
