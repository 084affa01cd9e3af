package controls

import "testing"

// TestSentence: a message gets its capital and its full stop, but one
// that ends in a menu item's ellipsis ends there (the PNG refusal read
// "… with File > New from map image….", four dots).
func TestSentence(t *testing.T) {
	for in, want := range map[string]string{
		"":                               "",
		"  the file is empty ":           "The file is empty.",
		"done.":                          "Done.",
		"really?":                        "Really?",
		"stop!":                          "Stop!",
		"see the note (below)":           "See the note (below)",
		"use File > New from map image…": "Use File > New from map image…",
		"étape":                          "Étape.",
	} {
		if got := Sentence(in); got != want {
			t.Errorf("Sentence(%q) = %q, want %q", in, got, want)
		}
	}
}
