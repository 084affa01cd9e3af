package ui

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
)

// tokenHeadParts are the inspector's headline for t in two parts: what
// the token is ("medium · enemy · 1×1 squares") and where ("at (8, 3)").
func tokenHeadParts(e *model.Encounter, t *model.Token) (what, where string) {
	k := e.Space(t)
	return fmt.Sprintf("%s · %s · %d×%d squares", t.Size, t.SideOrNeutral(), k, k), fmt.Sprintf("at (%d, %d)", t.X, t.Y)
}

// tokenHead is the inspector's headline: on one line where it fits the
// column, else what the token is, then where on a line of its own. A
// label wrapped by words broke where the line ran out, inside the
// coordinates: "… 1×1 squares at (8," and "3)" under it (Fyne wraps at
// every space, a no-break one too). Unwrapped, a long headline made the
// form wider than the column and cut off its right edge; what the token
// is still wraps by words in a column too narrow for it.
type tokenHead struct {
	widget.Label
	what, where string
}

func newTokenHead(e *model.Encounter, t *model.Token) *tokenHead {
	h := &tokenHead{}
	h.Wrapping = fyne.TextWrapWord
	h.ExtendBaseWidget(h)
	h.show(e, t)
	return h
}

// show makes the headline token t's.
func (h *tokenHead) show(e *model.Encounter, t *model.Token) {
	h.what, h.where = tokenHeadParts(e, t)
	h.fit(h.Size().Width)
}

// Resize breaks the headline for the new width.
func (h *tokenHead) Resize(s fyne.Size) {
	h.fit(s.Width)
	h.Label.Resize(s)
}

// fit sets the text for a label w wide (0: not laid out yet, one line).
func (h *tokenHead) fit(w float32) {
	text := h.what + " " + h.where
	th := h.Theme()
	if w > 0 && fyne.MeasureText(text, th.Size(theme.SizeNameText), h.TextStyle).Width+2*th.Size(theme.SizeNameInnerPadding) > w {
		text = h.what + "\n" + h.where
	}
	if text != h.Text {
		h.SetText(text)
	}
}
