package model

import "encoding/json"

// scanner walks JSON text once, checking it as json.Valid does. On the first
// syntax error it sets bad and stops; the caller then asks encoding/json to
// word the error, so messages stay those of the standard library.
type scanner struct {
	data  []byte
	pos   int
	depth int
	bad   bool
	// lone is 1 + the offset of the first \u escape that is half of a
	// UTF-16 surrogate pair without its other half (0: none met), which
	// encoding/json would quietly turn into U+FFFD.
	lone int
}

// maxDepth is encoding/json's nesting limit.
const maxDepth = 10000

func (s *scanner) fail() {
	s.bad = true
	s.pos = len(s.data)
}

// next skips white space and returns the next byte, 0 at the end.
func (s *scanner) next() byte {
	for s.pos < len(s.data) {
		switch c := s.data[s.pos]; c {
		case ' ', '\t', '\n', '\r':
			s.pos++
		default:
			return c
		}
	}
	return 0
}

// kind names the JSON type of the value starting with c as encoding/json's
// UnmarshalTypeError does: "string", "number", "bool", "array", "object";
// "" for null or not a value.
func kind(c byte) string {
	switch {
	case c == '"':
		return "string"
	case c == '{':
		return "object"
	case c == '[':
		return "array"
	case c == 't' || c == 'f':
		return "bool"
	case c == '-' || c >= '0' && c <= '9':
		return "number"
	}
	return ""
}

// object reads an object, calling member with each key when the scanner
// stands at the key's value; member must read that value.
func (s *scanner) object(member func(key string)) {
	if !s.enter('{') {
		return
	}
	if s.next() == '}' {
		s.pos++
		s.depth--
		return
	}
	for !s.bad {
		if s.next() != '"' {
			s.fail()
			return
		}
		key := s.str()
		if s.next() != ':' {
			s.fail()
			return
		}
		s.pos++
		s.next()
		member(key)
		switch s.next() {
		case ',':
			s.pos++
		case '}':
			s.pos++
			s.depth--
			return
		default:
			s.fail()
		}
	}
}

// array reads an array, calling element for each element when the scanner
// stands at it; element must read it.
func (s *scanner) array(element func(i int)) {
	if !s.enter('[') {
		return
	}
	if s.next() == ']' {
		s.pos++
		s.depth--
		return
	}
	for i := 0; !s.bad; i++ {
		s.next()
		element(i)
		switch s.next() {
		case ',':
			s.pos++
		case ']':
			s.pos++
			s.depth--
			return
		default:
			s.fail()
		}
	}
}

func (s *scanner) enter(open byte) bool {
	if s.next() != open {
		s.fail()
		return false
	}
	s.pos++
	s.depth++
	if s.depth > maxDepth {
		s.fail()
		return false
	}
	return true
}

// skip reads any one value.
func (s *scanner) skip() {
	switch s.next() {
	case '{':
		s.object(func(string) { s.skip() })
	case '[':
		s.array(func(int) { s.skip() })
	case '"':
		s.str()
	case 't':
		s.literal("true")
	case 'f':
		s.literal("false")
	case 'n':
		s.literal("null")
	default:
		s.number()
	}
}

// null reads a null if one comes next.
func (s *scanner) null() bool {
	if s.next() != 'n' {
		return false
	}
	s.literal("null")
	return !s.bad
}

func (s *scanner) literal(lit string) {
	if len(s.data)-s.pos < len(lit) || string(s.data[s.pos:s.pos+len(lit)]) != lit {
		s.fail()
		return
	}
	s.pos += len(lit)
}

// number reads a number and returns it as written.
func (s *scanner) number() []byte {
	d, start := s.data, s.pos
	i := start
	digits := func() bool {
		j := i
		for i < len(d) && d[i] >= '0' && d[i] <= '9' {
			i++
		}
		return i > j
	}
	if i < len(d) && d[i] == '-' {
		i++
	}
	switch {
	case i < len(d) && d[i] == '0':
		i++
	case !digits():
		s.fail()
		return nil
	}
	if i < len(d) && d[i] == '.' {
		i++
		if !digits() {
			s.fail()
			return nil
		}
	}
	if i < len(d) && (d[i] == 'e' || d[i] == 'E') {
		i++
		if i < len(d) && (d[i] == '+' || d[i] == '-') {
			i++
		}
		if !digits() {
			s.fail()
			return nil
		}
	}
	s.pos = i
	return d[start:i]
}

// str reads a string. The file is valid UTF-8 (the reader checked), so a
// string without escapes is its bytes; one with escapes is unquoted by
// encoding/json, which turns a lone surrogate into U+FFFD: str notes the
// first such escape in lone, for the reader to refuse.
func (s *scanner) str() string {
	d, start := s.data, s.pos
	if start >= len(d) || d[start] != '"' {
		s.fail()
		return ""
	}
	escaped := false
	for i := start + 1; i < len(d); i++ {
		switch c := d[i]; {
		case c == '"':
			s.pos = i + 1
			if !escaped {
				return string(d[start+1 : i])
			}
			var out string
			if json.Unmarshal(d[start:i+1], &out) != nil {
				s.fail()
			}
			return out
		case c == '\\':
			escaped = true
			esc := i
			i++
			if i >= len(d) {
				s.fail()
				return ""
			}
			switch d[i] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			case 'u':
				r, ok := hex4(d[i+1:])
				if !ok {
					s.fail()
					return ""
				}
				i += 4
				if r < 0xD800 || r >= 0xE000 {
					break
				}
				// A high half followed by a low half is one character.
				if r < 0xDC00 && len(d) > i+6 && d[i+1] == '\\' && d[i+2] == 'u' {
					if r2, ok := hex4(d[i+3:]); ok && r2 >= 0xDC00 && r2 < 0xE000 {
						i += 6
						break
					}
				}
				if s.lone == 0 {
					s.lone = esc + 1
				}
			default:
				s.fail()
				return ""
			}
		case c < 0x20:
			s.fail()
			return ""
		}
	}
	s.fail()
	return ""
}

// hex4 reads the four hex digits a \u escape starts with.
func hex4(b []byte) (int, bool) {
	if len(b) < 4 {
		return 0, false
	}
	v := 0
	for _, c := range b[:4] {
		switch {
		case c >= '0' && c <= '9':
			v = v<<4 | int(c-'0')
		case c >= 'a' && c <= 'f':
			v = v<<4 | int(c-'a'+10)
		case c >= 'A' && c <= 'F':
			v = v<<4 | int(c-'A'+10)
		default:
			return 0, false
		}
	}
	return v, true
}
