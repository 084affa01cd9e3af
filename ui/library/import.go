package library

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/ui/controls"
	"encounterplanner/ui/export"
)

// ImportDialog lets the GM pick an encounter file (or a UVTT map) and
// imports it into the store as a new encounter off the UI goroutine
// (StartImport, which hands its id to open through post, then says what
// of the file the import left out). Either dialog lists .json files and
// takes both kinds there (ImportFile). While an import runs in win, a
// second is refused before its file dialog opens.
func ImportDialog(win fyne.Window, store model.EncounterStore, uvtt bool, post func(func()), open func(id string)) {
	if RefuseReadOnly(win, store, "import the file") || refuseSecondImport(win) {
		return
	}
	exts := []string{".json"}
	if uvtt {
		exts = []string{".dd2vtt", ".uvtt", ".df2vtt", ".json"}
	}
	controls.OpenFile(win, exts, func(rc fyne.URIReadCloser) {
		u := rc.URI()
		rc.Close() // ImportFile opens it again, as often as it needs
		StartImport(win, store, u, uvtt, post, open)
	})
}

// DropImport imports a file dropped on win when it is an encounter file
// or a Universal VTT map, by its extension (.json, read as either; .dd2vtt,
// .uvtt, .df2vtt), as the Import menu items do (StartImport), and reports
// whether it was one.
func DropImport(win fyne.Window, store model.EncounterStore, u fyne.URI, post func(func()), open func(id string)) bool {
	switch strings.ToLower(u.Extension()) {
	case ".json", ".dd2vtt", ".uvtt", ".df2vtt":
		if RefuseReadOnly(win, store, "import the file") {
			return true // the right kind of file, refused with the reason
		}
	}
	switch strings.ToLower(u.Extension()) {
	case ".json":
		StartImport(win, store, u, false, post, open)
	case ".dd2vtt", ".uvtt", ".df2vtt":
		StartImport(win, store, u, true, post, open)
	default:
		return false
	}
	return true
}

// ShowLeftOut tells the GM, over win, what the import of the file name
// left out (left, export.LeftOut's words), once the new encounter shows;
// nothing when left is "". It is titled for what it says: where all it
// says is that the map's format is newer than the app reads, and read as
// the one it reads, nothing was left out, and the title asks the GM to
// read the map over ("Imported X: read it over"); it said "leaving some
// of it out" there too.
func ShowLeftOut(win fyne.Window, name, left string) dialog.Dialog {
	if left == "" {
		return nil
	}
	title := "Imported " + name + ", leaving some of it out"
	if onlyFormatNote(left) {
		title = "Imported " + name + ": read it over"
	}
	return showImportNote(win, title, left)
}

// onlyFormatNote reports whether left, export.LeftOut's words, says only
// how a newer format was read ("format 0.4 is newer than this app reads
// (0.3): read as 0.3; check the walls and doors") or that the map image
// is not the map's shape (export.ImageNote), and nothing left out.
func onlyFormatNote(left string) bool {
	if rest, ok := strings.CutPrefix(left, "format "); ok {
		_, rest, ok = strings.Cut(rest, "check the walls and doors")
		if !ok {
			return false
		}
		left = strings.TrimPrefix(rest, "; ")
	}
	if rest, ok := strings.CutPrefix(left, export.ImageNote); ok {
		_, rest, ok = strings.Cut(rest, "lie on the picture's")
		return ok && rest == ""
	}
	return left == ""
}

// showImportNote shows what an import did, a bold summary over the
// detail (a sentence). Escape, Enter and Space close it, as OK does.
func showImportNote(win fyne.Window, summary, detail string) dialog.Dialog {
	detail = controls.Sentence(detail)
	content, _, _ := controls.ErrorContent(summary, detail, controls.ErrDialogWidth(win))
	d := dialog.NewCustom("Import", "OK", container.NewBorder(nil, nil,
		container.NewVBox(widget.NewIcon(theme.InfoIcon())), nil, content), win)
	d.Show()
	controls.EscapesOf(win).Acknowledges(d)
	return d
}

// ImportFile reads the file at u as an encounter file, or a Universal VTT
// map when uvtt, and stores it as a new encounter, returning its id and
// what of a Universal VTT map the import left out, in the GM's words ("3
// walls lie outside the 40 x 30 map and were left out"; "" when nothing:
// see export.LeftOut). A .json file of the other kind is read as that
// kind, as the command line does: a Universal VTT map saved as .json (in
// Import encounter file…), an encounter file (in Import Universal VTT…).
func ImportFile(store model.EncounterStore, u fyne.URI, uvtt bool) (id, left string, err error) {
	e, left, err := readFile(u, func() (io.ReadCloser, error) { return storage.Reader(u) }, uvtt)
	if err != nil {
		return "", "", err
	}
	if id, err = Import(store, e); err != nil {
		return "", "", fmt.Errorf("store the imported encounter: %w", err)
	}
	return id, left, nil
}

// readFile is ImportFile's reading and checking of the file u, which
// open opens afresh at each call, without storing.
func readFile(u fyne.URI, open func() (io.ReadCloser, error), uvtt bool) (*model.Encounter, string, error) {
	var lo export.LeftOut
	read := func(uvtt bool) (*model.Encounter, error) {
		rc, err := open()
		if err != nil {
			return nil, err
		}
		defer rc.Close()
		e, l, err := readImport(rc, u.Name(), uvtt)
		lo = l
		return e, err
	}
	switch {
	case !uvtt && sniffUVTT(open):
		uvtt = true // a map saved as .json: read once, as what it is
	case uvtt && sniffEncounter(open):
		uvtt = false // an encounter file, under a map's extension or not
	}
	e, err := read(uvtt)
	switch {
	case err == nil:
	case !uvtt && errors.Is(err, model.ErrUniversalVTT):
		e, err = read(true)
	case uvtt && strings.EqualFold(u.Extension(), ".json"):
		if other, err2 := read(false); err2 == nil {
			e, err = other, nil
		}
	}
	if err != nil {
		return nil, "", err
	}
	return e, lo.String(), nil
}

// sniffUVTT reports whether the file open opens starts as a Universal VTT
// map does (model.SniffUniversalVTT); false when it cannot be read (the
// import then says why).
func sniffUVTT(open func() (io.ReadCloser, error)) bool {
	rc, err := open()
	if err != nil {
		return false
	}
	defer rc.Close()
	return model.SniffUniversalVTTFile(rc)
}

// sniffEncounter reports whether the file open opens starts as an
// encounter file does (model.SniffEncounter): den.dd2vtt, an encounter
// file renamed, was refused by the map's reader as "format: must be a
// number, not string".
func sniffEncounter(open func() (io.ReadCloser, error)) bool {
	rc, err := open()
	if err != nil {
		return false
	}
	defer rc.Close()
	return model.SniffEncounterFile(rc)
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
// its file; the error says what is wrong where and what to do. What a
// map leaves out is for ImportFile to say: ReadImport is for its errors.
func ReadImport(r io.Reader, fileName string, uvtt bool) (*model.Encounter, error) {
	e, _, err := readImport(r, fileName, uvtt)
	return e, err
}

// readImport is ReadImport, with what a Universal VTT map left out.
func readImport(r io.Reader, fileName string, uvtt bool) (*model.Encounter, export.LeftOut, error) {
	var e *model.Encounter
	var lo export.LeftOut
	var err error
	br := bufio.NewReader(r)
	head, _ := br.Peek(16) // what kind of file it is (importHint)
	other := model.OtherKindOfFile(head)
	r = br
	if uvtt {
		name, _ := model.NameFromFile(fileName) // ".dd2vtt" gives "Imported map"
		e, lo, err = export.ImportUVTT(r, name)
	} else {
		e, err = model.ReadEncounter(r)
	}
	if err != nil {
		if other || errors.Is(err, model.ErrNewerFormat) {
			// "the file is a PNG image, …" or "a newer format …: update
			// Encounter Planner" says what it is and what to do: the hint
			// to export the file again contradicted it
			return nil, lo, err
		}
		return nil, lo, importHint(err, uvtt)
	}
	if !uvtt {
		// its images must draw: a damaged one is refused here (the error
		// says what to do), not found when the map is first drawn
		if err := export.CheckImageBodies(e); err != nil {
			return nil, lo, err
		}
	}
	return e, lo, nil
}

// importHint adds to a file's read error what the GM can do about it: a
// file of the right kind that does not read. Not for a file of another
// kind (model.OtherKindOfFile), whose error says what it is and what to
// do (readImport).
func importHint(err error, uvtt bool) error {
	if uvtt {
		return fmt.Errorf("%w. Export the map again from the map maker as Universal VTT (.dd2vtt, .uvtt or .df2vtt) and import that file", err)
	}
	return fmt.Errorf("%w. Choose a file written by Export encounter file (encounter/1 JSON); for a .dd2vtt map use Import Universal VTT", err)
}
