package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"encounterplanner/model"
	"encounterplanner/storage"
	"encounterplanner/ui/export"
)

func runDB(env Env, db, cmd string, args []string) error {
	f, err := parseFlags(args, nil, []string{"json"})
	if err != nil {
		return err
	}
	want := map[string]int{"list": 0, "import": 1, "export-encounter": 2, "backup": 1}[cmd]
	if len(f.pos) != want {
		return usagef("%s takes %d argument(s), got %d (try: encounter-planner help)", cmd, want, len(f.pos))
	}
	if f.bools["json"] && cmd != "list" {
		return usagef("--json goes with list")
	}
	// Read the input and check the output before touching the database,
	// so bad input never creates or migrates one.
	given := "" // export-encounter's OUT as given, before any extension
	if cmd == "export-encounter" {
		given = f.pos[1]
	}
	switch cmd {
	case "export-encounter":
		out, err := outFileName(cmd, f.pos[1])
		if err != nil {
			return err
		}
		if _, err := export.CheckOutput(out); err != nil {
			return outPathErr(cmd, out, err)
		}
		f.pos[1] = out
	case "backup":
		// The backup checks the rest of OUT itself (and makes missing
		// folders); a file on its way is said here, naming the name.
		if err := export.CheckFolder(f.pos[0]); err != nil {
			return outPathErr(cmd, f.pos[0], err)
		}
	}
	var imported *model.Encounter
	var note string // what the import decided, said once it is stored
	if cmd == "import" {
		if imported, note, err = readImport(f.pos[0]); err != nil {
			return err
		}
	}
	if db != "" {
		// A FIFO would block the first read: refuse it unopened.
		if fi, err := os.Stat(db); err == nil && !fi.Mode().IsRegular() {
			return usagef("--db %s: it is %s, not a database file", db, export.FileKind(fi.Mode()))
		} else if err != nil {
			if err := export.CheckFolder(db); err != nil { // notadir/x.db
				return outPathErr("--db", db, err)
			}
		}
	}
	// The commands that only read open the database read-only: they
	// never create one nor write to it. The default database before its
	// first use holds no encounters; a missing --db is an error that
	// names it, for list too: a mistyped --db listed nothing and exited
	// 0, as if the library were empty.
	st, err := env.OpenStore(db, cmd != "import")
	if err != nil && db == "" && errors.Is(err, fs.ErrNotExist) {
		if cmd == "list" {
			return list(env, nil, f.bools["json"])
		}
		return fmt.Errorf("%w; the app makes it when it first opens, or import an encounter into it", err)
	}
	if err != nil {
		return err
	}
	defer st.Close()
	ctx := context.Background()
	switch cmd {
	case "list":
		return list(env, st, f.bools["json"])
	case "import":
		if st.ReadOnly() { // opened so: a read-only disk or folder
			return importFailed(st, db, storage.ErrReadOnly)
		}
		id, name, err := st.Import(ctx, imported)
		if err != nil {
			return importFailed(st, db, err)
		}
		fmt.Fprintf(env.Stdout, "%s\t%s\n", id, oneField(name))
		if note != "" {
			fmt.Fprintln(env.Stderr, "encounter-planner: "+printable(note))
		}
		return nil
	case "export-encounter":
		id, err := st.Find(ctx, f.pos[0])
		if err != nil {
			return err
		}
		e, err := st.Load(ctx, id)
		if err != nil {
			return err
		}
		for _, d := range e.Dropped {
			fmt.Fprintf(env.Stderr, "encounter-planner: %s: %s\n", oneField(e.Name), d)
		}
		// Streamed: the map image is written from the loaded encounter,
		// never copied into a file held in memory (a failed write leaves
		// OUT as it was).
		n, err := export.WriteFile(f.pos[1], func(w io.Writer) error { return model.WriteEncounter(w, e) })
		err = outPathErr(cmd, f.pos[1], err)
		if err == nil && f.pos[1] != given {
			// OUT got the extension: say what was written, as export does
			// (a name as given writes silently, as before).
			_, err = fmt.Fprintf(env.Stderr, "encounter-planner: wrote %s (%d bytes)\n", printable(f.pos[1]), n)
		}
		// The writer validates first. What the store holds passed Validate
		// when it was saved: a row that no longer does is the database's
		// fault, not the command's (exit 1, not the 2 of a bad input).
		if fe := (*model.FieldError)(nil); errors.As(err, &fe) {
			return fmt.Errorf("export-encounter: the stored encounter %q does not pass the encounter format's checks: %v; the database may be damaged: restore a backup, or open the encounter in the app and correct it", e.Name, fe.Error())
		}
		return err
	case "backup":
		return st.Backup(ctx, f.pos[0])
	}
	return nil
}

// importError is an import's failure to store, in the command line's
// words; the store's error stays underneath, for the exit code.
type importError struct {
	msg string
	err error
}

func (e *importError) Error() string { return e.msg }
func (e *importError) Unwrap() error { return e.err }

// importFailed says why storing an import in st (--db db) failed, what
// became of it (nothing was imported) and what to do. The store words its
// errors for the app, whose window keeps the edits it failed to save
// ("your edits are kept", "the next save will retry"): on the command
// line nothing is being edited, and those words said something untrue.
func importFailed(st Store, db string, err error) error {
	where := "the default database"
	if p, ok := st.(interface{ Path() string }); ok && p.Path() != "" {
		where = "the database " + p.Path()
	} else if db != "" {
		where = "the database " + db
	}
	var msg string
	switch {
	case errors.Is(err, storage.ErrReadOnly):
		msg = "import: " + where + " is read-only: nothing was imported; make the file and its folder writable (permissions, a locked or read-only disk) and import again, or import into another database (--db OTHER.db)"
	case errors.Is(err, storage.ErrDiskFull):
		msg = "import: the disk holding " + where + " is full: nothing was imported; free some disk space and import again"
	case errors.Is(err, storage.ErrBusy):
		msg = "import: " + where + " is locked by another program (another Encounter Planner, a database browser): nothing was imported; close it and import again"
	default:
		words := strings.NewReplacer(storage.EditsKept, "", storage.NextSaveRetries, "").Replace(err.Error())
		msg = "import: nothing was imported into " + where + ": " + words
	}
	return &importError{msg, err}
}

// list prints the encounters of st (none when st is nil: the default
// database before its first use).
func list(env Env, st Store, asJSON bool) error {
	var rows []model.Summary
	if st != nil {
		var err error
		if rows, err = st.List(context.Background()); err != nil {
			return err
		}
	}
	if asJSON {
		type row struct {
			ID      string `json:"id"`
			Name    string `json:"name"`
			Ruleset string `json:"ruleset"`
			Width   int    `json:"width"`
			Height  int    `json:"height"`
			Updated string `json:"updated"`
		}
		out := struct {
			Encounters []row `json:"encounters"`
		}{[]row{}}
		for _, r := range rows {
			out.Encounters = append(out.Encounters, row{r.ID, r.Name, string(r.Ruleset), r.Width, r.Height, r.Updated.UTC().Format(time.RFC3339)})
		}
		return writeJSON(env.Stdout, out)
	}
	for _, r := range rows {
		fmt.Fprintf(env.Stdout, "%s\t%s\t%s\t%dx%d\t%s\n", r.ID, oneField(r.Name), r.Ruleset, r.Width, r.Height, r.Updated.UTC().Format(time.RFC3339))
	}
	return nil
}

// readImport reads an encounter/1 file, or a Universal VTT map (.dd2vtt,
// .uvtt, .df2vtt, or any other file the reader finds to be one, such as a
// .dd2vtt saved as .json) as a new encounter named after the file. note,
// when not "", says what the import decided for the user, and what of a
// Universal VTT map it left out (export.LeftOut).
func readImport(path string) (e *model.Encounter, note string, err error) {
	ext := strings.ToLower(filepath.Ext(path))
	mapExt := ext == ".dd2vtt" || ext == ".uvtt" || ext == ".df2vtt"
	switch {
	case mapExt && !sniffEncounter(path):
	case !mapExt && sniffUVTT(path): // a map saved as .json: read once, as what it is
		note = path + " is a Universal VTT map: imported as one"
	default:
		if mapExt { // an encounter file under a map's name
			note = path + " is an encounter file, not a Universal VTT map: imported as one"
		}
		e, err = loadFile(path)
		if err == nil {
			// stored images must draw: a damaged one is refused here,
			// not found when the map is first drawn
			if err = export.CheckImageBodies(e); err != nil {
				return nil, "", fmt.Errorf("%s: %w", path, err)
			}
		}
		if !errors.Is(err, model.ErrUniversalVTT) {
			if err != nil {
				note = ""
			}
			return e, note, err
		}
		note = path + " is a Universal VTT map: imported as one"
	}
	fh, err := openInput(path)
	if err != nil {
		return nil, "", err
	}
	defer fh.Close()
	// Refused by its size before a byte is read, as an encounter file is.
	if fi, err := fh.Stat(); err == nil && fi.Size() > export.MaxUVTTBytes {
		return nil, "", usagef("%s: the file is larger than %d MiB", path, export.MaxUVTTBytes>>20)
	}
	name, fromFile := model.NameFromFile(path)
	if !fromFile {
		note = joinNotes(note, fmt.Sprintf("%s: the file name gives no encounter name, so it is %q (rename it in the app)", path, name))
	}
	e, left, err := export.ImportUVTT(fh, name)
	if err != nil {
		return nil, "", fmt.Errorf("%s: %w", path, err)
	}
	if left.Any() { // the import succeeded; what it could not take is said, not lost
		note = joinNotes(note, path+": "+left.String())
	}
	return e, note, nil
}

// sniffUVTT reports whether the file at path starts as a Universal VTT
// map does (model.SniffUniversalVTT), reading its first model.SniffHead
// bytes; false when it cannot be read (the reader then says why).
func sniffUVTT(path string) bool {
	fh, err := openInput(path)
	if err != nil {
		return false
	}
	defer fh.Close()
	return model.SniffUniversalVTTFile(fh)
}

// sniffEncounter reports whether the file at path starts as an encounter
// file does (model.SniffEncounter); false when it cannot be read.
func sniffEncounter(path string) bool {
	fh, err := openInput(path)
	if err != nil {
		return false
	}
	defer fh.Close()
	return model.SniffEncounterFile(fh)
}

func joinNotes(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}

// oneField keeps a name inside its tab-separated column: a tab or line
// break in it (nothing forbids them) would split one encounter's line, and
// a control character act on the terminal (printable).
func oneField(s string) string { return printable(s) }
