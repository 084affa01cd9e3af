package ui

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"

	"encounterplanner/model"
)

// helpSectionNamed is the help's section titled title.
func helpSectionNamed(t *testing.T, title string) helpSection {
	t.Helper()
	for _, s := range helpSections {
		if s.Title == title {
			return s
		}
	}
	t.Fatalf("the help has no section %q", title)
	return helpSection{}
}

// TestHelpIsInSections: the help was one list of 27 bullets, from the
// brush to the fight to the files, hard to scan. It now has a heading a
// topic, every section with something under it, and the whole text keeps
// what the single list said.
func TestHelpIsInSections(t *testing.T) {
	want := []string{"Map painting", "Tokens", "Zoom and pan", "Movement and overlays", "Table play: fights",
		"Fog and player display", "Files, import and export", "Keyboard shortcuts", "How the rules are read"}
	var got []string
	for _, s := range helpSections {
		got = append(got, s.Title)
		if len(s.Entries) == 0 {
			t.Errorf("section %q is empty", s.Title)
		}
		if !strings.Contains(helpText, "## "+s.Title+"\n") {
			t.Errorf("the help text has no heading %q", s.Title)
		}
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("sections %q, want %q", got, want)
	}
	// a few entries from each part of the old list, whole
	for _, w := range []string{
		"- **B** brush, **[** and **]** change its size (1 to 5)",
		"- **N** next turn in a fight: Encounter > Start fight…",
		"- **G** fog of war: brush to reveal, **Shift** to hide;",
		"- **Ctrl+Q** quit (saves first; so does closing the window)",
		"The status bar always says what is under the pointer:",
		"- **Flanking**: two allies flank a foe",
		"Badges on cover lines: L lesser",
	} {
		if !strings.Contains(helpText, w) {
			t.Errorf("the help lost %q", w)
		}
	}
}

// TestHelpShortcutsAreTheEditorsKeys: the Keyboard shortcuts section
// names every key the editor's handlers and menus bind, in the words the
// rest of the help uses, and the keys it names do what it says.
func TestHelpShortcutsAreTheEditorsKeys(t *testing.T) {
	keys := strings.Join(helpSectionNamed(t, "Keyboard shortcuts").Entries, "\n")
	var want []string
	for _, tl := range tools {
		want = append(want, "**"+strings.ToUpper(string(tl.key))+"**")
	}
	for _, p := range palette {
		if p.key < '1' || p.key > '8' { // 1-9 are named as a range
			want = append(want, "**"+strings.ToUpper(string(p.key))+"**")
		}
	}
	for _, sc := range editorShortcuts {
		want = append(want, "**"+shortcutWords(sc)+"**")
	}
	want = append(want, "**M**", "**[**", "**]**", "**+**", "**=**", "**-**", "**N**", "**A**",
		"**Delete**", "**Backspace**", "**Esc**", "**Home**", "**F11**", "**PageUp**", "**PageDown**",
		"**Shift+PageUp**", "**Ctrl+Q**", "**Ctrl+F**", "**Alt**", "**F10**")
	for _, w := range want {
		if !strings.Contains(keys, w) {
			t.Errorf("Keyboard shortcuts does not name %s", w)
		}
	}

	// the keys do what the section says
	ed, _, p := newTestEditor(t, model.Sample())
	settle(t, ed, p)
	c := ed.win.Canvas()
	z := ed.view.Zoom()
	c.OnTypedRune()('=')
	if ed.view.Zoom() <= z {
		t.Errorf("= did not zoom in (%.2f, then %.2f)", z, ed.view.Zoom())
	}
	c.OnTypedRune()('m')
	if !ed.gest.ruler.On {
		t.Errorf("M did not start the ruler")
	}
	c.OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if ed.gest.ruler.On {
		t.Errorf("Esc did not clear the ruler")
	}
	n := len(ed.enc.Tokens)
	ed.Select(0)
	c.OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyBackspace})
	if len(ed.enc.Tokens) != n-1 {
		t.Errorf("Backspace left %d tokens of %d", len(ed.enc.Tokens), n)
	}
}

// shortcutWords is sc as the help writes it: "Ctrl+Shift+Z".
func shortcutWords(sc fyne.Shortcut) string {
	switch sc.(type) {
	case *fyne.ShortcutUndo:
		return "Ctrl+Z"
	case *fyne.ShortcutRedo:
		return "Ctrl+Y"
	}
	cs := sc.(*desktop.CustomShortcut)
	s := ""
	if cs.Modifier&fyne.KeyModifierShortcutDefault != 0 {
		s += "Ctrl+"
	}
	if cs.Modifier&fyne.KeyModifierShift != 0 {
		s += "Shift+"
	}
	return s + string(cs.KeyName)
}

// TestHelpSearch: typing in the help's search field keeps the entries
// that have every word, under their headings; a heading's words keep its
// whole section; nothing matching says so; Escape empties the field and
// shows everything.
func TestHelpSearch(t *testing.T) {
	test.NewTempApp(t)
	h := newHelpView()
	w := test.NewTempWindow(t, h.content)
	w.Resize(fyne.NewSize(820, 680))
	if len(h.shown) != len(helpSections) {
		t.Fatalf("%d sections shown at first, want all %d", len(h.shown), len(helpSections))
	}
	test.Type(h.search, "FOG shift")
	var titles []string
	for _, s := range h.shown {
		titles = append(titles, s.Title)
		for _, e := range s.Entries {
			if l := strings.ToLower(e); !strings.Contains(l, "fog") || !strings.Contains(l, "shift") {
				t.Errorf("%q shown for \"FOG shift\": %q", s.Title, e)
			}
		}
	}
	if fmt.Sprint(titles) != "[Fog and player display]" || len(h.body.Objects) != 1 {
		t.Errorf("\"FOG shift\" shows %q in %d texts", titles, len(h.body.Objects))
	}
	if h.topics.Length() != len(h.shown) {
		t.Errorf("the headings list has %d, %d sections shown", h.topics.Length(), len(h.shown))
	}

	h.search.SetText("table play")
	if len(h.shown) != 1 || len(h.shown[0].Entries) != len(helpSectionNamed(t, "Table play: fights").Entries) {
		t.Errorf("\"table play\" shows %+v, want the whole section", h.shown)
	}

	h.search.SetText("zzqq")
	if len(h.shown) != 0 || !h.nothing.Visible() || !strings.Contains(h.nothing.Text, "zzqq") {
		t.Errorf("no match: %d sections, note shown %v (%q)", len(h.shown), h.nothing.Visible(), h.nothing.Text)
	}
	h.search.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if h.search.Text != "" || len(h.shown) != len(helpSections) || h.nothing.Visible() {
		t.Errorf("after Escape: search %q, %d sections of %d, note shown %v", h.search.Text, len(h.shown), len(helpSections), h.nothing.Visible())
	}
}

// TestHelpHeadingsJump: a click on a heading at the left scrolls the help
// to that section.
func TestHelpHeadingsJump(t *testing.T) {
	test.NewTempApp(t)
	h := newHelpView()
	w := test.NewTempWindow(t, h.content)
	w.Resize(fyne.NewSize(820, 680))
	last := len(h.shown) - 1
	h.topics.Select(last)
	got, want := h.scroll.Offset.Y, h.body.Objects[last].Position().Y
	if want <= 0 || got != min(want, h.scroll.Content.Size().Height-h.scroll.Size().Height) {
		t.Errorf("%q: scrolled to %.0f, its heading is at %.0f", h.shown[last].Title, got, want)
	}
}

// helpWindows are the app's open windows titled as the help is.
func helpWindows() []fyne.Window {
	var ws []fyne.Window
	for _, w := range fyne.CurrentApp().Driver().AllWindows() {
		if w.Title() == "Encounter Planner — help" {
			ws = append(ws, w)
		}
	}
	return ws
}

// TestHelpOpensOnce: each Help > Shortcuts and rules opened another help
// window on top of the last, so a GM looking something up twice had two
// (three, ...) copies to close. Help now brings the open one forward, and
// opens a new one only once it is closed.
func TestHelpOpensOnce(t *testing.T) {
	test.NewTempApp(t)
	w := test.NewTempWindow(t, nil)
	showHelp(w)
	showHelp(w)
	hs := helpWindows()
	if len(hs) != 1 {
		t.Fatalf("Help twice: %d help windows, want 1", len(hs))
	}
	hs[0].Close()
	showHelp(w)
	if got := helpWindows(); len(got) != 1 || got[0] == hs[0] {
		t.Fatalf("Help after closing it: %d help windows (the closed one again: %v), want 1 new", len(got), len(got) == 1 && got[0] == hs[0])
	}
	for _, h := range helpWindows() {
		h.Close()
	}
}

// TestEscapeClosesTheHelp: Escape in the help only emptied its search
// field, so the help window, opened from the keyboard, closed only with
// a click on its close button. Escape empties a search typed, then
// closes the help; with nothing focused (a click on the text) it closes
// it at once.
func TestEscapeClosesTheHelp(t *testing.T) {
	test.NewTempApp(t)
	w := test.NewTempWindow(t, nil)
	showHelp(w)
	h := helpWin.h
	test.Type(h.search, "fog")
	h.search.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if h.search.Text != "" || len(helpWindows()) != 1 {
		t.Fatalf("Escape over \"fog\": search %q, %d help windows; want it emptied, the help open", h.search.Text, len(helpWindows()))
	}
	h.search.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if n := len(helpWindows()); n != 0 {
		t.Errorf("Escape in the empty search: %d help windows, want it closed", n)
	}

	for _, x := range helpWindows() {
		x.Close()
	}
	showHelp(w)
	hw := helpWindows()[0]
	hw.Canvas().Unfocus()
	if f := hw.Canvas().OnTypedKey(); f != nil {
		f(&fyne.KeyEvent{Name: fyne.KeyEscape})
	}
	if n := len(helpWindows()); n != 0 {
		t.Errorf("Escape with nothing focused: %d help windows, want it closed", n)
	}
	for _, x := range helpWindows() {
		x.Close()
	}
}
