package ai

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	"tictactoe/game"
)

// Value is what a position or a move is worth with best play from both sides: who wins
// and in how many plies from the position, or a draw (Winner Empty). Exact is false when
// the search stopped at its deadline before it could prove the value; such a value is the
// best known, and a draw then means that neither side was found to win.
type Value struct {
	Winner game.Mark
	Plies  int
	Exact  bool
}

// String returns "X wins in 3", "O wins in 4" or "draw", with " (not proven)" appended
// when the value is not exact.
func (v Value) String() string {
	s := "draw"
	if v.Winner != game.Empty {
		s = fmt.Sprintf("%v wins in %d", v.Winner, v.Plies)
	}
	if !v.Exact {
		s += " (not proven)"
	}
	return s
}

// valueOf turns a root-relative score for toMove into a Value.
func valueOf(score int, toMove game.Mark, proven bool) Value {
	switch {
	case score > mate:
		return Value{Winner: toMove, Plies: win - score, Exact: proven}
	case score < -mate:
		return Value{Winner: toMove.Opponent(), Plies: win + score, Exact: proven}
	}
	return Value{Exact: proven}
}

// MoveValue is a legal move and the value of the position it leads to, its plies counted
// from the position before the move.
type MoveValue struct {
	Cell  game.Cell
	Value Value
}

// Analysis is the value of a position and of each of its legal moves, best first for the
// side to move, and how many positions the search visited. The value is exact when every
// move's is, or when the side to move is proven to win: then some moves may still be
// open. When the value is a proven win, Line is a forced win from the position: the
// winner's moves and the loser's replies that hold out longest, to the end of the game.
type Analysis struct {
	Value Value
	Moves []MoveValue
	Line  []game.Cell
	Nodes int64
}

// Minimax plays perfectly wherever the game can be solved within Think: a negamax search
// with alpha-beta pruning, a transposition table that keeps both bounds of a position and
// folds the board's symmetries (8 on a square, 4 on a rectangle) into its key, move
// ordering (wins, forced blocks, the table's move, then line potential) and scores that
// prefer the quickest win and the slowest loss. It proves draws early by the
// Erdős–Selfridge criterion: a side whose open lines, each weighted 2^-(marks it still
// needs), sum below 1/2 (1 when the other side is to move) can be stopped from completing
// any of them. With it 4×4 boards and 5×5 with five in a row are settled at once, and
// 5×5 with four in a row in about half a second from the empty board.
//
// It deepens iteratively: when the game is too big to solve in time, it plays the best
// move of the deepest search it finished, judged at the horizon by threat shapes: lines
// still open for it minus lines still open for the opponent (the Chinese course project's
// evaluation, each line weighted by the marks it holds), and a bonus for the side to move
// when one move of its own makes two fours (see evaluate); and it never plays a move that
// loses at once when another does not. On boards of more than 64 cells it first runs
// threat-space search (see threat.go): it plays a forced win by fours (VCF) or by threes
// and fours (VCT) when it finds one, and when the opponent would have one it keeps only
// the moves after which the opponent's is no longer found; there the search also answers
// an open three only with moves on its lines or fours, and below the root tries only the
// best few moves by its order (see beamWidth). Among equally good moves it
// chooses with Rand, so games vary but a seed replays them; a search with a deadline also
// stops after a number of positions set by Think (see pace), so that on a machine that is
// not too slow the seed replays the games it cannot solve too, unless it is Timed.
//
// Positions of more than 25 free cells on boards of at most 64 cells are beyond
// alpha-beta's reach in a move: there Analyze solves by proof-number search (see
// proof.go), with threat search, Erdős–Selfridge and pairing strategies settling its
// leaves, and with at most 40 free cells Move and Hint play a win that it proves with an
// eighth of the move. The
// plies of a win it proves are those of its proof: the winner can always win within them,
// and may have a quicker win.
//
// It plays by the board's rule (see game.Rule): its fours, wins and threats are rows that
// win under the rule, it never tries a move the rule forbids, and proof-number search runs
// under Freestyle only, so that under Exact and Renju the boards of at most 64 cells are
// searched by alpha-beta alone.
//
// The transposition table takes at most MaxTableEntries entries (96 MiB, on boards of 18
// to 64 cells, which it may solve; 24 MiB on bigger ones, which it cannot), and the proof
// table, made when first needed, 24 MiB; both are kept from move to move, and game to
// game, while the board size stays the same.
type Minimax struct {
	Rand  *rand.Rand
	Think time.Duration    // the most a move may take; 0 for no limit
	Now   func() time.Time // the clock the deadline is read from; nil for no limit
	// Memory bounds the tables, in bytes: the transposition table, and on boards of at
	// most 64 cells the proof table with it; 0 leaves them at their usual sizes. The
	// small tables of threat search (6 MiB) and of the proof's leaves (3.5 MiB) are
	// not counted.
	Memory int64
	// Timed makes the clock alone end the search of Move and Hint, and uses the time: the
	// search deepens while a new iteration is likely to finish before the deadline, which
	// stops it. Without it, a search with a deadline also stops after a count of positions
	// (see pace), so that a seed replays its games.
	Timed bool
	// Stop, when closed, ends the search in progress at once: Move and Hint then fail
	// with ErrStopped. Nil never stops it.
	Stop <-chan struct{}

	s         *searcher
	explainer *Minimax // Explain's own analysis, kept apart from the searcher of Move
}

// searcherFor returns the searcher for b's size, with its clock set (see setClock).
func (m *Minimax) searcherFor(b *game.Board) *searcher {
	var start time.Time
	if m.Now != nil && m.Think > 0 {
		start = m.Now() // read before the table is made, which takes time
	}
	if m.s == nil || m.s.g.size != b.Size() || m.Memory > 0 && m.s.tableBytes() > m.Memory {
		m.s = newSearcher(b.Size(), m.Memory)
	}
	m.setClock(m.s, start)
	return m.s
}

// pace sets how many positions a search with a deadline may visit: Think × pace /
// √cells. On a machine like ours (2 cores, 2026) the search visits about half again as
// many in that time, from 1.2 million a second on 6×6 to half a million on 19×19, so the
// count, not the clock, stops it: then a seed replays the same moves even on boards too big
// to solve, as CONTRACT.md promises. Only on a slower machine does the deadline come first.
// A timed move (see Minimax.Timed) keeps the count for its threat and proof searches
// only: its alpha-beta runs to the deadline.
const pace = 3_500_000

// bigBoardCost is how many times dearer a position is on a board too big to solve, where
// the search also weighs threat shapes and answers open threes, and threat search (whose
// positions cost about the same) runs first: the count of positions is divided by it
// there, to keep the count, not the clock, in charge.
const bigBoardCost = 2

// Nodes returns how many positions the last Move, Hint or Analyze searched.
func (m *Minimax) Nodes() int64 {
	if m.s == nil {
		return 0
	}
	return m.s.nodes
}

// Move returns the best move for the side to move on b, chosen among the equally good
// ones with m.Rand (the first of them when Rand is nil). It fails on a finished board,
// and with ErrStopped when Stop ends its search.
func (m *Minimax) Move(b *game.Board) (game.Cell, error) {
	if err := playable(b); err != nil {
		return game.Cell{}, err
	}
	s := m.searcherFor(b)
	best, _, _ := s.choose(newPosition(b, s.g, s.keys, s.bigBoard), false)
	if s.cancelled {
		return game.Cell{}, ErrStopped
	}
	if m.Rand == nil {
		return s.g.cell(best[0]), nil
	}
	return s.g.cell(best[m.Rand.IntN(len(best))]), nil
}

// Hint returns the move Move would make, the first of the equally good ones so that
// asking does not change the game's random choices, and what it is worth. Like Move, it
// fails on a finished board, and with ErrStopped.
func (m *Minimax) Hint(b *game.Board) (game.Cell, Value, error) {
	if err := playable(b); err != nil {
		return game.Cell{}, Value{}, err
	}
	s := m.searcherFor(b)
	best, score, proven := s.choose(newPosition(b, s.g, s.keys, s.bigBoard), true)
	if s.cancelled {
		return game.Cell{}, Value{}, ErrStopped
	}
	return s.g.cell(best[0]), valueOf(score, b.Turn(), proven), nil
}

// Line returns the forced win that the last Move or Hint found by threat search on a
// board too big to solve, or that the last Hint found by proof-number search, from the
// move it chose to the end of the game, with the
// opponent's forced replies and, where it has a choice, the reply that holds out longest;
// nil when it found none.
func (m *Minimax) Line() []game.Cell {
	if m.s == nil || m.s.line == nil {
		return nil
	}
	line := make([]game.Cell, len(m.s.line))
	for i, c := range m.s.line {
		line[i] = m.s.g.cell(c)
	}
	return line
}

// Analyze returns the value of b's position and of every legal move, searching until
// each is proven or the deadline passes. On a finished board it has no moves.
func (m *Minimax) Analyze(b *game.Board) Analysis {
	return m.analyze(b, 0) // analysis is bounded by time alone
}

// analyze is Analyze, stopping after limit positions when limit is above 0 and m has a
// clock.
func (m *Minimax) analyze(b *game.Board, limit int64) Analysis {
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
	s.deepen(p, func(depth int) bool {
		sc, pr := make([]int, len(moves)), make([]bool, len(moves))
		all := true
		for i, c := range moves {
			p.play(c)
			v, ok := s.search(p, depth-1, 1, -inf, inf)
			p.undo()
			if s.stopped {
				return false
			}
			sc[i], pr[i] = -v, ok
			all = all && ok
		}
		scores, proven = sc, pr
		return all
	})
	order := make([]int, len(moves)) // indexes into moves, best first
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(i, j int) int { return cmp.Compare(scores[j], scores[i]) })
	for _, i := range order {
		a.Moves = append(a.Moves, MoveValue{Cell: s.g.cell(moves[i]), Value: valueOf(scores[i], b.Turn(), proven[i])})
	}
	a.Value = valueOf(scores[order[0]], b.Turn(), !slices.Contains(proven, false))
	a.Nodes = s.nodes
	if a.Value.Exact && a.Value.Winner != game.Empty {
		a.Line = s.bestLine(p)
	}
	return a
}

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

// solveOutright is the most free cells for which deepen tries a full search first: a 5×5
// board from its start. With more, the attempt would rarely finish and only halve the
// time the deepening has.
const solveOutright = 25

// deepen runs iteration at depths 1, 2, ... until it reports that its result is proven,
// the depth covers every free cell, the deadline stops it, or in a timed move the soft
// deadline has passed (see another). The first iteration always runs to its end, unless
// the move is stopped (see Minimax.Stop), so there is always a result to use. With at most solveOutright free
// cells, on a board where every move is searched, it then first tries to solve the
// position outright, with half of the time and positions left, which skips the cost of
// the depths between; only if that fails does it go on deepening, with the rest.
func (s *searcher) deepen(p *position, iteration func(depth int) bool) {
	s.iterating()
	now := s.now
	s.now = nil
	done := iteration(1)
	s.now = now
	if done || p.free <= 1 {
		return
	}
	if !s.bigBoard && p.free <= solveOutright {
		limit, deadline := s.limit, s.deadline
		if limit > 0 {
			s.limit = s.nodes + (limit-s.nodes)/2
		}
		if now != nil {
			t := now()
			s.deadline = t.Add(deadline.Sub(t) / 2)
		}
		done = iteration(p.free)
		s.limit, s.deadline = limit, deadline
		if done || !s.stopped {
			return
		}
		s.stopped = false
	}
	for depth := 2; depth <= p.free && s.another(); depth++ {
		if iteration(depth) || s.stopped {
			return
		}
	}
}

// choose returns the best moves for the side to move, in cell order, their root score
// and whether it is proven. Unless valued is set, a move that is the only one to consider
// is returned at once, with a score of 0, unproven.
func (s *searcher) choose(p *position, valued bool) (best []int, score int, proven bool) {
	me, them := p.turn, p.turn.Opponent()
	s.line = nil
	s.why = reason{}
	if p.threats(me) > 0 {
		s.why.kind = whyWinNow
		return sorted(p.winningCells(me, nil, p.g.n)), win - 1, true
	}
	var moves []int
	all := true
	if p.threats(them) > 0 {
		moves = p.legalOnly(p.winningCells(them, nil, p.g.n)) // block, even when it cannot save the game
		s.why.kind, s.why.blocks = whyBlock, len(moves)
	} else {
		s.scratch(0)
		moves, all = s.order(p, 0, -1, false)
		moves = p.legalOnly(slices.Clone(moves))
		if byProof(s.g, p.free) && p.free <= proofPlayFree {
			// Too big for alpha-beta to solve at once: a win that proof-number search
			// finds with a share of the move is played.
			if move, plies, ok := s.proveWin(p); ok {
				if valued { // a hint shows the win
					s.line = s.proofHintLine(p, move)
				}
				s.why = reason{kind: whyProof, plies: plies}
				return []int{move}, win - plies, true
			}
		}
	}
	if s.bigBoard {
		// Too big to solve: play a forced win when threat search finds one, and when the
		// opponent has one, keep only the moves that stop it.
		move, plies, won, keep := s.tactics(p, moves)
		switch {
		case won && p.legal(move):
			s.why = reason{kind: whyThreat, plies: plies, vcf: s.threat.kind == kindVCF}
			return []int{move}, win - plies, true
		case won:
			s.line = nil // a win by a move the rule forbids is none
		case len(keep) < len(moves):
			s.why = reason{kind: whyDefence, kept: len(keep), of: len(moves)}
			moves, all = keep, false
		}
	}
	if len(moves) == 0 { // every move that matters is forbidden: any other that is not
		moves, all = p.legalMoves(), false
	}
	if len(moves) == 1 && !valued {
		if s.why.kind == 0 {
			s.why.kind = whyOnly
		}
		return moves, 0, false
	}
	s.deepen(p, func(depth int) bool {
		// Each move is searched with the window (top-1, ∞): every move worth top or more
		// gets its exact score, so the ties are seen directly; the others are worse.
		top, allProven := -inf, all
		var ties []int
		for _, c := range moves {
			p.play(c)
			v, ok := s.search(p, depth-1, 1, -inf, 1-top)
			p.undo()
			if s.stopped {
				if s.timed && !s.cancelled && len(ties) > 0 {
					// The best moves of the last iteration came first: the best of
					// the moves searched at this depth are at least as well founded.
					best, score, proven = sorted(ties), top, false
				}
				return false
			}
			allProven = allProven && ok
			switch v = -v; {
			case v > top:
				top, ties = v, append(ties[:0], c)
			case v == top:
				ties = append(ties, c)
			}
		}
		best, score, proven = sorted(ties), top, allProven
		s.why.depth, s.why.proven, s.why.bigBoard = depth, allProven, s.bigBoard
		if s.timed {
			moves = bestFirst(moves, best)
		}
		return allProven
	})
	return best, score, proven
}

// bestFirst returns moves with those in best first, each part in the order it had.
func bestFirst(moves, best []int) []int {
	out := make([]int, 0, len(moves))
	out = append(out, best...)
	for _, c := range moves {
		if !slices.Contains(best, c) {
			out = append(out, c)
		}
	}
	return out
}

// sorted sorts s in place and returns it.
func sorted(s []int) []int {
	slices.Sort(s)
	return s
}
