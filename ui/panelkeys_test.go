package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"encounterplanner/model"
	"encounterplanner/ui/controls"
)

// typeKey types one key as the window does: the key to the focused
// object, else to the window, then its rune (if any) likewise.
func typeKey(c fyne.Canvas, name fyne.KeyName, r rune) {
	if f := c.Focused(); f != nil {
		f.TypedKey(&fyne.KeyEvent{Name: name})
	} else {
		c.OnTypedKey()(&fyne.KeyEvent{Name: name})
	}
	switch f := c.Focused(); {
	case r == 0:
	case f != nil:
		f.TypedRune(r)
	default:
		c.OnTypedRune()(r)
	}
}

// TestPanelSwitchesPassTheMapKeys: a click on "Enemy reach" or on the
// Mode list gave it the keyboard, and every map key typed next (B for the
// brush) was swallowed until the GM clicked the map. The panels' check
// boxes and lists keep only the keys they use (Space toggles a check box;
// the arrows step a list) and hand the others to the map.
func TestPanelSwitchesPassTheMapKeys(t *testing.T) {
	ed, _, _ := newTestEditor(t, model.Sample())
	ed.Select(ed.enc.TokenIndex("Iseph"))
	c := ed.win.Canvas()
	var threat *controls.PaneCheck
	walkObjects(ed.ovp.box, func(o fyne.CanvasObject) {
		if x, ok := o.(*controls.PaneCheck); ok && x.Text == "Enemy reach" {
			threat = x
		}
	})
	if threat == nil {
		t.Fatal("no Enemy reach switch")
	}
	test.Tap(threat)
	if c.Focused() != threat || !ed.ovp.settings.Threat {
		t.Fatalf("a tap should switch Enemy reach on and focus it (focused %T)", c.Focused())
	}
	typeKey(c, fyne.KeyB, 'b')
	if ed.Tool() != ToolBrush {
		t.Errorf("B after the switch: tool %v, want the brush", ed.Tool())
	}
	if !ed.ovp.settings.Threat || c.Focused() != nil {
		t.Errorf("the switch should stay on and give up the keyboard (focused %T)", c.Focused())
	}
	// Space still toggles a focused switch
	c.Focus(threat)
	typeKey(c, fyne.KeySpace, ' ')
	if ed.ovp.settings.Threat {
		t.Errorf("Space on the focused switch should turn it off")
	}

	mode := selectOf(t, overlayField(t, ed, "Mode"))
	var list *controls.PaneSelect
	walkObjects(ed.ovp.box, func(o fyne.CanvasObject) {
		if x, ok := o.(*controls.PaneSelect); ok && &x.Select == mode {
			list = x
		}
	})
	c.Focus(list)
	typeKey(c, fyne.KeyV, 'v')
	if ed.Tool() != ToolSelect || c.Focused() != nil {
		t.Errorf("V after the Mode list: tool %v, focused %T; want Select, none", ed.Tool(), c.Focused())
	}
}

// TestPanelButtonsPassTheMapKeys: Tab gives a tool button the keyboard,
// and Fyne's button uses only Space: T, N, Delete and the arrows typed
// after one Tab did nothing, and Escape did not give them back. A panel's
// button keeps Space and Enter, Escape leaves it, and every other key is
// the map's.
func TestPanelButtonsPassTheMapKeys(t *testing.T) {
	ed, _, _ := newTestEditor(t, model.Sample())
	c := ed.win.Canvas()
	brush := ed.tools.toolButtons[ToolBrush]
	c.Focus(brush)
	typeKey(c, fyne.KeyT, 't')
	if ed.Tool() != ToolToken || c.Focused() != nil {
		t.Errorf("T on the focused Brush button: tool %v, focused %T; want Token, none", ed.Tool(), c.Focused())
	}
	c.Focus(brush)
	typeKey(c, fyne.KeyEscape, 0)
	if c.Focused() != nil {
		t.Errorf("Escape should leave the focused button (focused %T)", c.Focused())
	}
	typeKey(c, fyne.KeyV, 'v')
	if ed.Tool() != ToolSelect {
		t.Errorf("V after Escape: tool %v, want Select", ed.Tool())
	}
	c.Focus(brush)
	typeKey(c, fyne.KeySpace, ' ')
	if ed.Tool() != ToolBrush {
		t.Errorf("Space on the focused Brush button: tool %v, want the brush", ed.Tool())
	}
	ed.SetTool(ToolSelect)
	c.Focus(brush)
	typeKey(c, fyne.KeyReturn, 0)
	if ed.Tool() != ToolBrush {
		t.Errorf("Enter on the focused Brush button: tool %v, want the brush", ed.Tool())
	}
	ed.Select(ed.enc.TokenIndex("Iseph"))
	n := len(ed.enc.Tokens)
	c.Focus(brush)
	typeKey(c, fyne.KeyDelete, 0)
	if len(ed.enc.Tokens) != n-1 {
		t.Errorf("Delete on the focused button left %d tokens, want %d", len(ed.enc.Tokens), n-1)
	}
	// the inspector's buttons do the same
	ed.Select(ed.enc.TokenIndex("Dae"))
	dup := buttonIn(t, ed, "Duplicate (Ctrl+D)")
	c.Focus(dup)
	typeKey(c, fyne.KeyE, 'e')
	if ed.Tool() != ToolErase || c.Focused() != nil {
		t.Errorf("E on the focused Duplicate button: tool %v, focused %T; want Erase, none", ed.Tool(), c.Focused())
	}
	// and the fight panel's, Delay (a type of its own) among them
	if err := ed.StartFight(func() int { return 10 }); err != nil {
		t.Fatal(err)
	}
	for _, label := range []string{"Next (N)", "Delay"} {
		ed.SetTool(ToolSelect)
		b := fightButton(t, ed, label)
		c.Focus(b.(fyne.Focusable))
		typeKey(c, fyne.KeyB, 'b')
		if ed.Tool() != ToolBrush || c.Focused() != nil {
			t.Errorf("B on the focused %s button: tool %v, focused %T; want the brush, none", label, ed.Tool(), c.Focused())
		}
	}
}

// TestEscapeOnADialogsButtonClosesIt: a PaneButton in a dialog (the Areas
// dialog's Delete picked area) that Tab reached hands Escape to the
// window, which cancels the dialog as everywhere, rather than only
// leaving the button.
func TestEscapeOnADialogsButtonClosesIt(t *testing.T) {
	e := model.Sample()
	e.Areas = []model.Area{{Kind: model.Burst, X: 5, Y: 5, Radius: 10, Label: "Fireball"}}
	ed, _, _ := newTestEditor(t, e)
	c := ed.win.Canvas()
	ed.areasDialog()
	if c.Overlays().Top() == nil {
		t.Fatal("no Areas dialog")
	}
	var del *controls.PaneButton
	walkObjects(c.Overlays().Top(), func(o fyne.CanvasObject) {
		if b, ok := o.(*controls.PaneButton); ok && b.Text == "Delete picked area" {
			del = b
		}
	})
	if del == nil {
		t.Fatal("no Delete picked area button")
	}
	c.Focus(del)
	typeKey(c, fyne.KeyEscape, 0)
	if c.Overlays().Top() != nil {
		t.Errorf("Escape on the dialog's focused button left the dialog up")
	}
	if len(ed.enc.Areas) != 1 {
		t.Errorf("Escape deleted the area")
	}
}
