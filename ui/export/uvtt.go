package export

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/png"
	"io"
	"math"
	"slices"
	"strings"

	"encounterplanner/model"
	"encounterplanner/ui/render"
)

// Limits of ImportUVTT, so a hostile file cannot exhaust memory.
const (
	MaxUVTTImage  = model.MaxBackgroundBytes  // decoded image bytes, as encounter/1's map.background
	MaxUVTTBytes  = MaxUVTTImage/3*4 + 32<<20 // the whole file
	MaxUVTTPoints = 1 << 20                   // polyline points, all lists together
	maxRasterWork = 64 << 20                  // square visits when rasterising lines
)

type uvttPoint struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
}

type uvttFile struct {
	Format     float64 `json:"format"`
	Resolution struct {
		MapOrigin     uvttPoint `json:"map_origin"`
		MapSize       uvttPoint `json:"map_size"`
		PixelsPerGrid int       `json:"pixels_per_grid"`
	} `json:"resolution"`
	LineOfSight        [][]uvttPoint `json:"line_of_sight"`
	ObjectsLineOfSight [][]uvttPoint `json:"objects_line_of_sight"`
	// ClosedWallsAreSquares says that the closed lines of LineOfSight are
	// the outlines of wall squares, as UVTT writes them; without it a
	// closed line is a wall like any other (a Dungeondraft room's outline).
	// Other readers ignore a member they do not know.
	ClosedWallsAreSquares bool         `json:"closed_walls_are_squares"`
	Portals               []uvttPortal `json:"portals"`
	Environment           struct {
		BakedLighting bool   `json:"baked_lighting"`
		AmbientLight  string `json:"ambient_light"`
	} `json:"environment"`
	Lights []any  `json:"lights"`
	Image  string `json:"image"`
}

// UVTTFormat is the newest version of the Universal VTT format
// ImportUVTT reads, and the one UVTT writes (Dungeondraft's since 2021,
// which added objects_line_of_sight to 0.2).
const UVTTFormat = 0.3

// UVTT writes e as a Universal VTT (.dd2vtt, format 0.3) file: the map size
// in squares, px pixels per square, wall squares as line_of_sight and
// obstacles as objects_line_of_sight, both the boundaries of their squares
// merged into maximal straight segments chained into closed polylines (grid
// units), with closed_walls_are_squares true so that ImportUVTT fills the
// walls' outlines again, wall edges (and secret doors) as open
// line_of_sight polylines,
// door edges and door squares as portals (see uvttedges.go), and the
// terrain image without tokens as base64 PNG.
//
// The file is for another table's players, so it holds only what they may
// see: the image is the players' view (GM-only squares as open ground, no
// notes, secret doors as walls), without this table's fog of war (the
// VTT keeps its own). Walls and obstacles block whether GM-only or not (a
// VTT does not show its lines to players), and a GM-only door square is a
// wall square, as a secret door is a wall.
//
// The file imports back (ImportUVTT): its image has at most
// model.MaxBackgroundPixels pixels and MaxUVTTImage bytes. px 0 is
// DefaultPX, or on a map too large for that the most that keep the image
// importable (MostUVTTPX), lowered again when the PNG comes out over
// MaxUVTTImage; a px given that makes too large an image is refused, the
// error (wrapping model.ErrInvalid) naming the most that fit. Before, a
// 120 x 120 map written at 70 px made an 8400 x 8400 image, which the
// import refused: the app could not read back its own export.
func UVTT(w io.Writer, e *model.Encounter, px int) error {
	_, err := WriteUVTT(w, e, px)
	return err
}

// WriteUVTT is UVTT, returning the pixels a square it wrote the file at
// (px, or when px is 0 the one it chose).
func WriteUVTT(w io.Writer, e *model.Encounter, px int) (int, error) {
	auto := px == 0
	if err := checkSize(e, 1); err != nil {
		return 0, err
	}
	most := MostUVTTPX(e.Grid.W, e.Grid.H)
	switch {
	case auto:
		px = min(DefaultPX, most)
	case px < 1:
		return 0, checkSize(e, px)
	case px > most:
		return 0, fmt.Errorf("export uvtt: the image would be %dx%d pixels (%dx%d squares at %d px), more than a Universal VTT import reads back, this app's too (%d pixels a side, %d million in all); at most %d px a square fit, lower --px: %w",
			int64(e.Grid.W)*int64(px), int64(e.Grid.H)*int64(px), e.Grid.W, e.Grid.H, px, MaxImageSide, model.MaxBackgroundPixels>>20, most, model.ErrInvalid)
	}
	for {
		pic, err := uvttPicture(e, px)
		if err != nil {
			return 0, err
		}
		if len(pic) <= MaxUVTTImage {
			return px, writeUVTTFile(w, e, px, pic)
		}
		// The picture is too many bytes, not pixels (a photograph of a
		// map image compresses little): fewer pixels a square, scaled by
		// the bytes over, as the area goes with px squared.
		lower := int(float64(px) * math.Sqrt(float64(MaxUVTTImage)/float64(len(pic))) * 0.95)
		if !auto || lower < 1 || lower >= px {
			return 0, fmt.Errorf("export uvtt: the map's picture at %d px a square is %d MiB as a PNG, more than the %d MiB a Universal VTT import reads back, this app's too; lower --px (about %d fits): %w",
				px, len(pic)>>20, MaxUVTTImage>>20, max(lower, 1), model.ErrInvalid)
		}
		px = lower
	}
}

// MostUVTTPX is the most pixels a square at which UVTT writes a w x h
// map: its image at most MaxImageSide a side and
// model.MaxBackgroundPixels in all, the largest map image any import
// reads back, this app's included: 70 for 117 x 117 squares, 68 for
// 120 x 120, 8 for 1000 x 1000; at least 1.
func MostUVTTPX(w, h int) int {
	w, h = max(w, 1), max(h, 1)
	px := MaxImageSide / max(w, h)
	if n := int(math.Sqrt(float64(model.MaxBackgroundPixels) / float64(w*h))); n < px {
		px = n
	}
	for px > 1 && int64(w*px)*int64(h*px) > model.MaxBackgroundPixels {
		px-- // the square root's rounding
	}
	return max(px, 1)
}

// uvttPicture is the players' view of e's map at px pixels a square,
// without tokens, grid or fog, as a PNG.
func uvttPicture(e *model.Encounter, px int) ([]byte, error) {
	img := image.NewRGBA(image.Rect(0, 0, e.Grid.W*px, e.Grid.H*px))
	r := render.NewRenderer()
	seen := *e
	seen.Revealed = nil // the fog is this table's: the other table's VTT keeps its own
	r.Draw(img, &seen, render.View{Scale: float64(px), Player: true, NoTokens: true, NoGrid: true}, nil)
	var pbuf bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&pbuf, img); err != nil {
		return nil, fmt.Errorf("export uvtt: %w", err)
	}
	return pbuf.Bytes(), nil
}

// writeUVTTFile writes the file of e's map at px pixels a square around
// its picture pic (uvttPicture).
func writeUVTTFile(w io.Writer, e *model.Encounter, px int, pic []byte) error {
	var f uvttFile
	f.Format = UVTTFormat
	f.Resolution.MapSize = uvttPoint{float64(e.Grid.W), float64(e.Grid.H)}
	f.Resolution.PixelsPerGrid = px
	g := playersGrid(e)
	f.LineOfSight = toPoints(append(Boundaries(g, model.Wall), edgeWalls(e)...))
	f.ObjectsLineOfSight = toPoints(Boundaries(g, model.Obstacle))
	f.ClosedWallsAreSquares = true
	f.Portals, f.Lights = portals(e, g), []any{}
	f.Environment.BakedLighting = true
	f.Environment.AmbientLight = "ffffffff"
	f.Image = base64.StdEncoding.EncodeToString(pic)
	enc := json.NewEncoder(w)
	if err := enc.Encode(&f); err != nil {
		return fmt.Errorf("export uvtt: %w", err)
	}
	return nil
}

// playersGrid is e's grid as the UVTT file carries it: each GM-only door
// square a wall square (a portal would show the players a door where they
// see open ground). It is e.Grid itself when there is none, else a copy.
func playersGrid(e *model.Encounter) *model.Grid {
	g := &e.Grid
	if len(e.GMOnly) != len(g.Cells) {
		return g
	}
	var c *model.Grid
	for i, hidden := range e.GMOnly {
		if !hidden || g.Cells[i]&model.Door == 0 {
			continue
		}
		if c == nil {
			c = &model.Grid{W: g.W, H: g.H, Cells: slices.Clone(g.Cells)}
		}
		c.Cells[i] = c.Cells[i]&^(model.Door|model.Open) | model.Wall
	}
	if c == nil {
		return g
	}
	return c
}

func toPoints(lines [][][2]int) [][]uvttPoint {
	out := make([][]uvttPoint, len(lines))
	for i, l := range lines {
		out[i] = make([]uvttPoint, len(l))
		for j, p := range l {
			out[i][j] = uvttPoint{float64(p[0]), float64(p[1])}
		}
	}
	return out
}

// Boundaries returns the outline of the squares having trait t as closed
// polylines of lattice points (grid units; first point repeated last). The
// edges between a square with t and one without (or the map edge) are merged
// into maximal straight segments, and segments chained at the corners where
// they meet: at every corner exactly one horizontal and one vertical segment
// end (the edges around a lattice point are even in number), so chaining is
// unambiguous. O(W*H) time and memory.
func Boundaries(g *model.Grid, t model.Trait) [][][2]int {
	in := func(x, y int) bool { return g.In(x, y) && g.Cells[y*g.W+x]&t != 0 }
	type seg struct{ a, b [2]int }
	var segs []seg
	for y := 0; y <= g.H; y++ { // horizontal edges on the line y
		for x := 0; x < g.W; {
			if in(x, y-1) == in(x, y) {
				x++
				continue
			}
			x0 := x
			for x < g.W && in(x, y-1) != in(x, y) {
				x++
			}
			segs = append(segs, seg{[2]int{x0, y}, [2]int{x, y}})
		}
	}
	nh := len(segs)
	for x := 0; x <= g.W; x++ { // vertical edges on the line x
		for y := 0; y < g.H; {
			if in(x-1, y) == in(x, y) {
				y++
				continue
			}
			y0 := y
			for y < g.H && in(x-1, y) != in(x, y) {
				y++
			}
			segs = append(segs, seg{[2]int{x, y0}, [2]int{x, y}})
		}
	}
	// At each corner: the horizontal and the vertical segment ending there.
	type ends struct{ h, v int }
	at := make(map[[2]int]ends, len(segs))
	for i, s := range segs {
		for _, p := range [2][2]int{s.a, s.b} {
			e, ok := at[p]
			if !ok {
				e = ends{-1, -1}
			}
			if i < nh {
				e.h = i
			} else {
				e.v = i
			}
			at[p] = e
		}
	}
	used := make([]bool, len(segs))
	var out [][][2]int
	for i := range segs {
		if used[i] {
			continue
		}
		used[i] = true
		line := [][2]int{segs[i].a, segs[i].b}
		cur, p := i, segs[i].b
		for {
			e := at[p]
			next := e.h
			if cur < nh {
				next = e.v
			}
			if next < 0 || used[next] {
				break // back at the start (or, impossibly, a dead end)
			}
			used[next] = true
			q := segs[next].a
			if q == p {
				q = segs[next].b
			}
			line = append(line, q)
			cur, p = next, q
		}
		out = append(out, line)
	}
	return out
}

func uvttErr(field, format string, args ...any) error {
	return &model.FieldError{Token: -1, Field: field, Msg: fmt.Sprintf(format, args...)}
}

type invalidErr struct{ error }

func (invalidErr) Is(t error) bool { return t == model.ErrInvalid }
func (e invalidErr) Unwrap() error { return e.error }

func bad(field, format string, args ...any) error {
	return invalidErr{uvttErr(field, format, args...)}
}

// ImportUVTT reads a Universal VTT file (.dd2vtt, .uvtt) as a new sf2e
// encounter named name: the map is map_size squares; its image becomes the
// Background; walls and obstacles come from line_of_sight and
// objects_line_of_sight by one rule:
//
//   - A closed polyline (its last point equals its first) of
//     objects_line_of_sight bounds an object: a square whose centre lies
//     inside the closed polylines of the list by the even-odd rule is an
//     obstacle. So is one of line_of_sight, bounding wall squares, in a
//     file that says closed_walls_are_squares: true, as UVTT writes wall
//     and obstacle squares, so its files round-trip exactly.
//   - Any other polyline is a thin wall (the usual Dungeondraft wall; a
//     closed one a room's or cave's outline, whose inside is floor, as
//     every other reader of the format takes it: filled, a Dungeondraft
//     room drawn as one closed line was a solid block of wall squares,
//     where the same room drawn as two lines was a room). In
//     line_of_sight, each of its segments that runs along a grid line
//     (within 1/100 square; its ends rounded to the nearest intersections)
//     becomes a wall edge, collinear pieces merged. Every other segment,
//     and every segment of an open objects_line_of_sight line, gives the
//     trait to each square it passes through, crossing its inside: not to
//     one it only touches at a corner or along a side (passSquares).
//
// Portals become doors: one along a grid line a door edge over the unit
// edges it covers (a door when closed, an open door when not: Dungeondraft
// writes a window as a portal that is not closed), replacing any wall edge
// there; so is one within 5 degrees of a grid line's direction whose
// middle lies within 1/10 square of it (alignPortal), as a door set by
// hand in a wall is; any other portal makes door squares of the squares it
// passes through (trait door, plus open when not closed), replacing wall
// squares there. A portal given twice (the same stretch of grid line, or
// off the grid lines the same two ends) is one door, closed if either is,
// and the repeat is counted in LeftOut; two doors that overlap on part of
// a stretch of grid line are an error.
//
// The file is read as strictly as encounter/1: an unknown or repeated key,
// a null, a value of the wrong type or a point without x or y is an error
// (closed_walls_are_squares must be true or false);
// format, when given, must be more than 0, and one newer than UVTTFormat
// is read as UVTTFormat, which LeftOut says;
// a portal needs bounds, exactly two points (the door's ends), and may
// have position, rotation, closed (default true) and freestanding, which
// are checked but not used; environment and lights, which the import does
// not use, need only be of the right kind. The image must decode as the
// PNG, WebP or JPEG it says it is, so an export never silently loses it;
// its text is base64, or a data URL of one of them ("data:image/png;base64,").
// A file that starts with a UTF-8 byte order mark is read past it; one
// that is an image, a PDF, a database, a ZIP or UTF-16 text is refused,
// saying so (otherFileKind).
//
// What the file holds that the map cannot take is left out and counted in
// the LeftOut returned (its String says it to the GM): walls, obstacles
// and portals that lie outside the map, giving it no wall edge, door edge
// or square (a filled outline: none inside it, one round the whole map
// being on it); those that are a single point (a line of one point, or
// of one point repeated; a portal whose two ends are the same point),
// which have no length to make an edge or cross a square; and every
// light, since an encounter has none. A line that crosses the map's edge
// is cut there, as the map has no squares beyond it; a point given twice
// within a line adds nothing to it; an empty line draws nothing and is
// not counted.
//
// resolution.pixels_per_grid is not used (the image is stretched over
// the map's squares), but must be more than 0 when given. An image that
// is not the map's shape, squeezed one way by the stretch, is said in
// LeftOut (ImageW, ImageH), for the GM to check the walls against it.
//
// Every problem is an error wrapping model.ErrInvalid, a *model.FieldError
// that names the field. Memory is bounded: at most MaxUVTTBytes read, 1000
// squares a side, a MaxUVTTImage byte image of at most
// model.MaxBackgroundPixels that decodes in at most
// model.MaxBackgroundDecode bytes (checked in its header before decoding),
// MaxUVTTPoints points, and one byte a square to rasterise. The image's
// text is held once, as the map's data URL (readUVTTFile sets it aside from
// the rest of the file, which the JSON walk reads), and a PNG is checked
// without its pixels (checkPNG; a JPEG or WebP is decoded): a 69 MB
// .dd2vtt with a 60-million-pixel PNG allocates 74 MB in all
// (BenchmarkImportUVTTLarge).
func ImportUVTT(r io.Reader, name string) (*model.Encounter, LeftOut, error) {
	in, err := readUVTTFile(r)
	if err != nil {
		return nil, LeftOut{}, fmt.Errorf("import uvtt: %w", err)
	}
	if in.kind != "" {
		return nil, LeftOut{}, bad("", "the file is %s", in.kind)
	}
	if in.size > MaxUVTTBytes {
		return nil, LeftOut{}, bad("", "the file is larger than %d MiB", MaxUVTTBytes>>20)
	}
	if !json.Valid(in.doc) {
		if len(bytes.TrimSpace(in.doc)) == 0 {
			return nil, LeftOut{}, bad("", "the file is empty") // as an empty encounter file is
		}
		var v any
		return nil, LeftOut{}, jsonBadAt("", in.syntaxError(json.Unmarshal(in.doc, &v)), in.lineCol)
	}
	f, err := readUVTT(in.doc)
	if err != nil {
		return nil, LeftOut{}, err
	}
	e := &model.Encounter{ID: model.NewID(), Name: name, Ruleset: model.SF2E}
	e.FeetPerSquare = e.Ruleset.DefaultFeetPerSquare()
	e.Grid = model.NewGrid(int(f.size.X), int(f.size.Y))
	out := LeftOut{W: e.Grid.W, H: e.Grid.H, Lights: f.lights}
	if f.format > UVTTFormat {
		out.Format = f.format // read as UVTTFormat: the note says so
	}
	budget := maxRasterWork
	edges := &edgeSet{w: e.Grid.W, h: e.Grid.H}
	if out.Walls, out.PointWalls, err = rasterise(&e.Grid, f.walls, f.origin, model.Wall, "line_of_sight", f.closedSquares, edges, &budget); err != nil {
		return nil, LeftOut{}, err
	}
	if out.Objects, out.PointObjects, err = rasterise(&e.Grid, f.objects, f.origin, model.Obstacle, "objects_line_of_sight", true, nil, &budget); err != nil {
		return nil, LeftOut{}, err
	}
	if out.Doors, out.PointDoors, out.RepeatedDoors, err = placePortals(&e.Grid, f.portals, f.origin, edges, &budget); err != nil {
		return nil, LeftOut{}, err
	}
	if e.Edges, err = edges.edges(); err != nil {
		return nil, LeftOut{}, err
	}
	in.doc = nil                  // read: let it go before the image is checked
	in.image.writeString(f.image) // the rest of the text, if the file reader left any
	if in.image.n > 0 {
		bg, err := background(&in.image)
		if err != nil {
			return nil, LeftOut{}, err
		}
		e.Background = bg
		if iw, ih, err := model.ImageSize(bg); err == nil && stretchedOutOfShape(iw, ih, e.Grid.W, e.Grid.H) {
			out.ImageW, out.ImageH = iw, ih
		}
	}
	if err := model.Validate(e); err != nil {
		return nil, LeftOut{}, err
	}
	return e, out, nil
}

// uvttIn is what ImportUVTT uses of a file.
type uvttIn struct {
	format         float64 // 0 when the file has none
	origin, size   uvttPoint
	walls, objects [][]uvttPoint
	closedSquares  bool // closed_walls_are_squares
	portals        []uvttPortal
	lights         int    // how many lights the file has
	image          string // what of the image's text readUVTTFile left in the file
}

// uvttReader walks a file that is valid JSON, token by token, building
// uvttIn and stopping at the first problem.
type uvttReader struct {
	dec    *json.Decoder
	points int
}

// The keys of each object ImportUVTT reads.
var (
	uvttKeys   = []string{"format", "resolution", "line_of_sight", "objects_line_of_sight", "closed_walls_are_squares", "portals", "environment", "lights", "image", "software", "creator"}
	resKeys    = []string{"map_origin", "map_size", "pixels_per_grid"}
	pointKeys  = []string{"x", "y"}
	portalKeys = []string{"position", "bounds", "rotation", "closed", "freestanding"}
)

func readUVTT(data []byte) (*uvttIn, error) {
	r := &uvttReader{dec: json.NewDecoder(bytes.NewReader(data))}
	r.dec.UseNumber()
	var f uvttIn
	hasRes := false
	err := r.object("", uvttKeys, func(k, field string) error {
		switch k {
		case "format":
			// The version of the format the file is written in: 0.2 and
			// 0.3 are Dungeondraft's, the newest this reader knows being
			// UVTTFormat. A newer one is read as that, which ImportUVTT
			// says; none at all, as a map made by hand may have, is read
			// so too, silently. No version is 0 or less: a file that says
			// so is damaged, and refused as any impossible value is.
			v, err := r.number(field)
			if err == nil && !(v > 0) {
				err = bad(field, "must be more than 0 (the version of the Universal VTT format the file is written in, such as %v), not %v", UVTTFormat, v)
			}
			f.format = v
			return err
		case "resolution":
			hasRes = true
			return r.resolution(field, &f)
		case "line_of_sight":
			return r.lines(field, &f.walls)
		case "objects_line_of_sight":
			return r.lines(field, &f.objects)
		case "closed_walls_are_squares":
			return r.bool(field, &f.closedSquares)
		case "image":
			return r.string(field, &f.image)
		case "software", "creator":
			// who made the file: map makers write them (a map refused
			// for naming its program was a map the GM could not use);
			// nothing of the map, so nothing is left out
			var who string
			return r.string(field, &who)
		case "portals":
			return r.portals(field, &f.portals)
		case "environment":
			return r.ignored(field, '{')
		}
		return r.lights(field, &f.lights)
	})
	if err != nil {
		return nil, err
	}
	if !hasRes {
		return nil, bad("resolution", "is required (map_size in squares)")
	}
	return &f, nil
}

func (r *uvttReader) resolution(field string, f *uvttIn) error {
	hasSize := false
	err := r.object(field, resKeys, func(k, field string) error {
		switch k {
		case "map_origin":
			if err := r.point(field, &f.origin); err != nil {
				return err
			}
			if math.Abs(f.origin.X) > 1e9 || math.Abs(f.origin.Y) > 1e9 {
				return bad(field, "point (%v, %v) is far outside the map", f.origin.X, f.origin.Y)
			}
			return nil
		case "map_size":
			hasSize = true
			return r.point(field, &f.size)
		}
		// Not used: the image is stretched over map_size squares, whatever
		// its pixels. But a map cannot have no pixels (or fewer) a
		// square: a file that says so is damaged, and is refused as any
		// other impossible value is.
		ppg, err := r.number(field)
		if err == nil && !(ppg > 0) {
			err = bad(field, "must be more than 0 (the map image's pixels per square), not %v", ppg)
		}
		return err
	})
	if err != nil {
		return err
	}
	if !hasSize {
		return bad(field+".map_size", "is required (the map's width and height in squares)")
	}
	for _, c := range []struct {
		n string
		v float64
	}{{field + ".map_size.x", f.size.X}, {field + ".map_size.y", f.size.Y}} {
		if c.v != math.Trunc(c.v) || c.v < 1 || c.v > model.MaxMapSide {
			return bad(c.n, "must be a whole number of squares from 1 to %d, not %v", model.MaxMapSide, c.v)
		}
	}
	return nil
}

// lines reads a list of polylines, at most MaxUVTTPoints points in all the
// lists together.
func (r *uvttReader) lines(field string, out *[][]uvttPoint) error {
	*out = nil
	return r.array(field, func(i int) error {
		lf := fmt.Sprintf("%s[%d]", field, i)
		var line []uvttPoint
		err := r.array(lf, func(j int) error {
			if r.points++; r.points > MaxUVTTPoints {
				return bad(field, "more than %d points in all the lines; at most %d are allowed", MaxUVTTPoints, MaxUVTTPoints)
			}
			var p uvttPoint
			if err := r.point(fmt.Sprintf("%s[%d]", lf, j), &p); err != nil {
				return err
			}
			line = append(line, p)
			return nil
		})
		*out = append(*out, line)
		return err
	})
}

// portals reads the list of portals; their points count toward
// MaxUVTTPoints.
func (r *uvttReader) portals(field string, out *[]uvttPortal) error {
	*out = nil
	return r.array(field, func(i int) error {
		pf := fmt.Sprintf("%s[%d]", field, i)
		p := uvttPortal{Closed: true}
		err := r.object(pf, portalKeys, func(k, field string) error {
			switch k {
			case "position":
				return r.point(field, &p.Position)
			case "bounds":
				return r.array(field, func(j int) error {
					if r.points++; r.points > MaxUVTTPoints {
						return bad(field, "more than %d points in all the lines and portals; at most %d are allowed", MaxUVTTPoints, MaxUVTTPoints)
					}
					var q uvttPoint
					if err := r.point(fmt.Sprintf("%s[%d]", field, j), &q); err != nil {
						return err
					}
					if math.Abs(q.X) > 1e9 || math.Abs(q.Y) > 1e9 {
						return bad(fmt.Sprintf("%s[%d]", field, j), "point (%v, %v) is far outside the map", q.X, q.Y)
					}
					p.Bounds = append(p.Bounds, q)
					return nil
				})
			case "rotation":
				_, err := r.number(field)
				return err
			}
			return r.bool(field, map[string]*bool{"closed": &p.Closed, "freestanding": &p.Freestanding}[k])
		})
		if err != nil {
			return err
		}
		// A portal is a door between its two ends, as every map maker
		// writes it and every reader takes it (bounds[0] to bounds[1]): a
		// third point is no part of a door, and dropping it would move
		// the door the file draws.
		if n := len(p.Bounds); n != 2 {
			points := "points"
			if n == 1 {
				points = "point"
			}
			return bad(pf+".bounds", "needs the door's two ends, not %d %s", n, points)
		}
		*out = append(*out, p)
		return nil
	})
}

// point reads {"x": number, "y": number}, both required.
func (r *uvttReader) point(field string, p *uvttPoint) error {
	var has [2]bool
	err := r.object(field, pointKeys, func(k, field string) error {
		v, err := r.number(field)
		if k == "x" {
			p.X, has[0] = v, true
		} else {
			p.Y, has[1] = v, true
		}
		return err
	})
	if err == nil && (!has[0] || !has[1]) {
		err = bad(field, "needs x and y")
	}
	return err
}

// object reads an object whose keys may be those of keys, each once,
// calling member for each key when the decoder stands at its value.
func (r *uvttReader) object(field string, keys []string, member func(k, field string) error) error {
	if err := r.open(field, '{', "an object"); err != nil {
		return err
	}
	seen := make([]bool, len(keys))
	for r.dec.More() {
		tok, err := r.dec.Token()
		if err != nil {
			return bad(field, "%v", err)
		}
		k, _ := tok.(string)
		i := slices.Index(keys, k)
		kf := k
		if field != "" {
			kf = field + "." + k
		}
		switch {
		case i < 0:
			return bad(field, "unknown field %q", k)
		case seen[i]:
			return bad(kf, "is given twice")
		}
		seen[i] = true
		if err := member(k, kf); err != nil {
			return err
		}
	}
	_, err := r.dec.Token() // }
	return err
}

// array reads an array, calling element for each element.
func (r *uvttReader) array(field string, element func(i int) error) error {
	if err := r.open(field, '[', "an array"); err != nil {
		return err
	}
	for i := 0; r.dec.More(); i++ {
		if err := element(i); err != nil {
			return err
		}
	}
	_, err := r.dec.Token() // ]
	return err
}

// open reads the opening delimiter of an object or array.
func (r *uvttReader) open(field string, delim json.Delim, want string) error {
	tok, err := r.dec.Token()
	if err != nil {
		return bad(field, "%v", err)
	}
	if tok != delim {
		return wrongKind(field, want, tok)
	}
	return nil
}

func (r *uvttReader) number(field string) (float64, error) {
	tok, err := r.dec.Token()
	if err != nil {
		return 0, bad(field, "%v", err)
	}
	n, ok := tok.(json.Number)
	if !ok {
		return 0, wrongKind(field, "a number", tok)
	}
	v, err := n.Float64()
	if err != nil {
		return 0, bad(field, "%s is out of range", n)
	}
	return v, nil
}

func (r *uvttReader) bool(field string, out *bool) error {
	tok, err := r.dec.Token()
	if err != nil {
		return bad(field, "%v", err)
	}
	b, ok := tok.(bool)
	if !ok {
		return wrongKind(field, "true or false", tok)
	}
	*out = b
	return nil
}

func (r *uvttReader) string(field string, out *string) error {
	tok, err := r.dec.Token()
	if err != nil {
		return bad(field, "%v", err)
	}
	s, ok := tok.(string)
	if !ok {
		return wrongKind(field, "a string", tok)
	}
	*out = s
	return nil
}

// ignored reads a value the import does not use, checking only that it is
// an object ('{') or an array ('[').
func (r *uvttReader) ignored(field string, delim json.Delim) error {
	var v json.RawMessage
	if err := r.dec.Decode(&v); err != nil {
		return bad(field, "%v", err)
	}
	if v[0] == 'n' {
		return bad(field, "must not be null")
	}
	if v[0] != byte(delim) {
		want := "an array"
		if delim == '{' {
			want = "an object"
		}
		return bad(field, "must be %s, not %s", want, rawKind(v[0]))
	}
	return nil
}

// lights reads the list of lights, which the import does not use (an
// encounter has none), checking only that it is an array, and counts them
// for LeftOut.
func (r *uvttReader) lights(field string, n *int) error {
	var v json.RawMessage
	if err := r.dec.Decode(&v); err != nil {
		return bad(field, "%v", err)
	}
	if v[0] != '[' {
		if v[0] == 'n' {
			return bad(field, "must not be null")
		}
		return bad(field, "must be an array, not %s", rawKind(v[0]))
	}
	var items []json.RawMessage
	if err := json.Unmarshal(v, &items); err != nil {
		return bad(field, "%v", err)
	}
	*n = len(items)
	return nil
}

// wrongKind is the error for a value (tok, its first token) of the wrong kind.
func wrongKind(field, want string, tok json.Token) error {
	switch v := tok.(type) {
	case nil:
		return bad(field, "must not be null")
	case json.Delim:
		return bad(field, "must be %s, not %s", want, rawKind(byte(v)))
	case string:
		return bad(field, "must be %s, not string", want)
	case bool:
		return bad(field, "must be %s, not true or false", want)
	}
	return bad(field, "must be %s, not number", want)
}

func rawKind(c byte) string {
	switch c {
	case '{':
		return "object"
	case '[':
		return "array"
	case '"':
		return "string"
	case 't', 'f':
		return "true or false"
	case 'n':
		return "null"
	}
	return "number"
}

// jsonBad is the error for err, encoding/json's on the file data, in the
// words the encounter reader has for it: where the file is not JSON, by
// line and column as a text editor counts them (model.LineCol), and a
// file cut short, where it ends.
func jsonBad(field string, err error, data []byte) error {
	return jsonBadAt(field, err, func(off int64) (int, int) { return model.LineCol(data, off) })
}

// jsonBadAt is jsonBad for a file whose bytes are not all at hand:
// lineCol gives the line and column of the byte at an offset in the file
// (uvttFileIn.lineCol). It said "at byte 2893", which a GM's text editor
// does not show; the encounter reader says the line and column.
func jsonBadAt(field string, err error, lineCol func(off int64) (line, col int)) error {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		if se.Error() == "unexpected end of JSON input" {
			// a file cut short, most often a download or copy that did
			// not finish: say so rather than Go's words for it
			line, _ := lineCol(se.Offset)
			return bad(field, "not valid JSON: the file ends too early, at byte %d (line %d), as a download or copy that did not finish does", se.Offset, line)
		}
		// Offset counts the bytes read, the offending one included
		line, col := lineCol(se.Offset - 1)
		return bad(field, "not valid JSON at line %d, column %d: %v", line, col, se)
	}
	return bad(field, "%s", strings.TrimPrefix(err.Error(), "json: "))
}

// background checks the image's text t (the base64 of a PNG, WebP or JPEG
// file, or a data URL of one), decoding it as the renderer will (the size
// in its header first), and returns it as a data URL.
func background(t *imageText) (string, error) {
	s := t.text()
	if t.err != nil { // a data URL's prefix that names no image
		return "", t.err
	}
	if base64.StdEncoding.DecodedLen(t.n) > MaxUVTTImage+3 {
		return "", bad("image", "is larger than %d MiB", MaxUVTTImage>>20)
	}
	if n, ok := standardBase64(s); ok {
		// As map makers write it: the text is the data URL's, read where
		// it lies rather than decoded into a copy.
		if n > MaxUVTTImage {
			return "", bad("image", "is larger than %d MiB", MaxUVTTImage>>20)
		}
		format, err := checkBackground(func() io.Reader { return base64.NewDecoder(base64.StdEncoding, strings.NewReader(s)) })
		if err == nil {
			err = t.checkDeclared(format)
		}
		if err != nil {
			return "", err
		}
		if url := t.url(); strings.HasPrefix(url, dataPrefix(format)) {
			return url, nil // the prefix, chosen by the same first bytes
		}
		return dataPrefix(format) + s, nil
	}
	img, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		// Some tools write URL-safe or unpadded base64.
		img, err = base64.RawStdEncoding.DecodeString(strings.TrimRight(s, "="))
		if err != nil {
			return "", bad("image", "is not base64: %v", err)
		}
	}
	if len(img) > MaxUVTTImage {
		return "", bad("image", "is larger than %d MiB", MaxUVTTImage>>20)
	}
	format, err := checkBackground(func() io.Reader { return bytes.NewReader(img) })
	if err == nil {
		err = t.checkDeclared(format)
	}
	if err != nil {
		return "", err
	}
	return dataURL(format, img), nil
}

// checkDeclared checks that the image, of the format its bytes say, is
// the one a data URL's prefix names, as an encounter file's map image
// must be (a map maker's file that says PNG and holds a JPEG is damaged).
func (t *imageText) checkDeclared(format string) error {
	if t.declared == "" || t.declared == format {
		return nil
	}
	said, _ := decoderOf(t.declared)
	held, _ := decoderOf(format)
	return bad("image", "is a data URL of a %s (data:image/%s) that holds a %s image", said, t.declared, held)
}

// standardBase64 reports whether s is base64 as base64.StdEncoding writes
// it (padded, no line breaks, the unused bits zero), so that it decodes
// and is written again as itself, and how many bytes it decodes to.
func standardBase64(s string) (int, bool) {
	if len(s) == 0 || len(s)%4 != 0 {
		return 0, false
	}
	body, last := s[:len(s)-4], s[len(s)-4:]
	for i := 0; i < len(body); i++ {
		if !isBase64[body[i]] {
			return 0, false
		}
	}
	tail, err := base64.StdEncoding.Strict().DecodeString(last)
	if err != nil || strings.ContainsAny(last, "\r\n") {
		return 0, false
	}
	return len(body)/4*3 + len(tail), true
}

// isBase64 tells the characters of standard base64, padding aside.
var isBase64 = func() (t [256]bool) {
	for _, c := range []byte("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/") {
		t[c] = true
	}
	return t
}()

// checkBackground checks the image file open reads (afresh at each call)
// as a map image: a PNG, WebP or JPEG whose header passes checkMapImage
// and which decodes (a PNG checked by checkPNG, which keeps no pixels). It
// returns its format ("png", "webp", "jpeg").
func checkBackground(open func() io.Reader) (string, error) {
	var head [12]byte
	n, _ := io.ReadFull(open(), head[:])
	format := imageFormat(head[:n])
	if format == "" {
		return "", bad("image", "is not a PNG, WebP or JPEG image")
	}
	if _, err := checkMapImage(open()); err != nil { // size and decode cost, from the header
		return "", err
	}
	name, decode := decoderOf(format)
	if format == "png" { // walked as png.Decode walks it, without its pixels
		decode = func(r io.Reader) (image.Image, error) { return nil, checkPNG(r) }
	}
	if _, err := decode(open()); err != nil {
		return "", bad("image", "is not a readable %s: %v", name, err)
	}
	return format, nil
}

// imageFormat is the format of the image file starting with head: "png",
// "webp", "jpeg", or "" for none of them.
func imageFormat(head []byte) string {
	switch {
	case bytes.HasPrefix(head, []byte("\x89PNG\r\n\x1a\n")):
		return "png"
	case len(head) >= 12 && string(head[:4]) == "RIFF" && string(head[8:12]) == "WEBP":
		return "webp"
	case bytes.HasPrefix(head, []byte("\xff\xd8\xff")):
		return "jpeg"
	}
	return ""
}

// dataPrefix is the start of a data URL of an image of the format.
func dataPrefix(format string) string { return "data:image/" + format + ";base64," }

// dataURL is img as a data URL, written in place: concatenating the
// prefix and base64.StdEncoding.EncodeToString would copy it twice more.
func dataURL(format string, img []byte) string {
	prefix := dataPrefix(format)
	var url strings.Builder
	url.Grow(len(prefix) + base64.StdEncoding.EncodedLen(len(img)))
	url.WriteString(prefix)
	enc := base64.NewEncoder(base64.StdEncoding, &url)
	enc.Write(img)
	enc.Close()
	return url.String()
}

// rasterise sets trait t on the squares the polylines of one list enclose
// (closed, when fill) or pass through (open, or closed without fill), or,
// when edges is not nil, adds the segments along grid lines of those it
// does not fill to edges as walls; see ImportUVTT. It returns how many
// polylines lie outside the map (lost): one drawn as a line that marked
// no square and no edge, a filled one that encloses no square of it
// (closedOffMap); and how many are a single point (points): one point, or
// all of them the same, which has no length to draw. An empty polyline
// draws nothing and is neither. A segment of no length within a polyline
// (a point given twice) adds nothing to it.
func rasterise(g *model.Grid, lines [][]uvttPoint, org uvttPoint, t model.Trait, field string, fill bool, edges *edgeSet, budget *int) (lost, points int, err error) {
	// Closed lines by the even-odd rule: a square is inside when an odd
	// number of edges cross its row's centre line left of its centre. Each
	// crossing flips the count from the first square right of it on, so
	// one bit a square holds them all, however many lines there are.
	var flip []bool
	for i, l := range lines {
		if len(l) == 0 {
			continue
		}
		single := true
		for j, p := range l {
			if math.Abs(p.X) > 1e9 || math.Abs(p.Y) > 1e9 {
				return 0, 0, bad(fmt.Sprintf("%s[%d][%d]", field, i, j), "point (%v, %v) is far outside the map", p.X, p.Y)
			}
			single = single && p.X-org.X == l[0].X-org.X && p.Y-org.Y == l[0].Y-org.Y // as drawn, origin applied
		}
		if single {
			points++ // counted for LeftOut, on the map or not
			continue
		}
		closed := fill && len(l) >= 4 && l[0] == l[len(l)-1]
		if closed && closedOffMap(l, org, g.W, g.H) {
			lost++
			continue // it would flip only rows beside the map, in pairs
		}
		kept := closed
		for j := 0; j+1 < len(l); j++ {
			ax, ay := l[j].X-org.X, l[j].Y-org.Y
			bx, by := l[j+1].X-org.X, l[j+1].Y-org.Y
			if ax == bx && ay == by {
				continue // a point given twice: no direction, no squares of its own
			}
			if closed {
				// Rows whose centre y+0.5 lies in [min, max) of the edge.
				y0, y1 := math.Min(ay, by), math.Max(ay, by)
				r0 := max(int(math.Ceil(y0-0.5)), 0)
				r1 := min(int(math.Ceil(y1-0.5)), g.H) // exclusive
				*budget -= max(r1-r0, 0) + 1
				if *budget < 0 {
					return 0, 0, bad(field, "too many or too long lines to rasterise")
				}
				if flip == nil && r0 < r1 {
					flip = make([]bool, g.W*g.H)
				}
				for r := r0; r < r1; r++ {
					yc := float64(r) + 0.5
					x := ax + (yc-ay)*(bx-ax)/(by-ay)
					// The first square whose centre c+0.5 lies right of x.
					c := math.Floor(x-0.5) + 1
					if !(c < float64(g.W)) {
						continue
					}
					i := r * g.W
					if c > 0 {
						i += int(c)
					}
					flip[i] = !flip[i]
				}
				continue
			}
			if edges != nil {
				if horizontal, line, n0, n1, ok := edges.gridRun(uvttPoint{ax, ay}, uvttPoint{bx, by}); ok {
					*budget -= n1 - n0 + 1
					if *budget < 0 {
						return 0, 0, bad(field, "too many or too long lines to rasterise")
					}
					edges.wall(horizontal, line, n0, n1)
					kept = kept || n0 < n1
					continue
				}
			}
			if !passSquares(g.W, g.H, uvttPoint{ax, ay}, uvttPoint{bx, by}, budget, func(x, y int) {
				g.Cells[y*g.W+x] |= t
				kept = true
			}) {
				return 0, 0, bad(field, "too many or too long lines to rasterise")
			}
		}
		if !kept && len(l) > 1 {
			lost++
		}
	}
	for y := 0; flip != nil && y < g.H; y++ {
		in := false
		for x := 0; x < g.W; x++ {
			in = in != flip[y*g.W+x]
			if in {
				g.Cells[y*g.W+x] |= t
			}
		}
	}
	return lost, points, nil
}

// passSquares calls visit with each square of a w x h map that the segment
// a-b (grid units, map origin applied) passes through: whose inside it
// crosses. A segment that only touches a square, at a corner or along a
// side, does not pass through it, so a diagonal wall from (3, 3) to (5, 5)
// passes through (3, 3) and (4, 4) and not (5, 5), whichever way it runs.
// A piece lying exactly on a grid line (an obstacle's line; a wall's
// becomes an edge before this) passes through the squares below or right
// of it, above or left on the map's far edge, so it is not lost.
//
// The segment is first cut to the map; then the grid lines it crosses,
// in order along it, part it into pieces each inside one square (or on a
// line), a piece of no length at a corner crossed dead on being skipped.
// Time O(squares visited); it takes as many from *budget, and reports
// false, visiting nothing, when that would run out.
func passSquares(w, h int, a, b uvttPoint, budget *int, visit func(x, y int)) bool {
	dx, dy := b.X-a.X, b.Y-a.Y
	t0, t1, ok := clipToRect(a, b, 0, 0, float64(w), float64(h))
	if !ok {
		return true
	}
	p := uvttPoint{a.X + dx*t0, a.Y + dy*t0}
	q := uvttPoint{a.X + dx*t1, a.Y + dy*t1}
	dx, dy = q.X-p.X, q.Y-p.Y
	length := math.Hypot(dx, dy)
	if length == 0 {
		return true
	}
	*budget -= int(math.Abs(dx)) + int(math.Abs(dy)) + 3
	if *budget < 0 {
		return false
	}
	// crossings returns the first grid line past v0 toward v1 and the step
	// to the next, as parameters along p-q (+Inf when none).
	crossings := func(v0, d float64) (first, step float64) {
		switch {
		case d > 0:
			return (math.Floor(v0) + 1 - v0) / d, 1 / d
		case d < 0:
			return (math.Ceil(v0) - 1 - v0) / d, -1 / d
		}
		return math.Inf(1), 0
	}
	tx, sx := crossings(p.X, dx)
	ty, sy := crossings(p.Y, dy)
	onX := dx == 0 && p.X == math.Trunc(p.X) // along a vertical grid line
	onY := dy == 0 && p.Y == math.Trunc(p.Y)
	const tiny = 1e-9 // squares: shorter pieces are a corner crossed dead on
	for prev := 0.0; prev < 1; {
		next := min(tx, ty, 1)
		if (next-prev)*length > tiny {
			m := (prev + next) / 2
			x, y := int(math.Floor(p.X+dx*m)), int(math.Floor(p.Y+dy*m))
			if onX && x == w {
				x--
			}
			if onY && y == h {
				y--
			}
			if x >= 0 && x < w && y >= 0 && y < h {
				visit(x, y)
			}
		}
		if tx == next {
			tx += sx
		}
		if ty == next {
			ty += sy
		}
		prev = next
	}
	return true
}

// clipToRect cuts the segment a-b to the closed rectangle [x0, x1] x
// [y0, y1] (Liang-Barsky): the parameters along it where it enters and
// leaves, and false when it misses it.
func clipToRect(a, b uvttPoint, x0, y0, x1, y1 float64) (t0, t1 float64, ok bool) {
	dx, dy := b.X-a.X, b.Y-a.Y
	p := [4]float64{-dx, dx, -dy, dy}
	q := [4]float64{a.X - x0, x1 - a.X, a.Y - y0, y1 - a.Y}
	t0, t1 = 0, 1
	for i := range p {
		if p[i] == 0 {
			if q[i] < 0 {
				return 0, 0, false // parallel to this side, beyond it
			}
			continue
		}
		r := q[i] / p[i]
		if p[i] < 0 {
			t0 = math.Max(t0, r)
		} else {
			t1 = math.Min(t1, r)
		}
		if t0 > t1 {
			return 0, 0, false
		}
	}
	return t0, t1, true
}
