package ui

import (
	"testing"

	"fyne.io/fyne/v2"

	"encounterplanner/model"
)

// typeOn sends the runes of s and then the named keys to canvas c as the
// desktop driver does: to the focused widget, else to the canvas's handlers.
func typeOn(c fyne.Canvas, s string, keys ...fyne.KeyName) {
	for _, r := range s {
		if f := c.Focused(); f != nil {
			f.TypedRune(r)
		} else if h := c.OnTypedRune(); h != nil {
			h(r)
		}
	}
	for _, k := range keys {
		ev := &fyne.KeyEvent{Name: k}
		if f := c.Focused(); f != nil {
			f.TypedKey(ev)
		} else if h := c.OnTypedKey(); h != nil {
			h(ev)
		}
	}
}

// TestEscapeLeavesTheInspectorField: the tester typed a max HP, pressed
// Escape and then G for the fog tool; the field kept the keyboard and took
// the G ("20g" is not a whole number). Escape leaves an inspector field,
// keeping what was typed, and the next key is the map's; in the notes and
// the Side field too. A second Escape deselects the token, as on the map.
func TestEscapeLeavesTheInspectorField(t *testing.T) {
	ed, _, _ := newTestEditor(t, model.Sample())
	c := ed.win.Canvas()
	iseph := ed.enc.TokenIndex("Iseph")
	ed.Select(iseph)
	most := formWidget(t, ed, "HP").(*fyne.Container).Objects[1].(fyne.Focusable)
	c.Focus(most)
	typeOn(c, "20", fyne.KeyEscape)
	if f := c.Focused(); f != nil {
		t.Fatalf("Escape in max HP: %T still has the keyboard", f)
	}
	typeOn(c, "g")
	if hp := ed.enc.Tokens[iseph].HP; hp == nil || hp.Max != 20 {
		t.Errorf("max HP %+v after 20, Escape and G; want 20", hp)
	}
	if ed.Tool() != ToolFog || ed.insp.errLabel.Visible() {
		t.Errorf("G after Escape: tool %d, inspector error %q; want the fog tool and no error", ed.Tool(), ed.insp.errLabel.Text)
	}

	for _, label := range []string{"Notes", "Side"} {
		f := formWidget(t, ed, label).(fyne.Focusable)
		c.Focus(f)
		typeOn(c, "x", fyne.KeyEscape)
		if c.Focused() != nil {
			t.Errorf("Escape in %s: %T still has the keyboard", label, c.Focused())
		}
		if ed.Selected() != iseph {
			t.Errorf("Escape in %s deselected the token", label)
		}
	}
	typeOn(c, "", fyne.KeyEscape)
	if ed.Selected() >= 0 {
		t.Errorf("a second Escape, on the map: token %d still selected", ed.Selected())
	}
}
