package export

import (
	"encoding/base64"
	"strconv"
	"strings"
	"testing"
)

// TestImportUVTTSaysWhereTheFileIsNotJSON: a map file that is not JSON
// is refused naming the line and column where it goes wrong, as an
// encounter file is, counted as a text editor counts them, the image's
// text included; it said "not valid JSON at byte 599", which no editor
// shows. A file cut short says the line it ends on too.
func TestImportUVTTSaysWhereTheFileIsNotJSON(t *testing.T) {
	img := base64.StdEncoding.EncodeToString(pngBytes(t, 8, 6))
	doc := strings.Join([]string{
		`{`,
		`  "format": 0.3,`,
		`  "resolution": {"map_origin": {"x": 0, "y": 0}, "map_size": {"x": 4, "y": 3}, "pixels_per_grid": 2},`,
		`  "image": "` + img + `", "lights": [],`,
		`  "portals": [`,
		`    {"bounds": [{"x": 1, "y": 0}, {"x": 2, "y": 0}], "closed": tru}`,
		`  ]`,
		`}`,
	}, "\n")
	mustRefuseUVTT(t, doc, "not valid JSON at line 6, column 67: invalid character '}' in literal true")
	onImageLine := strings.Replace(doc, `"lights": []`, `"lights": [,]`, 1)
	col := len(`  "image": "`+img+`", "lights": [`) + 1
	mustRefuseUVTT(t, onImageLine, "not valid JSON at line 4, column "+strconv.Itoa(col)+": invalid character ','")
	cut := doc[:strings.Index(doc, `"portals"`)]
	mustRefuseUVTT(t, cut, "the file ends too early, at byte "+strconv.Itoa(len(cut))+" (line 5)")
	mustRefuseUVTT(t, "\xef\xbb\xbf"+doc, "not valid JSON at line 6, column 67")
}
