package export

import (
	"bytes"
	"image"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"encounterplanner/model"
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
		// letter: window 7.5 x 10 in (landscape 10 x 7.5), step 0.5 in less:
		// across 30 in: 1 + ceil((30-10)/9.5) = 4; down 20 in: 1 + ceil((20-7.5)/7) = 3.
		{"letter", 12, true, 4, 3},
		// a4: window 10.69 x 7.27 in landscape: 1 + ceil(19.31/10.19) = 3; 1 + ceil(12.73/6.77) = 3.
		{"a4", 9, true, 3, 3},
	} {
		t.Run(c.paper, func(t *testing.T) {
			tl, err := PDFTiling(e, c.paper)
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
	// 3 x 2 squares: one page, the grid 3 inches wide at the window's corner.
	e := mapFrom("#.o", "dh~")
	var buf bytes.Buffer
	if err := PDF(&buf, e, PDFOptions{NoCompress: true}); err != nil {
		t.Fatal(err)
	}
	xs, ys := gridLines(t, buf.Bytes())
	if len(xs) != 1 || !equal(xs[0], []float64{36, 108, 180, 252}) {
		t.Errorf("vertical grid x = %v", xs)
	}
	// fpdf writes y from the bottom: 792 - 36 - 72k.
	if len(ys) != 1 || !equal(ys[0], []float64{612, 684, 756}) {
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
