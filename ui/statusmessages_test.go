package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"

	"encounterplanner/model"
	"encounterplanner/rules"
	"encounterplanner/ui/session"
)

// internalWords are what a Go error carries that a GM should never read in
// the status bar: an engine's prefix, a query name, a quoted token name.
var internalWords = []string{"forced:", "reach:", "path:", "cover:", "flanking:", "has no forced", "so it cannot use mode", `"`}

func assertGMWords(t *testing.T, where, msg string) {
	t.Helper()
	for _, w := range internalWords {
		if strings.Contains(msg, w) {
			t.Errorf("%s: the status bar shows an internal message %q (contains %q)", where, msg, w)
			return
		}
	}
}

// TestSwitchOutOfForcedModeSpeaksTheGMsLanguage: with forced movement
// picked on a points encounter, switching to sf2e showed "forced: sf2e has
// no forced" (the request made before the mode fell back).
func TestSwitchOutOfForcedModeSpeaksTheGMsLanguage(t *testing.T) {
	ed, _, p := newTestEditor(t, forcedRoom())
	ed.Select(0)
	ed.ovp.settings.Mode = rules.ModeForced
	ed.buildOverlayPanel()
	ed.requestOverlays()
	p.until(t, "forced overlays", ed.overlaysIdle)
	ed.SwitchRuleset(model.SF2E)
	p.until(t, "sf2e overlays", ed.overlaysIdle)
	p.drain()
	if ed.enc.Ruleset != model.SF2E || ed.ovp.settings.Mode != rules.Describe(model.SF2E).DefaultMode {
		t.Fatalf("after the switch: %s, mode %q", ed.enc.Ruleset, ed.ovp.settings.Mode)
	}
	assertGMWords(t, "switch from forced to sf2e", ed.status.msgLabel.Text)
}

// TestUndoOutOfStarshipSpeaksTheGMsLanguage: undoing a switch to starship
// showed `reach: token "Goblin B" has no fly speed, so it cannot use mode
// fly`; a mode the token lacks falls back to the default silently.
func TestUndoOutOfStarshipSpeaksTheGMsLanguage(t *testing.T) {
	e := model.Sample()
	ed, _, p := newTestEditor(t, e)
	for i, tok := range ed.enc.Tokens {
		if _, ok := tok.Speeds[model.SpeedFly]; !ok {
			ed.Select(i)
			break
		}
	}
	ed.SwitchRuleset(model.Starship)
	if ed.enc.Ruleset != model.Starship { // the goblins do not fit: it asks
		_, _, buttons := topDialog(t, ed.win)
		test.Tap(buttons["Switch"])
	}
	p.until(t, "starship overlays", ed.overlaysIdle)
	p.drain()
	assertGMWords(t, "switch to starship", ed.status.msgLabel.Text)
	ed.Undo()
	p.until(t, "undo overlays", ed.overlaysIdle)
	p.drain()
	assertGMWords(t, "undo out of starship", ed.status.msgLabel.Text)
	ed.Redo()
	p.until(t, "redo overlays", ed.overlaysIdle)
	p.drain()
	assertGMWords(t, "redo into starship", ed.status.msgLabel.Text)
}

// TestRulesetSwitchNamesTheRuleset: the switch said "ruleset is now sf2e";
// a Pathfinder 2e GM reads the full name.
func TestRulesetSwitchNamesTheRuleset(t *testing.T) {
	ed, _, p := newTestEditor(t, forcedRoom())
	ed.SwitchRuleset(model.SF2E)
	p.until(t, "sf2e overlays", ed.overlaysIdle)
	if msg := ed.status.msgLabel.Text; !strings.Contains(msg, "Starfinder 2e / Pathfinder 2e") {
		t.Errorf("after the switch the status bar says %q, want the full name", msg)
	}
}

// TestPanelAsksNoCoverWhereTheRulesetHasNone: building the overlay panel
// for a points encounter set the Cover switch on (as the settings were)
// before turning it off, and each set asked for overlays: the worker
// answered "the points ruleset has no cover or flanking rules" five times
// into the status bar of a new points encounter.
func TestPanelAsksNoCoverWhereTheRulesetHasNone(t *testing.T) {
	test.NewTempApp(t)
	e := forcedRoom()
	op := overlayPanel{box: container.NewVBox(), settings: session.Settings{Reach: true, Mode: rules.ModeLand, Actions: 1, Cover: true, Flank: true}}
	op.build(e, 0, false, panelActions{
		changed: func() {
			if op.settings.Cover || op.settings.Flank || op.settings.CoverBack {
				t.Errorf("the panel asked for overlays with cover or flanking on in points: %+v", op.settings)
			}
		},
		say:   func(string) {},
		share: func(bool) {},
	})
	if op.settings.Cover || op.settings.Flank {
		t.Errorf("after building, cover %v flanking %v", op.settings.Cover, op.settings.Flank)
	}
}

// TestASwitchToPointsSpeaksInSquaresAndPoints: a switch to the points
// ruleset said "(5 ft a square; …)", though points counts squares and
// movement points and no foot; a switch back names the feet again.
func TestASwitchToPointsSpeaksInSquaresAndPoints(t *testing.T) {
	e := forcedRoom()
	e.Ruleset = model.SF2E
	for i := range e.Tokens {
		e.Tokens[i].Speeds = map[string]int{"land": 25}
	}
	ed, _, p := newTestEditor(t, e)
	ed.SwitchRuleset(model.Points)
	p.until(t, "points overlays", ed.overlaysIdle)
	msg := ed.status.msgLabel.Text
	if ed.enc.Ruleset != model.Points || strings.Contains(msg, " ft") || !strings.Contains(msg, "counted in squares and points") {
		t.Errorf("after the switch to points the status bar says %q, want squares and points, no feet", msg)
	}
	ed.SwitchRuleset(model.PF1E)
	p.until(t, "pf1e overlays", ed.overlaysIdle)
	if msg := ed.status.msgLabel.Text; !strings.Contains(msg, "(5 ft a square;") {
		t.Errorf("after the switch back to pf1e the status bar says %q, want 5 ft a square", msg)
	}
}
