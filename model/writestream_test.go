package model

import (
	"bytes"
	"runtime"
	"strings"
	"testing"
)

// WriteEncounter writes the images in their places into the rest of the
// file encoded without them: byte for byte what encoding/json makes of the
// whole, for images of plain base64 and for ones JSON must escape.
func TestWriteEncounterIsTheEncoding(t *testing.T) {
	odd := widest(t, 30, 20, parts{tokens: 6, conditions: 1, notes: 1, areas: 4, edges: 2})
	png := pngURL(t, 2, 2)
	odd.Background = png + "\x01\"\\\u2028é"
	for i, im := range []string{"", png + "\x7f", png, png + "é", "", png + "\u2029"} {
		odd.Tokens[i].Image = im
	}
	var cases = []*Encounter{Sample(), odd, widest(t, 50, 40, parts{tokens: 3, areas: 4, edges: 1})}
	for _, rs := range Rulesets {
		cases = append(cases, allFieldsEncounter(t, rs))
	}
	for i, e := range cases {
		want, err := encode(e) // encoding/json on the whole encounter
		if err != nil {
			t.Fatal(err)
		}
		got, err := EncodeEncounter(e)
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("case %d: EncodeEncounter differs from the encoding (%v)\n%.600s\n---\n%.600s", i, err, got, want)
		}
		var buf bytes.Buffer
		if err := WriteEncounter(&buf, e); err != nil || !bytes.Equal(buf.Bytes(), want) {
			t.Errorf("case %d: WriteEncounter differs from the encoding (%v)", i, err)
		}
	}
}

type counter int64

func (c *counter) Write(p []byte) (int, error) { *c += counter(len(p)); return len(p), nil }

// WriteEncounter holds the rest of the file in memory, not the images: 110
// MiB of map image and portraits are written with under 1 MiB allocated
// (the whole file was built, indented and copied before: some 4 times its
// size).
func TestWriteEncounterStreamsImages(t *testing.T) {
	portrait := pngURL(t, 2, 2) + strings.Repeat("A", 40<<20)
	e := &Encounter{Name: "Horde", Ruleset: SF2E, Grid: NewGrid(10, 10), Background: pngURL(t, 2, 2) + strings.Repeat("B", 30<<20)}
	for i := range 2 {
		e.Tokens = append(e.Tokens, Token{ID: NewID(), Name: string(rune('A' + i)), X: i, Size: Medium, Side: Neutral, Image: portrait})
	}
	want, err := canonicalSize(e)
	if err != nil {
		t.Fatal(err)
	}
	var n counter
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	err = WriteEncounter(&n, e)
	runtime.ReadMemStats(&after)
	if err != nil || int64(n) != want {
		t.Fatalf("wrote %d bytes, %v; want %d", n, err, want)
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > 1<<20 {
		t.Errorf("allocated %d bytes to write %d", got, n)
	}
}
