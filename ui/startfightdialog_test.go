package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/ui/controls"
)

// TestStartFightDialogFitsTheWindowWithAMob: with 23 creatures the
// dialog stays inside the window, Start and Cancel on screen, and its list
// scrolls down to the last creature's field.
func TestStartFightDialogFitsTheWindowWithAMob(t *testing.T) {
	ed, _, _ := newTestEditor(t, model.Sample())
	ed.Select(ed.enc.TokenIndex("Iseph"))
	for len(ed.enc.Tokens) < 23 {
		ed.DuplicateToken()
	}
	if len(ed.enc.Tokens) != 23 {
		t.Fatalf("%d tokens", len(ed.enc.Tokens))
	}
	ed.startFightDialog()
	entries, _, buttons := topDialog(t, ed.win)
	if len(entries) != 23 {
		t.Fatalf("%d fields for 23 creatures", len(entries))
	}
	d := fyne.CurrentApp().Driver()
	win := ed.win.Canvas().Size()
	if h := ed.win.Canvas().Overlays().Top().MinSize().Height; h > win.Height {
		t.Errorf("the dialog needs %v, more than the %v high window", h, win.Height)
	}
	for _, name := range []string{"Start", "Cancel"} {
		b := buttons[name]
		if b == nil {
			t.Fatalf("no %s button", name)
		}
		p := d.AbsolutePositionForObject(b)
		if p.Y < 0 || p.Y+b.Size().Height > win.Height {
			t.Errorf("%s at y %v..%v, outside the %v high window", name, p.Y, p.Y+b.Size().Height, win.Height)
		}
	}
	var list *widget.Label
	walkObjects(ed.win.Canvas().Overlays().Top(), func(o fyne.CanvasObject) {
		if l, ok := o.(*widget.Label); ok && l.Text == "Start fight: initiative" {
			list = l
		}
	})
	if list == nil {
		t.Fatal("no title")
	} else if p := d.AbsolutePositionForObject(list); p.Y < 0 {
		t.Errorf("the title is above the window, at y %v", p.Y)
	}
	// the last field can be typed in: Enter there starts the fight with it
	last := entries[22]
	ed.win.Canvas().Focus(last)
	test.Type(last, "30")
	last.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if ed.enc.Fight == nil || ed.enc.Fight.Order[0] != ed.enc.Tokens[22].Name {
		t.Errorf("fight %+v, want %s first", ed.enc.Fight, ed.enc.Tokens[22].Name)
	}
	if ed.win.Canvas().Overlays().Top() != nil {
		t.Error("the dialog stayed open after the fight started")
	}
}

// TestStartFightDialogKeepsWhatWasTyped: a bad initiative leaves the dialog
// open with every value as typed, names the creature and puts the cursor in
// its field; fixed, Enter starts the fight. Escape cancels.
func TestStartFightDialogKeepsWhatWasTyped(t *testing.T) {
	ed, _, _ := newTestEditor(t, model.Sample())
	ed.startFightDialog()
	entries, _, buttons := topDialog(t, ed.win)
	for i, s := range []string{"15", "12", "1O", "8"} {
		entries[i].SetText(s)
	}
	test.Tap(buttons["Start"])
	if ed.enc.Fight != nil {
		t.Fatal("a fight started with a bad initiative")
	}
	if ed.win.Canvas().Overlays().Top() == nil {
		t.Fatal("the dialog closed on a bad initiative")
	}
	again, _, _ := topDialog(t, ed.win)
	for i, s := range []string{"15", "12", "1O", "8"} {
		if again[i].Text != s {
			t.Errorf("field %d holds %q, typed %q", i, again[i].Text, s)
		}
	}
	said := ""
	walkObjects(ed.win.Canvas().Overlays().Top(), func(o fyne.CanvasObject) {
		if l, ok := o.(*widget.Label); ok && l.Visible() && strings.Contains(l.Text, `"1O"`) {
			said = l.Text
		}
	})
	if !strings.Contains(said, ed.enc.Tokens[2].Name) {
		t.Errorf("the dialog says %q, not naming %s", said, ed.enc.Tokens[2].Name)
	}
	// the dialog grows by the error's two lines: its list keeps every row
	walkObjects(ed.win.Canvas().Overlays().Top(), func(o fyne.CanvasObject) {
		if l, ok := o.(*container.Scroll); ok && l.Size().Height < l.Content.MinSize().Height {
			t.Errorf("the list is %v high under the error, its %d rows need %v", l.Size().Height, len(entries), l.Content.MinSize().Height)
		}
	})
	if f, ok := ed.win.Canvas().Focused().(*controls.EscEntry); !ok || &f.Entry != entries[2] {
		t.Errorf("focus on %T, not the bad field", ed.win.Canvas().Focused())
	}
	entries[2].SetText("10")
	ed.win.Canvas().Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if ed.enc.Fight == nil {
		t.Fatal("Enter did not start the fight")
	}
	if v := ed.enc.Tokens[2].Initiative; v == nil || *v != 10 {
		t.Errorf("%s initiative %v, want 10", ed.enc.Tokens[2].Name, v)
	}
	ed.Undo()
	ed.startFightDialog()
	entries, _, _ = topDialog(t, ed.win)
	ed.win.Canvas().Focus(entries[1])
	ed.win.Canvas().Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if ed.win.Canvas().Overlays().Top() != nil || ed.enc.Fight != nil {
		t.Error("Escape did not cancel the dialog")
	}
}
