package model

// spec_tableplay_test.go checks the section "Added with table play and the
// third dimension" of encounter-format.md sentence by sentence.

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"image"
	"image/jpeg"
	"image/png"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// "Traits door and open (a door square, closed unless open), default
// legend keys + (["door"]) and / (["door", "open"]); trait shallow-water,
// default legend key w."
func TestSpecDoorAndShallowWaterTraits(t *testing.T) {
	e := mustDecode(t, specHead+`"map":{"rows":["+/w.#"]}}`)
	want := []Terrain{Door, Door | Open, ShallowWater, 0, Wall}
	if !reflect.DeepEqual(e.Grid.Cells, want) {
		t.Fatalf("default legend read as %v, want %v", e.Grid.Cells, want)
	}
	if !Door.ClosedDoor() || !Door.BlocksLikeWall() || (Door | Open).ClosedDoor() || (Door | Open).BlocksLikeWall() || !Wall.BlocksLikeWall() || Open.BlocksLikeWall() {
		t.Error("a closed door is a wall square, an open one open ground")
	}
	// The writer uses the default keys and writes no legend for them.
	if s := roundTrip(t, e); !strings.Contains(s, `"+/w.#"`) || strings.Contains(s, "legend") {
		t.Errorf("canonical form:\n%s", s)
	}
	// The names read in a legend, combined with the others.
	e = mustDecode(t, specHead+`"map":{"rows":["xyz"],"legend":{"x":["door","difficult"],"y":["open","door"],"z":["shallow-water","hazardous"]}}}`)
	want = []Terrain{Door | Difficult, Door | Open, ShallowWater | Hazardous}
	if !reflect.DeepEqual(e.Grid.Cells, want) {
		t.Fatalf("legend read as %v, want %v", e.Grid.Cells, want)
	}
	s := roundTrip(t, e)
	if !strings.Contains(s, `"a/b"`) || !strings.Contains(s, "\"a\": [\n        \"difficult\",\n        \"door\"\n      ]") ||
		!strings.Contains(s, "\"b\": [\n        \"hazardous\",\n        \"shallow-water\"\n      ]") {
		t.Errorf("canonical legend:\n%s", s)
	}
	// w is a default key now: the writer's new keys skip it.
	var g Grid = NewGrid(30, 1)
	for i := range g.Cells {
		g.Cells[i] = Terrain(i+1)<<1 | Wall
	}
	e = &Encounter{Name: "N", Ruleset: SF2E, FeetPerSquare: 5, Grid: g}
	if s := roundTrip(t, e); !strings.Contains(s, `"abcefgijklmpqrstvxyzABCEFGHIJK"`) {
		t.Errorf("new legend keys:\n%s", s)
	}
	mustRefuse(t, specHead+`"map":{"rows":["x"],"legend":{"x":["Door"]}}}`, `map.legend["x"][0]: unknown terrain trait "Door"`)
	e = &Encounter{Name: "N", Ruleset: SF2E, FeetPerSquare: 5, Grid: NewGrid(1, 1)}
	e.Grid.Cells[0] = ShallowWater << 1
	checkFieldError(t, Validate(e), -1, "", "map.rows[0][0]", "map.rows[0][0]: unknown terrain bits 0x800")
}

// tinyPNG and tinyWebP are real 1x1 images, for files that need one.
const (
	tinyPNG  = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
	tinyWebP = "data:image/webp;base64,UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA=="
)

func pngURL(t testing.TB, w, h int) string {
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewGray(image.Rect(0, 0, w, h))); err != nil {
		t.Fatal(err)
	}
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(buf.Bytes())
}

func jpegURL(t testing.TB, w, h int) string {
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, image.NewGray(image.Rect(0, 0, w, h)), nil); err != nil {
		t.Fatal(err)
	}
	return "data:image/jpeg;base64," + base64.StdEncoding.EncodeToString(buf.Bytes())
}

// webpURL makes the header of a WebP file of the given first chunk: VP8L
// (lossless), VP8X (extended) or "VP8 " (lossy), then some padding.
func webpURL(chunk string, w, h int) string {
	b := make([]byte, 40)
	copy(b, "RIFF")
	binary.LittleEndian.PutUint32(b[4:], 32)
	copy(b[8:], "WEBP")
	copy(b[12:], chunk)
	switch chunk {
	case "VP8L":
		b[20] = 0x2f
		binary.LittleEndian.PutUint32(b[21:], uint32(w-1)|uint32(h-1)<<14)
	case "VP8X":
		b[24], b[25], b[26] = byte(w-1), byte((w-1)>>8), byte((w-1)>>16)
		b[27], b[28], b[29] = byte(h-1), byte((h-1)>>8), byte((h-1)>>16)
	case "VP8 ":
		b[23], b[24], b[25] = 0x9d, 0x01, 0x2a
		binary.LittleEndian.PutUint16(b[26:], uint16(w))
		binary.LittleEndian.PutUint16(b[28:], uint16(h))
	}
	return "data:image/webp;base64," + base64.StdEncoding.EncodeToString(b)
}

func TestImageSize(t *testing.T) {
	for _, c := range []struct {
		url  string
		w, h int
	}{
		{pngURL(t, 3, 2), 3, 2}, {jpegURL(t, 17, 9), 17, 9}, {webpURL("VP8L", 2048, 5), 2048, 5},
		{webpURL("VP8X", 4000, 3000), 4000, 3000}, {webpURL("VP8 ", 640, 480), 640, 480},
	} {
		w, h, err := ImageSize(c.url)
		if err != nil || w != c.w || h != c.h {
			t.Errorf("%.40s: %dx%d %v, want %dx%d", c.url, w, h, err, c.w, c.h)
		}
	}
}

// BenchmarkImageSize: the size of a 2048x2048 PNG from its header alone.
func BenchmarkImageSize(b *testing.B) {
	url := pngURL(b, 2048, 2048)
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := ImageSize(url); err != nil {
			b.Fatal(err)
		}
	}
}

// The table of bad files for the added fields: each rule of the section is
// a row, refused with a message naming the field.
func TestSpecAddedFieldErrors(t *testing.T) {
	const rows = `"rows":["....","....","....","...."]`
	mp := func(s string) string { return specHead + `"map":{` + rows + `,` + s + `}}` }
	bg := `"background":"` + tinyPNG + `",`
	toks := `"tokens":[{"name":"Ogre","x":0,"y":0,"size":"large"},{"name":"Iseph","x":3,"y":3}]`
	top := func(s string) string { return specHead + `"map":{` + rows + `},` + toks + `,` + s + `}` }
	tok := func(s string) string {
		return specHead + `"map":{` + rows + `},"tokens":[{"name":"Gob","x":0,"y":0` + s + `}]}`
	}
	cases := []struct{ name, file, want string }{
		// map.edges
		{"EdgesType", mp(`"edges":{}`), "map.edges: must be an array, not object"},
		{"EdgeType", mp(`"edges":[5]`), "map.edges[0]: must be an object, not number"},
		{"EdgeUnknownKey", mp(`"edges":[{"kind":"wall","from":[0,0],"to":[1,0],"via":[0,0]}]`), `map.edges[0]: unknown field "via"`},
		{"EdgeKindMissing", mp(`"edges":[{"from":[0,0],"to":[1,0]}]`), "map.edges[0].kind: is required"},
		{"EdgeKindUnknown", mp(`"edges":[{"kind":"window","from":[0,0],"to":[1,0]}]`), `map.edges[0].kind: unknown edge kind "window"`},
		{"EdgeKindCase", mp(`"edges":[{"kind":"Wall","from":[0,0],"to":[1,0]}]`), `map.edges[0].kind: unknown edge kind "Wall"`},
		{"EdgeNoTo", mp(`"edges":[{"kind":"wall","from":[0,0]}]`), "map.edges[0]: needs from and to"},
		{"EdgePointShort", mp(`"edges":[{"kind":"wall","from":[0],"to":[1,0]}]`), "map.edges[0].from: must be [x, y], not an array of 1"},
		{"EdgePointType", mp(`"edges":[{"kind":"wall","from":"0,0","to":[1,0]}]`), "map.edges[0].from: must be [x, y], not string"},
		{"EdgePointFraction", mp(`"edges":[{"kind":"wall","from":[0,0.5],"to":[1,0]}]`), "map.edges[0].from: must be a whole number"},
		{"EdgeDiagonal", mp(`"edges":[{"kind":"wall","from":[0,0],"to":[1,1]}]`), "map.edges[0]: from (0, 0) to (1, 1) is neither horizontal nor vertical"},
		{"EdgePoint", mp(`"edges":[{"kind":"door","from":[2,2],"to":[2,2]}]`), "map.edges[0]: from and to are the same point (2, 2)"},
		{"EdgeReversed", mp(`"edges":[{"kind":"wall","from":[3,0],"to":[1,0]}]`), "map.edges[0].from: must be the top or left end"},
		{"EdgeReversedVertical", mp(`"edges":[{"kind":"wall","from":[1,3],"to":[1,1]}]`), "map.edges[0].from: must be the top or left end"},
		{"EdgeOffLeft", mp(`"edges":[{"kind":"wall","from":[-1,0],"to":[1,0]}]`), "map.edges[0].from: (-1, 0) is off the grid lines (x 0 to 4, y 0 to 4)"},
		{"EdgeOffRight", mp(`"edges":[{"kind":"wall","from":[2,0],"to":[5,0]}]`), "map.edges[0].to: (5, 0) is off the grid lines"},
		{"EdgeOffBottom", mp(`"edges":[{"kind":"wall","from":[4,4],"to":[4,5]}]`), "map.edges[0].to: (4, 5) is off the grid lines"},
		{"EdgeOverlapKinds", mp(`"edges":[{"kind":"wall","from":[0,1],"to":[3,1]},{"kind":"door","from":[2,1],"to":[4,1]}]`), "map.edges[1]: overlaps map.edges[0] (wall and door)"},
		{"EdgeOverlapDoors", mp(`"edges":[{"kind":"door","from":[1,0],"to":[1,2]},{"kind":"door","from":[1,1],"to":[1,3]}]`), "map.edges[1]: overlaps map.edges[0] (door and door)"},
		{"EdgeOverlapSecret", mp(`"edges":[{"kind":"secret-door","from":[1,2],"to":[2,2]},{"kind":"open-door","from":[1,2],"to":[2,2]}]`), "map.edges[1]: overlaps map.edges[0] (secret-door and open-door)"},
		{"EdgeOverlapLater", mp(`"edges":[{"kind":"open-door","from":[0,4],"to":[4,4]},{"kind":"wall","from":[0,0],"to":[4,0]},{"kind":"wall","from":[3,4],"to":[4,4]}]`), "map.edges[2]: overlaps map.edges[0] (open-door and wall)"},
		// map.backgroundPlacement
		{"PlacementType", mp(bg + `"backgroundPlacement":[1]`), "map.backgroundPlacement: must be an object, not array"},
		{"PlacementUnknown", mp(bg + `"backgroundPlacement":{"pxPerSquare":70,"scale":1}`), `map.backgroundPlacement: unknown field "scale"`},
		{"PlacementPxMissing", mp(bg + `"backgroundPlacement":{"x":3}`), "map.backgroundPlacement.pxPerSquare: is required"},
		{"PlacementPxZero", mp(bg + `"backgroundPlacement":{"pxPerSquare":0}`), "map.backgroundPlacement.pxPerSquare: must be more than 0"},
		{"PlacementPxNegative", mp(bg + `"backgroundPlacement":{"pxPerSquare":-70}`), "map.backgroundPlacement.pxPerSquare: must be more than 0"},
		{"PlacementPxHuge", mp(bg + `"backgroundPlacement":{"pxPerSquare":1e6}`), "map.backgroundPlacement.pxPerSquare: must be more than 0 and at most 10000"},
		{"PlacementXType", mp(bg + `"backgroundPlacement":{"x":"0","pxPerSquare":70}`), "map.backgroundPlacement.x: must be a number, not string"},
		{"PlacementOverflow", mp(bg + `"backgroundPlacement":{"x":1e999,"pxPerSquare":70}`), "map.backgroundPlacement.x: must be a number"},
		{"PlacementNoBackground", mp(`"backgroundPlacement":{"pxPerSquare":70}`), "map.backgroundPlacement: places a background, but the map has none"},
		// map.gmOnly and map.revealed
		{"GMOnlyType", mp(`"gmOnly":"0000"`), "map.gmOnly: must be an array of strings, not string"},
		{"GMOnlyRows", mp(`"gmOnly":["0000","0000","0000"]`), "map.gmOnly: has 3 rows, but map.rows has 4"},
		{"GMOnlyColumns", mp(`"gmOnly":["0000","00000","0000","0000"]`), "map.gmOnly[1]: has 5 columns, but the map has 4"},
		{"GMOnlyChar", mp(`"gmOnly":["0000","0000","0010","00x0"]`), "map.gmOnly[3][2]: must be 0 or 1, not 'x'"},
		{"GMOnlyWideChar", mp(`"gmOnly":["0000","0000","0000","0é00"]`), "map.gmOnly[3][1]: must be 0 or 1, not 'é'"},
		{"RevealedRows", mp(`"revealed":[]`), "map.revealed: has 0 rows, but map.rows has 4"},
		{"RevealedChar", mp(`"revealed":["1111","1111","1111","111 "]`), "map.revealed[3][3]: must be 0 or 1, not ' '"},
		{"RevealedNull", mp(`"revealed":null`), "map.revealed: must not be null"},
		// party
		{"PartyType", top(`"party":3`), "party: must be an object, not number"},
		{"PartyUnknown", top(`"party":{"side":"party","players":4}`), `party: unknown field "players"`},
		{"PartySideMissing", top(`"party":{"level":3}`), "party.side: is required"},
		{"PartyLevelZero", top(`"party":{"side":"party","level":0}`), "party.level: must be 1 to 20, not 0"},
		{"PartyLevelHigh", top(`"party":{"side":"party","level":21}`), "party.level: must be 1 to 20, not 21"},
		{"PartyLevelNegative", top(`"party":{"side":"party","level":-1}`), "party.level: must be 1 to 20, not -1"},
		{"PartySizeZero", top(`"party":{"side":"party","level":3,"size":0}`), "party.size: must be 1 to 100 players, not 0"},
		{"PartySizeType", top(`"party":{"side":"party","size":"4"}`), "party.size: must be a whole number, not string"},
		// fight
		{"FightType", top(`"fight":[]`), "fight: must be an object, not array"},
		{"FightUnknown", top(`"fight":{"order":["Ogre"],"turn":"Ogre","init":1}`), `fight: unknown field "init"`},
		{"FightRoundZero", top(`"fight":{"round":0,"order":["Ogre"],"turn":"Ogre"}`), "fight.round: must be 1 to 1000000, not 0"},
		{"FightOrderMissing", top(`"fight":{"turn":"Ogre"}`), "fight.order: is required"},
		{"FightOrderEmpty", top(`"fight":{"order":[],"turn":"Ogre"}`), "fight.order: is required"},
		{"FightOrderUnknownToken", top(`"fight":{"order":["Ogre","Goblin"],"turn":"Ogre"}`), `fight.order[1]: no token is named "Goblin"`},
		{"FightOrderTwice", top(`"fight":{"order":["Ogre","Iseph","Ogre"],"turn":"Ogre"}`), `fight.order[2]: "Ogre" is in the order twice (fight.order[0])`},
		{"FightTurnMissing", top(`"fight":{"order":["Ogre"]}`), "fight.turn: is required"},
		{"FightTurnNotInOrder", top(`"fight":{"order":["Ogre"],"turn":"Iseph"}`), `fight.turn: "Iseph" is not in fight.order`},
		{"FightStateNotInOrder", top(`"fight":{"order":["Ogre"],"turn":"Ogre","state":{"Iseph":{"actions":1}}}`), `fight.state["Iseph"]: "Iseph" is not in fight.order`},
		{"FightStateEmptyNotInOrder", top(`"fight":{"order":["Ogre"],"turn":"Ogre","state":{"Iseph":{}}}`), `fight.state["Iseph"]: "Iseph" is not in fight.order`},
		{"FightRoundHuge", top(`"fight":{"round":9223372036854775807,"order":["Ogre"],"turn":"Ogre"}`), "fight.round: must be 1 to 1000000, not 9223372036854775807"},
		{"FightStateDiagonalsHuge", top(`"fight":{"order":["Ogre"],"turn":"Ogre","state":{"Ogre":{"diagonals":9223372036854775807}}}`), `fight.state["Ogre"].diagonals: must be at most 1073741824, not 9223372036854775807`},
		{"FightStateNegative", top(`"fight":{"order":["Ogre"],"turn":"Ogre","state":{"Ogre":{"diagonals":-1}}}`), `fight.state["Ogre"].diagonals: must not be negative, not -1`},
		{"FightStateUnknown", top(`"fight":{"order":["Ogre"],"turn":"Ogre","state":{"Ogre":{"moves":1}}}`), `fight.state["Ogre"]: unknown field "moves"`},
		{"FightStateType", top(`"fight":{"order":["Ogre"],"turn":"Ogre","state":{"Ogre":{"spent":"5"}}}`), `fight.state["Ogre"].spent: must be a whole number, not string`},
		{"FightStateTwice", top(`"fight":{"order":["Ogre"],"turn":"Ogre","state":{"Ogre":{},"Ogre":{}}}`), `fight.state["Ogre"]: is given twice`},
		{"FightStateNull", top(`"fight":{"order":["Ogre"],"turn":"Ogre","state":{"Ogre":null}}`), `fight.state["Ogre"]: must not be null`},
		// areas
		{"AreasType", top(`"areas":{}`), "areas: must be an array, not object"},
		{"AreaUnknown", top(`"areas":[{"kind":"burst","x":1,"y":1,"radius":5,"shape":1}]`), `areas[0]: unknown field "shape"`},
		{"AreaKindMissing", top(`"areas":[{"x":1,"y":1,"radius":5}]`), "areas[0].kind: is required"},
		{"AreaKindUnknown", top(`"areas":[{"kind":"wall","x":1,"y":1,"radius":5}]`), `areas[0].kind: unknown area kind "wall"`},
		{"BurstNoY", top(`"areas":[{"kind":"burst","x":1,"radius":5}]`), "areas[0].y: is required for a burst"},
		{"BurstOff", top(`"areas":[{"kind":"burst","x":5,"y":1,"radius":5}]`), "areas[0]: centre (5, 1) is off the grid lines (x 0 to 4, y 0 to 4)"},
		{"BurstNoRadius", top(`"areas":[{"kind":"burst","x":1,"y":1}]`), "areas[0].radius: must be a positive multiple of 5 feet (one square), not 0"},
		{"BurstToken", top(`"areas":[{"kind":"burst","x":1,"y":1,"radius":5,"token":"Ogre"}]`), "areas[0].token: a burst has no token"},
		{"BurstDirAtDefault", top(`"areas":[{"kind":"burst","x":1,"y":1,"radius":5,"dir":"N"}]`), "areas[0].dir: a burst has no dir"},
		{"BurstRadiusNotSquares", top(`"areas":[{"kind":"burst","x":1,"y":1,"radius":7}]`), "areas[0].radius: must be a positive multiple of 5 feet (one square), not 7"},
		{"ConeLengthNegative", top(`"areas":[{"kind":"cone","token":"Ogre","dir":"W","length":-15}]`), "areas[0].length: must be a positive multiple of 5 feet (one square), not -15"},
		{"EmanationNoToken", top(`"areas":[{"kind":"emanation","radius":10}]`), "areas[0].token: is required"},
		{"EmanationUnknownToken", top(`"areas":[{"kind":"emanation","token":"Goblin","radius":10}]`), `areas[0].token: no token is named "Goblin"`},
		{"EmanationX", top(`"areas":[{"kind":"emanation","token":"Ogre","radius":10,"x":0}]`), "areas[0].x: an emanation has no x"},
		{"EmanationLength", top(`"areas":[{"kind":"emanation","token":"Ogre","radius":10,"length":10}]`), "areas[0].length: an emanation has no length"},
		{"ConeNoDir", top(`"areas":[{"kind":"cone","token":"Ogre","length":15}]`), "areas[0].dir: is required for a cone"},
		{"ConeBadDir", top(`"areas":[{"kind":"cone","token":"Ogre","dir":"north","length":15}]`), `areas[0].dir: unknown facing "north"`},
		{"ConeRadius", top(`"areas":[{"kind":"cone","token":"Ogre","dir":"N","length":15,"radius":15}]`), "areas[0].radius: a cone has no radius"},
		{"ConeNoLength", top(`"areas":[{"kind":"cone","token":"Ogre","dir":"N"}]`), "areas[0].length: must be a positive multiple of 5 feet (one square), not 0"},
		{"ConeOffsetTooFar", top(`"areas":[{"kind":"cone","token":"Ogre","dir":"N","length":15,"originOffset":2}]`), `areas[0].originOffset: must be from -1 to 1 half squares for "Ogre"'s 2x2 space, not 2`},
		{"ConeOffsetMedium", top(`"areas":[{"kind":"cone","token":"Iseph","dir":"E","length":15,"originOffset":-1}]`), `areas[0].originOffset: must be from 0 to 0 half squares`},
		{"ConeOffsetDiagonal", top(`"areas":[{"kind":"cone","token":"Ogre","dir":"NE","length":15,"originOffset":1}]`), "areas[0].originOffset: must be 0 for a diagonal cone, not 1"},
		{"LineNoToward", top(`"areas":[{"kind":"line","token":"Ogre","length":30}]`), "areas[0].toward: is required for a line"},
		{"LineTowardOff", top(`"areas":[{"kind":"line","token":"Ogre","toward":[9,2],"length":30}]`), "areas[0].toward: square (9, 2) is off the 4x4 map"},
		{"LineTowardOwnSpace", top(`"areas":[{"kind":"line","token":"Ogre","toward":[1,1],"length":30}]`), `areas[0].toward: square (1, 1) is in "Ogre"'s own space`},
		{"LineTowardShape", top(`"areas":[{"kind":"line","token":"Ogre","toward":[1,1,1],"length":30}]`), "areas[0].toward: must be [x, y], not an array of 3"},
		{"LineOffset", top(`"areas":[{"kind":"line","token":"Ogre","toward":[3,0],"length":30,"originOffset":0}]`), "areas[0].originOffset: a line has no originOffset"},
		{"AreaLabelType", top(`"areas":[{"kind":"burst","x":1,"y":1,"radius":5,"label":1}]`), "areas[0].label: must be a string, not number"},
		{"AreaPlayerType", top(`"areas":[{"kind":"burst","x":1,"y":1,"radius":5,"player":"yes"}]`), "areas[0].player: must be true or false, not string"},
		// tokens
		{"ElevationType", tok(`,"elevation":"5"`), `tokens[0] "Gob".elevation: must be a whole number, not string`},
		{"ElevationMultiple", tok(`,"elevation":7`), `tokens[0] "Gob".elevation: must be a multiple of 5 feet (one square), not 7`},
		{"LevelLow", tok(`,"level":-2`), `tokens[0] "Gob".level: must be -1 to 25, not -2`},
		{"LevelHigh", tok(`,"level":26`), `tokens[0] "Gob".level: must be -1 to 25, not 26`},
		{"InitiativeType", tok(`,"initiative":1.5`), `tokens[0] "Gob".initiative: must be a whole number, not number 1.5`},
		{"HPType", tok(`,"hp":12`), `tokens[0] "Gob".hp: must be an object, not number`},
		{"HPUnknown", tok(`,"hp":{"current":1,"max":2,"temp":3}`), `tokens[0] "Gob".hp: unknown field "temp"`},
		{"HPNoMax", tok(`,"hp":{"current":1}`), `tokens[0] "Gob".hp: needs current and max`},
		{"HPOverMax", tok(`,"hp":{"current":21,"max":20}`), `tokens[0] "Gob".hp.current: must be from 0 to max (20), not 21`},
		{"HPNegative", tok(`,"hp":{"current":-1,"max":20}`), `tokens[0] "Gob".hp.current: must be from 0 to max (20), not -1`},
		{"HPMaxZero", tok(`,"hp":{"current":0,"max":0}`), `tokens[0] "Gob".hp.max: must be at least 1, not 0`},
		{"HPCurrentType", tok(`,"hp":{"current":"1","max":2}`), `tokens[0] "Gob".hp.current: must be a whole number, not string`},
		{"ImageURL", tok(`,"image":"https://example.com/a.png"`), `tokens[0] "Gob".image: must be a data:image/png;base64,..., data:image/jpeg;base64,... or data:image/webp;base64,... image`},
		{"ImageGIF", tok(`,"image":"data:image/gif;base64,R0lGODlh"`), `tokens[0] "Gob".image: must be a data:image/png`},
		{"ImageNotPNG", tok(`,"image":"` + strings.Replace(jpegURL(t, 2, 2), "jpeg", "png", 1) + `"`), `tokens[0] "Gob".image: is not a readable PNG image`},
		{"ImageBadBase64", tok(`,"image":"data:image/png;base64,!!!!"`), `tokens[0] "Gob".image: is not a readable PNG image`},
		{"ImageTooWide", tok(`,"image":"` + pngURL(t, 2049, 1) + `"`), `tokens[0] "Gob".image: the image is 2049x1 pixels; at most 2048 a side are allowed`},
		{"ImageTooTall", tok(`,"image":"` + jpegURL(t, 8, 2049) + `"`), `tokens[0] "Gob".image: the image is 8x2049 pixels`},
		{"ImageWebPTooBig", tok(`,"image":"` + webpURL("VP8X", 4000, 3000) + `"`), `tokens[0] "Gob".image: the image is 4000x3000 pixels`},
		{"ImageWebPCut", tok(`,"image":"data:image/webp;base64,UklGRg=="`), `tokens[0] "Gob".image: is not a readable WebP image: the header is cut short`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.want == "" {
				mustDecode(t, c.file) // the rule's edge: accepted
				return
			}
			mustRefuse(t, c.file, c.want)
		})
	}
}

// "Readers and writers merge touching collinear wall segments into one;
// doors are never merged (each is one door, a double door is two). Written
// sorted by kind in the order wall, door, open-door, secret-door, then by
// from y, then x."
func TestSpecEdgesMergeAndOrder(t *testing.T) {
	e := mustDecode(t, specHead+`"map":{"rows":["......","......","......","......"],"edges":[
		{"kind":"secret-door","from":[0,1],"to":[0,2]},
		{"kind":"door","from":[3,2],"to":[4,2]},
		{"kind":"door","from":[2,2],"to":[3,2]},
		{"kind":"wall","from":[2,0],"to":[4,0]},
		{"kind":"wall","from":[0,0],"to":[2,0]},
		{"kind":"wall","from":[1,0],"to":[3,0]},
		{"kind":"wall","from":[5,0],"to":[6,0]},
		{"kind":"wall","from":[0,2],"to":[0,4]},
		{"kind":"wall","from":[0,0],"to":[0,1]},
		{"kind":"open-door","from":[6,1],"to":[6,3]},
		{"kind":"wall","from":[2,2],"to":[2,3]},
		{"kind":"wall","from":[2,3],"to":[2,4]}]}}`)
	want := []Edge{
		{EdgeWall, 0, 0, 4, 0}, // three touching or overlapping pieces
		{EdgeWall, 0, 0, 0, 1}, // same from: the horizontal one first
		{EdgeWall, 5, 0, 6, 0}, // a gap of one: not touching
		{EdgeWall, 0, 2, 0, 4}, // not merged across the secret door at (0,1)-(0,2)
		{EdgeWall, 2, 2, 2, 4},
		{EdgeDoor, 2, 2, 3, 2}, // a double door stays two doors
		{EdgeDoor, 3, 2, 4, 2},
		{EdgeOpenDoor, 6, 1, 6, 3},
		{EdgeSecretDoor, 0, 1, 0, 2},
	}
	if !reflect.DeepEqual(e.Edges, want) {
		t.Fatalf("edges read as\n%v\nwant\n%v", e.Edges, want)
	}
	s := roundTrip(t, e)
	if !strings.Contains(s, `"edges": [
      {
        "kind": "wall",
        "from": [
          0,
          0
        ],
        "to": [
          4,
          0
        ]
      },`) {
		t.Errorf("canonical edges:\n%s", s)
	}
	// A wall and a door may touch end to end, and cross.
	mustDecode(t, specHead+`"map":{"rows":["....","...."],"edges":[{"kind":"wall","from":[0,1],"to":[2,1]},{"kind":"door","from":[2,1],"to":[3,1]},{"kind":"wall","from":[1,0],"to":[1,2]}]}}`)
	// Edges along the map's outline are on the grid lines.
	mustDecode(t, specHead+`"map":{"rows":["....","...."],"edges":[{"kind":"wall","from":[0,2],"to":[4,2]},{"kind":"wall","from":[4,0],"to":[4,2]}]}}`)
	// Written edges of code-built encounters come out merged and sorted.
	c := &Encounter{Name: "N", Ruleset: PF1E, FeetPerSquare: 5, Grid: NewGrid(3, 3),
		Edges: []Edge{{EdgeDoor, 1, 1, 2, 1}, {EdgeWall, 0, 0, 1, 0}, {EdgeWall, 1, 0, 3, 0}}}
	back := mustDecode(t, mustEncode(t, c))
	if want := []Edge{{EdgeWall, 0, 0, 3, 0}, {EdgeDoor, 1, 1, 2, 1}}; !reflect.DeepEqual(back.Edges, want) {
		t.Errorf("code-built edges written as %v, want %v", back.Edges, want)
	}
}

// The rules' index of the edges: "is the edge between square a and the
// adjacent square b blocking".
func TestEdgeGrid(t *testing.T) {
	edges := []Edge{{EdgeWall, 1, 0, 1, 2}, {EdgeDoor, 0, 2, 2, 2}, {EdgeOpenDoor, 2, 2, 3, 2}, {EdgeSecretDoor, 3, 0, 3, 1}, {EdgeWall, 0, 3, 3, 3}}
	var none EdgeGrid
	if !none.Empty() || none.Between(0, 0, 1, 0) || none.KindN(0, 0) != EdgeNone {
		t.Fatal("the zero EdgeGrid has edges")
	}
	g := NewEdgeGrid(3, 3, edges)
	if g.Empty() {
		t.Fatal("Empty with edges")
	}
	for _, c := range []struct {
		ax, ay, bx, by int
		want           bool
	}{
		{0, 0, 1, 0, true}, {1, 0, 0, 0, true}, {0, 1, 1, 1, true}, {0, 2, 1, 2, false}, // the wall runs y 0 to 2
		{0, 1, 0, 2, true}, {1, 2, 1, 1, true}, {2, 1, 2, 2, false}, // closed door blocks, open door does not
		{2, 0, 3, 0, true}, {2, 1, 3, 1, false}, // the secret door, on the map's east outline
		{0, 2, 0, 3, true},  // the wall along the bottom outline
		{0, 0, 1, 1, false}, // not orthogonal neighbours
		{-1, 0, 0, 0, false}, {0, 0, 0, 0, false},
	} {
		if got := g.Between(c.ax, c.ay, c.bx, c.by); got != c.want {
			t.Errorf("Between(%d,%d, %d,%d) = %v, want %v", c.ax, c.ay, c.bx, c.by, got, c.want)
		}
	}
	if g.KindN(2, 2) != EdgeOpenDoor || g.KindN(1, 2) != EdgeDoor || g.KindW(1, 1) != EdgeWall || g.KindW(3, 0) != EdgeSecretDoor || g.KindW(2, 2) != EdgeNone {
		t.Error("KindN/KindW")
	}
	if !g.BlocksN(0, 3) || g.BlocksN(0, 4) || g.BlocksW(9, 9) {
		t.Error("BlocksN/BlocksW at the outline")
	}
	if i := EdgeAt(edges, 1, 2, true); i != 1 {
		t.Errorf("EdgeAt the door = %d, want 1", i)
	}
	if i := EdgeAt(edges, 1, 1, false); i != 0 {
		t.Errorf("EdgeAt the wall = %d, want 0", i)
	}
	if i := EdgeAt(edges, 1, 1, true); i != -1 {
		t.Errorf("EdgeAt nothing = %d", i)
	}
	e := &Encounter{Grid: NewGrid(3, 3), Edges: edges}
	if eg := e.EdgeGrid(); !reflect.DeepEqual(eg, g) {
		t.Error("Encounter.EdgeGrid differs from NewEdgeGrid")
	}
}

// BenchmarkEdgeGridBetween: the question the rules ask on every step.
func BenchmarkEdgeGridBetween(b *testing.B) {
	var edges []Edge
	for i := 0; i < 100; i += 2 {
		edges = append(edges, Edge{EdgeWall, i, 0, i, 100}, Edge{EdgeDoor, 0, i, 1, i})
	}
	g := NewEdgeGrid(100, 100, edges)
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		for y := 0; y < 100; y++ {
			for x := 0; x < 99; x++ {
				if g.Between(x, y, x+1, y) {
					n++
				}
			}
		}
	}
	_ = n
}

// "backgroundPlacement ... the background image's pixel at the map's
// top-left corner and its pixels per square (default: the image stretched
// to the map, as before)".
func TestSpecBackgroundPlacement(t *testing.T) {
	e := mustDecode(t, specHead+`"map":{"rows":["."],"background":"`+jpegURL(t, 1, 1)+`","backgroundPlacement":{"x":35,"y":-12.5,"pxPerSquare":70}}}`)
	if e.Placement == nil || *e.Placement != (BackgroundPlacement{X: 35, Y: -12.5, PxPerSquare: 70}) {
		t.Fatalf("placement read as %+v", e.Placement)
	}
	if s := roundTrip(t, e); !strings.Contains(s, `"backgroundPlacement": {
      "x": 35,
      "y": -12.5,
      "pxPerSquare": 70
    }`) {
		t.Errorf("canonical placement:\n%s", s)
	}
	e = mustDecode(t, specHead+`"map":{"rows":["."],"background":"`+tinyPNG+`","backgroundPlacement":{"x":0,"y":0,"pxPerSquare":70.25}}}`)
	if s := roundTrip(t, e); !strings.Contains(s, "\"backgroundPlacement\": {\n      \"pxPerSquare\": 70.25\n    }") {
		t.Errorf("x and y at 0 are left out:\n%s", s)
	}
	if e = mustDecode(t, specHead+`"map":{"rows":["."],"background":"`+tinyPNG+`"}}`); e.Placement != nil {
		t.Error("no placement read as one")
	}
}

// "gmOnly: the shape of rows; 1 where the square's terrain is known to the
// GM only, 0 elsewhere"; "revealed: the shape of rows; 1 revealed, 0
// fogged; absent means no fog of war".
func TestSpecGMOnlyAndRevealed(t *testing.T) {
	e := mustDecode(t, specHead+`"map":{"rows":["...","..."],"gmOnly":["010","000"],"revealed":["110","000"]}}`)
	if !reflect.DeepEqual(e.GMOnly, []bool{false, true, false, false, false, false}) || !reflect.DeepEqual(e.Revealed, []bool{true, true, false, false, false, false}) {
		t.Fatalf("read as %v, %v", e.GMOnly, e.Revealed)
	}
	if s := roundTrip(t, e); !strings.Contains(s, "\"gmOnly\": [\n      \"010\",\n      \"000\"\n    ],\n    \"revealed\": [\n      \"110\",\n      \"000\"\n    ]") {
		t.Errorf("canonical masks:\n%s", s)
	}
	// No fog: nil. Everything fogged is a real state, written as zeros.
	e = mustDecode(t, specHead+`"map":{"rows":["..",".."]}}`)
	if e.Revealed != nil || e.GMOnly != nil {
		t.Error("absent masks read as set")
	}
	e = mustDecode(t, specHead+`"map":{"rows":["..",".."],"gmOnly":["00","00"],"revealed":["00","00"]}}`)
	if e.GMOnly != nil || !reflect.DeepEqual(e.Revealed, make([]bool, 4)) {
		t.Errorf("all-zero masks read as %v, %v", e.GMOnly, e.Revealed)
	}
	if s := roundTrip(t, e); strings.Contains(s, "gmOnly") || !strings.Contains(s, "\"revealed\": [\n      \"00\",\n      \"00\"\n    ]") {
		t.Errorf("all GM-only 0 is the default, all fogged is not:\n%s", s)
	}
	// Validate: the shape of rows.
	e.Revealed = make([]bool, 3)
	checkFieldError(t, Validate(e), -1, "", "map.revealed", "map.revealed: holds 3 squares, expected 4 (the shape of rows, 2x2)")
	e.Revealed, e.GMOnly = nil, make([]bool, 5)
	checkFieldError(t, Validate(e), -1, "", "map.gmOnly", "map.gmOnly: holds 5 squares, expected 4 (the shape of rows, 2x2)")
}

// "party: { side, level, size }: the players' side, level (1-20) and
// number (default 4)".
func TestSpecParty(t *testing.T) {
	e := mustDecode(t, specHead+`"map":{"rows":["."]},"party":{"side":"party","level":3}}`)
	if *e.Party != (Party{Side: "party", Level: 3, Size: 4}) {
		t.Fatalf("party read as %+v", e.Party)
	}
	if s := roundTrip(t, e); !strings.Contains(s, "\"party\": {\n    \"side\": \"party\",\n    \"level\": 3\n  }\n}") {
		t.Errorf("canonical party:\n%s", s)
	}
	for _, c := range []struct {
		file string
		want Party
	}{
		{`{"side":"heroes","level":20,"size":6}`, Party{"heroes", 20, 6}},
		{`{"side":"p","level":1,"size":1}`, Party{"p", 1, 1}},
		{`{"side":"p"}`, Party{"p", 0, 4}}, // no level: the threat query needs --party-level
	} {
		e = mustDecode(t, specHead+`"map":{"rows":["."]},"party":`+c.file+`}`)
		if *e.Party != c.want {
			t.Errorf("%s read as %+v", c.file, *e.Party)
		}
		roundTrip(t, e)
	}
}

// "fight: a fight in progress ... order names existing tokens once each,
// turn is one of them, state keys are in order; actions, diagonals, spent
// default 0". The round counts from 1.
func TestSpecFight(t *testing.T) {
	const toks = `"tokens":[{"name":"Iseph","x":0,"y":0},{"name":"Ogre","x":1,"y":0}]`
	e := mustDecode(t, specHead+`"map":{"rows":[".."]},`+toks+`,"fight":{"round":2,"order":["Iseph","Ogre"],"turn":"Ogre","state":{"Ogre":{"actions":1,"diagonals":1,"spent":0}}}}`)
	want := &Fight{Round: 2, Order: []string{"Iseph", "Ogre"}, Turn: "Ogre", State: map[string]TurnState{"Ogre": {Actions: 1, Diagonals: 1}}}
	if !reflect.DeepEqual(e.Fight, want) {
		t.Fatalf("fight read as %+v", e.Fight)
	}
	if s := roundTrip(t, e); !strings.Contains(s, `"fight": {
    "round": 2,
    "order": [
      "Iseph",
      "Ogre"
    ],
    "turn": "Ogre",
    "state": {
      "Ogre": {
        "actions": 1,
        "diagonals": 1
      }
    }
  }`) {
		t.Errorf("canonical fight:\n%s", s)
	}
	// Defaults: round 1; a state of zeros is a fresh turn, as if absent.
	e = mustDecode(t, specHead+`"map":{"rows":[".."]},`+toks+`,"fight":{"order":["Ogre","Iseph"],"turn":"Iseph","state":{"Iseph":{},"Ogre":{"spent":0}}}}`)
	if want := (&Fight{Round: 1, Order: []string{"Ogre", "Iseph"}, Turn: "Iseph"}); !reflect.DeepEqual(e.Fight, want) {
		t.Fatalf("fight read as %+v", e.Fight)
	}
	if s := roundTrip(t, e); strings.Contains(s, "round") || strings.Contains(s, "state") {
		t.Errorf("defaults written:\n%s", s)
	}
	// The state is written in the order's order.
	e.Fight.State = map[string]TurnState{"Iseph": {Spent: 15}, "Ogre": {Actions: 2}}
	if s := roundTrip(t, e); !strings.Contains(s, "\"state\": {\n      \"Ogre\": {\n        \"actions\": 2\n      },\n      \"Iseph\": {\n        \"spent\": 15\n      }\n    }") {
		t.Errorf("state order:\n%s", s)
	}
}

// "areas: placed area templates" of the four kinds, "each may add label
// (text) and player: true".
func TestSpecAreas(t *testing.T) {
	e := mustDecode(t, specHead+`"map":{"rows":["..........","..........","..........","..........","..........","..........","..........",".........."]},
		"tokens":[{"name":"Ogre","x":4,"y":4,"size":"large"}],
		"areas":[{"kind":"burst","x":4,"y":6,"radius":10},
			{"kind":"emanation","token":"Ogre","radius":10},
			{"kind":"cone","token":"Ogre","dir":"NE","length":15,"originOffset":0},
			{"kind":"line","token":"Ogre","toward":[9,2],"length":30,"label":"Lightning","player":true},
			{"kind":"cone","token":"Ogre","dir":"S","length":30,"originOffset":-1},
			{"kind":"burst","x":0,"y":8,"radius":5,"label":"corner"}]}`)
	want := []Area{
		{Kind: Burst, X: 4, Y: 6, Radius: 10},
		{Kind: Emanation, Token: "Ogre", Radius: 10},
		{Kind: Cone, Token: "Ogre", Dir: NE, Length: 15},
		{Kind: Line, Token: "Ogre", Toward: [2]int{9, 2}, Length: 30, Label: "Lightning", Player: true},
		{Kind: Cone, Token: "Ogre", Dir: S, Length: 30, OriginOffset: -1},
		{Kind: Burst, X: 0, Y: 8, Radius: 5, Label: "corner"},
	}
	if !reflect.DeepEqual(e.Areas, want) {
		t.Fatalf("areas read as\n%+v\nwant\n%+v", e.Areas, want)
	}
	s := roundTrip(t, e)
	for _, part := range []string{
		"{\n      \"kind\": \"burst\",\n      \"x\": 4,\n      \"y\": 6,\n      \"radius\": 10\n    }",
		"{\n      \"kind\": \"emanation\",\n      \"token\": \"Ogre\",\n      \"radius\": 10\n    }",
		"{\n      \"kind\": \"cone\",\n      \"token\": \"Ogre\",\n      \"dir\": \"NE\",\n      \"length\": 15\n    }",
		"{\n      \"kind\": \"line\",\n      \"token\": \"Ogre\",\n      \"toward\": [\n        9,\n        2\n      ],\n      \"length\": 30,\n      \"label\": \"Lightning\",\n      \"player\": true\n    }",
		"{\n      \"kind\": \"burst\",\n      \"x\": 0,\n      \"y\": 8,\n      \"radius\": 5,\n      \"label\": \"corner\"\n    }",
	} {
		if !strings.Contains(s, part) {
			t.Errorf("canonical areas lack\n%s\nin\n%s", part, s)
		}
	}
}

// Tokens: "elevation ... a multiple of feetPerSquare (sf2e, pf1e); default
// 0"; "level, -1 to 25"; "initiative"; "hp { current, max }, current 0 to
// max"; "image ... at most 2048 px a side".
func TestSpecTokenAddedFields(t *testing.T) {
	img := pngURL(t, 2048, 2048)
	e := mustDecode(t, specHead+`"map":{"rows":["..."]},"tokens":[
		{"name":"A","x":0,"y":0,"elevation":15,"level":-1,"initiative":0,"hp":{"current":0,"max":20},"image":"`+img+`"},
		{"name":"B","x":1,"y":0,"elevation":-10,"level":25,"initiative":-2,"hp":{"current":20,"max":20}},
		{"name":"C","x":2,"y":0,"elevation":0}]}`)
	a, b, c := e.Tokens[0], e.Tokens[1], e.Tokens[2]
	if a.Elevation != 15 || *a.Level != -1 || *a.Initiative != 0 || *a.HP != (HP{0, 20}) || a.Image != img {
		t.Errorf("A read as %+v", a)
	}
	if b.Elevation != -10 || *b.Level != 25 || *b.Initiative != -2 || b.Image != "" {
		t.Errorf("B read as %+v", b)
	}
	if c.Elevation != 0 || c.Level != nil || c.Initiative != nil || c.HP != nil {
		t.Errorf("C's defaults read as %+v", c)
	}
	s := roundTrip(t, e)
	if !strings.Contains(s, "\"y\": 0,\n      \"elevation\": 15,\n      \"level\": -1,\n      \"initiative\": 0,\n      \"hp\": {\n        \"current\": 0,\n        \"max\": 20\n      },\n      \"image\": \"data:image/png") {
		t.Errorf("canonical token fields:\n%.600s", s)
	}
	if strings.Count(s, "elevation") != 2 {
		t.Errorf("elevation 0 written:\n%.600s", s)
	}
	// Starship and points: elevation is not theirs; any whole number is kept.
	e = mustDecode(t, `{"format":"encounter/1","name":"N","ruleset":"points","map":{"rows":["."]},"tokens":[{"name":"A","x":0,"y":0,"elevation":7}]}`)
	roundTrip(t, e)
	// pf1e with 10-ft squares: multiples of 10.
	mustRefuse(t, `{"format":"encounter/1","name":"N","ruleset":"pf1e","map":{"feetPerSquare":10,"rows":["."]},"tokens":[{"name":"A","x":0,"y":0,"elevation":15}]}`,
		`tokens[0] "A".elevation: must be a multiple of 10 feet`)
	// The other images.
	for _, img := range []string{jpegURL(t, 2048, 1), webpURL("VP8L", 64, 64), webpURL("VP8 ", 100, 2048), webpURL("VP8X", 2048, 2048)} {
		roundTrip(t, mustDecode(t, specHead+`"map":{"rows":["."]},"tokens":[{"name":"A","x":0,"y":0,"image":"`+img+`"}]}`))
	}
	// "Conditions the rules now also act on: prone, dead".
	if !slices.Contains(KnownConditions, CondProne) || !slices.Contains(KnownConditions, CondDead) {
		t.Error("prone and dead are not known conditions")
	}
}

// "Writers ... write new fields after the existing ones of their object, in
// the order of the tables below": one file with every field.
func TestSpecAddedCanonicalBytes(t *testing.T) {
	lvl, init := 2, 14
	e := &Encounter{Name: "Vault", Ruleset: SF2E, FeetPerSquare: 5, Grid: NewGrid(3, 2),
		Background: tinyPNG,
		Tokens: []Token{{ID: specID(1), Name: "Ogre", X: 0, Y: 0, Size: Medium, Side: "enemy", Notes: "n",
			Elevation: 5, Level: &lvl, Initiative: &init, HP: &HP{Current: 3, Max: 9}}},
		Notes:     []Note{{X: 1, Y: 1, Text: "t"}},
		Edges:     []Edge{{EdgeDoor, 1, 0, 1, 1}},
		Placement: &BackgroundPlacement{X: 1, Y: 2, PxPerSquare: 50},
		GMOnly:    []bool{true, false, false, false, false, false},
		Revealed:  []bool{true, true, true, false, false, false},
		Party:     &Party{Side: "party", Level: 1, Size: 5},
		Fight:     &Fight{Round: 3, Order: []string{"Ogre"}, Turn: "Ogre", State: map[string]TurnState{"Ogre": {Spent: 5}}},
		Areas:     []Area{{Kind: Burst, X: 1, Y: 1, Radius: 5, Player: true}},
	}
	want := `{
  "format": "encounter/1",
  "name": "Vault",
  "ruleset": "sf2e",
  "map": {
    "rows": [
      "...",
      "..."
    ],
    "background": "` + tinyPNG + `",
    "edges": [
      {
        "kind": "door",
        "from": [
          1,
          0
        ],
        "to": [
          1,
          1
        ]
      }
    ],
    "backgroundPlacement": {
      "x": 1,
      "y": 2,
      "pxPerSquare": 50
    },
    "gmOnly": [
      "100",
      "000"
    ],
    "revealed": [
      "111",
      "000"
    ]
  },
  "tokens": [
    {
      "id": "6f1d2c3e-8a4b-4c5d-9e6f-000000000001",
      "name": "Ogre",
      "x": 0,
      "y": 0,
      "side": "enemy",
      "notes": "n",
      "elevation": 5,
      "level": 2,
      "initiative": 14,
      "hp": {
        "current": 3,
        "max": 9
      }
    }
  ],
  "notes": [
    {
      "x": 1,
      "y": 1,
      "text": "t"
    }
  ],
  "party": {
    "side": "party",
    "level": 1,
    "size": 5
  },
  "fight": {
    "round": 3,
    "order": [
      "Ogre"
    ],
    "turn": "Ogre",
    "state": {
      "Ogre": {
        "spent": 5
      }
    }
  },
  "areas": [
    {
      "kind": "burst",
      "x": 1,
      "y": 1,
      "radius": 5,
      "player": true
    }
  ]
}
`
	if got := roundTrip(t, e); got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
	// "All optional; a file without them reads as before."
	e = mustDecode(t, withoutKey(t, sampleFile, "party"))
	if e.Edges != nil || e.Placement != nil || e.GMOnly != nil || e.Revealed != nil || e.Party != nil || e.Fight != nil || e.Areas != nil {
		t.Error("a file without the new fields read with some")
	}
}

// Validate covers the same rules for encounters built in code: the
// FieldError names the field, Token -1 where it is not a token's.
func TestValidateAddedFields(t *testing.T) {
	base := func() *Encounter {
		return &Encounter{Name: "N", Ruleset: SF2E, FeetPerSquare: 5, Grid: NewGrid(4, 4),
			Tokens: []Token{{Name: "Ogre", Size: Large, Side: "enemy"}, {Name: "Iseph", X: 3, Y: 3, Size: Medium, Side: "party"}}}
	}
	neg, big := -3, 30
	cases := []struct {
		name           string
		edit           func(e *Encounter)
		token          int
		field, message string
	}{
		{"EdgeKind", func(e *Encounter) { e.Edges = []Edge{{Kind: 9, X1: 0, Y1: 0, X2: 1, Y2: 0}} }, -1, "map.edges[0].kind", "map.edges[0].kind: unknown edge kind 9"},
		{"EdgeDiagonal", func(e *Encounter) { e.Edges = []Edge{{EdgeWall, 0, 0, 1, 1}} }, -1, "map.edges[0]", "map.edges[0]: from (0, 0) to (1, 1) is neither horizontal nor vertical"},
		{"EdgeOff", func(e *Encounter) { e.Edges = []Edge{{EdgeWall, 0, 0, 0, 1}, {EdgeWall, 0, 5, 1, 5}} }, -1, "map.edges[1].from", "map.edges[1].from: (0, 5) is off the grid lines (x 0 to 4, y 0 to 4)"},
		{"EdgeOverlap", func(e *Encounter) { e.Edges = []Edge{{EdgeOpenDoor, 0, 0, 0, 2}, {EdgeWall, 0, 1, 0, 4}} }, -1, "map.edges[1]", "map.edges[1]: overlaps map.edges[0] (open-door and wall)"},
		{"PlacementNoBackground", func(e *Encounter) { e.Placement = &BackgroundPlacement{PxPerSquare: 70} }, -1, "map.backgroundPlacement", "map.backgroundPlacement: places a background, but the map has none"},
		{"PlacementNaN", func(e *Encounter) {
			e.Background, e.Placement = tinyPNG, &BackgroundPlacement{PxPerSquare: math.NaN()}
		}, -1, "map.backgroundPlacement.pxPerSquare", "map.backgroundPlacement.pxPerSquare: must be more than 0 and at most 10000 pixels, not NaN"},
		{"PlacementInf", func(e *Encounter) {
			e.Background, e.Placement = tinyPNG, &BackgroundPlacement{X: math.Inf(1), PxPerSquare: 7}
		}, -1, "map.backgroundPlacement", "map.backgroundPlacement: x and y must be pixels from -1e9 to 1e9, not +Inf and 0"},
		{"PartySide", func(e *Encounter) { e.Party = &Party{Side: " ", Size: 4} }, -1, "party.side", "party.side: is blank"},
		{"PartySize", func(e *Encounter) { e.Party = &Party{Side: "party"} }, -1, "party.size", "party.size: must be 1 to 100 players, not 0"},
		{"FightRound", func(e *Encounter) { e.Fight = &Fight{Order: []string{"Ogre"}, Turn: "Ogre"} }, -1, "fight.round", "fight.round: must be 1 to 1000000, not 0"},
		{"FightStateKey", func(e *Encounter) {
			e.Fight = &Fight{Round: 1, Order: []string{"Ogre"}, Turn: "Ogre", State: map[string]TurnState{"Iseph": {Actions: 1}}}
		}, -1, `fight.state["Iseph"]`, `fight.state["Iseph"]: "Iseph" is not in fight.order`},
		{"FightStateNegative", func(e *Encounter) {
			e.Fight = &Fight{Round: 1, Order: []string{"Ogre"}, Turn: "Ogre", State: map[string]TurnState{"Ogre": {Spent: -5}}}
		}, -1, `fight.state["Ogre"].spent`, `fight.state["Ogre"].spent: must not be negative, not -5`},
		{"AreaKind", func(e *Encounter) { e.Areas = []Area{{Radius: 5}} }, -1, "areas[0].kind", "areas[0].kind: unknown area kind 0"},
		{"AreaUnusedToward", func(e *Encounter) {
			e.Areas = []Area{{Kind: Emanation, Token: "Ogre", Radius: 5, Toward: [2]int{1, 0}}}
		}, -1, "areas[0].toward", "areas[0].toward: an emanation has no toward"},
		{"AreaUnusedDir", func(e *Encounter) {
			e.Areas = []Area{{Kind: Line, Token: "Ogre", Length: 5, Toward: [2]int{3, 0}, Dir: S}}
		}, -1, "areas[0].dir", "areas[0].dir: a line has no dir"},
		{"AreaConeFacing", func(e *Encounter) { e.Areas = []Area{{Kind: Cone, Token: "Ogre", Length: 5, Dir: 8}} }, -1, "areas[0].dir", "areas[0].dir: unknown facing 8"},
		{"Elevation", func(e *Encounter) { e.Tokens[1].Elevation = 3 }, 1, "elevation", `tokens[1] "Iseph".elevation: must be a multiple of 5 feet (one square), not 3`},
		{"ElevationFar", func(e *Encounter) { e.Tokens[1].Elevation = 2000000 }, 1, "elevation", `tokens[1] "Iseph".elevation: must be from -1000000 to 1000000 feet, not 2000000`},
		{"Level", func(e *Encounter) { e.Tokens[0].Level = &neg }, 0, "level", `tokens[0] "Ogre".level: must be -1 to 25, not -3`},
		{"LevelHigh", func(e *Encounter) { e.Tokens[0].Level = &big }, 0, "level", `tokens[0] "Ogre".level: must be -1 to 25, not 30`},
		{"HP", func(e *Encounter) { e.Tokens[0].HP = &HP{Current: 5, Max: 4} }, 0, "hp.current", `tokens[0] "Ogre".hp.current: must be from 0 to max (4), not 5`},
		{"Image", func(e *Encounter) { e.Tokens[0].Image = "data:image/png;base64,AAAA" }, 0, "image", `tokens[0] "Ogre".image: is not a readable PNG image`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := base()
			if err := Validate(e); err != nil {
				t.Fatal(err)
			}
			c.edit(e)
			err := Validate(e)
			var fe *FieldError
			if !errors.As(err, &fe) || !errors.Is(err, ErrInvalid) {
				t.Fatalf("Validate = %v, want a FieldError", err)
			}
			if fe.Token != c.token || fe.Field != c.field || !strings.HasPrefix(err.Error(), c.message) {
				t.Errorf("got Token %d Field %q %q\nwant Token %d Field %q %q", fe.Token, fe.Field, err, c.token, c.field, c.message)
			}
		})
	}
}

// read(write(e)) == e and write(read(write(e))) == write(e) with every new
// field set, across every ruleset.
func TestSpecAddedRoundTripEveryField(t *testing.T) {
	for _, rs := range Rulesets {
		e := allFieldsEncounter(t, rs)
		roundTrip(t, e)
		if c := e.Clone(); !reflect.DeepEqual(c, e) {
			t.Errorf("%s: Clone differs", rs)
		}
	}
}

// allFieldsEncounter sets every field the section adds.
func allFieldsEncounter(t testing.TB, rs Ruleset) *Encounter {
	lvl, ini := 4, 17
	fps := rs.DefaultFeetPerSquare()
	e := &Encounter{Name: "All " + string(rs), Ruleset: rs, FeetPerSquare: fps, Grid: NewGrid(6, 5),
		Background: tinyWebP,
		Tokens: []Token{
			{ID: specID(1), Name: "Ogre", X: 0, Y: 0, Size: Large, Side: "enemy", Elevation: 2 * fps, Level: &lvl, Initiative: &ini,
				HP: &HP{Current: 12, Max: 20}, Image: pngURL(t, 4, 4), Conditions: []string{CondProne, CondDead}},
			{ID: specID(2), Name: "Iseph", X: 5, Y: 4, Size: Small, Side: "party", Elevation: -fps},
		},
		Edges:     []Edge{{EdgeWall, 0, 0, 6, 0}, {EdgeWall, 3, 1, 3, 5}, {EdgeDoor, 1, 2, 2, 2}, {EdgeOpenDoor, 2, 2, 3, 2}, {EdgeSecretDoor, 6, 1, 6, 2}},
		Placement: &BackgroundPlacement{X: -35, Y: 35, PxPerSquare: 70},
		GMOnly:    make([]bool, 30),
		Revealed:  make([]bool, 30),
		Party:     &Party{Side: "party", Level: 3, Size: 4},
		Fight: &Fight{Round: 2, Order: []string{"Iseph", "Ogre"}, Turn: "Ogre",
			State: map[string]TurnState{"Ogre": {Actions: 1, Diagonals: 1, Spent: 10}}},
		Areas: []Area{
			{Kind: Burst, X: 4, Y: 5, Radius: 2 * fps, Label: "Fireball", Player: true},
			{Kind: Emanation, Token: "Ogre", Radius: 2 * fps},
			{Kind: Cone, Token: "Ogre", Dir: E, Length: 3 * fps, OriginOffset: 1},
			{Kind: Line, Token: "Ogre", Toward: [2]int{5, 0}, Length: 6 * fps},
		},
	}
	for i := range e.Grid.Cells {
		e.Grid.Cells[i] = Terrain(i*97) & TraitMask
		e.GMOnly[i] = i%7 == 0
		e.Revealed[i] = i%3 != 0
	}
	return e
}

// ReshapeMap: rows and columns added or removed on any side carry the
// squares' terrain, GM-only flags, fog and edges with them.
func TestReshapeMap(t *testing.T) {
	e := mustDecode(t, specHead+`"map":{"rows":["#+.","w.."],"gmOnly":["100","000"],"revealed":["110","011"],
		"edges":[{"kind":"wall","from":[0,0],"to":[3,0]},{"kind":"door","from":[1,0],"to":[1,2]},{"kind":"secret-door","from":[3,0],"to":[3,2]}]},
		"tokens":[{"name":"A","x":2,"y":1}],"notes":[{"x":0,"y":1}],"areas":[{"kind":"burst","x":1,"y":1,"radius":5},{"kind":"line","token":"A","toward":[0,0],"length":10}]}`)
	// One column more on the left, one row less at the bottom.
	e.ReshapeMap(1, 0, 4, 1)
	want := mustDecode(t, specHead+`"map":{"rows":[".#+."],"gmOnly":["0100"],"revealed":["0110"],
		"edges":[{"kind":"wall","from":[1,0],"to":[4,0]},{"kind":"door","from":[2,0],"to":[2,1]},{"kind":"secret-door","from":[4,0],"to":[4,1]}]},
		"tokens":[{"name":"A","x":3,"y":0}],"notes":[{"x":1,"y":0}],"areas":[{"kind":"burst","x":2,"y":1,"radius":5},{"kind":"line","token":"A","toward":[1,0],"length":10}]}`)
	e.Tokens[0].Y, e.Notes[0].Y = 0, 0 // they fell off the removed row: the caller's to move
	want.Tokens[0].ID = e.Tokens[0].ID
	if !reflect.DeepEqual(e, want) {
		t.Fatalf("reshaped\n%+v\nwant\n%+v", e, want)
	}
	// Cropping the left column cuts the wall and drops what lay on it.
	e.ReshapeMap(-2, 0, 2, 1)
	if want := []Edge{{EdgeWall, 0, 0, 2, 0}, {EdgeDoor, 0, 0, 0, 1}, {EdgeSecretDoor, 2, 0, 2, 1}}; !reflect.DeepEqual(e.Edges, want) {
		t.Errorf("cropped edges %v, want %v", e.Edges, want)
	}
	if e.Grid.Cells[0] != Door || !reflect.DeepEqual(e.Revealed, []bool{true, false}) {
		t.Errorf("cropped grid %v fog %v", e.Grid.Cells, e.Revealed)
	}
}

// Clone copies every added field deeply: editing the copy (as the app does
// while the original is drawn or saved) leaves the original.
func TestCloneAddedFields(t *testing.T) {
	e := allFieldsEncounter(t, SF2E)
	want := allFieldsEncounter(t, SF2E)
	c := e.Clone()
	c.Edges[0].Kind = EdgeDoor
	c.Placement.PxPerSquare = 1
	c.GMOnly[0], c.Revealed[0] = !c.GMOnly[0], !c.Revealed[0]
	c.Party.Level = 9
	c.Fight.Order[0], c.Fight.State["Ogre"] = "X", TurnState{}
	c.Areas[0].Radius = 99
	*c.Tokens[0].Level, *c.Tokens[0].Initiative, c.Tokens[0].HP.Current = 0, 0, 0
	if !reflect.DeepEqual(e, want) {
		t.Fatal("editing the clone changed the original")
	}
}

// "A new turn (the next token in the order) resets the new token's state;
// the round advances after the last token in the order."
func TestFightNextTurn(t *testing.T) {
	f := &Fight{Round: 1, Order: []string{"A", "B", "C"}, Turn: "A",
		State: map[string]TurnState{"A": {Actions: 3}, "B": {Actions: 1, Diagonals: 1}, "C": {Spent: 5}}}
	f.NextTurn()
	if f.Turn != "B" || f.Round != 1 || f.State["B"] != (TurnState{}) || f.State["A"].Actions != 3 {
		t.Fatalf("after A: %+v", f)
	}
	f.NextTurn()
	f.NextTurn()
	if f.Turn != "A" || f.Round != 2 || f.State["A"] != (TurnState{}) {
		t.Fatalf("after C: %+v", f)
	}
	// A turn not in the order (the token was removed) goes to the first.
	f.Turn = "Gone"
	f.NextTurn()
	if f.Turn != "A" || f.Round != 2 {
		t.Fatalf("from a missing token: %+v", f)
	}
}

// A fight at its last round stays there: the next round of the largest
// round a file could give once wrapped round to a negative one, which the
// encounter's every save then refused ("fight.round: must be 1 or more").
func TestFightNextTurnAtTheLastRound(t *testing.T) {
	e := &Encounter{Name: "F", Ruleset: SF2E, Grid: NewGrid(2, 1),
		Tokens: []Token{{Name: "A", X: 0, Y: 0, Size: Medium}},
		Fight:  &Fight{Round: MaxRound, Order: []string{"A"}, Turn: "A"}}
	e.Fight.NextTurn()
	if e.Fight.Round != MaxRound || e.Fight.Turn != "A" {
		t.Fatalf("after the last round's last turn: %+v", e.Fight)
	}
	if err := Validate(e); err != nil {
		t.Fatalf("the encounter no longer saves: %v", err)
	}
}

// Clicking a door toggles it; a secret door, once opened, is a door.
func TestEdgeKindToggled(t *testing.T) {
	for k, want := range map[EdgeKind]EdgeKind{EdgeWall: EdgeWall, EdgeDoor: EdgeOpenDoor, EdgeOpenDoor: EdgeDoor, EdgeSecretDoor: EdgeOpenDoor} {
		if got := k.Toggled(); got != want {
			t.Errorf("%s toggled: %s, want %s", k, got, want)
		}
	}
	g := NewEdgeGrid(3, 3, []Edge{{EdgeWall, 1, 0, 1, 1}, {EdgeDoor, 1, 1, 3, 1}, {EdgeOpenDoor, 0, 1, 1, 1}})
	n, e, s, w := g.BlockingAround(1, 1)
	if !n || !e || s || w {
		t.Errorf("around (1, 1): n %v e %v s %v w %v, want n and e", n, e, s, w)
	}
	if n, e, s, w := g.BlockingAround(0, 0); n || e || s || w {
		t.Error("around (0, 0): edges where there are none")
	}
}

// withoutKey is the JSON document doc without its top-level key.
func withoutKey(t *testing.T, doc []byte, key string) string {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal(doc, &m); err != nil {
		t.Fatal(err)
	}
	if _, ok := m[key]; !ok {
		t.Fatalf("the document has no %q", key)
	}
	delete(m, key)
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
