package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/ui/controls"
)

// errorText is the text of the error dialog on top of w ("" when the top
// is no error dialog).
func errorText(w fyne.Window) string {
	top := w.Canvas().Overlays().Top()
	if top == nil {
		return ""
	}
	var b strings.Builder
	isErr := false
	for _, o := range test.LaidOutObjects(top) {
		if l, ok := o.(*widget.Label); ok {
			if l.Text == "Error" {
				isErr = true
			}
			b.WriteString(l.Text + "\n")
		}
	}
	if !isErr {
		return ""
	}
	return b.String()
}

// enter types Enter in w with nothing focused.
func enter(w fyne.Window) {
	w.Canvas().Unfocus()
	w.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyReturn})
}

// submitRefused submits the form on top of ed's window, expects an error
// dialog saying want, closes it and returns the form's entries, shown again.
func submitRefused(t *testing.T, ed *Editor, what, want string) []*widget.Entry {
	t.Helper()
	enter(ed.win)
	got := errorText(ed.win)
	if !strings.Contains(got, want) {
		t.Fatalf("%s: error %q, want it to say %q", what, got, want)
	}
	enter(ed.win) // OK
	if errorText(ed.win) != "" || ed.win.Canvas().Overlays().Top() == nil {
		t.Fatalf("%s: the form is not back after the error", what)
	}
	ens, _, _ := topDialog(t, ed.win)
	return ens
}

// TestFormsKeepWhatWasTypedAndNameTheField: one typo in Add token, Map
// size, Add or remove rows and columns, Rename or Party closed the form and lost everything typed, and the messages named
// the format's fields ("Tokens[7].name: is required") or no field at all
// ("Width, height and feet per square must be…"), as did Party's
// ("party.size: …"). The form now comes back as typed under an error that
// names the field by its label, and the cursor waits in that field.
func TestFormsKeepWhatWasTypedAndNameTheField(t *testing.T) {
	ed, _, _ := newTestEditor(t, model.Sample())
	c := ed.win.Canvas()
	n := len(ed.enc.Tokens)

	ed.addTokenDialog(3, 3)
	ens, _, _ := topDialog(t, ed.win)
	ens[0].SetText("")
	ens[1].SetText("45")
	ens = submitRefused(t, ed, "Add token, empty name", "Name is required")
	if ens[0].Text != "" || ens[1].Text != "45" {
		t.Errorf("Add token came back with %q, %q; want \"\", \"45\"", ens[0].Text, ens[1].Text)
	}
	if msg := ed.status.msgLabel.Text; strings.Contains(msg, "tokens[") {
		t.Errorf("the status bar still says %q", msg)
	}
	if focusedEntry(ed.win) != ens[0] {
		t.Errorf("the cursor should be in Name, is in %T", c.Focused())
	}
	ens[0].SetText("Orc")
	ens[1].SetText("4O")
	ens = submitRefused(t, ed, "Add token, bad speed", `Land speed: "4O" is not a whole number`)
	if ens[0].Text != "Orc" || ens[1].Text != "4O" {
		t.Errorf("Add token came back with %q, %q", ens[0].Text, ens[1].Text)
	}
	ens[1].SetText("40")
	var size *controls.EscSelect
	for _, o := range test.LaidOutObjects(c.Overlays().Top()) {
		if s, ok := o.(*controls.EscSelect); ok {
			size = s
		}
	}
	if size == nil {
		t.Fatal("Add token's Size does not answer the dialog's keys")
	}
	c.Focus(size) // as a click on it does
	size.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if c.Overlays().Top() != nil || len(ed.enc.Tokens) != n+1 || ed.enc.Tokens[n].Speeds["land"] != 40 {
		t.Fatalf("the corrected Add token: open %v, %d tokens", c.Overlays().Top() != nil, len(ed.enc.Tokens))
	}

	ed.mapDialog()
	ens, _, _ = topDialog(t, ed.win)
	ens[0].SetText("30")
	ens[1].SetText("abc")
	ens = submitRefused(t, ed, "Map size, bad height", `Height: "abc" is not a whole number`)
	if ens[0].Text != "30" || ens[1].Text != "abc" {
		t.Errorf("Map size came back with %q, %q", ens[0].Text, ens[1].Text)
	}
	ens[1].SetText("20")
	ens[2].SetText("0")
	submitRefused(t, ed, "Map size, 0 feet", "Feet per square must be at least 1")
	ens[0].SetText("100000")
	ens[2].SetText("5")
	submitRefused(t, ed, "Map size, huge width", "Width must be 1 to 1000 squares, not 100000")
	ens[0].SetText("30")
	enter(ed.win)
	if c.Overlays().Top() != nil || ed.enc.Grid.W != 30 || ed.enc.Grid.H != 20 {
		t.Fatalf("the corrected Map size: open %v, %dx%d", c.Overlays().Top() != nil, ed.enc.Grid.W, ed.enc.Grid.H)
	}

	ed.marginsDialog()
	ens, _, _ = topDialog(t, ed.win)
	ens[1].SetText("2")
	ens[2].SetText("x")
	ens = submitRefused(t, ed, "Add or remove rows and columns", `Right: "x" is not a whole number`)
	if ens[1].Text != "2" || ens[2].Text != "x" || focusedEntry(ed.win) != ens[2] {
		t.Errorf("rows and columns came back with %q, %q", ens[1].Text, ens[2].Text)
	}
	ed.win.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape})

	ed.renameDialog()
	ens, _, _ = topDialog(t, ed.win)
	ens[0].SetText("  ")
	submitRefused(t, ed, "Rename, blank", "Type a name for the encounter")
	ed.win.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape})

	ed.partyDialog()
	ens, _, _ = topDialog(t, ed.win)
	ens[2].SetText("0")
	ens = submitRefused(t, ed, "Party, 0 players", "Players must be 1 to 100, not 0")
	if msg := ed.status.msgLabel.Text; strings.Contains(msg, "party.") {
		t.Errorf("the status bar still says %q", msg)
	}
	if focusedEntry(ed.win) != ens[2] {
		t.Errorf("the cursor should be back in Players")
	}
	ens[2].SetText("4")
	ens[1].SetText("99")
	ens = submitRefused(t, ed, "Party, level 99", "Level must be")
	if ens[1].Text != "99" {
		t.Errorf("Party came back with level %q", ens[1].Text)
	}
	c.OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if c.Overlays().Top() != nil {
		t.Errorf("Escape should still cancel the form shown again")
	}
	if ed.esc.Open() != 0 {
		t.Errorf("%d closed dialogs still registered", ed.esc.Open())
	}
}

// focusedEntry is the entry focused in w, nil when none is.
func focusedEntry(w fyne.Window) *widget.Entry {
	switch x := w.Canvas().Focused().(type) {
	case *controls.EscEntry:
		return &x.Entry
	case *widget.Entry:
		return x
	}
	return nil
}
