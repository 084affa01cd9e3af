package cli

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestEmptyFlagValueIsRefused: every valued flag of every command refuses
// an empty value, exit 2, naming the flag. --mode "" quietly meant the
// default mode and --paper "" letter (a variable a script left empty is
// a mistake to say, not a choice); the others were refused each in its
// own words, or as a token named "".
func TestEmptyFlagValueIsRefused(t *testing.T) {
	out := filepath.Join(t.TempDir(), "x.pdf")
	for _, c := range []struct {
		base  []string // a command line that works without the flag
		flags []string
		want  string // what the message says after "--FLAG: " ("" for "the value is empty")
	}{
		{[]string{"reach", iseph, "--token", "Iseph"}, []string{"mode"}, "the value is empty; give a movement mode, or leave --mode out for the ruleset's default"},
		{[]string{"export", iseph, "--pdf", out}, []string{"paper"}, "the value is empty; give letter or a4, or leave --paper out for letter"},
		{[]string{"reach", iseph, "--token", "Iseph"}, []string{"token"}, "the value is empty; give a token's name"},
		{[]string{"reach", iseph, "--token", "Iseph"}, []string{"actions", "elevation", "spent-actions", "diagonals", "spent"}, "the value is empty; give a whole number"},
		{[]string{"path", iseph, "--token", "Iseph"}, []string{"to"}, "the value is empty"},
		{[]string{"cover", iseph, "--to", "Tashtari"}, []string{"from"}, "the value is empty; give a token's name"},
		{[]string{"distance", iseph, "--from", "Iseph"}, []string{"to"}, "the value is empty"},
		{[]string{"threat", iseph}, []string{"party-level", "party-size"}, "the value is empty; give a whole number"},
		{[]string{"area", iseph, "--radius", "10"}, []string{"burst"}, "the value is empty; give X,Y (two whole numbers, e.g. 3,4)"},
		{[]string{"area", iseph, "--radius", "10"}, []string{"emanation"}, "the value is empty; give a token's name"},
		{[]string{"area", iseph, "--cone", "Iseph", "--length", "15"}, []string{"dir"}, "the value is empty; give N, NE, E, SE, S, SW, W or NW"},
		{[]string{"area", iseph, "--line", "Iseph", "--length", "30"}, []string{"toward"}, "the value is empty; give X,Y (two whole numbers, e.g. 3,4)"},
		{[]string{"sight", iseph}, []string{"token"}, "the value is empty; give a token's name"},
		{[]string{"fall", iseph, "--token", "Iseph"}, []string{"water-depth"}, "the value is empty; give a whole number"},
		{[]string{"fall", iseph, "--token", "Iseph"}, []string{"onto"}, "the value is empty; give a token's name"},
		{[]string{"forced", iseph, "--token", "Iseph"}, []string{"kind"}, "the value is empty; give push, pull, sweep, shove or drag"},
		{[]string{"teleport", iseph, "--token", "Iseph"}, []string{"range"}, "the value is empty; give a whole number"},
		{[]string{"export", iseph}, []string{"png", "pdf", "uvtt"}, "the output file name is empty"},
		{[]string{"export", iseph, "--png", out}, []string{"px"}, "the value is empty; give a whole number"},
	} {
		for _, name := range c.flags {
			for _, given := range [][]string{{"--" + name, ""}, {"--" + name + "="}, {"--" + name, "--", ""}} {
				bad(t, append(append([]string{}, c.base...), given...), "encounter-planner: --"+name+": "+c.want+"\n")
			}
		}
	}
}

// TestBooleanFlagValue: a boolean flag given a value that is not true or
// false says what it takes, for every command's: "--step takes no value"
// was wrong, as --step=true and --step=false work.
func TestBooleanFlagValue(t *testing.T) {
	for _, c := range []struct {
		base []string
		name string
	}{
		{[]string{"reach", iseph, "--token", "Iseph"}, "step"},
		{[]string{"fall", iseph, "--token", "Iseph"}, "dive"},
		{[]string{"export", iseph, "--png", "x.png"}, "player"},
		{[]string{"export", iseph, "--png", "x.png"}, "no-grid"},
		{[]string{"export", iseph, "--pdf", "x.pdf"}, "token-sheet"},
		{[]string{"export", iseph, "--pdf", "x.pdf"}, "trim"},
		{[]string{"list"}, "json"},
	} {
		for _, v := range []string{"maybe", "", "yes"} {
			want := "encounter-planner: --" + c.name + ": \"" + v + "\" is not true or false (--" + c.name + " alone is true, --" + c.name + "=false false)\n"
			bad(t, append(append([]string{}, c.base...), "--"+c.name+"="+v), want)
		}
	}
	for _, args := range [][]string{
		{"reach", iseph, "--token", "Iseph", "--step=true"},
		{"reach", iseph, "--token", "Iseph", "--step=1"},
		{"reach", iseph, "--token", "Iseph", "--step"},
	} {
		if code, _, errs := runCLI(t, args...); code != 0 || strings.Contains(errs, "true or false") {
			t.Errorf("%v: exit %d, %q", args, code, errs)
		}
	}
}
