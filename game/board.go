// Package game holds the rules of the m,n,k-game (tic-tac-toe and its generalisation to
// a rows × cols board where win marks in a row win), the board drawing, the parsing of
// typed moves and the turn loop that plays one game between two Players.
//
// The package never touches os and never prints on its own: everything it writes goes to
// an io.Writer it is handed.
package game

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// MaxSize is the largest number of rows or columns a board may have: 20, the board of
// five-in-a-row tournaments.
const MaxSize = 20

// Mark is what a cell holds: Empty, X or O.
type Mark uint8

// The marks. X and O are the two players; Empty is a free cell.
const (
	Empty Mark = iota
	X
	O
)

// String returns "X", "O" or "." for Empty.
func (m Mark) String() string {
	switch m {
	case X:
		return "X"
	case O:
		return "O"
	}
	return "."
}

// Opponent returns the other player's mark: O for X, X for O, Empty for Empty.
func (m Mark) Opponent() Mark {
	switch m {
	case X:
		return O
	case O:
		return X
	}
	return Empty
}

// Cell is a position on the board, 0-based internally.
type Cell struct {
	Row, Col int
}

// String returns the cell as a user types it: 1-based, row first, as "2 3".
func (c Cell) String() string {
	return fmt.Sprintf("%d %d", c.Row+1, c.Col+1)
}

// Plural counts things for a message: "1 move", "3 moves".
func Plural(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}

// JoinCells lists cells as a person types them, separated by commas: "1 1, 2 3".
func JoinCells(cells []Cell) string {
	s := make([]string, len(cells))
	for i, c := range cells {
		s[i] = c.String()
	}
	return strings.Join(s, ", ")
}

// Size is the shape of a game: Rows × Cols cells, Win marks in a row to win, under Rule
// (the zero Rule, Freestyle, lets a longer row win too).
type Size struct {
	Rows, Cols, Win int
	Rule            Rule
}

// Classic is tic-tac-toe: 3 × 3, three in a row.
var Classic = Size{Rows: 3, Cols: 3, Win: 3}

// Validate reports whether the size is playable: Rows and Cols from 1 to MaxSize,
// Win from 1 to max(Rows, Cols), a known Rule, and Win 5 for Renju.
func (s Size) Validate() error {
	if s.Rows < 1 || s.Rows > MaxSize {
		return fmt.Errorf("rows %d out of range 1..%d", s.Rows, MaxSize)
	}
	if s.Cols < 1 || s.Cols > MaxSize {
		return fmt.Errorf("cols %d out of range 1..%d", s.Cols, MaxSize)
	}
	if m := max(s.Rows, s.Cols); s.Win < 1 || s.Win > m {
		return fmt.Errorf("win %d out of range 1..%d for a %d×%d board", s.Win, m, s.Rows, s.Cols)
	}
	if int(s.Rule) >= len(Rules) {
		return fmt.Errorf("rule %d is not freestyle, exact, renju, caro or exact-caro", s.Rule)
	}
	if s.Rule == Renju && s.Win != 5 {
		return fmt.Errorf("win %d under renju, which is played with 5 in a row", s.Win)
	}
	return nil
}

// String describes the size as "3×3 board, 3 in a row" under Freestyle, "15×15 board,
// exactly 5 in a row" under Exact, "15×15 board, renju" under Renju, "15×15 board, caro:
// 5 in a row" under Caro and "15×15 board, caro: exactly 5 in a row" under ExactCaro.
func (s Size) String() string {
	switch s.Rule {
	case Exact:
		return fmt.Sprintf("%d×%d board, exactly %d in a row", s.Rows, s.Cols, s.Win)
	case Renju:
		return fmt.Sprintf("%d×%d board, renju", s.Rows, s.Cols)
	case Caro:
		return fmt.Sprintf("%d×%d board, caro: %d in a row", s.Rows, s.Cols, s.Win)
	case ExactCaro:
		return fmt.Sprintf("%d×%d board, caro: exactly %d in a row", s.Rows, s.Cols, s.Win)
	}
	return fmt.Sprintf("%d×%d board, %d in a row", s.Rows, s.Cols, s.Win)
}

// Status says whether a game goes on, was won or was drawn.
type Status uint8

// The statuses of a game.
const (
	Playing Status = iota
	Won
	Drawn
)

// Outcome is the state of a game: still playing, won (by Winner, along Line) or drawn.
type Outcome struct {
	Status Status
	Winner Mark   // X or O when Status is Won
	Line   []Cell // the winning line when Status is Won, in order
}

// String returns "X wins", "O wins", "draw" or "playing".
func (o Outcome) String() string {
	switch o.Status {
	case Won:
		return o.Winner.String() + " wins"
	case Drawn:
		return "draw"
	}
	return "playing"
}

// The errors Play returns, to be told apart with errors.Is.
var (
	ErrOutOfRange = errors.New("out of range")
	ErrTaken      = errors.New("taken")
	ErrGameOver   = errors.New("game is over")
	// ErrForbidden is a move the rule forbids: under Renju, an overline, a double four
	// or a double three of the first player's.
	ErrForbidden = errors.New("forbidden")
)

// directions are the four line directions: across, down, and the two diagonals.
var directions = [4]Cell{{0, 1}, {1, 0}, {1, 1}, {1, -1}}

// Board is an m,n,k-game in progress: the cells, whose turn it is and the moves so far,
// which Undo takes back one at a time. The zero Board is not usable; call NewBoard.
type Board struct {
	size  Size
	first Mark
	cells []Mark
	moves []Cell

	status   Status
	winStart Cell // with winDir and winLen, the winning line once status is Won
	winDir   Cell
	winLen   int
}

// NewBoard returns an empty board of the given size on which first moves first.
func NewBoard(s Size, first Mark) (*Board, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	if first != X && first != O {
		return nil, fmt.Errorf("first mark %v is neither X nor O", first)
	}
	return &Board{size: s, first: first, cells: make([]Mark, s.Rows*s.Cols)}, nil
}

// Size returns the board's shape.
func (b *Board) Size() Size { return b.size }

// First returns the mark that moved first.
func (b *Board) First() Mark { return b.first }

// At returns the mark in cell c, which must be on the board.
func (b *Board) At(c Cell) Mark { return b.cells[c.Row*b.size.Cols+c.Col] }

// Contains reports whether c is on the board.
func (b *Board) Contains(c Cell) bool {
	return c.Row >= 0 && c.Row < b.size.Rows && c.Col >= 0 && c.Col < b.size.Cols
}

// Turn returns the mark to move next (the mark that would have moved, once the game is over).
func (b *Board) Turn() Mark {
	if len(b.moves)%2 == 0 {
		return b.first
	}
	return b.first.Opponent()
}

// Moves returns the moves played so far, first to last. The caller must not change it.
func (b *Board) Moves() []Cell { return b.moves }

// Last returns the last move played and true, or false before the first move.
func (b *Board) Last() (Cell, bool) {
	if len(b.moves) == 0 {
		return Cell{}, false
	}
	return b.moves[len(b.moves)-1], true
}

// Empty returns the free cells in reading order.
func (b *Board) Empty() []Cell {
	out := make([]Cell, 0, len(b.cells)-len(b.moves))
	for i, m := range b.cells {
		if m == Empty {
			out = append(out, Cell{i / b.size.Cols, i % b.size.Cols})
		}
	}
	return out
}

// Over reports whether the game has ended in a win or a draw.
func (b *Board) Over() bool { return b.status != Playing }

// Outcome returns the state of the game, with the winning line once it is won.
func (b *Board) Outcome() Outcome {
	o := Outcome{Status: b.status}
	if b.status == Won {
		o.Winner = b.At(b.winStart)
		for i := range b.winLen {
			o.Line = append(o.Line, Cell{b.winStart.Row + i*b.winDir.Row, b.winStart.Col + i*b.winDir.Col})
		}
	}
	return o
}

// Play puts the mark whose turn it is in cell c. It fails, leaving the board as it was,
// when c is off the board, c is taken, the rule forbids the move (an error wrapping
// ErrForbidden, such as "forbidden for X: double three") or the game is over. Under
// Renju the game is drawn, as when the board is full, once the first player has no move
// left that is not forbidden.
func (b *Board) Play(c Cell) error {
	if b.status != Playing {
		return fmt.Errorf("cannot play %v: %w", c, ErrGameOver)
	}
	if !b.Contains(c) {
		return fmt.Errorf("cell %v is %w 1..%d, 1..%d", c, ErrOutOfRange, b.size.Rows, b.size.Cols)
	}
	if m := b.At(c); m != Empty {
		return fmt.Errorf("cell %v is %w by %v", c, ErrTaken, m)
	}
	m := b.Turn()
	if reason, bad := b.Forbidden(c); bad {
		return &ForbiddenError{Cell: c, Mark: m, Reason: reason}
	}
	b.put(c)
	switch {
	case b.wins(c, m):
		b.status = Won
	case len(b.moves) == len(b.cells) || b.stuck():
		b.status = Drawn
	}
	return nil
}

// ForbiddenError is Play's error for a move the rule forbids: "cell 8 8 is forbidden
// for X: double three". It wraps ErrForbidden.
type ForbiddenError struct {
	Cell   Cell   // the cell played
	Mark   Mark   // the side that played it
	Reason string // why the rule forbids it: "overline", "double four" or "double three"
}

// Error returns "cell ROW COL is forbidden for MARK: REASON".
func (e *ForbiddenError) Error() string {
	return fmt.Sprintf("cell %v is %v for %v: %s", e.Cell, ErrForbidden, e.Mark, e.Reason)
}

// Unwrap returns ErrForbidden.
func (e *ForbiddenError) Unwrap() error { return ErrForbidden }

// Forbidden reports whether the rule forbids the side to move to play in c, an empty cell
// on the board, and why: "overline", "double four" or "double three". Only Renju forbids
// moves, and only the first player's (see RenjuForbidden).
func (b *Board) Forbidden(c Cell) (reason string, forbidden bool) {
	if b.size.Rule != Renju || b.Turn() != b.first || !b.Contains(c) || b.At(c) != Empty {
		return "", false
	}
	reason = RenjuForbidden(b.size, b.cells, b.first, c)
	return reason, reason != ""
}

// LegalMoves returns the free cells where the side to move may play, in reading order:
// every free cell but those the rule forbids; none once the game is over.
func (b *Board) LegalMoves() []Cell {
	if b.status != Playing {
		return nil
	}
	out := b.Empty()
	if b.size.Rule == Renju && b.Turn() == b.first {
		out = slices.DeleteFunc(out, func(c Cell) bool { return RenjuForbidden(b.size, b.cells, b.first, c) != "" })
	}
	return out
}

// stuck reports whether, under Renju, the first player is to move and every free cell is
// forbidden to it.
func (b *Board) stuck() bool {
	if b.size.Rule != Renju || b.Turn() != b.first {
		return false
	}
	for i, m := range b.cells {
		if m == Empty && RenjuForbidden(b.size, b.cells, b.first, Cell{i / b.size.Cols, i % b.size.Cols}) == "" {
			return false
		}
	}
	return true
}

// wins reports whether mark m in cell c completes a winning line under the rule, looking
// only at the lines through c, and records the whole run of m's along it as the winning
// line.
func (b *Board) wins(c Cell, m Mark) bool {
	for _, d := range directions {
		back := b.run(c, Cell{-d.Row, -d.Col}, m)
		fwd := b.run(c, d, m)
		n := back + 1 + fwd
		blocked := b.holds(Cell{c.Row - (back+1)*d.Row, c.Col - (back+1)*d.Col}, m.Opponent()) &&
			b.holds(Cell{c.Row + (fwd+1)*d.Row, c.Col + (fwd+1)*d.Col}, m.Opponent())
		if b.size.Rule.Wins(n, b.size.Win, m == b.first, blocked) {
			b.winStart = Cell{c.Row - back*d.Row, c.Col - back*d.Col}
			b.winDir = d
			b.winLen = n
			return true
		}
	}
	return false
}

// holds reports whether c is on the board and holds m.
func (b *Board) holds(c Cell, m Mark) bool { return b.Contains(c) && b.At(c) == m }

// longest returns the longest row of the mark in c that runs through c.
func (b *Board) longest(c Cell) int {
	m, n := b.At(c), 0
	for _, d := range directions {
		n = max(n, b.run(c, Cell{-d.Row, -d.Col}, m)+1+b.run(c, d, m))
	}
	return n
}

// run counts the marks m next to c in direction d, not counting c.
func (b *Board) run(c Cell, d Cell, m Mark) int {
	n := 0
	for {
		c = Cell{c.Row + d.Row, c.Col + d.Col}
		if !b.Contains(c) || b.At(c) != m {
			return n
		}
		n++
	}
}

// Undo takes back the last move and returns it; it returns false when there is none.
func (b *Board) Undo() (Cell, bool) {
	c, ok := b.Last()
	if !ok {
		return Cell{}, false
	}
	b.moves = b.moves[:len(b.moves)-1]
	b.cells[c.Row*b.size.Cols+c.Col] = Empty
	b.status = Playing // a finished game took no more moves, so before its last it went on
	return c, true
}

// Clone returns an independent copy of the board.
func (b *Board) Clone() *Board {
	c := *b
	c.cells = append([]Mark(nil), b.cells...)
	c.moves = append([]Cell(nil), b.moves...)
	return &c
}

// String returns the board on one line, rows separated by "|", as "XO.|.X.|..O".
func (b *Board) String() string {
	var sb strings.Builder
	for r := range b.size.Rows {
		if r > 0 {
			sb.WriteByte('|')
		}
		for c := range b.size.Cols {
			sb.WriteString(b.At(Cell{r, c}).String())
		}
	}
	return sb.String()
}

// ParseBoard builds a board from its one-line form (see Board.String) where win marks in a
// row win and first moved first. The marks are taken as moves in reading order, first's
// alternating with the other's, so first must have as many marks as the other or one
// more; at most one side may have a line, and only the side that moved last. It is meant
// for tests and tables: Undo on such a board takes the moves back in that reading order.
func ParseBoard(s string, win int, first Mark) (*Board, error) {
	rows := strings.Split(s, "|")
	b, err := NewBoard(Size{Rows: len(rows), Cols: len(rows[0]), Win: win}, first)
	if err != nil {
		return nil, fmt.Errorf("board %q: %w", s, err)
	}
	var byMark [3][]Cell
	for r, row := range rows {
		if len(row) != b.size.Cols {
			return nil, fmt.Errorf("board %q: row %d has %d cells, want %d", s, r+1, len(row), b.size.Cols)
		}
		for c, ch := range []byte(row) {
			switch ch {
			case '.':
			case 'X':
				byMark[X] = append(byMark[X], Cell{r, c})
			case 'O':
				byMark[O] = append(byMark[O], Cell{r, c})
			default:
				return nil, fmt.Errorf("board %q: %q is not X, O or '.'", s, ch)
			}
		}
	}
	b, err = Setup(b.size, first, byMark[first], byMark[first.Opponent()])
	if err != nil {
		return nil, fmt.Errorf("board %q: %w", s, err)
	}
	return b, nil
}

// Setup builds a board of size s from the cells of each side: first moved first and holds
// the cells a, the other side holds o. The cells are taken as moves in the order given,
// a's alternating with o's, so a must have as many cells as o or one more; every cell must
// be on the board and given once, and at most one side may have a line, only the side that
// moved last. Undo on such a board takes the moves back in that order. The rule's
// forbidden moves are not checked: a position is taken as it is given.
func Setup(s Size, first Mark, a, o []Cell) (*Board, error) {
	b, err := NewBoard(s, first)
	if err != nil {
		return nil, err
	}
	if len(a) != len(o) && len(a) != len(o)+1 {
		return nil, fmt.Errorf("%d marks of %v, who moved first, against %d", len(a), first, len(o))
	}
	moves := make([]Cell, 0, len(a)+len(o))
	for i := range a {
		moves = append(moves, a[i])
		if i < len(o) {
			moves = append(moves, o[i])
		}
	}
	for _, c := range moves {
		if !b.Contains(c) {
			return nil, fmt.Errorf("cell %v is %w 1..%d, 1..%d", c, ErrOutOfRange, s.Rows, s.Cols)
		}
		if b.At(c) != Empty {
			return nil, fmt.Errorf("cell %v is given twice", c)
		}
		b.put(c)
	}
	mover := b.Turn().Opponent() // the side that moved last
	var line [3]*Cell            // a cell on a line of each mark, if it has one
	for c := range len(b.cells) {
		cell := Cell{c / b.size.Cols, c % b.size.Cols}
		if m := b.At(cell); m != Empty && line[m] == nil && b.wins(cell, m) {
			line[m] = &cell
		}
	}
	switch {
	case line[mover.Opponent()] != nil:
		return nil, fmt.Errorf("%v has a line but %v moved last: %w", mover.Opponent(), mover, ErrGameOver)
	case line[mover] != nil:
		b.wins(*line[mover], mover) // record the mover's line as the winning one
		b.status = Won
	case len(b.moves) == len(b.cells) || b.stuck():
		b.status = Drawn
	}
	return b, nil
}

// put places the mark to move in c without checking the rules or the outcome.
func (b *Board) put(c Cell) {
	b.cells[c.Row*b.size.Cols+c.Col] = b.Turn()
	b.moves = append(b.moves, c)
}
