package controls

import (
	"strings"
	"unicode"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// Error dialogs. Fyne's dialog.ShowError sizes itself to the message's
// minimum width, which for a word-wrapped label is one word: a long error
// (a database path, a wrapped chain of causes) then reads one word per
// line. Every error the app shows goes through ShowError instead: a bold
// summary saying what failed, then the whole message word-wrapped at a
// readable width.

// ErrDialogMinWidth is the narrowest an error dialog's text gets.
const ErrDialogMinWidth = 480

// ErrDialogWidth is the text width for a dialog over win: most of the
// window, at least ErrDialogMinWidth and at most 720 (longer lines are hard
// to read).
func ErrDialogWidth(win fyne.Window) float32 {
	w := float32(ErrDialogMinWidth)
	if win != nil {
		if cw := win.Canvas().Size().Width * 0.7; cw > w {
			w = cw
		}
	}
	return min(w, 720)
}

// textWidth is the width for summary over detail: as wide as their longest
// line needs, from ErrDialogMinWidth up to most.
func textWidth(summary, detail string, most float32) float32 {
	pad := 2 * theme.InnerPadding()
	w := fyne.MeasureText(summary, theme.TextSize(), fyne.TextStyle{Bold: true}).Width + pad
	for _, l := range strings.Split(detail, "\n") {
		w = max(w, fyne.MeasureText(l, theme.TextSize(), fyne.TextStyle{}).Width+pad)
	}
	return max(ErrDialogMinWidth, min(most, w))
}

// ErrorContent lays out summary (bold) over the detail text, both wrapped
// at width w.
func ErrorContent(summary, detail string, w float32) (fyne.CanvasObject, *widget.Label, *widget.Label) {
	head := widget.NewLabelWithStyle(summary, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	head.Wrapping = fyne.TextWrapWord
	body := widget.NewLabel(detail)
	body.Wrapping = fyne.TextWrapWord
	objs := []fyne.CanvasObject{head}
	if strings.TrimSpace(detail) != "" {
		objs = append(objs, body)
	}
	return container.New(&wrapLayout{w: w}, objs...), head, body
}

// ErrorParts splits an error message into a summary and the rest: an
// explicit first line, or else the whole message under summary.
func ErrorParts(summary string, err error) (string, string) {
	msg := ""
	if err != nil {
		msg = strings.TrimSpace(err.Error())
	}
	if summary == "" {
		if i := strings.Index(msg, "\n"); i > 0 {
			return strings.TrimSpace(msg[:i]), strings.TrimSpace(msg[i+1:])
		}
		summary = "Something went wrong"
	}
	return summary, Sentence(msg)
}

// Sentence shows an error message (lower case first, by Go convention) as
// a Sentence: a capital first letter and a full stop.
func Sentence(msg string) string {
	msg = strings.TrimSpace(msg)
	if msg == "" {
		return ""
	}
	r := []rune(msg)
	r[0] = unicode.ToUpper(r[0])
	msg = string(r)
	// A message that ends in a menu item's name ("… with File > New from
	// map image…") ends there: a full stop after its ellipsis read "….".
	if !strings.HasSuffix(msg, ".") && !strings.HasSuffix(msg, "?") && !strings.HasSuffix(msg, "!") &&
		!strings.HasSuffix(msg, ")") && !strings.HasSuffix(msg, "…") {
		msg += "."
	}
	return msg
}

// ShowError shows err over win under a bold summary of what failed (e.g.
// "Could not import the file"); "" takes the summary from the error's
// first line. Escape, Enter and Space close it, as OK does.
func ShowError(win fyne.Window, summary string, err error) dialog.Dialog {
	s, detail := ErrorParts(summary, err)
	content, _, _ := ErrorContent(s, detail, textWidth(s, detail, ErrDialogWidth(win)))
	d := dialog.NewCustom("Error", "OK", container.NewBorder(nil, nil,
		container.NewVBox(widget.NewIcon(theme.ErrorIcon())), nil, content), win)
	d.Show()
	EscapesOf(win).Acknowledges(d)
	return d
}

// wrapLayout stacks objects vertically at a fixed width w, each as tall as
// its wrapped text needs at that width (a wrapped label's MinSize depends
// on the width it was last given).
type wrapLayout struct{ w float32 }

func (l *wrapLayout) heights(objs []fyne.CanvasObject) []float32 {
	hs := make([]float32, len(objs))
	for i, o := range objs {
		if !o.Visible() {
			continue
		}
		if o.Size().Width != l.w {
			o.Resize(fyne.NewSize(l.w, o.MinSize().Height))
		}
		hs[i] = o.MinSize().Height
	}
	return hs
}

func (l *wrapLayout) Layout(objs []fyne.CanvasObject, s fyne.Size) {
	w := l.w
	l.w = max(s.Width, 1)
	hs := l.heights(objs)
	l.w = w
	y := float32(0)
	for i, o := range objs {
		if !o.Visible() {
			continue
		}
		o.Move(fyne.NewPos(0, y))
		o.Resize(fyne.NewSize(max(s.Width, 1), hs[i]))
		y += hs[i]
	}
}

func (l *wrapLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	h := float32(0)
	for _, x := range l.heights(objs) {
		h += x
	}
	return fyne.NewSize(l.w, h)
}
