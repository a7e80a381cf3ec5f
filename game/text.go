package game

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Width is the most columns a line the program writes may take, so that everything fits
// a terminal of 80 columns.
const Width = 80

// Columns returns how many terminal columns s takes on one line: one a character, two
// for the wide characters of East Asian scripts (and emoji), none for a combining mark, a
// control character or an ANSI escape sequence such as the colours of Render.
func Columns(s string) int {
	n := 0
	for i := 0; i < len(s); {
		if s[i] == '\x1b' {
			i += escapeLen(s[i:])
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch {
		case unicode.Is(unicode.Mn, r), unicode.Is(unicode.Me, r), unicode.IsControl(r):
		case wide(r):
			n += 2
		default:
			n++
		}
	}
	return n
}

// escapeLen returns the length of the escape sequence that starts s, ESC [ parameters and
// a final byte from @ to ~ (a CSI, as the colours are), or 1 for an ESC that starts none.
func escapeLen(s string) int {
	if len(s) < 2 || s[1] != '[' {
		return 1
	}
	for i := 2; i < len(s); i++ {
		if s[i] >= '@' && s[i] <= '~' {
			return i + 1
		}
	}
	return len(s)
}

// wideRanges are the runes a terminal draws two columns wide: the wide and fullwidth
// characters of Unicode's East Asian Width (Hangul, CJK, kana, fullwidth forms) and the
// pictographs drawn as emoji.
var wideRanges = []struct{ lo, hi rune }{
	{0x1100, 0x115F}, {0x2E80, 0x303E}, {0x3041, 0x33FF}, {0x3400, 0x4DBF},
	{0x4E00, 0x9FFF}, {0xA000, 0xA4CF}, {0xA960, 0xA97F}, {0xAC00, 0xD7A3},
	{0xF900, 0xFAFF}, {0xFE10, 0xFE19}, {0xFE30, 0xFE6F}, {0xFF00, 0xFF60},
	{0xFFE0, 0xFFE6}, {0x1F300, 0x1F64F}, {0x1F900, 0x1F9FF}, {0x20000, 0x2FFFD},
	{0x30000, 0x3FFFD},
}

// wide reports whether r takes two columns.
func wide(r rune) bool {
	for _, w := range wideRanges {
		if r >= w.lo && r <= w.hi {
			return true
		}
	}
	return false
}

// Wrap breaks every line of text wider than width columns (as Columns counts them) at
// spaces, as late as the width allows, and starts each piece after the first with indent.
// It does not break after a digit, so that a cell such as "2 3" or a count such as "3 in
// a row" stays on one line. The spaces at a break are dropped; a line's own leading
// spaces, and runs of spaces within a piece, are kept. A word too wide for the room
// stays whole on a line of its own.
func Wrap(text string, width int, indent string) string {
	lines := strings.Split(text, "\n")
	for i, line := range lines {
		lines[i] = wrapLine(line, width, indent)
	}
	return strings.Join(lines, "\n")
}

// wrapLine is Wrap for one line.
func wrapLine(line string, width int, indent string) string {
	var pieces []string
	for Columns(line) > width {
		cut, next := breakAt(line, width)
		if cut < 0 {
			break
		}
		pieces = append(pieces, line[:cut])
		line = indent + line[next:]
	}
	return strings.Join(append(pieces, line), "\n")
}

// breakAt returns where to break line to fit width: the start and the end of the last
// run of spaces, not after a digit, before which line fits, or of the first such run when
// none does; -1 and -1 when line has no such run past its leading spaces with a word after
// it.
func breakAt(line string, width int) (cut, next int) {
	cut, next = -1, -1
	start := len(line) - len(strings.TrimLeft(line, " "))
	for i := start; i < len(line); i++ {
		if line[i] != ' ' {
			continue
		}
		j := i
		for j < len(line) && line[j] == ' ' {
			j++
		}
		if j == len(line) {
			break // trailing spaces: nothing to move to the next line
		}
		if c := line[i-1]; c >= '0' && c <= '9' {
			i = j - 1
			continue
		}
		fits := Columns(line[:i]) <= width
		if !fits && cut >= 0 {
			break
		}
		cut, next = i, j
		if !fits {
			break
		}
		i = j - 1
	}
	return cut, next
}
