// Package uuidfmt checks the textual form of a UUID without a dependency,
// since model/ imports the standard library only.
package uuidfmt

// Valid reports whether s is a UUID in its canonical 8-4-4-4-12 hex form.
func Valid(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i := 0; i < 36; i++ {
		c := s[i]
		switch i {
		case 8, 13, 18, 23:
			if c != '-' {
				return false
			}
		default:
			if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
				return false
			}
		}
	}
	return true
}

// New returns a random (version 4) UUID.
func New(read func([]byte) (int, error)) string {
	var b [16]byte
	if _, err := read(b[:]); err != nil {
		panic("uuidfmt: no randomness: " + err.Error())
	}
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	const hex = "0123456789abcdef"
	out := make([]byte, 0, 36)
	for i, c := range b {
		if i == 4 || i == 6 || i == 8 || i == 10 {
			out = append(out, '-')
		}
		out = append(out, hex[c>>4], hex[c&15])
	}
	return string(out)
}
