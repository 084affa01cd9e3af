package ui

import (
	"slices"
	"testing"

	"fyne.io/fyne/v2"

	"encounterplanner/ui/controls"
	"encounterplanner/ui/session"
)

// typeText types s into the focused field, key by key.
func typeText(c fyne.Canvas, s string) {
	for _, r := range s {
		typeKey(c, fyne.KeyName(string(r)), r)
	}
}

// TestEnterDealsTheAmountTyped: at the table, in the Smuggler's den on
// Dae's turn (9 / 20), the GM typed 6 in the amount field and pressed
// Enter: nothing happened, and the damage waited for a Tab to Damage and
// Space. Enter deals it now, "+4" and Enter heals 4, "-2" is 2 damage;
// each is one undo step, and the keys go back to the map (N passes the
// turn). In the condition picker's value, Enter adds the condition, as
// Add does.
func TestEnterDealsTheAmountTyped(t *testing.T) {
	ed, _, p := newTestEditor(t, denExample(t))
	ed.win.Resize(fyne.NewSize(1200, 780))
	settle(t, ed, p)
	c := ed.win.Canvas()
	dae := ed.enc.TokenIndex("Dae")
	for _, s := range []struct {
		typed string
		want  int
	}{{"6", 3}, {"+4", 7}, {"-2", 5}} {
		amount, ok := inspectorFind(ed, func(e *controls.PaneEntry) bool { return e.PlaceHolder == "amount" })
		if !ok {
			t.Fatal("no amount field")
		}
		c.Focus(amount)
		typeText(c, s.typed)
		typeKey(c, fyne.KeyReturn, 0)
		if h := ed.enc.Tokens[dae].HP; h == nil || h.Current != s.want {
			t.Fatalf("%q and Enter: Dae has %+v, want %d / 20", s.typed, h, s.want)
		}
	}
	ed.Undo()
	if h := ed.enc.Tokens[dae].HP; h.Current != 7 {
		t.Errorf("one Ctrl+Z after the third Enter: %d HP, want 7", h.Current)
	}

	sel, ok := inspectorFind(ed, func(s *controls.PaneSelect) bool { return s.PlaceHolder == "condition" })
	if !ok {
		t.Fatal("no condition picker")
	}
	sel.SetSelected(session.ConditionWords("sickened"))
	value, _ := inspectorFind(ed, func(e *controls.PaneEntry) bool { return e.PlaceHolder == "value" })
	c.Focus(value)
	typeText(c, "2")
	typeKey(c, fyne.KeyReturn, 0)
	if got := ed.enc.Tokens[dae].Conditions; !slices.Contains(got, "sickened 2") {
		t.Errorf("sickened, 2 and Enter: Dae has %q", got)
	}
	if f := c.Focused(); f != nil {
		t.Errorf("after Enter the keyboard stays with a %T: N would not reach the map", f)
	}
	typeKey(c, fyne.KeyN, 'n')
	if ed.enc.Fight.Turn != "Goblin Archer" {
		t.Errorf("N after Enter: %s's turn, want the Goblin Archer's", ed.enc.Fight.Turn)
	}
}

// TestHPutsTheCursorInTheAmount: the amount field was 40 Tabs from the
// map in the den's fight of six. H puts the cursor there for the
// selected creature (Dae, on his turn), so H, 6, Enter deals the blow;
// for a creature whose HP is not tracked (Navasi) H goes to its current
// HP; with nothing selected the status bar says what to do.
func TestHPutsTheCursorInTheAmount(t *testing.T) {
	ed, _, p := newTestEditor(t, denExample(t))
	ed.win.Resize(fyne.NewSize(1200, 780))
	settle(t, ed, p)
	c := ed.win.Canvas()
	typeKey(c, fyne.KeyH, 'h')
	if e, ok := c.Focused().(*controls.PaneEntry); !ok || e.PlaceHolder != "amount" {
		t.Fatalf("H on Dae's turn focused %T, want the amount field", c.Focused())
	}
	typeText(c, "6")
	typeKey(c, fyne.KeyReturn, 0)
	if h := ed.enc.Tokens[ed.enc.TokenIndex("Dae")].HP; h.Current != 3 {
		t.Errorf("H, 6, Enter: Dae has %d HP, want 3", h.Current)
	}
	ed.Select(ed.enc.TokenIndex("Navasi"))
	typeKey(c, fyne.KeyH, 'h')
	if e, ok := c.Focused().(*controls.PaneEntry); !ok || e.PlaceHolder != "—" {
		t.Errorf("H on Navasi, HP not tracked: focused %T, want the current HP field", c.Focused())
	}
	c.Unfocus()
	ed.Select(-1)
	typeKey(c, fyne.KeyH, 'h')
	if c.Focused() != nil || ed.status.msgLabel.Text == "" {
		t.Errorf("H with nothing selected: focused %T, status %q", c.Focused(), ed.status.msgLabel.Text)
	}
}

// TestTypingThroughThePlayerDisplay: the player display has the keyboard
// once it opens (and whenever the GM clicks it to move it), and passes
// the GM's keys on; H typed there put the cursor in the editor's amount
// field, but the 6 typed next went to the map (terrain 6, the brush
// tool), and "-" zoomed the players' map out. The keys now go to the
// field, as in the editor's window: H, -, 6, Enter deals 6 to Dae, the
// players' zoom stays, and N then passes the turn.
func TestTypingThroughThePlayerDisplay(t *testing.T) {
	ed, _, p := newTestEditor(t, denExample(t))
	ed.win.Resize(fyne.NewSize(1200, 780))
	settle(t, ed, p)
	menuAction(t, ed.win, "View", "Player display")()
	if ed.player == nil {
		t.Fatal("View > Player display opened nothing")
	}
	pc := ed.player.Window().Canvas()
	zoom, tool := ed.player.View().Zoom(), ed.Tool()
	for _, r := range "h-6" {
		typeKey(pc, fyne.KeyName(string(r)), r)
	}
	typeKey(pc, fyne.KeyReturn, 0)
	if h := ed.enc.Tokens[ed.enc.TokenIndex("Dae")].HP; h.Current != 3 {
		t.Errorf("H, -6, Enter in the player display: Dae has %d HP, want 3", h.Current)
	}
	if ed.player.View().Zoom() != zoom || ed.Tool() != tool {
		t.Errorf("the players' zoom %v -> %v, the tool %v -> %v: the keys went to the maps", zoom, ed.player.View().Zoom(), tool, ed.Tool())
	}
	typeKey(pc, fyne.KeyN, 'n')
	if ed.enc.Fight.Turn != "Goblin Archer" {
		t.Errorf("N after Enter: %s's turn, want the Goblin Archer's", ed.enc.Fight.Turn)
	}
}
