package export

import (
	"encoding/base64"
	"fmt"
	"image"
	"io"
	"strings"

	"encounterplanner/model"
)

// CheckImageBodies reads every image of e to its end, as drawing it will:
// the map's background and each token's picture. The reader of encounter
// files looks at an image's header only (its format and size), so a file
// whose image was cut short or damaged after its header imported, and the
// map then drew no background, found only when drawn. A PNG is walked
// without its pixels (checkPNG); a JPEG or WebP is decoded (a token's
// picture is at most 2048 px a side; a background's cost is bounded by its
// header, model.CheckBackground). The error names the field, as the
// reader's do, and wraps model.ErrInvalid.
func CheckImageBodies(e *model.Encounter) error {
	if e.Background != "" {
		if msg := imageBodyProblem(e.Background); msg != "" {
			return invalidErr{&model.FieldError{Token: -1, Field: "map.background", Msg: msg}}
		}
	}
	for i, t := range e.Tokens {
		if t.Image == "" {
			continue
		}
		if msg := imageBodyProblem(t.Image); msg != "" {
			return invalidErr{&model.FieldError{Token: i, Name: t.Name, Field: "image", Msg: msg}}
		}
	}
	return nil
}

// imageBodyProblem says what keeps the data URL's image from decoding, ""
// when nothing does.
func imageBodyProblem(url string) string {
	comma := strings.IndexByte(url, ',')
	if comma < 0 {
		return "is not a data URL"
	}
	head := url[:comma]
	format := strings.TrimSuffix(strings.TrimPrefix(head, "data:image/"), ";base64")
	open := func() io.Reader {
		return base64.NewDecoder(base64.StdEncoding, strings.NewReader(url[comma+1:]))
	}
	name, decode := decoderOf(format)
	if format == "png" {
		decode = func(r io.Reader) (image.Image, error) { return nil, checkPNG(r) }
	}
	if _, err := decode(open()); err != nil {
		return fmt.Sprintf("the %s is damaged or cut short (%v): export it again from the program that made it", name, err)
	}
	return ""
}
