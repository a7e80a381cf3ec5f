package game

import (
	"strings"
)

// ANSI colours for Render's highlight of a winning line.
const (
	Green = "\x1b[1;32m"
	Red   = "\x1b[1;31m"
	reset = "\x1b[0m"
)

// Render draws the board as the C course projects do, with "|" between cells and "---"
// between rows, column numbers above and row numbers to the left, so that a player sees
// what to type. Free cells are blank. When highlight is not empty (an ANSI colour such as
// Green), the marks of a winning line are drawn in it. On boards of more than markLast
// cells, where a new mark is hard to find, the last move is drawn in brackets: [X]. Lines
// carry no trailing blanks.
func (b *Board) Render(highlight string) string {
	last, marked := b.Last()
	marked = marked && b.size.Rows*b.size.Cols > markLast
	var win map[Cell]bool
	if o := b.Outcome(); highlight != "" && o.Status == Won {
		win = make(map[Cell]bool, len(o.Line))
		for _, c := range o.Line {
			win[c] = true
		}
	}
	var sb strings.Builder
	line := func(s string) {
		sb.WriteString(strings.TrimRight(s, " "))
		sb.WriteByte('\n')
	}
	var row strings.Builder
	row.WriteString("   ")
	for c := range b.size.Cols {
		if c > 0 {
			row.WriteByte(' ')
		}
		row.WriteString(pad(c + 1))
	}
	line(row.String())
	sep := "   " + strings.Repeat("---|", b.size.Cols-1) + "---"
	for r := range b.size.Rows {
		if r > 0 {
			line(sep)
		}
		row.Reset()
		row.WriteString(pad(r + 1))
		for c := range b.size.Cols {
			if c > 0 {
				row.WriteByte('|')
			}
			cell := Cell{r, c}
			mark := " "
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

// markLast is the most cells a board may have for Render to leave its last move unmarked:
// a 5×5 board.
const markLast = 25

// pad writes n in three columns with its last digit in the middle one: " 1 ", "12 ".
func pad(n int) string {
	if n < 10 {
		return " " + string(rune('0'+n)) + " "
	}
	return string(rune('0'+n/10)) + string(rune('0'+n%10)) + " "
}
