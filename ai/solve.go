package ai

import (
	"cmp"
	"slices"

	"tictactoe/game"
)

// proofFree is the fewest free cells from which Analyze solves by proof-number search
// rather than by alpha-beta: more than a 5×5 board holds. Alpha-beta gives the exact
// number of plies to every win and settles the draws of boards up to 5×5 at once; beyond,
// proof-number search settles far more, and its plies are those of the win it proves.
const proofFree = solveOutright + 1

// analyzeByProof is Analyze by proof-number search: for every move (one of each set that a
// symmetry of the position maps onto each other), whether the side that moved wins,
// whether the other side does, and else a draw.
func (s *searcher) analyzeByProof(p *position) Analysis {
	if s.prover == nil {
		s.prover = newProver(s)
	}
	r := s.prover
	s.threat.gen++
	me := p.turn
	same := s.symmetriesOf(p)
	values := make([]Value, s.g.n)
	var moves []int
	for c, m := range p.cells {
		if m != game.Empty {
			continue
		}
		moves = append(moves, c)
		if rep := representative(same, c); rep != c {
			values[c] = values[rep]
			continue
		}
		p.play(c)
		v := r.value(p)
		p.undo()
		if v.Winner != game.Empty {
			v.Plies++
		}
		values[c] = v
	}
	score := func(v Value) int {
		switch v.Winner {
		case me:
			return win - v.Plies
		case game.Empty:
			return 0
		}
		return v.Plies - win
	}
	slices.SortStableFunc(moves, func(a, b int) int { return cmp.Compare(score(values[b]), score(values[a])) })
	a := Analysis{Value: values[moves[0]]}
	for _, c := range moves {
		a.Moves = append(a.Moves, MoveValue{Cell: s.g.cell(c), Value: values[c]})
		a.Value.Exact = a.Value.Exact && values[c].Exact
	}
	a.Nodes = s.nodes
	if a.Value.Exact && a.Value.Winner != game.Empty {
		a.Line = r.line(p, a.Value.Winner)
	}
	return a
}

// symmetriesOf returns the symmetries of the board that leave p's marks where they are.
func (s *searcher) symmetriesOf(p *position) [][]int {
	var same [][]int
	for _, perm := range s.g.syms {
		fixed := true
		for c, m := range p.cells {
			fixed = fixed && p.cells[perm[c]] == m
		}
		if fixed {
			same = append(same, perm)
		}
	}
	return same
}

// representative returns the least cell that one of the symmetries takes c to.
func representative(syms [][]int, c int) int {
	least := c
	for _, perm := range syms {
		least = min(least, perm[c])
	}
	return least
}

// value returns the value of p for the side to move: a win of either side that the
// search proves, else a draw once both wins are disproven, or a draw not proven when the
// searcher stopped first.
func (r *prover) value(p *position) Value {
	for _, a := range []game.Mark{p.turn, p.turn.Opponent()} {
		won, settled, plies := r.prove(p, a)
		if !settled {
			return Value{}
		}
		if won {
			return Value{Winner: a, Plies: plies, Exact: true}
		}
	}
	return Value{Exact: true}
}

// line returns a forced win of winner from p, which the search has proven: the winner's
// moves, each towards the quickest end the proof knows, and the loser's replies, each the
// one that holds out longest, to the end of the game. It proves again what the table has
// lost, and stops short if it cannot.
func (r *prover) line(p *position, winner game.Mark) []game.Cell {
	s := r.s
	now, limit := s.now, s.limit
	s.now, s.limit, s.stopped = nil, 0, false
	defer func() { s.now, s.limit, s.stopped = now, limit, false }()
	var line []game.Cell
	played := 0
	for !p.won && p.free > 0 {
		moves, _ := r.moves(p, 0)
		moves = slices.Clone(moves)
		best, bestPlies := -1, 0
		for _, c := range moves {
			p.play(c)
			won, settled, plies := r.prove(p, winner)
			p.undo()
			if !settled || !won {
				continue
			}
			if best < 0 || p.turn == winner && plies < bestPlies || p.turn != winner && plies > bestPlies {
				best, bestPlies = c, plies
			}
		}
		if best < 0 {
			break
		}
		p.play(best)
		played++
		line = append(line, s.g.cell(best))
	}
	for range played {
		p.undo()
	}
	return line
}
