package library

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/ui/internal/memstore"
)

// TestRenameDialogKeepsWhatWasTyped: a name the library refuses (blank,
// or past 200 characters) closed the Rename dialog behind the error, and
// the name typed was gone; the dialog now comes back as typed, the cursor
// in the name, as the New encounter and the editor's Rename dialogs do.
// The refusals say what to type, not "rename: name: must be 1 to 200
// characters, not 250" (the file format's field).
func TestRenameDialogKeepsWhatWasTyped(t *testing.T) {
	long := strings.Repeat("Ω", model.MaxName+50)
	for _, c := range []struct {
		name, typed, says string
	}{
		{"Blank", "   ", "type a name for the encounter"},
		{"TooLong", long, "the name is 250 characters; at most 200 fit"},
	} {
		t.Run(c.name, func(t *testing.T) {
			test.NewTempApp(t)
			st := memstore.New(model.Sample())
			w := test.NewTempWindow(t, widget.NewLabel(""))
			w.Resize(fyne.NewSize(1024, 700))
			l := New(w, st, nil)
			l.Select(0)
			was := l.Items()[0].Name

			l.RenameSelected()
			en, _, btn := topDialog(t, w)
			en[0].SetText(c.typed)
			test.Tap(btn["Rename"])
			_, _, btn = topDialog(t, w)
			if btn["OK"] == nil {
				t.Fatal("the refused name should show an error")
			}
			if got := topText(t, w); !strings.Contains(strings.ToLower(got), c.says) {
				t.Errorf("the error says %q, want %q", got, c.says)
			}
			test.Tap(btn["OK"])
			en, _, btn = topDialog(t, w)
			if len(en) != 1 || btn["Rename"] == nil {
				t.Fatal("the Rename dialog should come back after the error")
			}
			if en[0].Text != c.typed {
				t.Errorf("the dialog came back with %q, want what was typed", en[0].Text)
			}
			if got := focusedText(w); got != c.typed {
				t.Errorf("the cursor should be in the name: focused %q", got)
			}
			if n := l.Items()[0].Name; n != was {
				t.Errorf("a refused rename renamed it to %q", n)
			}
			en[0].SetText("Crypt of the Ω")
			test.Tap(btn["Rename"])
			if top := w.Canvas().Overlays().Top(); top != nil {
				t.Fatalf("the corrected name left a dialog open: %q", topText(t, w))
			}
			if n := l.Items()[0].Name; n != "Crypt of the Ω" {
				t.Errorf("renamed to %q, want Crypt of the Ω", n)
			}
		})
	}
}
