// Package gametest holds the helpers that the tests of game and of the packages under it
// share: boards set up or stopping the test, and simple players.
package gametest

import (
	"testing"

	"tictactoe/game"
)

// NewBoard returns an empty board of size s on which first moves first, or stops the test.
func NewBoard(t testing.TB, s game.Size, first game.Mark) *game.Board {
	t.Helper()
	b, err := game.NewBoard(s, first)
	if err != nil {
		t.Fatalf("NewBoard(%v, %v): %v", s, first, err)
	}
	return b
}

// PlayAll plays the cells in order, stopping the test with the board drawn when one is refused.
func PlayAll(t testing.TB, b *game.Board, cells ...game.Cell) {
	t.Helper()
	for _, c := range cells {
		if err := b.Play(c); err != nil {
			t.Fatalf("Play(%v): %v, on\n%s", c, err, b.Render(""))
		}
	}
}

// Recording is a game.Player that notes the board before each move of the one it wraps.
type Recording struct {
	game.Player
	Boards *[]string // the boards, as Board.String writes them
}

// Move notes b and returns the wrapped player's move.
func (r Recording) Move(b *game.Board) (game.Cell, error) {
	*r.Boards = append(*r.Boards, b.String())
	return r.Player.Move(b)
}

// LastFree is a game.Player that takes the last free cell.
type LastFree struct{}

// Move returns the last free cell of b in reading order.
func (LastFree) Move(b *game.Board) (game.Cell, error) {
	e := b.Empty()
	return e[len(e)-1], nil
}
