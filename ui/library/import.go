package library

import (
	"fmt"
	"io"

	"fyne.io/fyne/v2"

	"encounterplanner/model"
	"encounterplanner/ui/controls"
	"encounterplanner/ui/export"
)

// ImportDialog reads an encounter file (or a UVTT map) into the store as a
// new encounter and hands its id to open.
func ImportDialog(win fyne.Window, store model.EncounterStore, uvtt bool, open func(id string)) {
	exts := []string{".json"}
	if uvtt {
		exts = []string{".dd2vtt", ".uvtt", ".df2vtt"}
	}
	controls.OpenFile(win, exts, func(rc fyne.URIReadCloser) {
		defer rc.Close()
		e, err := ReadImport(rc, rc.URI().Name(), uvtt)
		if err != nil {
			controls.ShowError(win, "Could not import "+rc.URI().Name(), err)
			return
		}
		id, err := Import(store, e)
		if err != nil {
			controls.ShowError(win, "Could not import "+rc.URI().Name(), fmt.Errorf("store the imported encounter: %w", err))
			return
		}
		if open != nil {
			open(id)
		}
	})
}

// Import stores e as a new encounter and returns its id.
func Import(store model.EncounterStore, e *model.Encounter) (string, error) {
	ctx, cancel := ctx10()
	defer cancel()
	e.ID, e.Version = "", 0
	id, _, err := store.Import(ctx, e)
	return id, err
}

// ReadImport reads an encounter file, or a Universal VTT map named after
// its file; the error says what is wrong where and what to do.
func ReadImport(r io.Reader, fileName string, uvtt bool) (*model.Encounter, error) {
	var e *model.Encounter
	var err error
	if uvtt {
		name, _ := model.NameFromFile(fileName) // ".dd2vtt" gives "Imported map"
		e, err = export.ImportUVTT(r, name)
	} else {
		e, err = model.ReadEncounter(r)
	}
	if err != nil {
		return nil, importHint(err, uvtt)
	}
	return e, nil
}

// importHint adds to a file's read error what the GM can do about it.
func importHint(err error, uvtt bool) error {
	if uvtt {
		return fmt.Errorf("%w. Export the map again from the map maker as Universal VTT (.dd2vtt, .uvtt or .df2vtt) and import that file", err)
	}
	return fmt.Errorf("%w. Choose a file written by Export encounter file (encounter/1 JSON); for a .dd2vtt map use Import Universal VTT", err)
}
