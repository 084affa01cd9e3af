package ui

import (
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

// helpSection is one heading of the in-app help and its entries, each a
// bullet ("- ...") or a paragraph of Markdown.
type helpSection struct {
	Title   string
	Entries []string
}

// helpSections are the in-app help: the shortcuts and the rules
// conventions (docs/rules-conventions.md) in a GM's words, by topic, so
// that a GM finds the fog or the fight without reading one long list.
// Keyboard shortcuts lists the keys the editor really handles (editor.go's
// rune and key, editorShortcuts, the menus); help_test.go holds it to them.
var helpSections = []helpSection{
	{`Map painting`, []string{
		`- **B** brush, **[** and **]** change its size (1 to 5)`,
		`- **R** rectangle, **L** line (walls), **F** flood fill, **E** eraser`,
		`- **1**-**9** pick a terrain: open, wall, obstacle, difficult, greater difficult, hazardous, narrow, uneven, water; **0** difficult and hazardous; **S** shallow water`,
		`- **W** walls on grid lines: drag from one grid intersection to another (a crooked drag stays straight); **W** again draws doors, then secret doors (the kind shows under the W button); **Shift**-drag erases. With **V**, a click on a door line (or a door square) opens or closes it; a drag from it pans the map`,
		`- Encounter > Add or remove rows and columns… grows or cuts the map on any side (walls, doors, fog, tokens, notes, areas and the background move with it; a cut through a token is refused); Crop to content cuts the open margins`,
		`- **Ctrl+Z** undo, **Ctrl+Shift+Z** or **Ctrl+Y** redo: every edit; the status bar says which ("Undone: Dae moved")`,
	}},
	{`Tokens`, []string{
		`- **V** select and move tokens: drag to move; hold **Shift** to place on a wall, an obstacle or another creature anyway (the token gets a warning mark), or beyond its movement on its turn in a fight`,
		`- **T** add a token: click a square`,
		`- **Ctrl+D** duplicate, **Delete** (or **Backspace**) delete the selected token; **Esc** deselect (in a field of the inspector or the overlays panel, **Esc** leaves the field first, keeping what you typed, so the next key is a shortcut again)`,
		`- Inspector **Image…** gives the selected token a PNG or JPEG picture (or drop the file on the window); **Remove image** takes it away`,
		`- The inspector keeps HP (Damage and Heal by an amount; 0 HP makes the token unconscious and prone, and healing it above 0 wakes it, still prone) and conditions picked from the ruleset's list, with a value where they have one (frightened 2)`,
		`- **Right-click** a square: add or edit a note pin (GM only, or shown to the players; **Enter** saves it, **Shift+Enter** starts a new line), add a token, duplicate or delete one`,
	}},
	{`Zoom and pan`, []string{
		`- **Wheel**, **+** and **-** zoom; **Ctrl+0** or **Home** fit the map (a very large map shows its tokens as dots: click one to select it)`,
		`- **Middle drag**, **Space+drag**, a select-drag on open ground or the **arrow keys** pan; View > Grid lines hides the grid`,
	}},
	{`Movement and overlays`, []string{
		`The status bar always says what is under the pointer: the square, its terrain, and for the selected token the path there, what it costs, how many actions, the hazards on the way, how high it ends (sf2e and pf1e, when it flies or is off the ground) and whose reactions it provokes.`,
		`- **PageUp** / **PageDown** raise or lower the selected token one square's feet (sf2e, pf1e; a "+15 ft" tag and a shadow on its square show it); the inspector has its Elevation; a token placed, moved or left in the air without a fly Speed gets its fall and damage in the status bar, and does not move until **Encounter > Selected token falls** (or the Fall button under its Elevation) brings it down`,
		`- **Shift+PageUp** / **Shift+PageDown** ask the selected flyer's path and reach at another height, one square's feet a press (5 ft on 5-ft squares), from its own (the overlays switch to Mode fly); with Mode fly the overlays panel's **End elevation** field takes a height in feet, empty for the token's own. The path's last tag ("35 ft · 15 ft up") and the status bar ("ends 15 ft up") say how high it ends; selecting another token goes back to its own height`,
		`- **M** ruler: click squares to add waypoints; each leg and the total are measured by the ruleset's diagonal rule (feet, or points) on the map and in the status bar; **Backspace** takes the last waypoint back, **Esc**, **M** or another tool clears it. View > Share ruler on player display shows it to the players. With a token selected, hovering another says how far it is`,
		`- Encounter > Add area… (sf2e) places an area template (its radius or length in whole squares, at most the map's diagonal): a burst at the grid intersection nearest the pointer, an emanation, cone or line from the selected token; **A** places another with the same settings. The squares inside are shaded (on the player display too when ticked, and in PNG and PDF exports). Encounter > Areas… lists whom each catches and their cover against it. With **V**, **Ctrl**-click (**Cmd**-click on a Mac) inside an area picks it (drag a burst to move it); then **R** or **Shift+wheel** turns a cone or line, the **arrow keys** move a burst and **Delete** removes it; every change is one undo step. **Esc** or a click on open ground lets go of it (**R** is the rectangle tool again)`,
		`Badges on cover lines: L lesser (pf1e: So soft cover), S standard, G greater (sf2e, with Taken cover), X blocked.`,
	}},
	{`Table play: fights`, []string{
		`- **N** next turn in a fight: Encounter > Start fight… takes each token's initiative (typed, or blank to roll a d20); the panel above the inspector shows the round and the order (up and down move a creature), Delay and End. Delay works only before the creature has moved this turn, and puts it after the next creature, with that one's initiative. The creature whose turn it is is selected: dragging it spends its actions and diagonals, and its reach shows what is left; a drag beyond that is refused (**Shift** places it anyway, spending nothing). A creature that cannot act (Unconscious, Dead, Cannot act) shows no reach, and on its turn only **Shift** moves it. In a fight the menu's Start fight… reads End fight. Every change is one undo step`,
		`- Encounter > Party… sets the party's side, level and players: sf2e shows the XP and threat in the status bar, and each creature's XP beside its level in the inspector`,
	}},
	{`Fog and player display`, []string{
		`- **G** fog of war: brush to reveal, **Shift** to hide; **G** again: rectangle, reveal room (one click, stops at walls and closed doors), GM-only squares (the players see open ground there); the mode shows beside the G button. The Fog menu turns fog on and off (off keeps what was revealed, for when it is back on), reveals what the party sees, reveals or hides all, and can make each party move reveal what the mover sees (turned on, it reveals what the party sees at once)`,
		`- **F11** player display full screen (the editor's keys work in the player display too; there the arrows and **+**/**-** move its own map); View > Calibrate player display makes one square one inch: widen the bar to a credit card's long side held against the screen, or type the screen's diagonal`,
	}},
	{`Files, import and export`, []string{
		`- **Ctrl+S** save now (the editor also saves a second after each change, and at least every 5 seconds while you keep editing; the title shows * while unsaved)`,
		`- **Ctrl+Q** quit (saves first; so does closing the window)`,
		`- File > New encounter… makes another encounter (as the library's New… does) and opens it`,
		`- File > Export PNG…, Export PDF (print)… (one inch a square), Export Universal VTT… and Export encounter file… write what the editor shows; File > Import encounter file… and Import Universal VTT… add a file to the library and open it (or drop the file on the window, in the editor or the library); File > New from map image… starts an encounter on a battle map picture`,
		`- Encounter > Import map image… (or the picture dropped on the map with no token selected) makes a PNG, JPEG or WebP battle map the background: the grid found in it is proposed, type pixels per square and offset while the grid shows over the picture; the map takes the image's size`,
	}},
	{`Keyboard shortcuts`, []string{
		`- Tools: **V** select and move, **B** brush, **R** rectangle, **L** line, **F** fill, **E** erase, **T** add a token, **W** walls and doors, **G** fog, **M** ruler`,
		`- Terrain: **1**-**9**, **0** (difficult and hazardous), **S** (shallow water); **[** and **]** the brush size`,
		`- **+** (or **=**) and **-** zoom, **Ctrl+0** or **Home** fit the map, the **arrow keys** pan`,
		`- **Ctrl+Z** undo, **Ctrl+Shift+Z** or **Ctrl+Y** redo, **Ctrl+D** duplicate, **Delete** or **Backspace** delete the selected token, **Esc** deselect`,
		`- **PageUp** / **PageDown** raise or lower the selected token; **Shift+PageUp** / **Shift+PageDown** the height a flyer's path ends at`,
		`- **N** next turn in a fight; **H** puts the cursor in the selected creature's Damage and Heal amount (type it, **Enter** deals it, **+8** and **Enter** heals); **A** another area like the last; an area picked with **Ctrl**-click: **R** or **Shift+wheel** turns it, the **arrow keys** move it, **Delete** removes it, **Esc** lets go`,
		`- The ruler: **Backspace** takes the last waypoint back, **Esc** or **M** clears it`,
		`- **Ctrl+S** save now, **Ctrl+Q** quit, **F11** player display full screen; **F10** opens the menus (the arrows, **Enter** and **Esc** work them); **Alt** alone does nothing`,
		`- The library: type (or **Ctrl+F**) to search, **Up** / **Down** pick, **Enter** opens, **Delete** deletes (it asks first), **Ctrl+Z** brings back the last encounter deleted (Undo delete, on the line under the list)`,
		`- In a dialog **Enter** confirms and **Esc** cancels; **Enter**, **Esc** or **Space** close an error; **Esc** closes this help (a search typed first empties). A question whose yes destroys something for good (Delete encounter?, Replace a file?) is the exception: **Enter** answers no there too, so that takes a click`,
	}},
	{`How the rules are read`, []string{
		`The rulebook is the authority; where it leaves the GM a choice, the app always decides the same way:`,
		`- **Sides.** Same side = allies, different sides = enemies. *Neutral* (the default) is nobody's ally: it blocks movement and gives cover like a creature, but never threatens, flanks or is flanked.`,
		`- **Squares and feet.** A square is 5 ft (starship 50 ft). Outside a fight every query starts a fresh turn, so the first diagonal is the cheap one; in a fight the creature whose turn it is continues its turn.`,
		`- **Moving.** A token moves its whole space one square at a time; walls and obstacles stop ground movement. It may pass allies but not end on them, and never ends on a wall, an obstacle or another creature (tiny creatures excepted in sf2e and pf1e).`,
		`- **Hazardous, narrow, uneven** squares cost nothing extra but are flagged; among equally cheap paths the app picks the one with the fewest of them, then the fewest reactions.`,
		`- **sf2e.** Diagonals 5/10 ft alternating over the whole turn; difficult +5, greater difficult +10; you may brush one corner of a wall, not squeeze between two. Each Stride has its own Speed budget.`,
		`- **pf1e.** Diagonals 1/2 squares; difficult terrain doubles (greater difficult twice); no cutting corners; 2 actions = a double move.`,
		`- **starship.** Ships fly forward only, turn in place for half/full turn speed, and another ship's space is difficult terrain.`,
		`- **points.** Every step costs 1 point (difficult 2, greater 3); crawl, climb and swim cost 1 more; Speed plus mobility per extra action. Leap, teleport (with its range) and forced movement are in the overlay's mode list; for forced movement pick push, pull, sweep, shove or drag, the token that moves the selected one and the distance: the squares it can end in show, a cross marking those where it collides.`,
		`- **Cover** is drawn from the centre of one space to the other: walls and obstacles on the line give standard cover, creatures lesser (pf1e: soft cover). No line of effect at all is shown as X (blocked). It shows toward the selected token's foes (and neutrals); the overlay panel's Allies too adds its allies.`,
		`- **Flanking**: two allies flank a foe within both their reaches when the line between them crosses opposite sides of the foe's space.`,
		`- **Reach** comes from size unless the token sets it; 10-ft reach reaches two squares diagonally.`,
		`- **Elevation** (sf2e, pf1e): a space is as tall as it is wide. Distance, reach, cover and flanking count the height between tokens the way they count squares (one level: the flat answers), and the enemy reach shown is the one at the selected token's height. Flying up a level costs as difficult terrain (straight up 10 ft a level); down with a move costs nothing extra, straight down 5 ft for one or two levels. A token without a fly Speed in the air would fall: sf2e half the distance in damage (water softens it), pf1e 1d6 per 10 ft.`,
	}},
}

// helpText is the whole help as Markdown, each section under its heading.
var helpText = helpMarkdown(helpSections)

// helpMarkdown writes sections as Markdown: a heading each, then its
// entries, bullets one after another in one list.
func helpMarkdown(sections []helpSection) string {
	var b strings.Builder
	for _, s := range sections {
		b.WriteString("## " + s.Title + "\n\n")
		for i, e := range s.Entries {
			if i > 0 && (!strings.HasPrefix(e, "- ") || !strings.HasPrefix(s.Entries[i-1], "- ")) {
				b.WriteString("\n")
			}
			b.WriteString(e + "\n")
		}
		b.WriteString("\n")
	}
	return b.String()
}

// helpMatching is the help cut to what matches query: a whole section
// whose title has every word of it, otherwise the entries that have every
// word (in any case, the Markdown's stars aside), as the library's search
// matches names. An empty query keeps everything.
func helpMatching(query string) []helpSection {
	words := strings.Fields(strings.ToLower(query))
	has := func(s string) bool {
		s = strings.ToLower(strings.ReplaceAll(s, "**", ""))
		for _, w := range words {
			if !strings.Contains(s, w) {
				return false
			}
		}
		return true
	}
	var out []helpSection
	for _, s := range helpSections {
		if has(s.Title) {
			out = append(out, s)
			continue
		}
		var keep []string
		for _, e := range s.Entries {
			if has(e) {
				keep = append(keep, e)
			}
		}
		if len(keep) > 0 {
			out = append(out, helpSection{s.Title, keep})
		}
	}
	return out
}

// helpView is the help window's content: a search field over the
// sections, their headings listed at the left to jump to.
type helpView struct {
	search  *helpSearch
	topics  *widget.List
	scroll  *container.Scroll
	body    *fyne.Container // one RichText a shown section
	shown   []helpSection
	nothing *widget.Label // says that nothing matches
	content fyne.CanvasObject
}

// helpSearch is the help's search field: Escape empties it, showing all
// the help again; in an empty field Escape closes the help (onEscape).
type helpSearch struct {
	widget.Entry
	onEscape func() // nil: Escape only empties the field
}

// TypedKey implements fyne.Focusable.
func (e *helpSearch) TypedKey(k *fyne.KeyEvent) {
	if k.Name == fyne.KeyEscape {
		if e.Text == "" && e.onEscape != nil {
			e.onEscape()
			return
		}
		e.SetText("")
		return
	}
	e.Entry.TypedKey(k)
}

// newHelpView builds the help's content, every section shown.
func newHelpView() *helpView {
	h := &helpView{body: container.NewVBox(), nothing: widget.NewLabel("")}
	h.nothing.Wrapping = fyne.TextWrapWord
	h.search = &helpSearch{}
	h.search.ExtendBaseWidget(h.search)
	h.search.SetPlaceHolder("Search the help: fog, Shift, undo…")
	h.search.OnChanged = h.filter
	h.topics = widget.NewList(func() int { return len(h.shown) },
		func() fyne.CanvasObject { return widget.NewLabel("Files, import and export") },
		func(i widget.ListItemID, o fyne.CanvasObject) { o.(*widget.Label).SetText(h.shown[i].Title) })
	h.topics.OnSelected = func(i widget.ListItemID) {
		h.jump(i)
		h.topics.UnselectAll() // a second click on the heading jumps again
	}
	h.scroll = container.NewVScroll(container.NewPadded(container.NewVBox(h.nothing, h.body)))
	h.content = container.NewBorder(container.NewPadded(h.search), nil,
		container.NewBorder(nil, nil, nil, widget.NewSeparator(), h.topics), nil, h.scroll)
	h.filter("")
	return h
}

// filter shows the sections and entries that match query.
func (h *helpView) filter(query string) {
	h.shown = helpMatching(query)
	h.body.RemoveAll()
	for _, s := range h.shown {
		rt := widget.NewRichTextFromMarkdown(helpMarkdown([]helpSection{s}))
		rt.Wrapping = fyne.TextWrapWord
		h.body.Add(rt)
	}
	if len(h.shown) == 0 {
		h.nothing.SetText("Nothing in the help has every word of \"" + strings.TrimSpace(query) + "\".")
		h.nothing.Show()
	} else {
		h.nothing.Hide()
	}
	h.topics.Refresh()
	h.scroll.ScrollToTop()
}

// jump scrolls the help to the heading of the shown section i.
func (h *helpView) jump(i int) {
	if i < 0 || i >= len(h.body.Objects) {
		return
	}
	h.scroll.Offset = fyne.NewPos(0, h.body.Objects[i].Position().Y)
	h.scroll.Refresh()
}

// showHelp shows the help window, or brings it forward when it is open.
func showHelp(parent fyne.Window) {
	if helpWin.w != nil && slices.Contains(fyne.CurrentApp().Driver().AllWindows(), helpWin.w) {
		// one help window: Help again brings it forward, its search
		// focused, rather than stacking another copy on the screen
		helpWin.w.Show()
		helpWin.w.RequestFocus()
		helpWin.w.Canvas().Focus(helpWin.h.search)
		return
	}
	a := fyne.CurrentApp()
	w := a.NewWindow("Encounter Planner — help")
	h := newHelpView()
	w.SetContent(h.content)
	w.Resize(helpSize(parent))
	w.Canvas().Focus(h.search) // typing searches at once
	// Escape closes the help, as it closes a dialog: from the empty
	// search field, or with nothing focused (a click on the text). It
	// only emptied the field, and a GM without a mouse on the window's
	// close button had no way back to the map
	h.search.onEscape = w.Close
	w.Canvas().SetOnTypedKey(func(k *fyne.KeyEvent) {
		if k.Name == fyne.KeyEscape {
			w.Close()
		}
	})
	w.SetOnClosed(func() { helpWin.w, helpWin.h = nil, nil })
	helpWin.w, helpWin.h = w, h
	w.Show()
}

// helpSize is the help window's first size: 820 x 680, made no larger
// than parent, the window it is opened from. On a netbook at the table
// (the editor at its least, 1024 x 600) its bottom lay under the screen's
// edge.
func helpSize(parent fyne.Window) fyne.Size {
	s := fyne.NewSize(820, 680)
	if parent == nil {
		return s
	}
	if ps := parent.Canvas().Size(); ps.Width > 0 && ps.Height > 0 {
		s = fyne.NewSize(min(s.Width, ps.Width), min(s.Height, ps.Height))
	}
	return s
}

// helpWin is the help window while it is open (UI goroutine only).
var helpWin struct {
	w fyne.Window
	h *helpView
}
