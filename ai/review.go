package ai

import (
	"slices"

	"tictactoe/game"
)

// Review is where a game turned for one side: the first of its moves that made the value
// of the game worse for it, and a move that would have kept the value.
type Review struct {
	Settled bool  // every position looked at was solved; else the rest is empty
	Moves   int   // how many moves the side made
	Start   Value // the value when the side first had to move
	Turn    int   // which of the side's moves turned the game, from 1; 0 for none
	Move    game.Cell
	Before  Value // the value before that move
	After   Value // the value after it
	Better  game.Cell
}

// Review replays b's moves and solves every position where me was to move, within m's
// deadline for each, to find the first of me's moves that lost ground: from a win to a
// draw or a loss, or from a draw to a loss. It stops, unsettled, at the first position it
// cannot solve.
func (m *Engine) Review(b *game.Board, me game.Mark) Review {
	var r Review
	replay, err := game.NewBoard(b.Size(), b.First())
	if err != nil {
		return r // cannot happen: b has the same size
	}
	for _, c := range b.Moves() {
		if replay.Turn() == me {
			r.Moves++
			a := m.Analyze(replay)
			if !a.Value.Exact {
				return Review{}
			}
			if r.Moves == 1 {
				r.Start = a.Value
			}
			for _, mv := range a.Moves {
				if mv.Cell != c {
					continue
				}
				if !mv.Value.Exact {
					return Review{} // a proven win is the value, but this move is open
				}
				if mv.Value.Standing(me) < a.Value.Standing(me) {
					better := slices.IndexFunc(a.Moves, func(k MoveValue) bool {
						return k.Value.Exact && k.Value.Standing(me) == a.Value.Standing(me)
					})
					if better < 0 {
						return Review{} // the win was proven, but the table lost its move
					}
					r.Settled, r.Turn, r.Move, r.Before, r.After, r.Better = true, r.Moves, c, a.Value, mv.Value, a.Moves[better].Cell
					return r
				}
			}
		}
		if err := replay.Play(c); err != nil {
			return Review{} // cannot happen: these moves were played on b
		}
	}
	r.Settled = true
	return r
}

// Standing ranks the value for mark me: 2 a win, 1 a draw, 0 a loss.
func (v Value) Standing(me game.Mark) int {
	switch v.Winner {
	case me:
		return 2
	case game.Empty:
		return 1
	}
	return 0
}
