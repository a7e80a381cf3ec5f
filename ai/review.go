package ai

import (
	"slices"

	"tictactoe/game"
)

// Review is where a game turned for one side: the first of its moves that made the value
// of the game worse for it, and a move that would have kept the value. On boards too big
// to solve (more than 64 cells) it is where threat search first found a forced win
// against the side, and a move after which it found none: see Threat.
type Review struct {
	Settled bool  // every position looked at was solved; else the rest is empty
	Moves   int   // how many moves the side made
	Start   Value // the value when the side first had to move
	Turn    int   // which of the side's moves turned the game, from 1; 0 for none
	Move    game.Cell
	Before  Value // the value before that move
	After   Value // the value after it
	Better  game.Cell
	// Threat is set on boards of more than 64 cells, where Review does not solve: Settled
	// is unset and Start and Before are zero. Turn is the first of the side's moves after
	// which threat search found a forced win for the opponent (0 for none), After that
	// win, proven, and Better, when Stops is set, a move there after which threat search
	// found no win for the opponent, its search finished within its count of positions.
	Threat bool
	Stops  bool
}

// Review replays b's moves and solves every position where me was to move, within m's
// deadline for each, to find the first of me's moves that lost ground: from a win to a
// draw or a loss, or from a draw to a loss. It stops, unsettled, at the first position it
// cannot solve.
//
// On boards of more than 64 cells it reviews by threat search instead, as Threat tells.
func (m *Engine) Review(b *game.Board, me game.Mark) Review {
	if !geometryOf(b.Size()).bitboard {
		return m.reviewThreats(b, me)
	}
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

// reviewLimit is how many positions each threat search of a review on a board too big to
// solve may visit, and reviewStops how many all the searches for a move that stops a win
// may: a count, not the clock, so that a seed replays a review as it replays a game.
const (
	reviewLimit = 1 << 15
	reviewStops = 1 << 19
)

// reviewThreats is Review on a board too big to solve: it replays b and, after each of
// me's moves, looks for a forced win of the opponent's by threat search; at the first it
// finds, it looks for a move that stops it (see threatStop).
func (m *Engine) reviewThreats(b *game.Board, me game.Mark) Review {
	r := Review{Threat: true}
	start, err := game.NewBoard(b.Size(), b.First())
	if err != nil {
		return r // cannot happen: b has the same size
	}
	s := m.searcherFor(b)
	s.now, s.limit, s.stopped = nil, 0, false // the counts alone bound the review
	if s.threat == nil {
		s.threat = newThreatSearch(s)
	}
	t := s.threat
	p := newPosition(start, s.g, s.keys, s.bigBoard)
	for _, c := range b.Moves() {
		i := s.g.index(c)
		if p.won || p.cells[i] != game.Empty {
			break // cannot happen: these moves were played on b
		}
		mine := p.turn == me
		p.play(i)
		if !mine || p.won || p.free == 0 {
			continue
		}
		r.Moves++
		t.gen++
		if _, plies, won := t.find(p, reviewLimit); won {
			r.Turn, r.Move = r.Moves, c
			r.After = Value{Winner: me.Opponent(), Plies: plies + 1, Exact: true}
			p.undo()
			r.Better, r.Stops = threatStop(s, p, i)
			return r
		}
	}
	return r
}

// threatStop returns, with the loser to move on p, where it played played and threat
// search then found a forced win for the winner, a move after which threat search finds
// no win for the winner and finishes within reviewLimit, and whether it found one: the
// first by the engine's order of moves among those that could stop the win (see
// tactics). Moves that make a four are left out: the forced block may leave the win
// standing, beyond what a search from after the four can tell.
func threatStop(s *searcher, p *position, played int) (game.Cell, bool) {
	t := s.threat
	me, them := p.turn, p.turn.Opponent()
	if w := p.winningCells(me, nil, 1); len(w) > 0 && p.legal(w[0]) {
		return s.g.cell(w[0]), true // a win of its own stops any
	}
	var moves []int
	if p.threats(them) > 0 {
		moves = p.legalOnly(p.winningCells(them, nil, p.g.n)) // only a block can
	} else {
		s.scratch(0)
		ordered, _ := s.order(p, 0, -1, 0, false)
		moves = p.legalOnly(slices.Clone(ordered))
		t.gen++
		p.pass()
		threat, _, threatened := t.find(p, reviewLimit)
		var stops []int
		sound := false
		if threatened {
			stops, sound = t.stops(p, threat)
		}
		p.pass()
		var first, rest []int
		for _, c := range moves {
			switch {
			case slices.Contains(stops, c):
				first = append(first, c)
			case !sound:
				rest = append(rest, c)
			}
		}
		moves = append(first, rest...)
	}
	var used int64
	for _, c := range moves {
		if c == played || p.makesFour(me, c) {
			continue
		}
		if used >= reviewStops {
			break
		}
		p.play(c)
		_, _, won := t.find(p, reviewLimit)
		p.undo()
		used += t.nodes
		if !won && !t.stopped {
			return s.g.cell(c), true
		}
	}
	return game.Cell{}, false
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
