package ui

import (
	"context"
	"testing"

	"fyne.io/fyne/v2"

	"encounterplanner/model"
)

// goneWindow is the main window once the window system has shut down, as
// it is when the app stops (Run, after Fyne's loop): any call into it but reading its
// last size panics, as GLFW's "NotInitialized" did.
type goneWindow struct{ fyne.Window }

func (goneWindow) SetTitle(string) { panic("the window system is not initialized") }
func (goneWindow) Show()           { panic("the window system is not initialized") }

// TestStopSavesTheLastEditWithoutTheWindow: an edit still unsaved when the
// session ended (SIGTERM a second after pressing N) was saved, but the
// save then set the window's title, after GLFW had shut down: a panic and
// exit code 2. The last save as the app stops now touches no widget, and
// the edit is in the store.
func TestStopSavesTheLastEditWithoutTheWindow(t *testing.T) {
	e := model.Sample()
	s, w, st, _ := startShell(t, e, Options{InitialEncounterID: "Derelict cargo bay"})
	if s.ed == nil {
		t.Fatal("the editor did not open")
	}
	if err := s.ed.apply("", func(c *model.Encounter) error { c.Name = "Cargo bay at night"; return nil }); err != nil {
		t.Fatal(err)
	}
	if !s.ed.dirty() {
		t.Fatal("the rename should wait for autosave")
	}
	s.win, s.ed.win = goneWindow{w}, goneWindow{w}
	s.stopped()
	got, err := st.Load(context.Background(), e.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Name != "Cargo bay at night" {
		t.Errorf("stored name %q: the last edit was lost", got.Name)
	}
	if s.ed.dirty() {
		t.Errorf("the editor still counts the edit as unsaved")
	}
}
