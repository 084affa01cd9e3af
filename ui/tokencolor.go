package ui

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/ui/controls"
	"encounterplanner/ui/render"
)

// tokenColors are the colours the inspector offers for a token's disc: the
// Okabe-Ito colours the sides use (told apart by colour-blind eyes too),
// then brown, black and white, in the file's "#rrggbb".
var tokenColors = []struct{ name, hex string }{
	{"blue", "#0072b2"}, {"vermillion", "#d55e00"}, {"green", "#009e73"}, {"orange", "#e69f00"},
	{"pink", "#cc79a7"}, {"sky", "#56b4e9"}, {"yellow", "#f0e442"}, {"brown", "#8b5a2b"},
	{"black", "#1c1f24"}, {"white", "#ffffff"},
}

// colorItem is the inspector's "Colour" row for t: a swatch per colour and
// "Side default"; each choice is one undo step.
func colorItem(t *model.Token, edit tokenEdit) *widget.FormItem {
	return widget.NewFormItem("Colour", newColorPicker(t.Color, edit))
}

// colorPicker is two rows of swatches and a "Side default" button; the
// chosen swatch is outlined (the button highlighted for the default).
type colorPicker struct {
	widget.BaseWidget
	cur      string // the token's colour as the picker last set it, "" = by side
	swatches []*colorSwatch
	side     *controls.PaneButton
	box      *fyne.Container
}

func newColorPicker(cur string, edit tokenEdit) *colorPicker {
	p := &colorPicker{cur: cur}
	choose := func(hex string) {
		if hex == p.cur {
			return // no empty undo step
		}
		// The key names the colour, so two choices in a row are two steps.
		edit("color:"+hex, func(t *model.Token) error { t.Color = hex; return nil })
		p.cur = hex
		p.show()
	}
	// Two rows of five swatches, then the button: narrow enough for the
	// inspector's field column, nothing hidden behind a scroll.
	rows := [2]*fyne.Container{container.NewHBox(), container.NewHBox()}
	for i, c := range tokenColors {
		v, _ := render.TokenColor(c.hex)
		s := newColorSwatch(c.hex, color.NRGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 0xff}, choose)
		p.swatches = append(p.swatches, s)
		rows[i*2/len(tokenColors)].Add(s)
	}
	p.side = controls.NewPaneButton("Side default", func() { choose("") })
	p.box = container.NewVBox(rows[0], rows[1], p.side)
	p.ExtendBaseWidget(p)
	p.show()
	return p
}

// show marks the current choice.
func (p *colorPicker) show() {
	for _, s := range p.swatches {
		s.setChosen(s.hex == p.cur)
	}
	p.side.Importance = widget.MediumImportance
	if p.cur == "" {
		p.side.Importance = widget.HighImportance
	}
	p.side.Refresh()
}

func (p *colorPicker) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(p.box)
}

// colorSwatch is one colour to tap.
type colorSwatch struct {
	widget.BaseWidget
	hex    string
	rect   *canvas.Rectangle
	onTap  func(hex string)
	chosen bool
}

func newColorSwatch(hex string, c color.Color, onTap func(string)) *colorSwatch {
	s := &colorSwatch{hex: hex, rect: canvas.NewRectangle(c), onTap: onTap}
	s.rect.SetMinSize(fyne.NewSize(20, 20))
	s.ExtendBaseWidget(s)
	return s
}

// setChosen draws the chosen swatch as a rounded square with a heavy
// outline, the others as circles: told apart by shape, whatever the colour.
func (s *colorSwatch) setChosen(on bool) {
	s.chosen = on
	s.Refresh()
}

// outline draws the swatch as chosen or not, the ring in the foreground
// of the theme now showing: read once, as the swatch was chosen, it
// stayed white after the desktop switched from dark to light, on the
// light panel (Fyne refreshes every widget on a switch, not a rectangle's
// colours).
func (s *colorSwatch) outline() {
	s.rect.StrokeColor, s.rect.StrokeWidth, s.rect.CornerRadius = color.NRGBA{0x80, 0x80, 0x80, 0xff}, 1, 10
	if s.chosen {
		fg := s.Theme().Color(theme.ColorNameForeground, fyne.CurrentApp().Settings().ThemeVariant())
		s.rect.StrokeColor, s.rect.StrokeWidth, s.rect.CornerRadius = fg, 3, 4
	}
	s.rect.Refresh()
}

// Tapped chooses the swatch's colour.
func (s *colorSwatch) Tapped(*fyne.PointEvent) { s.onTap(s.hex) }

func (s *colorSwatch) CreateRenderer() fyne.WidgetRenderer { return &swatchRenderer{s} }

// swatchRenderer draws a colorSwatch's one rectangle, outlined again on
// every refresh (a theme switch's too).
type swatchRenderer struct{ s *colorSwatch }

func (r *swatchRenderer) Layout(size fyne.Size) { r.s.rect.Resize(size) }

func (r *swatchRenderer) MinSize() fyne.Size { return r.s.rect.MinSize() }

func (r *swatchRenderer) Refresh() { r.s.outline() }

func (r *swatchRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{r.s.rect} }

func (r *swatchRenderer) Destroy() {}
