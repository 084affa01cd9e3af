package model

import "testing"

// TestDamageExtentNamesThePages: how much of a file is damaged, in the
// words the start screen and the command line use.
func TestDamageExtentNamesThePages(t *testing.T) {
	for _, c := range []struct {
		d    DamageError
		want string
	}{
		{DamageError{Pages: []int{3}, PageCount: 17}, "1 of its 17 pages (page 3)"},
		{DamageError{Pages: []int{3, 9}}, "2 pages (pages 3, 9)"},
		{DamageError{Pages: []int{1, 2, 3, 4, 5, 6, 7}, PageCount: 90}, "7 of its 90 pages (pages 1, 2, 3, 4, 5 and 2 more)"},
		{DamageError{}, ""},
	} {
		if got := c.d.Extent(); got != c.want {
			t.Errorf("%v: %q, want %q", c.d.Pages, got, c.want)
		}
	}
}
