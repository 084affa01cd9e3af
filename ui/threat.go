package ui

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/rules"
	"encounterplanner/ui/controls"
	"encounterplanner/ui/session"
)

// updateThreat shows the encounter's XP and threat in the status bar
// ("XP 80 · moderate"), live with every change; nothing outside sf2e or
// without a party level (Encounter > Party…).
func (ed *Editor) updateThreat() {
	sb := &ed.status
	if sb.threatBox == nil {
		return
	}
	s := session.ThreatWords(ed.enc)
	sb.threatLabel.SetText(s)
	if s == "" {
		sb.threatBox.Hide()
	} else {
		sb.threatBox.Show()
	}
}

// levelItems are the token's level (sf2e rates the threat with it) and
// what it adds to the encounter's XP.
func levelItems(e *model.Encounter, t *model.Token, edit tokenEdit) []*widget.FormItem {
	if !rules.Describe(e.Ruleset).Threat {
		return nil
	}
	level := controls.NewPaneEntry()
	level.SetPlaceHolder("none")
	if t.Level != nil {
		level.SetText(strconv.Itoa(*t.Level))
	}
	xp := widget.NewLabel(session.CreatureXPWords(e, t, t.Level))
	tok := *t
	level.OnChanged = func(s string) {
		edit("level", func(t *model.Token) error {
			v, ok, err := parseOptInt(s, "level")
			if err != nil {
				return err
			}
			t.Level = nil
			if ok {
				t.Level = &v
			}
			tok.Side = t.Side
			xp.SetText(session.CreatureXPWords(e, &tok, t.Level))
			return nil
		})
	}
	return []*widget.FormItem{widget.NewFormItem("Level", level), widget.NewFormItem("", xp)}
}

// partyDialog sets the encounter's party: its side, level and size (the
// threat budget's). Outside sf2e, which alone rates the threat, it asks
// the side alone (which goes after its foes on a tied initiative) and
// keeps the level and players as they are, for a switch back: a
// starship's Party asked for a level and players that nothing used.
func (ed *Editor) partyDialog() {
	p := model.Party{Side: rules.DefaultPartySide, Size: model.DefaultPartySize}
	if ed.enc.Party != nil {
		p = *ed.enc.Party
	}
	side, level, size := ed.esc.Entry(), ed.esc.Entry(), ed.esc.Entry()
	side.SetText(p.Side)
	level.SetPlaceHolder("none")
	if p.Level > 0 {
		level.SetText(strconv.Itoa(p.Level))
	}
	size.SetText(strconv.Itoa(p.Size))
	items := []*widget.FormItem{
		widget.NewFormItem("Side", side),
		widget.NewFormItem("Level", level),
		widget.NewFormItem("Players", size),
	}
	if !rules.Describe(ed.enc.Ruleset).Threat {
		why := widget.NewLabel("On a tied initiative the party's side goes after its foes.")
		why.Wrapping = fyne.TextWrapWord
		items = []*widget.FormItem{widget.NewFormItem("Side", side), widget.NewFormItem("", why)}
	}
	var d *dialog.FormDialog
	d = dialog.NewForm("Party", "Set", "Cancel", items, func(ok bool) {
		if !ok {
			return
		}
		ed.status.quiet = true // the error dialog says it, in the form's words
		err := ed.SetParty(side.Text, level.Text, size.Text)
		ed.status.quiet = false
		if err != nil {
			// shown again as typed, the cursor then in the field named
			label, _, _ := strings.Cut(err.Error(), " ")
			field := map[string]fyne.Focusable{"Side": side, "Level": level, "Players": size}[strings.TrimSuffix(label, ":")]
			ed.esc.Refuse(d, d.Submit, field, "Could not set the party", err)
		}
	}, ed.win)
	d.Resize(fyne.NewSize(320, 0))
	d.Show()
	ed.esc.Confirms(d, d.Submit)
	for _, en := range []*controls.EscEntry{side, level, size} {
		en.OnSubmitted = func(string) { d.Submit() }
	}
}

// SetParty sets the party from the dialog's text: a side (blank: party),
// a level (blank: none) and a number of players (blank: 4). One undo step.
func (ed *Editor) SetParty(side, level, size string) error {
	p := model.Party{Side: strings.TrimSpace(side), Size: model.DefaultPartySize}
	if p.Side == "" {
		p.Side = rules.DefaultPartySide
	}
	v, ok, err := parseOptInt(level, "Level")
	if err != nil {
		return err
	}
	if ok {
		p.Level = v
	}
	n, ok, err := parseOptInt(size, "Players")
	if err != nil {
		return err
	}
	if ok {
		// checked here to word it for the form: the model's message
		// ("must be 1 to 100 players") after the label said players twice
		if n < 1 || n > model.MaxPartySize {
			return fmt.Errorf("%s must be 1 to %d, not %d", "Players", model.MaxPartySize, n) // the form's label
		}
		p.Size = n
	}
	err = ed.apply("", func(c *model.Encounter) error { c.Party = &p; return nil })
	if err != nil {
		_, err = formError(err, map[string]string{"party.side": "Side", "party.level": "Level", "party.size": "Players"})
		return err
	}
	return nil
}
