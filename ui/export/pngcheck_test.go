package export

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"image/png"
	"testing"
)

// pngChunk appends a chunk of the given type and data, with its checksum.
func pngChunk(b []byte, kind string, data []byte) []byte {
	b = binary.BigEndian.AppendUint32(b, uint32(len(data)))
	start := len(b)
	b = append(append(b, kind...), data...)
	return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(b[start:]))
}

// rawPNG is a w x h PNG of the given depth and colour type, every row
// filtered by filter, its pixel data (zero bytes, extra more or -extra
// fewer) in idats IDAT chunks, with the chunks of before between IHDR and
// IDAT.
func rawPNG(w, h int, depth, colour byte, interlaced bool, filter byte, extra, idats int, before ...[2]string) []byte {
	ihdr := binary.BigEndian.AppendUint32(nil, uint32(w))
	ihdr = binary.BigEndian.AppendUint32(ihdr, uint32(h))
	il := byte(0)
	if interlaced {
		il = 1
	}
	ihdr = append(ihdr, depth, colour, 0, 0, il)
	bits := int(depth) * map[byte]int{0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[colour]
	passes := [][4]int{{1, 1, 0, 0}}
	if interlaced {
		passes = adam7[:]
	}
	var raw []byte
	for _, p := range passes {
		pw, ph := (w-p[2]+p[0]-1)/p[0], (h-p[3]+p[1]-1)/p[1]
		if pw == 0 || ph == 0 {
			continue
		}
		for y := 0; y < ph; y++ {
			raw = append(raw, filter)
			raw = append(raw, make([]byte, (bits*pw+7)/8)...)
		}
	}
	if extra < 0 {
		raw = raw[:len(raw)+extra]
	}
	raw = append(raw, make([]byte, max(extra, 0))...)
	var z bytes.Buffer
	zw := zlib.NewWriter(&z)
	zw.Write(raw)
	zw.Close()
	b := pngChunk([]byte("\x89PNG\r\n\x1a\n"), "IHDR", ihdr)
	for _, c := range before {
		b = pngChunk(b, c[0], []byte(c[1]))
	}
	data := z.Bytes()
	for i := 0; i < idats; i++ {
		b = pngChunk(b, "IDAT", data[i*len(data)/idats:(i+1)*len(data)/idats])
	}
	return pngChunk(b, "IEND", nil)
}

// pngSeeds are PNG files of every kind image/png reads, and some it
// refuses: the cases of TestCheckPNGIsDecode, and the seeds of FuzzCheckPNG.
func pngSeeds() map[string][]byte {
	enc := func(img image.Image) []byte {
		var b bytes.Buffer
		if err := png.Encode(&b, img); err != nil {
			panic(err)
		}
		return b.Bytes()
	}
	r := image.Rect(0, 0, 5, 3)
	pal := image.NewPaletted(r, color.Palette{color.Black, color.NRGBA{255, 0, 0, 128}, color.White})
	pal.Pix[4] = 2
	pal4 := image.NewPaletted(r, color.Palette{color.Black, color.White})
	nrgba := image.NewNRGBA(r)
	nrgba.Pix[3] = 7
	plte := [2]string{"PLTE", "\x00\x00\x00\xff\xff\xff"}
	seeds := map[string][]byte{
		"RGBA":              enc(nrgba),
		"RGB":               enc(image.NewRGBA(r)),
		"Gray":              enc(image.NewGray(r)),
		"Gray16":            enc(image.NewGray16(r)),
		"RGBA64":            enc(image.NewNRGBA64(r)),
		"Paletted":          enc(pal),
		"Paletted1Bit":      enc(pal4),
		"Gray2Interlaced":   rawPNG(9, 10, 2, 0, true, 0, 0, 1),
		"RGB16Interlaced":   rawPNG(3, 1, 16, 2, true, 4, 0, 1),
		"GrayAlpha":         rawPNG(4, 4, 8, 4, false, 1, 0, 1),
		"GrayAlpha16":       rawPNG(4, 4, 16, 4, false, 3, 0, 1),
		"GrayTRNS":          rawPNG(4, 4, 4, 0, false, 0, 0, 1, [2]string{"tRNS", "\x00\x01"}),
		"RGBTRNS":           rawPNG(4, 4, 8, 2, false, 0, 0, 1, [2]string{"PLTE", "abc"}, [2]string{"tRNS", "\x00\x01\x00\x01\x00\x01"}),
		"PaletteTRNS":       rawPNG(4, 4, 2, 3, false, 0, 0, 1, plte, [2]string{"tRNS", "\x80\x80\x80"}),
		"ManyIDATs":         rawPNG(6, 5, 8, 6, false, 2, 0, 7),
		"TextChunks":        rawPNG(4, 4, 8, 2, false, 0, 0, 1, [2]string{"tEXt", "Title\x00map"}, [2]string{"zTXt", ""}),
		"BadFilter":         rawPNG(4, 4, 8, 2, false, 5, 0, 1),
		"TooMuchData":       rawPNG(4, 4, 8, 2, false, 0, 3, 1),
		"TooLittleData":     rawPNG(4, 4, 8, 2, false, 0, -3, 1),
		"NoPLTE":            rawPNG(4, 4, 8, 3, false, 0, 0, 1),
		"TRNSBeforePLTE":    rawPNG(4, 4, 8, 3, false, 0, 0, 1, [2]string{"tRNS", "\x80"}, plte),
		"TwoPLTE":           rawPNG(4, 4, 8, 3, false, 0, 0, 1, plte, plte),
		"PLTEForGray":       rawPNG(4, 4, 8, 0, false, 0, 0, 1, plte),
		"PLTETooLong":       rawPNG(4, 4, 1, 3, false, 0, 0, 1, [2]string{"PLTE", "abcdefghi"}),
		"TRNSForGrayAlpha":  rawPNG(4, 4, 8, 4, false, 0, 0, 1, [2]string{"tRNS", "\x00\x01"}),
		"TRNSWrongLength":   rawPNG(4, 4, 8, 2, false, 0, 0, 1, [2]string{"tRNS", "\x00\x01"}),
		"BitDepth3":         rawPNG(4, 4, 3, 0, false, 0, 0, 1),
		"Palette16Bit":      rawPNG(4, 4, 16, 3, false, 0, 0, 1, plte),
		"ColourType5":       rawPNG(4, 4, 8, 5, false, 0, 0, 1),
		"ZeroWidth":         rawPNG(0, 4, 8, 2, false, 0, 0, 1),
		"NoIDAT":            rawPNG(4, 4, 8, 2, false, 0, 0, 0),
		"EmptyIDATs":        rawPNG(4, 4, 8, 2, false, 0, 0, 1, [2]string{"IDAT", ""}),
		"NotPNG":            []byte("GIF89a\x01\x00\x01\x00"),
		"Empty":             nil,
		"SignatureOnly":     []byte("\x89PNG\r\n\x1a\n"),
		"InterlacedOnePass": rawPNG(1, 1, 8, 6, true, 0, 0, 1),
	}
	tail := rawPNG(4, 4, 8, 2, false, 0, 0, 1)
	// A chunk between two IDATs: the pixel data stops short.
	two := rawPNG(6, 5, 8, 6, false, 2, 0, 2)
	at := 8 // the second IDAT: past the signature, IHDR and the first IDAT
	for k := 0; k < 2; k++ {
		at += 12 + int(binary.BigEndian.Uint32(two[at:]))
	}
	seeds["TextBetweenIDATs"] = append(pngChunk(append([]byte(nil), two[:at]...), "tEXt", []byte("a\x00b")), two[at:]...)
	seeds["IDATAfterIEND"] = pngChunk(append([]byte(nil), tail...), "IDAT", []byte("junk"))
	seeds["ChunkAfterIDAT"] = append(append([]byte(nil), tail[:len(tail)-12]...), pngChunk(pngChunk(nil, "IDAT", nil), "IEND", nil)...)
	return seeds
}

// withCRCs is b with the checksum of every whole chunk made right, so that
// a change to a chunk's data reaches the checks behind its checksum.
func withCRCs(b []byte) []byte {
	b = append([]byte(nil), b...)
	for i := 8; i+12 <= len(b); {
		n := int(binary.BigEndian.Uint32(b[i:]))
		if n < 0 || i+12+n > len(b) {
			break
		}
		binary.BigEndian.PutUint32(b[i+8+n:], crc32.ChecksumIEEE(b[i+4:i+8+n]))
		i += 12 + n
	}
	return b
}

// samePNGVerdict compares checkPNG and png.Decode on b, unless b's header
// claims so many pixels that png.Decode would take long allocating them.
func samePNGVerdict(t *testing.T, name string, b []byte) {
	t.Helper()
	if c, err := png.DecodeConfig(bytes.NewReader(b)); err == nil && c.Width*c.Height > 1<<20 {
		return
	}
	_, want := png.Decode(bytes.NewReader(b))
	got := checkPNG(bytes.NewReader(b))
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("%s: checkPNG says %v; png.Decode says %v\n% x", name, got, want, b)
	}
}

// TestCheckPNGIsDecode: checkPNG refuses exactly the files png.Decode
// refuses, with png.Decode's error: on PNG files of every colour type and
// depth, interlaced or not, with palette and transparency chunks, and on
// each of them cut short at every byte and with every byte changed (with
// and without its chunk's checksum put right).
func TestCheckPNGIsDecode(t *testing.T) {
	for name, seed := range pngSeeds() {
		samePNGVerdict(t, name, seed)
		for n := range len(seed) {
			samePNGVerdict(t, fmt.Sprintf("%s cut to %d bytes", name, n), seed[:n])
		}
		for i := range seed {
			for _, d := range []byte{1, 0x80, 0xff} {
				b := append([]byte(nil), seed...)
				b[i] += d
				samePNGVerdict(t, fmt.Sprintf("%s byte %d +%d", name, i, d), b)
				samePNGVerdict(t, fmt.Sprintf("%s byte %d +%d, checksums right", name, i, d), withCRCs(b))
			}
		}
	}
}

// FuzzCheckPNG: checkPNG and png.Decode agree on any file.
func FuzzCheckPNG(f *testing.F) {
	for _, seed := range pngSeeds() {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		samePNGVerdict(t, "fuzz", b)
		samePNGVerdict(t, "fuzz, checksums right", withCRCs(b))
	})
}
