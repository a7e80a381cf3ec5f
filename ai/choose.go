package ai

import (
	"slices"

	"tictactoe/game"
)

// choose returns the best moves for the side to move, in cell order, their root score
// and whether it is proven. Unless valued is set, a move that is the only one to consider
// is returned at once, with a score of 0, unproven.
func (s *searcher) choose(p *position, valued bool) (best []int, score int, proven bool) {
	me, them := p.turn, p.turn.Opponent()
	s.line = nil
	s.why = reason{}
	s.told = false
	defer func() {
		if !s.told && len(best) > 0 && !s.cancelled {
			// Chosen without an iteration of alpha-beta: its one line, as far as known.
			line := s.line
			if len(line) == 0 {
				line = []game.Cell{s.g.cell(best[0])}
			}
			s.thinkLine(p, 0, 0, best[0], score, proven, line)
		}
	}()
	if p.threats(me) > 0 {
		s.why.kind = whyWinNow
		return sorted(p.winningCells(me, nil, p.g.n)), win - 1, true
	}
	if s.bigBoard && p.free == s.g.n {
		// An empty big board: any cell nearest the centre, at once, as every engine opens.
		s.why.kind = whyOnly
		return sorted(slices.Clone(s.g.centre)), 0, false
	}
	var moves []int
	all := true
	if p.threats(them) > 0 {
		moves = p.legalOnly(p.winningCells(them, nil, p.g.n)) // block, even when it cannot save the game
		s.why.kind, s.why.blocks = whyBlock, len(moves)
	} else {
		s.scratch(0)
		moves, all = s.order(p, 0, -1, 0, false)
		moves = p.legalOnly(slices.Clone(moves))
		if byProof(s.g, p.free) && p.free <= proofPlayFree && s.maxDepth == 0 {
			// Too big for alpha-beta to solve at once: a win that proof-number search
			// finds with a share of the move is played (but not in a move bounded by
			// depth, which proof-number search knows nothing of).
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
			s.unsettled() // a forced win to stop: more time
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
	defer s.helpers(p, moves, all)()
	s.deepen(p, func(depth int) bool {
		ties, top, allProven, finished := s.searchRoot(p, moves, depth, all)
		s.thinkRoot(p, depth, finished)
		if !finished {
			if s.timed && !s.cancelled && len(ties) > 0 {
				// The best moves of the last iteration came first: the best of the
				// moves searched at this depth are at least as well founded.
				best, score, proven = sorted(ties), top, false
			}
			return false
		}
		if depth >= settleDepth && len(best) > 0 && !slices.Contains(ties, best[0]) {
			s.unsettled() // the best move changed: more time
		}
		best, score, proven = sorted(ties), top, allProven
		s.why.depth, s.why.proven = depth, allProven
		if s.timed {
			moves = bestFirst(moves, best)
		}
		return allProven
	})
	return best, score, proven
}

// searchRoot is one iteration of choose's deepening: it searches each of moves depth
// plies deep and returns the best of them (ties in the order searched), their score,
// whether every score is proven (all says whether moves are all the moves), and whether
// it finished; when the search stopped first, what it returns is of the moves it
// finished. Each move is searched with the window (bound-1, ∞) (see searchRootMove),
// bound being top, or with more than one line (see Engine.Lines) the lines-th best score
// so far: every move worth bound or more gets its exact score, so the ties, and the best
// lines, are seen directly; the others are worse. The moves it scored exactly it keeps
// in s.ranked, best first, for thinkRoot.
func (s *searcher) searchRoot(p *position, moves []int, depth int, all bool) (ties []int, top int, allProven, finished bool) {
	top, allProven = -inf, all
	bound := -inf
	s.ranked = s.ranked[:0]
	s.depthNow.Store(int32(depth))
	defer lean(p)()
	s.judgeRoot(p)
	if s.watch != nil {
		s.think(Thought{Kind: ThoughtDepth, Depth: depth})
	}
	for _, c := range moves {
		s.thinkAt(ThoughtSearching, depth, c)
		p.play(c)
		v, ok := s.searchRootMove(p, depth, bound)
		p.undo()
		if s.stopped {
			return ties, top, false, false
		}
		allProven = allProven && ok
		switch {
		case v > top:
			top, ties = v, append(ties[:0], c)
			s.thinkAt(ThoughtBest, depth, c)
		case v == top:
			ties = append(ties, c)
		}
		if v < -mate {
			s.thinkAt(ThoughtLost, depth, c)
		}
		s.thinkAt(ThoughtSearched, depth, c)
		if v >= bound {
			s.ranked = rank(s.ranked, rootScore{c, v, ok}, s.lines)
		}
		bound = top
		if s.lines > 1 {
			bound = -inf
			if len(s.ranked) == s.lines {
				bound = s.ranked[s.lines-1].score
			}
		}
	}
	return ties, top, allProven, true
}

// searchRootMove returns the value, for the side that moved, of the root move just
// played in p, searched depth-1 plies deep within the window (bound-1, ∞) as searchRoot
// asks, and whether it is proven. After the first move (bound above −∞) it first tries
// the null window (bound-1, bound), which a move worth less than bound, as most are,
// fails at less cost: its replies then need only show that one of them holds it below
// bound, where the open window asked each reply's line for its exact value. Only a move
// that reaches bound is searched again with the open window. It is not the same search:
// futility prunes and a node likely to fail high is reduced only where the window is
// null (see futile and failsHigh) and late moves are reduced only where it is open (see
// search), so a move may fall short of bound in the one and reach it in the other, and
// the best moves and their value may differ (and a move below bound that loses is seen
// as lost, for ThoughtLost, less often: its null window's bound need not be a loss's).
// On the 103 positions of the deep and conversion suites, a second of the benchmark's
// step clock each, iterations reach 14.85 plies on average where 13.70 at the same
// count of positions. Against Rapfi through pbrain at 1000 ms a move, 15×15: 82 of 200
// on seed 1091 and 82.5 on seed 1101, where the open window scored 77.5 and 76 in the
// same runs (33 games better, 21 worse); at 200 ms even or a little behind: 83 (its
// trial build) on seed 971's openings where 76.5, 71.5 on seed 1111 where 80.5, 73.5 on
// seed 1121 where 77.5 (228 of 600 where 234.5).
func (s *searcher) searchRootMove(p *position, depth, bound int) (int, bool) {
	if bound > -inf {
		if v, ok := s.search(p, depth-1, 1, -bound, 1-bound); -v < bound || s.stopped {
			return -v, ok
		}
	}
	v, ok := s.search(p, depth-1, 1, -inf, 1-bound)
	return -v, ok
}

// rootScore is a move at the root and its exact score.
type rootScore struct {
	move, score int
	proven      bool
}

// rank inserts r into ranked, best first (after those of its score), keeping at most n.
func rank(ranked []rootScore, r rootScore, n int) []rootScore {
	i := len(ranked)
	for i > 0 && ranked[i-1].score < r.score {
		i--
	}
	ranked = slices.Insert(ranked, i, r)
	return ranked[:min(len(ranked), n)]
}

// thinkRoot tells the watcher the best lines of the iteration of depth that searchRoot
// ended, when it finished.
func (s *searcher) thinkRoot(p *position, depth int, finished bool) {
	if s.watch == nil || !finished {
		return
	}
	s.told = true
	for i, r := range s.ranked {
		s.thinkLine(p, i, depth, r.move, r.score, r.proven, nil)
	}
}

// settleDepth is the least depth at which a change of the best move makes a timed move
// unsettled (see unsettledShare): the first few iterations, a few milliseconds, change
// their minds as a matter of course.
const settleDepth = 5

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

// noLimitThreats is how many positions the threat searches of a move may visit when the
// move has no limit; with one, they may take nine tenths of what is left of it.
const noLimitThreats = 1 << 20

// tactics runs the threat searches that choose makes on boards too big to solve, with
// moves the moves it would search. When the side to move has a forced win it returns the
// first move and the win's length in plies, and keeps the whole line in s.line. Otherwise,
// when the opponent would have a forced win if it could move now, it returns the moves
// after which the opponent's is no longer found (all of them when none are).
func (s *searcher) tactics(p *position, moves []int) (move, plies int, won bool, keep []int) {
	if s.threat == nil {
		s.threat = newThreatSearch(s)
	}
	t := s.threat
	t.gen++ // a fresh table for each move: what it finds depends only on the position
	budget := int64(noLimitThreats)
	if s.limit > 0 {
		budget = max(1, (s.limit-s.nodes)*9/10)
	}
	defer func() { s.stopped = false }() // what is left of the move is the alpha-beta's
	if move, plies, won = t.find(p, budget/4); won {
		now := s.now
		if !s.timed {
			s.now = nil // the line is owed in full; a timed move keeps to its deadline
		}
		s.line = t.line(p)
		s.now = now
		return move, plies, true, nil
	}
	if len(moves) <= 1 || p.threats(p.turn.Opponent()) > 0 {
		return -1, 0, false, moves // nothing to choose from, or only blocks
	}
	used := t.nodes
	p.pass()
	threat, _, threatened := t.find(p, budget/4)
	var stops []int
	sound := false
	if threatened {
		stops, sound = t.stops(p, threat)
	}
	p.pass()
	used += t.nodes
	if !threatened {
		return -1, 0, false, moves
	}
	// The moves that could stop the opponent's win are worth a look, and of those the
	// moves after which the threat search no longer finds a win for it. Against a win by
	// fours only the cells of its zone and our own fours can; against one with threes the
	// first threat's cells come first, and then the rest. A four of ours nearly always
	// passes the look that follows, for threat search finds no win for a side that must
	// block first: alpha-beta then judges it beside the stops. Looking past the block to
	// drop such fours played fewer of them and scored less (the four's stops, ai/README.md).
	var candidates, rest []int
	for _, c := range moves {
		switch {
		case slices.Contains(stops, c) || p.makesFour(p.turn, c):
			candidates = append(candidates, c)
		case !sound:
			rest = append(rest, c)
		}
	}
	candidates = append(candidates, rest...)
	// Two rounds: a quick look at each, then what is left of the budget for the moves that
	// passed it. When every move loses as far as it sees, it keeps those that lose last.
	keep = candidates
	for round := 2; round > 0 && len(keep) > 1; round-- {
		var next, slowest []int
		longest := 0
		share := max(1, (budget-used)/int64(round))
		for i, c := range keep {
			p.play(c)
			_, plies, lost := t.find(p, max(1, share/int64(len(keep)-i)))
			p.undo()
			used += t.nodes
			share -= t.nodes
			switch {
			case !lost:
				next = append(next, c)
			case plies > longest:
				longest, slowest = plies, append(slowest[:0], c)
			case plies == longest:
				slowest = append(slowest, c)
			}
		}
		if len(next) == 0 {
			keep = slowest
			break
		}
		keep = next
	}
	if len(keep) == 0 { // no candidate at all: the stops lie beyond the moves searched
		return -1, 0, false, moves
	}
	return -1, 0, false, keep
}
