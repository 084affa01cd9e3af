package ui

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/rules"
	"encounterplanner/ui/controls"
	"encounterplanner/ui/library"
	"encounterplanner/ui/session"
)

func (ed *Editor) menu() *fyne.MainMenu {
	item := func(label string, f func(), sc fyne.Shortcut) *fyne.MenuItem {
		it := fyne.NewMenuItem(label, func() {
			// the driver fires a menu item's shortcut before anything else,
			// even with a dialog over the map; the menu itself cannot be
			// opened then, so only a shortcut gets here with one open
			if !controls.DialogOpen(ed.win) {
				f()
			}
		})
		it.Shortcut = sc
		return it
	}
	file := fyne.NewMenu("File",
		item("New encounter…", func() { library.ShowNewDialog(ed.win, ed.store, ed.esc, ed.openOther) }, nil),
		item("Open library…", func() {
			if ed.OnLibrary != nil {
				ed.saveBeforeLeaving(ed.OnLibrary)
			}
		}, nil),
		item("Save", func() { ed.SaveNow() }, editorShortcuts[3]),
		item("Save as copy", func() { ed.SaveAsCopy() }, nil),
	)
	file.Items = append(file.Items, ed.exportItems()...)
	file.Items = append(file.Items, item("New from map image…", ed.newFromMapImage, nil)) // imageimport.go; last, so the items above keep their places
	if ed.readOnly() {
		// what would write to the library is off, as in the library's
		// window; the banner says why
		for _, it := range file.Items {
			switch it.Label {
			case "New encounter…", "Save", "Save as copy", "Import encounter file…", "Import Universal VTT…", "New from map image…":
				it.Disabled = true
			}
		}
	}

	quit := fyne.NewMenuItem("Quit", ed.quitAsked) // asks first mid-import (quitimport.go)
	quit.IsQuit = true                             // replaces the driver's own Quit, which would skip the save
	quit.Shortcut = &desktop.CustomShortcut{KeyName: fyne.KeyQ, Modifier: fyne.KeyModifierShortcutDefault}
	file.Items = append(file.Items, fyne.NewMenuItemSeparator(), quit)
	edit := fyne.NewMenu("Edit",
		item("Undo", ed.Undo, editorShortcuts[0]),
		item("Redo", ed.Redo, editorShortcuts[1]),
		fyne.NewMenuItemSeparator(),
		item("Duplicate token", ed.DuplicateToken, editorShortcuts[4]),
		item("Delete token", ed.DeleteToken, &desktop.CustomShortcut{KeyName: fyne.KeyDelete}),
	)
	grid := fyne.NewMenuItem("Grid lines", nil)
	grid.Checked = ed.view.GridShown()
	grid.Action = func() {
		on := !ed.view.GridShown()
		ed.view.SetGrid(on)
		if ed.player != nil {
			ed.player.View().SetGrid(on)
		}
		ed.win.SetMainMenu(ed.menu())
	}
	playerItem := item("Player display", ed.togglePlayer, nil)
	playerItem.Checked = ed.player != nil
	ruler := fyne.NewMenuItem("Ruler (M)", ed.ToggleRuler)
	ruler.Checked = ed.gest.ruler.On
	shareRuler := fyne.NewMenuItem("Share ruler on player display", func() { ed.ShareRuler(!ed.gest.ruler.Share) })
	shareRuler.Checked = ed.gest.ruler.Share
	view := fyne.NewMenu("View",
		item("Zoom in  (+, wheel)", func() { ed.view.ZoomCentre(1.25) }, nil),
		item("Zoom out  (-, wheel)", func() { ed.view.ZoomCentre(0.8) }, nil),
		item("Fit the map", ed.view.Fit, editorShortcuts[5]),
		grid,
		fyne.NewMenuItemSeparator(),
		playerItem,
		item("Player display full screen", ed.togglePlayerFullScreen, &desktop.CustomShortcut{KeyName: fyne.KeyF11}),
		item("Calibrate player display…", ed.calibratePlayer, nil),
		fyne.NewMenuItemSeparator(),
		ruler,
		shareRuler,
	)
	rs := fyne.NewMenuItem("Ruleset", nil)
	for _, r := range model.Rulesets {
		r := r
		it := fyne.NewMenuItem(rules.Describe(r).Title, func() { ed.SwitchRuleset(r) })
		it.Checked = r == ed.enc.Ruleset
		rs.ChildMenu = appendItem(rs.ChildMenu, it)
	}
	enc := fyne.NewMenu("Encounter",
		item("Rename…", ed.renameDialog, nil),
		item("Map size and scale…", ed.mapDialog, nil),
		item("Add or remove rows and columns…", ed.marginsDialog, nil),
		item("Crop to content", func() { ed.CropToContent() }, nil),
		rs,
		fyne.NewMenuItemSeparator(),
		item("Party…", ed.partyDialog, nil), // threat.go
		ed.fightItem(item),                  // fightpanel.go
		item("Import map image…", ed.importMapImageDialog, nil), // after Ruleset: the e2e finds Ruleset by its place
	)
	enc.Items = append(enc.Items, ed.areaMenuItems(item)...) // areas.go
	// last, so the items above keep their places (the e2e finds them so)
	enc.Items = append(enc.Items, fyne.NewMenuItemSeparator(), ed.fallItem(item)) // fall.go
	help := fyne.NewMenu("Help",
		item("Shortcuts and rules", func() { showHelp(ed.win) }, nil),
	)
	return fyne.NewMainMenu(file, edit, view, enc, ed.fogMenu(item), help)
}

func appendItem(m *fyne.Menu, it *fyne.MenuItem) *fyne.Menu {
	if m == nil {
		m = fyne.NewMenu("")
	}
	m.Items = append(m.Items, it)
	return m
}

func (ed *Editor) renameDialog() {
	en := ed.esc.Entry()
	en.SetText(ed.enc.Name)
	var d *dialog.FormDialog
	d = dialog.NewForm("Rename encounter", "Rename", "Cancel", []*widget.FormItem{widget.NewFormItem("Name", en)}, func(ok bool) {
		if !ok {
			return
		}
		name := strings.TrimSpace(en.Text)
		if name == "" {
			ed.esc.Refuse(d, d.Submit, en, "Could not rename the encounter", fmt.Errorf("type a name for the encounter"))
			return
		}
		if ed.store != nil {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			err := library.NameTaken(ctx, ed.store, ed.enc.ID, name)
			cancel()
			if err != nil {
				ed.esc.Refuse(d, d.Submit, en, "Could not rename the encounter", err)
				return
			}
		}
		if err := ed.apply("", func(c *model.Encounter) error { c.Name = name; return nil }); err != nil {
			ed.esc.Refuse(d, d.Submit, en, "Could not rename the encounter", err)
		}
	}, ed.win)
	d.Resize(fyne.NewSize(400, 0))
	ed.esc.ShowNameDialog(d, en)
}

func (ed *Editor) mapDialog() {
	w, h, f := ed.esc.Entry(), ed.esc.Entry(), ed.esc.Entry()
	w.SetText(strconv.Itoa(ed.enc.Grid.W))
	h.SetText(strconv.Itoa(ed.enc.Grid.H))
	f.SetText(strconv.Itoa(ed.enc.Feet()))
	var d *dialog.FormDialog
	submit := func(string) { d.Submit() }
	w.OnSubmitted, h.OnSubmitted, f.OnSubmitted = submit, submit, submit
	items := []*widget.FormItem{
		widget.NewFormItem("Width (squares)", w),
		widget.NewFormItem("Height (squares)", h),
	}
	if rules.Describe(ed.enc.Ruleset).Points {
		// points counts squares and points, never feet: the map keeps its
		// feet a square for a switch back (f, unchanged), and the form
		// says how the ruleset counts where it asked "Feet per square"
		scale := widget.NewLabel(squareWords(ed.enc.Ruleset, ed.enc.Feet()))
		scale.Importance = widget.LowImportance
		items = append(items, widget.NewFormItem("Scale", scale))
	} else {
		items = append(items, widget.NewFormItem("Feet per square", f))
	}
	d = dialog.NewForm("Map size and scale", "Apply", "Cancel", items, func(ok bool) {
		if !ok {
			return
		}
		// a value that does not work shows the form again as typed, the
		// error naming the field, the cursor then in it
		var v [3]int
		for i, fl := range []struct {
			label string
			en    *controls.EscEntry
			most  int
		}{{"Width", w, model.MaxMapSide}, {"Height", h, model.MaxMapSide}, {"Feet per square", f, 0}} {
			n, err := strconv.Atoi(strings.TrimSpace(fl.en.Text))
			switch {
			case err != nil:
				err = fmt.Errorf("%s: %q is not a whole number (type digits, like 20)", fl.label, fl.en.Text)
			case n < 1 || fl.most > 0 && n > fl.most:
				err = fmt.Errorf("%s must be 1 to %d squares, not %d", fl.label, fl.most, n)
				if fl.most == 0 {
					err = fmt.Errorf("%s must be at least 1, not %d", fl.label, n)
				}
			}
			if err != nil {
				ed.esc.Refuse(d, d.Submit, fl.en, "Map size not changed", err)
				return
			}
			v[i] = n
		}
		resize := func() {
			if err := ed.ResizeMap(v[0], v[1], v[2]); err != nil {
				key, err := formError(err, map[string]string{"feetPerSquare": "Feet per square"})
				var field fyne.Focusable
				if key != "" {
					field = f
				}
				ed.esc.Refuse(d, d.Submit, field, "Map size not changed", err)
			}
		}
		// say first what the new scale or size does to the area templates
		preview := ed.enc.Clone()
		reshape(preview, v[0], v[1], v[2])
		fit := session.FitAreas(preview)
		heights := session.FitElevations(preview) // a flyer 5 ft up on 10-ft squares
		if fit.Empty() && len(heights) == 0 {
			resize()
			return
		}
		lines := fit.Lines(preview.Ruleset, preview.Feet())
		if len(heights) > 0 {
			lines = append(lines, "Heights go to the nearest square:")
			for _, h := range heights {
				lines = append(lines, "• "+h)
			}
		}
		lbl := widget.NewLabel(strings.Join(lines, "\n") + "\n\nApply? (Ctrl+Z undoes it all.)")
		lbl.Wrapping = fyne.TextWrapWord
		c := dialog.NewCustomConfirm("Change the map?", "Apply", "Cancel", lbl, func(ok bool) {
			if ok {
				resize()
				return
			}
			d.Show() // back to the form as typed
			ed.esc.Confirms(d, d.Submit)
		}, ed.win)
		c.Resize(fyne.NewSize(440, 0))
		c.Show()
		ed.esc.Confirms(c, c.Confirm)
	}, ed.win)
	// a form sized to its contents left 40-pixel fields: "22" fitted, a
	// 1000-square side did not
	d.Resize(fyne.NewSize(360, 0))
	ed.esc.ShowNameDialog(d, w)
}

// ResizeMap changes the map to w x h squares of feet each; a token or note
// outside the new size refuses it, named in the error.
func (ed *Editor) ResizeMap(w, h, feet int) error {
	if w < 1 || h < 1 || w > model.MaxMapSide || h > model.MaxMapSide {
		return fmt.Errorf("the map must be 1 to %d squares on each side, not %d x %d", model.MaxMapSide, w, h)
	}
	before := ed.enc
	ed.status.quiet = true
	var fit session.AreaFit
	err := ed.apply("", func(c *model.Encounter) error {
		reshape(c, w, h, feet)
		fit = session.FitAreas(c) // in the same undo step
		session.FitElevations(c)  // as the dialog said
		return nil
	})
	ed.status.quiet = false
	if err != nil {
		err = mapSizeError(before, w, h, err)
		ed.message(err.Error())
		return err
	}
	if n := areaNote(fit, before.Ruleset, ed.enc.Ruleset); n != "" {
		ed.message(fmt.Sprintf("map is %d x %d squares%s%s", w, h, squaresOf(ed.enc), n))
	}
	return nil
}

// squaresOf says what a square of e's map is after "map is 8 x 6 squares":
// " of 5 ft", or nothing where the ruleset counts no feet (points).
func squaresOf(e *model.Encounter) string {
	if rules.Describe(e.Ruleset).Points {
		return ""
	}
	return fmt.Sprintf(" of %d ft", e.Feet())
}

// reshape makes c's map w x h squares of feet each (fog, GM-only squares
// and walls too), its areas left for session.FitAreas.
func reshape(c *model.Encounter, w, h, feet int) {
	c.ReshapeMap(0, 0, w, h)
	if feet == c.Ruleset.DefaultFeetPerSquare() {
		feet = 0
	}
	c.FeetPerSquare = feet
}

// marginsDialog asks how many squares to add (or, negative, remove) on
// each side of the map.
func (ed *Editor) marginsDialog() {
	var ens [4]*controls.EscEntry
	for i := range ens {
		ens[i] = ed.esc.Entry()
		ens[i].SetText("0")
	}
	var d *dialog.FormDialog
	submit := func(string) { d.Submit() }
	for _, en := range ens {
		en.OnSubmitted = submit
	}
	hint := widget.NewLabel(fmt.Sprintf("The map is %d x %d squares. Type the squares to add on each side, or a negative number to remove them; walls, fog, tokens, notes and the background move with the map.", ed.enc.Grid.W, ed.enc.Grid.H))
	hint.Wrapping = fyne.TextWrapWord
	d = dialog.NewForm("Add or remove rows and columns", "Apply", "Cancel", []*widget.FormItem{
		widget.NewFormItem("", hint),
		widget.NewFormItem("Left", ens[0]),
		widget.NewFormItem("Top", ens[1]),
		widget.NewFormItem("Right", ens[2]),
		widget.NewFormItem("Bottom", ens[3]),
	}, func(ok bool) {
		if !ok {
			return
		}
		var v [4]int
		for i, en := range ens {
			n, err := strconv.Atoi(strings.TrimSpace(en.Text))
			if err != nil {
				ed.esc.Refuse(d, d.Submit, en, "Map size not changed", fmt.Errorf("%s: %q is not a whole number (type digits, like 2 or -1)", [4]string{"left", "top", "right", "bottom"}[i], en.Text))
				return
			}
			v[i] = n
		}
		if err := ed.Reframe(session.Margins{Left: v[0], Top: v[1], Right: v[2], Bottom: v[3]}); err != nil {
			ed.esc.Refuse(d, d.Submit, nil, "Map size not changed", err)
		}
	}, ed.win)
	d.Resize(fyne.NewSize(420, 0))
	ed.esc.ShowNameDialog(d, ens[0])
}

// Reframe adds or removes m's squares on each side of the map, moving the
// tokens, notes and background with it (session.Reframe); it is one undo
// step. A token or note it would cut off refuses it, named in the error.
func (ed *Editor) Reframe(m session.Margins) error {
	if m.Zero() {
		return nil
	}
	ed.status.quiet = true
	err := ed.apply("", func(c *model.Encounter) error { return session.Reframe(c, m) })
	ed.status.quiet = false
	if err != nil {
		ed.message("map size not changed: " + err.Error())
		return err
	}
	ed.view.Fit()
	ed.message(fmt.Sprintf("the map is now %d x %d squares (Ctrl+Z undoes it)", ed.enc.Grid.W, ed.enc.Grid.H))
	return nil
}

// CropToContent cuts the map down to the squares that hold terrain,
// tokens or notes.
func (ed *Editor) CropToContent() error {
	m, ok := session.ContentMargins(ed.enc)
	if !ok {
		ed.message("nothing to crop: the map holds nothing but open ground, or nothing lies outside its content")
		return nil
	}
	return ed.Reframe(m)
}
