package ai

import (
	"math/rand/v2"

	"tictactoe/game"
)

// Heuristic plays the scoring table of the Java course project. For every free cell it
// adds, over every winning line through the cell (every run of Win cells), what the line
// already holds: with k = Win, m of its own marks and none of the opponent's it scores
// 2·5^m; n of the opponent's and none of its own, 5^n (8 for n = 1); an empty line 4; a
// line with both marks nothing. On 3×3 that is the course's table: two of mine +50, two
// of theirs +25, one of mine +10, one of theirs +8, empty +4. On any board the scores of
// a line keep that order of motives: m of mine beats m of theirs, which beats m-1 of
// mine, so a line it can complete outweighs one it must block, and a longer line of its
// own outweighs blocking a shorter one. A cell's score is the sum over its lines, so
// several weaker lines can outweigh a strong one: like the course project's, it can miss
// a block for a cell that serves more lines, and on bigger boards even a win. It plays the
// best cell the rule lets it play, ties broken with Rand.
type Heuristic struct {
	Rand *rand.Rand
}

// lineScore is the worth of a line holding mine and theirs marks, as Heuristic's doc says.
func lineScore(mine, theirs int) int {
	pow5 := func(n int) int {
		v := 1
		for range n {
			v *= 5
		}
		return v
	}
	switch {
	case mine > 0 && theirs > 0:
		return 0
	case mine > 0:
		return 2 * pow5(mine)
	case theirs == 1:
		return 8
	case theirs > 1:
		return pow5(theirs)
	}
	return 4
}

// cellScore is the score of cell c for the side to move in p: the sum of lineScore over
// the lines through c.
func cellScore(p *position, c int) int {
	me, them := p.turn, p.turn.Opponent()
	score := 0
	for _, l := range p.g.through[c] {
		score += lineScore(p.count[me][l], p.count[them][l])
	}
	return score
}

// Move returns the free cell of b with the highest score.
func (h Heuristic) Move(b *game.Board) (game.Cell, error) {
	if err := playable(b); err != nil {
		return game.Cell{}, err
	}
	g := geometryOf(b.Size())
	p := newPosition(b, g, nil, false)
	var best []int
	top := -1
	for c, m := range p.cells {
		if m != game.Empty || !p.legal(c) {
			continue
		}
		score := cellScore(p, c)
		switch {
		case score > top:
			top, best = score, append(best[:0], c)
		case score == top:
			best = append(best, c)
		}
	}
	return g.cell(best[h.Rand.IntN(len(best))]), nil
}
