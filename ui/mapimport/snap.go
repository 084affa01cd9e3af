package mapimport

import (
	"image"
	"math"
	"sort"
)

// snapContrast is how much darker (or lighter) than the columns around it,
// in 8-bit luminance, a column of pixels must be to count as a drawn grid
// line.
const snapContrast = 24

// SnapToLines moves p, a point the GM put on a grid corner of img, onto
// the drawn grid lines within r pixels of it: the column of pixels from
// p.X-r to p.X+r whose luminance near p stands out most from the others
// (a dark line on a light floor or a light one on a dark floor), and the
// same for rows. An axis with no such line keeps its coordinate. The
// preview the GM clicks on is scaled down (an 8000-pixel map shows one
// screen pixel for 16 of its own), so a click alone cannot hit a 1-pixel
// line; r is the image pixels one screen pixel covers, and a little more.
// Cost: O(r^2) pixel reads.
func SnapToLines(img image.Image, p Point, r float64) Point {
	ri := max(1, int(math.Ceil(r)))
	long := max(3*ri, 8) // the half-length of the strip each column is read along
	cx, cy := int(math.Round(p.X)), int(math.Round(p.Y))
	col := func(x, y int) float64 { return lum(img, x, y) }
	row := func(y, x int) float64 { return lum(img, x, y) }
	if x, ok := strongestLine(img.Bounds().Min.X, img.Bounds().Max.X, cx, cy, ri, long, img.Bounds().Min.Y, img.Bounds().Max.Y, col); ok {
		p.X = float64(x)
	}
	if y, ok := strongestLine(img.Bounds().Min.Y, img.Bounds().Max.Y, cy, cx, ri, long, img.Bounds().Min.X, img.Bounds().Max.X, row); ok {
		p.Y = float64(y)
	}
	return p
}

// strongestLine finds, among the lines at from c-r to c+r (within lo..hi),
// the one whose mean luminance along a strip from o-long to o+long
// (within olo..ohi) differs most from the median of them all; ok is false
// when none differs by snapContrast.
func strongestLine(lo, hi, c, o, r, long, olo, ohi int, at func(line, along int) float64) (best int, ok bool) {
	var lines []int
	var means []float64
	for l := max(lo, c-r); l <= min(hi-1, c+r); l++ {
		sum, n := 0.0, 0
		for a := max(olo, o-long); a <= min(ohi-1, o+long); a++ {
			sum += at(l, a)
			n++
		}
		if n > 0 {
			lines = append(lines, l)
			means = append(means, sum/float64(n))
		}
	}
	if len(means) < 3 {
		return 0, false
	}
	sorted := append([]float64(nil), means...)
	sort.Float64s(sorted)
	median := sorted[len(sorted)/2]
	far := 0.0
	for i, m := range means {
		if d := math.Abs(m - median); d > far {
			far, best = d, lines[i]
		}
	}
	return best, far >= snapContrast
}

// lum is the 8-bit luminance of img's pixel (x, y).
func lum(img image.Image, x, y int) float64 {
	r, g, b, _ := img.At(x, y).RGBA()
	return (0.299*float64(r) + 0.587*float64(g) + 0.114*float64(b)) / 257
}
