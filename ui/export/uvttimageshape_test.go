package export

import (
	"encoding/base64"
	"strings"
	"testing"
)

// TestImportUVTTSaysAnImageOutOfTheMapsShape: the map image is stretched
// over the map_size squares; one that is not the map's shape is squeezed
// one way, so the picture's walls no longer lie on the map's, and the
// import said nothing. The note now gives its pixels, for the GM to check.
// An image whose pixels_per_grid is not the file's but whose shape is the
// map's stretches exactly, and within half a square is the map's shape.
func TestImportUVTTSaysAnImageOutOfTheMapsShape(t *testing.T) {
	doc := func(iw, ih int) string {
		return `{"format":0.3,"resolution":{"map_origin":{"x":0,"y":0},"map_size":{"x":10,"y":8},"pixels_per_grid":50},` +
			`"line_of_sight":[],"portals":[],"lights":[],"image":"` + base64.StdEncoding.EncodeToString(pngBytes(t, iw, ih)) + `"}`
	}
	for _, c := range []struct {
		iw, ih int
		want   string // "" for no note
	}{
		{500, 400, ""},
		{1000, 800, ""}, // 100 px a square where the file says 50: the same shape
		{500, 420, ""},  // 20 px over, less than half a 50 px square
		{1000, 400, "the map image, 1000 x 400 pixels, is not the shape of the 10 x 8 map, so it is stretched to fit: check that the walls and doors lie on the picture's"},
		{500, 440, "the map image, 500 x 440 pixels, is not the shape"},
	} {
		_, left, err := ImportUVTT(strings.NewReader(doc(c.iw, c.ih)), "Crypt")
		if err != nil {
			t.Fatalf("%d x %d: %v", c.iw, c.ih, err)
		}
		got := left.String()
		if c.want == "" && (got != "" || left.Any()) || c.want != "" && (!strings.Contains(got, c.want) || !left.Any()) {
			t.Errorf("%d x %d pixels on 10 x 8 squares: the note says %q, want %q", c.iw, c.ih, got, c.want)
		}
	}
}
