package ui

import (
	"errors"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"encounterplanner/model"
	"encounterplanner/ui/controls"
)

// TestDialogsAnswerTheKeyboard: the error dialog, Export PNG and PDF and
// the ruleset switch confirmation ignored Escape and Enter (and the error
// dialog Space), so every bad value cost a mouse click. Keys typed with
// nothing focused now answer them: Escape cancels, Enter confirms, and
// Enter, Escape or Space close an error as OK does.
func TestDialogsAnswerTheKeyboard(t *testing.T) {
	ed, _, _ := newTestEditor(t, model.Sample())
	c := ed.win.Canvas()
	key := func(k fyne.KeyName) {
		c.Unfocus()
		c.OnTypedKey()(&fyne.KeyEvent{Name: k})
	}
	for _, k := range []fyne.KeyName{fyne.KeyReturn, fyne.KeyEnter, fyne.KeyEscape, fyne.KeySpace} {
		controls.ShowError(ed.win, "Map size not changed", errors.New("width must be a whole number"))
		key(k)
		if c.Overlays().Top() != nil {
			t.Errorf("%s left the error dialog open", k)
		}
	}
	for name, open := range map[string]func(){"Export PNG": ed.exportPNG, "Export PDF": ed.exportPDF} {
		open()
		key(fyne.KeyEscape)
		if c.Overlays().Top() != nil {
			t.Errorf("Escape left %s open", name)
		}
	}

	// a click on a check box or a list focuses it, and it swallowed the keys
	for _, k := range []fyne.KeyName{fyne.KeyEscape, fyne.KeyReturn} {
		for _, pick := range []string{"check", "select"} {
			ed.exportPNG()
			var f fyne.Focusable
			for _, o := range test.LaidOutObjects(c.Overlays().Top()) {
				switch x := o.(type) {
				case *controls.EscCheck:
					if pick == "check" {
						f = x
					}
				case *controls.EscSelect:
					if pick == "select" {
						f = x
					}
				}
			}
			if f == nil {
				t.Fatalf("Export PNG has no %s that answers the dialog", pick)
			}
			c.Focus(f)
			f.TypedKey(&fyne.KeyEvent{Name: k})
			top := c.Overlays().Top()
			if k == fyne.KeyEscape && top != nil {
				t.Errorf("Escape in a focused %s left Export PNG open", pick)
			}
			if k == fyne.KeyReturn && (top == nil || len(c.Overlays().List()) != 1) {
				t.Errorf("Enter in a focused %s should go on to the file dialog", pick)
			}
			for c.Overlays().Top() != nil {
				c.Overlays().Top().Hide()
				c.Overlays().Remove(c.Overlays().Top())
			}
		}
	}

	ed.SwitchRuleset(model.Starship) // the sample's tokens do not fit: it asks
	if c.Overlays().Top() == nil {
		t.Fatal("switching to starship should ask first")
	}
	key(fyne.KeyEscape)
	if c.Overlays().Top() != nil || ed.enc.Ruleset != model.SF2E {
		t.Fatalf("Escape over the ruleset question: open %v, ruleset %s", c.Overlays().Top() != nil, ed.enc.Ruleset)
	}
	ed.SwitchRuleset(model.Starship)
	key(fyne.KeyReturn)
	if c.Overlays().Top() != nil || ed.enc.Ruleset != model.Starship {
		t.Errorf("Enter over the ruleset question: open %v, ruleset %s, want starship", c.Overlays().Top() != nil, ed.enc.Ruleset)
	}
	if ed.esc.Open() != 0 {
		t.Errorf("%d closed dialogs still registered", ed.esc.Open())
	}
}
