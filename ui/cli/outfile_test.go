package cli

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// outCase makes an OUT path of some kind in dir, its name ending in ext
// (the export's own, so that the export writes that very name), and checks
// it afterwards.
type outCase struct {
	name  string
	make  func(t *testing.T, dir, ext string) string
	ok    bool                                // the export must succeed
	check func(t *testing.T, dir, out string) // what must hold afterwards
}

func isMode(want fs.FileMode) func(t *testing.T, dir, out string) {
	return func(t *testing.T, dir, out string) {
		t.Helper()
		fi, err := os.Lstat(out)
		if err != nil || fi.Mode().Type() != want {
			t.Errorf("%s is now %v (%v), want type %v untouched", out, fi.Mode(), err, want)
		}
	}
}

func noTemps(t *testing.T, dir string) {
	t.Helper()
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") {
			t.Errorf("a temporary file was left: %s", e.Name())
		}
	}
}

func outCases() []outCase {
	return []outCase{
		{"CharDevice", func(t *testing.T, dir, ext string) string {
			p := filepath.Join(dir, "dev"+ext)
			// The numbers of /dev/null, made in a temporary folder.
			if err := syscall.Mknod(p, syscall.S_IFCHR|0o666, 1<<8|3); err != nil {
				t.Skipf("mknod: %v", err)
			}
			return p
		}, false, isMode(fs.ModeDevice | fs.ModeCharDevice)},
		{"FIFO", func(t *testing.T, dir, ext string) string {
			p := filepath.Join(dir, "fifo"+ext)
			if err := syscall.Mkfifo(p, 0o644); err != nil {
				t.Skipf("mkfifo: %v", err)
			}
			return p
		}, false, isMode(fs.ModeNamedPipe)},
		{"Folder", func(t *testing.T, dir, ext string) string {
			p := filepath.Join(dir, "folder"+ext)
			os.Mkdir(p, 0o755)
			return p
		}, false, isMode(fs.ModeDir)},
		{"TrailingSlash", func(t *testing.T, dir, ext string) string {
			return filepath.Join(dir, "new"+ext) + "/"
		}, false, func(t *testing.T, dir, out string) {
			if _, err := os.Lstat(strings.TrimSuffix(out, "/")); err == nil {
				t.Error("a file was created for a name ending in /")
			}
		}},
		{"DanglingSymlink", func(t *testing.T, dir, ext string) string {
			p := filepath.Join(dir, "link"+ext)
			os.Symlink(filepath.Join(dir, "nowhere"), p)
			return p
		}, false, func(t *testing.T, dir, out string) {
			isMode(fs.ModeSymlink)(t, dir, out)
			if _, err := os.Lstat(filepath.Join(dir, "nowhere")); err == nil {
				t.Error("the link's missing target was created")
			}
		}},
		{"SymlinkToFolder", func(t *testing.T, dir, ext string) string {
			p := filepath.Join(dir, "link"+ext)
			os.Mkdir(filepath.Join(dir, "folder"), 0o755)
			os.Symlink(filepath.Join(dir, "folder"), p)
			return p
		}, false, isMode(fs.ModeSymlink)},
		{"SymlinkToFile", func(t *testing.T, dir, ext string) string {
			p := filepath.Join(dir, "link"+ext)
			os.WriteFile(filepath.Join(dir, "target"), []byte("old"), 0o640)
			os.Symlink("target", p)
			return p
		}, true, func(t *testing.T, dir, out string) {
			isMode(fs.ModeSymlink)(t, dir, out)
			fi, err := os.Stat(filepath.Join(dir, "target"))
			if err != nil || fi.Size() <= 3 || fi.Mode().Perm() != 0o640 {
				t.Errorf("the link's target was not written through, keeping its mode: %v %v", fi, err)
			}
		}},
		{"NewFile", func(t *testing.T, dir, ext string) string {
			return filepath.Join(dir, "new"+ext)
		}, true, func(t *testing.T, dir, out string) {
			old := syscall.Umask(0)
			syscall.Umask(old)
			fi, err := os.Lstat(out)
			if err != nil || !fi.Mode().IsRegular() || fi.Mode().Perm() != 0o666&^fs.FileMode(old) {
				t.Errorf("new file %v %v, want a regular file of mode %v", fi.Mode(), err, 0o666&^fs.FileMode(old))
			}
		}},
		{"NameOf250Characters", func(t *testing.T, dir, ext string) string {
			if ext == "" {
				ext = ".file"
			}
			return filepath.Join(dir, strings.Repeat("n", 250-len(ext))+ext)
		}, true, isMode(0)},
	}
}

// TestExportOutputKinds: every export (PNG, PDF, UVTT, encounter file)
// writes only a regular file: a device, FIFO, folder, name ending in /, or
// a symbolic link to nothing or to a folder is refused with exit 2 and
// left as it was; a link to a file is written through; a new file gets
// 0666 less the umask; a 250-character name works; no temporary file stays.
func TestExportOutputKinds(t *testing.T) {
	dbDir := t.TempDir()
	db := filepath.Join(dbDir, "e.db")
	var o, e bytes.Buffer
	if code := Run(dbEnv(&o, &e), []string{"--db", db, "import", iseph}); code != 0 {
		t.Fatalf("import: %s", e.String())
	}
	cmds := map[string]struct {
		ext  string
		args func(out string) []string
	}{
		"PNG":             {".png", func(out string) []string { return []string{"export", iseph, "--png", out, "--px", "4"} }},
		"PDF":             {".pdf", func(out string) []string { return []string{"export", iseph, "--pdf", out} }},
		"UVTT":            {".dd2vtt", func(out string) []string { return []string{"export", iseph, "--uvtt", out, "--px", "4"} }},
		"ExportEncounter": {".encounter.json", func(out string) []string { return []string{"--db", db, "export-encounter", "Derelict cargo bay", out} }},
	}
	for cname, cmd := range cmds {
		args := cmd.args
		for _, c := range outCases() {
			t.Run(cname+"/"+c.name, func(t *testing.T) {
				dir := t.TempDir()
				out := c.make(t, dir, cmd.ext)
				var stdout, stderr bytes.Buffer
				code := Run(dbEnv(&stdout, &stderr), args(out))
				if c.ok && code != 0 {
					t.Fatalf("exit %d: %s", code, stderr.String())
				}
				if !c.ok && (code != ExitBad || strings.Count(stderr.String(), "\n") != 1) {
					t.Fatalf("exit %d, want 2 with one line: %q", code, stderr.String())
				}
				c.check(t, dir, out)
				noTemps(t, dir)
			})
		}
	}
}

// TestExportSaysWhatItWrote: a successful export names the file and its
// size in bytes in one line on stderr, and prints nothing on stdout.
func TestExportSaysWhatItWrote(t *testing.T) {
	dir := t.TempDir()
	for _, kind := range []string{"--png", "--pdf", "--uvtt"} {
		out := filepath.Join(dir, "map."+kind[2:])
		code, stdout, stderr := runCLI(t, "export", iseph, kind, out)
		fi, err := os.Stat(out)
		if err != nil {
			t.Fatal(err)
		}
		pages := ""
		if kind == "--pdf" {
			pages = ", 1 page"
		}
		want := "encounter-planner: wrote " + out + " (" + strconv.FormatInt(fi.Size(), 10) + " bytes" + pages + ")\n"
		if code != 0 || stdout != "" || !strings.HasPrefix(stderr, want) { // --uvtt: then what it leaves out (exportleftout_test.go)
			t.Errorf("%s: exit %d, stdout %q, stderr %q, want %q", kind, code, stdout, stderr, want)
		}
	}
}

// TestFailedExportKeepsOut: an export that fails while writing (an image
// too large) leaves the existing OUT as it was and no temporary file.
func TestFailedExportKeepsOut(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "map.png")
	os.WriteFile(out, []byte("the GM's old map"), 0o600)
	code, stdout, stderr := runCLI(t, "export", iseph, "--png", out, "--px", "16384")
	if code != ExitBad || stdout != "" || strings.Count(stderr, "\n") != 1 {
		t.Fatalf("exit %d, %q %q", code, stdout, stderr)
	}
	if b, _ := os.ReadFile(out); string(b) != "the GM's old map" {
		t.Errorf("OUT changed: %q", b)
	}
	noTemps(t, dir)
}

// TestExportTrimAndPages: --trim prints only the content, and the stderr line
// counts the PDF's pages (the map's and the standee sheet's).
func TestExportTrimAndPages(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "map.pdf")
	for _, c := range []struct {
		args []string
		want string
	}{
		{nil, " bytes, 1 page)\n"},
		{[]string{"--token-sheet"}, " bytes, 2 pages)\n"},
		{[]string{"--trim", "--token-sheet"}, " bytes, 2 pages)\n"},
	} {
		code, _, stderr := runCLI(t, append([]string{"export", iseph, "--pdf", out}, c.args...)...)
		if code != 0 || !strings.HasSuffix(stderr, c.want) {
			t.Errorf("%q: exit %d, stderr %q, want suffix %q", c.args, code, stderr, c.want)
		}
	}
}

// TestOutputUnderAFile: an output path whose folder is a file (notadir/x)
// is bad input for every command that writes a file, exit 2 with one line
// naming the option or command, the path and the file in the way; the
// file is left as it was. It was "lstat notadir/x.png: not a directory",
// exit 1, for the exports and export-encounter, and exit 1 for --db.
func TestOutputUnderAFile(t *testing.T) {
	dbDir := t.TempDir()
	db := filepath.Join(dbDir, "e.db")
	var o, e bytes.Buffer
	if code := Run(dbEnv(&o, &e), []string{"--db", db, "import", iseph}); code != 0 {
		t.Fatalf("import: %s", e.String())
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "notadir")
	if err := os.WriteFile(file, []byte("a file"), 0o644); err != nil {
		t.Fatal(err)
	}
	under := func(name string) string { return filepath.Join(file, name) }
	deep := filepath.Join(file, "sub", "x.png")
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"PNG", []string{"export", iseph, "--png", under("x.png")}, "--png " + under("x.png") + ": " + file + " is a file, not a folder"},
		{"PNGDeeper", []string{"export", iseph, "--png", deep}, "--png " + deep + ": " + file + " is a file, not a folder"},
		{"PDF", []string{"export", iseph, "--pdf", under("x.pdf")}, "--pdf " + under("x.pdf") + ": " + file + " is a file, not a folder"},
		{"UVTT", []string{"export", iseph, "--uvtt", under("x.dd2vtt")}, "--uvtt " + under("x.dd2vtt") + ": " + file + " is a file, not a folder"},
		{"ExportEncounter", []string{"--db", db, "export-encounter", "Derelict cargo bay", under("x.json")}, "export-encounter " + under("x.json") + ": " + file + " is a file, not a folder"},
		{"Backup", []string{"--db", db, "backup", under("b.db")}, "backup " + under("b.db") + ": " + file + " is a file, not a folder"},
		{"ImportDB", []string{"--db", under("x.db"), "import", iseph}, "--db " + under("x.db") + ": " + file + " is a file, not a folder"},
		{"ListDB", []string{"--db", under("x.db"), "list"}, "--db " + under("x.db") + ": " + file + " is a file, not a folder"},
		{"InputFile", []string{"reach", under("x.json"), "--token", "Iseph"}, under("x.json") + ": no such file: " + file + " is a file, not a folder"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := Run(dbEnv(&stdout, &stderr), c.args)
			if code != ExitBad || stdout.Len() != 0 || stderr.String() != "encounter-planner: "+c.want+"\n" {
				t.Errorf("exit %d, stdout %q, stderr %q\nwant exit 2 and %q", code, stdout.String(), stderr.String(), c.want)
			}
			if b, err := os.ReadFile(file); err != nil || string(b) != "a file" {
				t.Errorf("the file in the way is now %q (%v)", b, err)
			}
		})
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("files were made: %v", entries)
	}
}

// TestOutputPathErrorsNameTheOption: every refusal of an output path names
// the option or command and the path as given, and says plainly what is
// wrong, exit 2 in one line, nothing made. A missing folder was "write
// ex/nodir/x.png: its folder ex/nodir: stat ex/nodir: no such file or
// directory", a folder "write x: not a regular file: it is a folder ...":
// neither named --png.
func TestOutputPathErrorsNameTheOption(t *testing.T) {
	dbDir := t.TempDir()
	db := filepath.Join(dbDir, "e.db")
	var o, e bytes.Buffer
	if code := Run(dbEnv(&o, &e), []string{"--db", db, "import", iseph}); code != 0 {
		t.Fatalf("import: %s", e.String())
	}
	dir := t.TempDir()
	nodir := filepath.Join(dir, "ex", "nodir")
	folder := filepath.Join(dir, "folder.png")
	os.Mkdir(folder, 0o755)
	encFolder := filepath.Join(dir, "folder.encounter.json")
	os.Mkdir(encFolder, 0o755)
	link := filepath.Join(dir, "link.dd2vtt")
	os.Symlink("nowhere", link)
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"PNGNoFolder", []string{"export", iseph, "--png", filepath.Join(nodir, "x.png")}, "--png " + filepath.Join(nodir, "x.png") + ": the folder " + nodir + " does not exist"},
		{"PDFNoFolder", []string{"export", iseph, "--pdf", filepath.Join(nodir, "x.pdf")}, "--pdf " + filepath.Join(nodir, "x.pdf") + ": the folder " + nodir + " does not exist"},
		{"UVTTNoFolder", []string{"export", iseph, "--uvtt", filepath.Join(nodir, "x.dd2vtt")}, "--uvtt " + filepath.Join(nodir, "x.dd2vtt") + ": the folder " + nodir + " does not exist"},
		{"ExportEncounterNoFolder", []string{"--db", db, "export-encounter", "Derelict cargo bay", filepath.Join(nodir, "x.json")}, "export-encounter " + filepath.Join(nodir, "x.json") + ": the folder " + nodir + " does not exist"},
		{"PNGFolder", []string{"export", iseph, "--png", folder}, "--png " + folder + ": it is a folder; give the name of a file (nothing was written)"},
		{"PDFTrailingSlash", []string{"export", iseph, "--pdf", dir + "/x.pdf/"}, "--pdf " + dir + "/x.pdf/: the name ends in \"/\", as a folder does; give a file name"},
		{"UVTTLinkToNothing", []string{"export", iseph, "--uvtt", link}, "--uvtt " + link + ": it is a symbolic link to nowhere, which does not exist; remove the link or write to another name (nothing was written)"},
		{"ExportEncounterFolder", []string{"--db", db, "export-encounter", "Derelict cargo bay", encFolder}, "export-encounter " + encFolder + ": it is a folder; give the name of a file (nothing was written)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := Run(dbEnv(&stdout, &stderr), c.args)
			if code != ExitBad || stdout.Len() != 0 || stderr.String() != "encounter-planner: "+c.want+"\n" {
				t.Errorf("exit %d, stdout %q, stderr %q\nwant exit 2 and %q", code, stdout.String(), stderr.String(), c.want)
			}
		})
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 3 {
		t.Errorf("files were made: %v", entries)
	}
}

// TestExportFileExtension: OUT's extension must be its format's (any
// case; a UVTT file's may be .dd2vtt, .uvtt, .df2vtt or .json, as import
// reads them): another is exit 2 naming the option, and nothing is
// written. --png a.jpg wrote PNG data into a.jpg, and --pdf a.png a PDF
// over the GM's PNG. A name without one gets the format's, as the app's
// Save dialog gives it, and the line on stderr names the file written.
func TestExportFileExtension(t *testing.T) {
	dir := t.TempDir()
	png := filepath.Join(dir, "a.png")
	if code, _, errs := runCLI(t, "export", iseph, "--png", png, "--px", "4"); code != 0 {
		t.Fatal(errs)
	}
	was, _ := os.ReadFile(png)
	for _, c := range []struct {
		flag, name, want string
	}{
		{"--png", "a.jpg", `: the name ends in ".jpg", but --png writes a PNG; end it in .png (nothing was written)`},
		{"--pdf", "a.png", `: the name ends in ".png", but --pdf writes a PDF; end it in .pdf (nothing was written)`},
		{"--uvtt", "a.png", `: the name ends in ".png", but --uvtt writes a Universal VTT file; end it in .dd2vtt, .uvtt, .df2vtt or .json (nothing was written)`},
		{"--png", "Cave 1.5", `: the name ends in ".5", but --png writes a PNG; end it in .png (nothing was written)`},
	} {
		out := filepath.Join(dir, c.name)
		bad(t, []string{"export", iseph, c.flag, out}, "encounter-planner: "+c.flag+" "+out+c.want+"\n")
	}
	if b, _ := os.ReadFile(png); !bytes.Equal(b, was) {
		t.Error("--pdf a.png wrote over the PNG")
	}
	for _, c := range []struct{ flag, name, wrote string }{
		{"--png", "map", "map.png"},
		{"--pdf", "map", "map.pdf"},
		{"--uvtt", "map", "map.dd2vtt"},
		{"--png", "MAP.PNG", "MAP.PNG"},
		{"--uvtt", "v.uvtt", "v.uvtt"},
		{"--uvtt", "v.df2vtt", "v.df2vtt"},
		{"--uvtt", "v.json", "v.json"},
	} {
		code, stdout, stderr := runCLI(t, "export", iseph, c.flag, filepath.Join(dir, c.name))
		wrote := filepath.Join(dir, c.wrote)
		if fi, err := os.Stat(wrote); code != 0 || stdout != "" || err != nil ||
			!strings.HasPrefix(stderr, "encounter-planner: wrote "+wrote+" ("+strconv.FormatInt(fi.Size(), 10)+" bytes"+map[bool]string{true: ", 1 page)\n", false: ")\n"}[c.flag == "--pdf"]) {
			t.Errorf("%s %s: exit %d, stdout %q, stderr %q, %v; want %s written", c.flag, c.name, code, stdout, stderr, err, c.wrote)
		}
	}
	if _, err := os.Lstat(filepath.Join(dir, "map")); err == nil {
		t.Error("a file was written under the bare name")
	}
}

// TestExportNameIsOnlyAnExtension: --png .png wrote a hidden file named
// .png, with no name. A name that is only its format's extension, in any
// case and in any folder, is exit 2 naming the option, and nothing is
// written.
func TestExportNameIsOnlyAnExtension(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ flag, name, example string }{
		{"--png", ".png", "map.png"},
		{"--png", ".PNG", "map.png"},
		{"--pdf", ".pdf", "map.pdf"},
		{"--uvtt", ".dd2vtt", "map.dd2vtt"},
		{"--uvtt", ".json", "map.dd2vtt"},
	} {
		out := filepath.Join(dir, c.name)
		bad(t, []string{"export", iseph, c.flag, out}, "encounter-planner: "+c.flag+" "+out+
			": the name is only an extension; put a name before it, such as "+c.example+" (nothing was written)\n")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("files were written: %v", entries)
	}
}

// TestExportEncounterFileExtension: export-encounter NAME o wrote a file
// named o, with no extension, where export --png map writes map.png. A
// name without an extension now gets .encounter.json, as the app's
// exports name the file, and the line on stderr says so (a name as given
// writes silently, as before); one ending in another format's extension,
// or that is only the extension, is exit 2 naming the command, and
// nothing is written.
func TestExportEncounterFileExtension(t *testing.T) {
	db := filepath.Join(t.TempDir(), "e.db")
	var o, e bytes.Buffer
	if code := Run(dbEnv(&o, &e), []string{"--db", db, "import", iseph}); code != 0 {
		t.Fatalf("import: %s", e.String())
	}
	run := func(out string) (int, string, string) {
		var stdout, stderr bytes.Buffer
		code := Run(dbEnv(&stdout, &stderr), []string{"--db", db, "export-encounter", "Derelict cargo bay", out})
		return code, stdout.String(), stderr.String()
	}
	dir := t.TempDir()
	for _, c := range []struct{ name, want string }{
		{"o.png", `: the name ends in ".png", but export-encounter writes an encounter file; end it in .encounter.json (nothing was written)`},
		{"o.dd2vtt", `: the name ends in ".dd2vtt", but export-encounter writes an encounter file; end it in .encounter.json (nothing was written)`},
		{".json", `: the name is only an extension; put a name before it, such as map.encounter.json (nothing was written)`},
		{".Encounter.json", `: the name is only an extension; put a name before it, such as map.encounter.json (nothing was written)`},
	} {
		out := filepath.Join(dir, c.name)
		code, stdout, stderr := run(out)
		if want := "encounter-planner: export-encounter " + out + c.want + "\n"; code != ExitBad || stdout != "" || stderr != want {
			t.Errorf("%s: exit %d, stdout %q, stderr %q\nwant exit 2 and %q", c.name, code, stdout, stderr, want)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("files were written: %v", entries)
	}
	for _, c := range []struct{ name, wrote string }{
		{"o", "o.encounter.json"},
		{"den.encounter.json", "den.encounter.json"},
		{"DEN.JSON", "DEN.JSON"},
	} {
		code, stdout, stderr := run(filepath.Join(dir, c.name))
		wrote := filepath.Join(dir, c.wrote)
		fi, err := os.Stat(wrote)
		want := ""
		if c.name != c.wrote && err == nil {
			want = "encounter-planner: wrote " + wrote + " (" + strconv.FormatInt(fi.Size(), 10) + " bytes)\n"
		}
		if code != 0 || stdout != "" || err != nil || stderr != want {
			t.Errorf("%s: exit %d, stdout %q, stderr %q, %v; want %s written and stderr %q", c.name, code, stdout, stderr, err, c.wrote, want)
		}
		if b, _ := os.ReadFile(wrote); !strings.Contains(string(b), `"format": "encounter/1"`) {
			t.Errorf("%s is not an encounter file", c.wrote)
		}
	}
	if _, err := os.Lstat(filepath.Join(dir, "o")); err == nil {
		t.Error("a file was written under the bare name")
	}
}
