package game

import (
	"fmt"
	"strings"
)

// Rule says which rows of marks win, and which moves are forbidden.
type Rule uint8

// The rules. The zero Rule is Freestyle.
const (
	// Freestyle: a row of Win marks or more wins, for either side.
	Freestyle Rule = iota
	// Exact: a row of exactly Win marks wins, for either side; a longer row wins for
	// nobody, and the game goes on.
	Exact
	// Renju, played with Win 5: the first player (black) wins with exactly five and may
	// not make an overline (six or more), a double four or a double three; the second
	// player wins with five or more. See RenjuForbidden.
	Renju
	// Caro, as the Gomocup manager Piskvork plays it (its rule 8, "caro with
	// overlines"): a row of Win marks or more wins, for either side, except a row of
	// exactly Win whose cells just beyond both ends hold the other side's marks. The
	// board's edge blocks nothing: a row against it with a mark of the other side's at
	// its far end wins.
	Caro
	// ExactCaro is Caro with Exact (Piskvork's rule 9, "standard caro"): a row of
	// exactly Win marks wins unless the other side's marks block both its ends; a
	// longer row wins for nobody.
	ExactCaro
)

// Rules lists the rules in the order of their values.
var Rules = []Rule{Freestyle, Exact, Renju, Caro, ExactCaro}

// ruleNames are the rules' names, as String gives them and ParseRule reads them.
var ruleNames = [...]string{Freestyle: "freestyle", Exact: "exact", Renju: "renju", Caro: "caro", ExactCaro: "exact-caro"}

// String returns the rule's name: "freestyle", "exact", "renju", "caro" or "exact-caro",
// the names ParseRule reads.
func (r Rule) String() string {
	if int(r) < len(ruleNames) {
		return ruleNames[r]
	}
	return fmt.Sprintf("rule(%d)", uint8(r))
}

// ParseRule reads a rule by its name, in any case: "freestyle", "exact", "renju", "caro"
// or "exact-caro".
func ParseRule(s string) (Rule, error) {
	for _, r := range Rules {
		if strings.EqualFold(s, r.String()) {
			return r, nil
		}
	}
	return 0, fmt.Errorf("rule %s is not freestyle, exact, renju, caro or exact-caro", Quote(s))
}

// IsCaro reports whether the rule is one of the caro rules, under which a row of exactly
// Win blocked at both ends by the other side does not win.
func (r Rule) IsCaro() bool { return r == Caro || r == ExactCaro }

// LongLoses reports whether a row longer than Win wins nothing under the rule for the
// first player's marks (first set) or the second's.
func (r Rule) LongLoses(first bool) bool {
	return r == Exact || r == ExactCaro || r == Renju && first
}

// Wins reports whether a row of n marks wins under the rule, where win marks in a row win
// and first says whether the marks are the first player's. Under the caro rules it says
// whether the row wins with a free end: blocked is whether the cells just beyond both of
// its ends hold the other side's marks, which the other rules do not read.
func (r Rule) Wins(n, win int, first, blocked bool) bool {
	switch {
	case n < win, n > win && r.LongLoses(first):
		return false
	}
	return !(r.IsCaro() && blocked && n == win)
}

// renjuLine is one more than how far from a move the renju checks look for the empty
// cells that make its fives and straight fours: a five holding the move lies within four
// cells of it.
const renjuLine = 5

// RenjuForbidden returns why the renju rules forbid black, the first player, to play in
// c: "overline", "double four" or "double three"; or "" when the move is allowed. cells
// is the board of size s in reading order (row*Cols+col), c an empty cell of it. A move
// that makes exactly five is allowed whatever else it makes. Else it is forbidden when it
// makes six or more in a row (an overline), two or more fours (a four: a row that one more
// black stone turns into exactly five; two fours may lie on one line, as in X.XXX.X with
// the middle stone played), or two or more threes (a three: a row that a move of black's,
// itself not forbidden, turns into a straight four, a four that two different cells turn
// into five). RenjuForbidden changes cells while it works and restores them before it
// returns, so cells must not be read by anyone else meanwhile.
func RenjuForbidden(s Size, cells []Mark, black Mark, c Cell) string {
	r := renju{s: s, cells: cells, black: black}
	return r.forbidden(c)
}

// renju holds the board the renju checks read.
type renju struct {
	s     Size
	cells []Mark
	black Mark
}

// at returns the mark in cell (row, col) and true, or false off the board.
func (r *renju) at(row, col int) (Mark, bool) {
	if row < 0 || row >= r.s.Rows || col < 0 || col >= r.s.Cols {
		return Empty, false
	}
	return r.cells[row*r.s.Cols+col], true
}

// runAt returns the length of black's run through (row, col) along d, which must hold a
// black stone.
func (r *renju) runAt(row, col int, d Cell) int {
	n := 1
	for _, sign := range [2]int{-1, 1} {
		for i := 1; ; i++ {
			m, ok := r.at(row+sign*i*d.Row, col+sign*i*d.Col)
			if !ok || m != r.black {
				break
			}
			n++
		}
	}
	return n
}

// forbidden is RenjuForbidden.
func (r *renju) forbidden(c Cell) string {
	i := c.Row*r.s.Cols + c.Col
	r.cells[i] = r.black
	defer func() { r.cells[i] = Empty }()
	over := false
	for _, d := range directions {
		switch n := r.runAt(c.Row, c.Col, d); {
		case n == 5:
			return ""
		case n > 5:
			over = true
		}
	}
	if over {
		return "overline"
	}
	fours := 0
	for _, d := range directions {
		fours += r.fours(c, d)
	}
	if fours >= 2 {
		return "double four"
	}
	// Threes need a recursive check of the move that makes their straight four: first
	// count the lines that could hold one, and check only when there are two.
	var maybe []Cell
	for _, d := range directions {
		if len(r.straightFourMoves(c, d)) > 0 {
			maybe = append(maybe, d)
		}
	}
	if len(maybe) < 2 {
		return ""
	}
	threes := 0
	for _, d := range maybe {
		if r.three(c, d) {
			if threes++; threes >= 2 {
				return "double three"
			}
		}
	}
	return ""
}

// fiveAt reports whether a black stone in e, an empty cell, makes exactly five along d.
func (r *renju) fiveAt(e, d Cell) bool {
	i := e.Row*r.s.Cols + e.Col
	r.cells[i] = r.black
	n := r.runAt(e.Row, e.Col, d)
	r.cells[i] = Empty
	return n == 5
}

// emptyAlong calls visit with each empty cell on c's line along d, within renjuLine-1 of
// c and short of a white stone or the edge, nearest first on each side; with first set,
// only the nearest on each side, the one cell there that can join c's run.
func (r *renju) emptyAlong(c, d Cell, first bool, visit func(e Cell)) {
	for _, sign := range [2]int{-1, 1} {
		for i := 1; i < renjuLine; i++ {
			e := Cell{c.Row + sign*i*d.Row, c.Col + sign*i*d.Col}
			m, ok := r.at(e.Row, e.Col)
			if !ok || m != Empty && m != r.black {
				break
			}
			if m == Empty {
				visit(e)
				if first {
					break
				}
			}
		}
	}
}

// fiveMoves returns the empty cells on c's line along d where a black stone makes exactly
// five along d with c's stone in it: only a cell next to c's run can. c holds a black
// stone.
func (r *renju) fiveMoves(c, d Cell) []Cell {
	var out []Cell
	r.emptyAlong(c, d, true, func(e Cell) {
		if r.fiveAt(e, d) {
			out = append(out, e)
		}
	})
	return out
}

// fours counts the fours that c's stone makes along d: 0, 1 or 2. Two cells that make
// five along d are one four when they are the two ends of the same four stones (a
// straight four, .XXXX.), else two.
func (r *renju) fours(c, d Cell) int {
	five := r.fiveMoves(c, d)
	if len(five) == 2 && distance(five[0], five[1]) == 5 {
		return 1
	}
	return len(five)
}

// distance returns how many steps apart two cells on one line are.
func distance(a, b Cell) int {
	return max(abs(a.Row-b.Row), abs(a.Col-b.Col))
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// straightFourMoves returns the empty cells on c's line along d, within renjuLine-1 of c,
// where a black stone makes a straight four along d holding c's stone: four in a row
// that two cells, one at each end, turn into exactly five.
func (r *renju) straightFourMoves(c, d Cell) []Cell {
	if r.runAt(c.Row, c.Col, d) >= 4 {
		return nil // a four already, or a run no move lengthens into one
	}
	var out []Cell
	r.emptyAlong(c, d, false, func(e Cell) {
		j := e.Row*r.s.Cols + e.Col
		r.cells[j] = r.black
		// c's run, shorter than four before, is four now, so e joined it.
		if r.runAt(c.Row, c.Col, d) == 4 && r.fours(c, d) == 1 && len(r.fiveMoves(c, d)) == 2 {
			out = append(out, e)
		}
		r.cells[j] = Empty
	})
	return out
}

// three reports whether c's stone makes a three along d: whether a move that turns it
// into a straight four is not itself forbidden.
func (r *renju) three(c, d Cell) bool {
	for _, e := range r.straightFourMoves(c, d) {
		if r.forbidden(e) == "" {
			return true
		}
	}
	return false
}
