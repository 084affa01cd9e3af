package mapimport

import (
	"context"
	"errors"
	"fmt"
	"image"
	"io"
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/rules"
	"encounterplanner/ui/controls"
	"encounterplanner/ui/export"
)

// previewSide is the largest side of the alignment preview, in pixels.
const previewSide = 480

// Image is a map image read off the UI goroutine, with the grid
// export.DetectGrid found in it.
type Image struct {
	Name string // the file's name, for titles and the new encounter's name
	*export.MapImage
	Grid Detected
}

// PickFile shows the file dialog for a PNG, JPEG or WebP map in win and
// hands what the GM picked to read (nothing when cancelled).
func PickFile(win fyne.Window, read func(name string, r io.ReadCloser)) {
	controls.OpenFile(win, []string{".png", ".jpg", ".jpeg", ".webp"}, func(rc fyne.URIReadCloser) {
		read(rc.URI().Name(), rc)
	})
}

// Read reads the image in r (and closes it) on another goroutine while a
// dialog in win shows the progress (Cancel stops it), detects its grid
// there too, then calls done through post (fyne.Do in the app) on the UI
// goroutine. A cancelled read calls done with context.Canceled.
func Read(win fyne.Window, post func(func()), name string, r io.ReadCloser, done func(*Image, error)) {
	ctx, cancel := context.WithCancel(context.Background())
	bar := widget.NewProgressBar()
	prog := dialog.NewCustom("Reading "+name, "Cancel", container.NewVBox(widget.NewLabel("Reading the image…"), bar), win)
	prog.SetOnClosed(cancel)
	prog.Resize(fyne.NewSize(400, 0))
	prog.Show()
	go func() {
		defer r.Close()
		last := -1
		mi, err := export.ReadMapImage(ctx, r, func(f float64) {
			if pc := int(f * 100); pc != last { // a hundred updates at most
				last = pc
				post(func() { bar.SetValue(f) })
			}
		})
		res := &Image{Name: name, MapImage: mi}
		if err == nil {
			g := &res.Grid
			g.PxPerSquare, g.X, g.Y, g.OK = export.DetectGrid(mi.Image)
		}
		post(func() {
			prog.Hide()
			cancel()
			done(res, err)
		})
	}()
}

// ShowReadError shows why an image could not be read; it says nothing
// of a read the GM cancelled. It reports whether there was an error.
func ShowReadError(win fyne.Window, name string, err error) bool {
	switch {
	case err == nil:
		return false
	case !errors.Is(err, context.Canceled):
		controls.ShowError(win, "Could not import "+name, err)
	}
	return true
}

// Aligned is what the GM settled on in the alignment dialog.
type Aligned struct {
	Placement model.BackgroundPlacement
	Name      string        // the new encounter's name (AlignOptions.NewEncounter)
	Ruleset   model.Ruleset // and its ruleset
}

// AlignOptions set up the alignment dialog.
type AlignOptions struct {
	// Start is the placement the dialog opens with.
	Start model.BackgroundPlacement
	// NewEncounter asks for the new encounter's name and ruleset too,
	// starting from Name and Ruleset.
	NewEncounter bool
	Name         string
	Ruleset      model.Ruleset
	// Apply takes what the GM settled on; its error shows in the dialog,
	// which stays open with what the GM typed.
	Apply func(Aligned) error
	// MapW and MapH are the open map's size, and Holds what it holds that
	// keeps its squares when the image gives it another size ("its walls
	// and terrain, the fog and 2 tokens"; "" nothing): the dialog says so
	// whenever the size it proposes differs (not for a new encounter).
	MapW, MapH int
	Holds      string
}

// AlignDialog is the alignment dialog: the image with the grid the fields
// give it, the two grid points to drag, and the fields.
type AlignDialog struct {
	img     *Image
	opt     AlignOptions
	Aligner *Aligner
	// Squares, PxPerSquare, OffsetX and OffsetY are the typed fields; Name
	// and Ruleset show only for a new encounter.
	Squares, PxPerSquare, OffsetX, OffsetY, Name *controls.EscEntry
	Ruleset                                      *controls.EscSelect
	info                                         *widget.Label
	dlg                                          *dialog.CustomDialog
	body                                         *fyne.Container                // the picture, then the instructions and fields
	quiet                                        bool                           // the fields are being set together
	exact                                        map[*controls.EscEntry]float64 // what setNum put in a field, before shownNum
	// the grid the preview shows: the last placement that made a map
	shown          model.BackgroundPlacement
	shownW, shownH int
}

// ShowAlign shows the alignment dialog for img in win; esc lets Escape
// cancel it.
func ShowAlign(win fyne.Window, esc *controls.Escapes, img *Image, opt AlignOptions) *AlignDialog {
	a := NewAlign(esc, img, opt)
	title := "Align the grid on " + img.Name
	if opt.NewEncounter {
		title = "New encounter from " + img.Name
	}
	a.body = a.content()
	a.dlg = dialog.NewCustomWithoutButtons(title, a.body, win)
	cancel := widget.NewButton("Cancel", a.dlg.Hide)
	apply := widget.NewButton(map[bool]string{true: "Create", false: "Apply"}[opt.NewEncounter], func() {
		if a.Submit() == nil {
			a.dlg.Hide()
		}
	})
	apply.Importance = widget.HighImportance
	for _, en := range []*controls.EscEntry{a.Squares, a.PxPerSquare, a.OffsetX, a.OffsetY, a.Name} {
		en.OnSubmitted = func(string) { apply.OnTapped() } // Enter in a field is Apply or Create
	}
	a.dlg.SetButtons([]fyne.CanvasObject{cancel, apply})
	a.dlg.Resize(alignDialogSize(win.Canvas().Size(), a.body.MinSize()))
	a.dlg.Show()
	// once shown: before, it registered nothing, and Escape did not
	// cancel; Enter with no field focused, or in the ruleset, is Create
	esc.Confirms(a.dlg, apply.OnTapped)
	// the field the GM types first has the keys, so Enter creates or
	// applies and Escape cancels from the start: with none focused, Enter
	// did nothing until a field was clicked; what it holds is selected,
	// so typing replaces the name offered (the file's)
	first := a.PxPerSquare
	if opt.NewEncounter {
		first = a.Name
	}
	win.Canvas().Focus(first)
	first.TypedShortcut(&fyne.ShortcutSelectAll{})
	return a
}

// NewAlign makes the dialog's parts (ShowAlign shows them).
func NewAlign(esc *controls.Escapes, img *Image, opt AlignOptions) *AlignDialog {
	a := &AlignDialog{img: img, opt: opt, exact: map[*controls.EscEntry]float64{}}
	a.Squares, a.PxPerSquare, a.OffsetX, a.OffsetY, a.Name = esc.Entry(), esc.Entry(), esc.Entry(), esc.Entry(), esc.Entry()
	a.Squares.SetText("1")
	a.setNum(a.PxPerSquare, opt.Start.PxPerSquare)
	a.setNum(a.OffsetX, opt.Start.X)
	a.setNum(a.OffsetY, opt.Start.Y)
	a.Name.SetText(opt.Name)
	var titles []string
	for _, r := range model.Rulesets {
		titles = append(titles, rules.Describe(r).Title)
	}
	a.Ruleset = esc.Select(titles, nil) // Escape and Enter answer the dialog in it too
	a.Ruleset.SetSelected(rules.Describe(opt.Ruleset).Title)
	if a.Ruleset.Selected == "" {
		a.Ruleset.SetSelectedIndex(0)
	}
	a.info = widget.NewLabel("")
	a.info.Wrapping = fyne.TextWrapWord
	iw, ih := img.Size()
	a.Aligner = NewAligner(iw, ih, nil)
	a.Aligner.OnPoints = func(p, q Point) { a.fromPoints() }
	a.Aligner.Snap = func(p Point, r float64) Point { return SnapToLines(img.Image, p, r) }
	a.Aligner.Render = func(view image.Rectangle) image.Image {
		return Preview(img.Image, view, a.shown, a.shownW, a.shownH, previewSide)
	}
	update := func(string) {
		if !a.quiet {
			a.update()
		}
	}
	a.PxPerSquare.OnChanged, a.OffsetX.OnChanged, a.OffsetY.OnChanged = update, update, update
	a.Squares.OnChanged = func(string) { a.fromPoints() }
	a.update()
	return a
}

func (a *AlignDialog) content() *fyne.Container {
	items := []*widget.FormItem{
		widget.NewFormItem("Squares between the points", a.Squares),
		widget.NewFormItem("Pixels per square", a.PxPerSquare),
		widget.NewFormItem("Offset x (px)", a.OffsetX),
		widget.NewFormItem("Offset y (px)", a.OffsetY),
	}
	if a.opt.NewEncounter {
		items = append([]*widget.FormItem{widget.NewFormItem("Name", a.Name), widget.NewFormItem("Ruleset", a.Ruleset)}, items...)
	}
	how := widget.NewLabel("Click a grid corner, then another one some squares away along a row, a column or a diagonal, and type how many squares lie between them; a point snaps to the grid lines drawn near it, a ring can be dragged, the wheel zooms and a middle-button or Shift drag moves the zoomed view. Or type the numbers.")
	how.Wrapping = fyne.TextWrapWord
	// the instructions and fields scroll where the window is too short
	// for them beside the picture (alignLayout)
	return container.New(alignLayout{}, a.Aligner, container.NewVScroll(container.NewVBox(how, a.info, widget.NewForm(items...))))
}

// alignDialogChrome is the height the dialog adds to its content: its
// title, its buttons and their padding.
const alignDialogChrome = 120

// alignBeside is the width of the instructions and fields where they go
// beside the picture.
const alignBeside = 440

// alignLeastBeside is the least width of the picture beside the rest.
const alignLeastBeside = 320

// alignDialogSize is the size the alignment dialog asks of a window whose
// canvas is win, for content whose least size (stacked) is least: 600 x
// 720, the picture over the rest, where the window is tall enough for
// that; else as wide as the picture and the rest side by side (Fyne
// makes a dialog no larger than its window).
func alignDialogSize(win, least fyne.Size) fyne.Size {
	if win.Height >= least.Height+alignDialogChrome {
		return fyne.NewSize(600, 720)
	}
	return fyne.NewSize(previewSide+alignBeside+60, 720) // 60: the dialog's padding and the gap

}

// alignLayout lays out the alignment dialog's content, the picture
// (first) and the instructions and fields (second): the picture over
// the rest where the height allows, as it was; where it does not (the
// editor at its least on a netbook at the table, 1024 x 600), the
// picture left of the rest, which is alignBeside wide at the top. Stacked
// in 570 units, Fyne squeezed the picture the GM clicks grid corners on
// to 92 x 66 units while 400 of the window's width stood empty.
type alignLayout struct{}

func (alignLayout) Layout(objs []fyne.CanvasObject, s fyne.Size) {
	pic, sc := objs[0], objs[1]
	rest := restOf(sc)
	pad := theme.Padding()
	if h := fitWidth(rest, s.Width); s.Height-h-pad >= pic.MinSize().Height || s.Width < alignBeside+pad+alignLeastBeside {
		sc.Move(fyne.NewPos(0, s.Height-h))
		sc.Resize(fyne.NewSize(s.Width, h))
		pic.Move(fyne.NewPos(0, 0))
		pic.Resize(fyne.NewSize(s.Width, max(s.Height-h-pad, 0)))
		return
	}
	// beside the picture, no higher than the dialog: over the editor at
	// its least (900 x 460) Offset y lay under the window's edge and
	// Offset x under the Create button; they scroll there
	h := fitWidth(rest, alignBeside)
	sc.Move(fyne.NewPos(s.Width-alignBeside, 0))
	sc.Resize(fyne.NewSize(alignBeside, min(h, s.Height)))
	pic.Move(fyne.NewPos(0, 0))
	pic.Resize(fyne.NewSize(s.Width-alignBeside-pad, s.Height))
}

// restOf is the instructions and fields in o, their scroll.
func restOf(o fyne.CanvasObject) fyne.CanvasObject {
	if sc, ok := o.(*container.Scroll); ok {
		return sc.Content
	}
	return o
}

// fitWidth makes the instructions and fields w wide and as high as their
// text needs at that width, laid out at it, and returns that height. A
// wrapped label's height follows its width, and a container lays out
// again only when its size changes: laid out once at the dialog's width
// and then narrowed, the instructions ran over the grid found and the
// form.
func fitWidth(o fyne.CanvasObject, w float32) float32 {
	relayout := func() {
		if c, ok := o.(*fyne.Container); ok && c.Layout != nil {
			c.Layout.Layout(c.Objects, c.Size())
		}
	}
	o.Resize(fyne.NewSize(w, o.Size().Height))
	relayout() // the labels take the width
	h := o.MinSize().Height
	o.Resize(fyne.NewSize(w, h))
	relayout() // and the heights they need at it
	return h
}

// MinSize is the stacked one's, as the dialog's content asked before.
func (alignLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	pic, rest := objs[0].MinSize(), restOf(objs[1]).MinSize()
	return fyne.NewSize(max(pic.Width, rest.Width), pic.Height+theme.Padding()+rest.Height)
}

// fromPoints sets the fields from the two grid points and the squares
// between them.
func (a *AlignDialog) fromPoints() {
	p, q, ok := a.Aligner.Points()
	if !ok {
		return
	}
	n, err := strconv.Atoi(strings.TrimSpace(a.Squares.Text))
	if err != nil {
		a.info.SetText(fmt.Sprintf("squares between the points: %q is not a whole number (type digits, like 1 or 5)", a.Squares.Text))
		return
	}
	pl, err := PlacementFromPoints(p, q, n)
	if err != nil {
		a.info.SetText(err.Error())
		return
	}
	a.quiet = true
	a.setNum(a.PxPerSquare, pl.PxPerSquare)
	a.setNum(a.OffsetX, pl.X)
	a.setNum(a.OffsetY, pl.Y)
	a.quiet = false
	a.update()
}

// Placement reads the typed fields.
func (a *AlignDialog) Placement() (model.BackgroundPlacement, error) {
	var vals [3]float64
	for i, f := range []struct {
		name string
		en   *controls.EscEntry
	}{{"pixels per square", a.PxPerSquare}, {"offset x", a.OffsetX}, {"offset y", a.OffsetY}} {
		text := strings.TrimSpace(f.en.Text)
		if v, ok := a.exact[f.en]; ok && text == shownNum(v) {
			vals[i] = v // as the dialog put it: the grid found, to the last digit
			continue
		}
		v, err := strconv.ParseFloat(text, 64)
		if err != nil {
			return model.BackgroundPlacement{}, fmt.Errorf("%s: %q is not a number", f.name, f.en.Text)
		}
		vals[i] = v
	}
	return model.BackgroundPlacement{PxPerSquare: vals[0], X: vals[1], Y: vals[2]}, nil
}

// found says what the grid detection found.
func (a *AlignDialog) found() string {
	g := a.img.Grid
	if !g.OK {
		return "No grid found in the image: put two grid points on it or type its pixels per square."
	}
	p := Proposed(a.img.MapImage, g, 0) // as the fields start: a line on the edge at 0
	return fmt.Sprintf("Grid found: %s px a square from (%s, %s).", shownNum(p.PxPerSquare), shownNum(p.X), shownNum(p.Y))
}

// shownNum is v as the dialog shows it, to a hundredth of a pixel
// ("69.94", "70"): the grid found on a real map was said and put in the
// field as "69.93560606060606".
func shownNum(v float64) string {
	r := math.Round(v*100) / 100
	if r == 0 {
		r = 0 // not "-0"
	}
	return strconv.FormatFloat(r, 'f', -1, 64)
}

// setNum puts v in the field en as shownNum shows it, and keeps v: the
// placement takes v itself while the field holds what setNum put there
// (Placement), as 0.0044 px a square short is 0.4 px over 100 squares.
func (a *AlignDialog) setNum(en *controls.EscEntry, v float64) {
	a.exact[en] = v
	en.SetText(shownNum(v))
}

// update redraws the preview for the typed placement and says the map
// size it makes.
func (a *AlignDialog) update() {
	q, err := a.Placement()
	var w, h int
	if err == nil {
		w, h, err = a.img.MapSize(q)
	}
	if err != nil {
		a.info.SetText(a.found() + "\n" + placementWords(err))
		return
	}
	a.info.SetText(fmt.Sprintf("%s\nThe map becomes %d x %d squares.%s%s%s", a.found(), w, h, a.capWords(q, w, h), a.keepWords(w, h), coarseWords(q)))
	a.shown, a.shownW, a.shownH = q, w, h
	a.Aligner.Redraw()
}

// Submit hands the dialog's values to AlignOptions.Apply; an error shows
// in the dialog.
func (a *AlignDialog) Submit() error {
	res := Aligned{Name: a.Name.Text}
	var err error
	res.Placement, err = a.Placement()
	if err == nil && a.opt.NewEncounter {
		res.Ruleset, err = parseRulesetTitle(a.Ruleset.Selected)
	}
	if err == nil && a.opt.Apply != nil {
		err = a.opt.Apply(res)
	}
	if err != nil {
		a.info.SetText(a.found() + "\n" + controls.Sentence(placementWords(err)))
	}
	return err
}

// coarseWords warns, under coarsePx pixels a square, that the picture
// will show little: a 16 x 12 pixel image, with no grid found, was
// proposed as 30 x 22 squares at 0.533 px a square without a word.
func coarseWords(q model.BackgroundPlacement) string {
	if q.PxPerSquare >= coarsePx {
		return ""
	}
	return fmt.Sprintf(" At %s px a square the picture shows little of each square: battle maps have some 50 to 200; type fewer squares across, or pick a larger image.",
		shownNum(q.PxPerSquare))
}

// coarsePx is the least pixels a square the dialog takes without a word.
const coarsePx = 10

// keepWords says, when the image gives the open map another size, that
// what it holds stays where it is, counted from the top-left corner: a
// GM who placed an 80 x 60 image on an 8 x 6 room found its walls, fog
// and tokens in one corner of the new map, which the dialog had not said.
func (a *AlignDialog) keepWords(w, h int) string {
	o := a.opt
	if o.NewEncounter || o.Holds == "" || o.MapW == 0 || w == o.MapW && h == o.MapH {
		return ""
	}
	return fmt.Sprintf(" It is %d x %d now: %s keep their squares, counted from its top-left corner.", o.MapW, o.MapH, o.Holds)
}

// capWords says, when the image holds more whole squares than a map may
// have (model.MaxMapSide a side), which part of it the map keeps: at one
// pixel a square a 3000x2000 image became 1000 x 1000 squares and Apply
// silently kept its top-left 1000x1000 pixels.
func (a *AlignDialog) capWords(q model.BackgroundPlacement, w, h int) string {
	iw, ih := a.img.Size()
	if float64(iw)-q.X < float64(model.MaxMapSide+1)*q.PxPerSquare && float64(ih)-q.Y < float64(model.MaxMapSide+1)*q.PxPerSquare {
		return ""
	}
	num := shownNum
	return fmt.Sprintf(" That is the most a map can have (%d x %d squares): only the image's %s x %s pixels from (%s, %s), its top-left part, are kept; more pixels per square keep more of it.",
		model.MaxMapSide, model.MaxMapSide, num(float64(w)*q.PxPerSquare), num(float64(h)*q.PxPerSquare), num(q.X), num(q.Y))
}

// placementWords words err for the dialog: a placement field the format
// names (map.backgroundPlacement.pxPerSquare) by the field's label.
func placementWords(err error) string {
	var fe *model.FieldError
	if errors.As(err, &fe) {
		switch fe.Field {
		case "map.backgroundPlacement.pxPerSquare":
			return "Pixels per square: " + fe.Msg
		case "map.backgroundPlacement":
			return "Offset x and y: " + fe.Msg
		}
	}
	return err.Error()
}

func parseRulesetTitle(s string) (model.Ruleset, error) {
	for _, r := range model.Rulesets {
		if s == rules.Describe(r).Title {
			return r, nil
		}
	}
	return model.ParseRuleset(s)
}

// NewFromImage is File > New from map image…: the GM picks a PNG, JPEG or
// WebP file, it is read with a progress bar, the GM aligns the grid and
// names the encounter, and Create stores an encounter whose map is the
// image (NewEncounter) in store and calls created with its id. r is the
// ruleset offered first.
func NewFromImage(win fyne.Window, store model.EncounterStore, esc *controls.Escapes, post func(func()), r model.Ruleset, created func(id string)) {
	PickFile(win, func(name string, rc io.ReadCloser) {
		Read(win, post, name, rc, func(img *Image, err error) {
			if ShowReadError(win, name, err) {
				return
			}
			ShowNew(win, store, esc, img, r, created)
		})
	})
}

// ShowNew shows the alignment dialog for a new encounter made of img
// (NewFromImage once the image is read).
func ShowNew(win fyne.Window, store model.EncounterStore, esc *controls.Escapes, img *Image, r model.Ruleset, created func(id string)) *AlignDialog {
	return ShowAlign(win, esc, img, AlignOptions{
		Start: Proposed(img.MapImage, img.Grid, 0), NewEncounter: true,
		Name: strings.TrimSuffix(img.Name, filepath.Ext(img.Name)), Ruleset: r,
		Apply: func(a Aligned) error {
			e, err := NewEncounter(a.Name, a.Ruleset, img.MapImage, a.Placement)
			if err != nil {
				return err
			}
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			if err := store.Save(ctx, e); err != nil {
				return fmt.Errorf("store %q: %w", e.Name, err)
			}
			if created != nil {
				created(e.ID)
			}
			return nil
		},
	})
}
