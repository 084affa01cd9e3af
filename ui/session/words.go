package session

import (
	"fmt"
	"sort"
	"strings"

	"encounterplanner/model"
	"encounterplanner/rules"
)

// Plural is "1 square" or "n squares".
func Plural(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}

// DescribePath words a path for the status bar, e.g.
// "path 25 ft · 1 action · 1 hazard · provokes Tashtari"; mode is the
// movement mode it was found for, which says what its terrain costs.
func DescribePath(e *model.Encounter, sel int, mode string, p *rules.Path, threat map[int][]rules.Point) string {
	if !p.Reachable {
		return "no path there"
	}
	d := rules.Describe(e.Ruleset)
	parts := []string{fmt.Sprintf("path %d %s", p.Cost, d.Unit)}
	switch d.PathActions {
	case rules.ShipTurns:
		// a ship has one move: what the GM needs is where it turns and
		// which way it ends up facing
		parts = append(parts, shipTurns(e.Tokens[sel].Facing, p.Steps)...)
	case rules.MoveActions:
		parts = append(parts, pf1eActions(e, p))
	default:
		parts = append(parts, Plural(max(p.Actions, 1), "action", "actions"))
	}
	var haz, narrow, uneven, diff, greater int
	provokes := map[int]bool{}
	t := e.Tokens[sel]
	k := e.Space(&t)
	px, py := t.X, t.Y
	for _, s := range p.Steps {
		if s.Flags&rules.FlagHazardous != 0 {
			haz++
		}
		if s.Flags&rules.FlagNarrow != 0 {
			narrow++
		}
		if s.Flags&rules.FlagUneven != 0 {
			uneven++
		}
		switch d.PaidTerrain(&t, mode, s.Flags) {
		case 2:
			greater++
		case 1:
			diff++
		}
		if s.Flags&rules.FlagReaction != 0 {
			for j, pts := range threat {
				if spaceTouches(pts, px, py, k) {
					provokes[j] = true
				}
			}
		}
		if s.Turn == rules.NoTurn {
			px, py = s.X, s.Y
		}
	}
	if diff > 0 {
		parts = append(parts, Plural(diff, "difficult", "difficult"))
	}
	if greater > 0 {
		parts = append(parts, Plural(greater, "greater difficult", "greater difficult"))
	}
	if haz > 0 {
		parts = append(parts, Plural(haz, "hazard", "hazards"))
	}
	if narrow > 0 {
		parts = append(parts, Plural(narrow, "narrow", "narrow"))
	}
	if uneven > 0 {
		parts = append(parts, Plural(uneven, "uneven", "uneven"))
	}
	parts = append(parts, endHeight(e, &t, p)...)
	if len(provokes) > 0 {
		var names []string
		for j := range provokes {
			names = append(names, e.Tokens[j].Name)
		}
		sort.Strings(names)
		parts = append(parts, "provokes "+strings.Join(names, ", "))
	} else {
		for _, s := range p.Steps {
			if s.Flags&rules.FlagReaction != 0 {
				parts = append(parts, "provokes reactions")
				break
			}
		}
	}
	return strings.Join(parts, " · ")
}

// keepPaidTerrainMarks leaves, on a path's steps as the map draws them,
// the terrain flags of what token sel pays for in mode (rules'
// PaidTerrain, which the words count too): none where it pays nothing (a
// flyer, a burrower or a token that ignores difficult terrain on
// difficult terrain), difficult where greater difficult is paid as
// difficult. The warning marks on the drawn path then agree with the
// words; the command line's path still lists what every step entered.
func keepPaidTerrainMarks(e *model.Encounter, sel int, mode string, steps []rules.Step) {
	if sel < 0 || sel >= len(e.Tokens) {
		return
	}
	d := rules.Describe(e.Ruleset)
	terrain := rules.FlagDifficult | rules.FlagGreaterDifficult
	for i := range steps {
		f := steps[i].Flags
		if f&terrain == 0 {
			continue
		}
		paid := [...]rules.Flag{0, rules.FlagDifficult, rules.FlagGreaterDifficult}[d.PaidTerrain(&e.Tokens[sel], mode, f)]
		steps[i].Flags = f&^terrain | paid
	}
}

// shipTurns words a ship's turns, in order, and the facing it ends with:
// "turns NE, E · ends facing E", or "ends facing N" for a straight move.
func shipTurns(start model.Facing, steps []rules.Step) []string {
	var turns []string
	end := start
	for _, s := range steps {
		if s.Turn != rules.NoTurn {
			end = model.Facing(s.Turn)
			turns = append(turns, end.String())
		}
	}
	var out []string
	switch len(turns) {
	case 0:
	case 1:
		out = append(out, "turns "+turns[0])
	default:
		out = append(out, "turns "+strings.Join(turns, ", "))
	}
	return append(out, "ends facing "+end.String())
}

// pf1eActions names a pf1e path's actions as the book does: a move action,
// a double move, or the full-round action that moves 5 feet (minimum
// movement: one step that costs one square yet needs both actions).
func pf1eActions(e *model.Encounter, p *rules.Path) string {
	one := 5
	if f := e.FeetPerSquare; f != 0 && f != 5 {
		one = 1 // costs count squares
	}
	switch {
	case p.Actions >= 2 && len(p.Steps) == 1 && p.Cost == one:
		return "full-round minimum move"
	case p.Actions >= 2:
		return "double move"
	}
	return "move action"
}

func spaceTouches(pts []rules.Point, x, y, k int) bool {
	for _, p := range pts {
		if p.X >= x && p.X < x+k && p.Y >= y && p.Y < y+k {
			return true
		}
	}
	return false
}

// Answers words the answers for the selection sel under the overlay
// settings set, from the worker's answer r (nil: none yet): why a ruleset
// has no cover or flanking, the cover from and to the selected token, the
// forced-movement summary and who is flanked, in the ruleset's words. An
// answer for another token list is stale and gives "".
func Answers(e *model.Encounter, sel int, set Settings, r *Result) string {
	if r == nil || r.NTok != len(e.Tokens) {
		return ""
	}
	n := len(e.Tokens)
	var b strings.Builder
	d := rules.Describe(e.Ruleset)
	if (sel < 0 || sel >= n) && n > 0 && (set.Reach || set.Path || set.Cover) {
		// the switches act on the selected token: with none, they seemed
		// to do nothing; where the ruleset has no cover (starship,
		// points) they promised cover too, and a ship "moves" by flying
		switch {
		case d.Cover:
			b.WriteString("Click a token to see where it can move, its path and its cover.\n")
		case d.Facing:
			b.WriteString("Click a ship to see where it can fly and its path.\n")
		default:
			b.WriteString("Click a token to see where it can move and its path.\n")
		}
	}
	if note := d.NoCombatNote; note != "" && sel >= 0 && sel < n {
		// the Cover and Flanking switches are greyed out: say why, where
		// their answers would be
		b.WriteString(note + "\n")
	}
	if sel >= 0 && sel < n && r.Sel == sel && set.Cover {
		if len(r.Cover) > 0 {
			fmt.Fprintf(&b, "Cover from %s:\n", e.Tokens[sel].Name)
			for _, c := range r.Cover {
				if c.To < n {
					fmt.Fprintf(&b, "  %s: %s\n", e.Tokens[c.To].Name, d.Words.Cover(c.Cover))
				}
			}
		}
		if len(r.CoverBack) > 0 {
			fmt.Fprintf(&b, "Cover %s has from:\n", e.Tokens[sel].Name)
			for _, c := range r.CoverBack {
				if c.From < n {
					fmt.Fprintf(&b, "  %s: %s\n", e.Tokens[c.From].Name, d.Words.Cover(c.Cover))
				}
			}
		}
		if r.CoverLeft > 0 && len(r.Cover) > 0 {
			// only the nearest are answered (CoverTargets): say so, so a
			// missing far enemy is not read as "no line to it"
			fmt.Fprintf(&b, "  (the %d nearest; %s farther away not shown)\n", len(r.Cover), Plural(r.CoverLeft, "creature", "creatures"))
		}
	}
	if sel >= 0 && sel < n && r.Sel == sel && set.Reach && set.Mode == rules.ModeForced && set.ForcedKind != "" && len(r.Errs) == 0 {
		s := set
		by := s.ForcedSource
		if j := e.TokenIndex(by); j >= 0 {
			by = e.Tokens[j].Name
		}
		fmt.Fprintf(&b, "%s %s by %s, up to %s: %s it can end in, %s (marked ×).\n",
			strings.ToUpper(s.ForcedKind[:1])+s.ForcedKind[1:], e.Tokens[sel].Name, by, Plural(s.ForcedDist, "square", "squares"),
			Plural(len(r.Reach), "square", "squares"), Plural(len(r.Collide), "collision", "collisions"))
	}
	if set.Flank && len(r.Flanks) > 0 {
		b.WriteString(d.Words.FlankedList + "\n")
		for _, f := range r.Flanks {
			if f.Target < n && f.By[0] < n && f.By[1] < n {
				fmt.Fprintf(&b, "  %s by %s and %s\n", e.Tokens[f.Target].Name, e.Tokens[f.By[0]].Name, e.Tokens[f.By[1]].Name)
			}
		}
	}
	return strings.TrimRight(b.String(), "\n")
}
