package render

import (
	"strings"
	"testing"
)

// BenchmarkBackgroundHash is the hash of a 64 MB map image's data URL: what
// the first frame that meets a new background string pays on the window's
// goroutine before it looks for the decoded image.
func BenchmarkBackgroundHash(b *testing.B) {
	s := "data:image/png;base64," + strings.Repeat("iVBORw0KGgoAAAANSUhEUgAA", 64<<20/24)
	b.SetBytes(int64(len(s)))
	b.ReportAllocs()
	for b.Loop() {
		bgHash(s)
	}
}
