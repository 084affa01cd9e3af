package ui

import (
	"testing"

	"fyne.io/fyne/v2"

	"encounterplanner/model"
	"encounterplanner/ui/controls"
)

// retype selects all of the focused field's text and types s over it, key
// by key, calling each after every key.
func retype(c fyne.Canvas, s string, each func(typed string)) {
	f := c.Focused()
	f.(fyne.Shortcutable).TypedShortcut(&fyne.ShortcutSelectAll{})
	for i, r := range s {
		f.TypedRune(r)
		if each != nil {
			each(s[:i+len(string(r))])
		}
	}
}

// TestRenameIsOneEditWhenDone: the name field applied each keystroke, so
// typing "Navasi" (taken) over Dae left the token "Navas", saved, and the
// map and the fight's order showed every prefix on the way. The name now
// applies on Enter or on leaving the field, as one undo step; a refused
// name leaves the token as it was, the field showing what was typed under
// the refusal; Escape puts back the name in use.
func TestRenameIsOneEditWhenDone(t *testing.T) {
	ed, _, _ := newTestEditor(t, model.Sample())
	c := ed.win.Canvas()
	i := ed.enc.TokenIndex("Dae")
	ed.Select(i)
	name := formWidget(t, ed, "Name").(*controls.PaneEntry)
	still := func(typed string) {
		t.Helper()
		// the map, its labels and the token list draw ed.enc
		if got := ed.enc.Tokens[i].Name; got != "Dae" {
			t.Fatalf("after typing %q the token is named %q", typed, got)
		}
	}

	// Tab through the field: nothing to undo
	c.Focus(name)
	c.FocusNext()
	ed.Undo()
	if msg := ed.status.msgLabel.Text; msg != "nothing to undo" {
		t.Errorf("Tab through the name made an edit: Undo says %q", msg)
	}

	// a taken name, key by key, then Enter: refused, the token kept
	c.Focus(name)
	retype(c, "Navasi", still)
	name.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	still("Navasi and Enter")
	want := "Dae, name: Navasi is already on the map; pick another name (Navasi 2?)"
	if name.Text != "Navasi" || !ed.insp.errLabel.Visible() || ed.insp.errLabel.Text != want {
		t.Errorf("refused: the field shows %q, the line %q (shown %v); want %q, %q", name.Text, ed.insp.errLabel.Text, ed.insp.errLabel.Visible(), "Navasi", want)
	}
	if ed.dirty() {
		t.Error("a refused name left the encounter to save")
	}
	// Escape: the name in use back, the refusal gone
	name.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	name = formWidget(t, ed, "Name").(*controls.PaneEntry)
	if name.Text != "Dae" || ed.insp.errLabel.Visible() || c.Focused() != nil {
		t.Errorf("after Escape the field shows %q, the refusal shown %v, focus on %T", name.Text, ed.insp.errLabel.Visible(), c.Focused())
	}

	// Escape while typing a free name: nothing applied
	c.Focus(name)
	retype(c, "Zed", still)
	name.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	still("Zed and Escape")
	if name.Text != "Dae" {
		t.Errorf("Escape left %q in the field, want Dae", name.Text)
	}

	// a free name, then a click elsewhere: applied, one undo step
	c.Focus(name)
	retype(c, "Daeva", still)
	c.Unfocus()
	if got := ed.enc.Tokens[i].Name; got != "Daeva" {
		t.Fatalf("leaving the field named the token %q, want Daeva", got)
	}
	ed.Undo()
	if got := ed.enc.Tokens[i].Name; got != "Dae" {
		t.Errorf("one undo left the token named %q, want Dae", got)
	}
}

// TestSideIsOneEditWhenDone: the side field, free text too, made a new
// side of every prefix ("p", "pi", …), each coloured on the map. It
// applies on Enter or leaving it; a side picked from its list at once.
func TestSideIsOneEditWhenDone(t *testing.T) {
	ed, _, _ := newTestEditor(t, model.Sample())
	c := ed.win.Canvas()
	i := ed.enc.TokenIndex("Dae")
	ed.Select(i)
	was := ed.enc.Tokens[i].Side
	side := formWidget(t, ed, "Side").(*controls.PaneSelectEntry)
	c.Focus(side)
	retype(c, "pirates", func(typed string) {
		if got := ed.enc.Tokens[i].Side; got != was {
			t.Fatalf("after typing %q the side is %q", typed, got)
		}
	})
	c.FocusNext() // Tab
	if got := ed.enc.Tokens[i].Side; got != "pirates" {
		t.Fatalf("Tab left the side %q, want pirates", got)
	}
	side.SetText("enemy") // as a pick from the list does
	if got := ed.enc.Tokens[i].Side; got != "enemy" {
		t.Fatalf("a pick left the side %q, want enemy", got)
	}
	ed.Undo()
	if got := ed.enc.Tokens[i].Side; got != "pirates" {
		t.Errorf("one undo left the side %q, want pirates", got)
	}
	ed.Undo()
	if got := ed.enc.Tokens[i].Side; got != was {
		t.Errorf("two undos left the side %q, want %q", got, was)
	}
	// Escape while typing puts back the side in use
	side = formWidget(t, ed, "Side").(*controls.PaneSelectEntry)
	c.Focus(side)
	retype(c, "xyz", nil)
	side.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if got := ed.enc.Tokens[i].Side; got != was || side.Text != ed.enc.Tokens[i].SideOrNeutral() {
		t.Errorf("after Escape the side is %q, the field %q", got, side.Text)
	}
}
