package export

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestPDFPageTextStaysOnThePaper: every page's words (its label, the
// line naming the map, the page, its squares and "print at 100%", the
// overlap's) lie on the paper, and the line does not run under the
// label. Right-aligned in the window, on a narrow one (a 1 x 1 map, the
// last column of the den's 24 x 16 squares) the line began off the
// page's left edge, under the label: "print at 100%" was lost.
func TestPDFPageTextStaysOnThePaper(t *testing.T) {
	rows := func(w, h int) []string {
		r := make([]string, h)
		for i := range r {
			r[i] = strings.Repeat(".", w)
		}
		return r
	}
	text := regexp.MustCompile(`BT /F(\d) ([\d.]+) Tf\n(-?[\d.]+) (-?[\d.]+) Td\n\((.*)\) Tj ET`)
	for _, c := range []struct {
		name       string
		w, h       int
		paper      string
		pageW      float64
		wantPages  int
		overlapped bool
	}{
		{"1 x 1", 1, 1, "letter", 612, 1, false},
		{"24 x 16", 24, 16, "letter", 612, 8, true},
		{"2 x 40 on A4", 2, 40, "a4", 595.28, 4, true},
	} {
		e := mapFrom(rows(c.w, c.h)...)
		e.Name = "Smuggler's den"
		var buf bytes.Buffer
		if err := PDF(&buf, e, PDFOptions{Paper: c.paper, NoCompress: true}); err != nil {
			t.Fatal(err)
		}
		pages := bytes.Split(buf.Bytes(), []byte("/Type /Page\n"))
		infos, overlaps := 0, 0
		for _, m := range text.FindAllSubmatch(buf.Bytes(), -1) {
			size, _ := strconv.ParseFloat(string(m[2]), 64)
			x, _ := strconv.ParseFloat(string(m[3]), 64)
			s := string(m[5])
			w := textWidth(s, size, string(m[1]) == "2")
			if x < 0 || x+w > c.pageW {
				t.Errorf("%s: %q runs off the paper: from x %.1f to %.1f on a page %.0f wide", c.name, s, x, x+w, c.pageW)
			}
			switch {
			case strings.Contains(s, "print at 100%"):
				infos++
				// the label plate ends 4 + its width + 8 points into the window
				if x < pdfMargin+4+textWidth("A1", 16, true)+8 {
					t.Errorf("%s: %q begins at x %.1f, under the page's label", c.name, s, x)
				}
			case strings.Contains(s, "goes on top below here"):
				overlaps++
			}
		}
		if infos != c.wantPages || (overlaps > 0) != c.overlapped {
			t.Errorf("%s: %d page lines and %d overlap lines in %d parts; want %d page lines", c.name, infos, overlaps, len(pages), c.wantPages)
		}
	}
}
