package ui

import (
	"fmt"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/rules"
	"encounterplanner/ui/render"
	"encounterplanner/ui/session"
)

// Tool is what a primary-button gesture on the map does.
type Tool int

// The editor's tools, in the order of the tool panel.
const (
	ToolSelect Tool = iota
	ToolBrush
	ToolRect
	ToolLine
	ToolFill
	ToolErase
	ToolToken
)

type toolInfo struct {
	key  rune
	name string
	tip  string
}

var tools = []toolInfo{
	ToolSelect: {'v', "Select", "V  Select and move tokens (Shift: place anyway)"},
	ToolBrush:  {'b', "Brush", "B  Paint terrain; [ and ] change the brush size"},
	ToolRect:   {'r', "Rect", "R  Drag a rectangle of terrain"},
	ToolLine:   {'l', "Line", "L  Drag a line of terrain (walls)"},
	ToolFill:   {'f', "Fill", "F  Flood-fill an area of the same terrain"},
	ToolErase:  {'e', "Erase", "E  Erase terrain back to open ground"},
	ToolToken:  {'t', "Token", "T  Click a square to add a token"},
}

type terrainInfo struct {
	key  rune
	name string
	t    model.Terrain
}

// palette lists the terrains the GM paints, with their number keys; 0 is
// the common difficult+hazardous mix.
var palette = []terrainInfo{
	{'1', "Open", 0},
	{'2', "Wall", model.Wall},
	{'3', "Obstacle", model.Obstacle},
	{'4', "Difficult", model.Difficult},
	{'5', "Greater", model.GreaterDifficult},
	{'6', "Hazard", model.Hazardous},
	{'7', "Narrow", model.Narrow},
	{'8', "Uneven", model.Uneven},
	{'9', "Water", model.Water},
	{'0', "Diff+Haz", model.Difficult | model.Hazardous},
}

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
	quiet bool         // apply leaves the status bar to its caller

	hovered *rules.Point
	gest    mapGesture   // the primary-button gesture in progress
	live    liveOverlays // the worker and its last answer
	saving  saveState

	// the parts of the window, each with its widgets
	view       *MapView
	content    fyne.CanvasObject
	tools      toolPanel
	status     statusBar
	insp       inspectorPanel
	ovp        overlayPanel
	rightSplit *container.Split // inspector above, overlays and answers below
	tips       *tipLayer
	player     *playerDisplay

	// OnLibrary, when set, is called by File > Open library (after saving).
	OnLibrary func()
	// OnOpen, when set, opens another encounter (after an import).
	OnOpen func(id string)
	// OnTitle, when set, is told the window title after each change.
	OnTitle func(string)
}

// mapGesture is the primary-button gesture in progress on the map.
type mapGesture struct {
	stroke         bool
	strokeBefore   model.Grid // the grid when a rectangle or line began
	startX, startY int
	lastX, lastY   int
	dragTok        int // token being dragged, -1 = none
	dragOffX       int
	dragOffY       int
	ghost          *render.Ghost
	dragMoved      bool
	cycleTok       bool // a click without a drag selects the next token sharing the square
}

// liveOverlays are the overlay worker, the requests made and answered, the
// last answer and what the map draws from it.
type liveOverlays struct {
	worker           *session.Worker
	snap             *model.Encounter // read-only copy of the encounter at snapRev, for the worker
	snapRev          int
	ovGen, ovApplied uint64
	res              *session.Result
	ov               *render.Overlays
	collide          []rules.Point // forced-movement collision squares, drawn as crosses
}

// saveState is where autosave stands.
type saveState struct {
	savedRev    int
	saveTimer   *time.Timer
	savedAt     time.Time
	saveBlocked bool  // a save conflicted: no autosave until the GM decides
	saveErr     error // the last save's error, nil after a success
}

// toolPanel is the left column: the tools, the terrains and the brush.
type toolPanel struct {
	tool        Tool
	terrain     model.Terrain
	brush       int
	toolButtons []*tipButton
	terrButtons []*tipButton
	brushLabel  *widget.Label
	terrLabel   *widget.Label
}

// statusBar is the bottom line: the hovered square, the path, a message
// that clears itself, the save state and the ruleset.
type statusBar struct {
	hoverLabel *widget.Label
	pathLabel  *widget.Label
	msgLabel   *widget.Label
	fields     *fyne.Container // hoverLabel, pathLabel, msgLabel
	saveLabel  *widget.Label
	rulesLabel *widget.Label
	msgAt      time.Time
}

// inspectorPanel is the selected token's form, or the token list.
type inspectorPanel struct {
	box      *fyne.Container
	errLabel *widget.Label // the inspector's last refused edit, in the GM's words
}

// overlayPanel is the overlay switches and, under them, the answers for
// the selection (cover, flanking, forced movement).
type overlayPanel struct {
	box        *fyne.Container
	coverLabel *widget.Label
	settings   session.Settings
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
		win: win, store: store, enc: e, sel: -1, post: post,
		gest:  mapGesture{dragTok: -1},
		tools: toolPanel{tool: ToolSelect, brush: 1, terrain: model.Wall},
	}
	ed.ovp.settings = session.Settings{Reach: true, Mode: rules.Describe(e.Ruleset).DefaultMode, Actions: 1, Path: true, Cover: true, Flank: true}
	ed.saving.savedRev = 0
	if e.Version == 0 {
		ed.saving.savedRev = -1 // never stored: save soon
	}
	ed.live.worker = session.NewWorker(func(r *session.Result) { ed.post(func() { ed.applyResult(r) }) })
	ed.view = NewMapView(func() *model.Encounter { return ed.enc }, func() *render.Overlays { return ed.live.ov }, ed, false)
	ed.view.marks = func() []rules.Point { return ed.live.collide }
	ed.build()
	ed.install()
	ed.refreshAll()
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
func (ed *Editor) View() *MapView { return ed.view }

// Selected returns the index of the selected token, -1 for none.
func (ed *Editor) Selected() int { return ed.sel }

// Close stops the editor's background work (after a final save by the caller).
func (ed *Editor) Close() {
	ed.live.worker.Stop()
	if ed.saving.saveTimer != nil {
		ed.saving.saveTimer.Stop()
	}
	if ed.player != nil {
		ed.player.close()
	}
}

func (ed *Editor) build() {
	ed.tips = newTipLayer()
	ed.tips.post = ed.post
	// tools
	var toolObjs []fyne.CanvasObject
	for i, ti := range tools {
		i := Tool(i)
		b := newTipButton(fmt.Sprintf("%c %s", ti.key-'a'+'A', ti.name), ti.tip, ed.tips, func() { ed.SetTool(i) })
		ed.tools.toolButtons = append(ed.tools.toolButtons, b)
		toolObjs = append(toolObjs, b)
	}
	for i, p := range palette {
		i := i
		b := newTipButton(string(p.key), fmt.Sprintf("%c  Paint %s", p.key, strings.Join(terrainWords(p.t), " + ")), ed.tips, func() { ed.SetTerrain(palette[i].t) })
		b.SetIcon(terrainIcon(p.t))
		ed.tools.terrButtons = append(ed.tools.terrButtons, b)
	}
	var terrObjs []fyne.CanvasObject
	for _, b := range ed.tools.terrButtons {
		terrObjs = append(terrObjs, b)
	}
	ed.tools.terrLabel = widget.NewLabel("")
	ed.tools.terrLabel.Truncation = fyne.TextTruncateEllipsis
	ed.tools.brushLabel = widget.NewLabel("")
	smaller := newTipButton("[", "[  Smaller brush", ed.tips, func() { ed.SetBrush(ed.tools.brush - 1) })
	bigger := newTipButton("]", "]  Bigger brush", ed.tips, func() { ed.SetBrush(ed.tools.brush + 1) })
	left := container.NewVBox(
		widget.NewLabelWithStyle("Tools", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		container.NewGridWithColumns(2, toolObjs...),
		container.NewBorder(nil, nil, smaller, bigger, ed.tools.brushLabel),
		widget.NewLabelWithStyle("Terrain", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		container.NewGridWithColumns(2, terrObjs...),
		ed.tools.terrLabel,
	)
	leftScroll := container.NewVScroll(left)
	leftScroll.SetMinSize(fyne.NewSize(150, 0))

	// status bar
	ed.status.hoverLabel = widget.NewLabel("")
	ed.status.hoverLabel.Truncation = fyne.TextTruncateEllipsis
	ed.status.pathLabel = widget.NewLabel("")
	ed.status.pathLabel.Truncation = fyne.TextTruncateEllipsis
	ed.status.msgLabel = widget.NewLabel("")
	ed.status.msgLabel.Truncation = fyne.TextTruncateEllipsis
	ed.status.saveLabel = widget.NewLabel("")
	ed.status.rulesLabel = widget.NewLabel("")
	// the three fields share the width by what their text needs, so the
	// path's cost, hazards and reactions are not cut to "pr..." while the
	// hovered square's few words keep a third of the bar
	ed.status.fields = container.New(&statusLayout{weights: []float32{1, 3, 1.5}, floors: []float32{230}}, ed.status.hoverLabel, ed.status.pathLabel, ed.status.msgLabel)
	status := container.NewBorder(nil, nil, nil,
		container.NewHBox(widget.NewSeparator(), ed.status.saveLabel, widget.NewSeparator(), ed.status.rulesLabel),
		ed.status.fields)

	// right side
	ed.insp.box = container.NewVBox()
	ed.ovp.box = container.NewVBox()
	ed.ovp.coverLabel = widget.NewLabel("")
	ed.ovp.coverLabel.Wrapping = fyne.TextWrapWord
	right := ed.buildRightPane() // rightpane.go

	split := container.NewBorder(nil, container.NewVBox(widget.NewSeparator(), status), leftScroll, fixedWidth(right, 270), ed.view)
	ed.content = container.NewStack(split, ed.tips.layer)
	ed.buildOverlayPanel()
	ed.showInspector()
	ed.updateToolButtons()
}

func (ed *Editor) install() {
	ed.win.SetContent(ed.content)
	ed.win.SetMainMenu(ed.menu())
	c := ed.win.Canvas()
	c.SetOnTypedRune(ed.rune)
	c.SetOnTypedKey(func(ev *fyne.KeyEvent) {
		if ev.Name == fyne.KeyEscape && escapeTop(ed.win) { // dialogescape.go
			return
		}
		if !ed.key(ev) && !dialogOpen(ed.win) {
			ed.view.navKey(ev)
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
			if !dialogOpen(ed.win) {
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

// dialogOpen reports whether a dialog or pop-up covers win's content: the
// keys typed then belong to it, not to the map or the list behind it (a
// confirmation left open while the GM presses Delete or + must not delete
// a token or zoom the map it hides).
func dialogOpen(win fyne.Window) bool {
	return win != nil && win.Canvas().Overlays().Top() != nil
}

// Rune handling: tool and terrain keys, brush size, zoom.
func (ed *Editor) rune(r rune) {
	if dialogOpen(ed.win) {
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
	if dialogOpen(ed.win) {
		return false
	}
	switch ev.Name {
	case fyne.KeyDelete, fyne.KeyBackspace:
		ed.DeleteToken()
	case fyne.KeyEscape:
		ed.abandonGesture()
		ed.Select(-1)
	case fyne.KeyF11:
		ed.togglePlayerFullScreen()
	case fyne.KeyHome:
		ed.view.Fit()
	default:
		return false
	}
	return true
}

// SetTool picks the tool for the primary button.
func (ed *Editor) SetTool(t Tool) {
	ed.abandonGesture()
	ed.tools.tool = t
	if t == ToolLine && ed.tools.terrain == 0 {
		ed.tools.terrain = model.Wall // a line of open ground is rarely meant
	}
	ed.updateToolButtons()
}

// Tool returns the current tool.
func (ed *Editor) Tool() Tool { return ed.tools.tool }

// SetTerrain picks the terrain the painting tools lay down; picking one
// while selecting switches to the brush.
func (ed *Editor) SetTerrain(t model.Terrain) {
	ed.tools.terrain = t
	if ed.tools.tool == ToolSelect || ed.tools.tool == ToolToken || ed.tools.tool == ToolErase {
		ed.tools.tool = ToolBrush
	}
	ed.updateToolButtons()
}

// SetBrush sets the brush size, 1 to 5 squares.
func (ed *Editor) SetBrush(n int) {
	ed.tools.brush = max(1, min(5, n))
	ed.updateToolButtons()
}

func (ed *Editor) updateToolButtons() {
	for i, b := range ed.tools.toolButtons {
		imp := widget.MediumImportance
		if Tool(i) == ed.tools.tool {
			imp = widget.HighImportance
		}
		if b.Importance != imp {
			b.Importance = imp
			b.Refresh()
		}
	}
	for i, b := range ed.tools.terrButtons {
		imp := widget.LowImportance
		if palette[i].t == ed.tools.terrain {
			imp = widget.HighImportance
		}
		if b.Importance != imp {
			b.Importance = imp
			b.Refresh()
		}
	}
	ed.tools.brushLabel.SetText(fmt.Sprintf("brush %d", ed.tools.brush))
	ed.tools.terrLabel.SetText(strings.Join(terrainWords(ed.tools.terrain), " + "))
}

// message shows text in the status bar's message field.
// It clears itself after msgTTL unless something newer replaced it.
func (ed *Editor) message(s string) {
	at := time.Now()
	ed.status.msgAt = at
	ed.setStatus(ed.status.msgLabel, s)
	if s != "" {
		time.AfterFunc(msgTTL, func() {
			ed.post(func() {
				if ed.status.msgAt == at {
					ed.setStatus(ed.status.msgLabel, "")
				}
			})
		})
	}
}

// setStatus sets one of the status bar's fields and shares the bar's width
// again for the new text.
func (ed *Editor) setStatus(l *widget.Label, s string) {
	if l.Text == s {
		return
	}
	l.SetText(s)
	if ed.status.fields != nil {
		ed.status.fields.Refresh()
	}
}

// msgTTL is how long a status message stays.
const msgTTL = 8 * time.Second

// changed records an edit: new revision, autosave, redraw, new overlays.
func (ed *Editor) changed() {
	ed.rev++
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
	ed.updateTitle()
	ed.status.rulesLabel.SetText(string(ed.enc.Ruleset) + " · " + rules.Describe(ed.enc.Ruleset).Scale(ed.enc.Feet()))
	ed.updateHover()
	if ed.player != nil {
		ed.player.refresh()
	}
}

func (ed *Editor) dirty() bool { return ed.rev != ed.saving.savedRev }

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
	case ed.saving.saveBlocked || ed.saving.saveErr != nil:
		ed.status.saveLabel.SetText("NOT SAVED")
	case ed.dirty():
		ed.status.saveLabel.SetText("unsaved")
	case !ed.saving.savedAt.IsZero():
		ed.status.saveLabel.SetText("saved " + ed.saving.savedAt.Format("15:04"))
	default:
		ed.status.saveLabel.SetText("saved")
	}
}

// snapshot returns a read-only copy of the encounter at the current revision.
func (ed *Editor) snapshot() *model.Encounter {
	if ed.live.snap == nil || ed.live.snapRev != ed.rev {
		ed.live.snap = ed.enc.Clone()
		ed.live.snapRev = ed.rev
	}
	return ed.live.snap
}

// requestOverlays asks the worker for the overlays of the current state.
func (ed *Editor) requestOverlays() {
	ed.live.ovGen++
	var hover *rules.Point
	if ed.hovered != nil {
		h := *ed.hovered
		hover = &h
	}
	if g := ed.gest.ghost; g != nil && g.Token == ed.sel {
		// while a token is dragged its path goes to where it would land
		// (the top-left of its space, not the square under the pointer)
		hover = &rules.Point{X: g.X, Y: g.Y}
	}
	drag := -1
	if ed.gest.dragTok >= 0 && ed.gest.dragMoved {
		drag = ed.gest.dragTok
	}
	share := ed.player != nil && ed.player.share
	ed.live.worker.Request(&session.Request{Gen: ed.live.ovGen, Enc: ed.snapshot(), Rev: ed.rev, Sel: ed.sel, Set: ed.ovp.settings, Hover: hover, Drag: drag, Share: share})
}

// applyResult shows a worker answer; an older answer stays on screen until
// a newer one arrives.
func (ed *Editor) applyResult(r *session.Result) {
	if r.Gen < ed.live.ovApplied {
		return
	}
	ed.live.ovApplied = r.Gen
	ed.live.res = r
	ed.rebuildOverlays()
	if r.PathText != "" {
		ed.setStatus(ed.status.pathLabel, r.PathText)
	} else if ed.hovered == nil || ed.sel < 0 {
		ed.setStatus(ed.status.pathLabel, "")
	} else if r.Path == nil {
		ed.setStatus(ed.status.pathLabel, "")
	}
	if len(r.Errs) > 0 {
		ed.message(strings.Join(r.Errs, "; "))
	} else if strings.HasPrefix(ed.status.msgLabel.Text, "reach:") || strings.HasPrefix(ed.status.msgLabel.Text, "path:") ||
		strings.HasPrefix(ed.status.msgLabel.Text, "cover:") || strings.HasPrefix(ed.status.msgLabel.Text, "flanking:") || strings.HasPrefix(ed.status.msgLabel.Text, "rules") {
		ed.setStatus(ed.status.msgLabel, "")
	}
	ed.updateCoverList()
	if ed.player != nil && ed.player.share {
		ed.player.refresh() // only shared overlays change with an answer
	}
}

// overlaysIdle reports whether the last request was answered (tests).
func (ed *Editor) overlaysIdle() bool { return ed.live.ovApplied == ed.live.ovGen }

// rebuildOverlays assembles what the map draws from the last answer and
// the editor's own state (hover, ghost, warnings).
func (ed *Editor) rebuildOverlays() {
	o := render.NewOverlays()
	o.Units = rules.Describe(ed.enc.Ruleset).Unit
	o.Selected = ed.sel
	r := ed.live.res
	// token indices in an answer for an older revision may be stale: use
	// it only while the token list has the same length (the next answer is
	// on its way)
	if r != nil && r.NTok != len(ed.enc.Tokens) {
		r = nil
	}
	fresh := r != nil && r.Sel == ed.sel && r.Sel < len(ed.enc.Tokens)
	ed.live.collide = nil
	if r != nil && fresh {
		if ed.ovp.settings.Reach {
			o.Reach = r.Reach
			ed.live.collide = r.Collide
		}
		if ed.ovp.settings.Path && r.Path != nil {
			o.Path = r.Path
			o.PathFrom = ed.sel
		}
		if ed.ovp.settings.Cover {
			o.Cover = append(append([]render.CoverLine(nil), r.Cover...), r.CoverBack...)
		}
		if ed.ovp.settings.Threat {
			o.Threat = r.Threat
		}
	}
	if r != nil && ed.ovp.settings.Flank {
		o.Flanks = r.Flanks
		if ed.gest.ghost != nil {
			o.FlankSpots = r.FlankSpots
		}
	}
	if ed.hovered != nil {
		h := *ed.hovered
		o.Hover = &h
		if ed.tools.tool == ToolSelect && ed.sel >= 0 && ed.sel < len(ed.enc.Tokens) {
			// where the selected token would stand: its whole space, with
			// the hovered square as its top-left (as the path reads it)
			o.HoverSize = ed.enc.Space(&ed.enc.Tokens[ed.sel])
		}
	}
	for i := range ed.enc.Tokens {
		// a token placed with Shift, or loaded, where it may not stand
		if session.EndRefusal(ed.enc, i, ed.enc.Tokens[i].X, ed.enc.Tokens[i].Y) != "" {
			o.Warn = append(o.Warn, i)
		}
	}
	o.Ghost = ed.gest.ghost
	ed.live.ov = o
	ed.view.Refresh()
}

// Overlays returns what the map currently draws over the terrain.
func (ed *Editor) Overlays() *render.Overlays { return ed.live.ov }

func (ed *Editor) updateCoverList() {
	r := ed.live.res
	if r == nil || r.NTok != len(ed.enc.Tokens) {
		ed.ovp.coverLabel.SetText("")
		return
	}
	n := len(ed.enc.Tokens)
	var b strings.Builder
	d := rules.Describe(ed.enc.Ruleset)
	if note := d.NoCombatNote; note != "" && ed.sel >= 0 && ed.sel < n {
		// the Cover and Flanking switches are greyed out: say why, where
		// their answers would be
		b.WriteString(note + "\n")
	}
	if ed.sel >= 0 && ed.sel < n && r.Sel == ed.sel && ed.ovp.settings.Cover {
		if len(r.Cover) > 0 {
			fmt.Fprintf(&b, "Cover from %s:\n", ed.enc.Tokens[ed.sel].Name)
			for _, c := range r.Cover {
				if c.To < n {
					fmt.Fprintf(&b, "  %s: %s\n", ed.enc.Tokens[c.To].Name, d.Words.Cover(c.Cover))
				}
			}
		}
		if len(r.CoverBack) > 0 {
			fmt.Fprintf(&b, "Cover %s has from:\n", ed.enc.Tokens[ed.sel].Name)
			for _, c := range r.CoverBack {
				if c.From < n {
					fmt.Fprintf(&b, "  %s: %s\n", ed.enc.Tokens[c.From].Name, d.Words.Cover(c.Cover))
				}
			}
		}
	}
	if ed.sel >= 0 && ed.sel < n && r.Sel == ed.sel && ed.ovp.settings.Reach && ed.ovp.settings.Mode == rules.ModeForced && ed.ovp.settings.ForcedKind != "" && len(r.Errs) == 0 {
		s := ed.ovp.settings
		by := s.ForcedSource
		if j := ed.enc.TokenIndex(by); j >= 0 {
			by = ed.enc.Tokens[j].Name
		}
		fmt.Fprintf(&b, "%s %s by %s, up to %s: %s it can end in, %s (marked ×).\n",
			strings.ToUpper(s.ForcedKind[:1])+s.ForcedKind[1:], ed.enc.Tokens[ed.sel].Name, by, session.Plural(s.ForcedDist, "square", "squares"),
			session.Plural(len(r.Reach), "square", "squares"), session.Plural(len(r.Collide), "collision", "collisions"))
	}
	if ed.ovp.settings.Flank && len(r.Flanks) > 0 {
		b.WriteString(d.Words.FlankedList + "\n")
		for _, f := range r.Flanks {
			if f.Target < n && f.By[0] < n && f.By[1] < n {
				fmt.Fprintf(&b, "  %s by %s and %s\n", ed.enc.Tokens[f.Target].Name, ed.enc.Tokens[f.By[0]].Name, ed.enc.Tokens[f.By[1]].Name)
			}
		}
	}
	ed.ovp.coverLabel.SetText(strings.TrimRight(b.String(), "\n"))
}

// updateHover writes what is under the pointer into the status bar.
func (ed *Editor) updateHover() {
	if ed.hovered == nil {
		ed.setStatus(ed.status.hoverLabel, "")
		return
	}
	x, y := ed.hovered.X, ed.hovered.Y
	if !ed.enc.Grid.In(x, y) {
		ed.setStatus(ed.status.hoverLabel, fmt.Sprintf("(%d, %d) off the map", x, y))
		return
	}
	t := ed.enc.Grid.At(x, y)
	s := fmt.Sprintf("(%d, %d) %s", x, y, strings.Join(terrainWords(t), ", "))
	if i := ed.tokenAt(x, y); i >= 0 {
		s += " · " + ed.enc.Tokens[i].Name
	}
	for _, n := range ed.enc.Notes {
		if n.X == x && n.Y == y {
			s += " · note: " + n.Text
		}
	}
	ed.setStatus(ed.status.hoverLabel, s)
}

func terrainWords(t model.Terrain) []string {
	if t == 0 {
		return []string{"open"}
	}
	out := model.TraitNames(t)
	for i, n := range out {
		if n == "greater-difficult" {
			out[i] = "greater difficult"
		}
	}
	return out
}

// tokenAt returns the topmost token covering (x, y), -1 for none.
func (ed *Editor) tokenAt(x, y int) int {
	for i := len(ed.enc.Tokens) - 1; i >= 0; i-- {
		t := &ed.enc.Tokens[i]
		k := ed.enc.Space(t)
		if x >= t.X && x < t.X+k && y >= t.Y && y < t.Y+k {
			return i
		}
	}
	return -1
}

// tokensAt lists the tokens whose spaces hold (x, y), the one drawn on
// top first.
func (ed *Editor) tokensAt(x, y int) []int {
	var out []int
	for i := len(ed.enc.Tokens) - 1; i >= 0; i-- {
		t := &ed.enc.Tokens[i]
		k := ed.enc.Space(t)
		if x >= t.X && x < t.X+k && y >= t.Y && y < t.Y+k {
			out = append(out, i)
		}
	}
	return out
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
	ed.setStatus(ed.status.pathLabel, "")
	ed.showInspector()
	ed.fitMode()
	if len(rules.Describe(ed.enc.Ruleset).MoverModes) > 0 {
		ed.buildOverlayPanel() // the forced-movement sources are the other tokens
	}
	ed.requestOverlays()
	ed.rebuildOverlays()
	ed.updateCoverList()
}

// centreOn brings token i into the middle of the view.
func (ed *Editor) centreOn(i int) {
	if i < 0 || i >= len(ed.enc.Tokens) {
		return
	}
	t := &ed.enc.Tokens[i]
	k := float64(ed.enc.Space(t))
	ed.view.CentreOn(float64(t.X)+k/2, float64(t.Y)+k/2)
}

// fitMode switches the overlay's movement mode to one the selected token
// has a Speed for (a drone that only flies shows its fly reach rather than
// an error). Points modes all spend land points, so they stay.
func (ed *Editor) fitMode() {
	d := rules.Describe(ed.enc.Ruleset)
	if ed.sel < 0 || d.OneSpeed {
		return
	}
	t := &ed.enc.Tokens[ed.sel]
	m := ed.ovp.settings.Mode
	if _, ok := t.Speeds[m]; ok {
		return
	}
	for _, mm := range d.Modes {
		if _, ok := t.Speeds[mm]; ok {
			ed.ovp.settings.Mode = mm
			ed.buildOverlayPanel()
			ed.message(fmt.Sprintf("%s has no %s Speed: showing %s", t.Name, m, mm))
			return
		}
	}
}

// pushUndo records the current state before an edit.
func (ed *Editor) pushUndo(key string) { ed.hist.Push(ed.enc.Clone(), key) }

// apply runs an edit on a copy, checks it with model.Validate, and keeps it
// (with an undo step) only when valid; the error goes to the status bar.
func (ed *Editor) apply(key string, f func(c *model.Encounter) error) error {
	c := ed.enc.Clone()
	if err := f(c); err != nil {
		if !ed.quiet {
			ed.message(err.Error())
		}
		return err
	}
	if err := model.Validate(c); err != nil {
		if !ed.quiet {
			ed.message(err.Error())
		}
		return err
	}
	ed.hist.Push(ed.enc, key)
	ed.enc = c
	ed.changed()
	return nil
}

// Undo restores the state before the last edit.
func (ed *Editor) Undo() { ed.restore(ed.hist.Back(ed.enc), "nothing to undo") }

// Redo reapplies the last undone edit.
func (ed *Editor) Redo() { ed.restore(ed.hist.Forward(ed.enc), "nothing to redo") }

func (ed *Editor) restore(s *model.Encounter, none string) {
	if s == nil {
		ed.message(none)
		return
	}
	ed.cancelGesture()
	var selID string
	if ed.sel >= 0 && ed.sel < len(ed.enc.Tokens) {
		selID = ed.enc.Tokens[ed.sel].ID
	}
	rsChanged := s.Ruleset != ed.enc.Ruleset
	if rsChanged {
		ed.coverBackOn(ed.enc.Ruleset, s.Ruleset) // as switching there would
	}
	// storage identity is not part of the session.History
	s.ID, s.Version, s.Created, s.Updated = ed.enc.ID, ed.enc.Version, ed.enc.Created, ed.enc.Updated
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
	ed.changed()
}

// hover implements mapInput.
func (ed *Editor) hover(x, y int, in bool) {
	if !in {
		ed.hovered = nil
	} else {
		ed.hovered = &rules.Point{X: x, Y: y}
	}
	ed.updateHover()
	if ed.hovered == nil || ed.sel < 0 {
		ed.setStatus(ed.status.pathLabel, "")
	}
	if ed.ovp.settings.Path && ed.sel >= 0 {
		ed.requestOverlays()
	}
	ed.rebuildOverlays()
}

// cancelGesture forgets the gesture in progress; a rectangle or line being
// dragged is taken off the map. It reports whether that changed the grid.
func (ed *Editor) cancelGesture() bool {
	restored := false
	if ed.gest.stroke && (ed.tools.tool == ToolRect || ed.tools.tool == ToolLine) && ed.gest.strokeBefore.Cells != nil {
		copy(ed.enc.Grid.Cells, ed.gest.strokeBefore.Cells)
		restored = true
	}
	ed.gest.stroke = false
	ed.gest.strokeBefore = model.Grid{}
	ed.gest.dragTok = -1
	ed.gest.ghost = nil
	ed.gest.dragMoved = false
	return restored
}

// abandonGesture is Escape or a tool change in the middle of a gesture: the
// rectangle or line preview leaves the map (and the undo step its press
// recorded goes with it, or Ctrl+Z would seem to do nothing), a dragged
// token's ghost disappears, and the map is drawn again at once.
func (ed *Editor) abandonGesture() {
	ghost := ed.gest.ghost != nil
	if ed.cancelGesture() {
		ed.hist.DropLast()
		ed.changed()
	} else if ghost {
		ed.message("")
		ed.requestOverlays()
		ed.rebuildOverlays()
	}
}

func (ed *Editor) paintTerrain() model.Terrain {
	if ed.tools.tool == ToolErase {
		return 0
	}
	return ed.tools.terrain
}

// pans implements mapInput: with the select tool, a drag that starts on
// empty ground pans the map (and the press deselects).
func (ed *Editor) pans(x, y int) bool {
	if ed.tools.tool != ToolSelect || ed.tokenAt(x, y) >= 0 {
		return false
	}
	ed.Select(-1)
	return true
}

// press implements mapInput: the start of a primary-button gesture.
func (ed *Editor) press(x, y int, shift bool) {
	ed.gest.startX, ed.gest.startY, ed.gest.lastX, ed.gest.lastY = x, y, x, y
	switch ed.tools.tool {
	case ToolSelect:
		i := ed.tokenAt(x, y)
		// tokens may share a square (a tiny creature with anyone, ships
		// apart in size): pressing the selected one keeps it, for a drag,
		// and a click without one goes on to the next token there
		ed.gest.cycleTok = false
		if at := ed.tokensAt(x, y); len(at) > 1 {
			for _, j := range at {
				if j == ed.sel {
					i, ed.gest.cycleTok = j, true
				}
			}
		}
		ed.Select(i)
		if i >= 0 {
			t := &ed.enc.Tokens[i]
			ed.gest.dragTok, ed.gest.dragOffX, ed.gest.dragOffY, ed.gest.dragMoved = i, x-t.X, y-t.Y, false
		}
	case ToolBrush, ToolErase:
		ed.pushUndo("")
		ed.gest.stroke = true
		session.PaintBrush(&ed.enc.Grid, x, y, ed.tools.brush, ed.paintTerrain())
		ed.changed()
	case ToolRect, ToolLine:
		ed.pushUndo("")
		ed.gest.stroke = true
		ed.gest.strokeBefore = ed.enc.Grid.Clone()
		ed.previewShape(x, y)
	case ToolFill:
		before := ed.enc.Clone()
		if session.FloodFill(&ed.enc.Grid, x, y, ed.tools.terrain) > 0 {
			ed.hist.Push(before, "")
			ed.changed()
		}
	case ToolToken:
		if ed.enc.Grid.In(x, y) {
			ed.addTokenDialog(x, y)
		}
	}
}

func (ed *Editor) previewShape(x, y int) {
	copy(ed.enc.Grid.Cells, ed.gest.strokeBefore.Cells)
	if ed.tools.tool == ToolRect {
		session.PaintRect(&ed.enc.Grid, ed.gest.startX, ed.gest.startY, x, y, ed.tools.terrain)
	} else {
		session.PaintLine(&ed.enc.Grid, ed.gest.startX, ed.gest.startY, x, y, ed.tools.brush, ed.tools.terrain)
	}
	ed.changed()
}

// drag implements mapInput.
func (ed *Editor) drag(x, y int, shift bool) {
	switch {
	case ed.tools.tool == ToolSelect && ed.gest.dragTok >= 0:
		nx, ny := x-ed.gest.dragOffX, y-ed.gest.dragOffY
		t := &ed.enc.Tokens[ed.gest.dragTok]
		if nx == t.X && ny == t.Y && !ed.gest.dragMoved {
			return
		}
		ed.gest.dragMoved = true
		reason := session.EndRefusal(ed.enc, ed.gest.dragTok, nx, ny)
		ed.gest.ghost = &render.Ghost{Token: ed.gest.dragTok, X: nx, Y: ny, OK: reason == ""}
		if reason != "" {
			ed.message(fmt.Sprintf("%s: %s", t.Name, reason))
		} else {
			ed.message("")
		}
		ed.requestOverlays() // the path to the drop, and flank spots on the first move
		ed.rebuildOverlays()
	case ed.gest.stroke && (ed.tools.tool == ToolBrush || ed.tools.tool == ToolErase):
		if x == ed.gest.lastX && y == ed.gest.lastY {
			return
		}
		session.PaintLine(&ed.enc.Grid, ed.gest.lastX, ed.gest.lastY, x, y, ed.tools.brush, ed.paintTerrain())
		ed.gest.lastX, ed.gest.lastY = x, y
		ed.changed()
	case ed.gest.stroke && (ed.tools.tool == ToolRect || ed.tools.tool == ToolLine):
		if x == ed.gest.lastX && y == ed.gest.lastY {
			return
		}
		ed.gest.lastX, ed.gest.lastY = x, y
		ed.previewShape(x, y)
	}
}

// release implements mapInput: the end of a gesture.
func (ed *Editor) release(x, y int, shift bool) {
	switch {
	case ed.tools.tool == ToolSelect && ed.gest.dragTok >= 0:
		i := ed.gest.dragTok
		moved := ed.gest.dragMoved
		ed.gest.dragTok, ed.gest.ghost, ed.gest.dragMoved = -1, nil, false
		if !moved {
			if ed.gest.cycleTok {
				ed.gest.cycleTok = false
				at := ed.tokensAt(x, y)
				for n, j := range at {
					if j == i {
						ed.Select(at[(n+1)%len(at)])
						ed.message(fmt.Sprintf("%s selected: %d tokens share this square, click again for the next", ed.enc.Tokens[ed.sel].Name, len(at)))
						break
					}
				}
			}
			ed.rebuildOverlays()
			return
		}
		nx, ny := x-ed.gest.dragOffX, y-ed.gest.dragOffY
		ed.MoveToken(i, nx, ny, shift)
	case ed.gest.stroke:
		ed.gest.stroke = false
		ed.gest.strokeBefore = model.Grid{}
		ed.requestOverlays()
	}
}

// MoveToken moves token i to (x, y). Off the map is always refused; a wall,
// obstacle or another creature is refused unless force (Shift held), and
// then the token is marked with a warning.
func (ed *Editor) MoveToken(i, x, y int, force bool) bool {
	if i < 0 || i >= len(ed.enc.Tokens) {
		return false
	}
	t := ed.enc.Tokens[i]
	if t.X == x && t.Y == y {
		ed.rebuildOverlays()
		return false
	}
	reason := session.EndRefusal(ed.enc, i, x, y)
	if reason == "off the map" || (reason != "" && !force) {
		msg := fmt.Sprintf("%s not moved: %s", t.Name, reason)
		if reason != "off the map" {
			msg += " (hold Shift to place anyway)"
		}
		ed.message(msg)
		ed.rebuildOverlays()
		return false
	}
	err := ed.apply("", func(c *model.Encounter) error {
		c.Tokens[i].X, c.Tokens[i].Y = x, y
		return nil
	})
	if err != nil {
		return false
	}
	if reason != "" {
		ed.message(fmt.Sprintf("%s placed anyway: %s", t.Name, reason))
	} else {
		ed.message(fmt.Sprintf("%s moved to (%d, %d)", t.Name, x, y))
	}
	ed.rebuildOverlays()
	ed.showInspector()
	return true
}
