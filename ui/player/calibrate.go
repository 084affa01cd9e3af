package player

import (
	"encounterplanner/ui/controls"
	"fmt"
	"image/color"
	"math"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// The credit-card ruler: a bar the GM widens or narrows until it matches a
// card's long side held against the player screen. A card (ISO/IEC 7810
// ID-1) is 85.60 mm = 3.370 in long on every wallet in the world, which
// makes it a better ruler than the screen's diagonal: monitors and TVs
// round theirs, and their picture often does not fill the glass.

// PrefPPI is the preference that keeps the player screen's pixels per inch from the ruler.
const PrefPPI = "playerPixelsPerInch"

const (
	CardInches = 3.370 // a credit card's long side, 85.60 mm
	cardMinPx  = 100.0 // the bar's range, in real pixels of the player screen
	cardMaxPx  = 1400.0
)

// CardPPI is the density the ruler measures: the bar's width in real
// pixels when it matches the card, over the card's length.
func CardPPI(barPx float64) float64 { return barPx / CardInches }

// calibrated reports whether one square is one inch on the player display
// (else the map is fitted to the window).
func (p *Display) calibrated() bool { return p.ppi > 0 || p.diag > 0 }

// density is the pixels per inch in use: the ruler's, else the
// diagonal's, 0 when not calibrated.
func (p *Display) density() float64 {
	if p.ppi > 0 {
		return p.ppi
	}
	if p.diag > 0 {
		w, h := p.screen()
		return PixelsPerInch(w, h, p.diag)
	}
	return 0
}

// setCardPPI applies the ruler's answer (it replaces a diagonal), keeps it
// for the next run and zooms the player view to one inch per square.
func (p *Display) setCardPPI(ppi float64) {
	p.ppi = ppi
	p.diag, p.resW, p.resH = 0, 0, 0
	prefs := fyne.CurrentApp().Preferences()
	prefs.SetFloat(PrefPPI, ppi)
	prefs.SetFloat(PrefDiagonal, 0)
	prefs.SetString(PrefResolution, "")
	p.Place()
}

// setDiagonal applies a diagonal in inches of a screen of resW x resH
// pixels (0: fit the map instead) and keeps both for the next run; it
// replaces the ruler's answer.
func (p *Display) setDiagonal(diag float64, resW, resH int) {
	p.diag, p.resW, p.resH = diag, resW, resH
	p.ppi = 0
	p.warned = ""
	prefs := fyne.CurrentApp().Preferences()
	prefs.SetFloat(PrefDiagonal, diag)
	prefs.SetFloat(PrefPPI, 0)
	res := ""
	if diag > 0 && resW > 0 {
		res = fmt.Sprintf("%dx%d", resW, resH)
	}
	prefs.SetString(PrefResolution, res)
	p.Place()
}

// cardRuler draws a bar px real pixels wide (on a canvas of the given
// scale), with end stops and the card's length under it.
type cardRuler struct {
	px    float64
	scale func() float32
	bar   *canvas.Rectangle
	left  *canvas.Rectangle
	right *canvas.Rectangle
	text  fyne.CanvasObject // the card's length under the bar
	textX float32           // where the text begins
	box   *fyne.Container
	maxW  float32 // the widest the bar gets in this window, in units
}

// cardWords is the card's length, said under the bar.
const cardWords = "credit card, long side: 85.60 mm · 3.370 in"

var (
	rulerFill = color.NRGBA{0x56, 0xb4, 0xe9, 0xff} // sky blue (Okabe-Ito)
	rulerInk  = color.NRGBA{0x00, 0x72, 0xb2, 0xff} // blue
)

// newCardRuler makes the ruler for the player display's white panel,
// its text in the bar's blue (5.1:1 on the white).
func newCardRuler(px float64, scale func() float32, maxW float32) *cardRuler {
	text := canvas.NewText(cardWords, rulerInk)
	text.TextSize = 13
	return newCardRulerWith(px, scale, maxW, text, 0)
}

// newDialogRuler makes the ruler for the Calibrate dialog: its text in the
// theme's foreground (a Caption reads it as it is drawn, so a live light or
// dark switch changes it too), where a label's text begins. In the bar's
// blue (#0072b2) it read at 3.3:1 on the dark dialog, at 13 px, and began
// theme.InnerPadding left of the paragraph above it.
func newDialogRuler(px float64, scale func() float32, maxW float32) *cardRuler {
	return newCardRulerWith(px, scale, maxW, controls.NewCaption(cardWords, theme.SizeNameText), theme.InnerPadding())
}

func newCardRulerWith(px float64, scale func() float32, maxW float32, text fyne.CanvasObject, textX float32) *cardRuler {
	r := &cardRuler{px: px, scale: scale, maxW: maxW, text: text, textX: textX}
	r.bar = canvas.NewRectangle(rulerFill)
	r.left = canvas.NewRectangle(rulerInk)
	r.right = canvas.NewRectangle(rulerInk)
	r.box = container.New(r, r.bar, r.left, r.right, r.text)
	return r
}

// width is the bar's width in units of its canvas.
func (r *cardRuler) width() float32 {
	sc := float32(1)
	if r.scale != nil && r.scale() > 0 {
		sc = r.scale()
	}
	return float32(r.px) / sc
}

func (r *cardRuler) set(px float64) {
	r.px = px
	r.box.Refresh()
}

// Layout implements fyne.Layout: the bar from the left edge, a stop at
// each end (the card's edges go against their outer sides), the text
// under it.
func (r *cardRuler) Layout(_ []fyne.CanvasObject, s fyne.Size) {
	w := r.width()
	const stop, barH = 3, 40
	clipped := r.maxW > 0 && w > r.maxW
	if clipped { // wider than the dialog: its end is on the player display
		w = r.maxW
		r.right.Hide()
	} else {
		r.right.Show()
	}
	r.left.Move(fyne.NewPos(0, 0))
	r.left.Resize(fyne.NewSize(stop, barH+8))
	r.bar.Move(fyne.NewPos(0, 4))
	r.bar.Resize(fyne.NewSize(w, barH))
	r.right.Move(fyne.NewPos(w-stop, 0))
	r.right.Resize(fyne.NewSize(stop, barH+8))
	r.text.Move(fyne.NewPos(r.textX, barH+12))
	r.text.Resize(r.text.MinSize())
}

// MinSize implements fyne.Layout.
func (r *cardRuler) MinSize(_ []fyne.CanvasObject) fyne.Size {
	return fyne.NewSize(max(r.maxW, r.textX+r.text.MinSize().Width), 40+12+r.text.MinSize().Height)
}

// showRuler puts the same bar on the player display while the GM
// calibrates: the card is held against the screen the players see. It
// returns the ruler to update and a function that takes it away.
func (p *Display) showRuler(px float64) (*cardRuler, func()) {
	c := p.win.Canvas()
	// no minimum width: a wide bar must not make the window grow
	r := newCardRuler(px, c.Scale, 0)
	hint := canvas.NewText("Hold a credit card against this bar; match it from the editor's Calibrate dialog", rulerInk)
	hint.TextSize = 13
	panel := container.NewStack(canvas.NewRectangle(color.NRGBA{0xff, 0xff, 0xff, 0xf0}),
		container.NewPadded(container.NewVBox(hint, r.box)))
	p.ruler = panel
	p.win.SetContent(container.NewStack(p.view, container.NewVBox(panel)))
	return r, func() {
		if p.ruler == panel && !p.closed { // not after the window closed
			p.ruler = nil
			p.win.SetContent(p.content)
		}
	}
}

// Calibrate asks, in a dialog over the GM's window, how big an inch is on
// the player display: with the credit-card ruler, or the screen's diagonal
// and resolution.
func (p *Display) Calibrate() {
	parent, say := p.src.Parent, p.src.Say

	// the ruler: start from the density in use, else a common monitor's
	px := p.density() * CardInches
	if px <= 0 {
		px = 96 * float64(p.win.Canvas().Scale()) * CardInches
	}
	px = math.Max(cardMinPx, math.Min(cardMaxPx, math.Round(px)))
	edScale := parent.Canvas().Scale
	ruler := newDialogRuler(px, edScale, 600)
	mirror, hideMirror := p.showRuler(px)
	readout := widget.NewLabel("")
	slider := widget.NewSlider(cardMinPx, cardMaxPx)
	slider.Step = 1
	setPx := func(v float64) {
		v = math.Max(cardMinPx, math.Min(cardMaxPx, math.Round(v)))
		px = v
		ruler.set(v)
		mirror.set(v)
		readout.SetText(fmt.Sprintf("%.0f pixels per inch (the bar is %.0f pixels)", CardPPI(v), v))
		if slider.Value != v {
			slider.SetValue(v)
		}
	}
	slider.OnChanged = setPx
	minus := widget.NewButton("−", func() { setPx(px - 1) })
	plus := widget.NewButton("+", func() { setPx(px + 1) })
	setPx(px)
	cardHint := widget.NewLabel("Hold a credit card's long side against the bar on the player display (it shows here too) and widen or narrow the bar until its ends meet the card's edges.")
	cardHint.Wrapping = fyne.TextWrapWord
	card := container.NewVBox(cardHint, ruler.box, container.NewBorder(nil, nil, minus, plus, slider), readout)

	// the diagonal
	diag := p.src.Escapes.Entry()
	diag.SetPlaceHolder("e.g. 27")
	if p.diag > 0 {
		diag.SetText(strconv.FormatFloat(p.diag, 'f', -1, 64))
	}
	w, h := p.resolution()
	if p.resW > 0 {
		w, h = p.resW, p.resH
	}
	res := p.src.Escapes.Entry()
	res.SetText(fmt.Sprintf("%dx%d", w, h))
	diagHint := widget.NewLabel("Make the player display full screen (F11) first: its size is then the screen's resolution. Leave the diagonal empty to fit the map instead.")
	diagHint.Wrapping = fyne.TextWrapWord
	diagForm := widget.NewForm(
		widget.NewFormItem("Screen diagonal (inches)", diag),
		widget.NewFormItem("Resolution (pixels)", res),
	)
	tabs := container.NewAppTabs(
		container.NewTabItem("Credit card", card),
		container.NewTabItem("Screen diagonal", container.NewVBox(diagForm, diagHint)),
	)
	if p.diag > 0 && p.ppi <= 0 {
		tabs.SelectIndex(1)
	}
	d := dialog.NewCustomConfirm("Calibrate the player display: one square, one inch", "Apply", "Cancel", tabs, func(ok bool) {
		hideMirror()
		if !ok {
			return
		}
		if tabs.SelectedIndex() == 0 {
			ppi := CardPPI(px)
			p.setCardPPI(ppi)
			say(fmt.Sprintf("player display: %.0f pixels per inch (credit card), one square per inch", ppi))
			return
		}
		p.ApplyDiagonal(diag.Text, res.Text)
	}, parent)
	d.Resize(fyne.NewSize(660, 0))
	d.Show()
	p.src.Escapes.Closes(d) // Escape cancels; Enter in a field applies
	diag.OnSubmitted = func(string) { d.Confirm() }
	res.OnSubmitted = diag.OnSubmitted
}

// ApplyDiagonal calibrates from the diagonal and resolution the GM typed;
// a mistake shows in an error dialog over the GM's window.
func (p *Display) ApplyDiagonal(diagText, resText string) {
	parent, say := p.src.Parent, p.src.Say
	s := strings.TrimSpace(diagText)
	if s == "" {
		p.setDiagonal(0, 0, 0)
		say("player display: the map fits the window (not calibrated)")
		return
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || v <= 1 || v > 500 {
		controls.ShowError(parent, "Player display not calibrated", fmt.Errorf("screen diagonal: %q is not a size in inches (like 27 or 55)", s))
		return
	}
	rw, rh := parseResolution(resText)
	if rw == 0 {
		controls.ShowError(parent, "Player display not calibrated", fmt.Errorf("resolution: write it as WIDTHxHEIGHT in pixels, like 1920x1080"))
		return
	}
	// kept with the diagonal: the screen's density, whatever the window's
	// size after a restart
	p.setDiagonal(v, rw, rh)
	say(fmt.Sprintf("player display: %.0f pixels per inch, one square per inch", PixelsPerInch(rw, rh, v)))
}

// PPI is the pixels per inch the credit-card ruler measured, 0 when none.
func (p *Display) PPI() float64 { return p.ppi }

// Diagonal is the screen diagonal in inches the GM typed, 0 when none.
func (p *Display) Diagonal() float64 { return p.diag }

// RulerShown reports whether the calibration ruler is on the display.
func (p *Display) RulerShown() bool { return p.ruler != nil }
