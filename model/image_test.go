package model

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"image"
	"image/png"
	"strings"
	"testing"
)

// onePNG is a 1x1 PNG file.
var onePNG = func() []byte {
	var buf bytes.Buffer
	png.Encode(&buf, image.NewNRGBA(image.Rect(0, 0, 1, 1)))
	return buf.Bytes()
}()

// pngHead is a PNG data URL that holds only the header of a w x h image of
// the given bit depth, colour type (6: RGBA) and interlace method.
func pngHead(w, h int, depth, colour, interlace byte) string {
	b := append([]byte(nil), onePNG[:33]...)
	binary.BigEndian.PutUint32(b[16:], uint32(w))
	binary.BigEndian.PutUint32(b[20:], uint32(h))
	b[24], b[25], b[28] = depth, colour, interlace
	binary.BigEndian.PutUint32(b[29:], crc32.ChecksumIEEE(b[12:29]))
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(b)
}

// jpegHead is a JPEG data URL that holds only the markers up to the frame
// header of a w x h three-component image: baseline (SOF0) or progressive
// (SOF2), its first component sampled h0 x v0 (2, 2 is 4:2:0; 1, 1 4:4:4).
func jpegHead(w, h int, progressive bool, h0, v0 byte) string {
	b := []byte{0xff, 0xd8, 0xff, 0xe0, 0, 16, 'J', 'F', 'I', 'F', 0, 1, 1, 0, 0, 1, 0, 1, 0, 0}
	sof := byte(0xc0)
	if progressive {
		sof = 0xc2
	}
	b = append(b, 0xff, sof, 0, 17, 8, byte(h>>8), byte(h), byte(w>>8), byte(w), 3, 1, h0<<4|v0, 0, 2, 0x11, 1, 3, 0x11, 1)
	return "data:image/jpeg;base64," + base64.StdEncoding.EncodeToString(b)
}

// webpAlphaHead is a WebP data URL that holds the VP8X header of a w x h
// image with transparency and the start of its alpha chunk, compressed
// (lossless) or raw.
func webpAlphaHead(w, h int, compressed bool) string {
	b := make([]byte, 39)
	copy(b, "RIFF")
	binary.LittleEndian.PutUint32(b[4:], 100)
	copy(b[8:], "WEBPVP8X")
	b[16] = 10
	b[20] = 0x10
	b[24], b[25], b[26] = byte(w-1), byte((w-1)>>8), byte((w-1)>>16)
	b[27], b[28], b[29] = byte(h-1), byte((h-1)>>8), byte((h-1)>>16)
	copy(b[30:], "ALPH")
	b[34] = 50
	if compressed {
		b[38] = 1
	}
	return "data:image/webp;base64," + base64.StdEncoding.EncodeToString(b)
}

// TestImageHeaderDecodeBytes: the decode cost read from each kind of
// header (ui/render's TestDecodeBytesBoundsTheDecode checks it against
// what the decoders really allocate).
func TestImageHeaderDecodeBytes(t *testing.T) {
	const px = 1000 * 1000
	for _, c := range []struct {
		url  string
		kind string
		want int64
	}{
		{pngHead(1000, 1000, 8, 6, 0), "a PNG", 4 * px},             // NRGBA, in place
		{pngHead(1000, 1000, 8, 2, 0), "a PNG", 4 * px},             // RGBA, in place
		{pngHead(1000, 1000, 8, 0, 0), "a PNG", 5 * px},             // Gray and a copy
		{pngHead(1000, 1000, 16, 6, 0), "a 16-bit PNG", 12 * px},    // NRGBA64 and a copy
		{pngHead(1000, 1000, 8, 6, 1), "an interlaced PNG", 8 * px}, // and the passes
		{pngHead(1000, 1000, 16, 6, 1), "an interlaced 16-bit PNG", 20 * px},
		{jpegHead(1000, 1000, false, 2, 2), "a JPEG", 1008*1008*3/2 + 4*px}, // 4:2:0 planes of whole 16x16 blocks
		{jpegHead(1000, 1000, false, 1, 1), "a JPEG", 1000*1000*3 + 4*px},
		{jpegHead(1000, 1000, true, 2, 2), "a progressive JPEG", 5*1008*1008*3/2 + 4*px},
		{webpURL("VP8 ", 1000, 1000), "a lossy WebP", 1008*1008*3/2 + 4*px},
		{webpURL("VP8L", 1000, 1000), "a lossless WebP", 8 * px},
		{webpAlphaHead(1000, 1000, false), "a WebP with transparency", 1008*1008*3/2 + 5*px},
		{webpAlphaHead(1000, 1000, true), "a WebP with compressed transparency", 1008*1008*3/2 + 13*px},
	} {
		h, err := ReadImageHeader(c.url)
		if err != nil || h.Width != 1000 || h.Height != 1000 || h.Kind != c.kind || h.DecodeBytes != c.want {
			t.Errorf("%.50s: %+v %v, want %s of %d bytes", c.url, h, err, c.kind, c.want)
		}
	}
}

// TestBackgroundChecked: map.background is read as strictly as a token's
// image (its header, never its pixels), and held to the background limits
// (64 million pixels, 512 MiB to decode), each refused naming the field;
// an image within them is accepted.
func TestBackgroundChecked(t *testing.T) {
	file := func(bg string) string { return specHead + `"map":{"rows":["."],"background":"` + bg + `"}}` }
	for _, c := range []struct{ name, bg, want string }{
		{"NotAnImage", "data:image/png;base64,aGVsbG8gd29ybGQ=", "map.background: is not a readable PNG image"},
		{"NotBase64", "data:image/png;base64,!!!!", "map.background: is not a readable PNG image: illegal base64 data"},
		{"WrongKind", "data:image/webp;base64," + strings.TrimPrefix(tinyPNG, "data:image/png;base64,"), "map.background: is not a readable WebP image"},
		{"Empty", "data:image/jpeg;base64,", "map.background: is not a readable JPEG image"},
		{"TooManyPixels", pngHead(9000, 9000, 8, 6, 0), "map.background: is 9000x9000 pixels; at least 1 and at most 64 million pixels (8192 x 8192) are allowed"},
		{"PNG16Bomb", pngHead(8192, 8192, 16, 6, 0), "map.background: is a 16-bit PNG of 8192x8192 pixels, which takes 768 MiB to decode; at most 512 MiB are allowed: save it with 8 bits a channel, or make it smaller"},
		{"Interlaced16", pngHead(6000, 6000, 16, 6, 1), "map.background: is an interlaced 16-bit PNG of 6000x6000 pixels, which takes 687 MiB to decode"},
		{"Progressive", jpegHead(8192, 8192, true, 2, 2), "save it as a baseline (not progressive) JPEG"},
		{"WebPAlpha", webpAlphaHead(8192, 8192, true), "map.background: is a WebP with compressed transparency of 8192x8192 pixels, which takes 928 MiB to decode; at most 512 MiB are allowed: save it without transparency"},
	} {
		t.Run(c.name, func(t *testing.T) { mustRefuse(t, file(c.bg), c.want) })
	}
	for _, bg := range []string{
		tinyPNG, tinyWebP, jpegURL(t, 3, 2),
		pngHead(8192, 8192, 8, 6, 0),      // 256 MiB
		pngHead(8192, 8192, 8, 6, 1),      // interlaced: 512 MiB
		pngHead(5792, 5792, 16, 6, 0),     // 16 bits, 32 million pixels: 384 MiB
		jpegHead(8192, 8192, false, 1, 1), // 448 MiB
		jpegHead(5000, 5000, true, 1, 1),  // progressive 4:4:4, 25 million pixels: 453 MiB
		webpAlphaHead(8192, 8192, false),  // raw transparency: 416 MiB
		webpURL("VP8L", 8192, 8192),       // 512 MiB
	} {
		if e := mustDecode(t, file(bg)); e.Background != bg {
			t.Errorf("%.60s: read as %.60s", bg, e.Background)
		}
	}
}

// TestPortraitPixelBudget: the tokens' distinct images hold at most
// MaxPortraitPixels together (64 of 2048 x 2048), each counted once
// however many tokens share it; the token whose image passes the limit is
// named.
func TestPortraitPixelBudget(t *testing.T) {
	big := func(i int) string { return pngHead(2048, 2048-i, 8, 6, 0) } // distinct, 2048 x 2048 for i = 0
	e := &Encounter{Name: "Portraits", Ruleset: SF2E, FeetPerSquare: 5, Grid: NewGrid(100, 100)}
	for i := range MaxTokens {
		e.Tokens = append(e.Tokens, Token{Name: fmt.Sprint("t", i), X: i % 100, Y: i / 100 % 100, Size: Medium, Image: big(0)})
	}
	if err := Validate(e); err != nil {
		t.Fatalf("5000 tokens sharing one 2048 x 2048 image: %v", err)
	}
	for i := range 64 {
		e.Tokens[i].Image = big(i)
	}
	if err := Validate(e); err != nil {
		t.Fatalf("64 distinct images of about 2048 x 2048: %v", err)
	}
	e.Tokens[4000].Image = big(0) + "" // a copy is the same image
	e.Tokens[4001].Image = pngHead(2048, 2048, 8, 2, 0)
	checkFieldError(t, Validate(e), 4001, "t4001", "image", `tokens[4001] "t4001".image: with this one the tokens' images come to 268.5 million pixels (each distinct image counted once); at most 268.4 million are allowed (64 images of 2048x2048, 1024 of 512x512): use smaller images, or one image for tokens that look alike`)
}

func BenchmarkValidateSharedImage(b *testing.B) {
	e := &Encounter{Name: "Portraits", Ruleset: SF2E, FeetPerSquare: 5, Grid: NewGrid(100, 100)}
	img := pngHead(2048, 2048, 8, 6, 0)
	for i := range MaxTokens {
		e.Tokens = append(e.Tokens, Token{Name: fmt.Sprint("t", i), X: i % 100, Y: i / 100 % 100, Size: Medium, Image: img})
	}
	b.ReportAllocs()
	for b.Loop() {
		Validate(e)
	}
}

// TestDropUnusableImages: what Validate refuses of the images is left out,
// each named, and the rest then passes Validate: a background over the
// limits goes with its placement; token images past MaxPortraitPixels go
// (the tokens sharing one that fits keep it), the ones before stay.
func TestDropUnusableImages(t *testing.T) {
	e := &Encounter{Name: "Old", Ruleset: SF2E, FeetPerSquare: 5, Grid: NewGrid(10, 10),
		Background: pngHead(9000, 9000, 8, 6, 0), Placement: &BackgroundPlacement{PxPerSquare: 70}}
	for i := range 70 {
		e.Tokens = append(e.Tokens, Token{Name: fmt.Sprint("t", i), X: i % 10, Y: i / 10, Size: Medium, Image: pngHead(2048, 2048-i%66, 8, 6, 0)})
	}
	e.Tokens[3].Image = "data:image/png;base64,!!!!"
	dropped := DropUnusableImages(e)
	if err := Validate(e); err != nil {
		t.Fatalf("after dropping: %v", err)
	}
	// 65 distinct images of 2048 x (2048 - i) fit; t69's, another, does not.
	if len(dropped) != 3 || !strings.HasPrefix(dropped[0], "map.background: is 9000x9000 pixels") ||
		!strings.HasPrefix(dropped[1], `tokens[3] "t3".image: is not a readable PNG image`) ||
		!strings.HasPrefix(dropped[2], `tokens[69] "t69".image: with this one the tokens' images come to 272.4 million pixels`) ||
		!strings.HasSuffix(dropped[2], "; the image is left out") {
		t.Errorf("dropped:\n%s", strings.Join(dropped, "\n"))
	}
	if e.Background != "" || e.Placement != nil || e.Tokens[3].Image != "" || e.Tokens[65].Image == "" || e.Tokens[69].Image != "" || e.Tokens[66].Image != e.Tokens[0].Image {
		t.Errorf("background %.30q, placement %v, images 3 %.30q 65 %.30q 66 %.30q 69 %.30q", e.Background, e.Placement, e.Tokens[3].Image, e.Tokens[65].Image, e.Tokens[66].Image, e.Tokens[69].Image)
	}
	if DropUnusableImages(e) != nil {
		t.Error("a second pass drops more")
	}
}

// TestDropUnusableImagesTooLargeAFile: the app's map image import once
// took images up to 256 MiB; one over MaxBackgroundBytes, stored then,
// would make every edit fail (its file would be over MaxFileBytes), so the
// store's load leaves it out and says so, and the encounter saves again.
func TestDropUnusableImagesTooLargeAFile(t *testing.T) {
	head := pngHead(4000, 4000, 8, 6, 0)
	big := head + strings.Repeat("A", base64.StdEncoding.EncodedLen(MaxBackgroundBytes)+4-(len(head)-len("data:image/png;base64,")))
	e := &Encounter{Name: "Old", Ruleset: SF2E, FeetPerSquare: 5, Grid: NewGrid(10, 10), Background: big}
	if err := Validate(e); err == nil {
		t.Fatal("Validate takes a background over MaxBackgroundBytes")
	}
	dropped := DropUnusableImages(e)
	if len(dropped) != 1 || !strings.HasPrefix(dropped[0], "map.background: the image is 64.0 MiB") || e.Background != "" {
		t.Fatalf("dropped %q, background kept %v", dropped, e.Background != "")
	}
	if err := Validate(e); err != nil {
		t.Errorf("after dropping: %v", err)
	}
}

// TestImageFileHeaderNamesWhatTheFileIs: a file that is no PNG, JPEG or
// WebP image is refused naming what it is, where its first bytes tell; a
// text file named map.png read only "is not a PNG, JPEG or WebP image".
func TestImageFileHeaderNamesWhatTheFileIs(t *testing.T) {
	for _, c := range []struct{ data, want string }{
		{"", "is an empty file, not a PNG, JPEG or WebP image"},
		{"# The ogre's den\nA room.", "is text, not a PNG, JPEG or WebP image"},
		{"aéééééééé", "is text, not a PNG, JPEG or WebP image"}, // the head's end cuts the eighth "é" in two
		{"GIF89a\x01\x00\x01\x00", "is a GIF image, not a PNG, JPEG or WebP image"},
		{"%PDF-1.7\n%\xe2\xe3\xcf\xd3", "is a PDF document, not a PNG, JPEG or WebP image"},
		{"SQLite format 3\x00\x10\x00", "is an SQLite database, not a PNG, JPEG or WebP image"},
		{"\x00\x01\x02\x03binary", "is another kind of file, not a PNG, JPEG or WebP image"},
	} {
		_, err := ReadImageFileHeader(strings.NewReader(c.data))
		if err == nil || err.Error() != c.want {
			t.Errorf("%q: %v, want %q", c.data, err, c.want)
		}
	}
}
