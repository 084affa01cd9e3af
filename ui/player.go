package ui

import (
	"math"

	"fyne.io/fyne/v2"

	"encounterplanner/model"
	"encounterplanner/ui/render"
)

// prefPlayerDiag keeps the player screen's diagonal (inches) between runs.
const prefPlayerDiag = "playerDiagonalInches"

// playerDisplay is the second window the players see: the map drawn with
// View.Player (no hidden tokens, no GM notes), no menus, and only the
// overlays the GM shares. It follows the editor live.
type playerDisplay struct {
	ed     *Editor
	win    fyne.Window
	view   *MapView
	share  bool
	shared *render.Overlays
	diag   float64           // screen diagonal in inches, 0 = not calibrated (fit)
	ppi    float64           // pixels per inch from the credit-card ruler; wins over diag
	ruler  fyne.CanvasObject // the card ruler shown while calibrating
	resW   int               // screen resolution used by the calibration
	resH   int
}

func (ed *Editor) openPlayer() {
	if ed.player != nil {
		ed.player.win.Show()
		ed.player.win.RequestFocus()
		return
	}
	a := fyne.CurrentApp()
	p := &playerDisplay{ed: ed}
	p.diag = a.Preferences().Float(prefPlayerDiag)
	p.ppi = a.Preferences().Float(prefPlayerPPI)
	p.win = a.NewWindow("Player display — " + ed.enc.Name)
	p.view = NewMapView(func() *model.Encounter { return ed.enc }, func() *render.Overlays {
		if p.share {
			return p.shared
		}
		return nil
	}, nil, true)
	p.view.noGrid = ed.view.noGrid
	p.view.onLayout = func(fyne.Size) {
		if p.calibrated() {
			p.place()
		} else {
			p.view.fitted = false
			p.view.fitTo(p.view.Size())
		}
	}
	p.win.SetContent(p.view)
	p.win.SetPadded(false)
	p.win.Resize(fyne.NewSize(800, 600))
	keys := func(ev *fyne.KeyEvent) {
		switch ev.Name {
		case fyne.KeyF11:
			p.win.SetFullScreen(!p.win.FullScreen())
			p.place()
		case fyne.KeyEscape:
			if p.win.FullScreen() {
				p.win.SetFullScreen(false)
			}
		default:
			p.view.navKey(ev)
		}
	}
	p.win.Canvas().SetOnTypedKey(keys)
	p.win.Canvas().SetOnTypedRune(func(r rune) {
		switch r {
		case '+', '=':
			p.view.ZoomCentre(1.25)
		case '-':
			p.view.ZoomCentre(0.8)
		}
	})
	p.win.SetOnClosed(func() {
		if ed.player == p {
			ed.player = nil
			ed.buildOverlayPanel()
		}
	})
	ed.player = p
	p.win.Show()
	p.place()
	p.refresh()
}

// pixelsPerInch is the player screen's density from the calibration: the
// diagonal in pixels over the diagonal in inches.
func pixelsPerInch(resW, resH int, diag float64) float64 {
	if diag <= 0 || resW <= 0 || resH <= 0 {
		return 0
	}
	return math.Hypot(float64(resW), float64(resH)) / diag
}

// resolution is the window's size in real pixels (the screen's resolution
// when full screen).
func (p *playerDisplay) resolution() (int, int) {
	c := p.win.Canvas()
	s := c.Size()
	sc := c.Scale()
	return int(math.Round(float64(s.Width * sc))), int(math.Round(float64(s.Height * sc)))
}

// place sets the zoom: one square = one inch when calibrated, else fit.
func (p *playerDisplay) place() {
	ppi := p.ppi
	if ppi <= 0 && p.diag > 0 {
		w, h := p.resW, p.resH
		if w == 0 {
			w, h = p.resolution()
		}
		ppi = pixelsPerInch(w, h, p.diag)
	}
	if ppi <= 0 {
		p.view.Fit()
		return
	}
	zoom := float32(ppi) / p.win.Canvas().Scale() // units per square
	e := p.ed.enc
	s := p.view.Size()
	p.view.SetView(zoom, float64(e.Grid.W)/2-float64(s.Width/zoom)/2, float64(e.Grid.H)/2-float64(s.Height/zoom)/2)
}

// refresh follows the editor: the map and, when shared, the selected
// token's reach and path.
func (p *playerDisplay) refresh() {
	if p.share && p.ed.ov != nil {
		o := render.NewOverlays()
		src := p.ed.ov
		o.Units = src.Units
		// the answer computed without hidden tokens (overlayResult.playerReach),
		// shown only while it belongs to what the GM sees
		if sel := src.Selected; sel >= 0 && sel < len(p.ed.enc.Tokens) && !p.ed.enc.Tokens[sel].Hidden {
			if r := p.ed.res; r != nil && r.sel == sel && r.ntok == len(p.ed.enc.Tokens) {
				o.Selected = sel
				if src.Reach != nil {
					o.Reach, o.Collide = r.playerReach, r.playerCollide
				}
				if src.Path != nil && r.playerPath != nil {
					o.Path = r.playerPath
					o.PathFrom = src.PathFrom
				}
			}
		}
		p.shared = o
	} else {
		p.shared = nil
	}
	p.win.SetTitle("Player display — " + p.ed.enc.Name)
	p.view.Refresh()
}

func (p *playerDisplay) close() { p.win.Close() }

func (ed *Editor) sharePlayer(on bool) {
	if on && ed.player == nil {
		ed.openPlayer()
	}
	if ed.player != nil {
		ed.player.share = on
		ed.player.refresh()
		if on {
			ed.requestOverlays() // the players' answer is computed only while shared
		}
	}
}

func (ed *Editor) togglePlayerFullScreen() {
	if ed.player == nil {
		ed.openPlayer()
	}
	p := ed.player
	p.win.SetFullScreen(!p.win.FullScreen())
	p.place()
}
