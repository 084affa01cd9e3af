package session

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"

	"golang.org/x/image/draw"

	"encounterplanner/model"
)

// TokenArtSide is the largest side a token's portrait is stored at: the
// map draws a token a few hundred pixels wide at most, so a bigger
// picture would only make the file and the database heavy.
const TokenArtSide = 512

// maxArtPixels bounds the pictures TokenArt decodes (a 64-megapixel photo
// is 256 MB decoded); bigger ones, and ones that take more than
// model.MaxBackgroundDecode to decode, are refused from their header alone.
const maxArtPixels = 64 << 20

// TokenArt turns a PNG or JPEG file's bytes into a token's Image: kept as
// it is (the file's own bytes) when it is at most TokenArtSide pixels a
// side, else scaled down to TokenArtSide on its longer side and stored as
// PNG. The result is checked with model.ImageSize (at most
// model.MaxImageSide a side). Errors say what is wrong with the file.
func TokenArt(data []byte) (string, error) {
	var prefix string
	var cfg func([]byte) (image.Config, error)
	var dec func([]byte) (image.Image, error)
	switch {
	case bytes.HasPrefix(data, []byte("\x89PNG\r\n\x1a\n")):
		prefix = "data:image/png;base64,"
		cfg = func(b []byte) (image.Config, error) { return png.DecodeConfig(bytes.NewReader(b)) }
		dec = func(b []byte) (image.Image, error) { return png.Decode(bytes.NewReader(b)) }
	case bytes.HasPrefix(data, []byte("\xff\xd8\xff")):
		prefix = "data:image/jpeg;base64,"
		cfg = func(b []byte) (image.Config, error) { return jpeg.DecodeConfig(bytes.NewReader(b)) }
		dec = func(b []byte) (image.Image, error) { return jpeg.Decode(bytes.NewReader(b)) }
	default:
		return "", fmt.Errorf("token image: the file is not a PNG or JPEG image")
	}
	c, err := cfg(data)
	if err != nil {
		return "", fmt.Errorf("token image: cannot read the image: %v", err)
	}
	if c.Width < 1 || c.Height < 1 || c.Width*c.Height > maxArtPixels {
		return "", fmt.Errorf("token image: %dx%d pixels is too big (at most %d megapixels)", c.Width, c.Height, maxArtPixels>>20)
	}
	if h, err := model.ReadImageFileHeader(bytes.NewReader(data)); err == nil {
		if err := h.CheckBackground(); err != nil { // the memory decoding it takes
			return "", fmt.Errorf("token image: %v", err)
		}
	}
	// decoded whatever its size: a picture whose header reads but whose
	// body is cut short or damaged was kept, and the map then drew the
	// token's initials with no word why
	img, err := dec(data)
	if err != nil {
		return "", fmt.Errorf("token image: the file is damaged or cut short (%v): choose another picture", err)
	}
	url := prefix + base64.StdEncoding.EncodeToString(data)
	if max(c.Width, c.Height) > TokenArtSide {
		url, err = scaledPNG(img, TokenArtSide)
		if err != nil {
			return "", err
		}
	}
	w, h, err := model.ImageSize(url)
	if err != nil {
		return "", fmt.Errorf("token image %s", err)
	}
	if w > model.MaxImageSide || h > model.MaxImageSide {
		return "", fmt.Errorf("token image: %dx%d pixels, at most %d a side", w, h, model.MaxImageSide)
	}
	return url, nil
}

// scaledPNG draws img with its longer side side pixels and returns it as
// a PNG data URL.
func scaledPNG(img image.Image, side int) (string, error) {
	b := img.Bounds()
	w, h := side, side
	if b.Dx() > b.Dy() {
		h = max(1, b.Dy()*side/b.Dx())
	} else {
		w = max(1, b.Dx()*side/b.Dy())
	}
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.CatmullRom.Scale(dst, dst.Bounds(), img, b, draw.Src, nil)
	var buf bytes.Buffer
	if err := png.Encode(&buf, dst); err != nil {
		return "", fmt.Errorf("token image: %v", err)
	}
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(buf.Bytes()), nil
}
