package model

import (
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"image/jpeg"
	"image/png"
	"io"
	"strings"
)

// MaxImageSide is the largest side, in pixels, of a token's image.
const MaxImageSide = 2048

// imageKinds are the data: URL prefixes an image may have, by format name.
var imageKinds = []struct{ name, prefix string }{
	{"png", "data:image/png;base64,"},
	{"jpeg", "data:image/jpeg;base64,"},
	{"webp", "data:image/webp;base64,"},
}

// imagePrefix reports whether s starts as a PNG, JPEG or WebP data: URL,
// and which.
func imagePrefix(s string) (kind, payload string, ok bool) {
	for _, k := range imageKinds {
		if p, found := strings.CutPrefix(s, k.prefix); found {
			return k.name, p, true
		}
	}
	return "", "", false
}

// ImageSize reads the width and height of a data:image/png, jpeg or webp
// base64 URL from the image's header alone: only the first bytes are
// decoded, never the pixels, so a check costs microseconds whatever the
// image's size.
func ImageSize(dataURL string) (w, h int, err error) {
	kind, payload, ok := imagePrefix(dataURL)
	if !ok {
		return 0, 0, fmt.Errorf("must be a data:image/png;base64,..., data:image/jpeg;base64,... or data:image/webp;base64,... image")
	}
	r := base64.NewDecoder(base64.StdEncoding, strings.NewReader(payload))
	switch kind {
	case "png":
		c, err := png.DecodeConfig(r)
		if err != nil {
			return 0, 0, fmt.Errorf("is not a readable PNG image: %v", err)
		}
		return c.Width, c.Height, nil
	case "jpeg":
		c, err := jpeg.DecodeConfig(r)
		if err != nil {
			return 0, 0, fmt.Errorf("is not a readable JPEG image: %v", err)
		}
		return c.Width, c.Height, nil
	}
	w, h, err = webpSize(r)
	if err != nil {
		return 0, 0, fmt.Errorf("is not a readable WebP image: %v", err)
	}
	return w, h, nil
}

// webpSize reads a WebP file's canvas size from its first 30 bytes: the
// RIFF header and the first chunk, VP8 (lossy), VP8L (lossless) or VP8X
// (extended).
func webpSize(r io.Reader) (int, int, error) {
	var b [30]byte
	if _, err := io.ReadFull(r, b[:]); err != nil {
		return 0, 0, fmt.Errorf("the header is cut short")
	}
	if string(b[0:4]) != "RIFF" || string(b[8:12]) != "WEBP" {
		return 0, 0, fmt.Errorf("no RIFF WEBP header")
	}
	le24 := func(p []byte) int { return int(p[0]) | int(p[1])<<8 | int(p[2])<<16 }
	switch string(b[12:16]) {
	case "VP8 ":
		if b[23] != 0x9d || b[24] != 0x01 || b[25] != 0x2a {
			return 0, 0, fmt.Errorf("no VP8 start code")
		}
		return int(binary.LittleEndian.Uint16(b[26:]) & 0x3fff), int(binary.LittleEndian.Uint16(b[28:]) & 0x3fff), nil
	case "VP8L":
		if b[20] != 0x2f {
			return 0, 0, fmt.Errorf("no VP8L signature")
		}
		v := binary.LittleEndian.Uint32(b[21:])
		return int(v&0x3fff) + 1, int(v>>14&0x3fff) + 1, nil
	case "VP8X":
		return le24(b[24:]) + 1, le24(b[27:]) + 1, nil
	}
	return 0, 0, fmt.Errorf("unknown first chunk %q", b[12:16])
}

// checkTokenImage is the problem with a token's image, "" if none.
func checkTokenImage(s string) string {
	w, h, err := ImageSize(s)
	switch {
	case err != nil:
		return err.Error()
	case w < 1 || h < 1:
		return fmt.Sprintf("the image is %dx%d pixels; it needs at least 1 a side", w, h)
	case w > MaxImageSide || h > MaxImageSide:
		return fmt.Sprintf("the image is %dx%d pixels; at most %d a side are allowed", w, h, MaxImageSide)
	}
	return ""
}
