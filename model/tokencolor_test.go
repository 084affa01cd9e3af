package model

import (
	"strings"
	"testing"
)

// A token's colour: "#rrggbb", written after the other token fields and left
// out at its default (by side).
func TestTokenColorRoundTrip(t *testing.T) {
	e := mustDecode(t, specHead+`"map":{"rows":["..."]},"tokens":[
		{"name":"A","x":0,"y":0,"hp":{"current":1,"max":2},"color":"#1a2b3c"},
		{"name":"B","x":1,"y":0}]}`)
	if a, b := e.Tokens[0], e.Tokens[1]; a.Color != "#1a2b3c" || b.Color != "" {
		t.Fatalf("colours read as %q and %q", a.Color, b.Color)
	}
	s := roundTrip(t, e)
	if !strings.Contains(s, "\"max\": 2\n      },\n      \"color\": \"#1a2b3c\"\n    }") {
		t.Errorf("color is not the last token field:\n%s", s)
	}
	if strings.Count(s, `"color"`) != 1 {
		t.Errorf("the default colour is written:\n%s", s)
	}
	// After image too, the last existing field.
	img := pngURL(t, 1, 1)
	e = mustDecode(t, specHead+`"map":{"rows":["."]},"tokens":[{"color":"#ffffff","image":"`+img+`","name":"A","x":0,"y":0}]}`)
	if s := roundTrip(t, e); !strings.Contains(s, `"image": "`+img+"\",\n      \"color\": \"#ffffff\"") {
		t.Errorf("color does not follow image:\n%s", s)
	}
}

func TestTokenColorErrors(t *testing.T) {
	tok := func(s string) string {
		return specHead + `"map":{"rows":["."]},"tokens":[{"name":"Gob","x":0,"y":0` + s + `}]}`
	}
	const msg = `tokens[0] "Gob".color: must be a colour written #rrggbb (six lower-case hex digits), not `
	for _, c := range []struct{ name, file, want string }{
		{"Type", tok(`,"color":255`), `tokens[0] "Gob".color: must be a string, not number`},
		{"Null", tok(`,"color":null`), `tokens[0] "Gob".color: must not be null`},
		{"Twice", tok(`,"color":"#000000","color":"#000000"`), `tokens[0] "Gob".color: is given twice`},
		{"Name", tok(`,"color":"red"`), msg + `"red"`},
		{"Short", tok(`,"color":"#fff"`), msg + `"#fff"`},
		{"Upper", tok(`,"color":"#ABCDEF"`), msg + `"#ABCDEF"`},
		{"NoHash", tok(`,"color":"abcdef0"`), msg + `"abcdef0"`},
		{"NotHex", tok(`,"color":"#12345g"`), msg + `"#12345g"`},
		{"Empty", tok(`,"color":""`), ""}, // the default, as for notes and image
	} {
		t.Run(c.name, func(t *testing.T) {
			if c.want == "" {
				mustDecode(t, c.file)
				return
			}
			mustRefuse(t, c.file, c.want)
		})
	}
}

func TestValidateTokenColor(t *testing.T) {
	e := mustDecode(t, specHead+`"map":{"rows":["."]},"tokens":[{"name":"Gob","x":0,"y":0}]}`)
	e.Tokens[0].Color = "#00ff7f"
	if err := Validate(e); err != nil {
		t.Fatalf("a valid colour refused: %v", err)
	}
	e.Tokens[0].Color = "#00FF7F"
	if err := Validate(e); err == nil || !strings.Contains(err.Error(), `tokens[0] "Gob".color`) {
		t.Fatalf("upper-case colour: got %v", err)
	}
}
