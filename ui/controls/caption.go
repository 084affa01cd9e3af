package controls

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// Caption is a short text drawn tight (no padding, unlike a Label) in
// the foreground colour and a text size of the theme now showing: the
// palette's terrain names under their swatches, the slash between the
// current and max HP. A canvas.Text keeps the colour it was made with,
// and Fyne follows the desktop's light or dark preference while the app
// runs: after dark gave way to light the palette's names were white on
// the light panel.
type Caption struct {
	widget.BaseWidget
	Text      string
	Alignment fyne.TextAlign
	// SizeName is the theme's size for the text (theme.SizeNameText
	// when empty).
	SizeName fyne.ThemeSizeName
}

// NewCaption makes a Caption of text at the theme's size named size.
func NewCaption(text string, size fyne.ThemeSizeName) *Caption {
	c := &Caption{Text: text, SizeName: size}
	c.ExtendBaseWidget(c)
	return c
}

// CreateRenderer implements fyne.Widget.
func (c *Caption) CreateRenderer() fyne.WidgetRenderer {
	r := &captionRenderer{c: c, text: canvas.NewText("", nil)}
	r.Refresh()
	return r
}

type captionRenderer struct {
	c    *Caption
	text *canvas.Text
}

func (r *captionRenderer) Layout(s fyne.Size) {
	r.text.Move(fyne.NewPos(0, 0))
	r.text.Resize(s)
}

func (r *captionRenderer) MinSize() fyne.Size { return r.text.MinSize() }

func (r *captionRenderer) Refresh() {
	th := r.c.Theme()
	size := r.c.SizeName
	if size == "" {
		size = theme.SizeNameText
	}
	r.text.Text, r.text.Alignment = r.c.Text, r.c.Alignment
	r.text.Color = th.Color(theme.ColorNameForeground, fyne.CurrentApp().Settings().ThemeVariant())
	r.text.TextSize = th.Size(size)
	r.text.Refresh()
}

func (r *captionRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{r.text} }

func (r *captionRenderer) Destroy() {}
