package game

import (
	"fmt"
	"strings"
)

// ANSI colours for Render's highlight of a winning line.
const (
	Green = "\x1b[1;32m"
	Red   = "\x1b[1;31m"
	reset = "\x1b[0m"
)

// Style is how Draw lays out a board: Lines, as the C course projects do, or Compact, one
// line a row, for boards that would not fit a terminal otherwise. The zero Style is Auto.
type Style uint8

// The styles.
const (
	// Auto draws boards of more than CompactAbove rows or columns Compact, others Lines.
	Auto Style = iota
	// Lines puts "|" between cells and a line of "---" between rows.
	Lines
	// Compact draws one line a row, each cell three columns: " . ", " X ", " O ".
	Compact
)

// Styles lists the styles in the order of their names.
var Styles = []Style{Auto, Lines, Compact}

// CompactAbove is the most rows or columns a board may have for Auto to draw it Lines:
// a 10×10 board takes 21 lines that way, a 15×15 one 31, more than a terminal of 24.
const CompactAbove = 10

// String returns "auto", "lines" or "compact", the names ParseStyle reads.
func (s Style) String() string {
	switch s {
	case Auto:
		return "auto"
	case Lines:
		return "lines"
	case Compact:
		return "compact"
	}
	return fmt.Sprintf("Style(%d)", uint8(s))
}

// ParseStyle reads a style by its name, in any case: "auto", "lines" or "compact".
func ParseStyle(s string) (Style, error) {
	for _, st := range Styles {
		if strings.EqualFold(s, st.String()) {
			return st, nil
		}
	}
	return Auto, fmt.Errorf("unknown board style %q: want auto, lines or compact", s)
}

// Render draws the board in the Auto style; see Draw.
func (b *Board) Render(highlight string) string { return b.Draw(Auto, highlight) }

// Draw draws the board in style s, with column numbers above and row numbers to the left,
// so that a player sees what to type. Lines leaves free cells blank, as the C course
// projects do; Compact draws them as ".". When highlight is not empty (an ANSI colour
// such as Green), the marks of a winning line are drawn in it. On boards of more than
// markLast cells, where a new mark is hard to find, the last move is drawn in brackets:
// [X]. Lines carry no trailing blanks.
func (b *Board) Draw(s Style, highlight string) string {
	if s == Auto && (b.size.Rows > CompactAbove || b.size.Cols > CompactAbove) {
		s = Compact
	}
	last, marked := b.Last()
	marked = marked && b.size.Rows*b.size.Cols > markLast
	var win map[Cell]bool
	if o := b.Outcome(); highlight != "" && o.Status == Won {
		win = make(map[Cell]bool, len(o.Line))
		for _, c := range o.Line {
			win[c] = true
		}
	}
	between, blank := "|", " " // what Lines puts between two cells, and in a free one
	if s == Compact {
		between, blank = "", "."
	}
	var sb strings.Builder
	line := func(s string) {
		sb.WriteString(strings.TrimRight(s, " "))
		sb.WriteByte('\n')
	}
	var row strings.Builder
	row.WriteString("   ")
	for c := range b.size.Cols {
		if c > 0 && between != "" {
			row.WriteByte(' ')
		}
		row.WriteString(pad(c + 1))
	}
	line(row.String())
	sep := "   " + strings.Repeat("---|", b.size.Cols-1) + "---"
	for r := range b.size.Rows {
		if r > 0 && s != Compact {
			line(sep)
		}
		row.Reset()
		row.WriteString(pad(r + 1))
		for c := range b.size.Cols {
			if c > 0 {
				row.WriteString(between)
			}
			cell := Cell{r, c}
			mark := blank
			if m := b.At(cell); m != Empty {
				mark = m.String()
			}
			if win[cell] {
				mark = highlight + mark + reset
			}
			if marked && cell == last {
				row.WriteString("[" + mark + "]")
				continue
			}
			row.WriteString(" " + mark + " ")
		}
		line(row.String())
	}
	return sb.String()
}

// markLast is the most cells a board may have for Draw to leave its last move unmarked:
// a 5×5 board.
const markLast = 25

// pad writes n in three columns with its last digit in the middle one: " 1 ", "12 ".
func pad(n int) string {
	if n < 10 {
		return " " + string(rune('0'+n)) + " "
	}
	return string(rune('0'+n/10)) + string(rune('0'+n%10)) + " "
}
