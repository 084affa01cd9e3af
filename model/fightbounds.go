package model

import (
	"fmt"
	"sort"
)

// MaxRound bounds a fight's round: more than any fight lasts (a million
// rounds of six seconds is 69 days), and far enough from the largest int
// that the next round never wraps round to a negative one, which no save
// would then take.
const MaxRound = 1000000

// MaxTurnDiagonals bounds the diagonals a turn has counted, as the
// command line's --diagonals is bounded: only the count's parity changes
// what a diagonal costs, and a count this far from the largest int never
// wraps to a negative one when a move adds its diagonals (rules.Spend
// keeps it within the bound).
const MaxTurnDiagonals = 1 << 30

// MendFight brings a fight stored before MaxRound and MaxTurnDiagonals
// (a file could then give any round or count) within them, so that the
// encounter still opens and every edit and save is not refused: the round
// to MaxRound, a turn's diagonals to the largest count within the bound
// of the same parity (what the next diagonal costs is unchanged). It
// returns a sentence for each change, as MendText does.
func MendFight(e *Encounter) []string {
	f := e.Fight
	if f == nil {
		return nil
	}
	var out []string
	if f.Round > MaxRound {
		out = append(out, fmt.Sprintf("fight.round %d was past the last round, %d, and is now %d", f.Round, MaxRound, MaxRound))
		f.Round = MaxRound
	}
	names := make([]string, 0, len(f.State))
	for n := range f.State {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		st := f.State[n]
		if st.Diagonals <= MaxTurnDiagonals {
			continue
		}
		was := st.Diagonals
		st.Diagonals = MaxTurnDiagonals - (was-MaxTurnDiagonals)%2
		f.State[n] = st
		out = append(out, fmt.Sprintf("fight.state[%q].diagonals %d was past %d and is now %d (odd or even as before)", n, was, MaxTurnDiagonals, st.Diagonals))
	}
	return out
}
