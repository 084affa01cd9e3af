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

	snap    *model.Encounter // read-only copy of enc at snapRev, for the worker
	snapRev int

	hist    history
	tool    Tool
	terrain model.Terrain
	brush   int
	sel     int // selected token, -1 = none

	settings overlaySettings
	hovered  *rules.Point

	// gesture state
	stroke           bool
	strokeBefore     model.Grid // the grid when a rectangle or line began
	startX, startY   int
	lastX, lastY     int
	dragTok          int // token being dragged, -1 = none
	dragOffX         int
	dragOffY         int
	ghost            *render.Ghost
	dragMoved        bool
	cycleTok         bool // a click without a drag selects the next token sharing the square
	worker           *overlayWorker
	ovGen, ovApplied uint64
	res              *overlayResult
	ov               *render.Overlays
	collide          []rules.Point // forced-movement collision squares, drawn as crosses
	post             func(func())  // runs f on the UI goroutine (fyne.Do; tests replace it)

	// saving
	savedRev    int
	saveTimer   *time.Timer
	savedAt     time.Time
	saveBlocked bool  // a save conflicted: no autosave until the GM decides
	saveErr     error // the last save's error, nil after a success

	// widgets
	view         *MapView
	content      fyne.CanvasObject
	toolButtons  []*tipButton
	terrButtons  []*tipButton
	brushLabel   *widget.Label
	terrLabel    *widget.Label
	hoverLabel   *widget.Label
	statusFields *fyne.Container // hoverLabel, pathLabel, msgLabel
	pathLabel    *widget.Label
	msgLabel     *widget.Label
	saveLabel    *widget.Label
	rulesLabel   *widget.Label
	coverLabel   *widget.Label
	inspector    *fyne.Container
	inspErr      *widget.Label // the inspector's last refused edit, in the GM's words
	quiet        bool          // apply leaves the status bar to its caller
	overlayPanel *fyne.Container
	rightSplit   *container.Split // inspector above, overlays and answers below
	tips         *tipLayer
	player       *playerDisplay
	msgAt        time.Time

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
		win: win, store: store, enc: e, sel: -1, dragTok: -1, brush: 1, terrain: model.Wall,
		post: post, tool: ToolSelect,
	}
	ed.settings = overlaySettings{Reach: true, Mode: rules.DefaultMode(e.Ruleset), Actions: 1, Path: true, Cover: true, Flank: true}
	ed.savedRev = 0
	if e.Version == 0 {
		ed.savedRev = -1 // never stored: save soon
	}
	ed.worker = newOverlayWorker(func(r *overlayResult) { ed.post(func() { ed.applyResult(r) }) })
	ed.view = NewMapView(func() *model.Encounter { return ed.enc }, func() *render.Overlays { return ed.ov }, ed, false)
	ed.build()
	ed.install()
	ed.refreshAll()
	if ed.savedRev < 0 {
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
	ed.worker.stop()
	if ed.saveTimer != nil {
		ed.saveTimer.Stop()
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
		ed.toolButtons = append(ed.toolButtons, b)
		toolObjs = append(toolObjs, b)
	}
	for i, p := range palette {
		i := i
		b := newTipButton(string(p.key), fmt.Sprintf("%c  Paint %s", p.key, strings.Join(terrainWords(p.t), " + ")), ed.tips, func() { ed.SetTerrain(palette[i].t) })
		b.SetIcon(terrainIcon(p.t))
		ed.terrButtons = append(ed.terrButtons, b)
	}
	var terrObjs []fyne.CanvasObject
	for _, b := range ed.terrButtons {
		terrObjs = append(terrObjs, b)
	}
	ed.terrLabel = widget.NewLabel("")
	ed.terrLabel.Truncation = fyne.TextTruncateEllipsis
	ed.brushLabel = widget.NewLabel("")
	smaller := newTipButton("[", "[  Smaller brush", ed.tips, func() { ed.SetBrush(ed.brush - 1) })
	bigger := newTipButton("]", "]  Bigger brush", ed.tips, func() { ed.SetBrush(ed.brush + 1) })
	left := container.NewVBox(
		widget.NewLabelWithStyle("Tools", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		container.NewGridWithColumns(2, toolObjs...),
		container.NewBorder(nil, nil, smaller, bigger, ed.brushLabel),
		widget.NewLabelWithStyle("Terrain", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		container.NewGridWithColumns(2, terrObjs...),
		ed.terrLabel,
	)
	leftScroll := container.NewVScroll(left)
	leftScroll.SetMinSize(fyne.NewSize(150, 0))

	// status bar
	ed.hoverLabel = widget.NewLabel("")
	ed.hoverLabel.Truncation = fyne.TextTruncateEllipsis
	ed.pathLabel = widget.NewLabel("")
	ed.pathLabel.Truncation = fyne.TextTruncateEllipsis
	ed.msgLabel = widget.NewLabel("")
	ed.msgLabel.Truncation = fyne.TextTruncateEllipsis
	ed.saveLabel = widget.NewLabel("")
	ed.rulesLabel = widget.NewLabel("")
	// the three fields share the width by what their text needs, so the
	// path's cost, hazards and reactions are not cut to "pr..." while the
	// hovered square's few words keep a third of the bar
	ed.statusFields = container.New(&statusLayout{weights: []float32{1, 3, 1.5}, floors: []float32{230}}, ed.hoverLabel, ed.pathLabel, ed.msgLabel)
	status := container.NewBorder(nil, nil, nil,
		container.NewHBox(widget.NewSeparator(), ed.saveLabel, widget.NewSeparator(), ed.rulesLabel),
		ed.statusFields)

	// right side
	ed.inspector = container.NewVBox()
	ed.overlayPanel = container.NewVBox()
	ed.coverLabel = widget.NewLabel("")
	ed.coverLabel.Wrapping = fyne.TextWrapWord
	right := ed.buildRightPane() // polish_right.go

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
		if ev.Name == fyne.KeyEscape && escapeTop(ed.win) { // polish_dialogkeys.go
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
		ed.SetBrush(ed.brush - 1)
	case ']':
		ed.SetBrush(ed.brush + 1)
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
	ed.tool = t
	if t == ToolLine && ed.terrain == 0 {
		ed.terrain = model.Wall // a line of open ground is rarely meant
	}
	ed.updateToolButtons()
}

// Tool returns the current tool.
func (ed *Editor) Tool() Tool { return ed.tool }

// SetTerrain picks the terrain the painting tools lay down; picking one
// while selecting switches to the brush.
func (ed *Editor) SetTerrain(t model.Terrain) {
	ed.terrain = t
	if ed.tool == ToolSelect || ed.tool == ToolToken || ed.tool == ToolErase {
		ed.tool = ToolBrush
	}
	ed.updateToolButtons()
}

// SetBrush sets the brush size, 1 to 5 squares.
func (ed *Editor) SetBrush(n int) {
	ed.brush = max(1, min(5, n))
	ed.updateToolButtons()
}

func (ed *Editor) updateToolButtons() {
	for i, b := range ed.toolButtons {
		imp := widget.MediumImportance
		if Tool(i) == ed.tool {
			imp = widget.HighImportance
		}
		if b.Importance != imp {
			b.Importance = imp
			b.Refresh()
		}
	}
	for i, b := range ed.terrButtons {
		imp := widget.LowImportance
		if palette[i].t == ed.terrain {
			imp = widget.HighImportance
		}
		if b.Importance != imp {
			b.Importance = imp
			b.Refresh()
		}
	}
	ed.brushLabel.SetText(fmt.Sprintf("brush %d", ed.brush))
	ed.terrLabel.SetText(strings.Join(terrainWords(ed.terrain), " + "))
}

// message shows text in the status bar's message field.
// It clears itself after msgTTL unless something newer replaced it.
func (ed *Editor) message(s string) {
	at := time.Now()
	ed.msgAt = at
	ed.setStatus(ed.msgLabel, s)
	if s != "" {
		time.AfterFunc(msgTTL, func() {
			ed.post(func() {
				if ed.msgAt == at {
					ed.setStatus(ed.msgLabel, "")
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
	if ed.statusFields != nil {
		ed.statusFields.Refresh()
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
	if ed.enc.Ruleset == model.Points {
		ed.rulesLabel.SetText("points · movement points")
	} else {
		ed.rulesLabel.SetText(string(ed.enc.Ruleset) + fmt.Sprintf(" · %d ft/sq", ed.enc.Feet()))
	}
	ed.updateHover()
	if ed.player != nil {
		ed.player.refresh()
	}
}

func (ed *Editor) dirty() bool { return ed.rev != ed.savedRev }

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
	case ed.saveBlocked || ed.saveErr != nil:
		ed.saveLabel.SetText("NOT SAVED")
	case ed.dirty():
		ed.saveLabel.SetText("unsaved")
	case !ed.savedAt.IsZero():
		ed.saveLabel.SetText("saved " + ed.savedAt.Format("15:04"))
	default:
		ed.saveLabel.SetText("saved")
	}
}

// snapshot returns a read-only copy of the encounter at the current revision.
func (ed *Editor) snapshot() *model.Encounter {
	if ed.snap == nil || ed.snapRev != ed.rev {
		ed.snap = ed.enc.Clone()
		ed.snapRev = ed.rev
	}
	return ed.snap
}

// requestOverlays asks the worker for the overlays of the current state.
func (ed *Editor) requestOverlays() {
	ed.ovGen++
	var hover *rules.Point
	if ed.hovered != nil {
		h := *ed.hovered
		hover = &h
	}
	if g := ed.ghost; g != nil && g.Token == ed.sel {
		// while a token is dragged its path goes to where it would land
		// (the top-left of its space, not the square under the pointer)
		hover = &rules.Point{X: g.X, Y: g.Y}
	}
	drag := -1
	if ed.dragTok >= 0 && ed.dragMoved {
		drag = ed.dragTok
	}
	share := ed.player != nil && ed.player.share
	ed.worker.request(&overlayReq{gen: ed.ovGen, enc: ed.snapshot(), rev: ed.rev, sel: ed.sel, set: ed.settings, hover: hover, drag: drag, share: share})
}

// applyResult shows a worker answer; an older answer stays on screen until
// a newer one arrives.
func (ed *Editor) applyResult(r *overlayResult) {
	if r.gen < ed.ovApplied {
		return
	}
	ed.ovApplied = r.gen
	ed.res = r
	ed.rebuildOverlays()
	if r.pathText != "" {
		ed.setStatus(ed.pathLabel, r.pathText)
	} else if ed.hovered == nil || ed.sel < 0 {
		ed.setStatus(ed.pathLabel, "")
	} else if r.path == nil {
		ed.setStatus(ed.pathLabel, "")
	}
	if len(r.errs) > 0 {
		ed.message(strings.Join(r.errs, "; "))
	} else if strings.HasPrefix(ed.msgLabel.Text, "reach:") || strings.HasPrefix(ed.msgLabel.Text, "path:") ||
		strings.HasPrefix(ed.msgLabel.Text, "cover:") || strings.HasPrefix(ed.msgLabel.Text, "flanking:") || strings.HasPrefix(ed.msgLabel.Text, "rules") {
		ed.setStatus(ed.msgLabel, "")
	}
	ed.updateCoverList()
	if ed.player != nil && ed.player.share {
		ed.player.refresh() // only shared overlays change with an answer
	}
}

// overlaysIdle reports whether the last request was answered (tests).
func (ed *Editor) overlaysIdle() bool { return ed.ovApplied == ed.ovGen }

// rebuildOverlays assembles what the map draws from the last answer and
// the editor's own state (hover, ghost, warnings).
func (ed *Editor) rebuildOverlays() {
	o := render.NewOverlays()
	o.Units = unit(ed.enc.Ruleset)
	o.Selected = ed.sel
	r := ed.res
	// token indices in an answer for an older revision may be stale: use
	// it only while the token list has the same length (the next answer is
	// on its way)
	if r != nil && r.ntok != len(ed.enc.Tokens) {
		r = nil
	}
	fresh := r != nil && r.sel == ed.sel && r.sel < len(ed.enc.Tokens)
	ed.collide = nil
	if r != nil && fresh {
		if ed.settings.Reach {
			o.Reach = r.reach
			ed.collide = r.collide
			o.Collide = r.collide
		}
		if ed.settings.Path && r.path != nil {
			o.Path = r.path
			o.PathFrom = ed.sel
		}
		if ed.settings.Cover {
			o.Cover = append(append([]render.CoverLine(nil), r.cover...), r.coverBack...)
		}
		if ed.settings.Threat {
			o.Threat = r.threat
		}
	}
	if r != nil && ed.settings.Flank {
		o.Flanks = r.flanks
		if ed.ghost != nil {
			o.FlankSpots = r.flankSpots
		}
	}
	if ed.hovered != nil {
		h := *ed.hovered
		o.Hover = &h
		if ed.tool == ToolSelect && ed.sel >= 0 && ed.sel < len(ed.enc.Tokens) {
			// where the selected token would stand: its whole space, with
			// the hovered square as its top-left (as the path reads it)
			o.HoverSize = ed.enc.Space(&ed.enc.Tokens[ed.sel])
		}
	}
	for i := range ed.enc.Tokens {
		// a token placed with Shift, or loaded, where it may not stand
		if endRefusal(ed.enc, i, ed.enc.Tokens[i].X, ed.enc.Tokens[i].Y) != "" {
			o.Warn = append(o.Warn, i)
		}
	}
	o.Ghost = ed.ghost
	ed.ov = o
	ed.view.Refresh()
}

// Overlays returns what the map currently draws over the terrain.
func (ed *Editor) Overlays() *render.Overlays { return ed.ov }

func (ed *Editor) updateCoverList() {
	r := ed.res
	if r == nil || r.ntok != len(ed.enc.Tokens) {
		ed.coverLabel.SetText("")
		return
	}
	n := len(ed.enc.Tokens)
	var b strings.Builder
	if note := noCoverNote(ed.enc.Ruleset); note != "" && ed.sel >= 0 && ed.sel < n {
		// the Cover and Flanking switches are greyed out: say why, where
		// their answers would be
		b.WriteString(note + "\n")
	}
	if ed.sel >= 0 && ed.sel < n && r.sel == ed.sel && ed.settings.Cover {
		if len(r.cover) > 0 {
			fmt.Fprintf(&b, "Cover from %s:\n", ed.enc.Tokens[ed.sel].Name)
			for _, c := range r.cover {
				if c.To < n {
					fmt.Fprintf(&b, "  %s: %s\n", ed.enc.Tokens[c.To].Name, c.Cover)
				}
			}
		}
		if len(r.coverBack) > 0 {
			fmt.Fprintf(&b, "Cover %s has from:\n", ed.enc.Tokens[ed.sel].Name)
			for _, c := range r.coverBack {
				if c.From < n {
					fmt.Fprintf(&b, "  %s: %s\n", ed.enc.Tokens[c.From].Name, c.Cover)
				}
			}
		}
	}
	if ed.sel >= 0 && ed.sel < n && r.sel == ed.sel && ed.settings.Reach && ed.settings.Mode == modeForced && ed.settings.ForcedKind != "" && len(r.errs) == 0 {
		s := ed.settings
		by := s.ForcedSource
		if j := ed.enc.TokenIndex(by); j >= 0 {
			by = ed.enc.Tokens[j].Name
		}
		fmt.Fprintf(&b, "%s %s by %s, up to %s: %s it can end in, %s (marked ×).\n",
			strings.ToUpper(s.ForcedKind[:1])+s.ForcedKind[1:], ed.enc.Tokens[ed.sel].Name, by, plural(s.ForcedDist, "square", "squares"),
			plural(len(r.reach), "square", "squares"), plural(len(r.collide), "collision", "collisions"))
	}
	if ed.settings.Flank && len(r.flanks) > 0 {
		b.WriteString("Flanked (off-guard):\n")
		for _, f := range r.flanks {
			if f.Target < n && f.By[0] < n && f.By[1] < n {
				fmt.Fprintf(&b, "  %s by %s and %s\n", ed.enc.Tokens[f.Target].Name, ed.enc.Tokens[f.By[0]].Name, ed.enc.Tokens[f.By[1]].Name)
			}
		}
	}
	ed.coverLabel.SetText(strings.TrimRight(b.String(), "\n"))
}

// noCoverNote says, for a ruleset whose text defines no cover or
// flanking, why those overlay switches are off; "" for the others.
func noCoverNote(r model.Ruleset) string {
	switch r {
	case model.Starship:
		return "Starship combat has no cover, flanking or reactions: the Cover and Flanking switches are off and Enemy reach shows nothing."
	case model.Points:
		return "The movement-points rules define no cover, flanking or reactions: the Cover and Flanking switches are off and Enemy reach shows nothing."
	}
	return ""
}

// updateHover writes what is under the pointer into the status bar.
func (ed *Editor) updateHover() {
	if ed.hovered == nil {
		ed.setStatus(ed.hoverLabel, "")
		return
	}
	x, y := ed.hovered.X, ed.hovered.Y
	if !ed.enc.Grid.In(x, y) {
		ed.setStatus(ed.hoverLabel, fmt.Sprintf("(%d, %d) off the map", x, y))
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
	ed.setStatus(ed.hoverLabel, s)
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
	ed.setStatus(ed.pathLabel, "")
	ed.showInspector()
	ed.fitMode()
	if ed.enc.Ruleset == model.Points {
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
	if ed.sel < 0 || ed.enc.Ruleset == model.Points {
		return
	}
	t := &ed.enc.Tokens[ed.sel]
	m := ed.settings.Mode
	if _, ok := t.Speeds[m]; ok {
		return
	}
	for _, mm := range rules.Modes(ed.enc.Ruleset) {
		if _, ok := t.Speeds[mm]; ok {
			ed.settings.Mode = mm
			ed.buildOverlayPanel()
			ed.message(fmt.Sprintf("%s has no %s Speed: showing %s", t.Name, m, mm))
			return
		}
	}
}

// pushUndo records the current state before an edit.
func (ed *Editor) pushUndo(key string) { ed.hist.push(ed.enc.Clone(), key) }

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
	ed.hist.push(ed.enc, key)
	ed.enc = c
	ed.changed()
	return nil
}

// Undo restores the state before the last edit.
func (ed *Editor) Undo() { ed.restore(ed.hist.back(ed.enc), "nothing to undo") }

// Redo reapplies the last undone edit.
func (ed *Editor) Redo() { ed.restore(ed.hist.forward(ed.enc), "nothing to redo") }

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
	// storage identity is not part of the history
	s.ID, s.Version, s.Created, s.Updated = ed.enc.ID, ed.enc.Version, ed.enc.Created, ed.enc.Updated
	ed.enc = s
	ed.sel = -1
	if selID != "" {
		ed.sel = ed.enc.TokenIndex(selID)
	}
	if rsChanged {
		// as switching there would: the ruleset's own default mode (undoing
		// a switch to starship left sf2e on "fly", an error for walkers)
		ed.settings.Mode = rules.DefaultMode(ed.enc.Ruleset)
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
		ed.setStatus(ed.pathLabel, "")
	}
	if ed.settings.Path && ed.sel >= 0 {
		ed.requestOverlays()
	}
	ed.rebuildOverlays()
}

// cancelGesture forgets the gesture in progress; a rectangle or line being
// dragged is taken off the map. It reports whether that changed the grid.
func (ed *Editor) cancelGesture() bool {
	restored := false
	if ed.stroke && (ed.tool == ToolRect || ed.tool == ToolLine) && ed.strokeBefore.Cells != nil {
		copy(ed.enc.Grid.Cells, ed.strokeBefore.Cells)
		restored = true
	}
	ed.stroke = false
	ed.strokeBefore = model.Grid{}
	ed.dragTok = -1
	ed.ghost = nil
	ed.dragMoved = false
	return restored
}

// abandonGesture is Escape or a tool change in the middle of a gesture: the
// rectangle or line preview leaves the map (and the undo step its press
// recorded goes with it, or Ctrl+Z would seem to do nothing), a dragged
// token's ghost disappears, and the map is drawn again at once.
func (ed *Editor) abandonGesture() {
	ghost := ed.ghost != nil
	if ed.cancelGesture() {
		ed.hist.dropLast()
		ed.changed()
	} else if ghost {
		ed.message("")
		ed.requestOverlays()
		ed.rebuildOverlays()
	}
}

func (ed *Editor) paintTerrain() model.Terrain {
	if ed.tool == ToolErase {
		return 0
	}
	return ed.terrain
}

// pans implements mapInput: with the select tool, a drag that starts on
// empty ground pans the map (and the press deselects).
func (ed *Editor) pans(x, y int) bool {
	if ed.tool != ToolSelect || ed.tokenAt(x, y) >= 0 {
		return false
	}
	ed.Select(-1)
	return true
}

// press implements mapInput: the start of a primary-button gesture.
func (ed *Editor) press(x, y int, shift bool) {
	ed.startX, ed.startY, ed.lastX, ed.lastY = x, y, x, y
	switch ed.tool {
	case ToolSelect:
		i := ed.tokenAt(x, y)
		// tokens may share a square (a tiny creature with anyone, ships
		// apart in size): pressing the selected one keeps it, for a drag,
		// and a click without one goes on to the next token there
		ed.cycleTok = false
		if at := ed.tokensAt(x, y); len(at) > 1 {
			for _, j := range at {
				if j == ed.sel {
					i, ed.cycleTok = j, true
				}
			}
		}
		ed.Select(i)
		if i >= 0 {
			t := &ed.enc.Tokens[i]
			ed.dragTok, ed.dragOffX, ed.dragOffY, ed.dragMoved = i, x-t.X, y-t.Y, false
		}
	case ToolBrush, ToolErase:
		ed.pushUndo("")
		ed.stroke = true
		paintBrush(&ed.enc.Grid, x, y, ed.brush, ed.paintTerrain())
		ed.changed()
	case ToolRect, ToolLine:
		ed.pushUndo("")
		ed.stroke = true
		ed.strokeBefore = ed.enc.Grid.Clone()
		ed.previewShape(x, y)
	case ToolFill:
		before := ed.enc.Clone()
		if floodFill(&ed.enc.Grid, x, y, ed.terrain) > 0 {
			ed.hist.push(before, "")
			ed.changed()
		}
	case ToolToken:
		if ed.enc.Grid.In(x, y) {
			ed.addTokenDialog(x, y)
		}
	}
}

func (ed *Editor) previewShape(x, y int) {
	copy(ed.enc.Grid.Cells, ed.strokeBefore.Cells)
	if ed.tool == ToolRect {
		paintRect(&ed.enc.Grid, ed.startX, ed.startY, x, y, ed.terrain)
	} else {
		paintLine(&ed.enc.Grid, ed.startX, ed.startY, x, y, ed.brush, ed.terrain)
	}
	ed.changed()
}

// drag implements mapInput.
func (ed *Editor) drag(x, y int, shift bool) {
	switch {
	case ed.tool == ToolSelect && ed.dragTok >= 0:
		nx, ny := x-ed.dragOffX, y-ed.dragOffY
		t := &ed.enc.Tokens[ed.dragTok]
		if nx == t.X && ny == t.Y && !ed.dragMoved {
			return
		}
		ed.dragMoved = true
		reason := endRefusal(ed.enc, ed.dragTok, nx, ny)
		ed.ghost = &render.Ghost{Token: ed.dragTok, X: nx, Y: ny, OK: reason == ""}
		if reason != "" {
			ed.message(fmt.Sprintf("%s: %s", t.Name, reason))
		} else {
			ed.message("")
		}
		ed.requestOverlays() // the path to the drop, and flank spots on the first move
		ed.rebuildOverlays()
	case ed.stroke && (ed.tool == ToolBrush || ed.tool == ToolErase):
		if x == ed.lastX && y == ed.lastY {
			return
		}
		paintLine(&ed.enc.Grid, ed.lastX, ed.lastY, x, y, ed.brush, ed.paintTerrain())
		ed.lastX, ed.lastY = x, y
		ed.changed()
	case ed.stroke && (ed.tool == ToolRect || ed.tool == ToolLine):
		if x == ed.lastX && y == ed.lastY {
			return
		}
		ed.lastX, ed.lastY = x, y
		ed.previewShape(x, y)
	}
}

// release implements mapInput: the end of a gesture.
func (ed *Editor) release(x, y int, shift bool) {
	switch {
	case ed.tool == ToolSelect && ed.dragTok >= 0:
		i := ed.dragTok
		moved := ed.dragMoved
		ed.dragTok, ed.ghost, ed.dragMoved = -1, nil, false
		if !moved {
			if ed.cycleTok {
				ed.cycleTok = false
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
		nx, ny := x-ed.dragOffX, y-ed.dragOffY
		ed.MoveToken(i, nx, ny, shift)
	case ed.stroke:
		ed.stroke = false
		ed.strokeBefore = model.Grid{}
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
	reason := endRefusal(ed.enc, i, x, y)
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
