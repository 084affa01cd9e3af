package export

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"

	"encounterplanner/ui/internal/testimages"
)

// writeLargeUVTT writes a .dd2vtt as Dungeondraft exports a large map: w x
// h squares of px pixels; rooms of 4 x 4 squares walled by open polylines
// along the grid lines (with Dungeondraft's float noise), each with a door
// gap that a portal fills; a pillar (a closed polyline) in every third
// room; a cave wall wiggling across every row; and img, base64, last.
func writeLargeUVTT(out io.Writer, w, h, px int, img []byte) error {
	bw := bufio.NewWriter(out)
	pt := func(x, y float64) string { return fmt.Sprintf(`{"x":%.14g,"y":%.14g}`, x, y) }
	noisy := func(v int) float64 { return float64(v) + 9.5367431640625e-07 }
	var walls, pillars, portals []string
	for ry := 0; ry+4 <= h; ry += 4 {
		for rx := 0; rx+4 <= w; rx += 4 {
			x0, y0, x1, y1 := noisy(rx), noisy(ry), noisy(rx+4), noisy(ry+4)
			walls = append(walls, "["+strings.Join([]string{pt(x0, y0+1), pt(x0, y1), pt(x1, y1), pt(x1, y0), pt(x0, y0)}, ",")+"]")
			portals = append(portals, fmt.Sprintf(`{"position":%s,"bounds":[%s,%s],"rotation":1.5707963705063,"closed":true,"freestanding":false}`,
				pt(x0, y0+0.5), pt(x0, y0), pt(x0, y0+1)))
			if (rx/4+ry/4)%3 == 0 {
				a, b := float64(rx+2), float64(ry+2)
				pillars = append(pillars, "["+strings.Join([]string{pt(a, b), pt(a+1, b), pt(a+1, b+1), pt(a, b+1), pt(a, b)}, ",")+"]")
			}
		}
	}
	for y := 0; y < h; y++ {
		var cave []string
		for i := 0; i <= 4*w; i++ {
			cave = append(cave, pt(float64(i)/4, float64(y)+0.3+0.2*float64(i%3)/3))
		}
		walls = append(walls, "["+strings.Join(cave, ",")+"]")
	}
	fmt.Fprintf(bw, `{"format":0.3,"resolution":{"map_origin":{"x":0,"y":0},"map_size":{"x":%d,"y":%d},"pixels_per_grid":%d},`, w, h, px)
	fmt.Fprintf(bw, `"line_of_sight":[%s],"objects_line_of_sight":[%s],"portals":[%s],`, strings.Join(walls, ","), strings.Join(pillars, ","), strings.Join(portals, ","))
	bw.WriteString(`"environment":{"baked_lighting":true,"ambient_light":"ffffffff"},"lights":[],"image":"`)
	enc := base64.NewEncoder(base64.StdEncoding, bw)
	enc.Write(img)
	enc.Close()
	bw.WriteString(`"}`)
	return bw.Flush()
}

// largeUVTT is a .dd2vtt of w x h squares of px pixels (see writeLargeUVTT).
func largeUVTT(tb testing.TB, w, h, px int) []byte {
	tb.Helper()
	var b bytes.Buffer
	if err := writeLargeUVTT(&b, w, h, px, testimages.MapPNG(w*px, h*px)); err != nil {
		tb.Fatal(err)
	}
	return b.Bytes()
}

// The largest map, as in the report of a 70 MB .dd2vtt: 32 x 29 squares of
// 256 pixels, a 8192 x 7424 PNG (60.8 million pixels, 52 MB; 243 MB as
// RGBA), 69.7 MB as a file.
const largeW, largeH, largePX = 32, 29, 256

var largeOut = flag.String("large-uvtt", "", "write the largest test .dd2vtt (TestWriteLargeUVTT) to this file, to measure the command line's import")

// TestWriteLargeUVTT writes the largest test map to the file -large-uvtt
// names, for measuring the import outside the tests:
//
//	go test ./ui/export/ -run TestWriteLargeUVTT -large-uvtt /tmp/large.dd2vtt
//	go build -o /tmp/ep-uvtt . && /usr/bin/time -v /tmp/ep-uvtt --db /tmp/large.db import /tmp/large.dd2vtt
func TestWriteLargeUVTT(t *testing.T) {
	if *largeOut == "" {
		t.Skip("no -large-uvtt file to write")
	}
	fh, err := os.Create(*largeOut)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	if err := writeLargeUVTT(fh, largeW, largeH, largePX, testimages.MapPNG(largeW*largePX, largeH*largePX)); err != nil {
		t.Fatal(err)
	}
	if err := fh.Close(); err != nil {
		t.Fatal(err)
	}
}

// BenchmarkImportUVTTLarge imports the largest test map (69.7 MB); B/op
// is what one import allocates in all.
func BenchmarkImportUVTTLarge(b *testing.B) {
	doc := largeUVTT(b, largeW, largeH, largePX)
	b.SetBytes(int64(len(doc)))
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := ImportUVTT(bytes.NewReader(doc), "Large"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkImportUVTTWalls imports hostileUVTT's 3.5 MB of one zigzag
// wall and no image: the JSON walk, without the image's text to set aside.
func BenchmarkImportUVTTWalls(b *testing.B) {
	doc := hostileUVTT()
	b.SetBytes(int64(len(doc)))
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := ImportUVTT(strings.NewReader(doc), "Walls"); err != nil {
			b.Fatal(err)
		}
	}
}
