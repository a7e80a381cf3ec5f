// Package ai holds the computer's strategies for the m,n,k-game and the solver behind
// them. Every strategy is a game.Player. The package is pure: it never prints, never
// touches os, draws randomness only from the *rand.Rand it is given and reads the time
// only through the clock it is given.
package ai

import (
	"math/rand/v2"

	"tictactoe/game"
)

// Random plays uniformly at random among the free cells.
type Random struct {
	Rand *rand.Rand
}

// Move returns a free cell of b chosen uniformly by r.Rand.
func (r Random) Move(b *game.Board) (game.Cell, error) {
	free := b.Empty()
	return free[r.Rand.IntN(len(free))], nil
}
