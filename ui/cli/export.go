package cli

import (
	"fmt"
	"io"
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
		write = func(w io.Writer) error { return export.UVTT(w, e, px) }
	}
	// A bad OUT is refused before the work of drawing.
	if _, err := export.CheckOutput(out); err != nil {
		return outPathErr(opt, out, err)
	}
	e, err = loadFile(file)
	if err != nil {
		return err
	}
	n, err := export.WriteFile(out, write)
	if err != nil {
		return outPathErr(opt, out, err)
	}
	// stdout is kept for JSON: say what was written on stderr.
	what := fmt.Sprintf("%d bytes", n)
	switch pages {
	case 0:
	case 1:
		what += ", 1 page"
	default:
		what += fmt.Sprintf(", %d pages", pages)
	}
	_, err = fmt.Fprintf(env.Stderr, "encounter-planner: wrote %s (%s)\n", out, what)
	return err
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
