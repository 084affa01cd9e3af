package library

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/ui/export"
	"encounterplanner/ui/internal/memstore"
)

// TestANewerFormatIsTitledForWhatItIs: a Universal VTT map of a newer
// format than the app reads, read as the one it reads with nothing left
// out, showed "Imported X, leaving some of it out" over the note that
// said only that: the title now asks the GM to read the map over. A
// format note with something left out keeps the title that says so.
func TestANewerFormatIsTitledForWhatItIs(t *testing.T) {
	test.NewTempApp(t)
	p := filepath.Join(t.TempDir(), "crypt.dd2vtt")
	newer := strings.Replace(uvttNoLights, `"format": 0.3`, `"format": 0.4`, 1)
	if err := os.WriteFile(p, []byte(newer), 0o644); err != nil {
		t.Fatal(err)
	}
	_, left, err := ImportFile(memstore.New(), storage.NewFileURI(p), true)
	if err != nil {
		t.Fatal(err)
	}
	if want := (export.LeftOut{Format: 0.4}).String(); left != want {
		t.Fatalf("left out %q, want only the format's note %q", left, want)
	}
	for _, c := range []struct{ left, want, not string }{
		{left, "Imported crypt.dd2vtt: read it over", "leaving some of it out"},
		{export.LeftOut{Format: 0.4, Lights: 2}.String(), "Imported crypt.dd2vtt, leaving some of it out", "read it over"},
		{export.LeftOut{W: 4, H: 3, Walls: 1}.String(), "Imported crypt.dd2vtt, leaving some of it out", "read it over"},
		// a map image out of the map's shape is stretched, not left out
		{export.LeftOut{W: 4, H: 3, ImageW: 400, ImageH: 100}.String(), "Imported crypt.dd2vtt: read it over", "leaving some of it out"},
		{export.LeftOut{Format: 0.4, W: 4, H: 3, ImageW: 400, ImageH: 100}.String(), "Imported crypt.dd2vtt: read it over", "leaving some of it out"},
		{export.LeftOut{W: 4, H: 3, ImageW: 400, ImageH: 100, Lights: 1}.String(), "Imported crypt.dd2vtt, leaving some of it out", "read it over"},
	} {
		w := test.NewTempWindow(t, widget.NewLabel(""))
		ShowLeftOut(w, "crypt.dd2vtt", c.left)
		got := labelsOf(t, w.Canvas().Overlays().Top())
		if !strings.Contains(got, c.want) || strings.Contains(got, c.not) || !strings.Contains(strings.ToLower(got), strings.SplitN(c.left, ";", 2)[0]) {
			t.Errorf("for %q the dialog says %q, want %q", c.left, got, c.want)
		}
	}
}

// uvttNoLights is a 4 x 3 map with a wall, nothing off the map, no light.
const uvttNoLights = `{"format": 0.3, "resolution": {"map_origin": {"x": 0, "y": 0}, "map_size": {"x": 4, "y": 3}, "pixels_per_grid": 70},
 "line_of_sight": [[{"x": 2, "y": 0}, {"x": 2, "y": 3}]], "portals": [], "lights": []}`

// TestAnotherKindOfFileGetsNoExportHint: a PNG given to Import Universal
// VTT… was refused as "the file is a PNG image, not a Universal VTT map;
// the app makes a battle map image an encounter with File > New from map
// image…", and the import added "Export the map again from the map maker
// as Universal VTT", which contradicts it (and to an encounter file's
// refusal "Choose a file written by Export encounter file"). The hint now
// comes only where it helps: a file of the right kind that does not read.
func TestAnotherKindOfFileGetsNoExportHint(t *testing.T) {
	png := "\x89PNG\r\n\x1a\n" + strings.Repeat("\x00", 64)
	for _, c := range []struct {
		what string
		data string
		uvtt bool
		want []string
		not  []string
	}{
		{"a PNG as a map", png, true, []string{"PNG image", "New from map image"}, []string{"Export the map again", "Choose a file written"}},
		{"a PNG as an encounter", png, false, []string{"PNG image", "New from map image"}, []string{"Export the map again", "Choose a file written"}},
		{"a library as an encounter", "SQLite format 3\x00" + strings.Repeat("\x00", 64), false, []string{"SQLite database"}, []string{"Choose a file written"}},
		{"UTF-16 as a map", "\xff\xfe{\x00}\x00", true, []string{"UTF-16"}, []string{"Export the map again"}},
		// a file of the right kind that does not read keeps its hint
		{"a map cut short", `{"format": 0.3, "resolution": {"map_size": {"x": 0, "y": 3}}}`, true, []string{"Export the map again"}, nil},
		{"an encounter without its map", `{"format": "encounter/1", "name": "x"}`, false, []string{"Choose a file written by Export encounter file"}, nil},
	} {
		_, err := ReadImport(bytes.NewReader([]byte(c.data)), "x.dd2vtt", c.uvtt)
		if err == nil {
			t.Errorf("%s: read", c.what)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: %q does not say %q", c.what, err, w)
			}
		}
		for _, w := range c.not {
			if strings.Contains(err.Error(), w) {
				t.Errorf("%s: %q says %q", c.what, err, w)
			}
		}
	}
}
