package ai

import (
	"cmp"
	"slices"
	"tictactoe/game"
)

// Analyze returns the value of b's position and of every legal move, searching until
// each is proven or the deadline passes. On a finished board it has no moves.
func (m *Engine) Analyze(b *game.Board) Analysis {
	return m.analyze(b, 0) // analysis is bounded by time alone
}

// analyze is Analyze, stopping after limit positions when limit is above 0 and m has a
// clock.
func (m *Engine) analyze(b *game.Board, limit int64) Analysis {
	free := len(b.Empty())
	s := m.searcherFor(b)
	s.limit = limit
	p := newPosition(b, s.g, s.keys, s.bigBoard)
	a := Analysis{}
	if !b.Over() && byProof(s.g, free) {
		return s.analyzeByProof(p)
	}
	if b.Over() {
		score, _ := s.search(p, 0, 0, -inf, inf)
		a.Value, a.Nodes = valueOf(score, b.Turn(), true), s.nodes
		return a
	}
	moves := p.legalMoves()
	var scores []int
	var proven []bool
	stop := s.helpers(p, moves, true)
	s.deepen(p, func(depth int) bool {
		s.depthNow.Store(int32(depth))
		sc, pr := make([]int, len(moves)), make([]bool, len(moves))
		all, won := true, false
		defer lean(p)()
		s.judgeRoot(p)
		for i, c := range moves {
			p.play(c)
			v, ok := s.search(p, depth-1, 1, -inf, inf)
			p.undo()
			if s.stopped {
				return false
			}
			sc[i], pr[i] = -v, ok
			all = all && ok
			won = won || ok && -v > mate
		}
		scores, proven = sc, pr
		// On a big board, where the other moves would never all be settled, a proven win
		// is the answer.
		return all || s.bigBoard && won
	})
	stop()
	order := make([]int, len(moves)) // indexes into moves, best first
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(i, j int) int { return cmp.Compare(scores[j], scores[i]) })
	for _, i := range order {
		a.Moves = append(a.Moves, MoveValue{Cell: s.g.cell(moves[i]), Value: valueOf(scores[i], b.Turn(), proven[i])})
	}
	// A proven win of the side to move is the position's value, other moves open or not.
	won := proven[order[0]] && scores[order[0]] > mate
	a.Value = valueOf(scores[order[0]], b.Turn(), won || !slices.Contains(proven, false))
	a.Nodes = s.nodes
	switch {
	case !a.Value.Exact || a.Value.Winner == game.Empty:
	case s.bigBoard && won:
		a.Line = s.threatLine(p)
	case !s.bigBoard:
		a.Line = s.bestLine(p)
	}
	return a
}

// proofFree is the fewest free cells from which Analyze solves by proof-number search
// rather than by alpha-beta: more than a 5×5 board holds. Alpha-beta gives the exact
// number of plies to every win and settles the draws of boards up to 5×5 at once; beyond,
// proof-number search settles far more, and its plies are those of the win it proves.
const proofFree = solveOutright + 1

// byProof reports whether a position with free empty cells on a board of geometry g is
// one for proof-number search: more free cells than alpha-beta solves at once, on a
// bitboard (big boards are searched near the marks, and never solved), under freestyle
// (the proof's leaf tests count rows of k or more).
func byProof(g *geometry, free int) bool {
	return g.bitboard && g.size.Rule == game.Freestyle && free >= proofFree
}

// analyzeByProof is Analyze by proof-number search: first whether the side to move wins
// (see proveRoot); then for every move (one of each set that a symmetry of the position
// maps onto each other), whether the side that moved wins; then, after each move that
// does not win, whether the other side does; and else a draw. A proven win of the side
// to move is the position's value even when the clock leaves other moves open.
func (s *searcher) analyzeByProof(p *position) Analysis {
	r := s.proofSearch()
	me, them := p.turn, p.turn.Opponent()
	same := s.symmetriesOf(p)
	values := make([]Value, s.g.n)
	var moves, reps []int
	for c, m := range p.cells {
		if m == game.Empty {
			moves = append(moves, c)
			if representative(same, c) == c {
				reps = append(reps, c)
			}
		}
	}
	// first[c] is the answer to the first question after move c, whether the side that
	// moved wins (nil while open), and second[c] to the second, whether the other side
	// does, asked only when the first is no.
	first, second := make([]*Value, s.g.n), make([]*Value, s.g.n)
	// ask proves, after move c, whether a wins, within budget positions when there is a
	// clock, and returns the value it proved, or nil.
	ask := func(c int, a game.Mark, budget int64) *Value {
		if s.now != nil {
			s.limit = s.nodes + budget
		}
		p.play(c)
		won, settled, plies := r.prove(p, a)
		p.undo()
		if s.stopped && s.now != nil && s.now().Before(s.deadline) {
			s.stopped = false // the count ran out, not the time
		}
		switch {
		case !settled:
			return nil
		case won:
			return &Value{Winner: a, Plies: plies + 1, Exact: true}
		}
		return &Value{Exact: true}
	}
	// The position's own question first, whether the side to move wins, with a share of
	// the time when there is a clock (see proveRoot): proof-number search spends it under
	// the moves likeliest to settle it, where the rounds below share the time out evenly
	// among the moves. A win it proves is the position's value, whatever the other moves
	// are worth (on 4×9 with four in a row, one first move wins, and the rounds would give
	// it a tenth of the time), and a disproof answers every move's first question at once.
	var rootWin *Value
	if won, settled, plies := s.proveRoot(r, p); settled {
		if won {
			rootWin = &Value{Winner: me, Plies: plies, Exact: true}
		}
		for _, c := range reps { // what the table knows of each move
			if !won {
				first[c] = &Value{Exact: true}
				continue
			}
			switch e := r.after(p, c); {
			case e != nil && e.pn == 0:
				first[c] = &Value{Winner: me, Plies: int(e.plies) + 1, Exact: true}
			case e != nil && e.dn == 0:
				first[c] = &Value{Exact: true}
			}
		}
	}
	// On an empty board the other side can win after a move only if the side to move
	// wins the game: a win for the other side there, with a mark of ours less on the
	// board (an extra mark never hurts its owner) and the marks' names swapped, would be
	// a win for the side to move from the empty board. So there the second questions wait
	// until a first one is a win, and are not asked at all when every first one is
	// settled and none is.
	empty := p.free == s.g.n
	wins := func() bool {
		return slices.ContainsFunc(reps, func(c int) bool { return first[c] != nil && first[c].Winner == me })
	}
	settledFirst := func() bool {
		return !slices.ContainsFunc(reps, func(c int) bool { return first[c] == nil })
	}
	// The questions are asked in rounds. With a clock each open one gets a count of
	// positions that doubles from round to round, so that a hard move does not take all
	// the time of the easier ones after it; without one, each is settled when asked.
	open := reps
	for budget := int64(firstRound); len(open) > 0 && !s.stopped; budget *= 2 {
		var still []int
		for _, c := range open {
			if first[c] == nil {
				if first[c] = ask(c, me, budget); first[c] == nil {
					still = append(still, c)
					continue
				}
			}
			if first[c].Winner == me || empty && !wins() {
				continue // settled, or its second question waits for a win
			}
			if second[c] = ask(c, them, budget); second[c] == nil {
				still = append(still, c)
			}
		}
		if empty && wins() {
			for _, c := range reps { // the second questions that waited
				if first[c] != nil && first[c].Winner != me && second[c] == nil && !slices.Contains(still, c) {
					still = append(still, c)
				}
			}
		}
		open = still
	}
	s.limit = 0
	skip := empty && settledFirst() && !wins()
	for _, c := range reps {
		switch {
		case first[c] == nil:
		case first[c].Winner == me || skip:
			values[c] = *first[c]
		case second[c] != nil:
			values[c] = *second[c]
		}
	}
	for _, c := range moves {
		values[c] = values[representative(same, c)]
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
	switch best := values[moves[0]]; {
	case best.Exact && best.Winner == me:
		a.Value = best // a proven win is the position's value, open moves or not
	case rootWin != nil:
		a.Value = *rootWin // the table lost the winning move's proof, and time ran out
	}
	a.Nodes = s.nodes
	if a.Value.Exact && a.Value.Winner != game.Empty {
		if line, whole := r.line(p, a.Value.Winner, lineNodes); whole {
			a.Line = line
		}
	}
	return a
}

// proveRoot proves whether the side to move in p wins, with half of the time left when
// the searcher has a clock, or three quarters on an empty board, where that question is
// the game's value. On an empty board it first asks whether the move nearest the centre
// wins: where the first player wins, the proofs we know start there, and df-pn spread
// over every first move spends most of its time on the others. The answer is kept in the
// table, and counts towards the position's either way.
func (s *searcher) proveRoot(r *prover, p *position) (won, settled bool, plies int) {
	empty := p.free == s.g.n
	if s.now != nil {
		deadline := s.deadline
		now := s.now()
		share := deadline.Sub(now) / 2
		if empty {
			share = deadline.Sub(now) * 3 / 4
		}
		s.deadline = now.Add(share)
		defer func() {
			s.deadline = deadline
			s.stopped = !s.now().Before(deadline)
		}()
	}
	if empty && p.free > 1 {
		c := s.g.centre[0]
		p.play(c)
		won, settled, plies := r.prove(p, p.turn.Opponent())
		p.undo()
		if won || !settled {
			return won, settled, plies + 1
		}
	}
	return r.prove(p, p.turn)
}

// firstRound is the count of positions that analyzeByProof gives each question in its
// first round, with a clock: about a hundredth of a second.
const firstRound = 1 << 14

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
