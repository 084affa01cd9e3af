// Package library is the first window: the list of stored encounters,
// with New, Open, Rename, Duplicate and Delete, importing encounter files
// and Universal VTT maps into the store, and exporting a stored encounter
// as either.
package library

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/rules"
	"encounterplanner/ui/controls"
	"encounterplanner/ui/export"
	"encounterplanner/ui/filesave"
	"encounterplanner/ui/mapimport"
	"encounterplanner/ui/session"
)

// Library is the list of stored encounters: open, create, rename,
// duplicate, delete and export them.
type Library struct {
	win     fyne.Window
	store   model.EncounterStore
	items   []model.Summary // the listed ones: those the search finds, in the chosen order
	threats []string        // items[i]'s XP and threat for its party ("XP 80 · moderate"), or ""
	sel     int

	// every stored encounter, as the store lists them (last changed
	// first), with its threat; the search and the order (search.go)
	all        []model.Summary
	allThreats []string
	search     *searchEntry
	order      listOrder
	heads      []*headLabel
	list       *widget.List
	empty      *widget.Label
	content    fyne.CanvasObject
	open       func(id string)
	esc        *controls.Escapes // the window's dialogs that Escape cancels
	files      *filesave.Saver   // the exports' Save dialogs and writes
	leftOut    string            // what the store left out of the encounter an export is writing
	mapLeaves  string            // what a Universal VTT export's map file leaves out (export.UVTTLeavesOut), said with what it wrote
	news       *widget.Label     // what an export wrote, on newsBar
	newsBar    *fyne.Container   // under the list, hidden until there is news

	// deleted are the encounters deleted here, as they were stored, the
	// last one last (at most maxUndoDeletes): Undo delete (undoBtn on
	// the news line, Ctrl+Z) stores the last again.
	deleted []*model.Encounter
	undoBtn *widget.Button

	// OnHelp, when set, shows the app's help (Help > Shortcuts and rules).
	OnHelp func()
	// OnRenamed and OnDeleted, when set, hear of an encounter renamed or
	// deleted here (the player display may be showing it).
	OnRenamed func(id, name string)
	OnDeleted func(id string)

	fileMenu    *fyne.Menu
	closePlayer func() // View > Player display closes it; nil: none is open

	newBtn, openBtn, renBtn, dupBtn, delBtn *widget.Button
	readOnly                                bool // the store cannot be written: what would write is off
}

// New makes the library view for store in win and installs it;
// open is called with the id of the encounter to edit.
func New(win fyne.Window, store model.EncounterStore, open func(id string)) *Library {
	l := &Library{win: win, store: store, sel: -1, open: open, esc: controls.NewEscapes(win), readOnly: store.ReadOnly()}
	l.list = widget.NewList(
		func() int { return len(l.items) },
		func() fyne.CanvasObject { return newLibRow(l) },
		func(id widget.ListItemID, o fyne.CanvasObject) { o.(*libRow).set(id, l.items[id], l.threats[id]) },
	)
	l.list.OnSelected = func(id widget.ListItemID) { l.sel = id; l.updateButtons() }
	l.list.OnUnselected = func(id widget.ListItemID) {
		if l.sel == id {
			l.sel = -1
		}
		l.updateButtons()
	}
	newBtn := widget.NewButton("New…", l.NewDialog)
	newBtn.Importance = widget.HighImportance
	l.newBtn = newBtn
	l.openBtn = widget.NewButton("Open", l.openSelected)
	l.renBtn = widget.NewButton("Rename…", l.RenameSelected)
	l.dupBtn = widget.NewButton("Duplicate", l.DuplicateSelected)
	l.delBtn = widget.NewButton("Delete…", l.DeleteSelected)
	l.delBtn.Importance = widget.DangerImportance
	l.search = newSearchEntry(l)
	bar := container.NewBorder(nil, nil, container.NewHBox(newBtn, l.openBtn, l.renBtn, l.dupBtn, l.delBtn), nil, l.search)
	l.order = savedOrder()
	header := container.New(&colsLayout{}, l.headers()...)
	l.empty = widget.NewLabel("No encounters yet. New… makes one.")
	l.empty.Hide()
	title := widget.NewLabelWithStyle("Encounter library", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	hint := widget.NewLabel("Double-click or Enter opens an encounter.")
	top := container.NewVBox(container.NewBorder(nil, nil, title, hint))
	if l.readOnly {
		// what would write is off, as Open is with nothing selected;
		// Fyne has no tooltips, so the banner says why
		newBtn.Disable()
		top.Add(ReadOnlyBanner(nil))
	}
	top.Add(bar)
	top.Add(header)
	top.Add(widget.NewSeparator())
	// the library's news line, as the editor's status bar is its: what
	// an export wrote (a dialog to dismiss for it, or the title, which
	// the GM does not watch, fit worse)
	l.news = widget.NewLabel("")
	l.news.Truncation = fyne.TextTruncateEllipsis
	l.undoBtn = widget.NewButton("Undo delete", l.UndoDelete)
	l.undoBtn.Hide()
	l.newsBar = container.NewVBox(widget.NewSeparator(), container.NewBorder(nil, nil, nil, l.undoBtn, l.news))
	l.newsBar.Hide()
	l.files = &filesave.Saver{Win: win, Esc: l.esc, Post: fyne.Do, Say: l.say}
	l.content = container.NewBorder(top, l.newsBar, nil, nil,
		container.NewStack(l.list, container.NewCenter(l.empty)))
	win.SetContent(l.content)
	win.SetTitle("Encounter Planner — library")
	win.SetOnDropped(l.dropped)
	writes := []*fyne.MenuItem{ // off in a read-only library
		fyne.NewMenuItem("New encounter…", l.NewDialog),
		fyne.NewMenuItem("Import encounter file…", func() { ImportDialog(win, store, false, fyne.Do, l.imported) }),
		fyne.NewMenuItem("Import Universal VTT…", func() { ImportDialog(win, store, true, fyne.Do, l.imported) }),
		fyne.NewMenuItem("New from map image…", func() {
			if !RefuseReadOnly(win, store, "create the encounter") {
				mapimport.NewFromImage(win, store, l.esc, fyne.Do, model.Rulesets[0], l.imported)
			}
		}),
	}
	for _, it := range writes {
		it.Disabled = l.readOnly
	}
	l.fileMenu = fyne.NewMenu("File", writes[0], fyne.NewMenuItem("Open", l.openSelected),
		fyne.NewMenuItemSeparator(),
		writes[1], writes[2], writes[3],
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem("Export encounter file…", func() { l.ExportSelected(filesave.EncounterFile) }),
		fyne.NewMenuItem("Export Universal VTT…", func() { l.ExportSelected(filesave.UVTT) }))
	l.setMenu()
	win.Canvas().SetOnTypedKey(func(ev *fyne.KeyEvent) {
		if l.esc.Key(ev) { // a dialog's Escape or Enter
			return
		}
		if controls.DialogOpen(win) {
			return // Enter or Delete with a confirmation up is not for the list
		}
		if controls.MenuKey(win.Canvas(), ev) { // F10: the menus from the keyboard
			return
		}
		switch ev.Name {
		case fyne.KeyReturn, fyne.KeyEnter:
			l.openSelected()
		case fyne.KeyDown:
			if l.sel+1 < len(l.items) {
				l.list.Select(l.sel + 1)
			}
		case fyne.KeyUp:
			if l.sel > 0 {
				l.list.Select(l.sel - 1)
			}
		case fyne.KeyDelete:
			l.DeleteSelected()
		}
	})
	// typing a name with nothing focused searches for it
	win.Canvas().SetOnTypedRune(func(r rune) {
		if controls.DialogOpen(win) {
			return
		}
		win.Canvas().Focus(l.search)
		l.search.TypedRune(r)
	})
	win.Canvas().AddShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyF, Modifier: fyne.KeyModifierShortcutDefault}, func(fyne.Shortcut) {
		win.Canvas().Focus(l.search)
	})
	// Ctrl+Z brings back the last encounter deleted here; the editor
	// binds its own undo in its place when it shows (editorShortcuts)
	win.Canvas().AddShortcut(&fyne.ShortcutUndo{}, func(fyne.Shortcut) {
		if win.Content() == l.content && !controls.DialogOpen(win) {
			l.UndoDelete()
		}
	})
	if dc, ok := win.Canvas().(desktop.Canvas); ok {
		// in place of the editor's map view, which had them before
		dc.SetOnKeyDown(l.keyDown)
		dc.SetOnKeyUp(l.keyUp)
	}
	l.Reload()
	return l
}

// keyDown and keyUp get the keys pressed and released with nothing
// focused, in the list or in a dialog over it (a confirmation, the
// Import file dialog): an Alt released there opens no menu, as in the
// editor (controls.AltKey); the menus open with a click or F10.
func (l *Library) keyDown(ev *fyne.KeyEvent) { controls.AltKey(l.content, ev, true, l.esc.Post) }

func (l *Library) keyUp(ev *fyne.KeyEvent) { controls.AltKey(l.content, ev, false, l.esc.Post) }

// ReadOnlyNote says what a library opened read-only means for the GM.
const ReadOnlyNote = "This library is read-only (its file, folder or disk cannot be written): encounters open and export, but edits cannot be saved here."

// readOnlyOff says, in the library's banner, which of its buttons a
// read-only library turns off, and why they are grey.
const readOnlyOff = " New…, Import, Rename…, Duplicate and Delete… are off, since they would write to it."

// RefuseReadOnly shows why nothing can be done in a read-only store (what
// is what was asked: "create the encounter") and reports true; with a
// writable store it does nothing and reports false. The library turns
// these actions off; the editor's File menu, a drop on the window and a
// shortcut still reach them, and must not bring up a form whose work is
// then refused with "your edits are kept" when nothing was kept.
func RefuseReadOnly(win fyne.Window, store model.EncounterStore, what string) bool {
	if store == nil || !store.ReadOnly() {
		return false
	}
	controls.ShowError(win, "Could not "+what, errors.New("the library is read-only (its file, folder or disk cannot be written), so nothing can be added, renamed or deleted in it, and nothing was changed. "+
		"To work on an encounter elsewhere, export it (File > Export encounter file…) and import the file into another library"))
	return true
}

// ReadOnlyBanner is the warning shown over a read-only library and its
// editor. With saveCopy it offers "Save a copy elsewhere…"; without, it
// says how (select the encounter, then File > Export encounter file…, and
// import that file into another library).
func ReadOnlyBanner(saveCopy func()) fyne.CanvasObject {
	text := ReadOnlyNote
	if saveCopy == nil {
		text += " To keep an encounter, select it and use File > Export encounter file…, then import the file into another library." + readOnlyOff
	}
	lbl := widget.NewLabelWithStyle(text, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	lbl.Wrapping = fyne.TextWrapWord
	lbl.Importance = widget.WarningImportance
	if saveCopy == nil {
		return lbl
	}
	return container.NewBorder(nil, nil, nil, widget.NewButton("Save a copy elsewhere…", saveCopy), lbl)
}

// imported lists the new encounter and opens it.
// dropped imports an encounter file or a Universal VTT map dropped on the
// library (DropImport), and says what it takes when the file is another.
func (l *Library) dropped(_ fyne.Position, uris []fyne.URI) {
	if l.win.Content() != l.content || controls.DialogOpen(l.win) || len(uris) == 0 {
		return // the editor shows, or a dialog is up
	}
	if RefuseReadOnly(l.win, l.store, "import the file") {
		return
	}
	if len(uris) > 1 || !DropImport(l.win, l.store, uris[0], fyne.Do, l.imported) {
		controls.ShowError(l.win, "Nothing imported", fmt.Errorf("drop one encounter file (.json) or Universal VTT map (.dd2vtt, .uvtt, .df2vtt) on the library to import it"))
	}
}

func (l *Library) imported(id string) {
	l.reloadSelect(id)
	if l.open != nil {
		l.open(id)
	}
}

// Content returns the library's root object.
func (l *Library) Content() fyne.CanvasObject { return l.content }

// Items returns the listed summaries.
func (l *Library) Items() []model.Summary { return l.items }

// Reload lists the store again, keeping the selection by id.
func (l *Library) Reload() {
	var keep string
	if l.sel >= 0 && l.sel < len(l.items) {
		keep = l.items[l.sel].ID
	}
	l.reloadSelect(keep)
}

func (l *Library) reloadSelect(id string) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	items, err := l.store.List(ctx)
	if err != nil {
		controls.ShowError(l.win, "Could not list the encounters", fmt.Errorf("%w (check the database file, then restart the app)", err))
		items = nil
	}
	for i := range items {
		// a name an older version stored that garbles text shows as the
		// encounter will open, mended
		items[i].Name = model.ReadableName(items[i].Name)
	}
	l.all = items
	l.allThreats = make([]string, len(items))
	kept := threatsKept.of(l.store)
	now := make(map[string]keptThreat, len(items))
	for i, s := range items {
		k, ok := kept[s.ID]
		if !ok || !k.updated.Equal(s.Updated) {
			k.updated = s.Updated
			if k.words, ok = l.threatOf(ctx, s); !ok {
				l.allThreats[i] = k.words
				continue
			}
		}
		l.allThreats[i], now[s.ID] = k.words, k
	}
	threatsKept.set(l.store, now)
	if id != "" && !l.finds(id) {
		// renamed or imported out of the search's sight: the search goes,
		// so that the encounter the GM just made or named is in the list
		l.search.SetText("")
	}
	l.show(id)
}

// threatOf is the XP and threat of the listed encounter s for its party,
// worked out as the editor's status bar does (session.ThreatWords): ""
// for a ruleset without a threat budget, a party without a level or an
// encounter that cannot be read (opening it says why; ok is false then,
// and the next listing tries again). A listing reads only the encounters
// changed since the last (threatsKept), so a saved change shows the next
// time the library does: about 0.4 ms an encounter with a fight (300
// dens, 130 ms, each time the library listed the store), without their
// images where the store can leave them out (imagelessLoader: fifteen 20
// MB map images took 270-370 ms).
func (l *Library) threatOf(ctx context.Context, s model.Summary) (words string, ok bool) {
	if !rules.Describe(s.Ruleset).Threat {
		return "", true
	}
	load := l.store.Load
	if il, ok := l.store.(imagelessLoader); ok {
		load = il.LoadWithoutImages
	}
	e, err := load(ctx, s.ID)
	if err != nil {
		return "", false
	}
	return session.ThreatWords(e), true
}

// keptThreat is the threat column's words for an encounter, worked out
// at its last change, updated.
type keptThreat struct {
	updated time.Time
	words   string
}

// threatsKept is the threat column of the store listed last, by
// encounter id, for the next listing of it: in this library or the next
// one shown (every return from the editor makes one).
var threatsKept keptThreats

// keptThreats holds one store's threat column (threatsKept).
type keptThreats struct {
	mu    sync.Mutex
	store model.EncounterStore
	m     map[string]keptThreat
}

// of is what is kept for store: nothing for another store than the last.
func (k *keptThreats) of(store model.EncounterStore) map[string]keptThreat {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.store != store {
		return nil
	}
	return k.m
}

// set keeps m, the column of the encounters store lists now.
func (k *keptThreats) set(store model.EncounterStore, m map[string]keptThreat) {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.store, k.m = store, m
}

// imagelessLoader is a store that can read an encounter without its
// images (storage.Store), for the threat column, which reads the rest.
type imagelessLoader interface {
	LoadWithoutImages(ctx context.Context, id string) (*model.Encounter, error)
}

// Threat returns the threat column's text for row i.
func (l *Library) Threat(i int) string { return l.threats[i] }

func (l *Library) updateButtons() {
	for _, b := range []*widget.Button{l.openBtn, l.renBtn, l.dupBtn, l.delBtn} {
		if l.sel >= 0 && (b == l.openBtn || !l.readOnly) {
			b.Enable()
		} else {
			b.Disable()
		}
	}
}

// Select selects row i.
func (l *Library) Select(i int) { l.list.Select(i) }

func (l *Library) selected() (model.Summary, bool) {
	if l.sel < 0 || l.sel >= len(l.items) {
		return model.Summary{}, false
	}
	return l.items[l.sel], true
}

// ExportSelected writes the selected encounter, as stored, as f (the
// editor's File menu writes the open one the same way): the Save dialog
// offers the file name the editor does, the encounter is loaded from the
// store with the writing, off the UI goroutine, under the dialog that
// names the file, and the line under the list says what was written; an
// error shows in a dialog. With nothing selected nothing is written, and
// a dialog says to select an encounter first.
func (l *Library) ExportSelected(f filesave.Format) {
	l.leftOut, l.mapLeaves = "", ""
	s, ok := l.selected()
	if !ok {
		controls.ShowError(l.win, "Nothing exported", errors.New("select the encounter to export in the list (click it, or use the Up and Down keys), then export it"))
		return
	}
	store := l.store
	l.files.Export(f, s.Name, func() (*model.Encounter, error) {
		ctx, cancel := ctx10()
		defer cancel()
		e, err := store.Load(ctx, s.ID)
		if err != nil {
			return nil, fmt.Errorf("read %q from the library: %w", s.Name, err)
		}
		if len(e.Dropped) > 0 {
			// what the store could not use is written as the encounter
			// opens, which opening it says: the export says so too, once
			// written (say)
			dropped := strings.Join(e.Dropped, "; ")
			l.files.Post(func() { l.leftOut = dropped })
		}
		if f.Title == filesave.UVTT.Title {
			// what the map file cannot hold (its tokens, the fog...),
			// which the editor's export says before its Save dialog: here
			// the encounter is only read now, so the line under the list
			// says it with what was written (say)
			if left := export.UVTTLeavesOut(e); left != "" {
				l.files.Post(func() { l.mapLeaves = left })
			}
		}
		return e, nil
	})
}

// say shows news (what an export wrote) on the line under the list.
func (l *Library) say(news string) {
	if l.mapLeaves != "" {
		news += "\nThe map file leaves out " + l.mapLeaves
		l.mapLeaves = ""
	}
	l.news.SetText(news)
	l.newsBar.Show()
	if l.leftOut != "" {
		controls.ShowError(l.win, "Exported as it opens, without what could not be used", fmt.Errorf("%s. The database keeps it as it was until the encounter is next saved", l.leftOut))
		l.leftOut = ""
	}
}

func (l *Library) openSelected() {
	s, ok := l.selected()
	if !ok || l.open == nil {
		return
	}
	ctx, cancel := ctx10()
	defer cancel()
	if _, err := l.store.Find(ctx, s.ID); l.goneElsewhere("Could not open the encounter", s, err) {
		return
	}
	l.open(s.ID)
}

func ctx10() (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), 10*time.Second)
}

// NewEncounter makes an empty encounter with an open map; it refuses, in
// the GM's words, a blank name, a map side outside 1 to model.MaxMapSide
// and feet per square below 1.
func NewEncounter(name string, r model.Ruleset, w, h, feet int) (*model.Encounter, error) {
	name = strings.TrimSpace(name)
	// the side that is refused, for the dialog's cursor
	side := formH
	if w < 1 || w > model.MaxMapSide {
		side = formW
	}
	if err := nameRefused(name); err != nil {
		return nil, formError{formName, err.Error()}
	}
	switch {
	case feet < 1:
		return nil, formError{formFeet, "feet per square must be at least 1"}
	case w < 1 || h < 1:
		return nil, formError{side, fmt.Sprintf("the map needs at least 1 x 1 squares, not %d x %d", w, h)}
	case w > model.MaxMapSide || h > model.MaxMapSide:
		return nil, formError{side, fmt.Sprintf("the map must be 1 to %d squares on each side, not %d x %d", model.MaxMapSide, w, h)}
	}
	e := &model.Encounter{Name: name, Ruleset: r, Grid: model.NewGrid(w, h)}
	if feet != r.DefaultFeetPerSquare() {
		e.FeetPerSquare = feet
	}
	if err := model.Validate(e); err != nil {
		return nil, err
	}
	return e, nil
}

// nameRefused says, in the GM's words, why an encounter may not be
// named name (already trimmed): blank, or longer than model.MaxName
// characters. It is nil for a name of the right length; Validate still
// judges what is in it.
func nameRefused(name string) error {
	switch n := utf8.RuneCountInString(name); {
	case n == 0:
		return errors.New("type a name for the encounter")
	case n > model.MaxName:
		return fmt.Errorf("the name is %d characters; at most %d fit", n, model.MaxName)
	}
	return nil
}

// rulesetTitle is how the library names a ruleset to the GM: its full
// name from the descriptor ("sf2e — Starfinder 2e / Pathfinder 2e"), so a
// Pathfinder 2e GM knows which to pick.
func rulesetTitle(r model.Ruleset) string { return rules.Describe(r).Title }

// parseRulesetTitle reads a ruleset back from its title (or its short name).
func parseRulesetTitle(s string) (model.Ruleset, error) {
	for _, r := range model.Rulesets {
		if s == rulesetTitle(r) {
			return r, nil
		}
	}
	return model.ParseRuleset(s)
}

// newForm is what the New encounter dialog holds, and the field that
// gets the cursor (the one refused; formName at first).
type newForm struct {
	name, ruleset, w, h, feet string
	focus                     formField
}

// formField is a text field of the New encounter dialog.
type formField int

const (
	formName formField = iota
	formW
	formH
	formFeet
)

// formError is a value of the New encounter dialog refused, and the
// field it was typed in.
type formError struct {
	field formField
	msg   string
}

func (e formError) Error() string { return e.msg }

// refusedField is the field err refuses, formName when it names none.
func refusedField(err error) formField {
	var fe formError
	if errors.As(err, &fe) {
		return fe.field
	}
	return formName
}

// NewDialog shows the New encounter dialog; Create stores the encounter,
// lists it and opens it.
func (l *Library) NewDialog() {
	ShowNewDialog(l.win, l.store, l.esc, func(id string) {
		l.reloadSelect(id)
		if l.open != nil {
			l.open(id)
		}
	})
}

// ShowNewDialog shows the New encounter dialog in win (the library's, and
// the editor's File > New): Create stores the new encounter in store and
// calls created with its id; esc lets Escape cancel it.
func ShowNewDialog(win fyne.Window, store model.EncounterStore, esc *controls.Escapes, created func(id string)) {
	if RefuseReadOnly(win, store, "create the encounter") {
		return
	}
	nd := &newDialog{win: win, store: store, esc: esc, created: created}
	nd.show(newForm{name: "New encounter", ruleset: rulesetTitle(model.Rulesets[0]), w: "30", h: "20", feet: "5"})
}

// newDialog is the New encounter dialog and where it stores what it makes.
type newDialog struct {
	win     fyne.Window
	store   model.EncounterStore
	esc     *controls.Escapes
	created func(id string)
}

// show shows the New encounter dialog filled with v. A refused
// value (a width of 0, a blank name) shows why, then the dialog again as
// the GM left it, to correct the one field rather than type all again.
func (l *newDialog) show(v newForm) {
	name := l.esc.Entry()
	name.SetText(v.name)
	var rs []string
	for _, r := range model.Rulesets {
		rs = append(rs, rulesetTitle(r))
	}
	feet := l.esc.Entry()
	ruleset := l.esc.Select(rs, func(s string) { // Escape and Enter answer the dialog in it too
		if r, err := parseRulesetTitle(s); err == nil {
			feet.SetText(strconv.Itoa(r.DefaultFeetPerSquare()))
		}
	})
	ruleset.SetSelected(v.ruleset)
	feet.SetText(v.feet)
	w, h := l.esc.Entry(), l.esc.Entry()
	w.SetText(v.w)
	h.SetText(v.h)
	var d *dialog.FormDialog
	// the dialog again as typed, the cursor in the field refused (it
	// went back to the name, and the GM who had typed a 0 width typed
	// over the name)
	refused := func(err error) {
		kept := newForm{name: name.Text, ruleset: ruleset.Selected, w: w.Text, h: h.Text, feet: feet.Text, focus: refusedField(err)}
		controls.ShowError(l.win, "Could not create the encounter", err).SetOnClosed(func() { l.show(kept) })
	}
	submit := func(string) { d.Submit() }
	name.OnSubmitted, w.OnSubmitted, h.OnSubmitted, feet.OnSubmitted = submit, submit, submit, submit
	d = dialog.NewForm("New encounter", "Create", "Cancel", []*widget.FormItem{
		widget.NewFormItem("Name", name),
		widget.NewFormItem("Ruleset", ruleset),
		widget.NewFormItem("Width (squares)", w),
		widget.NewFormItem("Height (squares)", h),
		widget.NewFormItem("Feet per square", feet),
	}, func(ok bool) {
		if !ok {
			return
		}
		r, err := parseRulesetTitle(ruleset.Selected)
		if err != nil {
			refused(err)
			return
		}
		atoi := func(s, what string, f formField) (int, error) {
			v, err := strconv.Atoi(strings.TrimSpace(s))
			if err != nil {
				return 0, formError{f, fmt.Sprintf("%s: %q is not a whole number (type digits, like 30)", what, s)}
			}
			return v, nil
		}
		wv, err1 := atoi(w.Text, "width", formW)
		hv, err2 := atoi(h.Text, "height", formH)
		fv, err3 := atoi(feet.Text, "feet per square", formFeet)
		if err := errors.Join(err1, err2, err3); err != nil {
			refused(err) // the cursor in the first field refused
			return
		}
		e, err := NewEncounter(name.Text, r, wv, hv, fv)
		if err != nil {
			refused(err)
			return
		}
		ctx, cancel := ctx10()
		defer cancel()
		if err := l.store.Save(ctx, e); err != nil {
			controls.ShowError(l.win, "Could not create the encounter", fmt.Errorf("create %q: %w", e.Name, err))
			return
		}
		if l.created != nil {
			l.created(e.ID)
		}
	}, l.win)
	// wide enough for the rulesets' full names ("sf2e — Starfinder 2e /
	// Pathfinder 2e")
	d.Resize(fyne.NewSize(520, 0))
	d.Show()
	l.esc.Confirms(d, d.Submit)
	at := map[formField]*controls.EscEntry{formName: name, formW: w, formH: h, formFeet: feet}[v.focus]
	l.win.Canvas().Focus(at)
	// to type over: the name offered too ("Crypt" typed made "CryptNew
	// encounter")
	at.TypedShortcut(&fyne.ShortcutSelectAll{})
}

// setMenu installs the library's menus: File, View while the editor's
// player display stays open beside it (SetPlayerDisplay), Help.
func (l *Library) setMenu() {
	menus := []*fyne.Menu{l.fileMenu}
	if l.closePlayer != nil {
		it := fyne.NewMenuItem("Player display", l.closePlayer)
		it.Checked = true
		menus = append(menus, fyne.NewMenu("View", it))
	}
	menus = append(menus, fyne.NewMenu("Help", fyne.NewMenuItem("Shortcuts and rules", func() {
		if l.OnHelp != nil {
			l.OnHelp()
		}
	})))
	l.win.SetMainMenu(fyne.NewMainMenu(menus...))
}

// SetPlayerDisplay says the editor's player display stays open while the
// library shows: View > Player display, checked, closes it (close); nil
// takes the View menu away. On the table's screen, full screen, the
// display could not be closed from the library.
func (l *Library) SetPlayerDisplay(close func()) {
	l.closePlayer = close
	l.setMenu()
}

// Rename renames the encounter with the id.
func (l *Library) Rename(id, name string) error {
	ctx, cancel := ctx10()
	defer cancel()
	name = strings.TrimSpace(name)
	if err := nameRefused(name); err != nil {
		return err
	}
	if err := NameTaken(ctx, l.store, id, name); err != nil {
		return err
	}
	if err := l.store.Rename(ctx, id, name); err != nil {
		return fmt.Errorf("rename: %w", err)
	}
	l.reloadSelect(id)
	if l.OnRenamed != nil {
		l.OnRenamed(id, name)
	}
	return nil
}

func (l *Library) RenameSelected() {
	s, ok := l.selected()
	if !ok || RefuseReadOnly(l.win, l.store, "rename the encounter") {
		return
	}
	en := l.esc.Entry()
	en.SetText(s.Name)
	var d *dialog.FormDialog
	d = dialog.NewForm("Rename", "Rename", "Cancel", []*widget.FormItem{widget.NewFormItem("Name", en)}, func(ok bool) {
		if ok {
			// refused: the dialog again as typed, the cursor in the name
			// (it closed behind the error, and the name typed was lost)
			if err := l.Rename(s.ID, en.Text); err != nil && !l.goneElsewhere("Could not rename the encounter", s, err) {
				l.esc.Refuse(d, d.Submit, en, "Could not rename the encounter", err)
			}
		}
	}, l.win)
	d.Resize(fyne.NewSize(400, 0))
	l.esc.ShowNameDialog(d, en)
}

// Duplicate copies the encounter with the id as "<name> (copy)" (CopyName).
func (l *Library) Duplicate(id string) error {
	ctx, cancel := ctx10()
	defer cancel()
	var name string
	for _, s := range l.items {
		if s.ID == id {
			name = s.Name
		}
	}
	taken := func(n string) bool {
		return slices.ContainsFunc(l.all, func(s model.Summary) bool { return s.Name == n })
	}
	nid, err := l.store.Duplicate(ctx, id, CopyName(name, taken))
	if err != nil {
		return fmt.Errorf("duplicate %q: %w", name, err)
	}
	l.reloadSelect(nid)
	return nil
}

func (l *Library) DuplicateSelected() {
	if s, ok := l.selected(); ok && !RefuseReadOnly(l.win, l.store, "duplicate the encounter") {
		if err := l.Duplicate(s.ID); err != nil && !l.goneElsewhere("Could not duplicate the encounter", s, err) {
			controls.ShowError(l.win, "Could not duplicate the encounter", err)
		}
	}
}

// maxUndoDeletes is how many deleted encounters Undo delete can bring
// back, the last first.
const maxUndoDeletes = 20

// Delete removes the encounter with the id (no confirmation; the UI
// asks), keeping it as it was stored for Undo delete; the line under the
// list says what was deleted. An encounter that cannot be read (a
// damaged row) is deleted all the same, without the undo.
func (l *Library) Delete(id string) error {
	ctx, cancel := ctx10()
	defer cancel()
	kept, err := l.store.Load(ctx, id)
	if errors.Is(err, model.ErrNotFound) {
		return fmt.Errorf("delete: %w", err)
	}
	if err := l.store.Delete(ctx, id); err != nil {
		return fmt.Errorf("delete: %w", err)
	}
	l.reloadSelect("")
	if l.OnDeleted != nil {
		l.OnDeleted(id)
	}
	if kept == nil {
		l.sayUndo("Deleted. It could not be read, so it cannot be brought back.")
		return nil
	}
	l.deleted = append(l.deleted, kept)
	if len(l.deleted) > maxUndoDeletes {
		l.deleted = slices.Delete(l.deleted, 0, 1)
	}
	l.sayUndo(fmt.Sprintf("Deleted %q. Undo delete (Ctrl+Z) brings it back.", kept.Name))
	return nil
}

// UndoDelete stores the encounter deleted last in this library again, as
// it was (its id, tokens, fight, notes and pictures), and selects it.
func (l *Library) UndoDelete() {
	if len(l.deleted) == 0 || RefuseReadOnly(l.win, l.store, "bring back the encounter") {
		return
	}
	e := l.deleted[len(l.deleted)-1]
	c := e.Clone()
	c.Version = 0 // stored anew, under its own id
	ctx, cancel := ctx10()
	defer cancel()
	if err := l.store.Save(ctx, c); err != nil {
		controls.ShowError(l.win, "Could not bring back the encounter", fmt.Errorf("%q: %w", e.Name, err))
		return
	}
	l.deleted = l.deleted[:len(l.deleted)-1]
	l.reloadSelect(c.ID)
	news := fmt.Sprintf("%q is back.", e.Name)
	if n := len(l.deleted); n > 0 {
		news += fmt.Sprintf(" Undo delete brings back %q too.", l.deleted[n-1].Name)
	}
	l.sayUndo(news)
}

// sayUndo puts news of a delete or its undo on the line under the list,
// with Undo delete while there is one to undo.
func (l *Library) sayUndo(news string) {
	l.news.SetText(news)
	l.newsBar.Show()
	if len(l.deleted) > 0 && !l.readOnly {
		l.undoBtn.Show()
	} else {
		l.undoBtn.Hide()
	}
}

func (l *Library) DeleteSelected() {
	s, ok := l.selected()
	if !ok || RefuseReadOnly(l.win, l.store, "delete the encounter") {
		return
	}
	d := dialog.NewConfirm("Delete encounter?", fmt.Sprintf("Delete %q, its map, tokens, fight and notes? Undo delete (Ctrl+Z) brings it back while the library shows.", s.Name), func(ok bool) {
		if ok {
			if err := l.Delete(s.ID); err != nil && !l.goneElsewhere("Could not delete the encounter", s, err) {
				controls.ShowError(l.win, "Could not delete the encounter", err)
			}
		}
	}, l.win)
	d.SetConfirmText("Delete")
	d.SetDismissText("Cancel")
	d.SetConfirmImportance(widget.DangerImportance)
	d.Show()
	// Escape keeps it, and so does Enter: deleting for good takes a click
	// on Delete (controls/escape.go).
	l.esc.Confirms(d, d.Dismiss)
}

// libRow is one library line; a tap selects it, a double tap opens it.
type libRow struct {
	widget.BaseWidget
	l                               *Library
	id                              int
	name, rs, size, threat, changed *widget.Label
}

func newLibRow(l *Library) *libRow {
	r := &libRow{l: l, name: widget.NewLabel(""), rs: widget.NewLabel(""), size: widget.NewLabel(""), threat: widget.NewLabel(""), changed: widget.NewLabel("")}
	r.name.Truncation = fyne.TextTruncateEllipsis
	r.rs.Truncation = fyne.TextTruncateEllipsis
	r.threat.Truncation = fyne.TextTruncateEllipsis
	r.size.Truncation = fyne.TextTruncateEllipsis
	r.changed.Truncation = fyne.TextTruncateEllipsis
	r.ExtendBaseWidget(r)
	return r
}

func (r *libRow) set(id int, s model.Summary, threat string) {
	r.id = id
	r.name.SetText(s.Name)
	r.rs.SetText(rulesetTitle(s.Ruleset))
	r.size.SetText(fmt.Sprintf("%d × %d", s.Width, s.Height))
	r.threat.SetText(threat)
	if s.Updated.IsZero() {
		r.changed.SetText("")
	} else {
		r.changed.SetText(s.Updated.Local().Format("2006-01-02 15:04"))
	}
}

func (r *libRow) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(container.New(&colsLayout{}, r.name, r.rs, r.size, r.threat, r.changed))
}

// Tapped selects the row.
func (r *libRow) Tapped(*fyne.PointEvent) {
	r.l.win.Canvas().Unfocus()
	r.l.list.Select(r.id)
}

// DoubleTapped opens the row's encounter.
func (r *libRow) DoubleTapped(*fyne.PointEvent) {
	r.l.list.Select(r.id)
	r.l.openSelected()
}

// colsLayout places the library columns. The name, the column that tells
// encounters apart, gets its width first (nameWidth, or all the row has
// beyond the other columns' least); the others share what is left between
// their least and their full widths, and the name takes any room beyond
// those. At 800 px the name was squeezed to "Derelict …" while Threat and
// Last changed had room to spare.
type colsLayout struct{}

// colWidths are the columns' full widths (the name's is its least) and
// colLeast the narrowest each gets (ellipsized) before the name gives way.
var (
	colWidths = []float32{80, 290, 112, 200, 150}
	colLeast  = []float32{80, 60, 112, 70, 140} // the size whole: "1000 × 1000" was "1000 × 1…"
)

// nameWidth is the name's width while the row is too narrow for every
// column's full width: room for a name of about 30 characters.
const nameWidth = 260

// colsWidths is each column's width in a row total wide.
func colsWidths(total float32) []float32 {
	var full, least float32
	for i := 1; i < len(colWidths); i++ {
		full += colWidths[i]
		least += colLeast[i]
	}
	ws := make([]float32, len(colWidths))
	if total-full >= nameWidth { // room for all: the name takes the rest
		copy(ws, colWidths)
		ws[0] = total - full
		return ws
	}
	ws[0] = max(colLeast[0], min(nameWidth, total-least))
	f := float32(0)
	if left := total - ws[0] - least; left > 0 {
		f = min(1, left/(full-least))
	}
	for i := 1; i < len(ws); i++ {
		ws[i] = colLeast[i] + f*(colWidths[i]-colLeast[i])
	}
	return ws
}

func (c *colsLayout) Layout(objs []fyne.CanvasObject, s fyne.Size) {
	ws := colsWidths(s.Width)
	x := float32(0)
	for i, o := range objs {
		w := ws[i%len(ws)]
		o.Move(fyne.NewPos(x, 0))
		o.Resize(fyne.NewSize(w, s.Height))
		x += w
	}
}

func (c *colsLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	h := float32(0)
	for _, o := range objs {
		h = max(h, o.MinSize().Height)
	}
	w := float32(0)
	for _, cw := range colLeast {
		w += cw
	}
	return fyne.NewSize(w, h)
}

// CopyName names a copy of the encounter named s, none of taken: "Den
// (copy)", then "Den (copy 2)", "Den (copy 3)"...; a copy of a copy counts
// on from the same name rather than growing "Den (copy) (copy)". At most
// model.MaxName characters, the name cut to make room.
func CopyName(s string, taken func(string) bool) string {
	base := s
	if i := strings.LastIndex(base, " (copy"); i > 0 && strings.HasSuffix(base, ")") {
		if n := strings.TrimSuffix(base[i+len(" (copy"):], ")"); n == "" || strings.TrimLeft(n, " 0123456789") == "" {
			base = base[:i]
		}
	}
	for k := 1; ; k++ {
		suffix := " (copy)"
		if k > 1 {
			suffix = fmt.Sprintf(" (copy %d)", k)
		}
		b := base
		if r := []rune(b); len(r)+len(suffix) > model.MaxName {
			b = string(r[:model.MaxName-len(suffix)])
		}
		if n := b + suffix; !taken(n) {
			return n
		}
	}
}

// WatchEvery is how often the library, while it shows, looks whether the
// store changed elsewhere (Watch): a list of 300 encounters is about a
// millisecond.
const WatchEvery = 2 * time.Second

// Watch looks at the store every every while the library has the
// window, and lists it again when another window or copy of the app,
// or the command line, added, changed, renamed or deleted an encounter
// (the selection stays on its encounter). The store is listed beside
// the window; post runs the rest on the UI goroutine (fyne.Do in the
// app). It stops once the window shows something else (the editor).
func (l *Library) Watch(every time.Duration, post func(func())) {
	time.AfterFunc(every, func() {
		ctx, cancel := ctx10()
		items, err := l.store.List(ctx)
		cancel()
		post(func() {
			if l.win.Content() != l.content {
				return
			}
			if err == nil && l.changedElsewhere(items) {
				l.relist()
			}
			l.Watch(every, post)
		})
	})
}

// changedElsewhere reports whether items, the store listed now, differ
// from what the library lists.
func (l *Library) changedElsewhere(items []model.Summary) bool {
	if len(items) != len(l.all) {
		return true
	}
	for i, s := range items {
		s.Name = model.ReadableName(s.Name)
		if s != l.all[i] {
			return true
		}
	}
	return false
}

// relist lists the store again, keeping the selection on its encounter
// while it is stored, and the search as typed.
func (l *Library) relist() {
	keep, ok := l.selected()
	if ok {
		ctx, cancel := ctx10()
		defer cancel()
		if _, err := l.store.Find(ctx, keep.ID); err != nil {
			keep.ID = "" // gone: nothing to keep, and the search stays
		}
	}
	l.reloadSelect(keep.ID)
}

// goneElsewhere says, when err is the store's ErrNotFound, that the
// encounter s the GM chose was deleted elsewhere (by its name, where the
// store's words give its id), lists the store again and reports true.
func (l *Library) goneElsewhere(title string, s model.Summary, err error) bool {
	if !errors.Is(err, model.ErrNotFound) {
		return false
	}
	l.relist()
	controls.ShowError(l.win, title, fmt.Errorf("%q is no longer in the library: another window or copy of the app deleted it. The list shows what the library holds now", s.Name))
	return true
}
