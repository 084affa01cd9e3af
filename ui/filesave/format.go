package filesave

import (
	"io"
	"strings"

	"encounterplanner/model"
	"encounterplanner/ui/export"
)

// Format is a file an encounter is exported as, the same from the editor
// and from the library: what the dialogs call it, its extensions and the
// writer.
type Format struct {
	Title string // what is being done: "export UVTT" ("Could not export UVTT")
	// Exts are the extensions its files end in, the first the one it
	// writes: the file name offered is the encounter's name and Exts[0],
	// and a name typed without an extension gets it (Save)
	Exts  []string
	Write func(w io.Writer, e *model.Encounter) error
}

var (
	// EncounterFile is the encounter/1 file, which any Encounter Planner
	// imports as it was: NAME.encounter.json, or any .json the GM names
	// it. Its extension was .json alone, with the name offered's
	// .encounter.json kept apart, and "o" typed was written as o.json.
	EncounterFile = Format{Title: "export encounter", Exts: []string{".encounter.json", ".json"}, Write: model.WriteEncounter}
	// UVTT is a Universal VTT map (.dd2vtt) for other virtual tabletops.
	UVTT = Format{Title: "export UVTT", Exts: []string{".dd2vtt", ".uvtt"}, Write: writeUVTT}
)

// Export asks where to write the encounter named name as f, then writes
// there the encounter that get returns. get runs with the writing, on
// another goroutine: it may load the encounter from the store (a map
// image can be 69 MB), and must not touch what the UI goroutine changes
// (the editor hands over a copy); its error shows as a write's does.
func (s *Saver) Export(f Format, name string, get func() (*model.Encounter, error)) {
	s.Save(f.Title, FileBase(name)+f.Exts[0], f.Exts, func(w io.Writer) error {
		e, err := get()
		if err != nil {
			return err
		}
		return f.Write(w, e)
	})
}

// FileBase is a file name made from the encounter name: the characters a
// file name cannot hold on some system become "-".
func FileBase(name string) string {
	s := strings.Map(func(r rune) rune {
		if strings.ContainsRune(`/\:*?"<>|`, r) || r < ' ' {
			return '-'
		}
		return r
	}, strings.TrimSpace(name))
	if s == "" {
		s = "encounter"
	}
	return s
}

// FittingPX is the most pixels a square at which e's map makes an image
// the exports can write (export.MaxImageSide a side): 54 for a map 300
// squares wide, 16 for 1000.
func FittingPX(e *model.Encounter) int {
	return max(export.MaxImageSide/max(e.Grid.W, e.Grid.H, 1), 1)
}

// writeUVTT writes e as a Universal VTT file at 70 px a square or, on a
// map too large for that, the most that keep its image one the import
// reads back (export.MostUVTTPX; the file's pixels_per_grid says which):
// the app has no --px to lower. FittingPX, the PNG's, made a 120 x 120
// map's image 8400 x 8400 pixels, which Import Universal VTT… refused.
func writeUVTT(w io.Writer, e *model.Encounter) error {
	return export.UVTT(w, e, 0)
}
