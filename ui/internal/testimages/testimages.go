// Package testimages makes the battle-map pictures the UI packages' tests
// import and align, and the images whose headers promise more than they
// hold (what decoding would cost).
package testimages

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/png"
)

// GridPNG is a w x h PNG with dark 1-px grid lines every px pixels from
// (off, off) on a light floor.
func GridPNG(w, h, px, off int) []byte {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			c := color.RGBA{0xe0, 0xd8, 0xc0, 0xff}
			if (x-off+px)%px == 0 || (y-off+px)%px == 0 {
				c = color.RGBA{0x30, 0x30, 0x30, 0xff}
			}
			img.SetRGBA(x, y, c)
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		panic(err) // an RGBA image always encodes into memory
	}
	return b.Bytes()
}

// PNGHead is the start of a w x h RGBA PNG of the given bit depth (8 or
// 16): its header and an IDAT chunk of a few zero rows, enough for
// image/png to allocate the whole image (4 or 8 bytes a pixel) before it
// finds the data cut short.
func PNGHead(w, h int, depth byte) []byte {
	chunk := func(b []byte, kind string, data []byte) []byte {
		b = binary.BigEndian.AppendUint32(b, uint32(len(data)))
		start := len(b)
		b = append(append(b, kind...), data...)
		return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(b[start:]))
	}
	ihdr := binary.BigEndian.AppendUint32(nil, uint32(w))
	ihdr = binary.BigEndian.AppendUint32(ihdr, uint32(h))
	ihdr = append(ihdr, depth, 6, 0, 0, 0)
	var z bytes.Buffer
	zw := zlib.NewWriter(&z)
	zw.Write(make([]byte, 4*(1+8*w)))
	zw.Flush()
	b := chunk([]byte("\x89PNG\r\n\x1a\n"), "IHDR", ihdr)
	return chunk(b, "IDAT", z.Bytes())
}

// MapPNG is a w x h opaque RGB PNG that compresses about as a painted
// battle map does, near one byte a pixel (a 8192 x 7424 one is some 52
// MB): tiles of 256 pixels in shades of brown under one bit of noise a
// channel. It is written at png.BestSpeed, as map makers do for large maps.
func MapPNG(w, h int) []byte {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	s := uint64(0x9e3779b97f4a7c15) // xorshift64: the same picture every run
	for y := 0; y < h; y++ {
		row := img.Pix[y*img.Stride:]
		for x := 0; x < w; x++ {
			s ^= s << 13
			s ^= s >> 7
			s ^= s << 17
			tile := byte((x/256 + y/256) * 23)
			p := row[4*x : 4*x+4 : 4*x+4]
			p[0] = 0x60 + tile&0x3f + byte(s)&1
			p[1] = 0x50 + tile&0x1f + byte(s>>8)&1
			p[2] = 0x40 + byte(s>>16)&1
			p[3] = 0xff
		}
	}
	var b bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&b, img); err != nil {
		panic(err) // an RGBA image always encodes into memory
	}
	return b.Bytes()
}
