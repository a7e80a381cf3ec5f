package ai

import (
	"math/rand/v2"

	"tictactoe/game"
)

// Rules plays the three steps of the original JavaScript game: (1) if a move completes a
// line of Win now, play it; (2) else, if the opponent could complete one on the next move,
// block it; (3) else fill: the centre, else a corner, else any free cell. Ties at each step
// are broken with Rand. A fork, two threats at once, beats it. It plays only where the
// rule lets it: a line completed is one that wins under the rule, and a block or a fill
// the rule forbids is passed over.
type Rules struct {
	Rand *rand.Rand
}

// Move returns the cell the three steps choose on b.
func (r Rules) Move(b *game.Board) (game.Cell, error) {
	if err := playable(b); err != nil {
		return game.Cell{}, err
	}
	g := geometryOf(b.Size())
	p := newPosition(b, g, nil, false)
	me := p.turn
	for _, m := range []game.Mark{me, me.Opponent()} { // win, else block
		if cells := p.legalOnly(p.winningCells(m, nil, g.n)); len(cells) > 0 {
			return g.cell(sorted(cells)[r.Rand.IntN(len(cells))]), nil
		}
	}
	for _, group := range [][]int{g.centre, g.corners} {
		var free []int
		for _, c := range group {
			if p.cells[c] == game.Empty && p.legal(c) {
				free = append(free, c)
			}
		}
		if len(free) > 0 {
			return g.cell(free[r.Rand.IntN(len(free))]), nil
		}
	}
	return Random(r).Move(b)
}
