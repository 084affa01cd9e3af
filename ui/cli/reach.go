package cli

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"slices"
	"strconv"

	"encounterplanner/model"
	"encounterplanner/rules"
)

// runReach answers `reach`: {"token", "mode", "actions", "squares": [{"x",
// "y", "cost", "actions"[, "facings"]}...]} (queries.md "reach"). A
// whole-map reach on a 1000x1000 map is a million squares: the squares are
// written as the search hands them over, a band of rows at a time
// (rules.ReachBands), through one buffer, never held as one list. The bytes
// are writeJSON's (TestReachStreamIsJSON).
func runReach(env Env, args []string) error {
	_, e, q, eng, err := moveCmd(args)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(env.Stdout, 64<<10)
	r := reachWriter{w: w, ship: e.Ruleset == model.Starship}
	r.buf = append(r.buf, `{"token":`...)
	r.buf = appendJSONString(r.buf, e.Tokens[q.Token].Name)
	r.buf = append(r.buf, `,"mode":`...)
	r.buf = appendJSONString(r.buf, q.Mode)
	r.buf = append(r.buf, `,"actions":`...)
	r.buf = strconv.AppendInt(r.buf, int64(q.Actions), 10)
	r.buf = append(r.buf, `,"squares":[`...)
	// Nothing is written before the search has answered: a bad query
	// leaves stdout empty.
	if err := rules.ReachBands(eng, nil, e, q, r.band); err != nil {
		return err
	}
	r.buf = append(r.buf, "]}\n"...)
	if _, err := w.Write(r.buf); err != nil {
		return err
	}
	return w.Flush()
}

// reachWriter writes reach's squares as JSON, a band at a time.
type reachWriter struct {
	w     io.Writer
	buf   []byte
	ship  bool // starship: each square lists its facings
	wrote bool // a square was written: the next needs a comma
}

func (r *reachWriter) band(sq []rules.Square) error {
	if !slices.IsSortedFunc(sq, func(a, b rules.Square) int {
		if a.Y != b.Y {
			return a.Y - b.Y
		}
		return a.X - b.X
	}) {
		sortSquares(sq)
	}
	for _, s := range sq {
		if r.wrote {
			r.buf = append(r.buf, ',')
		}
		r.wrote = true
		r.buf = append(r.buf, `{"x":`...)
		r.buf = strconv.AppendInt(r.buf, int64(s.X), 10)
		r.buf = append(r.buf, `,"y":`...)
		r.buf = strconv.AppendInt(r.buf, int64(s.Y), 10)
		r.buf = append(r.buf, `,"cost":`...)
		r.buf = strconv.AppendInt(r.buf, int64(s.Cost), 10)
		r.buf = append(r.buf, `,"actions":`...)
		r.buf = strconv.AppendInt(r.buf, int64(s.Actions), 10)
		if r.ship && s.Facings != 0 {
			r.buf = append(r.buf, `,"facings":[`...)
			sep := false
			for f := model.N; f <= model.NW; f++ {
				if s.Facings&(1<<f) != 0 {
					if sep {
						r.buf = append(r.buf, ',')
					}
					sep = true
					r.buf = appendJSONString(r.buf, f.String())
				}
			}
			r.buf = append(r.buf, ']')
		}
		r.buf = append(r.buf, '}')
		if len(r.buf) >= 32<<10 {
			if _, err := r.w.Write(r.buf); err != nil {
				return err
			}
			r.buf = r.buf[:0]
		}
	}
	return nil
}

// appendJSONString appends s as a JSON string, escaped as writeJSON
// escapes it (no HTML escaping).
func appendJSONString(dst []byte, s string) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a string always encodes
	return append(dst, escapeTerminalRunes(bytes.TrimSuffix(b.Bytes(), []byte("\n")))...)
}
