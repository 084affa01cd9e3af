package library

import (
	"context"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/ui/internal/memstore"
)

// TestRenameRefusesANameAnotherEncounterHas: Rename took a name another
// encounter already had ("crypt" beside "Crypt"), and then the command
// line's export-encounter Crypt answered "the name matches several
// encounters; use an id". The library's Rename now refuses it, in any
// case, naming the other encounter and offering a free name; the dialog
// comes back as typed. The encounter's own name in other capitals is
// still a rename.
func TestRenameRefusesANameAnotherEncounterHas(t *testing.T) {
	test.NewTempApp(t)
	bay := model.Sample()
	crypt := model.Sample()
	crypt.ID, crypt.Name = "", "Crypt"
	st := memstore.New(bay, crypt)
	w := test.NewTempWindow(t, widget.NewLabel(""))
	w.Resize(fyne.NewSize(1024, 700))
	l := New(w, st, nil)
	for i, it := range l.Items() {
		if it.ID == bay.ID {
			l.Select(i)
		}
	}

	l.RenameSelected()
	en, _, btn := topDialog(t, w)
	en[0].SetText("crypt ")
	test.Tap(btn["Rename"])
	_, _, btn = topDialog(t, w)
	if btn["OK"] == nil {
		t.Fatal("a name another encounter has should be refused")
	}
	got := topText(t, w)
	for _, want := range []string{`already called "Crypt"`, `"crypt (2)"`} {
		if !strings.Contains(got, want) {
			t.Errorf("the refusal says %q, want %q", got, want)
		}
	}
	test.Tap(btn["OK"])
	en, _, btn = topDialog(t, w)
	if len(en) != 1 || en[0].Text != "crypt " || btn["Rename"] == nil {
		t.Fatal("the Rename dialog should come back as typed")
	}
	if _, err := st.Find(context.Background(), "Crypt"); err != nil {
		t.Errorf("the refused rename left Crypt ambiguous: %v", err)
	}

	en[0].SetText(strings.ToUpper(bay.Name))
	test.Tap(btn["Rename"])
	if w.Canvas().Overlays().Top() != nil {
		t.Fatalf("its own name in capitals was refused: %q", topText(t, w))
	}
	if e, _ := st.Load(context.Background(), bay.ID); e.Name != strings.ToUpper(bay.Name) {
		t.Errorf("renamed to %q, want %q", e.Name, strings.ToUpper(bay.Name))
	}
}
