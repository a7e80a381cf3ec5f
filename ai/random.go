package ai

import (
	"fmt"
	"math/rand/v2"

	"tictactoe/game"
)

// Random plays uniformly at random among the free cells where the rule lets it play.
type Random struct {
	Rand *rand.Rand
}

// Move returns a legal move of b chosen uniformly by r.Rand.
func (r Random) Move(b *game.Board) (game.Cell, error) {
	if err := playable(b); err != nil {
		return game.Cell{}, err
	}
	free := b.LegalMoves()
	return free[r.Rand.IntN(len(free))], nil
}

// playable returns the error every strategy gives for a board with no move left to make.
func playable(b *game.Board) error {
	if b.Over() {
		return fmt.Errorf("no move on a finished board %v", b)
	}
	return nil
}
