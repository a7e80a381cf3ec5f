package ai

import (
	"slices"
	"tictactoe/game"
)

// bestLine returns, for a position whose value alpha-beta has proven, the line of best
// play to the end of the game: at each turn the move with the best exact score for the
// side to move, the first in cell order among equals; nil when, with a clock, it would
// take more than lineNodes positions.
func (s *searcher) bestLine(p *position) []game.Cell {
	defer s.unclocked(lineNodes)()
	line := s.playLine(p, func() int {
		if p.won || p.drawn() || s.stopped {
			return -1
		}
		best, top := -1, -inf
		for c, m := range p.cells {
			if m != game.Empty || !p.legal(c) {
				continue
			}
			p.play(c)
			v, _ := s.search(p, p.free, 1, -inf, inf)
			p.undo()
			if -v > top {
				best, top = c, -v
			}
		}
		if s.stopped {
			return -1
		}
		return best
	})
	if s.stopped {
		return nil // cut short: no line rather than half of one
	}
	return line
}

// threatLine returns a forced win of the side to move found by threat search, from p to
// the end of the game, or nil when it finds none within lineNodes positions: on big
// boards, where bestLine's full-width search cannot reach the end of the game.
func (s *searcher) threatLine(p *position) []game.Cell {
	defer s.unclocked(lineNodes)()
	if s.threat == nil {
		s.threat = newThreatSearch(s)
	}
	if _, _, ok := s.threat.find(p, lineNodes); !ok {
		return nil
	}
	return s.threat.line(p)
}

// playLine plays from p the moves that next chooses, until it returns -1, and returns
// them, leaving p as it found it.
func (s *searcher) playLine(p *position, next func() int) []game.Cell {
	var line []game.Cell
	for c := next(); c >= 0; c = next() {
		p.play(c)
		line = append(line, s.g.cell(c))
	}
	for range line {
		p.undo()
	}
	return line
}

// line returns a forced win of winner from p, which the search has proven: the winner's
// moves, each towards the quickest end the proof knows, and the loser's replies, each the
// one that holds out longest, to the end of the game, and whether it got there. It proves
// again what the table has lost, with at most budget positions, and stops short if it
// cannot.
func (r *prover) line(p *position, winner game.Mark, budget int64) (line []game.Cell, whole bool) {
	s := r.s
	defer s.unclocked(budget)()
	r.attacker = winner
	line = s.playLine(p, func() int {
		if p.won {
			whole = true
		}
		if p.won || p.free == 0 || s.stopped {
			return -1
		}
		moves, _ := r.moves(p, 0)
		moves = slices.Clone(moves)
		// The winner needs one move that wins as soon as the position's entry claims, the
		// loser's replies all lose: the table's proofs first, and the others proven only
		// when the table has none that keeps to the claim (a position that a win by fours
		// settled has no entries below it, and other proofs may have left longer ones).
		claim := pnInf
		if e := r.probe(r.key(p)); e != nil && e.pn == 0 {
			claim = int(e.plies)
		}
		best, bestPlies := -1, 0
		consider := func(c, plies int) {
			if best < 0 || p.turn == winner && plies < bestPlies || p.turn != winner && plies > bestPlies {
				best, bestPlies = c, plies
			}
		}
		var missing []int
		for _, c := range moves {
			switch e := r.after(p, c); {
			case e != nil && e.pn == 0:
				consider(c, int(e.plies))
			case p.turn != winner || e == nil || e.dn != 0:
				missing = append(missing, c)
			}
		}
		for _, c := range missing {
			if p.turn == winner && best >= 0 && bestPlies+1 <= claim {
				break
			}
			p.play(c)
			won, settled, plies := r.prove(p, winner)
			p.undo()
			if settled && won {
				consider(c, plies)
			}
		}
		return best
	})
	return line, whole
}

// lineNodes is the most positions line may search to prove again what the table lost.
const lineNodes = 1 << 20

// proofHintLine returns, for the hint, the forced win that proveWin found, from its
// move to the end of the game, or nil when the rest of the move's count cannot find it
// all.
func (s *searcher) proofHintLine(p *position, move int) []game.Cell {
	budget := int64(lineNodes)
	if s.limit > 0 {
		budget = max(1, s.limit-s.nodes)
	}
	p.play(move)
	rest, whole := s.prover.line(p, p.turn.Opponent(), budget)
	p.undo()
	if !whole {
		return nil
	}
	return append([]game.Cell{s.g.cell(move)}, rest...)
}

// line returns a forced win of the side to move that the table holds, from the move
// find returned to the end of the game: the attacker's moves, the defender's forced
// replies, and where the defender has a choice the reply that holds out longest.
func (t *threatSearch) line(p *position) []game.Cell {
	defer bare(p)()
	t.nodes, t.limit, t.stopped = 0, 1<<16, false
	a := p.turn
	var buf [2]int
	played := 0
	return t.s.playLine(p, func() int {
		if p.won || played >= t.g.n {
			return -1
		}
		played++
		if p.turn == a {
			if w := p.wins(a, buf[:0]); len(w) > 0 {
				return w[0]
			}
			key, sym := p.key()
			for _, kind := range [...]int{kindVCF, kindVCT} {
				if e, hit := t.probe(key, kind); hit && e.plies > 0 && e.move >= 0 {
					if c := t.g.inverse[sym][e.move]; p.cells[c] == game.Empty {
						return c
					}
					return -1
				}
			}
			return -1
		}
		if w := p.wins(a, buf[:0]); len(w) > 0 {
			return w[0] // a forced block; after a double four the attacker wins with the other
		}
		replies, _, ok := t.defences(p, nil)
		if !ok {
			return -1
		}
		best, longest := -1, -1
		for _, r := range replies {
			p.play(r)
			if n, ok := t.vct(p, vctDepth); ok && n > longest {
				best, longest = r, n
			}
			p.undo()
		}
		return best
	})
}
