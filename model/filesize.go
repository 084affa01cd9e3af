package model

// filesize.go bounds an encounter by the file the writer makes of it, so
// that what the reader accepts (and what the app or an import stores) is
// always written as a file the reader accepts: read(write(e)) equals e for
// every valid e (encounter-format.md).

import (
	"encoding/base64"
	"fmt"
	"slices"
	"unicode/utf8"
)

// MaxBackgroundBytes is the largest map image (map.background), in bytes
// of the image file: a 64 MiB PNG, JPEG or WebP. The Universal VTT import
// takes the same limit for its image, so every map it reads fits a file.
const MaxBackgroundBytes = 64 << 20

// MaxBackgroundText is the longest map.background: the largest image as a
// base64 data URL (4/3 of its bytes, 85.3 MiB) with the longest prefix.
const MaxBackgroundText = len("data:image/jpeg;base64,") + (MaxBackgroundBytes+2)/3*4

// MaxFileBytes bounds an encounter file, read or written. It is derived
// from what an encounter may hold: a largest map image (MaxBackgroundText,
// 85.3 MiB) leaves 42.7 MiB for the rest, which a 1000 x 1000 map with
// 5,000 tokens, fog and GM-only squares (about 7 MiB) fits with room for
// token portraits. Validate refuses an encounter whose canonical file would
// be larger, so every valid encounter is written as a file the reader
// reads; ReadEncounter refuses a larger file before reading it.
const MaxFileBytes = 128 << 20

// Conditions a token may have (encounter-format.md, "Settled by the app").
const (
	MaxConditions     = 100 // a token's conditions
	MaxConditionChars = 200 // a condition's characters, as a name's
)

// checkBackgroundSize refuses a map image over MaxBackgroundBytes, from
// the length of its base64 text alone.
func checkBackgroundSize(bg string) error {
	if err := backgroundSize(bg); err != nil {
		return fieldErr("map.background", "%v", err)
	}
	return nil
}

// backgroundSize is checkBackgroundSize's problem without the field.
func backgroundSize(bg string) error {
	_, payload, _ := imagePrefix(bg)
	if len(payload) <= base64.StdEncoding.EncodedLen(MaxBackgroundBytes) {
		return nil
	}
	n := len(payload) / 4 * 3
	for i := len(payload) - 1; i >= len(payload)-2 && payload[i] == '='; i-- {
		n--
	}
	return fmt.Errorf("the image is %s (%d bytes); at most %d MiB (%d bytes) are allowed: save the map as JPEG or WebP, or at fewer pixels",
		sizeWords(int64(n)), n, MaxBackgroundBytes>>20, MaxBackgroundBytes)
}

// checkConditions refuses more than MaxConditions conditions, a condition
// over MaxConditionChars characters, a blank one, one with a character
// that garbles text (nameProblem) and one given twice:
// conditions are a set of labels (the app adds each once), and a list that
// grows without bound would make a file the reader refuses.
func checkConditions(conds []string, bad func(field, format string, args ...any) error) error {
	if len(conds) > MaxConditions {
		return bad("conditions", "%d conditions; at most %d are allowed", len(conds), MaxConditions)
	}
	for j, c := range conds {
		field := fmt.Sprintf("conditions[%d]", j)
		if c == "" {
			return bad(field, "is blank")
		}
		if msg := nameProblem(c); msg != "" {
			return bad(field, "%s", msg)
		}
		if len(c) > MaxConditionChars && utf8.RuneCountInString(c) > MaxConditionChars {
			return bad(field, "must be at most %d characters", MaxConditionChars)
		}
		if k := slices.Index(conds[:j], c); k >= 0 {
			return bad(field, "%q is there twice (conditions[%d]); a token has each condition once", c, k)
		}
	}
	return nil
}

// Upper bounds, in bytes, of the parts of the canonical file besides their
// strings: keys, punctuation, indentation and every number at its widest.
// TestSizeBoundCoversTheWriter writes each part at its widest against them.
const (
	fileBytes      = 1024 // format, ruleset, the keys and brackets of map and of every list
	rowBytes       = 10   // a row's (or a mask row's) indentation, quotes, comma and line break
	legendBytes    = 360  // a legend entry with all 11 traits
	edgeBytes      = 170
	placementBytes = 200
	tokenBytes     = 1024 // a token with every field but its strings, and its id
	conditionBytes = 10
	noteBytes      = 128
	partyBytes     = 128
	fightBytes     = 128
	orderBytes     = 10
	stateBytes     = 200
	areaBytes      = 512
)

// sizeBound is an upper bound of len(EncodeEncounter(e)) for a valid e,
// from lengths and counts alone: a string is at most 6 bytes a byte
// (\u0001), a row 3 bytes a square (the writer's legend keys). Images are
// base64 text, which JSON writes as it is (the reader and every import
// make sure of it). O(tokens + conditions + notes + areas), no string read.
func sizeBound(e *Encounter) int64 {
	str := func(s string) int64 { return 6*int64(len(s)) + 2 }
	text := func(s string) int64 { return int64(len(s)) + 2 }
	g := &e.Grid
	w, h := int64(g.W), int64(g.H)
	n := fileBytes + str(e.Name)
	n += h * (3*w + rowBytes)
	n += min(int64(len(legendKeys)), w*h) * legendBytes
	n += text(e.Background) + int64(len(e.Edges))*edgeBytes + placementBytes
	for _, m := range [][]bool{e.GMOnly, e.Revealed, e.RevealedKept} {
		if m != nil {
			n += h * (w + rowBytes)
		}
	}
	for i := range e.Tokens {
		t := &e.Tokens[i]
		n += tokenBytes + str(t.Name) + str(t.Side) + str(t.Notes) + text(t.Image) + str(t.Color)
		for _, c := range t.Conditions {
			n += conditionBytes + str(c)
		}
	}
	for _, nt := range e.Notes {
		n += noteBytes + str(nt.Text)
	}
	if p := e.Party; p != nil {
		n += partyBytes + str(p.Side)
	}
	if f := e.Fight; f != nil {
		n += fightBytes + str(f.Turn)
		for _, name := range f.Order {
			n += orderBytes + str(name) + stateBytes + str(name)
		}
	}
	for _, a := range e.Areas {
		n += areaBytes + str(a.Token) + str(a.Label)
	}
	return n
}

// canonicalSize is len(EncodeEncounter(e)) for a valid e, writing all but
// its images, whose base64 text counts as its length.
func canonicalSize(e *Encounter) (int64, error) {
	c, images := withoutImages(e)
	data, err := encode(c)
	size := int64(len(data))
	for _, im := range images {
		size += int64(len(im)) - 1 // for "x"
	}
	return size, err
}

// checkFileSize refuses an encounter whose canonical file would be larger
// than limit bytes, naming its largest parts. Only an encounter whose
// sizeBound is over the limit is measured by writing it.
func checkFileSize(e *Encounter, limit int64) error {
	if sizeBound(e) <= limit {
		return nil
	}
	n, err := canonicalSize(e)
	if err != nil || n <= limit {
		return err
	}
	bg := int64(len(e.Background))
	var portraits int64
	for i := range e.Tokens {
		portraits += int64(len(e.Tokens[i].Image))
	}
	return fieldErr("", "the encounter file would be %s, over the %s an encounter file may hold (map image %s, token pictures %s, everything else %s): use a smaller map image, fewer token pictures or less text",
		sizeWords(n), sizeWords(limit), sizeWords(bg), sizeWords(portraits), sizeWords(n-bg-portraits))
}

// sizeWords writes a size in MiB, or bytes when under one.
func sizeWords(n int64) string {
	if n < 1<<20 {
		return fmt.Sprintf("%d bytes", n)
	}
	return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
}
