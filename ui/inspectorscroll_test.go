package ui

import (
	"testing"

	"fyne.io/fyne/v2"

	"encounterplanner/model"
)

// TestDeselectingShowsTheTokenList: the GM scrolled the inspector down to
// a token's Delete button, pressed Escape, and the inspector went blank:
// the scroll kept its offset, far below the few lines of "No token
// selected" and the token list, all of which were above the view. The
// list shows from its top.
func TestDeselectingShowsTheTokenList(t *testing.T) {
	ed, _, _ := newTestEditor(t, model.Sample())
	ed.win.Resize(fyne.NewSize(1200, 780))
	ed.Select(ed.enc.TokenIndex("Iseph"))
	relayout(ed.win.Content())
	sc := ed.fight.scroll
	sc.ScrollToBottom()
	if sc.Offset.Y < 100 {
		t.Fatalf("the form scrolled only %v px: too short to show the fault", sc.Offset.Y)
	}
	ed.Select(-1)
	relayout(ed.win.Content())
	if sc.Offset.Y != 0 {
		t.Errorf("the token list shows from %v px down, above it the heading and \"No token selected\"; want its top", sc.Offset.Y)
	}
}

// TestAShorterFormKeepsTheInspectorInView: another token's form, or the
// same one rebuilt with fewer lines, is never scrolled past its end: the
// offset the longer form had left the view empty or half full.
func TestAShorterFormKeepsTheInspectorInView(t *testing.T) {
	e := model.Sample()
	iseph := e.TokenIndex("Iseph")
	e.Tokens[iseph].Notes = "one\ntwo\nthree\nfour\nfive\nsix\nseven\neight\nnine\nten"
	ed, _, _ := newTestEditor(t, e)
	ed.win.Resize(fyne.NewSize(1200, 780))
	ed.Select(iseph)
	relayout(ed.win.Content())
	sc := ed.fight.scroll
	sc.ScrollToBottom()
	ed.Select(ed.enc.TokenIndex("Dae"))
	relayout(ed.win.Content())
	if most := sc.Content.MinSize().Height - sc.Size().Height; sc.Offset.Y > max(0, most) {
		t.Errorf("Dae's form is scrolled %v px, past its end at %v", sc.Offset.Y, most)
	}
}
