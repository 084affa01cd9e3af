package export

import (
	"bytes"
	"image"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"encounterplanner/model"
	"encounterplanner/rules"
	"encounterplanner/ui/render"
)

func bigMap(w, h int) *model.Encounter {
	rows := make([]string, h)
	for y := range rows {
		var b strings.Builder
		for x := 0; x < w; x++ {
			switch {
			case x == 0 || y == 0 || x == w-1 || y == h-1:
				b.WriteByte('#')
			case (x+y)%7 == 0:
				b.WriteByte("odDhnu~"[(x*3+y)%7])
			default:
				b.WriteByte('.')
			}
		}
		rows[y] = b.String()
	}
	e := mapFrom(rows...)
	e.Name = "Derelict bay"
	e.Tokens = []model.Token{
		{Name: "Iseph", X: 2, Y: 2, Size: model.Medium, Side: "party"},
		{Name: "Tashtari", X: 6, Y: 8, Size: model.Large, Side: "enemy"},
		{Name: "Colossus", X: 12, Y: 4, Size: model.Gargantuan, Side: "enemy"},
		{Name: "Lurker", X: 9, Y: 9, Size: model.Small, Side: "enemy", Hidden: true},
	}
	return e
}

var reLine = regexp.MustCompile(`(-?[\d.]+) (-?[\d.]+) m (-?[\d.]+) (-?[\d.]+) l S`)

// gridLines returns, per page, the x of the vertical and the y of the
// horizontal grid lines found between the %grid comments.
func gridLines(t *testing.T, pdf []byte) (xs, ys [][]float64) {
	t.Helper()
	parts := strings.Split(string(pdf), "%grid\n")
	for _, p := range parts[1:] {
		body, _, ok := strings.Cut(p, "%end grid\n")
		if !ok {
			t.Fatal("no end-of-grid comment")
		}
		var vx, hy []float64
		for _, m := range reLine.FindAllStringSubmatch(body, -1) {
			f := func(i int) float64 { v, _ := strconv.ParseFloat(m[i], 64); return v }
			switch {
			case f(1) == f(3):
				vx = append(vx, f(1))
			case f(2) == f(4):
				hy = append(hy, f(2))
			}
		}
		sort.Float64s(vx)
		sort.Float64s(hy)
		xs, ys = append(xs, vx), append(ys, hy)
	}
	return xs, ys
}

func TestPDF(t *testing.T) {
	e := bigMap(30, 20)
	for _, c := range []struct {
		paper      string
		pages      int
		landscape  bool
		cols, rows int
	}{
		// letter: window 8 x 10.5 in (0.25 in margins), step 0.5 in less:
		// across 30 in: 1 + ceil((30-8)/7.5) = 4; down 20 in: 1 + ceil((20-10.5)/10) = 2.
		// Landscape (10.5 x 8) would need 3 x 3 = 9.
		{"letter", 8, false, 4, 2},
		// a4: window 11.19 x 7.77 in landscape: 1 + ceil(18.81/10.69) = 3; 1 + ceil(12.23/7.27) = 3.
		// Portrait (7.77 x 11.19) would need 5 x 2 = 10.
		{"a4", 9, true, 3, 3},
	} {
		t.Run(c.paper, func(t *testing.T) {
			tl, err := PDFTiling(e, PDFOptions{Paper: c.paper})
			if err != nil {
				t.Fatal(err)
			}
			if tl.Pages() != c.pages || tl.Landscape != c.landscape || tl.Cols != c.cols || tl.Rows != c.rows {
				t.Fatalf("tiling %+v, want %d pages (%dx%d) landscape=%v", tl, c.pages, c.cols, c.rows, c.landscape)
			}
			var buf bytes.Buffer
			if err := PDF(&buf, e, PDFOptions{Paper: c.paper, NoCompress: true}); err != nil {
				t.Fatal(err)
			}
			if n := strings.Count(buf.String(), "/Type /Page\n"); n != c.pages {
				t.Errorf("%d pages in the file, want %d", n, c.pages)
			}
			xs, ys := gridLines(t, buf.Bytes())
			if len(xs) != c.pages {
				t.Fatalf("grid on %d pages, want %d", len(xs), c.pages)
			}
			for pg := range xs {
				for _, l := range [][]float64{xs[pg], ys[pg]} {
					if len(l) < 2 {
						t.Fatalf("page %d: %d grid lines", pg, len(l))
					}
					for i := 1; i < len(l); i++ {
						if d := l[i] - l[i-1]; math.Abs(d-72) > 0.011 {
							t.Fatalf("page %d: grid lines %v and %v are %v pt apart, want 72", pg, l[i-1], l[i], d)
						}
					}
				}
			}
			os.WriteFile(filepath.Join(t.TempDir(), "x.pdf"), buf.Bytes(), 0o644)
		})
	}
}

func TestPDFOneInch(t *testing.T) {
	// 3 x 2 squares: one page, the grid 3 inches wide at the window's
	// corner, 0.25 in from the paper's edges.
	e := mapFrom("#.o", "dh~")
	var buf bytes.Buffer
	if err := PDF(&buf, e, PDFOptions{NoCompress: true}); err != nil {
		t.Fatal(err)
	}
	xs, ys := gridLines(t, buf.Bytes())
	if len(xs) != 1 || !equal(xs[0], []float64{18, 90, 162, 234}) {
		t.Errorf("vertical grid x = %v", xs)
	}
	// PDF y counts from the bottom: 792 - 18 - 72k.
	if len(ys) != 1 || !equal(ys[0], []float64{630, 702, 774}) {
		t.Errorf("horizontal grid y = %v", ys)
	}
}

func equal(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Abs(a[i]-b[i]) > 0.01 {
			return false
		}
	}
	return true
}

func TestPDFTokenSheetAndPlayer(t *testing.T) {
	e := bigMap(8, 6)
	e.Tokens[2].X, e.Tokens[2].Y = 2, 1
	e.Tokens[3].X, e.Tokens[3].Y = 6, 4
	var gm, pl bytes.Buffer
	if err := PDF(&gm, e, PDFOptions{TokenSheet: true, NoCompress: true}); err != nil {
		t.Fatal(err)
	}
	if err := PDF(&pl, e, PDFOptions{TokenSheet: true, Player: true, NoCompress: true}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(gm.String(), "(Lurker)") || strings.Contains(pl.String(), "(Lurker)") {
		t.Error("the player PDF must leave out the hidden token, the GM PDF show it")
	}
	if n := strings.Count(gm.String(), "/Type /Page\n"); n < 2 {
		t.Errorf("%d pages; want the map and a token sheet", n)
	}
	if dir := os.Getenv("PDF_OUT"); dir != "" {
		os.WriteFile(filepath.Join(dir, "sheet.pdf"), gm.Bytes(), 0o644)
	}
}

func TestPDFBadPaper(t *testing.T) {
	if err := PDF(&bytes.Buffer{}, mapFrom("."), PDFOptions{Paper: "a3"}); err == nil {
		t.Error("a3 accepted")
	}
}

// TestPDFRenders draws the first page with pdftoppm when it is installed,
// to check the file is readable by a real PDF reader.
func TestPDFRenders(t *testing.T) {
	if _, err := exec.LookPath("pdftoppm"); err != nil {
		t.Skip("pdftoppm not installed")
	}
	dir := t.TempDir()
	if d := os.Getenv("PDF_OUT"); d != "" {
		dir = d
	}
	var buf bytes.Buffer
	if err := PDF(&buf, bigMap(30, 20), PDFOptions{}); err != nil {
		t.Fatal(err)
	}
	in := filepath.Join(dir, "map.pdf")
	os.WriteFile(in, buf.Bytes(), 0o644)
	out, err := exec.Command("pdftoppm", "-png", "-r", "40", "-f", "1", "-l", "2", in, filepath.Join(dir, "page")).CombinedOutput()
	if err != nil || len(out) > 0 {
		t.Fatalf("pdftoppm: %v %s", err, out)
	}
}

func TestPDFBackground(t *testing.T) {
	e := bigMap(9, 6)
	img := image.NewRGBA(image.Rect(0, 0, 18, 12))
	for i := range img.Pix {
		img.Pix[i] = uint8(i * 7)
	}
	e.Background = render.PNGDataURL(img)
	var buf bytes.Buffer
	if err := PDF(&buf, e, PDFOptions{NoCompress: true}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "/Subtype /Image") {
		t.Error("no background image in the PDF")
	}
	if dir := os.Getenv("PDF_OUT"); dir != "" {
		os.WriteFile(filepath.Join(dir, "bg.pdf"), buf.Bytes(), 0o644)
	}
}

// pageCount counts the pages of a PDF file.
func pageCount(pdf []byte) int { return strings.Count(string(pdf), "/Type /Page\n") }

func TestPDFTrimToContent(t *testing.T) {
	rows := make([]string, 20)
	for y := range rows {
		rows[y] = strings.Repeat(".", 30)
		if y >= 5 && y <= 8 {
			rows[y] = strings.Repeat(".", 10) + "#####" + strings.Repeat(".", 15)
		}
	}
	e := mapFrom(rows...)
	e.Tokens = []model.Token{{Name: "Scout", X: 16, Y: 9, Size: model.Medium, Side: "party"}}
	e.Notes = []model.Note{{X: 9, Y: 4, Text: "door"}}
	x0, y0, x1, y1 := ContentRect(e, false)
	if x0 != 9 || y0 != 4 || x1 != 17 || y1 != 10 {
		t.Errorf("content %d,%d-%d,%d; want 9,4-17,10", x0, y0, x1, y1)
	}
	// The GM note is not in the player's print.
	if x0, y0, _, _ := ContentRect(e, true); x0 != 10 || y0 != 5 {
		t.Errorf("player content starts at %d,%d; want 10,5 (no GM note)", x0, y0)
	}
	var whole, trimmed bytes.Buffer
	if err := PDF(&whole, e, PDFOptions{NoCompress: true}); err != nil {
		t.Fatal(err)
	}
	if err := PDF(&trimmed, e, PDFOptions{NoCompress: true, Trim: true}); err != nil {
		t.Fatal(err)
	}
	if n := pageCount(whole.Bytes()); n != 8 {
		t.Errorf("whole 30x20 map: %d pages, want 8", n)
	}
	if n := pageCount(trimmed.Bytes()); n != 1 {
		t.Errorf("trimmed to 8x6 squares: %d pages, want 1", n)
	}
	if !strings.Contains(trimmed.String(), "squares x 9-16, y 4-9") {
		t.Error("the trimmed page should name the squares it holds, x 9-16, y 4-9")
	}
	xs, _ := gridLines(t, trimmed.Bytes())
	if len(xs) != 1 || len(xs[0]) != 9 {
		t.Errorf("trimmed grid: %v, want 9 vertical lines", xs)
	}
}

// TestPDFStandeesPacked: six Medium standees then a Gargantuan one fit on
// one sheet (the Gargantuan first, the Mediums beside it), where filling
// rows in token order needs a second page for the Gargantuan alone.
func TestPDFStandeesPacked(t *testing.T) {
	e := mapFrom("........", "........")
	for i := 0; i < 6; i++ {
		e.Tokens = append(e.Tokens, model.Token{Name: "Goblin " + strconv.Itoa(i), X: i, Y: 0, Size: model.Medium, Side: "enemy"})
	}
	e.Tokens = append(e.Tokens, model.Token{Name: "Colossus", X: 0, Y: 1, Size: model.Medium, Side: "enemy"})
	e.Tokens[6].Size = model.Gargantuan
	e.Tokens[6].X, e.Tokens[6].Y = 3, 2
	e.Grid = model.NewGrid(7, 7) // one page on letter and on A4
	for _, paper := range []string{"letter", "a4"} {
		var buf bytes.Buffer
		if err := PDF(&buf, e, PDFOptions{Paper: paper, TokenSheet: true, NoCompress: true}); err != nil {
			t.Fatal(err)
		}
		if n := pageCount(buf.Bytes()); n != 2 {
			t.Errorf("%s: %d pages, want the map and one sheet", paper, n)
		}
	}
}

func TestPackNoOverlap(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for round := 0; round < 200; round++ {
		var boxes []box
		for i := rng.IntN(30); i >= 0; i-- {
			s := 72 * float64(1+rng.IntN(3))
			boxes = append(boxes, box{s, 2*s + 72})
		}
		W, H, gap := 576.0, 740.0, 10.0
		at := pack(boxes, W, H, gap)
		area, pages := 0.0, 0
		for i, a := range at {
			b := boxes[i]
			area += (b.w + gap) * (b.h + gap)
			pages = max(pages, a.page+1)
			if a.x < 0 || a.y < 0 || a.x+b.w > W+1e-6 || a.y+b.h > H+1e-6 {
				t.Fatalf("round %d: box %d %+v at %+v leaves the page", round, i, b, a)
			}
			for j := range i {
				c, o := boxes[j], at[j]
				if o.page == a.page && a.x < o.x+c.w+gap-1e-6 && o.x < a.x+b.w+gap-1e-6 && a.y < o.y+c.h+gap-1e-6 && o.y < a.y+b.h+gap-1e-6 {
					t.Fatalf("round %d: boxes %d and %d overlap: %+v %+v", round, i, j, a, o)
				}
			}
		}
		// Never a page more than twice the area needs (a loose bound that
		// catches a page per box).
		if min := int(math.Ceil(area / ((W + gap) * (H + gap)))); pages > 2*min+1 {
			t.Errorf("round %d: %d pages for %d boxes needing at least %d", round, pages, len(boxes), min)
		}
	}
}

func TestPDFCreationDate(t *testing.T) {
	e := mapFrom("..")
	var buf bytes.Buffer
	when := time.Date(2026, 11, 30, 12, 34, 56, 0, time.FixedZone("", -5*3600))
	if err := PDF(&buf, e, PDFOptions{Created: when, NoCompress: true}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "/CreationDate (D:20261130123456-05'00')") {
		t.Error("the creation date asked for is not in the file")
	}
	before := time.Now()
	buf.Reset()
	if err := PDF(&buf, e, PDFOptions{NoCompress: true}); err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`/CreationDate \(D:(\d{14})`).FindStringSubmatch(buf.String())
	if m == nil {
		t.Fatal("no creation date")
	}
	got, _ := time.ParseInLocation("20060102150405", m[1], before.Location())
	if got.Before(before.Truncate(time.Second)) || got.After(time.Now()) {
		t.Errorf("creation date %v, want now (%v)", got, before)
	}
}

// TestPDFOverlays prints the current overlays as the screen draws them,
// the collision crosses of forced movement among them: their vermillion
// strokes are in the page.
func TestPDFOverlays(t *testing.T) {
	e := mapFrom("....", "....", "....")
	e.Tokens = []model.Token{{Name: "Hero", X: 1, Y: 1, Size: model.Medium, Side: "party"}}
	o := render.NewOverlays()
	o.Selected = 0
	o.Reach = []rules.Square{{X: 2, Y: 1, Actions: 1}, {X: 3, Y: 1, Actions: 2}}
	o.Collide = []rules.Point{{X: 3, Y: 1}}
	var plain, with bytes.Buffer
	if err := PDF(&plain, e, PDFOptions{NoCompress: true}); err != nil {
		t.Fatal(err)
	}
	if err := PDF(&with, e, PDFOptions{NoCompress: true, Overlays: o}); err != nil {
		t.Fatal(err)
	}
	const verm = "0.84 0.37 0 RG" // #D55E00 strokes: the cross
	if strings.Contains(plain.String(), verm) || !strings.Contains(with.String(), verm) {
		t.Error("the collision cross should be in the PDF with overlays, and only there")
	}
	tl, err := PDFTiling(e, PDFOptions{Trim: true})
	if err != nil || tl.Pages() != 1 || tl.X0 != 1 || tl.W != 1 {
		t.Errorf("trimmed tiling %+v, %v: want one page from square 1, 1 wide", tl, err)
	}
}

// TestPDFStandeesLandscape: three Huge standees (3 x 7 in each) fit
// side by side on a landscape Letter sheet, two on a portrait one.
func TestPDFStandeesLandscape(t *testing.T) {
	e := mapFrom("...", "...", "...") // one portrait page
	for i := 0; i < 3; i++ {
		e.Tokens = append(e.Tokens, model.Token{Name: "Giant " + strconv.Itoa(i), X: 0, Y: 0, Size: model.Huge, Side: "enemy"})
	}
	var buf bytes.Buffer
	if err := PDF(&buf, e, PDFOptions{TokenSheet: true, NoCompress: true}); err != nil {
		t.Fatal(err)
	}
	if n := pageCount(buf.Bytes()); n != 2 {
		t.Errorf("%d pages, want the map and one sheet", n)
	}
	if strings.Count(buf.String(), "/MediaBox [0 0 612 792]") != 1 || strings.Count(buf.String(), "/MediaBox [0 0 792 612]") != 1 {
		t.Error("want the map on a portrait page and the sheet on a landscape one")
	}
}

// TestPDFDoorsAndPortraits: the PDF draws what the screen draws for door
// squares (their door mark, not plain wall) and token portraits (the image
// inside the ring, written once however often it is drawn).
func TestPDFDoorsAndPortraits(t *testing.T) {
	e := mapFrom("#+#..", "#/#..", ".....")
	red := image.NewRGBA(image.Rect(0, 0, 16, 16))
	for i := 0; i < len(red.Pix); i += 4 {
		red.Pix[i], red.Pix[i+3] = 255, 255
	}
	e.Tokens = []model.Token{
		{Name: "Iseph", X: 3, Y: 0, Size: model.Medium, Side: "party", Image: render.PNGDataURL(red)},
		{Name: "Twin", X: 4, Y: 2, Size: model.Medium, Side: "party", Image: render.PNGDataURL(red)},
	}
	var with, without bytes.Buffer
	if err := PDF(&with, e, PDFOptions{NoCompress: true}); err != nil {
		t.Fatal(err)
	}
	plain := e.Clone()
	for i := range plain.Tokens {
		plain.Tokens[i].Image = ""
	}
	plain.Grid.Set(1, 0, model.Wall)
	plain.Grid.Set(1, 1, 0)
	if err := PDF(&without, plain, PDFOptions{NoCompress: true}); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(with.String(), "/Subtype /Image"); n != 1 {
		t.Errorf("%d portrait images in the PDF, want 1 (one per distinct image)", n)
	}
	if strings.Count(with.String(), "/Subtype /Form") <= strings.Count(without.String(), "/Subtype /Form") {
		t.Error("door squares add no terrain forms of their own")
	}
	if _, err := exec.LookPath("pdftoppm"); err != nil {
		return
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "doors.pdf")
	os.WriteFile(in, with.Bytes(), 0o644)
	if out, err := exec.Command("pdftoppm", "-png", "-r", "72", "-singlefile", in, filepath.Join(dir, "page")).CombinedOutput(); err != nil {
		t.Fatalf("pdftoppm: %v %s", err, out)
	}
	f, err := os.Open(filepath.Join(dir, "page.png"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, _, err := image.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	// 72 dpi: one point a pixel; the map starts at the 0.25-inch margin.
	at := func(x, y float64) (r, g, b uint32) {
		r, g, b, _ = img.At(int(18+x*72), int(18+y*72)).RGBA()
		return r >> 8, g >> 8, b >> 8
	}
	if r, g, b := at(3.5, 0.5); r < 200 || g > 80 || b > 80 {
		t.Errorf("portrait centre is rgb(%d,%d,%d), want the red image", r, g, b)
	}
	wr, wg, wb := at(0.5, 0.5)
	dr, dg, db := at(1.5, 0.5)
	if wr == dr && wg == dg && wb == db {
		t.Errorf("a closed door square looks like the wall beside it: rgb(%d,%d,%d)", dr, dg, db)
	}
}

// TestPDFTrimHoldsEdgesWhole: a room drawn only with edge walls and a
// door, one token inside (QA's room2.json), trimmed to its one token's
// square and printed no wall. The trim holds every edge with the squares
// it touches, so each wall prints whole, thickness and round ends.
func TestPDFTrimHoldsEdgesWhole(t *testing.T) {
	rows := make([]string, 8)
	for y := range rows {
		rows[y] = strings.Repeat(".", 12)
	}
	e := mapFrom(rows...)
	e.Edges = []model.Edge{
		{Kind: model.EdgeWall, X1: 2, Y1: 1, X2: 9, Y2: 1},
		{Kind: model.EdgeWall, X1: 2, Y1: 1, X2: 2, Y2: 7},
		{Kind: model.EdgeWall, X1: 9, Y1: 1, X2: 9, Y2: 7},
		{Kind: model.EdgeWall, X1: 2, Y1: 7, X2: 5, Y2: 7},
		{Kind: model.EdgeDoor, X1: 5, Y1: 7, X2: 6, Y2: 7},
		{Kind: model.EdgeWall, X1: 6, Y1: 7, X2: 9, Y2: 7},
	}
	e.Tokens = []model.Token{{Name: "A", X: 5, Y: 4, Size: model.Medium, Side: "party"}}
	for _, player := range []bool{false, true} {
		if x0, y0, x1, y1 := ContentRect(e, player); x0 != 1 || y0 != 0 || x1 != 10 || y1 != 8 {
			t.Errorf("player %v: content %d,%d-%d,%d; want 1,0-10,8 (the walls and the squares they touch)", player, x0, y0, x1, y1)
		}
	}
	// Each kind alone, mid-map: a lone wall, door or secret door on the
	// line x = 6 from y = 3 to 5 holds squares 5-6 across and 2-5 along.
	for _, k := range []model.EdgeKind{model.EdgeWall, model.EdgeDoor, model.EdgeOpenDoor, model.EdgeSecretDoor} {
		e.Tokens, e.Edges = nil, []model.Edge{{Kind: k, X1: 6, Y1: 3, X2: 6, Y2: 5}}
		if x0, y0, x1, y1 := ContentRect(e, false); x0 != 5 || y0 != 2 || x1 != 7 || y1 != 6 {
			t.Errorf("%s: content %d,%d-%d,%d; want 5,2-7,6", k, x0, y0, x1, y1)
		}
	}
	// On the map's edge the rectangle stops at the map.
	e.Edges = []model.Edge{{Kind: model.EdgeWall, X1: 0, Y1: 8, X2: 3, Y2: 8}}
	if x0, y0, x1, y1 := ContentRect(e, false); x0 != 0 || y0 != 7 || x1 != 4 || y1 != 8 {
		t.Errorf("wall on the map's edge: content %d,%d-%d,%d; want 0,7-4,8", x0, y0, x1, y1)
	}
}
