package export

import (
	"fmt"
	"io"
	"runtime"
	"testing"

	"encounterplanner/model"
)

// hugeMap is a w x h map with terrain every few squares and n tokens.
func hugeMap(w, h, n int) *model.Encounter {
	kinds := []model.Terrain{model.Wall, model.Obstacle, model.Difficult, model.GreaterDifficult, model.Hazardous, model.Narrow, model.Uneven, model.Water}
	e := &model.Encounter{Name: "Huge", Ruleset: model.SF2E, Grid: model.NewGrid(w, h)}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			if (x*7+y*13)%11 == 0 {
				e.Grid.Cells[y*w+x] = kinds[(x+y)%len(kinds)]
			}
		}
	}
	for i := 0; i < n; i++ {
		e.Tokens = append(e.Tokens, model.Token{Name: fmt.Sprintf("Goblin %d", i), X: (i * 37) % w, Y: (i*53 + i/w) % h,
			Size: model.Medium, Side: []string{"party", "enemy", "neutral"}[i%3]})
	}
	return e
}

// peakWriter discards what it is given and samples the live heap every
// few megabytes written: the high-water mark of an export that streams.
type peakWriter struct {
	n, next int
	peak    uint64
}

func (p *peakWriter) Write(b []byte) (int, error) {
	p.n += len(b)
	if p.n >= p.next {
		p.next = p.n + 256<<10
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		p.peak = max(p.peak, m.HeapAlloc)
	}
	return len(b), nil
}

func heapNow() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// TestExportMemoryBounded: a 400 x 400 map with 2,000 tokens exports as a
// 6400 x 6400 PNG (164 MB as one image) and a 2,000-page PDF while the
// live heap grows by a few tens of MB at most: both stream.
func TestExportMemoryBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("big export")
	}
	e := hugeMap(400, 400, 2000)
	for _, c := range []struct {
		name  string
		limit uint64
		run   func(w io.Writer) error
	}{
		{"png", 40 << 20, func(w io.Writer) error { return PNG(w, e, PNGOptions{PX: 16, Grid: true}) }},
		{"pdf", 64 << 20, func(w io.Writer) error { return PDF(w, e, PDFOptions{}) }},
	} {
		t.Run(c.name, func(t *testing.T) {
			base := heapNow()
			w := &peakWriter{}
			if err := c.run(w); err != nil {
				t.Fatal(err)
			}
			if w.peak > base && w.peak-base > c.limit {
				t.Errorf("live heap grew by %d MB while writing %d MB; want at most %d MB", (w.peak-base)>>20, w.n>>20, c.limit>>20)
			}
			t.Logf("%s: %d MB written, heap +%d MB", c.name, w.n>>20, (max(w.peak, base)-base)>>20)
		})
	}
}

// BenchmarkExportHuge exports a 1000 x 1000 map with 5,000 tokens (the
// format's limit): PNG at 16 and 10 px a square, and the PDF on Letter.
func BenchmarkExportHuge(b *testing.B) {
	e := hugeMap(1000, 1000, 5000)
	for _, c := range []struct {
		name string
		run  func() error
	}{
		{"png-16px", func() error { return PNG(io.Discard, e, PNGOptions{PX: 16, Grid: true}) }},
		{"png-10px", func() error { return PNG(io.Discard, e, PNGOptions{PX: 10, Grid: true}) }},
		{"pdf-letter", func() error { return PDF(io.Discard, e, PDFOptions{}) }},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := c.run(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
