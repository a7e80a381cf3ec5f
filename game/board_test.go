package game_test

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"tictactoe/game"
	"tictactoe/game/internal/gametest"
)

// mustBoard parses a board in its one-line form (see game.ParseBoard) or stops the test.
func mustBoard(t testing.TB, s string, win int, first game.Mark) *game.Board {
	t.Helper()
	b, err := game.ParseBoard(s, win, first)
	if err != nil {
		t.Fatalf("ParseBoard(%q, %d, %v): %v", s, win, first, err)
	}
	return b
}

// interleave returns the moves of a game in which first played firsts and the other seconds.
func interleave(firsts, seconds []game.Cell) []game.Cell {
	var moves []game.Cell
	for i, c := range firsts {
		moves = append(moves, c)
		if i < len(seconds) {
			moves = append(moves, seconds[i])
		}
	}
	return moves
}

// row and col list the cells of a horizontal or vertical run of n cells from (r, c), 0-based.
func row(r, c, n int) []game.Cell {
	var out []game.Cell
	for i := range n {
		out = append(out, game.Cell{Row: r, Col: c + i})
	}
	return out
}

func col(r, c, n int) []game.Cell {
	var out []game.Cell
	for i := range n {
		out = append(out, game.Cell{Row: r + i, Col: c})
	}
	return out
}

// diag lists n cells from (r, c) going down, to the right when dc is 1, to the left when -1.
func diag(r, c, dc, n int) []game.Cell {
	var out []game.Cell
	for i := range n {
		out = append(out, game.Cell{Row: r + i, Col: c + dc*i})
	}
	return out
}

// knownBug settles a check that a bug in the code under test, reported but not fixed here,
// makes fail: failure is what went wrong ("" when the check passed) and bug describes the
// bug ("" when none is known). A known bug skips the test so that the suite stays usable
// until it is fixed; once the check passes, the mark has to go, and the test says so.
func knownBug(t *testing.T, bug, failure string) {
	t.Helper()
	switch {
	case failure != "" && bug != "":
		t.Skipf("KNOWN BUG (reported, not fixed): %s\n%s", bug, failure)
	case failure != "":
		t.Error(failure)
	case bug != "":
		t.Errorf("the check passes now: remove the known-bug mark %q", bug)
	}
}

// checkConsistent checks what must hold of any board however it was reached: the moves are
// distinct cells on the board holding the marks of first and the other alternately, every
// other cell is empty, and the outcome agrees with the marks (a winning line of the
// winner's marks through the last move, as long as it runs; a full board otherwise drawn)
// and with what ParseBoard makes of the board's one-line form.
func checkConsistent(t testing.TB, b *game.Board) {
	t.Helper()
	s := b.Size()
	moves := b.Moves()
	marks := 0
	for r := range s.Rows {
		for c := range s.Cols {
			if b.At(game.Cell{Row: r, Col: c}) != game.Empty {
				marks++
			}
		}
	}
	if marks != len(moves) {
		t.Fatalf("%d marks on the board but %d moves %v:\n%s", marks, len(moves), moves, b.Render(""))
	}
	seen := map[game.Cell]bool{}
	for i, c := range moves {
		want := b.First()
		if i%2 == 1 {
			want = want.Opponent()
		}
		if !b.Contains(c) || seen[c] || b.At(c) != want {
			t.Fatalf("move %d (%v) of %v: want a new cell holding %v:\n%s", i+1, c, moves, want, b.Render(""))
		}
		seen[c] = true
	}
	if want := b.First(); len(moves)%2 == 1 {
		if b.Turn() != want.Opponent() {
			t.Fatalf("after %d moves, %v first: Turn() = %v:\n%s", len(moves), want, b.Turn(), b.Render(""))
		}
	} else if b.Turn() != want {
		t.Fatalf("after %d moves, %v first: Turn() = %v:\n%s", len(moves), want, b.Turn(), b.Render(""))
	}
	o := b.Outcome()
	if b.Over() != (o.Status != game.Playing) {
		t.Fatalf("Over() = %v but outcome %v:\n%s", b.Over(), o, b.Render(""))
	}
	// The one-line form, read back, must come to the same outcome.
	if p, err := game.ParseBoard(b.String(), s.Win, b.First()); err != nil || p.Outcome().String() != o.String() {
		t.Fatalf("outcome %v, but ParseBoard(%q) gives %v, %v", o, b.String(), p, err)
	}
	switch o.Status {
	case game.Won:
		checkLine(t, b, o)
	case game.Drawn:
		if len(moves) != s.Rows*s.Cols || o.Line != nil {
			t.Fatalf("drawn with %d of %d cells taken, line %v:\n%s", len(moves), s.Rows*s.Cols, o.Line, b.Render(""))
		}
	case game.Playing:
		if len(moves) == s.Rows*s.Cols || o.Line != nil {
			t.Fatalf("still playing with %d of %d cells taken, line %v:\n%s", len(moves), s.Rows*s.Cols, o.Line, b.Render(""))
		}
	}
}

// checkLine checks the winning line of a won board: at least Win cells in a row, in order,
// all holding the winner's mark, the last move among them, and no more of the winner's
// marks at either end.
func checkLine(t testing.TB, b *game.Board, o game.Outcome) {
	t.Helper()
	fail := func(why string) {
		t.Helper()
		t.Fatalf("%v along %v: %s:\n%s", o, o.Line, why, b.Render(""))
	}
	last, _ := b.Last()
	if o.Winner != b.At(last) {
		fail("the winner did not make the last move " + last.String())
	}
	if len(o.Line) < b.Size().Win || len(o.Line) < 1 {
		fail("line too short")
	}
	d := game.Cell{}
	if len(o.Line) > 1 {
		d = game.Cell{Row: o.Line[1].Row - o.Line[0].Row, Col: o.Line[1].Col - o.Line[0].Col}
		if !slices.Contains([]game.Cell{{Row: 0, Col: 1}, {Row: 1, Col: 0}, {Row: 1, Col: 1}, {Row: 1, Col: -1}}, d) {
			fail("not a line going right or down")
		}
	}
	for i, c := range o.Line {
		if want := (game.Cell{Row: o.Line[0].Row + i*d.Row, Col: o.Line[0].Col + i*d.Col}); c != want {
			fail("cells not in a row")
		}
		if b.At(c) != o.Winner {
			fail("cell " + c.String() + " does not hold the winner's mark")
		}
	}
	if !slices.Contains(o.Line, last) {
		fail("the last move " + last.String() + " is not on the line")
	}
	if d != (game.Cell{}) {
		before := game.Cell{Row: o.Line[0].Row - d.Row, Col: o.Line[0].Col - d.Col}
		after := game.Cell{Row: o.Line[len(o.Line)-1].Row + d.Row, Col: o.Line[len(o.Line)-1].Col + d.Col}
		for _, c := range []game.Cell{before, after} {
			if b.Contains(c) && b.At(c) == o.Winner {
				fail("the run goes on to " + c.String())
			}
		}
	}
}

// sameState reports how b differs from a board that showed was and played moves, or "".
func sameState(b *game.Board, was string, moves []game.Cell) string {
	if b.String() != was || !slices.Equal(b.Moves(), moves) {
		return fmt.Sprintf("board %s with moves %v, want %s with moves %v", b, b.Moves(), was, moves)
	}
	return ""
}

func TestPlayWins(t *testing.T) {
	s33 := game.Size{Rows: 3, Cols: 3, Win: 3}
	s44 := game.Size{Rows: 4, Cols: 4, Win: 3}
	s34 := game.Size{Rows: 3, Cols: 4, Win: 3}
	s19 := game.Size{Rows: 19, Cols: 19, Win: 5}
	// O's moves on the 19×19 board, out of the way of X's lines.
	away := []game.Cell{{Row: 9, Col: 7}, {Row: 7, Col: 11}, {Row: 11, Col: 9}, {Row: 9, Col: 12}, {Row: 6, Col: 6}}
	tests := []struct {
		name  string
		size  game.Size
		first game.Mark // X when not set
		// The moves of the side that moves first and of the other: the last move listed,
		// the first side's when it has one more, is the one that wins.
		firsts, seconds []game.Cell
		winner          game.Mark
		line            []game.Cell // nil: any line through the last move (two were made)
	}{
		{"3x3 top row", s33, 0, row(0, 0, 3), row(1, 0, 2), game.X, row(0, 0, 3)},
		{"3x3 row finished in the middle", s33, 0, []game.Cell{{Row: 2, Col: 0}, {Row: 2, Col: 2}, {Row: 2, Col: 1}}, row(0, 0, 2), game.X, row(2, 0, 3)},
		{"3x3 middle column by O", s33, 0,
			[]game.Cell{{Row: 0, Col: 0}, {Row: 2, Col: 2}, {Row: 1, Col: 0}}, col(0, 1, 3), game.O, col(0, 1, 3)},
		{"3x3 diagonal", s33, 0, diag(0, 0, 1, 3), row(0, 1, 2), game.X, diag(0, 0, 1, 3)},
		{"3x3 anti-diagonal finished at the top right", s33, 0,
			[]game.Cell{{Row: 2, Col: 0}, {Row: 1, Col: 1}, {Row: 0, Col: 2}}, row(0, 0, 2), game.X, diag(0, 2, -1, 3)},
		{"3x3 O first wins the bottom row", s33, game.O, row(2, 0, 3), row(0, 0, 2), game.O, row(2, 0, 3)},
		{"3x3 row and column at once", s33, 0,
			[]game.Cell{{Row: 0, Col: 1}, {Row: 1, Col: 0}, {Row: 0, Col: 2}, {Row: 2, Col: 0}, {Row: 0, Col: 0}},
			[]game.Cell{{Row: 1, Col: 1}, {Row: 1, Col: 2}, {Row: 2, Col: 2}, {Row: 2, Col: 1}}, game.X, nil},
		{"3x3 last cell wins, not a draw", s33, 0,
			[]game.Cell{{Row: 0, Col: 0}, {Row: 0, Col: 2}, {Row: 2, Col: 1}, {Row: 2, Col: 0}, {Row: 1, Col: 0}},
			[]game.Cell{{Row: 0, Col: 1}, {Row: 1, Col: 1}, {Row: 2, Col: 2}, {Row: 1, Col: 2}}, game.X, col(0, 0, 3)},

		{"4x4 k3 row at the right edge", s44, 0, row(0, 1, 3), row(3, 0, 2), game.X, row(0, 1, 3)},
		{"4x4 k3 column at the bottom right by O", s44, 0,
			[]game.Cell{{Row: 0, Col: 0}, {Row: 0, Col: 1}, {Row: 3, Col: 0}}, col(1, 3, 3), game.O, col(1, 3, 3)},
		{"4x4 k3 diagonal off the main one", s44, 0, diag(1, 0, 1, 3), row(0, 2, 2), game.X, diag(1, 0, 1, 3)},
		{"4x4 k3 anti-diagonal from the top right corner", s44, 0,
			[]game.Cell{{Row: 2, Col: 1}, {Row: 1, Col: 2}, {Row: 0, Col: 3}}, row(3, 2, 2), game.X, diag(0, 3, -1, 3)},
		{"4x4 k3 anti-diagonal at the bottom right", s44, 0, diag(1, 3, -1, 3), row(0, 0, 2), game.X, diag(1, 3, -1, 3)},
		{"4x4 k3 gap filled makes a line of 4", s44, 0,
			[]game.Cell{{Row: 3, Col: 0}, {Row: 3, Col: 1}, {Row: 3, Col: 3}, {Row: 3, Col: 2}},
			[]game.Cell{{Row: 0, Col: 0}, {Row: 1, Col: 1}, {Row: 0, Col: 3}}, game.X, row(3, 0, 4)},

		{"3x4 row in the last columns", s34, 0, row(2, 1, 3), row(0, 0, 2), game.X, row(2, 1, 3)},
		{"3x4 fourth column", s34, 0, col(0, 3, 3), row(0, 0, 2), game.X, col(0, 3, 3)},
		{"3x4 anti-diagonal from the right edge", s34, 0, diag(0, 3, -1, 3), row(0, 0, 2), game.X, diag(0, 3, -1, 3)},
		{"3x4 anti-diagonal finished in the middle", s34, 0,
			[]game.Cell{{Row: 0, Col: 3}, {Row: 2, Col: 1}, {Row: 1, Col: 2}}, row(0, 0, 2), game.X, diag(0, 3, -1, 3)},
		{"3x4 diagonal to the bottom right corner", s34, 0, diag(0, 1, 1, 3), row(2, 0, 2), game.X, diag(0, 1, 1, 3)},

		{"1x5 k3 row", game.Size{Rows: 1, Cols: 5, Win: 3}, 0, row(0, 0, 3), row(0, 3, 2), game.X, row(0, 0, 3)},
		{"5x1 k3 column", game.Size{Rows: 5, Cols: 1, Win: 3}, 0, col(2, 0, 3), col(0, 0, 2), game.X, col(2, 0, 3)},
		{"2x2 k1 the first move wins", game.Size{Rows: 2, Cols: 2, Win: 1}, 0, []game.Cell{{Row: 1, Col: 1}}, nil, game.X, []game.Cell{{Row: 1, Col: 1}}},

		{"19x19 top left corner across", s19, 0, row(0, 0, 5), away[:4], game.X, row(0, 0, 5)},
		{"19x19 top right corner across", s19, 0, row(0, 14, 5), away[:4], game.X, row(0, 14, 5)},
		{"19x19 bottom right corner down", s19, 0, col(14, 18, 5), away[:4], game.X, col(14, 18, 5)},
		{"19x19 left edge down by O", s19, 0, away, col(7, 0, 5), game.O, col(7, 0, 5)},
		{"19x19 diagonal into the bottom right corner", s19, 0, diag(14, 14, 1, 5), away[:4], game.X, diag(14, 14, 1, 5)},
		{"19x19 anti-diagonal from the top right corner", s19, 0, diag(0, 18, -1, 5), away[:4], game.X, diag(0, 18, -1, 5)},
		{"19x19 anti-diagonal into the bottom left corner", s19, 0, diag(14, 4, -1, 5), away[:4], game.X, diag(14, 4, -1, 5)},
		{"19x19 line of 6 on the bottom edge", s19, 0,
			[]game.Cell{{Row: 18, Col: 0}, {Row: 18, Col: 1}, {Row: 18, Col: 2}, {Row: 18, Col: 4}, {Row: 18, Col: 5}, {Row: 18, Col: 3}},
			away, game.X, row(18, 0, 6)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			first := tc.first
			if first == game.Empty {
				first = game.X
			}
			b := gametest.NewBoard(t, tc.size, first)
			moves := interleave(tc.firsts, tc.seconds)
			gametest.PlayAll(t, b, moves[:len(moves)-1]...)
			if b.Over() {
				t.Fatalf("over before the last move: %v:\n%s", b.Outcome(), b.Render(""))
			}
			gametest.PlayAll(t, b, moves[len(moves)-1])
			o := b.Outcome()
			if o.Status != game.Won || o.Winner != tc.winner || !b.Over() {
				t.Fatalf("outcome %v (status %d), want %v wins:\n%s", o, o.Status, tc.winner, b.Render(""))
			}
			if tc.line != nil && !slices.Equal(o.Line, tc.line) {
				t.Errorf("winning line %v, want %v:\n%s", o.Line, tc.line, b.Render(""))
			}
			checkConsistent(t, b)
		})
	}
}

func TestPlayNoWin(t *testing.T) {
	s19 := game.Size{Rows: 19, Cols: 19, Win: 5}
	tests := []struct {
		name            string
		size            game.Size
		firsts, seconds []game.Cell
		status          game.Status
	}{
		{"3x3 two in a row", game.Classic, row(0, 0, 2), row(1, 0, 1), game.Playing},
		{"3x3 three X not in a row", game.Classic,
			[]game.Cell{{Row: 0, Col: 0}, {Row: 1, Col: 2}, {Row: 2, Col: 1}}, row(1, 0, 2), game.Playing},
		{"3x3 full board drawn", game.Classic,
			[]game.Cell{{Row: 1, Col: 1}, {Row: 0, Col: 2}, {Row: 1, Col: 0}, {Row: 2, Col: 1}, {Row: 2, Col: 2}},
			[]game.Cell{{Row: 0, Col: 0}, {Row: 2, Col: 0}, {Row: 1, Col: 2}, {Row: 0, Col: 1}}, game.Drawn},
		{"1x5 k5 full board drawn", game.Size{Rows: 1, Cols: 5, Win: 5}, row(0, 0, 3), row(0, 3, 2), game.Drawn},
		{"1x5 k5 alternating drawn", game.Size{Rows: 1, Cols: 5, Win: 5},
			[]game.Cell{{Row: 0, Col: 0}, {Row: 0, Col: 2}, {Row: 0, Col: 4}}, []game.Cell{{Row: 0, Col: 1}, {Row: 0, Col: 3}}, game.Drawn},
		{"4x4 k3 rows of two everywhere", game.Size{Rows: 4, Cols: 4, Win: 3},
			[]game.Cell{{Row: 0, Col: 0}, {Row: 0, Col: 1}, {Row: 2, Col: 2}, {Row: 2, Col: 3}},
			[]game.Cell{{Row: 1, Col: 0}, {Row: 1, Col: 1}, {Row: 3, Col: 2}, {Row: 3, Col: 3}}, game.Playing},
		{"19x19 four in a row", s19, row(0, 15, 4), col(5, 5, 3), game.Playing},
		{"19x19 four down the right edge", s19, col(15, 18, 4), col(5, 5, 3), game.Playing},
		{"19x19 four and a gap", s19, []game.Cell{{Row: 9, Col: 0}, {Row: 9, Col: 1}, {Row: 9, Col: 2}, {Row: 9, Col: 3}, {Row: 9, Col: 5}},
			col(0, 9, 4), game.Playing},
		{"19x19 four on the anti-diagonal at the corner", s19, diag(15, 3, -1, 4), col(0, 9, 3), game.Playing},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := gametest.NewBoard(t, tc.size, game.X)
			gametest.PlayAll(t, b, interleave(tc.firsts, tc.seconds)...)
			if o := b.Outcome(); o.Status != tc.status {
				t.Errorf("outcome %v, want status %d:\n%s", o, tc.status, b.Render(""))
			}
			checkConsistent(t, b)
		})
	}
}

func TestPlayRefused(t *testing.T) {
	tests := []struct {
		name  string
		board string
		win   int
		cell  game.Cell
		want  error
		text  string // in the message
	}{
		{"row before the first", "X..|...|...", 3, game.Cell{Row: -1, Col: 0}, game.ErrOutOfRange, "out of range"},
		{"row after the last", "X..|...|...", 3, game.Cell{Row: 3, Col: 0}, game.ErrOutOfRange, "out of range 1..3"},
		{"column before the first", "X..|...|...", 3, game.Cell{Row: 0, Col: -1}, game.ErrOutOfRange, "out of range"},
		{"column after the last", "X..|...|...", 3, game.Cell{Row: 0, Col: 3}, game.ErrOutOfRange, "out of range"},
		{"3x4 row 4 is off", "....|....|....", 3, game.Cell{Row: 3, Col: 0}, game.ErrOutOfRange, "out of range"},
		{"3x4 column 5 is off", "....|....|....", 3, game.Cell{Row: 2, Col: 4}, game.ErrOutOfRange, "out of range"},
		{"1x5 second row is off", ".....", 5, game.Cell{Row: 1, Col: 0}, game.ErrOutOfRange, "out of range"},
		{"taken by X", "X..|.O.|...", 3, game.Cell{Row: 0, Col: 0}, game.ErrTaken, "taken by X"},
		{"taken by O", "X..|.O.|...", 3, game.Cell{Row: 1, Col: 1}, game.ErrTaken, "taken by O"},
		{"3x4 taken in the last column", "...X|....|....", 3, game.Cell{Row: 0, Col: 3}, game.ErrTaken, "taken by X"},
		{"won game", "XXX|OO.|...", 3, game.Cell{Row: 2, Col: 2}, game.ErrGameOver, "over"},
		{"won game, taken cell", "XXX|OO.|...", 3, game.Cell{Row: 1, Col: 0}, game.ErrGameOver, "over"},
		{"drawn game", "XOX|XOO|OXX", 3, game.Cell{Row: 0, Col: 0}, game.ErrGameOver, "over"},
		{"1x5 k5 drawn", "XOXOX", 5, game.Cell{Row: 0, Col: 2}, game.ErrGameOver, "over"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := mustBoard(t, tc.board, tc.win, game.X)
			was, moves, turn, outcome := b.String(), slices.Clone(b.Moves()), b.Turn(), b.Outcome()
			err := b.Play(tc.cell)
			if !errors.Is(err, tc.want) {
				t.Fatalf("Play(%v) = %v, want %v, on\n%s", tc.cell, err, tc.want, b.Render(""))
			}
			if !strings.Contains(err.Error(), tc.text) {
				t.Errorf("Play(%v) = %q, want it to say %q", tc.cell, err, tc.text)
			}
			if d := sameState(b, was, moves); d != "" {
				t.Errorf("refused Play(%v) changed the board: %s:\n%s", tc.cell, d, b.Render(""))
			}
			if b.Turn() != turn || b.Outcome().String() != outcome.String() || !slices.Equal(b.Outcome().Line, outcome.Line) {
				t.Errorf("refused Play(%v): turn %v outcome %v, want %v %v", tc.cell, b.Turn(), b.Outcome(), turn, outcome)
			}
		})
	}
}

func TestUndo(t *testing.T) {
	b := gametest.NewBoard(t, game.Classic, game.X)
	if c, ok := b.Undo(); ok {
		t.Fatalf("Undo on an empty board = %v, true", c)
	}
	if _, ok := b.Last(); ok {
		t.Fatal("Last on an empty board reports a move")
	}
	// X wins the diagonal with its last move; record the board before each move.
	moves := interleave(diag(0, 0, 1, 3), row(0, 1, 2))
	var before []string
	for _, c := range moves {
		before = append(before, b.String())
		gametest.PlayAll(t, b, c)
		if last, ok := b.Last(); !ok || last != c {
			t.Fatalf("Last() = %v, %v after Play(%v)", last, ok, c)
		}
	}
	if !b.Over() {
		t.Fatalf("not won:\n%s", b.Render(""))
	}
	for i := len(moves) - 1; i >= 0; i-- {
		c, ok := b.Undo()
		if !ok || c != moves[i] {
			t.Fatalf("Undo() = %v, %v, want %v, true", c, ok, moves[i])
		}
		if d := sameState(b, before[i], moves[:i]); d != "" {
			t.Fatalf("after undoing %v: %s", c, d)
		}
		if o := b.Outcome(); o.Status != game.Playing || o.Winner != game.Empty || o.Line != nil || b.Over() {
			t.Fatalf("after undoing %v: outcome %v, winner %v, line %v, over %v:\n%s", c, o, o.Winner, o.Line, b.Over(), b.Render(""))
		}
		checkConsistent(t, b)
	}
	if c, ok := b.Undo(); ok {
		t.Fatalf("Undo after taking everything back = %v, true", c)
	}
}

func TestUndoReopensTheGame(t *testing.T) {
	for _, board := range []string{"XXX|OO.|...", "XOX|XOO|OXX"} {
		t.Run(board, func(t *testing.T) {
			b := gametest.NewBoard(t, game.Classic, game.X)
			// Replay the board's moves through Play so that the last one ends the game.
			parsed := mustBoard(t, board, 3, game.X)
			gametest.PlayAll(t, b, parsed.Moves()...)
			if !b.Over() {
				t.Fatalf("not over:\n%s", b.Render(""))
			}
			last, _ := b.Undo()
			if b.Over() || b.Outcome().Status != game.Playing {
				t.Fatalf("after Undo: over %v, outcome %v:\n%s", b.Over(), b.Outcome(), b.Render(""))
			}
			if mover := parsed.At(last); b.Turn() != mover {
				t.Fatalf("after undoing %v: Turn() = %v, want %v", last, b.Turn(), mover)
			}
			gametest.PlayAll(t, b, last)
			if b.String() != board || !b.Over() {
				t.Errorf("replaying %v: %s, over %v, want %s over", last, b, b.Over(), board)
			}
		})
	}
}

func TestUndoOnParsedBoard(t *testing.T) {
	// ParseBoard takes the marks as moves in reading order, so Undo takes the last ones back.
	b := mustBoard(t, "XO.|.X.|..O", 3, game.X)
	for _, want := range []string{"XO.|.X.|...", "XO.|...|...", "X..|...|...", "...|...|..."} {
		if _, ok := b.Undo(); !ok || b.String() != want {
			t.Fatalf("Undo: %s, %v, want %s", b, ok, want)
		}
	}
}

func TestTurnFirstO(t *testing.T) {
	b := gametest.NewBoard(t, game.Classic, game.O)
	if b.First() != game.O {
		t.Fatalf("First() = %v, want O", b.First())
	}
	want := game.O
	for i, c := range []game.Cell{{Row: 1, Col: 1}, {Row: 0, Col: 0}, {Row: 2, Col: 2}, {Row: 0, Col: 2}} {
		if b.Turn() != want {
			t.Fatalf("before move %d Turn() = %v, want %v:\n%s", i+1, b.Turn(), want, b.Render(""))
		}
		gametest.PlayAll(t, b, c)
		if b.At(c) != want {
			t.Fatalf("move %d put %v in %v, want %v:\n%s", i+1, b.At(c), c, want, b.Render(""))
		}
		want = want.Opponent()
	}
	if got := b.String(); got != "X.X|.O.|..O" {
		t.Errorf("board %s, want X.X|.O.|..O", got)
	}
	b.Undo()
	if b.Turn() != game.X {
		t.Errorf("after Undo Turn() = %v, want X", b.Turn())
	}
	if p := mustBoard(t, "O..|...|...", 3, game.O); p.Turn() != game.X || p.First() != game.O {
		t.Errorf("ParseBoard with O first: Turn() = %v, First() = %v, want X, O", p.Turn(), p.First())
	}
	if _, err := game.NewBoard(game.Classic, game.Empty); err == nil {
		t.Error("NewBoard with first Empty: no error")
	}
}

func TestSizeValidate(t *testing.T) {
	tests := []struct {
		size game.Size
		want string // in the error; "" for a valid size
	}{
		{game.Classic, ""},
		{game.Size{Rows: 1, Cols: 1, Win: 1}, ""},
		{game.Size{Rows: 19, Cols: 19, Win: 19}, ""},
		{game.Size{Rows: 20, Cols: 20, Win: 5}, ""},
		{game.Size{Rows: 20, Cols: 20, Win: 5, Rule: game.Exact}, ""},
		{game.Size{Rows: 15, Cols: 15, Win: 5, Rule: game.Renju}, ""},
		{game.Size{Rows: 15, Cols: 15, Win: 4, Rule: game.Renju}, "win 4 under renju"},
		{game.Size{Rows: 15, Cols: 15, Win: 5, Rule: game.Caro}, ""},
		{game.Size{Rows: 15, Cols: 15, Win: 5, Rule: game.Rule(5)}, "rule 5"},
		{game.Size{Rows: 3, Cols: 4, Win: 4}, ""},
		{game.Size{Rows: 1, Cols: 5, Win: 5}, ""},
		{game.Size{Rows: 5, Cols: 1, Win: 5}, ""},
		{game.Size{Rows: 0, Cols: 3, Win: 3}, "rows 0"},
		{game.Size{Rows: -1, Cols: 3, Win: 3}, "rows -1"},
		{game.Size{Rows: 21, Cols: 3, Win: 3}, "rows 21"},
		{game.Size{Rows: 3, Cols: 0, Win: 3}, "cols 0"},
		{game.Size{Rows: 3, Cols: 21, Win: 3}, "cols 21"},
		{game.Size{Rows: 3, Cols: 3, Win: 0}, "win 0"},
		{game.Size{Rows: 3, Cols: 3, Win: 4}, "win 4"},
		{game.Size{Rows: 3, Cols: 4, Win: 5}, "win 5"},
		{game.Size{Rows: 5, Cols: 1, Win: 6}, "win 6"},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("%dx%d k%d %v", tc.size.Rows, tc.size.Cols, tc.size.Win, tc.size.Rule), func(t *testing.T) {
			err := tc.size.Validate()
			_, nerr := game.NewBoard(tc.size, game.X)
			switch {
			case tc.want == "" && (err != nil || nerr != nil):
				t.Errorf("Validate() = %v, NewBoard: %v, want no error", err, nerr)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Errorf("Validate() = %v, want an error naming %q", err, tc.want)
			case tc.want != "" && nerr == nil:
				t.Errorf("NewBoard accepted %v", tc.size)
			}
		})
	}
}

func TestParseBoard(t *testing.T) {
	x19 := strings.Repeat(strings.Repeat(".", 19)+"|", 18) + "XXXXX" + strings.Repeat(".", 14)
	o19 := strings.Replace(x19, ".", "O", 4)
	tests := []struct {
		board  string
		win    int
		first  game.Mark
		status game.Status
		winner game.Mark
		line   []game.Cell
	}{
		{"...|...|...", 3, game.X, game.Playing, game.Empty, nil},
		{"XO.|.X.|..O", 3, game.X, game.Playing, game.Empty, nil},
		{"XXX|OO.|...", 3, game.X, game.Won, game.X, row(0, 0, 3)},
		{"OOO|XX.|X..", 3, game.X, game.Won, game.O, row(0, 0, 3)},
		{"X.O|XO.|O..", 3, game.O, game.Won, game.O, diag(0, 2, -1, 3)},
		{"XOX|XOO|OXX", 3, game.X, game.Drawn, game.Empty, nil},
		{"X...|.O..|..O.", 3, game.O, game.Playing, game.Empty, nil},
		{"...X|..X.|.XOO", 3, game.X, game.Won, game.X, diag(0, 3, -1, 3)},
		{"XOXOX", 5, game.X, game.Drawn, game.Empty, nil},
		{"X|O|X", 2, game.X, game.Drawn, game.Empty, nil},
		{o19, 5, game.X, game.Won, game.X, row(18, 0, 5)},
	}
	for _, tc := range tests {
		t.Run(tc.board, func(t *testing.T) {
			b := mustBoard(t, tc.board, tc.win, tc.first)
			if got := b.String(); got != tc.board {
				t.Errorf("String() = %s, want %s", got, tc.board)
			}
			rows := strings.Split(tc.board, "|")
			if s := b.Size(); s.Rows != len(rows) || s.Cols != len(rows[0]) || s.Win != tc.win {
				t.Errorf("Size() = %+v, want %d rows, %d cols, win %d", s, len(rows), len(rows[0]), tc.win)
			}
			o := b.Outcome()
			if o.Status != tc.status || o.Winner != tc.winner || !slices.Equal(o.Line, tc.line) {
				t.Errorf("outcome %v winner %v line %v, want status %d winner %v line %v:\n%s",
					o, o.Winner, o.Line, tc.status, tc.winner, tc.line, b.Render(""))
			}
			checkConsistent(t, b)
		})
	}
}

func TestParseBoardErrors(t *testing.T) {
	tests := []struct {
		name, board string
		win         int
		first       game.Mark
		want        string // in the error
		bug         string // a known bug makes ParseBoard accept the board
	}{
		{"empty string", "", 3, game.X, "cols 0", ""},
		{"empty row", "...||...", 3, game.X, "row 2", ""},
		{"short row", "XO.|.X|...", 3, game.X, "row 2 has 2 cells, want 3", ""},
		{"long row", "XO.|....|...", 3, game.X, "row 2 has 4 cells", ""},
		{"other letter", "XA.|...|...", 3, game.X, `'A' is not X, O or '.'`, ""},
		{"lower case x", "x..|...|...", 3, game.X, "is not X, O or '.'", ""},
		{"blank", "X .|...|...", 3, game.X, "is not X, O or '.'", ""},
		{"win 0", "...|...|...", 0, game.X, "win 0", ""},
		{"win too long", "...|...|...", 4, game.X, "win 4", ""},
		{"21 rows", strings.Repeat(".|", 20) + ".", 1, game.X, "rows 21", ""},
		{"21 columns", strings.Repeat(".", 21), 1, game.X, "cols 21", ""},
		{"X two ahead", "XX.|...|...", 3, game.X, "2 marks of X", ""},
		{"O ahead of X moving first", "O..|...|...", 3, game.X, "0 marks of X", ""},
		{"X ahead of O moving first", "X..|...|...", 3, game.O, "0 marks of O", ""},
		{"line of the side that did not move last", "XXX|OO.|O..", 3, game.X, "X has a line but O moved last", ""},
		{"O line but X moved last", "OOO|XX.|XX.", 3, game.X, "O has a line but X moved last", ""},
		{"both have a line, O moved last", "XXX|OOO|...", 3, game.X, "has a line", ""},
		{"both have a line, X moved last", "XXX|OOO|X..", 3, game.X, "has a line", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, err := game.ParseBoard(tc.board, tc.win, tc.first)
			failure := ""
			switch {
			case err == nil:
				failure = fmt.Sprintf("ParseBoard(%q, %d, %v) accepted it as %v:\n%s", tc.board, tc.win, tc.first, b.Outcome(), b.Render(""))
			case !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), fmt.Sprintf("%q", tc.board)):
				failure = fmt.Sprintf("ParseBoard(%q) = %q, want an error naming the board and saying %q", tc.board, err, tc.want)
			}
			knownBug(t, tc.bug, failure)
		})
	}
}

func TestClone(t *testing.T) {
	b := mustBoard(t, "XO.|.X.|O..", 3, game.X)
	c := b.Clone()
	gametest.PlayAll(t, c, game.Cell{Row: 2, Col: 2})
	if b.String() != "XO.|.X.|O.." || len(b.Moves()) != 4 || b.Turn() != game.X || b.Over() {
		t.Errorf("playing on the clone changed the original: %s, %d moves", b, len(b.Moves()))
	}
	b.Undo()
	if c.String() != "XO.|.X.|O.X" || !c.Over() {
		t.Errorf("undoing on the original changed the clone: %s, over %v", c, c.Over())
	}
}

func TestStrings(t *testing.T) {
	tests := []struct{ got, want string }{
		{game.X.String(), "X"},
		{game.O.String(), "O"},
		{game.Empty.String(), "."},
		{game.Cell{Row: 1, Col: 2}.String(), "2 3"},
		{game.Cell{Row: 18, Col: 0}.String(), "19 1"},
		{game.Classic.String(), "3×3 board, 3 in a row"},
		{game.Size{Rows: 20, Cols: 20, Win: 5}.String(), "20×20 board, 5 in a row"},
		{game.Size{Rows: 15, Cols: 15, Win: 5, Rule: game.Exact}.String(), "15×15 board, exactly 5 in a row"},
		{game.Size{Rows: 15, Cols: 15, Win: 5, Rule: game.Renju}.String(), "15×15 board, renju"},
		{game.Size{Rows: 15, Cols: 15, Win: 5, Rule: game.Caro}.String(), "15×15 board, caro: 5 in a row"},
		{game.Size{Rows: 9, Cols: 9, Win: 4, Rule: game.ExactCaro}.String(), "9×9 board, caro: exactly 4 in a row"},
		{game.Freestyle.String() + " " + game.Exact.String() + " " + game.Renju.String(), "freestyle exact renju"},
		{game.Outcome{Status: game.Won, Winner: game.O}.String(), "O wins"},
		{game.Outcome{Status: game.Drawn}.String(), "draw"},
		{game.Outcome{}.String(), "playing"},
		{game.X.Opponent().String() + game.O.Opponent().String() + game.Empty.Opponent().String(), "OX."},
	}
	for _, tc := range tests {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}

func TestEmpty(t *testing.T) {
	b := mustBoard(t, "X..O|.X..|O...", 3, game.X)
	want := []game.Cell{{Row: 0, Col: 1}, {Row: 0, Col: 2}, {Row: 1, Col: 0}, {Row: 1, Col: 2}, {Row: 1, Col: 3}, {Row: 2, Col: 1}, {Row: 2, Col: 2}, {Row: 2, Col: 3}}
	if got := b.Empty(); !slices.Equal(got, want) {
		t.Errorf("Empty() = %v, want %v, on\n%s", got, want, b.Render(""))
	}
}
