package ai

import (
	"cmp"
	"slices"
	"time"

	"tictactoe/game"
)

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
// over every first move spends most of its time on the others (on 4×10 with four in a
// row, 245 to 363 million positions in place of 87). The answer is kept in the table, and
// counts towards the position's either way.
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

// unclocked lifts the searcher's deadline and gives it budget more positions, when it
// has a clock to count them by (the count is checked with the clock), for a line that is
// owed once a value is proven; the function it returns puts both back.
func (s *searcher) unclocked(budget int64) func() {
	limit, deadline := s.limit, s.deadline
	s.limit, s.stopped = s.nodes+budget, false
	if s.now != nil {
		s.deadline = s.now().Add(24 * time.Hour)
	}
	return func() { s.limit, s.deadline, s.stopped = limit, deadline, false }
}

// lineNodes is the most positions line may search to prove again what the table lost.
const lineNodes = 1 << 20

// proofHintLine returns, for the hint, the forced win that proveWin found, from its
// move to the end of the game, or nil when the rest of the move's count cannot find it
// all.
func (s *searcher) proofHintLine(p *position, move int) []int {
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
	line := []int{move}
	for _, c := range rest {
		line = append(line, s.g.index(c))
	}
	return line
}

// proofSearch returns the searcher's prover, made at its first use, with a fresh threat
// table for a new position.
func (s *searcher) proofSearch() *prover {
	if s.prover == nil {
		s.prover = newProver(s)
	}
	s.threat.gen++
	return s.prover
}

// proofPlayFree is the most free cells for which a move tries proof-number search: up to
// 6×6 and 4×10 from the start. With more (7×7, 8×8) a win is far beyond the share of a
// move it gets, and the time would only be taken from alpha-beta.
const proofPlayFree = 40

// proveWin looks for a proven win of the side to move by proof-number search, with an
// eighth of what is left of the search's count of positions (no bound when it has
// none), and returns its first move, the quickest the proof knows, and its plies.
func (s *searcher) proveWin(p *position) (move, plies int, ok bool) {
	r := s.proofSearch()
	limit := s.limit
	if limit > 0 {
		s.limit = s.nodes + max(1, (limit-s.nodes)/8)
	}
	won, settled, _ := r.prove(p, p.turn)
	s.limit, s.stopped = limit, false
	if !settled || !won {
		return -1, 0, false
	}
	moves, _ := r.moves(p, 0)
	move = -1
	for _, c := range moves {
		if e := r.after(p, c); e != nil && e.pn == 0 && (move < 0 || int(e.plies) < plies) {
			move, plies = c, int(e.plies)
		}
	}
	return move, plies + 1, move >= 0
}
