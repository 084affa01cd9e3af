package ui

import (
	"fmt"
	"runtime"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/rules"
	"encounterplanner/ui/controls"
	"encounterplanner/ui/filesave"
	"encounterplanner/ui/library"
	"encounterplanner/ui/mapview"
	"encounterplanner/ui/player"
	"encounterplanner/ui/render"
	"encounterplanner/ui/session"
)

// The editor's tools, in the order of the tool panel.
const (
	ToolSelect Tool = iota
	ToolBrush
	ToolRect
	ToolLine
	ToolFill
	ToolErase
	ToolToken
	ToolWall
	ToolFog
)

// Editor edits one encounter in a window: the map, the tools, the token
// inspector and the live overlays. Every field is owned by the UI goroutine;
// the overlay worker only sees snapshots.
type Editor struct {
	win   fyne.Window
	store model.EncounterStore
	enc   *model.Encounter
	rev   int // bumped by every change
	hist  session.History
	sel   int          // selected token, -1 = none
	post  func(func()) // runs f on the UI goroutine (fyne.Do; tests replace it)

	// shared is the read-only copy of the map that the undo steps and
	// the overlay worker's copy share while it stays the same; enc's own
	// squares and masks are never shared, and are painted in place
	shared session.SharedMap

	files *filesave.Saver // the exports' Save dialogs and writes

	hovered *rules.Point
	gest    mapGesture   // the primary-button gesture in progress
	live    liveOverlays // the worker and its last answer
	saving  saveState
	away    elsewhere // changes made elsewhere to the encounter (elsewhere.go)

	// the parts of the window, each with its widgets
	view        *mapview.View
	content     fyne.CanvasObject
	tools       toolPanel
	status      statusBar
	insp        inspectorPanel
	fight       fightPanel // the initiative tracker (fightpanel.go)
	ovp         overlayPanel
	modeFit     modeFit            // what the overlays' Mode was last fitted to (modefit.go)
	right       *controls.Splitter // inspector above, overlays and answers below
	lowerScroll *container.Scroll  // the overlay switches and answers, scrolled in a window too short for the pane's parts (rightpane.go)
	tips        *controls.TipLayer
	player      *player.Display
	esc         *controls.Escapes // the window's dialogs that Escape cancels

	// OnLibrary, when set, is called by File > Open library (after saving).
	OnLibrary func()
	// OnOpen, when set, opens another encounter (after an import).
	OnOpen func(id string)
	// OnTitle, when set, is told the window title after each change.
	OnTitle func(string)
}

// NewEditor makes an editor for e in win and installs it: content, main
// menu, shortcuts and key handlers. The editor owns e from now on.
func NewEditor(win fyne.Window, store model.EncounterStore, e *model.Encounter) *Editor {
	return newEditor(win, store, e, fyne.Do)
}

// newEditor is NewEditor with the function that runs background results on
// the UI goroutine (tests pump them themselves).
func newEditor(win fyne.Window, store model.EncounterStore, e *model.Encounter, post func(func())) *Editor {
	ed := &Editor{
		win: win, store: store, enc: e, sel: -1, post: post, esc: controls.NewEscapes(win),
		gest:  mapGesture{dragTok: -1},
		tools: toolPanel{tool: ToolSelect, brush: 1, terrain: model.Wall, fogFollow: fogFollowKept()},
	}
	ed.files = &filesave.Saver{Win: win, Esc: ed.esc, Post: post, Say: ed.message}
	ed.ovp.settings = session.Settings{Reach: true, Mode: rules.Describe(e.Ruleset).DefaultMode, Actions: 1, Path: true, Cover: true, Flank: true}
	ed.saving.savedRev = 0
	if e.Version == 0 {
		ed.saving.savedRev = -1 // never stored: save soon
	}
	ed.live.worker = session.NewWorker(func(r *session.Result) { ed.post(func() { ed.applyResult(r) }) })
	ed.view = mapview.New(func() *model.Encounter { return ed.enc }, func() *render.Overlays { return ed.live.ov }, mapInput{ed}, false)
	ed.view.OnShiftWheel = ed.shiftWheel // areas.go
	ed.view.Post = ed.post               // closing the menu an Alt opened
	ed.build()
	if e.Fight != nil {
		ed.Select(e.TokenIndex(e.Fight.Turn)) // mid-fight: the creature whose turn it is
	}
	ed.install()
	ed.refreshAll()
	ed.watchMapImage() // mapimageloading.go
	if ed.saving.savedRev < 0 {
		ed.scheduleSave()
	}
	return ed
}

// Encounter returns the encounter being edited (owned by the editor).
func (ed *Editor) Encounter() *model.Encounter { return ed.enc }

// Content returns the editor's root object.
func (ed *Editor) Content() fyne.CanvasObject { return ed.content }

// View returns the map widget.
func (ed *Editor) View() *mapview.View { return ed.view }

// Selected returns the index of the selected token, -1 for none.
func (ed *Editor) Selected() int { return ed.sel }

// Close stops the editor's background work (after a final save by the caller).
func (ed *Editor) Close() {
	ed.saving.closed = true // left as it was: the stop keeps nothing more (saveAtStop)
	ed.live.worker.Stop()
	if ed.away.timer != nil {
		ed.away.timer.Stop()
	}
	if ed.saving.saveTimer != nil {
		ed.saving.saveTimer.Stop()
	}
	if ed.player != nil {
		ed.player.Close()
	}
	ed.view.Release()
}

// editorLeast is the editor window's least size, its menu bar and
// padding included. The content asks editorLeast less editorChrome. It
// fits a 960 x 540 screen (1920 x 1080 at FYNE_SCALE=2, a 1024 x 600
// netbook) under a desktop panel and the window's title bar: at 1024 x
// 600 the window ran off those screens, End, Heal, the right column and
// the status bar out of reach. Below 1024 x 600 the map gives way, the
// tools scroll, and in the right pane the overlay switches scroll under
// the inspector (rightpane.go, lowerLeast).
var editorLeast = fyne.NewSize(900, 460)

// editorChrome is what the window draws around the editor's content: its
// padding and, where the menu is in the window (all but macOS, whose menu
// bar is at the screen's top), the menu bar, a line of its text and
// theme.InnerPadding high in Fyne 2.7's glfw driver (menu_bar_item.go).
// The content asked editorLeast itself, and the window went no smaller
// than 1032 x 636, too big for the 1024 x 600 screen it was meant for.
func editorChrome() fyne.Size {
	pad := 2 * theme.Padding()
	menu := float32(0)
	if runtime.GOOS != "darwin" {
		menu = fyne.MeasureText("File", theme.TextSize(), fyne.TextStyle{}).Height + theme.InnerPadding()
	}
	return fyne.NewSize(pad, pad+menu)
}

func (ed *Editor) build() {
	ed.tips = controls.NewTipLayer(ed.post)
	left := ed.tools.build(ed.tips, ed.SetTool, ed.SetTerrain, func(d int) { ed.SetBrush(ed.tools.brush + d) })
	status := ed.status.build()

	// right side
	ed.insp.box = container.NewVBox()
	ed.fight.box = container.NewVBox()
	ed.ovp.box = container.NewVBox()
	ed.ovp.coverLabel = widget.NewLabel("")
	ed.ovp.coverLabel.Wrapping = fyne.TextWrapWord
	right := ed.buildRightPane() // rightpane.go

	// above the map: what the GM must know before editing on (elsewhere.go)
	ed.away.bar = container.NewVBox()
	ed.away.bar.Hide()
	if ed.readOnly() {
		// the store cannot be written: say so where the GM looks, before
		// any edit, and offer the one way to keep them
		ed.away.bar.Add(library.ReadOnlyBanner(ed.exportFile))
		ed.away.bar.Show()
	}
	split := container.NewBorder(ed.away.bar, container.NewVBox(widget.NewSeparator(), status), left, controls.FixedWidth(right, 270), ed.mapUnderNotice())
	// The window goes no smaller than editorLeast: below it the overlays
	// panel ran over the status bar and out of the window.
	least := editorLeast.Subtract(editorChrome())
	ed.content = container.NewStack(controls.AtLeast(split, least.Width, least.Height), ed.tips.Layer(), ed.status.tip.Layer())
	ed.buildOverlayPanel()
	ed.showInspector()
	ed.updateToolButtons()
}

func (ed *Editor) install() {
	ed.win.SetContent(ed.content)
	ed.win.SetMainMenu(ed.menu())
	ed.win.SetOnDropped(ed.dropped) // tokenart.go
	c := ed.win.Canvas()
	c.SetOnTypedRune(ed.rune)
	c.SetOnTypedKey(func(ev *fyne.KeyEvent) {
		if ed.esc.Key(ev) { // a dialog's Escape or Enter (controls/escape.go)
			return
		}
		if !ed.key(ev) && !controls.DialogOpen(ed.win) {
			ed.view.NavKey(ev)
		}
	})
	if dc, ok := c.(desktop.Canvas); ok {
		dc.SetOnKeyDown(ed.view.KeyDown)
		dc.SetOnKeyUp(ed.view.KeyUp)
	}
	acts := []func(){ed.Undo, ed.Redo, ed.Redo, func() { ed.SaveNow() }, ed.DuplicateToken, func() { ed.view.Fit() }}
	for i, sc := range editorShortcuts {
		f := acts[i]
		c.AddShortcut(sc, func(fyne.Shortcut) {
			if !controls.DialogOpen(ed.win) {
				f()
			}
		})
	}
}

// editorShortcuts are the editor's Ctrl shortcuts, in the order install
// binds them: undo, redo (two keys), save, duplicate, fit.
//
// The desktop driver turns Ctrl+Z and Ctrl+Y into fyne.ShortcutUndo and
// fyne.ShortcutRedo, not custom shortcuts, so those are bound as such; the
// main menu items carry the same shortcuts and fire first in the app.
var editorShortcuts = []fyne.Shortcut{
	&fyne.ShortcutUndo{},
	&desktop.CustomShortcut{KeyName: fyne.KeyZ, Modifier: fyne.KeyModifierShortcutDefault | fyne.KeyModifierShift},
	&fyne.ShortcutRedo{},
	&desktop.CustomShortcut{KeyName: fyne.KeyS, Modifier: fyne.KeyModifierShortcutDefault},
	&desktop.CustomShortcut{KeyName: fyne.KeyD, Modifier: fyne.KeyModifierShortcutDefault},
	&desktop.CustomShortcut{KeyName: fyne.Key0, Modifier: fyne.KeyModifierShortcutDefault},
}

// Rune handling: tool and terrain keys, brush size, zoom.
func (ed *Editor) rune(r rune) {
	if controls.DialogOpen(ed.win) {
		return
	}
	if (r == 'n' || r == 'N') && ed.enc.Fight != nil {
		ed.NextTurn() // fightpanel.go
		return
	}
	if r == 'h' || r == 'H' {
		ed.FocusHP() // hitpoints.go
		return
	}
	if (r == 'a' || r == 'A') && ed.areasAllowed() == "" {
		ed.PlaceArea(ed.lastArea()) // areas.go
		return
	}
	if (r == 'r' || r == 'R') && ed.pickedArea() >= 0 {
		ed.TurnArea(1) // the picked cone or line; R is the Rect tool otherwise
		return
	}
	for i, t := range tools {
		if r == t.key || r == t.key-'a'+'A' {
			ed.SetTool(Tool(i))
			return
		}
	}
	for _, p := range palette {
		if r == p.key {
			ed.SetTerrain(p.t)
			return
		}
	}
	switch r {
	case 'm', 'M':
		ed.ToggleRuler()
	case '[':
		ed.SetBrush(ed.tools.brush - 1)
	case ']':
		ed.SetBrush(ed.tools.brush + 1)
	case '+', '=':
		ed.view.ZoomCentre(1.25)
	case '-', '_':
		ed.view.ZoomCentre(0.8)
	}
}

// key handles named keys; it reports whether it used ev.
func (ed *Editor) key(ev *fyne.KeyEvent) bool {
	if controls.DialogOpen(ed.win) {
		return false
	}
	if ed.gest.ruler.On {
		switch ev.Name {
		case fyne.KeyBackspace:
			ed.rulerBack()
			return true
		case fyne.KeyEscape:
			ed.ToggleRuler()
			return true
		}
	}
	if ed.areaKey(ev) { // the picked area (areas.go)
		return true
	}
	switch ev.Name {
	case fyne.KeyDelete, fyne.KeyBackspace:
		ed.DeleteToken()
	case fyne.KeyEscape:
		if !ed.cancelPan() && !ed.abandonGesture() { // Escape in a drag cancels the drag only
			ed.unpickArea()
			ed.Select(-1)
		}
	case fyne.KeyF11:
		ed.togglePlayerFullScreen()
	case fyne.KeyF10:
		controls.MenuKey(ed.win.Canvas(), ev) // the menus from the keyboard
	case fyne.KeyHome:
		ed.view.Fit()
	case fyne.KeyPageUp, fyne.KeyPageDown:
		return ed.RaiseSelected(map[fyne.KeyName]int{fyne.KeyPageUp: 1, fyne.KeyPageDown: -1}[ev.Name])
	default:
		return false
	}
	return true
}

// Tool returns the current tool.
func (ed *Editor) Tool() Tool { return ed.tools.tool }

// changed records an edit: new revision, autosave, redraw, new overlays.
func (ed *Editor) changed() {
	ed.rev++
	ed.refitMode() // the selected token's height, Speeds or state changed (modefit.go)
	ed.scheduleSave()
	ed.refreshAll()
}

// refreshAll redraws everything that shows the encounter.
func (ed *Editor) refreshAll() {
	if ed.sel >= len(ed.enc.Tokens) {
		ed.sel = -1
	}
	ed.requestOverlays()
	ed.rebuildOverlays()
	ed.showFight()
	ed.updateThreat()
	ed.updateTitle()
	ed.status.rulesLabel.SetText(string(ed.enc.Ruleset) + " · " + rules.Describe(ed.enc.Ruleset).Scale(ed.enc.Feet()))
	ed.updateHover()
	ed.syncFallItem() // an edit may leave the selected token in the air (fall.go)
	if ed.player != nil {
		ed.player.Refresh()
	}
}

func (ed *Editor) dirty() bool { return ed.rev != ed.saving.savedRev }

// readOnly reports whether the store was opened read-only: nothing the GM
// edits can be saved in it.
func (ed *Editor) readOnly() bool { return ed.store != nil && ed.store.ReadOnly() }

func (ed *Editor) updateTitle() {
	t := "Encounter Planner — " + ed.enc.Name
	if ed.dirty() {
		t += " *"
	}
	ed.win.SetTitle(t)
	if ed.OnTitle != nil {
		ed.OnTitle(t)
	}
	switch {
	case ed.readOnly():
		ed.status.saveLabel.SetText(saveStateReadOnly)
	case ed.saving.saveBlocked || ed.saving.saveErr != nil:
		ed.status.saveLabel.SetText(saveStateFailed)
	case ed.dirty():
		ed.status.saveLabel.SetText("unsaved")
	case !ed.saving.savedAt.IsZero():
		ed.status.saveLabel.SetText("saved " + ed.saving.savedAt.Format("15:04"))
	default:
		ed.status.saveLabel.SetText("saved")
	}
}

// Select makes token i the selected one (-1: none).
func (ed *Editor) Select(i int) {
	if i >= len(ed.enc.Tokens) {
		i = -1
	}
	if i == ed.sel {
		return
	}
	ed.sel = i
	ed.releaseOverlayPanel()                                        // the panel fits the new selection's answers
	ed.unpickArea()                                                 // Delete and R act on the token now
	ed.setStatus(ed.status.pathLabel, ed.gest.ruler.Status(ed.enc)) // "" unless measuring
	ed.updateHover()                                                // the hovered token's distance is from the new one
	if w := session.FallWarning(ed.enc, i); w != "" {
		ed.message(w)
	}
	ed.showInspector()
	ed.scrollToSelection() // in a fight: the order for the current creature, the inspector for another
	ed.fitMode()
	ed.syncFallItem() // Encounter > Selected token falls (fall.go)
	if len(rules.Describe(ed.enc.Ruleset).MoverModes) > 0 {
		ed.buildOverlayPanel() // the forced-movement sources are the other tokens
	}
	ed.requestOverlays()
	ed.rebuildOverlays()
	ed.updateCoverList()
}

// pushUndo records the current state before an edit.
func (ed *Editor) pushUndo(key string) { ed.hist.Push(ed.sharedCopy(), key) }

// sharedCopy is a copy of the encounter for a state nothing edits (an
// undo step, the overlay worker's request): its map is the shared
// read-only one, copied only when it changed since (session.SharedMap).
func (ed *Editor) sharedCopy() *model.Encounter { return ed.shared.Copy(ed.enc) }

// apply runs an edit on a copy, checks it with model.Validate, and keeps it
// (with an undo step) only when valid; the error goes to the status bar.
//
// The copy takes over the encounter's own map squares and masks, which
// the edit may change in place, and the state recorded for undo gets the
// shared copy of them: a token moved on a 1000 x 1000 map copied the
// whole map. An edit refused has what it changed in place put back.
func (ed *Editor) apply(key string, f func(c *model.Encounter) error) error {
	before := ed.enc
	ed.shared.Hold(before)
	c := before.CloneSharingMap()
	refuse := func(err error) error {
		ed.shared.Repair(before)
		if !ed.status.quiet {
			ed.message(err.Error())
		}
		return err
	}
	if err := f(c); err != nil {
		return refuse(err)
	}
	session.KeepFight(before, c) // renamed and deleted tokens in the fight's order
	session.KeepAreas(before, c) // and in the areas they send out
	if err := model.Validate(c); err != nil {
		return refuse(err)
	}
	ed.shared.Give(before) // its own arrays are c's now
	ed.hist.Push(before, key)
	ed.enc = c
	ed.changed()
	return nil
}

// Undo restores the state before the last edit, and says which edit it
// undid in the status bar ("Undone: Dae moved"), where the edit's own
// message ("Every square hidden") would otherwise stay up.
func (ed *Editor) Undo() {
	if ed.hist.Peek() == nil {
		if n := ed.hist.Kept(); n > 0 {
			ed.message(fmt.Sprintf("nothing more to undo: undo goes back %d steps, and older ones are not kept", n))
		} else {
			ed.message("nothing to undo")
		}
		return
	}
	// a rectangle still dragged leaves the map before the state is put
	// aside for redo, which brings back no half-drawn shape
	ed.cancelGesture()
	cur := ed.sharedCopy() // ed.enc's own arrays take the state restored
	s := ed.hist.Back(cur)
	ch := ed.hist.Change(s, cur)
	ed.restoreInto(s, ch.Token, ed.enc)
	ed.sayUndo(undoWords("Undone", ch.Words))
}

// Redo reapplies the last undone edit and says which in the status bar.
func (ed *Editor) Redo() {
	if ed.hist.PeekRedo() == nil {
		ed.message("nothing to redo")
		return
	}
	ed.cancelGesture()
	cur := ed.sharedCopy()
	s := ed.hist.Forward(cur)
	ch := ed.hist.Change(cur, s)
	ed.restoreInto(s, ch.Token, ed.enc)
	ed.sayUndo(undoWords("Redone", ch.Words))
}

// sayUndo puts Undo's or Redo's words in the status bar, where the
// rules' refusal for the state restored does not replace them
// (applyResult): a walker left in the air must fall, and that was all
// the GM read after undoing its height.
func (ed *Editor) sayUndo(s string) {
	ed.message(s)
	ed.live.held = s
}

// undoWords is Undo's or Redo's message: done ("Undone") and, when the
// change has a name, what it was ("Undone: Dae moved").
func undoWords(done, what string) string {
	if what == "" {
		return done
	}
	return done + ": " + what
}

// restore makes s, a state from the History, the encounter being edited,
// and selects touched (a token id, "" for none), the token the step undone
// or redone added, deleted or changed (session.Change), when s has it: the
// token an undone move put back, an undone delete brought back, a redone
// duplicate made, which the GM works on next. (Nothing was selected after
// an undone delete or a redone add, and a token picked since stayed
// selected after an undone move.) Otherwise the selection stays on its
// token while s has it: an undone add leaves nothing of it selected.
func (ed *Editor) restore(s *model.Encounter, touched string) { ed.restoreInto(s, touched, nil) }

// restoreInto is restore, with s's map squares and masks, which recorded
// states share, copied into spare's own arrays where they fit: spare is
// the encounter edited until now, put aside as a shared copy (Undo, Redo),
// whose arrays nothing else holds; nil for none.
func (ed *Editor) restoreInto(s *model.Encounter, touched string, spare *model.Encounter) {
	ed.cancelGesture()
	var selID string
	if ed.sel >= 0 && ed.sel < len(ed.enc.Tokens) {
		selID = ed.enc.Tokens[ed.sel].ID
	}
	// a ruleset switch undone or redone: the overlay panel, built below,
	// turns off or gives back the switches the ruleset has no use for
	rsChanged := s.Ruleset != ed.enc.Ruleset
	// storage identity is not part of the session.History
	s.ID, s.Version, s.Created, s.Updated = ed.enc.ID, ed.enc.Version, ed.enc.Created, ed.enc.Updated
	ed.shared.Restore(s, spare) // painted in place from now on
	ed.enc = s
	ed.sel = -1
	if selID != "" {
		ed.sel = ed.enc.TokenIndex(selID)
	}
	if rsChanged {
		// as switching there would: the ruleset's own default mode (undoing
		// a switch to starship left sf2e on "fly", an error for walkers)
		ed.ovp.settings.Mode = rules.Describe(ed.enc.Ruleset).DefaultMode
	}
	ed.showInspector()
	ed.buildOverlayPanel()
	if rsChanged {
		ed.fitMode()
		ed.win.SetMainMenu(ed.menu())
	}
	turn := ed.fight.shown
	ed.changed()
	// after changed, so that Select asks for the overlays of s; a turn the
	// step passed back or on selects its creature instead (followTurn)
	if j := ed.enc.TokenIndex(touched); touched != "" && j >= 0 && ed.fight.shown == turn {
		ed.Select(j)
	}
}
