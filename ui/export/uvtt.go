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
	"sort"
	"strings"

	"encounterplanner/model"
	"encounterplanner/ui/render"
)

// Limits of ImportUVTT, so a hostile file cannot exhaust memory.
const (
	MaxUVTTImage  = 64 << 20                  // decoded image bytes
	MaxUVTTBytes  = MaxUVTTImage/3*4 + 32<<20 // the whole file
	MaxUVTTPoints = 1 << 20                   // polyline points, all lists together
	maxRasterWork = 64 << 20                  // square visits when rasterising lines
	maxImagePixel = 1 << 26                   // background pixels (as render decodes them)
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
	Portals            []any         `json:"portals"`
	Environment        struct {
		BakedLighting bool   `json:"baked_lighting"`
		AmbientLight  string `json:"ambient_light"`
	} `json:"environment"`
	Lights []any  `json:"lights"`
	Image  string `json:"image"`
}

// UVTT writes e as a Universal VTT (.dd2vtt, format 0.3) file: the map size
// in squares, px pixels per square, walls as line_of_sight and obstacles as
// objects_line_of_sight, both the boundaries of their squares merged into
// maximal straight segments chained into closed polylines (grid units), and
// the terrain image without tokens as base64 PNG.
func UVTT(w io.Writer, e *model.Encounter, px int) error {
	if px == 0 {
		px = DefaultPX
	}
	if err := checkSize(e, px); err != nil {
		return err
	}
	img := image.NewRGBA(image.Rect(0, 0, e.Grid.W*px, e.Grid.H*px))
	r := render.NewRenderer()
	r.Draw(img, e, render.View{Scale: float64(px), NoTokens: true, NoGrid: true}, nil)
	var pbuf bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&pbuf, img); err != nil {
		return fmt.Errorf("export uvtt: %w", err)
	}
	var f uvttFile
	f.Format = 0.3
	f.Resolution.MapSize = uvttPoint{float64(e.Grid.W), float64(e.Grid.H)}
	f.Resolution.PixelsPerGrid = px
	f.LineOfSight = toPoints(Boundaries(&e.Grid, model.Wall))
	f.ObjectsLineOfSight = toPoints(Boundaries(&e.Grid, model.Obstacle))
	f.Portals, f.Lights = []any{}, []any{}
	f.Environment.BakedLighting = true
	f.Environment.AmbientLight = "ffffffff"
	f.Image = base64.StdEncoding.EncodeToString(pbuf.Bytes())
	enc := json.NewEncoder(w)
	if err := enc.Encode(&f); err != nil {
		return fmt.Errorf("export uvtt: %w", err)
	}
	return nil
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
//   - A closed polyline (its last point equals its first) bounds an area:
//     a square whose centre lies inside the closed polylines of a list by
//     the even-odd rule gets the trait. This is how UVTT exports walls, so
//     its files round-trip exactly.
//   - An open polyline is a thin wall (the usual Dungeondraft wall): every
//     square it passes through gets the trait (sampled every 1/8 square; a
//     line lying on a grid line marks the squares below or right of it).
//
// Every problem is an error wrapping model.ErrInvalid that names the field.
// Memory is bounded: at most MaxUVTTBytes read, 1000 squares a side, a
// MaxUVTTImage byte image, MaxUVTTPoints points.
func ImportUVTT(r io.Reader, name string) (*model.Encounter, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxUVTTBytes+1))
	if err != nil {
		return nil, fmt.Errorf("import uvtt: %w", err)
	}
	if len(data) > MaxUVTTBytes {
		return nil, bad("", "the file is larger than %d MiB", MaxUVTTBytes>>20)
	}
	var f uvttFile
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, jsonBad("", err)
	}
	for _, k := range []string{"resolution", "line_of_sight", "objects_line_of_sight", "image", "format"} {
		v, ok := raw[k]
		if !ok {
			continue
		}
		var dst any
		switch k {
		case "resolution":
			dst = &f.Resolution
		case "line_of_sight":
			dst = &f.LineOfSight
		case "objects_line_of_sight":
			dst = &f.ObjectsLineOfSight
		case "image":
			dst = &f.Image
		case "format":
			dst = &f.Format
		}
		if err := json.Unmarshal(v, dst); err != nil {
			return nil, jsonBad(k, err)
		}
	}
	if _, ok := raw["resolution"]; !ok {
		return nil, bad("resolution", "is required (map_size in squares)")
	}
	ms := f.Resolution.MapSize
	w, h := ms.X, ms.Y
	for _, c := range []struct {
		n string
		v float64
	}{{"resolution.map_size.x", w}, {"resolution.map_size.y", h}} {
		if c.v != math.Trunc(c.v) || c.v < 1 || c.v > model.MaxMapSide {
			return nil, bad(c.n, "must be a whole number of squares from 1 to %d, not %v", model.MaxMapSide, c.v)
		}
	}
	if f.Resolution.PixelsPerGrid < 0 {
		return nil, bad("resolution.pixels_per_grid", "must be positive, not %d", f.Resolution.PixelsPerGrid)
	}
	npts := 0
	for _, l := range f.LineOfSight {
		npts += len(l)
	}
	for _, l := range f.ObjectsLineOfSight {
		npts += len(l)
	}
	if npts > MaxUVTTPoints {
		return nil, bad("line_of_sight", "%d points; at most %d are allowed", npts, MaxUVTTPoints)
	}
	e := &model.Encounter{ID: model.NewID(), Name: name, Ruleset: model.SF2E}
	e.FeetPerSquare = e.Ruleset.DefaultFeetPerSquare()
	e.Grid = model.NewGrid(int(w), int(h))
	budget := maxRasterWork
	org := f.Resolution.MapOrigin
	if err := rasterise(&e.Grid, f.LineOfSight, org, model.Wall, "line_of_sight", &budget); err != nil {
		return nil, err
	}
	if err := rasterise(&e.Grid, f.ObjectsLineOfSight, org, model.Obstacle, "objects_line_of_sight", &budget); err != nil {
		return nil, err
	}
	if f.Image != "" {
		bg, err := background(f.Image)
		if err != nil {
			return nil, err
		}
		e.Background = bg
	}
	if err := model.Validate(e); err != nil {
		return nil, err
	}
	return e, nil
}

func jsonBad(field string, err error) error {
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	switch {
	case errors.As(err, &te):
		f := field
		if te.Field != "" {
			if f != "" {
				f += "."
			}
			f += te.Field
		}
		return bad(f, "must be %s, not %s", kind(te.Type.String()), te.Value)
	case errors.As(err, &se):
		return bad(field, "not valid JSON at byte %d: %v", se.Offset, se)
	}
	return bad(field, "%s", strings.TrimPrefix(err.Error(), "json: "))
}

func kind(t string) string {
	switch {
	case t == "float64":
		return "a number"
	case t == "int":
		return "a whole number"
	case t == "string":
		return "a string"
	case strings.HasPrefix(t, "[]"):
		return "an array"
	}
	return "an object"
}

// background checks the base64 image and returns it as a data URL.
func background(s string) (string, error) {
	if base64.StdEncoding.DecodedLen(len(s)) > MaxUVTTImage+3 {
		return "", bad("image", "is larger than %d MiB", MaxUVTTImage>>20)
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
	switch {
	case bytes.HasPrefix(img, []byte("\x89PNG\r\n\x1a\n")):
		cfg, err := png.DecodeConfig(bytes.NewReader(img))
		if err != nil {
			return "", bad("image", "is not a readable PNG: %v", err)
		}
		if int64(cfg.Width)*int64(cfg.Height) > maxImagePixel {
			return "", bad("image", "is %dx%d pixels; at most %d million pixels are allowed", cfg.Width, cfg.Height, maxImagePixel>>20)
		}
		return "data:image/png;base64," + base64.StdEncoding.EncodeToString(img), nil
	case len(img) >= 12 && string(img[:4]) == "RIFF" && string(img[8:12]) == "WEBP":
		return "data:image/webp;base64," + base64.StdEncoding.EncodeToString(img), nil
	}
	return "", bad("image", "is neither a PNG nor a WebP image")
}

// rasterise sets trait t on the squares the polylines of one list enclose
// (closed) or pass through (open); see ImportUVTT.
func rasterise(g *model.Grid, lines [][]uvttPoint, org uvttPoint, t model.Trait, field string, budget *int) error {
	cross := make([][]float64, g.H) // per row: x where closed edges cross the row's centre line
	for i, l := range lines {
		if len(l) == 0 {
			continue
		}
		for j, p := range l {
			if math.Abs(p.X) > 1e9 || math.Abs(p.Y) > 1e9 {
				return bad(fmt.Sprintf("%s[%d][%d]", field, i, j), "point (%v, %v) is far outside the map", p.X, p.Y)
			}
		}
		closed := len(l) >= 4 && l[0] == l[len(l)-1]
		for j := 0; j+1 < len(l); j++ {
			ax, ay := l[j].X-org.X, l[j].Y-org.Y
			bx, by := l[j+1].X-org.X, l[j+1].Y-org.Y
			if closed {
				// Rows whose centre y+0.5 lies in [min, max) of the edge.
				y0, y1 := math.Min(ay, by), math.Max(ay, by)
				r0 := max(int(math.Ceil(y0-0.5)), 0)
				r1 := min(int(math.Ceil(y1-0.5)), g.H) // exclusive
				*budget -= max(r1-r0, 0) + 1
				if *budget < 0 {
					return bad(field, "too many or too long lines to rasterise")
				}
				for r := r0; r < r1; r++ {
					yc := float64(r) + 0.5
					x := ax + (yc-ay)*(bx-ax)/(by-ay)
					cross[r] = append(cross[r], x)
				}
				continue
			}
			// Open: sample the segment clipped to the map, 8 samples a square.
			l := math.Hypot(bx-ax, by-ay)
			n := int(math.Ceil(math.Min(l, 3*model.MaxMapSide)*8)) + 1
			*budget -= n
			if *budget < 0 {
				return bad(field, "too many or too long lines to rasterise")
			}
			for k := 0; k <= n; k++ {
				s := float64(k) / float64(n)
				x, y := ax+(bx-ax)*s, ay+(by-ay)*s
				ix, iy := int(math.Floor(x)), int(math.Floor(y))
				if x == float64(ix) && ix == g.W {
					ix-- // a wall on the map's right edge marks the last column
				}
				if y == float64(iy) && iy == g.H {
					iy--
				}
				if g.In(ix, iy) {
					g.Cells[iy*g.W+ix] |= t
				}
			}
		}
	}
	for y, xs := range cross {
		if len(xs) == 0 {
			continue
		}
		sort.Float64s(xs)
		k := 0
		for x := 0; x < g.W; x++ {
			c := float64(x) + 0.5
			for k < len(xs) && xs[k] < c {
				k++
			}
			if k%2 == 1 {
				g.Cells[y*g.W+x] |= t
			}
		}
	}
	return nil
}
