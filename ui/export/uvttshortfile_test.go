package export

import (
	"errors"
	"strings"
	"testing"

	"encounterplanner/model"
)

// TestImportUVTTEmptyOrCutShort: an empty .dd2vtt said "not valid JSON at
// byte 0: unexpected end of JSON input", and one cut short (a download
// that did not finish) the same at its last byte: Go's words, which leave
// a GM guessing. An empty file now says it is empty, as an empty
// encounter file does, and one cut short says it ends too early, where.
func TestImportUVTTEmptyOrCutShort(t *testing.T) {
	whole := `{"format":0.3,"resolution":{"map_origin":{"x":0,"y":0},"map_size":{"x":2,"y":3},"pixels_per_grid":70},"line_of_sight":[],"portals":[],"lights":[],"image":""}`
	for _, c := range []struct{ name, doc, want string }{
		{"empty", ``, "the file is empty"},
		{"blank", " \n\t", "the file is empty"},
		{"cut short", whole[:60], "ends too early, at byte 60"},
	} {
		_, _, err := ImportUVTT(strings.NewReader(c.doc), "X")
		if err == nil || !errors.Is(err, model.ErrInvalid) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err = %v, want ErrInvalid saying %q", c.name, err, c.want)
		}
		if err != nil && strings.Contains(err.Error(), "unexpected end of JSON input") {
			t.Errorf("%s: %v: Go's words, not the GM's", c.name, err)
		}
	}
}
