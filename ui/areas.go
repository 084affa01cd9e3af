package ui

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/rules"
	"encounterplanner/ui/controls"
	"encounterplanner/ui/session"
)

// Area templates (sf2e, issue 14): Encounter > Add area… and key A place
// a burst at the grid intersection nearest the pointer or an emanation,
// cone or line from the selected token; Encounter > Areas… lists each area
// with the creatures it catches and their cover. With an area picked in
// that list or by a Ctrl-click inside it (select tool), R turns a cone or
// line, the arrow keys move a burst and Delete removes it; every change is
// one undo step. The squares come from session.AreaShades, drawn with the
// other overlays and in exports.

// areaTool is what the area commands remember: the last settings used
// (Kind, Radius or Length, Dir, Label, Player) and the picked area.
type areaTool struct {
	last   model.Area
	picked int // 1 + index in Encounter.Areas, 0 = none
	// pickMsg is the status message the pick gave (what the keys do to
	// the area), taken back when the pick is let go
	pickMsg string

	// a burst dragged with Ctrl and the select tool: the area as it was
	// and the square the drag started on
	dragging       bool
	orig           model.Area
	startX, startY int
}

// pressArea is a Ctrl-press with the select tool (Cmd on a Mac, which
// Fyne reports as Ctrl): it picks the area under (x, y), the last drawn on
// top, and starts dragging it. It reports whether there was one.
//
// The gesture was Alt and a click, but Fyne's window toggles the main
// menu when Alt is released with no key typed since its press (a click
// does not count): the File menu opened and took the R meant for the
// cone. The map view now closes that menu again (mapview's holdAlt), and
// the gesture stays Ctrl's: an Alt-press over an area only says so.
func (ed *Editor) pressArea(x, y int) bool {
	if ed.tools.tool != ToolSelect {
		return false
	}
	mods := ed.view.PressModifiers()
	i := session.AreaAt(ed.enc, x, y)
	if i >= 0 && mods&fyne.KeyModifierAlt != 0 && mods&fyne.KeyModifierControl == 0 {
		ed.message("Ctrl-click inside an area picks it")
	}
	if i < 0 || mods&fyne.KeyModifierControl == 0 {
		return false
	}
	ed.Select(-1)
	ed.pickArea(i)
	at := &ed.tools.area
	at.dragging, at.orig, at.startX, at.startY = true, ed.enc.Areas[i], x, y
	return true
}

// dragArea moves the dragged burst with the pointer (no undo step yet).
func (ed *Editor) dragArea(x, y int) bool {
	at := &ed.tools.area
	i := ed.pickedArea()
	if !at.dragging || i < 0 {
		return false
	}
	if at.orig.Kind == model.Burst {
		ed.enc.Areas[i] = at.orig
		_ = session.MoveArea(ed.enc, i, x-at.startX, y-at.startY)
		ed.rebuildOverlays()
	}
	return true
}

// releaseArea ends an area drag: the whole move is one undo step.
func (ed *Editor) releaseArea(x, y int) bool {
	at := &ed.tools.area
	i := ed.pickedArea()
	if !at.dragging || i < 0 {
		at.dragging = false
		return false
	}
	at.dragging = false
	ed.enc.Areas[i] = at.orig
	if at.orig.Kind == model.Burst && (x != at.startX || y != at.startY) {
		if ed.apply("", func(c *model.Encounter) error { return session.MoveArea(c, i, x-at.startX, y-at.startY) }) == nil {
			ed.pickArea(i) // whom it catches now
		}
	}
	ed.rebuildOverlays()
	return true
}

// cancelAreaDrag puts a dragged burst back where it was.
func (ed *Editor) cancelAreaDrag() {
	at := &ed.tools.area
	if i := ed.pickedArea(); at.dragging && i >= 0 {
		ed.enc.Areas[i] = at.orig
		ed.rebuildOverlays()
	}
	at.dragging = false
}

// shiftWheel turns the picked cone or line with Shift and the wheel.
func (ed *Editor) shiftWheel(up bool) bool {
	if ed.pickedArea() < 0 {
		return false
	}
	if up {
		return ed.TurnArea(-1)
	}
	return ed.TurnArea(1)
}

// areasAllowed reports why areas cannot be placed ("" when they can).
func (ed *Editor) areasAllowed() string {
	if !rules.Describe(ed.enc.Ruleset).Areas {
		return "area templates follow the sf2e rules; this encounter uses " + rules.Describe(ed.enc.Ruleset).Title
	}
	return ""
}

// areaMenuItems are Encounter > Add area… and Areas…, disabled (saying
// why in their label) for other rulesets than sf2e.
func (ed *Editor) areaMenuItems(item func(string, func(), fyne.Shortcut) *fyne.MenuItem) []*fyne.MenuItem {
	add := item("Add area…  (A)", ed.addAreaDialog, nil)
	list := item("Areas…", ed.areasDialog, nil)
	if why := ed.areasAllowed(); why != "" {
		// a Fyne menu item has no tooltip: the reason goes in its label
		add.Label, list.Label = "Add area… (sf2e only)", "Areas… (sf2e only)"
		add.Disabled, list.Disabled = true, true
	}
	return []*fyne.MenuItem{add, list}
}

var areaKinds = []string{"burst", "emanation", "cone", "line"}

// addAreaDialog asks for an area's kind, size, direction, label and
// whether the players see it, then places it as PlaceArea does.
func (ed *Editor) addAreaDialog() {
	if why := ed.areasAllowed(); why != "" {
		ed.message(why)
		return
	}
	last := ed.lastArea()
	kind := ed.esc.Select(areaKinds, nil) // Escape and Enter answer the dialog here too
	kind.SetSelected(last.Kind.String())
	size := ed.esc.Entry()
	size.SetText(strconv.Itoa(max(last.Radius, last.Length)))
	var dirs []string
	for f := model.N; f <= model.NW; f++ {
		dirs = append(dirs, f.String())
	}
	dir := ed.esc.Select(dirs, nil)
	dir.SetSelected(last.Dir.String())
	label := ed.esc.Entry()
	label.SetText(last.Label)
	player := ed.esc.Check("Show on the player display", nil)
	player.SetChecked(last.Player)
	const sizeLabel = "Radius or length"
	var d *dialog.FormDialog
	// a value that does not work shows the form again as typed, the error
	// over it, the cursor then in the field it names
	refuse := func(field fyne.Focusable, err error) {
		ed.esc.Refuse(d, d.Submit, field, "Area not placed", err)
	}
	d = dialog.NewForm("Add area", "Place", "Cancel", []*widget.FormItem{
		widget.NewFormItem("Kind", kind),
		widget.NewFormItem(sizeLabel+" (ft)", size),
		widget.NewFormItem("Cone direction", dir),
		widget.NewFormItem("Label", label),
		widget.NewFormItem("", player),
	}, func(ok bool) {
		if !ok {
			return
		}
		k, err := model.ParseAreaKind(kind.Selected)
		if err != nil {
			refuse(nil, err)
			return
		}
		ft, err := ed.areaFeet(size.Text, sizeLabel)
		if err != nil {
			refuse(size, err)
			return
		}
		a := model.Area{Kind: k, Label: strings.TrimSpace(label.Text), Player: player.Checked}
		a.Dir = model.Facing(max(dir.SelectedIndex(), 0))
		if k == model.Cone || k == model.Line {
			a.Length = ft
		} else {
			a.Radius = ft
		}
		ed.status.quiet = true // the error dialog says it, in the form's words
		err = ed.placeArea(a)
		ed.status.quiet = false
		if err != nil {
			key, err := formError(err, map[string]string{"radius": sizeLabel, "length": sizeLabel, "label": "Label"})
			field := map[string]fyne.Focusable{"radius": size, "length": size, "label": label}[key]
			refuse(field, err)
		}
	}, ed.win)
	size.OnSubmitted = func(string) { d.Submit() }
	label.OnSubmitted = size.OnSubmitted
	d.Resize(fyne.NewSize(360, 0))
	d.Show()
	ed.esc.Confirms(d, d.Submit)
}

// areaFeet reads an area's radius or length typed in the field labelled
// label: whole squares of the map's scale, at most the map's diagonal (an
// area larger than that only covers the whole map, and a huge one cost
// time to draw).
func (ed *Editor) areaFeet(text, label string) (int, error) {
	ft, err := strconv.Atoi(strings.TrimSpace(text))
	if err != nil {
		return 0, fmt.Errorf("%s: %q is not a whole number of feet (type digits, like 20)", label, text)
	}
	fps := ed.enc.Feet()
	if ft <= 0 || ft%fps != 0 {
		return 0, fmt.Errorf("%s must be a positive multiple of %d feet (one square), not %d", label, fps, ft)
	}
	if most := ed.areaMostFeet(); ft > most {
		return 0, fmt.Errorf("%s must be at most %d feet (the map's diagonal), not %d", label, most, ft)
	}
	return ft, nil
}

// areaMostFeet is the largest radius or length an area may have on this
// map: its diagonal in feet, rounded up to whole squares.
func (ed *Editor) areaMostFeet() int {
	g := ed.enc.Grid
	return int(math.Ceil(math.Hypot(float64(g.W), float64(g.H)))) * ed.enc.Feet()
}

// lastArea is the settings key A repeats: the last placed, or a 10-ft burst.
func (ed *Editor) lastArea() model.Area {
	if ed.tools.area.last.Kind == 0 {
		return model.Area{Kind: model.Burst, Radius: 10}
	}
	return ed.tools.area.last
}

// PlaceArea adds an area with the settings of a (Kind, Radius or Length,
// Dir for a cone, Label, Player): a burst centred on the grid intersection
// nearest the pointer (the map's middle when the pointer is away), the
// others from the selected token (a line pointing the cone direction). It
// reports whether the area was placed; a refusal goes to the status bar.
func (ed *Editor) PlaceArea(a model.Area) bool {
	err := ed.placeArea(a)
	if err != nil {
		ed.message(err.Error())
	}
	return err == nil
}

// placeArea is PlaceArea, saying why it placed nothing.
func (ed *Editor) placeArea(a model.Area) error {
	if why := ed.areasAllowed(); why != "" {
		return errors.New(why)
	}
	ed.tools.area.last = a
	switch a.Kind {
	case model.Burst:
		a.Dir = model.N
		a.X, a.Y = ed.enc.Grid.W/2, ed.enc.Grid.H/2
		if x, y, in := ed.view.PointerPoint(); in {
			a.X = min(max(int(math.Round(x)), 0), ed.enc.Grid.W)
			a.Y = min(max(int(math.Round(y)), 0), ed.enc.Grid.H)
		}
	default:
		if ed.sel < 0 || ed.sel >= len(ed.enc.Tokens) {
			return fmt.Errorf("select the token the %s comes from first", a.Kind)
		}
		t := &ed.enc.Tokens[ed.sel]
		a.Token = t.Name
		if a.Kind == model.Emanation {
			a.Dir = model.N
		}
		if a.Kind == model.Line {
			// a line points one square the cone direction, then turns to it
			d := a.Dir
			a.Dir = model.N
			a.Toward = [2]int{t.X, t.Y}
			if err := ed.apply("", func(c *model.Encounter) error {
				c.Areas = append(c.Areas, a)
				i := len(c.Areas) - 1
				// start east of the token, then turn to d
				k := c.Space(&c.Tokens[ed.sel])
				c.Areas[i].Toward = [2]int{min(t.X+k, c.Grid.W-1), t.Y}
				return session.RotateArea(c, i, int(d)-int(model.E))
			}); err != nil {
				return err
			}
			ed.pickArea(len(ed.enc.Areas) - 1)
			return nil
		}
	}
	if err := ed.apply("", func(c *model.Encounter) error {
		c.Areas = append(c.Areas, a)
		return nil
	}); err != nil {
		return err
	}
	ed.pickArea(len(ed.enc.Areas) - 1)
	return nil
}

// pickArea makes area i the one R, the arrows and Delete act on (-1: none),
// and says whom it catches and what the keys do to it.
func (ed *Editor) pickArea(i int) {
	if i < 0 || i >= len(ed.enc.Areas) {
		ed.unpickArea()
		return
	}
	ed.tools.area.picked = i + 1
	caught, err := session.AreaCaught(ed.enc, i)
	who := "no creature caught"
	if err != nil {
		who = err.Error()
	} else if len(caught) > 0 {
		who = strings.Join(caught, ", ")
	}
	a := ed.enc.Areas[i]
	msg := session.AreaName(a) + ": " + who + " (" + areaKeys(a.Kind) + ")"
	ed.message(msg)
	ed.tools.area.pickMsg = msg
}

// areaKeys says what the keys do to a picked area of kind k: R turns only
// a cone or a line, the arrows move only a burst.
func areaKeys(k model.AreaKind) string {
	switch k {
	case model.Cone, model.Line:
		return "R or Shift+wheel turns it, Delete removes it"
	case model.Burst:
		return "the arrows or a Ctrl-drag move it, Delete removes it"
	}
	return "it follows its token; Delete removes it"
}

// unpickArea lets go of the picked area, and of the status message that
// said what the keys do to it: R picks the Rect tool again, and the
// status line no longer says it turns a cone.
func (ed *Editor) unpickArea() {
	at := &ed.tools.area
	if at.picked != 0 && at.pickMsg != "" && ed.status.msgLabel.Text == at.pickMsg {
		ed.message("")
	}
	at.picked, at.pickMsg = 0, ""
}

// pickedArea is the picked area's index, or -1.
func (ed *Editor) pickedArea() int {
	if i := ed.tools.area.picked - 1; i >= 0 && i < len(ed.enc.Areas) {
		return i
	}
	return -1
}

// TurnArea turns the picked cone or line by steps eighths of a turn.
func (ed *Editor) TurnArea(steps int) bool {
	i := ed.pickedArea()
	if i < 0 {
		return false
	}
	if ed.apply("", func(c *model.Encounter) error { return session.RotateArea(c, i, steps) }) != nil {
		return false
	}
	ed.pickArea(i) // whom it catches now
	return true
}

// MoveArea moves the picked burst by (dx, dy) grid lines.
func (ed *Editor) MoveArea(dx, dy int) bool {
	i := ed.pickedArea()
	if i < 0 {
		return false
	}
	if ed.apply("", func(c *model.Encounter) error { return session.MoveArea(c, i, dx, dy) }) != nil {
		return false
	}
	ed.pickArea(i) // whom it catches now
	return true
}

// DeleteArea removes the picked area.
func (ed *Editor) DeleteArea() bool {
	i := ed.pickedArea()
	if i < 0 {
		return false
	}
	name := session.AreaName(ed.enc.Areas[i])
	if ed.apply("", func(c *model.Encounter) error {
		c.Areas = append(c.Areas[:i], c.Areas[i+1:]...)
		return nil
	}) != nil {
		return false
	}
	ed.unpickArea()
	ed.message(name + " deleted (Ctrl+Z brings it back)")
	return true
}

// areaKey handles the picked area's keys; it reports whether it used ev.
func (ed *Editor) areaKey(ev *fyne.KeyEvent) bool {
	if ed.pickedArea() < 0 {
		return false
	}
	switch ev.Name {
	case fyne.KeyDelete, fyne.KeyBackspace:
		return ed.DeleteArea()
	case fyne.KeyUp:
		return ed.MoveArea(0, -1)
	case fyne.KeyDown:
		return ed.MoveArea(0, 1)
	case fyne.KeyLeft:
		return ed.MoveArea(-1, 0)
	case fyne.KeyRight:
		return ed.MoveArea(1, 0)
	}
	return false
}

// AreaLines are the Areas… list: each area's name, then the creatures it
// catches with their cover, or why the rules refuse it.
func (ed *Editor) AreaLines() []string {
	var out []string
	for i, a := range ed.enc.Areas {
		out = append(out, session.AreaName(a))
		caught, err := session.AreaCaught(ed.enc, i)
		switch {
		case err != nil:
			out = append(out, "    "+err.Error())
		case len(caught) == 0:
			out = append(out, "    no creature caught")
		}
		for _, c := range caught {
			out = append(out, "    "+c)
		}
	}
	return out
}

// areasDialog lists the areas and whom they catch; picking one lets the
// keys act on it.
func (ed *Editor) areasDialog() {
	if len(ed.enc.Areas) == 0 {
		ed.message("no areas yet: Encounter > Add area… places one")
		return
	}
	names := make([]string, len(ed.enc.Areas))
	for i, a := range ed.enc.Areas {
		names[i] = session.AreaName(a)
	}
	caught := widget.NewLabel(strings.Join(ed.AreaLines(), "\n"))
	pick := ed.esc.Select(names, nil) // Escape closes the dialog here too
	if i := ed.pickedArea(); i >= 0 {
		pick.SetSelectedIndex(i)
	}
	pick.OnChanged = func(string) { ed.pickArea(pick.SelectedIndex()) }
	del := controls.NewPaneButton("Delete picked area", func() {
		ed.DeleteArea()
		caught.SetText(strings.Join(ed.AreaLines(), "\n"))
	})
	// the list takes the dialog's height above the picker: in a VBox its
	// scroll shrank to one line, hiding whom the areas catch
	list := container.NewBorder(nil, container.NewVBox(widget.NewForm(widget.NewFormItem("Pick", pick)), del), nil, nil, container.NewVScroll(caught))
	d := dialog.NewCustom("Areas", "Close", list, ed.win)
	d.Resize(fyne.NewSize(420, 360))
	d.Show()
	ed.esc.Closes(d)
}
