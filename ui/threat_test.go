package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
)

// TestThreatLive: the status bar shows no threat until the party has a
// level, then the XP and rating, updated as a level is typed in the
// inspector, with the creature's XP beside it.
func TestThreatLive(t *testing.T) {
	ed, _, _ := newTestEditor(t, sampleUnrated())
	if ed.status.threatBox.Visible() {
		t.Fatalf("threat shown without a party level: %q", ed.status.threatLabel.Text)
	}
	if err := ed.SetParty("", "x", ""); err == nil || !strings.HasPrefix(err.Error(), "Level: ") {
		t.Errorf("bad level: %v", err)
	}
	if err := ed.SetParty("party", "3", "4"); err != nil {
		t.Fatal(err)
	}
	if !ed.status.threatBox.Visible() || !strings.HasPrefix(ed.status.threatLabel.Text, "XP ") {
		t.Fatalf("threat %q", ed.status.threatLabel.Text)
	}
	i, _ := tokenAt(t, ed, "Tashtari")
	ed.Select(i)
	before := ed.status.threatLabel.Text
	entryOf(t, formWidget(t, ed, "Level")).SetText("7")
	if got := ed.status.threatLabel.Text; got == before || !strings.Contains(got, "· ") {
		t.Errorf("threat %q did not follow the level (was %q)", got, before)
	}
	if _, ok := inspectorFind(ed, func(l *widget.Label) bool { return strings.Contains(l.Text, "160 XP") }); !ok {
		t.Error("no creature XP in the inspector")
	}
	ed.Undo()
	if got := ed.status.threatLabel.Text; got != before {
		t.Errorf("undo: %q, want %q", got, before)
	}
}

// sampleUnrated is the built-in sample with no party and no creature
// levels: nothing to rate until a test sets them.
func sampleUnrated() *model.Encounter {
	e := model.Sample()
	e.Party = nil
	for i := range e.Tokens {
		e.Tokens[i].Level = nil
	}
	return e
}
