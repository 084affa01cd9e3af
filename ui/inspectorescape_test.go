package ui

import (
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2"

	"encounterplanner/model"
	"encounterplanner/rules"
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

// refusedLandFt opens the sample with Iseph selected and "-5" typed over
// its Land Speed, which the inspector refuses (the field focused), and
// returns Iseph's index and the land Speed it keeps.
func refusedLandFt(t *testing.T) (ed *Editor, iseph, land int) {
	t.Helper()
	ed, _, _ = newTestEditor(t, model.Sample())
	iseph = ed.enc.TokenIndex("Iseph")
	ed.Select(iseph)
	land = ed.enc.Tokens[iseph].Speeds["land"]
	f := formWidget(t, ed, "Land").(fyne.Focusable)
	ed.win.Canvas().Focus(f)
	entryOf(t, f.(fyne.CanvasObject)).SetText("-5") // as typed over the whole value
	if !ed.insp.errLabel.Visible() {
		t.Fatal("-5 for Land Speed was not refused: the test proves nothing")
	}
	return ed, iseph, land
}

// TestEscapeDropsARefusedValue: a value the inspector refused ("-5" for
// Land Speed) stayed in its field after Escape, with its red line under the
// inspector, while the token kept 25: the field showed what the map did
// not use. Escape out of a refused field puts back the token's value and
// takes the line away; a kept value stays as typed.
func TestEscapeDropsARefusedValue(t *testing.T) {
	ed, iseph, land := refusedLandFt(t)
	c := ed.win.Canvas()
	typeOn(c, "", fyne.KeyEscape)
	if ed.insp.errLabel.Visible() {
		t.Errorf("after Escape the refusal still shows: %q", ed.insp.errLabel.Text)
	}
	if got := entryOf(t, formWidget(t, ed, "Land")).Text; got != strconv.Itoa(land) {
		t.Errorf("after Escape Land Speed shows %q; the token has %d", got, land)
	}
	if got := ed.enc.Tokens[iseph].Speeds["land"]; got != land {
		t.Errorf("the token's land Speed is %d, want %d", got, land)
	}
	if c.Focused() != nil {
		t.Errorf("after Escape %T has the keyboard", c.Focused())
	}

	// a kept value stays as typed
	f := formWidget(t, ed, "Land").(fyne.Focusable)
	c.Focus(f)
	entryOf(t, f.(fyne.CanvasObject)).SetText("40")
	typeOn(c, "", fyne.KeyEscape)
	if got := entryOf(t, formWidget(t, ed, "Land")).Text; got != "40" || ed.enc.Tokens[iseph].Speeds["land"] != 40 {
		t.Errorf("40 then Escape: the field shows %q, the token has %d", got, ed.enc.Tokens[iseph].Speeds["land"])
	}
}

// TestEscapePutsBackTheEndElevationInUse: "7" in End elevation is refused
// (heights go by 5 ft) and the flight still ends at the token's own
// height; Escape out of the field showed "7" on. It shows the height in
// use again: empty for the token's own, or the last one kept.
func TestEscapePutsBackTheEndElevationInUse(t *testing.T) {
	ed, _, p := newTestEditor(t, model.Sample())
	c := ed.win.Canvas()
	ed.Select(ed.enc.TokenIndex("Navasi"))
	ed.ovp.settings.Mode = rules.ModeFly
	ed.buildOverlayPanel()
	p.until(t, "overlays", ed.overlaysIdle)
	for _, c2 := range []struct{ typed, want string }{{"7", ""}, {"15", "15"}, {"x", "15"}} {
		c.Focus(ed.ovp.end)
		ed.ovp.end.SetText(c2.typed)
		typeOn(c, "", fyne.KeyEscape)
		if ed.ovp.end.Text != c2.want {
			t.Errorf("%q then Escape: the field shows %q, want %q", c2.typed, ed.ovp.end.Text, c2.want)
		}
		if c2.typed != c2.want && strings.Contains(ed.status.msgLabel.Text, "end elevation:") {
			t.Errorf("%q then Escape: the refusal stays in the status bar: %q", c2.typed, ed.status.msgLabel.Text)
		}
	}
	if s := ed.ovp.settings; !s.EndSet || s.End != 15 {
		t.Errorf("the flight ends at %+v, want 15 ft", s)
	}
}

// TestARefusedValueKeepsItsLineWhileAnotherFieldIsEdited: "-5" for Land
// ft was refused under its red line; a name typed next cleared the line
// while Land Speed still showed "-5" (the token moved 25 ft), and Escape,
// which puts back a refused value only while the line shows, left it
// there. The line stays until the refused field holds a value kept (or
// Escape or another selection puts the value in use back).
func TestARefusedValueKeepsItsLineWhileAnotherFieldIsEdited(t *testing.T) {
	ed, iseph, land := refusedLandFt(t)
	c := ed.win.Canvas()
	name := formWidget(t, ed, "Name").(fyne.Focusable)
	c.Focus(name)
	entryOf(t, name.(fyne.CanvasObject)).SetText("Iseph the Bold")
	name.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn}) // a name applies on Enter
	if got := ed.enc.Tokens[iseph].Name; got != "Iseph the Bold" {
		t.Fatalf("the name typed after the refusal was not kept: %q", got)
	}
	if !ed.insp.errLabel.Visible() {
		t.Errorf("a new name hid the refusal while Land Speed shows %q", entryOf(t, formWidget(t, ed, "Land")).Text)
	}
	typeOn(c, "", fyne.KeyEscape)
	if got := entryOf(t, formWidget(t, ed, "Land")).Text; got != strconv.Itoa(land) {
		t.Errorf("after Escape Land Speed shows %q; the token has %d", got, land)
	}
	if got := entryOf(t, formWidget(t, ed, "Name")).Text; got != "Iseph the Bold" {
		t.Errorf("after Escape the name shows %q, want the one kept", got)
	}

	// the refused field itself given a value kept: the line goes
	f := formWidget(t, ed, "Land").(fyne.Focusable)
	c.Focus(f)
	entryOf(t, f.(fyne.CanvasObject)).SetText("-5")
	entryOf(t, f.(fyne.CanvasObject)).SetText("35")
	if ed.insp.errLabel.Visible() {
		t.Errorf("Land Speed 35 kept, and the refusal still shows: %q", ed.insp.errLabel.Text)
	}
}
