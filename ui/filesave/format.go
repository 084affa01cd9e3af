package filesave

import (
	"io"
	"strings"

	"encounterplanner/model"
	"encounterplanner/ui/export"
)

// Format is a file an encounter is exported as, the same from the editor
// and from the library: what the dialogs call it, the file name offered,
// the extensions and the writer.
type Format struct {
	Title  string   // what is being done: "export UVTT" ("Could not export UVTT")
	Suffix string   // after the encounter's name in the file name offered: ".dd2vtt"
	Exts   []string // the files the Save dialog lists; Exts[0] ends a name typed without one
	Write  func(w io.Writer, e *model.Encounter) error
}

var (
	// EncounterFile is the encounter/1 file, which any Encounter Planner
	// imports as it was.
	EncounterFile = Format{Title: "export encounter", Suffix: ".encounter.json", Exts: []string{".json"}, Write: model.WriteEncounter}
	// UVTT is a Universal VTT map (.dd2vtt) for other virtual tabletops.
	UVTT = Format{Title: "export UVTT", Suffix: ".dd2vtt", Exts: []string{".dd2vtt", ".uvtt"}, Write: writeUVTT}
)

// Export asks where to write the encounter named name as f, then writes
// there the encounter that get returns. get runs with the writing, on
// another goroutine: it may load the encounter from the store (a map
// image can be 69 MB), and must not touch what the UI goroutine changes
// (the editor hands over a copy); its error shows as a write's does.
func (s *Saver) Export(f Format, name string, get func() (*model.Encounter, error)) {
	s.Save(f.Title, FileBase(name)+f.Suffix, f.Exts, func(w io.Writer) error {
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
// map too wide for that, the most that fit (the file's pixels_per_grid
// says which): the app has no --px to lower.
func writeUVTT(w io.Writer, e *model.Encounter) error {
	return export.UVTT(w, e, min(export.DefaultPX, FittingPX(e)))
}
