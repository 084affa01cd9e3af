package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
)

// defaultRightOffset is the inspector's share of the right-hand column
// when the GM has not moved the divider: the overlay switches and the
// answers under them (cover, flanking) get the rest, enough to show the
// sample's cover and flanking lists at 1200x780 and most of them at
// 1024x700 without scrolling.
const defaultRightOffset = 0.33

// buildRightPane is the right-hand column: the token inspector (scrolling)
// above the divider; below it the overlay switches and, under them in their
// own scroll, the answers for the selection — "Cover from X", "Flanked
// (off-guard)", the forced movement summary. The answers used to share one
// scroll with the switches and sat below its fold, so the GM scrolled to
// read who has cover: now they take whatever the switches leave.
func (ed *Editor) buildRightPane() fyne.CanvasObject {
	inspScroll := container.NewVScroll(ed.insp.box)
	answers := container.NewVScroll(ed.ovp.coverLabel)
	lower := container.NewBorder(ed.ovp.box, nil, nil, nil, answers)
	ed.rightSplit = container.NewVSplit(inspScroll, lower)
	ed.rightSplit.Offset = savedRightOffset()
	return ed.rightSplit
}
