// Package player is the second window the players see: the map without
// hidden tokens or GM notes, the overlays the GM shares, full screen on any
// monitor, calibrated (credit-card ruler or screen diagonal) so that one
// square is one inch on the table's screen.
package player

import (
	"fmt"
	"math"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/ui/controls"
	"encounterplanner/ui/mapview"
	"encounterplanner/ui/render"
	"encounterplanner/ui/session"
)

// PrefDiagonal is the preference that keeps the player screen's diagonal
// (inches) between runs; PrefResolution keeps the resolution of the screen
// it was measured on ("1920x1080"): the two make the screen's density,
// whatever size the player window has.
const (
	PrefDiagonal   = "playerDiagonalInches"
	PrefResolution = "playerScreenResolution"
)

// Display is the second window the players see: the map drawn with
// View.Player (no hidden tokens, no GM notes), no menus, and only the
// overlays the GM shares. It follows the editor live.
type Display struct {
	src    Source
	closed bool // the window was closed
	win    fyne.Window
	view   *mapview.View
	share  bool
	shared *render.Overlays
	diag   float64           // screen diagonal in inches, 0 = not calibrated (fit)
	ppi    float64           // pixels per inch from the credit-card ruler; wins over diag
	ruler  fyne.CanvasObject // the card ruler shown while calibrating
	resW   int               // the resolution of the screen the diagonal was measured on
	resH   int
	warned string        // the last "not the calibrated screen" note, said once
	order  *widget.Label // the initiative order above the map, in a fight, in lines that fit
	line   string        // the order on one line, as the players read it
	fitted string        // the line order shows, packed for lineW units
	lineW  float32
	turn   session.PlayersTurn // the turn order marks (kept through unseen turns)
	// content is the order above the map, the window's usual content
	content fyne.CanvasObject
}

// Source is what the display follows and where its dialogs go.
type Source struct {
	// Encounter is the encounter being edited.
	Encounter func() *model.Encounter
	// Answer is what the GM's map draws and the overlay worker's last
	// answer, whose PlayerReach and PlayerPath are shared.
	Answer func() (*render.Overlays, *session.Result)
	// Grid says whether grid lines are drawn at first.
	Grid bool
	// Parent is the GM's window, where Calibrate's dialog and errors show;
	// Escapes are its dialogs that Escape cancels; Say writes to its status
	// bar.
	Parent  fyne.Window
	Escapes *controls.Escapes
	Say     func(string)
	// OnClosed, when set, is called once the players' window closes.
	OnClosed func()
	// Keys is where the keys typed in the players' window go that it
	// does not use itself.
	Keys Keys
}

// Keys takes the keys typed in the players' window other than its own
// (F11, Escape in full screen, the arrows, + and -). The window takes the
// keyboard when it opens or is clicked (to move it to the table's
// screen), and N, the tool keys and Ctrl+Z did nothing there: they go to
// the GM's window, whichever of the two has the keyboard.
type Keys struct {
	TypedKey  func(*fyne.KeyEvent)
	TypedRune func(rune)
	// Shortcuts are bound in the players' window, each sent to Shortcut
	// (a window runs only the shortcuts bound in it).
	Shortcuts []fyne.Shortcut
	Shortcut  func(fyne.Shortcut)
	// Typing, when set, says whether a field of the GM's window has the
	// cursor: then every key but F11 goes to TypedKey and TypedRune, the
	// arrows, + and - included (H puts the cursor in the amount field,
	// and "-6" typed here zoomed the players' map out).
	Typing func() bool
}

// Open makes the players' window, shows it and follows src.
func Open(src Source) *Display {
	a := fyne.CurrentApp()
	p := &Display{src: src}
	p.diag = a.Preferences().Float(PrefDiagonal)
	p.ppi = a.Preferences().Float(PrefPPI)
	p.resW, p.resH = parseResolution(a.Preferences().String(PrefResolution))
	p.win = a.NewWindow("Player display — " + src.Encounter().Name)
	p.view = mapview.New(func() *model.Encounter { return p.src.Encounter() }, func() *render.Overlays {
		return p.shared // nil unless something is shown to the players
	}, nil, true)
	p.view.SetGrid(src.Grid)
	p.view.OnLayout = func(fyne.Size) {
		if p.calibrated() {
			p.Place()
		} else {
			p.view.Refit(p.view.Size())
		}
	}
	p.order = widget.NewLabelWithStyle("", fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	p.order.Truncation = fyne.TextTruncateEllipsis // a name wider than the window alone
	p.order.Hide()
	p.content = container.New(orderAbove{p}, p.order, p.view)
	p.win.SetContent(p.content)
	p.win.SetPadded(false)
	p.win.Resize(fyne.NewSize(800, 600))
	p.bindKeys()
	p.win.SetOnClosed(func() {
		p.closed = true
		p.view.Release() // its map image goes with the editor's last hold on it
		if p.src.OnClosed != nil {
			p.src.OnClosed() // the source it follows now (Follow)
		}
	})
	p.win.Show()
	p.Place()
	p.Refresh()
	return p
}

// bindKeys gives the players' window its keys: F11 toggles full screen,
// Escape leaves it, the arrows pan and + and - zoom the players' map, F10
// does nothing (the window has no menu, and the editor's would open in the
// other window, the arrows still typed here); every other key, and the
// GM's shortcuts, go to src.Keys; while a field of the GM's window has the
// cursor (Keys.Typing), every key but F11 goes there.
func (p *Display) bindKeys() {
	c := p.win.Canvas()
	c.SetOnTypedKey(func(ev *fyne.KeyEvent) {
		k := p.src.Keys
		typing := k.Typing != nil && k.Typing()
		switch {
		case ev.Name == fyne.KeyF11:
			p.ToggleFullScreen()
		case typing && k.TypedKey != nil:
			k.TypedKey(ev) // Escape too: it leaves the GM's field
		case ev.Name == fyne.KeyEscape && p.win.FullScreen():
			p.win.SetFullScreen(false)
		case ev.Name == fyne.KeyF10:
		case p.view.NavKey(ev):
		case k.TypedKey != nil:
			k.TypedKey(ev)
		}
	})
	c.SetOnTypedRune(func(r rune) {
		if k := p.src.Keys; k.Typing != nil && k.Typing() && k.TypedRune != nil {
			k.TypedRune(r)
			return
		}
		switch r {
		case '+', '=':
			p.view.ZoomCentre(1.25)
		case '-':
			p.view.ZoomCentre(0.8)
		default:
			if k := p.src.Keys; k.TypedRune != nil {
				k.TypedRune(r)
			}
		}
	})
	p.addShortcuts()
}

// addShortcuts binds the source's shortcuts in the players' window.
func (p *Display) addShortcuts() {
	k, c := p.src.Keys, p.win.Canvas()
	if k.Shortcut == nil {
		return
	}
	for _, sc := range k.Shortcuts {
		c.AddShortcut(sc, k.Shortcut)
	}
}

// Follow makes the display follow src from now on: the GM opened another
// encounter, or went to the library (a source that stays on the last
// map). The window stays where it is, full screen on the table's screen
// or not, with its calibration; it shows the new map, fitted or at one
// inch a square, and shares nothing until the GM shares again. (Closing
// it and opening a new one put the table's window back on the GM's
// screen at 800 x 600.)
func (p *Display) Follow(src Source) {
	if p.closed {
		return
	}
	c := p.win.Canvas()
	for _, sc := range p.src.Keys.Shortcuts {
		c.RemoveShortcut(sc)
	}
	p.src = src
	p.addShortcuts()
	p.share, p.shared, p.warned = false, nil, ""
	p.turn = session.PlayersTurn{}
	p.view.SetGrid(src.Grid)
	p.Place()
	p.Refresh()
}

// Encounter is the encounter the display shows.
func (p *Display) Encounter() *model.Encounter { return p.src.Encounter() }

// Closed reports whether the players' window was closed.
func (p *Display) Closed() bool { return p.closed }

// Window is the players' window.
func (p *Display) Window() fyne.Window { return p.win }

// View is the players' map.
func (p *Display) View() *mapview.View { return p.view }

// Shared is what the players see over the map, nil when nothing is shared.
func (p *Display) Shared() *render.Overlays { return p.shared }

// Sharing reports whether the selected token's reach and path are shared.
func (p *Display) Sharing() bool { return p.share }

// SetSharing shares the selected token's reach and path, or stops.
func (p *Display) SetSharing(on bool) {
	p.share = on
	p.Refresh()
}

// ToggleFullScreen puts the window in or out of full screen.
func (p *Display) ToggleFullScreen() {
	p.win.SetFullScreen(!p.win.FullScreen())
	p.Place()
}

// PixelsPerInch is the player screen's density from the calibration: the
// diagonal in pixels over the diagonal in inches.
func PixelsPerInch(resW, resH int, diag float64) float64 {
	if diag <= 0 || resW <= 0 || resH <= 0 {
		return 0
	}
	return math.Hypot(float64(resW), float64(resH)) / diag
}

// resolution is the window's size in real pixels (the screen's resolution
// when full screen).
func (p *Display) resolution() (int, int) {
	c := p.win.Canvas()
	s := c.Size()
	sc := c.Scale()
	return int(math.Round(float64(s.Width * sc))), int(math.Round(float64(s.Height * sc)))
}

// screen is the resolution the diagonal applies to: full screen, the
// window's (the screen it is on, in its current mode); in a window, the
// one the GM typed for the screen (the window's own size says nothing
// about the screen). Without a typed one (a calibration kept by an older
// version), the window's.
func (p *Display) screen() (int, int) {
	if p.win.FullScreen() || p.resW <= 0 || p.resH <= 0 {
		return p.resolution()
	}
	return p.resW, p.resH
}

// Place sets the zoom: one square = one inch when calibrated, else fit.
// Full screen on a screen of another resolution than the calibrated one,
// it says (once) that the inch follows the new resolution and may need a
// new calibration if the screen is another.
func (p *Display) Place() {
	ppi := p.ppi
	if ppi <= 0 && p.diag > 0 {
		w, h := p.screen()
		ppi = PixelsPerInch(w, h, p.diag)
		if p.win.FullScreen() && p.resW > 0 && (w != p.resW || h != p.resH) {
			if note := fmt.Sprintf("player display: the screen is %dx%d, calibrated at %dx%d; one inch now follows %dx%d on the %.4g-inch diagonal (calibrate again if this is another screen)", w, h, p.resW, p.resH, w, h, p.diag); note != p.warned && p.src.Say != nil {
				p.warned = note
				p.src.Say(note)
			}
		}
	}
	if ppi <= 0 {
		p.view.Fit()
		return
	}
	zoom := float32(ppi) / p.win.Canvas().Scale() // units per square
	e := p.src.Encounter()
	s := p.view.Size()
	p.view.SetView(zoom, float64(e.Grid.W)/2-float64(s.Width/zoom)/2, float64(e.Grid.H)/2-float64(s.Height/zoom)/2)
}

// Refresh follows the editor: the map and, when shared, the selected
// token's reach and path.
func (p *Display) Refresh() {
	e := p.src.Encounter()
	src, r := p.src.Answer()
	if src != nil && (p.share || src.RulerShare) {
		o := render.NewOverlays()
		o.Units = src.Units
		if src.RulerShare {
			o.Ruler = src.Ruler // the GM's ruler, shared from the View menu
		}
		// the answer computed without hidden tokens (session.Result.PlayerReach),
		// shown only while it belongs to what the GM sees
		// (nor a creature wholly in fog: the editor selects it on its turn)
		if sel := src.Selected; p.share && sel >= 0 && sel < len(e.Tokens) && e.SeenByPlayers(&e.Tokens[sel]) {
			if r != nil && r.Sel == sel && r.NTok == len(e.Tokens) {
				o.Selected = sel
				if src.Reach != nil {
					o.Reach, o.Collide = r.PlayerReach, r.PlayerCollide
				}
				if src.Path != nil && r.PlayerPath != nil {
					o.Path = r.PlayerPath
					o.PathFrom = src.PathFrom
				}
			}
		}
		o.Areas = playerAreas(e)
		p.shared = o
	} else if a := playerAreas(e); a != nil {
		// the areas the GM shows the players are drawn even unshared
		o := render.NewOverlays()
		o.Areas = a
		p.shared = o
	} else {
		p.shared = nil
	}
	if e.Name == "" {
		p.win.SetTitle("Player display") // the encounter it showed was deleted
	} else {
		p.win.SetTitle("Player display — " + e.Name)
	}
	p.showOrder(e)
	p.view.Refresh()
}

// playerAreas are the areas of e shown on the player display, computed
// without the hidden tokens (an area sent out by one would give it away);
// nil for none.
func playerAreas(e *model.Encounter) []render.AreaShade {
	if len(e.Areas) == 0 {
		return nil
	}
	pe, _ := session.PlayersView(e, -1)
	var out []render.AreaShade
	for _, a := range session.AreaShades(pe) {
		if a.Player && len(a.Squares) > 0 {
			out = append(out, a)
		}
	}
	return out
}

// showOrder shows the fight's initiative order and whose turn it is above
// the map (hidden tokens left out, and through an unseen creature's turn
// the line as it was: session.PlayersOrder); nothing without a fight.
func (p *Display) showOrder(e *model.Encounter) {
	s, turn := session.PlayersOrder(e, p.turn)
	p.turn = turn
	if s == p.line && p.order.Visible() == (s != "") {
		return
	}
	p.line = s
	p.fitOrder(p.content.Size().Width)
	if s == "" {
		p.order.Hide()
	} else {
		p.order.Show()
	}
}

// Content is the window's usual content: the initiative order above the
// map (without the calibration ruler).
func (p *Display) Content() fyne.CanvasObject { return p.content }

// Order is the initiative line the players see, "" when none shows.
func (p *Display) Order() string {
	if !p.order.Visible() {
		return ""
	}
	return p.line
}

// orderSep is what stands between two parts of the order line.
const orderSep = " · "

// fitOrder shows the order in lines no wider than a window w units wide.
func (p *Display) fitOrder(w float32) {
	if w == p.lineW && p.fitted == p.line {
		return
	}
	p.lineW, p.fitted = w, p.line
	style := p.order.TextStyle
	p.order.SetText(orderLines(p.line, w-2*theme.InnerPadding(), func(s string) float32 {
		return fyne.MeasureText(s, theme.TextSize(), style).Width
	}))
}

// orderLines breaks the order line s ("Round 2 · Iseph · ▶ Dae · …") into
// lines no wider than room as measured by width, only between two of its
// parts, each line holding as many as fit: a name split over two lines
// ("Goblin" at the end of one, "Archer" at the start of the next) reads
// as two creatures at the table. A part wider than room has a line of
// its own.
func orderLines(s string, room float32, width func(string) float32) string {
	if width(s) <= room {
		return s
	}
	var lines []string
	cur := ""
	for _, part := range strings.Split(s, orderSep) {
		switch {
		case cur == "":
			cur = part
		case width(cur+orderSep+part) <= room:
			cur += orderSep + part
		default:
			lines = append(lines, cur)
			cur = part
		}
	}
	return strings.Join(append(lines, cur), "\n")
}

// orderAbove lays out the players' window: the order across the top, in
// as many lines as the window's width needs (fitOrder), the map under
// it. The order asks for no width: the window can be as narrow as the
// table's screen needs.
type orderAbove struct{ p *Display }

func (l orderAbove) Layout(_ []fyne.CanvasObject, s fyne.Size) {
	top := float32(0)
	if o := l.p.order; o.Visible() {
		l.p.fitOrder(s.Width)
		h := o.MinSize().Height
		o.Move(fyne.NewPos(0, 0))
		o.Resize(fyne.NewSize(s.Width, h))
		top = h + theme.Padding()
	}
	l.p.view.Move(fyne.NewPos(0, top))
	l.p.view.Resize(fyne.NewSize(s.Width, s.Height-top))
}

func (l orderAbove) MinSize([]fyne.CanvasObject) fyne.Size {
	m := l.p.view.MinSize()
	if o := l.p.order; o.Visible() {
		m.Height += o.MinSize().Height + theme.Padding()
	}
	return m
}

// Close closes the players' window.
func (p *Display) Close() {
	if !p.closed {
		p.win.Close()
	}
}

// parseResolution reads "1920x1080"; 0, 0 when it is not one.
func parseResolution(s string) (int, int) {
	var w, h int
	if _, err := fmt.Sscanf(strings.ReplaceAll(strings.TrimSpace(s), " ", ""), "%dx%d", &w, &h); err != nil || w < 100 || h < 100 {
		return 0, 0
	}
	return w, h
}
