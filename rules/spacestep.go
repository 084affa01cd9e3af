package rules

import "encounterplanner/model"

// The squares a step of a k x k space enters and passes between, for the
// starship and points engines (which test them with squareSum rectangles;
// the sf2e and pf1e engines walk their classified squares, mover.try).

// enteredStrips gives the newly entered squares of a step of a k x k space to
// (nx, ny) in direction (dx, dy): a column strip and/or a row strip
// (inclusive bounds); two is false for an orthogonal step (one strip).
func enteredStrips(nx, ny, k, dx, dy int) (r1, r2 [4]int, two bool) {
	col := nx
	if dx > 0 {
		col = nx + k - 1
	}
	row := ny
	if dy > 0 {
		row = ny + k - 1
	}
	switch {
	case dx != 0 && dy != 0:
		return [4]int{col, ny, col, ny + k - 1}, [4]int{nx, row, nx + k - 1, row}, true
	case dx != 0:
		return [4]int{col, ny, col, ny + k - 1}, r2, false
	}
	return [4]int{nx, row, nx + k - 1, row}, r2, false
}

// passedBetween gives the two squares a diagonal step of a k x k space from
// (x, y) by (dx, dy) passes between (rules-conventions.md, "Every ruleset").
func passedBetween(x, y, k, dx, dy int) (ax, ay, bx, by int) {
	oldCol, newCol := x+k-1, x-1
	if dx > 0 {
		oldCol, newCol = x, x+k
	}
	oldRow, newRow := y+k-1, y-1
	if dy > 0 {
		oldRow, newRow = y, y+k
	}
	return oldCol, newRow, newCol, oldRow
}

// enteredFlags lists the terrain flags of the squares a step of a k x k
// space to (nx, ny) in direction (dx, dy) newly enters (difficult terrain
// only when flagDifficult), and how many of them are hazardous, narrow or
// uneven. O(k).
func enteredFlags(g *model.Grid, nx, ny, k, dx, dy int, flagDifficult bool) (Flag, int32) {
	r1, r2, two := enteredStrips(nx, ny, k, dx, dy)
	var fl Flag
	var n int32
	visit := func(r [4]int, skipX, skipY int) {
		for yy := r[1]; yy <= r[3]; yy++ {
			for xx := r[0]; xx <= r[2]; xx++ {
				if xx == skipX && yy == skipY {
					continue
				}
				t := g.At(xx, yy)
				if flagDifficult && t.Any(model.Difficult|model.ShallowWater) {
					fl |= FlagDifficult
				}
				if t.Any(model.GreaterDifficult) {
					fl |= FlagGreaterDifficult
				}
				if t.Any(model.Hazardous) {
					fl |= FlagHazardous
				}
				if t.Any(model.Narrow) {
					fl |= FlagNarrow
				}
				if t.Any(model.Uneven) {
					fl |= FlagUneven
				}
				if t.Any(model.Hazardous | model.Narrow | model.Uneven) {
					n++
				}
			}
		}
	}
	visit(r1, -1<<30, 0)
	if two {
		visit(r2, r1[0], r2[1]) // the corner square is in both strips: count it once
	}
	return fl, n
}
