package ui

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/rules"
	"encounterplanner/ui/controls"
	"encounterplanner/ui/session"
)

// SwitchRuleset asks (listing the tokens that do not fit and what becomes
// of the area templates) and switches, areas and all, as one undo step.
func (ed *Editor) SwitchRuleset(r model.Ruleset) {
	if r == ed.enc.Ruleset {
		return
	}
	probs := session.RulesetProblems(ed.enc, r)
	old := ed.enc.Ruleset
	preview := ed.enc.Clone()
	rules.Convert(preview, r)
	fit := session.FitAreas(preview)
	stay := fit.Stay(old, r)
	do := func() {
		var done session.AreaFit
		err := ed.apply("", func(c *model.Encounter) error {
			rules.Convert(c, r)
			done = session.FitAreas(c)
			return nil
		})
		if err != nil {
			controls.ShowError(ed.win, "Ruleset not changed", fmt.Errorf("cannot switch to %s: %w", r, err))
			return
		}
		ed.ovp.settings.Mode = rules.Describe(r).DefaultMode
		ed.win.SetMainMenu(ed.menu())
		ed.buildOverlayPanel()
		ed.showInspector()
		note := ""
		if rules.Describe(old).Points != rules.Describe(r).Points {
			note = "; land speeds converted at one point a square"
		}
		ed.message(fmt.Sprintf("ruleset is now %s (%s%s)%s", rules.Describe(r).Title, squareWords(r, ed.enc.Feet()), note, areaNote(done, old, r)))
	}
	if len(probs) == 0 && fit.Empty() {
		do()
		return
	}
	title := rules.Describe(r).Title
	var parts []string
	ask := "Switch?"
	if len(probs) > 0 {
		parts = append(parts, fmt.Sprintf("These tokens do not fit %s as they are:\n\n• %s\n\nSizes outside %s become the nearest allowed size and tokens are moved back onto the map; land speeds convert between feet and movement points (one point a square); other speeds stay as they are.",
			title, strings.Join(probs, "\n• "), r))
		ask = "Switch anyway?"
	}
	if l := fit.Lines(r, preview.Feet()); len(l) > 0 {
		parts = append(parts, strings.Join(l, "\n"))
	}
	if stay != "" {
		parts = append(parts, stay)
	}
	parts = append(parts, ask+" (Ctrl+Z undoes it, areas and all.)")
	lbl := widget.NewLabel(strings.Join(parts, "\n\n"))
	lbl.Wrapping = fyne.TextWrapWord
	d := dialog.NewCustomConfirm("Switch to "+title+"?", "Switch", "Cancel", lbl, func(ok bool) {
		if ok {
			do()
		}
	}, ed.win)
	d.Resize(fyne.NewSize(480, 320))
	d.Show()
	ed.esc.Confirms(d, d.Confirm) // Escape cancels, Enter switches (Ctrl+Z undoes it)
}

// squareWords says what a square is under ruleset r, for the switch's
// message: "5 ft a square", or for points, which counts squares and
// movement points and never a foot (points-movement.txt), "counted in
// squares and points" (the map keeps its feet a square only for a switch
// back). The status bar's message has one line: the whole of a switch to
// points fits it at the first window size.
func squareWords(r model.Ruleset, feet int) string {
	if rules.Describe(r).Points {
		return "counted in squares and points"
	}
	return fmt.Sprintf("%d ft a square", feet)
}

// areaNote says in the status bar what a switch or a new scale did to the
// area templates ("; 2 area templates rounded to 10 ft squares"), or "".
func areaNote(f session.AreaFit, old, r model.Ruleset) string {
	var out []string
	if n := len(f.Resized); n > 0 {
		out = append(out, fmt.Sprintf("%s rounded to whole squares", session.Plural(n, "area template", "area templates")))
	}
	if n := len(f.Gone); n > 0 {
		out = append(out, fmt.Sprintf("%s removed", session.Plural(n, "area template", "area templates")))
	}
	if f.Stay(old, r) != "" {
		out = append(out, fmt.Sprintf("%s kept, shading nothing outside sf2e", session.Plural(f.Kept, "area template", "area templates")))
	}
	if len(out) == 0 {
		return ""
	}
	return "; " + strings.Join(out, ", ")
}
