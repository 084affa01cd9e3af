package cli

import (
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"encounterplanner/model"

	"encounterplanner/ui/export"
)

// runExport writes FILE's map as a PNG, a PDF or a Universal VTT file
// (queries.md "export"). The PNG and the PDF draw what the app's File >
// Export draws with its overlays left out: the placed areas shaded
// (export.AreaOverlays; --player: only the players' areas).
func runExport(env Env, args []string) error {
	f, err := parseFlags(args, []string{"png", "pdf", "uvtt", "px", "paper"}, []string{"player", "no-grid", "token-sheet", "trim"})
	if err != nil {
		return err
	}
	file, err := f.file()
	if err != nil {
		return err
	}
	outs := 0
	for _, k := range []string{"png", "pdf", "uvtt"} {
		if v, ok := f.vals[k]; ok {
			if v == "" {
				return usagef("--%s: the output file name is empty", k)
			}
			outs++
		}
	}
	if outs != 1 {
		return usagef("export needs exactly one of --png OUT.png, --pdf OUT.pdf, --uvtt OUT.dd2vtt")
	}
	if err := exportOptionsApply(f); err != nil {
		return err
	}
	px, err := f.num("px", 70, 1, 16384)
	if err != nil {
		return err
	}
	var e *model.Encounter
	out, opt := f.vals["uvtt"], "--uvtt"
	var write func(io.Writer) error
	pages := 0 // set by the PDF export
	switch {
	case f.vals["png"] != "":
		out, opt = f.vals["png"], "--png"
		write = func(w io.Writer) error {
			return export.PNG(w, e, export.PNGOptions{PX: px, Grid: !f.bools["no-grid"], Player: f.bools["player"],
				Overlays: export.AreaOverlays(e, f.bools["player"])})
		}
	case f.vals["pdf"] != "":
		out, opt = f.vals["pdf"], "--pdf"
		paper := strings.ToLower(f.vals["paper"])
		if paper == "" {
			paper = "letter"
		}
		if paper != "letter" && paper != "a4" {
			return usagef("--paper: %q is not letter or a4", f.vals["paper"])
		}
		write = func(w io.Writer) (err error) {
			pages, err = export.WritePDF(w, e, export.PDFOptions{Paper: paper, Player: f.bools["player"],
				TokenSheet: f.bools["token-sheet"], Trim: f.bools["trim"], Overlays: export.AreaOverlays(e, f.bools["player"])})
			return err
		}
	default:
		if _, given := f.vals["px"]; !given {
			px = 0 // 70, or the most that keep the image importable (export.MostUVTTPX)
		}
		write = func(w io.Writer) (err error) {
			px, err = export.WriteUVTT(w, e, px)
			return err
		}
	}
	if out, err = outFileName(opt, out); err != nil {
		return err
	}
	// A bad OUT is refused before the work of drawing.
	if _, err := export.CheckOutput(out); err != nil {
		return outPathErr(opt, out, err)
	}
	e, err = loadFile(file)
	if err != nil {
		return err
	}
	if opt != "--uvtt" && f.bools["player"] && export.PlayersSeeNothing(e) {
		// Every page would print blank: the fog is blank paper, and
		// trimmed the whole map would print instead; the PNG would be
		// the screen's dark fog from edge to edge.
		what, why, gms := "--player", "every page would print blank", "print"
		switch {
		case opt == "--png":
			why, gms = "the image would be all fog", "image"
		case f.bools["trim"]:
			what, why = "--trim", "there is nothing to trim to"
		}
		return usagef("%s: %v, so %s; reveal the squares they have explored first, or leave out --player for the GM's %s (nothing was written)", what, export.ErrPlayersSeeNothing, why, gms)
	}
	n, err := export.WriteFile(out, write)
	if err != nil {
		return outPathErr(opt, out, err)
	}
	// stdout is kept for JSON: say what was written on stderr.
	what := fmt.Sprintf("%d bytes", n)
	switch pages {
	case 0:
		if opt == "--uvtt" && px != export.DefaultPX {
			what += fmt.Sprintf(", %d px a square", px)
		}
	case 1:
		what += ", 1 page"
	default:
		what += fmt.Sprintf(", %d pages", pages)
	}
	_, err = fmt.Fprintf(env.Stderr, "encounter-planner: wrote %s (%s)\n", printable(out), what)
	if err == nil && opt == "--uvtt" {
		// What the app's Export Universal VTT… says before its Save
		// dialog: importing the file back gives a map without these.
		if left := export.UVTTLeavesOut(e); left != "" {
			_, err = fmt.Fprintf(env.Stderr, "encounter-planner: the map file leaves out %s\n", left)
		}
	}
	return err
}

// outFormats are the files the commands that write one write, by the
// option or command that names OUT: the extensions OUT may end in (any
// case), the one a name without an extension gets, and what the file is,
// for messages. A name without one gets the app's Save dialog's
// (ui/exportmenu.go, filesave.UVTT). A Universal VTT file is also read
// as .df2vtt or .json (queries.md, "database": import), so it may be
// written so. An encounter file is NAME.encounter.json, as the app's
// exports name it; filepath.Ext sees its .json.
var outFormats = map[string]struct {
	exts []string
	add  string
	kind string
}{
	"--png":            {[]string{".png"}, ".png", "a PNG"},
	"--pdf":            {[]string{".pdf"}, ".pdf", "a PDF"},
	"--uvtt":           {[]string{".dd2vtt", ".uvtt", ".df2vtt", ".json"}, ".dd2vtt", "a Universal VTT file"},
	"export-encounter": {[]string{".json"}, ".encounter.json", "an encounter file"},
}

// outFileName is the file the option or command opt writes for the name
// out: a name without an extension ("map") gets the format's (map.png),
// as the app's Save dialog gives it (controls.WithExtension; the command
// line imports no Fyne); a name ending in another extension than the
// format's is refused, naming opt, so that PNG data never lands in a .jpg
// nor a PDF over a PNG; so is a name that is only an extension (".png"),
// which wrote a hidden file with no name. A name ending in / (or a
// folder's "." or "..") is left for CheckOutput to refuse.
func outFileName(opt, out string) (string, error) {
	if strings.HasSuffix(out, "/") || strings.HasSuffix(out, string(filepath.Separator)) {
		return out, nil
	}
	base := filepath.Base(out)
	if base == "." || base == ".." {
		return out, nil
	}
	f := outFormats[opt]
	ext := filepath.Ext(out)
	if lb := strings.ToLower(base); slices.Contains(f.exts, lb) || lb == f.add {
		return "", usagef("%s %s: the name is only an extension; put a name before it, such as map%s (nothing was written)", opt, out, f.add)
	}
	switch {
	case ext == "":
		return out + f.add, nil
	case slices.Contains(f.exts, strings.ToLower(ext)):
		return out, nil
	}
	want := f.add
	if len(f.exts) > 1 {
		want = strings.Join(f.exts[:len(f.exts)-1], ", ") + " or " + f.exts[len(f.exts)-1]
	}
	return "", usagef("%s %s: the name ends in %q, but %s writes %s; end it in %s (nothing was written)", opt, out, ext, opt, f.kind, want)
}

// exportOptions are the options each export format takes (queries.md,
// "export"): a PDF is printed at 1 inch a square, always with its grid; a
// UVTT image has no grid (the VTT draws its own) and is always the
// players' view.
var exportOptions = map[string][]string{
	"png":  {"px", "player", "no-grid"},
	"pdf":  {"paper", "player", "token-sheet", "trim"},
	"uvtt": {"px"},
}

// exportOptionsApply refuses, naming it, an option given that the chosen
// format does not take, so it is never silently dropped.
func exportOptionsApply(f *flags) error {
	format := "uvtt"
	for _, k := range []string{"png", "pdf"} {
		if _, ok := f.vals[k]; ok {
			format = k
		}
	}
	for _, name := range []string{"px", "paper", "player", "no-grid", "token-sheet", "trim"} {
		_, valued := f.vals[name]
		_, given := f.bools[name]
		if !valued && !given || slices.Contains(exportOptions[format], name) {
			continue
		}
		if format == "uvtt" && name == "player" {
			return usagef("--player does not apply to --uvtt: the UVTT image is always the players' view")
		}
		return usagef("--%s does not apply to --%s", name, format)
	}
	return nil
}
