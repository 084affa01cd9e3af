package ui

import (
	"errors"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/ui/controls"
	"encounterplanner/ui/library"
)

// TestErrorsNameWhatToFix goes through the errors a GM can meet and checks
// that the text the app shows names the token or field and says what to
// do about it.
func TestErrorsNameWhatToFix(t *testing.T) {
	// inspector edits: the status bar and the inspector show the same text
	inspect := func(e *model.Encounter, tok, field, value string) func(t *testing.T) string {
		return func(t *testing.T) string {
			ed, _, _ := newTestEditor(t, e)
			ed.Select(ed.enc.TokenIndex(tok))
			switch w := formWidget(t, ed, field).(type) {
			case *widget.Entry:
				w.SetText(value)
			case *controls.PaneEntry:
				w.SetText(value)
				w.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn}) // a name applies on Enter
			case *controls.PaneSelectEntry:
				w.SetText(value)
				w.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
			case *controls.PaneSelect:
				w.SetSelected(value)
			}
			if ed.insp.errLabel == nil || !ed.insp.errLabel.Visible() || ed.insp.errLabel.Text != ed.status.msgLabel.Text {
				t.Errorf("the inspector should show the refusal under the form too")
			}
			return ed.status.msgLabel.Text
		}
	}
	ship := func() *model.Encounter {
		e, _ := library.NewEncounter("Dogfight", model.Starship, 30, 30, 50)
		e.Tokens = []model.Token{{ID: uuid(1), Name: "Sunrise Maiden", X: 10, Y: 10, Size: model.Small, Side: "party", Speeds: map[string]int{"fly": 500, "turn": 100}}}
		return e
	}
	dialogText := func(t *testing.T, ed *Editor) string {
		top := ed.win.Canvas().Overlays().Top()
		if top == nil {
			t.Fatal("no dialog")
		}
		return allText(top)
	}
	cases := []struct {
		name string
		show func(t *testing.T) string
		want []string
	}{
		{"negative speed", inspect(model.Sample(), "Dae", "Land", "-5"),
			[]string{"Dae", "Land Speed", "must not be negative", "type 0 or more"}},
		{"speed not a number", inspect(model.Sample(), "Dae", "Land", "fast"),
			[]string{"Dae", "Land Speed", `"fast"`, "type digits"}},
		{"duplicate name", inspect(model.Sample(), "Dae", "Name", "Iseph"),
			[]string{"Dae", "name", "Iseph is already on the map", "pick another name (Iseph 2?)"}},
		{"blank name", inspect(model.Sample(), "Dae", "Name", " "),
			[]string{"Dae", "name", "empty", "type a name"}},
		{"token no longer fits the map", inspect(model.Sample(), "Cargo drone", "Size", "gargantuan"),
			[]string{"Cargo drone", "does not fit", "22x13 map", "move the token away from the map's edge", "smaller size", "Map size"}},
		{"odd starship turn", inspect(ship(), "Sunrise Maiden", "Turn", "75"),
			[]string{"Sunrise Maiden", "Turn", "75", "type an even number"}},
		{"map resize strands a token", func(t *testing.T) string {
			ed, _, _ := newTestEditor(t, model.Sample())
			err := ed.ResizeMap(10, 10, 5)
			if err == nil || ed.enc.Grid.W != 22 {
				t.Fatal("shrinking the map under Iseph should be refused")
			}
			if ed.status.msgLabel.Text != err.Error() {
				t.Errorf("status %q, error %q", ed.status.msgLabel.Text, err)
			}
			return err.Error()
		}, []string{"Iseph at (2, 10)", "10 x 10", "Move it inside", "bigger map"}},
		{"import: not JSON", func(t *testing.T) string {
			_, err := library.ReadImport(strings.NewReader("<html>"), "cargo.json", false)
			return err.Error()
		}, []string{"not valid JSON", "line 1, column", "Export encounter file", "Import Universal VTT"}},
		{"import: unknown field", func(t *testing.T) string {
			_, err := library.ReadImport(strings.NewReader(`{"format":"encounter/1","name":"x","ruleset":"sf2e","grid":{}}`), "x.json", false)
			return err.Error()
		}, []string{`"grid"`, "Choose a file written by Export encounter file"}},
		{"import: dd2vtt without a map size", func(t *testing.T) string {
			_, err := library.ReadImport(strings.NewReader(`{"format":0.3,"resolution":{"map_size":{"x":0,"y":8},"pixels_per_grid":70}}`), "cave.dd2vtt", true)
			return err.Error()
		}, []string{"resolution.map_size.x", "from 1 to 1000", "Export the map again", "Universal VTT"}},
		{"save fails", func(t *testing.T) string {
			ed, st, p := newTestEditor(t, openEncounter(t, 6, 6))
			st.Fail = errors.New("save: the disk is full")
			test.TypeOnCanvas(ed.win.Canvas(), "b")
			gesture(ed, 0, [2]int{2, 2})
			if ed.SaveNow() == nil {
				t.Fatal("the save should fail")
			}
			txt := dialogText(t, ed)
			if ed.status.saveLabel.Text != "NOT SAVED" || ed.enc.Grid.At(2, 2) != model.Wall {
				t.Errorf("edits kept and NOT SAVED shown; status %q", ed.status.saveLabel.Text)
			}
			// the next save tries again, and succeeds once the disk has room
			ed.win.Canvas().Overlays().Top().Hide()
			st.Fail = nil
			saves := st.Saves
			gesture(ed, 0, [2]int{3, 3})
			p.until(t, "the next autosave", func() bool { return st.Saves > saves })
			if ed.status.saveLabel.Text == "NOT SAVED" || ed.dirty() {
				t.Errorf("after the retry: status %q, dirty %v", ed.status.saveLabel.Text, ed.dirty())
			}
			return txt
		}, []string{`"Test room" was not saved`, "the disk is full", "edits are kept", "the next save tries again", "Save as copy"}},
		{"save conflict", func(t *testing.T) string {
			ed, st, _ := newTestEditor(t, openEncounter(t, 6, 6))
			st.Bump(ed.enc.ID)
			test.TypeOnCanvas(ed.win.Canvas(), "b")
			gesture(ed, 0, [2]int{2, 2})
			ed.SaveNow()
			if !ed.saving.saveBlocked {
				t.Errorf("a conflict should pause autosave")
			}
			return dialogText(t, ed)
		}, []string{`"Test room" was changed elsewhere`, "edits are kept", "Save as copy to keep both", "[Save as copy]", "[Keep editing]"}},
		{"save as copy fails", func(t *testing.T) string {
			ed, st, _ := newTestEditor(t, openEncounter(t, 6, 6))
			st.Fail = errors.New("the database is locked by another program")
			ed.SaveAsCopy()
			return dialogText(t, ed)
		}, []string{"Could not save a copy", "Test room", "locked by another program", "edits are kept", "export the encounter file"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := c.show(t)
			for _, w := range c.want {
				if !strings.Contains(got, w) {
					t.Errorf("shown text lacks %q:\n%s", w, got)
				}
			}
			if strings.Contains(got, "tokens[") {
				t.Errorf("shown text uses the program's field path:\n%s", got)
			}
		})
	}
}
