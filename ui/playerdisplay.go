package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"

	"encounterplanner/model"
	"encounterplanner/ui/player"
	"encounterplanner/ui/render"
	"encounterplanner/ui/session"
)

// openPlayer opens the player display, or brings it forward.
func (ed *Editor) openPlayer() {
	if ed.player != nil {
		ed.player.Window().Show()
		ed.player.Window().RequestFocus()
		return
	}
	var p *player.Display
	p = player.Open(ed.playerSource(func() *player.Display { return p }))
	ed.setPlayer(p)
}

// playerSource is what the player display follows in this editor; the
// returns the display it is made for, so that the closing of an older
// one leaves this one recorded.
func (ed *Editor) playerSource(the func() *player.Display) player.Source {
	return player.Source{
		Encounter: func() *model.Encounter { return ed.enc },
		Answer:    func() (*render.Overlays, *session.Result) { return ed.live.ov, ed.live.res },
		Grid:      ed.view.GridShown(),
		Parent:    ed.win,
		Escapes:   ed.esc,
		Say:       ed.message,
		OnClosed: func() {
			if ed.player != nil && ed.player == the() {
				ed.setPlayer(nil)
				ed.buildOverlayPanel() // Show players goes
			}
		},
		Keys: ed.playerKeys(),
	}
}

// setPlayer records the player display (nil: none) and shows it in the
// View menu's check mark.
func (ed *Editor) setPlayer(p *player.Display) {
	ed.player = p
	ed.win.SetMainMenu(ed.menu())
}

// togglePlayer is View > Player display: it opens the display, or closes
// it when it is open (the item's check mark).
func (ed *Editor) togglePlayer() {
	if ed.player == nil {
		ed.openPlayer()
		return
	}
	ed.player.Close()
	ed.message("Player display closed")
}

// adoptPlayer makes the player display left open by the editor before
// (or by the library) follow this one: the table's window stays where it
// is and shows this encounter.
func (ed *Editor) adoptPlayer(p *player.Display) {
	if p == nil || p.Closed() {
		return
	}
	p.Follow(ed.playerSource(func() *player.Display { return p }))
	ed.setPlayer(p)
}

// releasePlayer hands the player display on, open, as the editor closes
// for another encounter or the library (Shell.Open, Shell.ShowLibrary);
// nil when none is open.
func (ed *Editor) releasePlayer() *player.Display {
	p := ed.player
	ed.player = nil
	return p
}

// playerKeys sends the keys typed in the player display that it does not
// use itself to the editor, as if typed in the editor's window: the
// display takes the keyboard when it opens, and N, Ctrl+Z and the tool
// keys did nothing there.
func (ed *Editor) playerKeys() player.Keys {
	// to the focused object first, as the editor's window does: H there
	// put the cursor in the amount field, and the 6 typed next went to
	// the map (terrain 6, the brush)
	c := ed.win.Canvas()
	return player.Keys{
		TypedKey: func(ev *fyne.KeyEvent) {
			if f := c.Focused(); f != nil {
				f.TypedKey(ev)
			} else if h := c.OnTypedKey(); h != nil {
				h(ev)
			}
		},
		TypedRune: func(r rune) {
			if f := c.Focused(); f != nil {
				f.TypedRune(r)
			} else if h := c.OnTypedRune(); h != nil {
				h(r)
			}
		},
		Typing: func() bool {
			_, text := c.Focused().(interface{ SelectedText() string }) // a text field
			return text
		},
		Shortcuts: ed.shortcuts(),
		Shortcut:  ed.typedShortcut,
	}
}

// shortcuts are the editor's shortcuts: its main menu's and its own
// (editorShortcuts), once each. A menu item's key without a modifier
// (Delete, F11) is only its label: the driver sends it as a typed key.
func (ed *Editor) shortcuts() []fyne.Shortcut {
	seen := map[string]bool{}
	var out []fyne.Shortcut
	add := func(sc fyne.Shortcut) {
		if cs, ok := sc.(*desktop.CustomShortcut); ok && cs.Modifier == 0 {
			return
		}
		if n := sc.ShortcutName(); !seen[n] {
			seen[n] = true
			out = append(out, sc)
		}
	}
	eachMenuItem(ed.win.MainMenu(), func(it *fyne.MenuItem) {
		if it.Shortcut != nil {
			add(it.Shortcut)
		}
	})
	for _, sc := range editorShortcuts {
		add(sc)
	}
	return out
}

// typedShortcut runs sc as the editor's window does: its main menu's item
// first (the driver fires those before anything else), else the
// shortcut bound in its canvas.
func (ed *Editor) typedShortcut(sc fyne.Shortcut) {
	var item *fyne.MenuItem
	eachMenuItem(ed.win.MainMenu(), func(it *fyne.MenuItem) {
		if item == nil && it.Shortcut != nil && it.Shortcut.ShortcutName() == sc.ShortcutName() && it.Action != nil && !it.Disabled {
			item = it
		}
	})
	if item != nil {
		item.Action()
		return
	}
	if s, ok := ed.win.Canvas().(fyne.Shortcutable); ok {
		s.TypedShortcut(sc)
	}
}

// eachMenuItem calls f on every item of m, submenus included.
func eachMenuItem(m *fyne.MainMenu, f func(*fyne.MenuItem)) {
	if m == nil {
		return
	}
	var walk func(items []*fyne.MenuItem)
	walk = func(items []*fyne.MenuItem) {
		for _, it := range items {
			f(it)
			if it.ChildMenu != nil {
				walk(it.ChildMenu.Items)
			}
		}
	}
	for _, menu := range m.Items {
		walk(menu.Items)
	}
}

// sharePlayer shows the selected token's reach and path on the player
// display (opening it), or stops.
func (ed *Editor) sharePlayer(on bool) {
	if on && ed.player == nil {
		ed.openPlayer()
	}
	if ed.player != nil {
		ed.player.SetSharing(on)
		if on {
			ed.requestOverlays() // the players' answer is computed only while shared
		}
	}
}

func (ed *Editor) togglePlayerFullScreen() {
	if ed.player == nil {
		ed.openPlayer()
	}
	ed.player.ToggleFullScreen()
}

// calibratePlayer opens the player display if need be and asks how big an
// inch is on it.
func (ed *Editor) calibratePlayer() {
	if ed.player == nil {
		ed.openPlayer()
		// the new player window opens over the editor, where the dialog
		// shows: on one screen it hid the dialog the GM had just asked for
		ed.win.RequestFocus()
	}
	ed.player.Calibrate()
}
