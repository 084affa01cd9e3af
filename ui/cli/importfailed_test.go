package cli

import (
	"bytes"
	"database/sql"
	"encoding/base64"
	"image"
	"image/color"
	"image/png"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"encounterplanner/model"
	"encounterplanner/storage"
)

// importInto imports file into the database db, opened by open, and
// returns the exit code and stderr.
func importInto(t *testing.T, open func(string, bool) (Store, error), db, file string) (int, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := Run(Env{Stdout: &out, Stderr: &errb, OpenStore: open}, []string{"--db", db, "import", file})
	if code != 0 && out.Len() > 0 {
		t.Errorf("a failed import printed %q", out.String())
	}
	return code, errb.String()
}

// checkImportFailed checks that a failed import said, in one line, what
// the command line's words are (want) and none of the app's: the app's
// window keeps the edits a save failed on, but on the command line
// nothing is being edited, and "your edits are kept" was untrue.
func checkImportFailed(t *testing.T, code int, stderr, want string) {
	t.Helper()
	if code != ExitOther || stderr != "encounter-planner: "+want+"\n" {
		t.Errorf("exit %d, stderr\n%q\nwant exit 1 and\n%q", code, stderr, "encounter-planner: "+want+"\n")
	}
	for _, app := range []string{"edits", "next save"} {
		if strings.Contains(stderr, app) {
			t.Errorf("%q says %q, the app's words", stderr, app)
		}
	}
}

// countEncounters is how many encounters the database at db holds.
func countEncounters(t *testing.T, db string) int {
	t.Helper()
	st, err := storage.OpenReadOnly(db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	rows, err := st.List(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	return len(rows)
}

// TestImportIntoReadOnlyDatabase: an import into a database on a
// read-only disk, or in a file that cannot be written, says the database
// is read-only, that nothing was imported and what to do, exit 1; it said
// the app's "your edits are kept".
func TestImportIntoReadOnlyDatabase(t *testing.T) {
	db := filepath.Join(t.TempDir(), "e.db")
	if code, errs := importInto(t, openStore, db, iseph); code != 0 {
		t.Fatal(errs)
	}
	want := "import: the database " + db + " is read-only: nothing was imported; make the file and its folder writable (permissions, a locked or read-only disk) and import again, or import into another database (--db OTHER.db)"
	t.Run("OpenedReadOnly", func(t *testing.T) {
		// As storage opens a database on a read-only disk or folder.
		readOnly := func(p string, _ bool) (Store, error) { return storage.OpenReadOnly(p) }
		code, errs := importInto(t, readOnly, db, iseph)
		checkImportFailed(t, code, errs, want)
	})
	t.Run("ImmutableFile", func(t *testing.T) {
		// The file cannot be written, even by root (chattr +i).
		if out, err := exec.Command("chattr", "+i", db).CombinedOutput(); err != nil {
			t.Skipf("chattr +i: %v %s", err, out)
		}
		defer exec.Command("chattr", "-i", db).Run()
		code, errs := importInto(t, openStore, db, iseph)
		checkImportFailed(t, code, errs, want)
	})
	if n := countEncounters(t, db); n != 1 {
		t.Errorf("the database holds %d encounters, want the 1 imported before", n)
	}
}

// TestImportIntoLockedDatabase: a database another program keeps locked
// past the store's busy timeout says so, and that nothing was imported.
func TestImportIntoLockedDatabase(t *testing.T) {
	if testing.Short() {
		t.Skip("waits out the store's busy timeout (5 s)")
	}
	t.Parallel()
	db := filepath.Join(t.TempDir(), "e.db")
	if code, errs := importInto(t, openStore, db, iseph); code != 0 {
		t.Fatal(errs)
	}
	other, err := sql.Open("sqlite3", db)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	other.SetMaxOpenConns(1)
	if _, err := other.Exec(`BEGIN IMMEDIATE`); err != nil {
		t.Fatal(err)
	}
	code, errs := importInto(t, openStore, db, iseph)
	checkImportFailed(t, code, errs, "import: the database "+db+" is locked by another program (another Encounter Planner, a database browser): nothing was imported; close it and import again")
	if _, err := other.Exec(`ROLLBACK`); err != nil {
		t.Fatal(err)
	}
	if n := countEncounters(t, db); n != 1 {
		t.Errorf("the database holds %d encounters, want 1", n)
	}
}

// TestImportOntoAFullDisk: a database on a disk too full for the
// encounter (a 600 KiB tmpfs, a 1 MB map image) says the disk is full
// and that nothing was imported. It needs root to mount the tmpfs.
func TestImportOntoAFullDisk(t *testing.T) {
	dir := t.TempDir()
	if err := syscall.Mount("tmpfs", dir, "tmpfs", 0, "size=600k"); err != nil {
		t.Skipf("cannot mount a small tmpfs here: %v", err)
	}
	t.Cleanup(func() { syscall.Unmount(dir, syscall.MNT_DETACH) })
	db := filepath.Join(dir, "e.db")
	if code, errs := importInto(t, openStore, db, iseph); code != 0 {
		t.Fatal(errs)
	}
	// An encounter with a map image of noise, which does not compress.
	img := image.NewRGBA(image.Rect(0, 0, 560, 560))
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range img.Pix {
		img.Pix[i] = byte(rng.IntN(256))
	}
	img.Set(0, 0, color.RGBA{0, 0, 0, 255})
	var buf bytes.Buffer
	png.Encode(&buf, img)
	e := model.Sample()
	e.Background = "data:image/png;base64," + base64.StdEncoding.EncodeToString(buf.Bytes())
	big := filepath.Join(t.TempDir(), "big.encounter.json")
	fh, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	if err := model.WriteEncounter(fh, e); err != nil {
		t.Fatal(err)
	}
	fh.Close()
	code, errs := importInto(t, openStore, db, big)
	checkImportFailed(t, code, errs, "import: the disk holding the database "+db+" is full: nothing was imported; free some disk space and import again")
}
