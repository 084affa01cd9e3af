package model

import (
	"fmt"
	"strings"
	"unicode"
)

// text.go: what the text a GM reads (names, sides, conditions, labels,
// notes) may hold. The app shows it in lists, on the map and in exports;
// a control character there garbles it (a right-to-left override reverses
// the text after it: a token list read "(0 ,2) · lartuen · link"; a
// newline breaks a one-line row), and a name of nothing but invisible
// characters shows as a blank line nobody can pick. The reader, the store
// and every edit in the app refuse both, through Validate.

// bidiControls are the Unicode bidirectional formatting characters
// (Unicode Standard Annex #9): they reorder the text around them, which in
// a list or on the map shows a name reversed or moves its neighbours.
var bidiControls = map[rune]string{
	'\u061C': "Arabic letter mark",
	'\u200E': "left-to-right mark",
	'\u200F': "right-to-left mark",
	'\u202A': "left-to-right embedding",
	'\u202B': "right-to-left embedding",
	'\u202C': "pop directional formatting",
	'\u202D': "left-to-right override",
	'\u202E': "right-to-left override",
	'\u2066': "left-to-right isolate",
	'\u2067': "right-to-left isolate",
	'\u2068': "first strong isolate",
	'\u2069': "pop directional isolate",
}

// controlNames names the C0 and C1 control characters a GM may meet; the
// others are called by their code alone.
var controlNames = map[rune]string{
	0x00: "null", 0x07: "bell", 0x08: "backspace", 0x09: "tab", 0x0A: "newline",
	0x0B: "vertical tab", 0x0C: "form feed", 0x0D: "carriage return", 0x1B: "escape",
	0x7F: "delete", 0x85: "next line",
}

// garbles reports whether r is a character no text field holds: a C0 or
// C1 control character (newline and tab aside where multiLine) or a
// bidirectional formatting character.
func garbles(r rune, multiLine bool) bool {
	if multiLine && (r == '\n' || r == '\t') {
		return false
	}
	if unicode.IsControl(r) {
		return true
	}
	_, bidi := bidiControls[r]
	return bidi
}

// textProblem is what is wrong with s as the text of a field a GM reads,
// "" when nothing is: the first character in it that garbles text (see
// garbles), named by its code and, where it has one, its name:
// "contains U+202E (right-to-left override), a control character that
// would garble the text". Only multi-line text (a token's notes, a map
// note) may hold newlines and tabs. O(len(s)).
func textProblem(s string, multiLine bool) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 0x20 && c < 0x7F {
			continue // printable ASCII, nearly every character of a file
		}
		for _, r := range s[i:] {
			if garbles(r, multiLine) {
				return "contains " + runeName(r) + ", a control character that would garble the text"
			}
		}
		break
	}
	return ""
}

// runeName is "U+202E (right-to-left override)", or "U+0002" for a
// character without a name here.
func runeName(r rune) string {
	name, ok := bidiControls[r]
	if !ok {
		name, ok = controlNames[r]
	}
	if !ok {
		return fmt.Sprintf("U+%04X", r)
	}
	return fmt.Sprintf("U+%04X (%s)", r, name)
}

// nameProblem is what is wrong with s, a one-line text given (a name, a
// side, a condition, a label), "" when nothing is: a character that
// garbles text (textProblem), or nothing to read: "is blank" when every
// character is whitespace or invisible (blank). An empty s is the caller's
// to word ("is required", or "" where the field is optional).
func nameProblem(s string) string {
	if msg := textProblem(s, false); msg != "" {
		return msg
	}
	if blank(s) {
		return "is blank"
	}
	return ""
}

// blank reports whether s shows nothing: every character in it (if any) is
// whitespace (a space, U+00A0, U+3000...) or invisible (zero-width space
// U+200B, joiners U+200C and U+200D, word joiner U+2060, byte order mark
// U+FEFF, soft hyphen U+00AD, Hangul fillers, variation selectors: the
// Unicode default-ignorable characters). Within a name such characters are
// fine (U+200D joins an emoji, U+200C a Persian word); a name of nothing
// else is blank.
func blank(s string) bool {
	return strings.TrimFunc(s, invisible) == ""
}

// invisible reports whether r is whitespace or a default-ignorable code
// point (Unicode's DerivedCoreProperties: Other_Default_Ignorable_Code_Point,
// format characters and variation selectors, less the prepended
// concatenation marks, which show).
func invisible(r rune) bool {
	if r < 0x80 {
		return r == ' ' || r >= '\t' && r <= '\r'
	}
	if unicode.IsSpace(r) {
		return true
	}
	return unicode.In(r, unicode.Cf, unicode.Variation_Selector, unicode.Other_Default_Ignorable_Code_Point) &&
		!unicode.Is(unicode.Prepended_Concatenation_Mark, r)
}

// MendText mends the text of an encounter a database stored before
// Validate refused characters that garble it (textProblem, nameProblem):
// such an encounter opened, but every edit and save of it was refused, and
// with two such names no single edit could mend it. Each field that needs
// it is mended, and said, one message each naming the field and what it
// held (quoted, so the message itself shows no such character):
//   - a bidirectional formatting character is taken out, any other control
//     character becomes a space (in a token's notes and a map note a
//     carriage return becomes a newline), and the ends are trimmed;
//   - what shows nothing after that: a token is named "Token N" (N its
//     place in the list), the encounter "Unnamed encounter", the party's
//     side "party"; a token's side becomes none (neutral), a condition or
//     an area's label goes;
//   - a token's new name is made unique (" (2)", " (3)"...), and the fight
//     and the areas that named the token name it so.
//
// Nothing else changes; the next save stores the mended text. O(size of
// the text).
func MendText(e *Encounter) []string {
	var out []string
	said := func(field, was, now string) {
		if now == "" {
			out = append(out, fmt.Sprintf("%s %q showed nothing readable and was left out", field, was))
			return
		}
		out = append(out, fmt.Sprintf("%s %q held characters that garble text; it is now %q", field, was, now))
	}
	if nameProblem(e.Name) != "" {
		was := e.Name
		e.Name = ReadableName(e.Name)
		said("name", was, e.Name)
	}
	taken := make(map[string]bool, len(e.Tokens))
	for _, t := range e.Tokens {
		taken[t.Name] = true
	}
	for i := range e.Tokens {
		t := &e.Tokens[i]
		at := fmt.Sprintf("tokens[%d]", i)
		if t.Name != "" && nameProblem(t.Name) != "" {
			was := t.Name
			name := mendLine(t.Name)
			if name == "" {
				name = fmt.Sprintf("Token %d", i+1)
			}
			if r := []rune(name); len(r) > MaxName-8 && taken[name] {
				name = strings.TrimSpace(string(r[:MaxName-8])) // room for " (2)"
			}
			for n, base := 2, name; taken[name]; n++ {
				name = fmt.Sprintf("%s (%d)", base, n)
			}
			taken[name] = true
			t.Name = name
			renameToken(e, was, name)
			said(at+".name", was, name)
		}
		if t.Side != "" && nameProblem(t.Side) != "" {
			was := t.Side
			t.Side = mendLine(t.Side)
			said(at+".side", was, t.Side)
		}
		kept := t.Conditions[:0]
		seen := map[string]bool{}
		for _, c := range t.Conditions {
			if nameProblem(c) != "" {
				was := c
				c = mendLine(c)
				said(at+".conditions", was, c)
			}
			if c != "" && !seen[c] {
				seen[c] = true
				kept = append(kept, c)
			}
		}
		if len(kept) == 0 {
			kept = nil
		}
		t.Conditions = kept
		if textProblem(t.Notes, true) != "" {
			was := t.Notes
			t.Notes = mendText(LineBreaks(t.Notes))
			said(at+".notes", was, t.Notes)
		}
	}
	for i := range e.Notes {
		if n := &e.Notes[i]; textProblem(n.Text, true) != "" {
			was := n.Text
			n.Text = mendText(LineBreaks(n.Text))
			said(fmt.Sprintf("notes[%d].text", i), was, n.Text)
		}
	}
	for i := range e.Areas {
		if a := &e.Areas[i]; a.Label != "" && nameProblem(a.Label) != "" {
			was := a.Label
			a.Label = mendLine(a.Label)
			said(fmt.Sprintf("areas[%d].label", i), was, a.Label)
		}
	}
	if p := e.Party; p != nil && p.Side != "" && nameProblem(p.Side) != "" {
		was := p.Side
		if p.Side = mendLine(p.Side); p.Side == "" {
			p.Side = "party"
		}
		said("party.side", was, p.Side)
	}
	return out
}

// ReadableName is an encounter's name as a list shows it: as stored, or,
// where an older version stored one that garbles text, as MendText mends
// it (the library lists names the store reads without loading the
// encounter).
func ReadableName(s string) string {
	if nameProblem(s) == "" {
		return s
	}
	if s = mendLine(s); s == "" {
		return "Unnamed encounter"
	}
	return s
}

// mendLine is s, one line of text, without what garbles it: bidirectional
// formatting characters taken out, other control characters made spaces,
// the ends trimmed; "" when nothing readable is left.
func mendLine(s string) string {
	s = strings.Map(func(r rune) rune {
		if _, bidi := bidiControls[r]; bidi {
			return -1
		}
		if unicode.IsControl(r) {
			return ' '
		}
		return r
	}, s)
	if blank(s) {
		return ""
	}
	return strings.TrimSpace(s)
}

// LineBreaks is s with Windows' and old Mac line breaks ("\r\n", "\r") made
// newlines: text pasted from another system into a note, whose carriage
// returns Validate refuses.
func LineBreaks(s string) string {
	if !strings.Contains(s, "\r") {
		return s
	}
	return strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
}

// mendText is s, text of several lines, mended as mendLine does but
// keeping newlines and tabs (its carriage returns made newlines first:
// LineBreaks).
func mendText(s string) string {
	s = strings.Map(func(r rune) rune {
		if _, bidi := bidiControls[r]; bidi {
			return -1
		}
		switch {
		case r == '\n' || r == '\t':
			return r
		case unicode.IsControl(r):
			return ' '
		}
		return r
	}, s)
	return strings.TrimSpace(s)
}

// renameToken names the token once called was now in the fight and the
// areas that name it.
func renameToken(e *Encounter, was, now string) {
	if f := e.Fight; f != nil {
		for i, n := range f.Order {
			if n == was {
				f.Order[i] = now
			}
		}
		if f.Turn == was {
			f.Turn = now
		}
		if st, ok := f.State[was]; ok {
			delete(f.State, was)
			f.State[now] = st
		}
	}
	for i := range e.Areas {
		if e.Areas[i].Token == was {
			e.Areas[i].Token = now
		}
	}
}

// AndList joins words as a sentence does: "a", "a and b", "a, b and c"
// ("" for none). The messages that list what a file or a change holds
// read so.
func AndList(w []string) string {
	if len(w) <= 1 {
		return strings.Join(w, "")
	}
	return strings.Join(w[:len(w)-1], ", ") + " and " + w[len(w)-1]
}
