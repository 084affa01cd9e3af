package controls

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// TestEscapesBelongToTheirWindow: each window keeps its own dialogs that
// Escape cancels (they lived in one map for the whole app): Escape in the
// other window cancels nothing, in this one it cancels by the dialog's
// cancel path and forgets it.
func TestEscapesBelongToTheirWindow(t *testing.T) {
	test.NewTempApp(t)
	w1 := test.NewTempWindow(t, widget.NewLabel("one"))
	w2 := test.NewTempWindow(t, widget.NewLabel("two"))
	w1.Resize(fyne.NewSize(400, 300))
	e1, e2 := NewEscapes(w1), NewEscapes(w2)
	cancelled := false
	d := dialog.NewConfirm("Delete?", "Really?", func(ok bool) { cancelled = !ok }, w1)
	d.Show()
	e1.Closes(d)
	if e1.Open() != 1 || e2.Open() != 0 {
		t.Fatalf("registered: window 1 %d, window 2 %d; want 1, 0", e1.Open(), e2.Open())
	}
	if e2.Top() {
		t.Errorf("Escape in window 2 cancelled window 1's dialog")
	}
	if !e1.Top() || !cancelled || w1.Canvas().Overlays().Top() != nil {
		t.Errorf("Escape in window 1: cancelled %v, dialog still up %v", cancelled, w1.Canvas().Overlays().Top() != nil)
	}
	if e1.Open() != 0 {
		t.Errorf("a closed dialog is still registered")
	}
	if e1.Top() {
		t.Errorf("Escape with no dialog reported a cancel")
	}
	// Escape typed in an entry of the dialog
	en := e1.Entry()
	d2 := dialog.NewForm("Name", "OK", "Cancel", []*widget.FormItem{widget.NewFormItem("Name", en)}, func(ok bool) { cancelled = !ok }, w1)
	cancelled = false
	d2.Show()
	e1.Closes(d2)
	en.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if !cancelled || w1.Canvas().Overlays().Top() != nil {
		t.Errorf("Escape in the entry: cancelled %v", cancelled)
	}
}

// TestWithExtension: a file name typed without the format's extension in
// a save dialog gets it ("map" was written as "map", not "map.png"; "St.
// Mary" as "St. Mary"); a name with it keeps it.
func TestWithExtension(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"/tmp/map", "/tmp/map.png"},
		{"/tmp/map.png", "/tmp/map.png"},
		{"/tmp/map.PNG", "/tmp/map.PNG"},
		{"/tmp/a.dir/map", "/tmp/a.dir/map.png"},
		{"/tmp/Ambush at St. Mary", "/tmp/Ambush at St. Mary.png"},
		{"/tmp/map v1.2", "/tmp/map v1.2.png"},
		{"/tmp/map.jpg", "/tmp/map.jpg.png"},
	} {
		if got := WithExtension(c.in, []string{".png"}); got != c.want {
			t.Errorf("WithExtension(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	// a compound extension, whole: the encounter file's
	enc := []string{".encounter.json", ".json"}
	for _, c := range []struct{ in, want string }{
		{"/tmp/o", "/tmp/o.encounter.json"},
		{"/tmp/room.json", "/tmp/room.json"},
		{"/tmp/room.encounter.json", "/tmp/room.encounter.json"},
		{"/tmp/room.ENCOUNTER.JSON", "/tmp/room.ENCOUNTER.JSON"},
		{"/tmp/room.encounter", "/tmp/room.encounter.json"},
		{"/tmp/St. Mary", "/tmp/St. Mary.encounter.json"},
	} {
		if got := WithExtension(c.in, enc); got != c.want {
			t.Errorf("WithExtension(%q, %q) = %q, want %q", c.in, enc, got, c.want)
		}
	}
	if got := WithExtension("/tmp/map", nil); got != "/tmp/map" {
		t.Errorf("no extensions: %q", got)
	}
}
