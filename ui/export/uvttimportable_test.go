package export

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"encounterplanner/model"
)

// TestMostUVTTPXKeepsTheImageImportable: the most pixels a square UVTT
// writes a map at keep its image within what ImportUVTT reads back
// (model.MaxBackgroundPixels, MaxImageSide a side), and one more would
// not. The PNG's limit alone (16384 a side) let a 120 x 120 map be
// written at 70 px, 8400 x 8400 pixels, which the import refused.
func TestMostUVTTPXKeepsTheImageImportable(t *testing.T) {
	for _, c := range []struct{ w, h, want int }{
		{24, 16, 418},
		{117, 117, 70},
		{120, 120, 68},
		{1000, 1000, 8},
		{1000, 10, 16},
		{1, 1, 8192},
	} {
		got := MostUVTTPX(c.w, c.h)
		if got != c.want {
			t.Errorf("%d x %d squares: %d px a square, want %d", c.w, c.h, got, c.want)
		}
		fits := func(px int) bool {
			return c.w*px <= MaxImageSide && c.h*px <= MaxImageSide && int64(c.w*px)*int64(c.h*px) <= model.MaxBackgroundPixels
		}
		if !fits(got) || fits(got+1) {
			t.Errorf("%d x %d squares: %d px a square is not the most that fit", c.w, c.h, got)
		}
	}
}

// TestUVTTRefusesAPXWhoseImageCannotBeImported: a px given that makes an
// image the import refuses is refused before anything is drawn, naming the
// most that fit (the command line's --px); it was written, and the file
// could not be imported back.
func TestUVTTRefusesAPXWhoseImageCannotBeImported(t *testing.T) {
	e := &model.Encounter{Name: "Hall", Ruleset: model.SF2E, Grid: model.NewGrid(120, 120)}
	var buf bytes.Buffer
	err := UVTT(&buf, e, 70)
	if err == nil || !errors.Is(err, model.ErrInvalid) {
		t.Fatalf("70 px a square on 120 x 120 squares: error %v, want one wrapping ErrInvalid", err)
	}
	for _, want := range []string{"8400x8400 pixels", "at most 68 px a square fit", "--px"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q\nwant it to say %q", err, want)
		}
	}
	if buf.Len() != 0 {
		t.Errorf("wrote %d bytes before refusing", buf.Len())
	}
}

// TestUVTTChoosesAPXItsImportReadsBack: with no px given, a map too large
// for 70 px a square is written at the most that fit, and imports back
// with its walls.
func TestUVTTChoosesAPXItsImportReadsBack(t *testing.T) {
	if testing.Short() {
		t.Skip("draws a 64-million-pixel image")
	}
	e := &model.Encounter{Name: "Hall", Ruleset: model.SF2E, Grid: model.NewGrid(120, 120)}
	e.Grid.Set(3, 4, model.Wall)
	var buf bytes.Buffer
	px, err := WriteUVTT(&buf, e, 0)
	if err != nil || px != 68 {
		t.Fatalf("wrote at %d px a square (error %v), want 68", px, err)
	}
	back, _, err := ImportUVTT(&buf, "Hall")
	if err != nil {
		t.Fatalf("the file does not import back: %v", err)
	}
	if back.Grid.At(3, 4)&model.Wall == 0 || back.Background == "" {
		t.Errorf("imported back without its wall square or its image")
	}
}
