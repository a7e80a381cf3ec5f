package ai

import (
	"math"
	"sync/atomic"
	"time"

	"tictactoe/game"
)

// Scores are from the side to move's point of view and count plies from the root of the
// search: a win on ply p scores win-p and a loss on ply p scores p-win, so the search
// prefers the quickest win and the slowest loss. Scores beyond ±mate are wins and losses;
// those within are draws (0) or, at the horizon of a search that was cut short, the
// evaluation by threat shapes (see position.evaluate).
const (
	win  = 1_000_000_000
	mate = win - 1000
	inf  = win + 1
)

// searcher is a negamax search with alpha-beta pruning and a transposition table for one
// board size. It is reused from move to move and from game to game: what the table has
// proven about a position stays true.
type searcher struct {
	bound    int64 // the bytes all its tables may take, as it was made for; 0 for no bound
	hash     int64 // the bytes its table was asked to take; 0 for its usual size
	g        *geometry
	keys     *zobrist
	table    []ttSlot // shared with the helpers' searchers (see helpers)
	mask     uint64
	bigBoard bool // not a bitboard (see geometry): only moves near the marks are searched

	nodes     int64
	now       func() time.Time // nil: no deadline
	deadline  time.Time
	soft      time.Time       // in a timed move, no new iteration starts after it
	start     time.Time       // when a timed move began
	timed     bool            // the deadline, not the count, bounds alpha-beta (see setClock)
	limit     int64           // with a deadline, the most positions to search; 0 for no limit
	stop      <-chan struct{} // closed: give up the move
	hurry     <-chan struct{} // closed: end the move as at its deadline
	maxNodes  int64           // in a timed move, the most positions; 0 for no bound
	maxDepth  int             // in a timed move, the deepest iteration; 0 for no bound
	cancelled bool            // stop was seen closed: every search ends at once
	stopped   bool
	buf       [][]int // move lists, one per ply
	cands     []int   // the cells order considers (see candidates)
	scores    [][]int
	evals     []int // the evaluation at each ply (see improving, futile)

	threat *threatSearch // made at the first move on big boards, or the first proof
	prover *prover       // made at the first analysis that needs it
	line   []game.Cell   // the forced win the last choose found, if any
	why    reason        // what decided the last choose

	watch    func(Thought) // told what the search finds as it goes; nil for none
	lines    int           // the best lines the root searches exactly (multi-PV); 1 or more
	selDepth int           // the deepest ply the move's search reached
	ranked   []rootScore   // the best moves of the last iteration at the root, best first
	told     bool          // the watcher was told a line of this move's search
	threads  int           // goroutines that search a big board's move (see helpers); 1 or more
	depthNow atomic.Int32  // the depth of the iteration searchRoot is in, which helpers read
	fours    int           // how many fours the quiescence has played on the line searched, by either side (see quiesce)
	deepened int           // how many answers to an open three on the line searched cost no ply (see answerDepth)
}

// newSearcher returns a searcher for boards of size s whose table takes at most memory
// bytes (0 for no bound but MaxTableEntries), and never fewer than 1<<10 entries; on
// boards of at most 64 cells, which proof-number search may solve, half of it, the
// proof table taking at most the other half; on bigger boards half of it too, up to
// maxHashEntries, and 1<<20 entries when memory is 0. A hash of more than 0 bytes sets
// the table's size instead, up to maxHashEntries (and within half of memory when that
// is set too).
func newSearcher(s game.Size, memory, hash int64) *searcher {
	g := geometryOf(s)
	size, share := uint64(MaxTableEntries), memory
	switch {
	case hash > 0:
		size, share = maxHashEntries, hash
		if memory > 0 {
			share = min(hash, max(1, memory/2))
		}
	case g.bitboard:
		if g.n+4 < 22 {
			size = 1 << max(10, g.n+4)
		}
		share = memory / 2 // the other half is the proof table's (see newProver)
	case memory == 0:
		size = 1 << 20
	default:
		// Bounded by the engine's host (pbrain's max_memory): half, the rest left to
		// threat search and the program.
		size, share = maxHashEntries, max(1, memory/2)
	}
	size = fitTable(size, entryBytes, share)
	return &searcher{
		bound:    memory,
		hash:     hash,
		g:        g,
		keys:     newZobrist(g),
		table:    make([]ttSlot, size),
		mask:     size - 1,
		bigBoard: !g.bitboard,
	}
}

// maxHashEntries bounds a table whose size is asked for (Engine.Hash) or that a bound on
// memory allows: 1<<24 entries, 384 MiB.
const maxHashEntries = 1 << 24

// search returns the value of p for the side to move, searched depth plies deep (a block
// that the opponent's four forces is searched at the horizon too, and on big boards
// costs no ply, as do the first two answers to an open three on a line, see answerDepth;
// on big boards, the moves it tries are more the deeper it searches, see beamWidths,
// fewer in the last plies, see nearHorizon, quiet moves late in the order may be checked
// less deep, see reducedDepth, a node that stands far above beta stops at its
// evaluation, see futile, one that stands less far searches its moves but fours a ply
// less deep, see failsHigh, under freestyle the horizon plays fours, see quiesce, and a
// win that the patterns show in 3 or 5 plies is scored at once, see staticWin), within
// the window (alpha, beta): fail-soft, so a value <= alpha is an upper bound and one >=
// beta a lower bound. It also reports whether the value is proven: found without
// stopping at the horizon, true whatever the depth.
func (s *searcher) search(p *position, depth, ply, alpha, beta int) (int, bool) {
	if s.count() {
		return 0, false
	}
	if ply > s.selDepth {
		s.selDepth = ply
	}
	if p.won {
		return ply - win, true // the last move won: the side to move has lost
	}
	me, them := p.turn, p.turn.Opponent()
	switch {
	case p.threats(me) > 0:
		return win - ply - 1, true
	case p.drawn():
		return 0, true
	}
	s.scratch(ply)
	moves := s.buf[ply][:0]
	forced := p.threats(them) > 0
	if forced {
		moves = p.wins(them, moves)
		if len(moves) > 1 || !p.legal(moves[0]) {
			return ply + 2 - win, true // two threats, or a block the rule forbids: lose to one
		}
	}
	if !forced && s.bigBoard {
		if plies := p.staticWin(); plies > 0 {
			return win - ply - plies, true
		}
	}
	if len(moves) == 0 { // no threat to answer: can either side still force a line?
		meBlocked, themBlocked := p.blocked(me), p.blocked(them)
		switch {
		case meBlocked && themBlocked:
			return 0, true
		case meBlocked && alpha >= 0:
			return 0, true // at most a draw: fail low
		case themBlocked && beta <= 0:
			return 0, true // at least a draw: fail high
		}
	}
	if depth <= 0 && len(moves) == 0 {
		return s.quiesce(p, ply, alpha, beta), false
	}

	key, sym := p.key()
	t := &s.table[key&s.mask]
	ttMove := -1
	lo, hi := -inf, inf // the table's bounds on the value, of whatever depth
	if e, ok := t.load(key); ok {
		if e.move >= 0 {
			ttMove = s.g.inverse[sym][e.move]
		}
		lo, hi = fromTable(e.lo, ply), fromTable(e.hi, ply)
		if int(e.depth) >= depth {
			proven := e.depth == provenDepth
			switch {
			case lo >= beta:
				return lo, proven
			case hi <= alpha:
				return hi, proven
			case lo == hi:
				return lo, proven
			}
		}
	}

	past := 0         // the moves from this place on lie past the beam (see pastBeam)
	all := true       // every move is searched (none left out for being far from the marks)
	answer := false   // only the moves that answer the opponent's open three are searched
	failHigh := false // likely to fail high: moves but fours a ply less deep (see failsHigh)
	if forced && ply > 0 {
		s.evals[ply] = -s.evals[ply-1] // a forced block is judged as the move before it
	}
	if len(moves) == 0 {
		if s.bigBoard {
			s.evals[ply] = p.evaluate()
		}
		answer = s.bigBoard && p.evalDoubles(them, 1) > 0 && p.evalDoubles(me, 1) == 0
		e := estimate(s.evals[ply], lo, hi)
		if s.futile(ply, depth, alpha, beta, e, answer) {
			return e, false
		}
		failHigh = s.failsHigh(ply, depth, alpha, beta, e, answer)
		width := s.width(ply, depth, answer)
		past, width = pastBeam(ply, depth, width, answer)
		moves, all = s.order(p, ply, ttMove, width, answer)
		if answer && len(moves) == 0 { // its threes lie beyond the cells near the marks
			moves, all = s.order(p, ply, ttMove, width, false)
		}
		if answer {
			all = false
		}
		if len(moves) == 0 && s.g.size.Rule == game.Renju { // black's every move near the marks is forbidden
			return p.evaluate(), false
		}
	}
	s.buf[ply] = moves

	best, bestMove, a := -inf, -1, alpha
	allProven, bestProven := all, false
	child := depth - 1 // the depth of the moves' searches
	if forced && s.bigBoard && depth > 0 {
		// The only move is forced: it costs no ply, as engines extend a forced reply, so
		// that a line of fours and blocks is seen twice as far. It costs little: fours
		// are few.
		child = depth
	}
	deepen := answer && depth > 0 && s.deepened < answerDepth
	if deepen {
		child = depth
		s.deepened++
		defer func() { s.deepened-- }()
	}
	reduce := s.bigBoard && depth >= 4 && len(moves) > reduceFrom && !answer
	for i, c := range moves {
		quiet := reduce && i >= reduceFrom && !s.answers(p, c)
		next := child
		if failHigh && !makesFourFor(p, p.turn, c) {
			next = child - 1
		}
		p.play(c)
		v, proven, searched := 0, false, false
		pastMove := past > 0 && i >= past
		if s.bigBoard && i > 0 && (a+1 < beta || pastMove) {
			// Principal-variation search: a move after the first is expected to be no
			// better than the best so far, which a null window at it checks at less
			// cost; only a move that beats it is searched again with the whole window.
			// A move late in the order that neither makes a four nor stops one (see
			// answers), where no open three must be answered, is checked less deep (a
			// late-move reduction, see reducedDepth), and searched again at full depth
			// if it beats it. A move past the beam is checked so too, pastReduction
			// plies less deep, whatever the window (see pastBeam).
			d := child
			switch {
			case pastMove:
				d = child - pastReduction
			case quiet:
				d = reducedDepth(depth, i)
			}
			v, proven = s.search(p, d, ply+1, -a-1, -a)
			v = -v
			searched = v <= a || d == child && v >= beta
		}
		if !searched {
			v, proven = s.search(p, next, ply+1, -beta, -a)
			v = -v
		}
		p.undo()
		if s.stopped {
			return 0, false
		}
		allProven = allProven && proven
		if v > best {
			best, bestMove, bestProven = v, c, proven
		}
		if v > a {
			a = v
		}
		if a >= beta {
			break
		}
	}
	proven := allProven || best >= beta && bestProven
	if s.fours > 0 && !proven {
		return best, false // the quiescence's value, which depends on the fours played before
	}
	s.store(t, key, sym, best, alpha, beta, depth, ply, proven, bestMove)
	return best, proven
}

// judgeRoot keeps the evaluation of the root position p, whose moves the caller searches
// at ply 1, where search reads it: a forced block at ply 1 takes it, negated, as its own
// (see improving).
func (s *searcher) judgeRoot(p *position) {
	s.scratch(0)
	if s.bigBoard {
		s.evals[0] = p.evaluate()
	}
}

// improving reports whether the side to move at ply stands better by the evaluation than
// it did two plies before, or ply is within two plies of the root, where it counts as
// improving. Where it does not, below the root of a big board, at depth 4 or more, where
// no open three must be answered, search tries half its beam (see beamWidths), as
// Rapfi's classical search halves the moves it tries before its move-count pruning: a
// side whose moves have not helped it is less likely to find the one that does among
// those the order ranks low. Against Rapfi through pbrain at 1000 ms a move, 15×15,
// seed 1011: 63.5 of 200 where the full beam scored 50.5 in the same run (26 games
// better, 12 worse); at 200 ms on seed 971's openings 74 where 72. Futility asks it too
// (see futile).
func (s *searcher) improving(ply int) bool {
	return ply < 3 || s.evals[ply] > s.evals[ply-2]
}

// futile reports whether search may stop at a node's evaluation without trying its
// moves: below the root of a big board, at a node searched with a null window (beta is
// alpha+1), where no four nor open three must be answered, when e, the evaluation at
// ply as the table refines it (see estimate), lies futilityMargin or more above beta for
// each of the depth plies left but the first, and one ply fewer where the side to move
// is improving (see improving): at one ply left, or two where improving, e at beta
// suffices. A side that stands
// this far above what it needs is unlikely to fall below it whatever it plays, as
// Rapfi's classical search prunes the child node by futility (its margin, 63 of its 200
// a logit, in our unit). At 1000 ms a move it reaches about 9.7 plies where 8.4 (19
// positions of seed 981's games). Against Rapfi through pbrain at 1000 ms a move,
// 15×15, seed 1031: 74.5 of 200 where the build without it scored 59.5 in the same run
// (28 games better, 12 worse); at 200 ms, seed 971's openings, 82.5 where 74.
func (s *searcher) futile(ply, depth, alpha, beta, e int, answer bool) bool {
	if !s.cutByEvaluation(ply, alpha, beta, answer) {
		return false
	}
	plies := depth - 1
	if s.improving(ply) {
		plies--
	}
	return e-futilityMargin*max(plies, 0) >= beta
}

// failsHigh reports whether a node is likely to fail high, so that search tries its
// moves, but those that make a four, a ply less deep and never again deeper: below the
// root of a big board, at a node searched with a null window, at depth 2 or more, where
// no four or open three must be answered, when e (see estimate) lies failHighMargin or
// more above beta for each ply left, less failHighBias, as Rapfi's classical search
// reduces at a node likely to fail high (Rapfi asks for a cut node too, which we do not
// track: any null window here; asking for one was behind, see ai/README's log). Against
// Rapfi through pbrain at 1000 ms a move, 15×15, seeds 1181, 1191 and 1201: 243.5 of
// 600 where the build without it scored 226 on the same openings in the same runs (59
// games better, 41 worse); at 200 ms even; deep suite 45 seen where 43.
func (s *searcher) failsHigh(ply, depth, alpha, beta, e int, answer bool) bool {
	if !s.cutByEvaluation(ply, alpha, beta, answer) || depth < 2 {
		return false
	}
	return e >= beta+failHighMargin*depth-failHighBias
}

// cutByEvaluation reports whether a node's evaluation may cut its search short (see
// futile) or make it shallower (see failsHigh): below the root of a big board, at a node
// searched with a null window (beta is alpha+1), where no four nor open three must be
// answered.
func (s *searcher) cutByEvaluation(ply, alpha, beta int, answer bool) bool {
	return s.bigBoard && ply > 0 && !answer && beta == alpha+1
}

// failHighMargin and failHighBias are Rapfi's margins for failsHigh (15 a ply less 9 of
// its 200 a logit), in our unit.
const (
	failHighMargin = 525
	failHighBias   = 315
)

// estimate returns a node's evaluation e refined by what the table knows of its value,
// from a search of any depth: its lower bound lo where that lies above e, else its
// upper bound hi where that lies below e; bounds that prove a win or loss, which the
// evaluation cannot stand for, are left out. Futility reads it (see futile), as Rapfi
// takes the table's value for its static evaluation where the bound allows. Against
// Rapfi at 1000 ms a move, seed 1041, 60 openings: 44 of 120 where futility on the
// evaluation alone scored 38 in the same run (15 games better, 8 worse); at 200 ms, seed
// 971's openings, 85 of 200 where 82.5 (15 better, 13 worse). A gain not yet told apart
// from nothing.
func estimate(e, lo, hi int) int {
	switch {
	case lo > e && lo < mate:
		return lo
	case hi < e && hi > -mate:
		return hi
	}
	return e
}

// futilityMargin is, in the evaluation's unit (see WinScale), how far above beta for
// each ply left a node's evaluation must lie for search to stop there (see futile):
// 0.31 of a logit, Rapfi's margin (63 where its logit is 200). A margin of 3,500 scored
// 81.5 of 200 at 200 ms where this scored 82.5 (the same openings).
const futilityMargin = 2200

// lean makes p lean (see position.lean) until the function it returns is called, where
// the position's patterns say all that alpha-beta asks of its lines: five in a row
// under freestyle, where the evaluation and the move order read patterns too, with at
// least half the board and leanFree cells empty. The line counts are a fifth of a
// position's cost, and threat search, which reads them, runs before alpha-beta and never
// within it (see bare).
func lean(p *position) func() {
	if p.pat == nil || !p.pat.fitted || p.bare > 0 || p.free < leanFree || 2*p.free < len(p.cells) {
		return func() {}
	}
	p.lean++
	return func() { p.lean-- }
}

// leanFree is the fewest empty cells for which alpha-beta leaves the line counts (see
// lean): enough that no search reaches the last 2×Win-1, where a lean position could
// no longer tell a draw (see position.drawn).
const leanFree = 100

// pastBeam returns, for a node at ply with depth plies left whose beam is width moves
// (see searcher.width), the place in the order from which its moves lie past the beam,
// and the width to order: at ply 1, the other side's replies to a root move, at depth
// pastFrom or more, where no open three must be answered, every move near the marks is
// ordered (width 0), and those past the beam are checked pastReduction plies less deep
// with a null window first, and searched at full depth only where one beats the best
// reply so far; elsewhere (0, width), the beam alone.
//
// A reply the order ranks past the beam is otherwise never searched there, however deep
// the iteration: if it refutes the root move, no search of ours sees it, and more time
// does not help. Three times the time at a second scored 36 of 100 against Rapfi where
// a second scored 36.5 in the same games (ai/README.md, Dec 7 2026). Searching them all,
// against Rapfi through pbrain at 1000 ms a move, 15×15, over four seeds (1321 to 1351,
// 529 games): 214.5 where the beam alone scored 205.5 in the same runs (44 games better,
// 34 worse), about +12 Elo, not told apart from nothing; it costs no Elo that shows.
// Searching every reply at ply 3 too was not told apart from it (196.5 of 500 where
// 191 over three seeds, ai/README.md's log).
func pastBeam(ply, depth, width int, answer bool) (past, order int) {
	if ply != 1 || width == 0 || answer || depth < pastFrom {
		return 0, width
	}
	return width, 0
}

// pastFrom is the least depth at which the replies past the beam are searched (see
// pastBeam), and pastReduction how much less deep they are checked first: at pastFrom
// their check reaches the horizon, where the quiescence plays the side to move's fours.
// A check two plies less deep lost against Rapfi at 1000 ms, seed 1391: 68 of 200 where
// three scored 82.5 in the same run (9 games better, 24 worse; ai/README.md's log);
// four plies less deep, or no check at all, were within the noise of three.
const (
	pastFrom      = 4
	pastReduction = 3
)

// answerDepth is how many answers to an open three on a line from the root cost no ply,
// as a forced block does: a node where the side to move must answer one (see answers)
// searches its answers as deep as itself, so that a line of threes and answers is
// seen further, as a line of fours and blocks is, but at most twice on a line, for
// threes are many. Against Rapfi through pbrain at 1000 ms a move, 15×15, seeds 1451,
// 1481 (200 games each) and 1471 (100): 205.5 of 500 where the build without it scored
// 191.5 in the same runs (48 games better, 33 worse), about +20 Elo, not told apart from
// nothing; it costs depth (ai/README.md). On the beam of 8, at 200 ms, the same bound of
// two lost.
const answerDepth = 2

// reduceFrom is the place in a big board's move order (counted from 0) from which
// search checks a quiet move less deep first, at depth 4 and more (see search and
// lateReduction). The figures below are of the reduction of one ply it had first.
// With principal-variation search, against the build without either, through pbrain
// at 200 ms a move, 100 balanced openings played with both colours: 95 of 200 (−17 Elo,
// −66 to +31); reducing at depth 3 too, and tactical moves too, 109 of 200 at each of
// two seeds (+31, −16 to +80), but that lost a game to the heuristic in
// TestMinimaxBeatsHeuristicOnBigBoards; from the sixth move, at depth 3 too, 105 of
// 200 (+17). A small gain if any, within the noise; depth 7 in a 15×15 opening costs a
// third fewer positions.
const reduceFrom = 3

// reducedDepth is the depth at which search first checks the quiet move at place i of
// the order (counted from 0, at least reduceFrom) of a node of depth plies (4 or more):
// a ply less than the node, less its lateReduction, and at least one.
func reducedDepth(depth, i int) int {
	return max(depth-1-lateReduction(depth, i), 1)
}

// lateReduction is how many plies less deep search first checks the quiet move at place
// i of the order (counted from 0, at least reduceFrom) at depth plies: ln(depth) ×
// ln(i+1), rounded down, and at least one, as Rapfi's classical search reduces (its
// reductions are fractions of a ply); depth and i+1 count as at most 63. At depth 10
// the fourth move is checked three plies less deep and the eighth four; at depth 4 the
// fourth one, the fifth to eighth two and the ninth three. It makes the later moves of
// the beam that grows with depth (see beamWidths) cheap where the window is open.
func lateReduction(depth, i int) int {
	return max(1, int(lnTable[min(depth, len(lnTable)-1)]*lnTable[min(i+1, len(lnTable)-1)]))
}

// lnTable holds the natural logarithms of 0 (unused) to 63, for lateReduction.
var lnTable = func() (t [64]float64) {
	for i := 1; i < len(t); i++ {
		t[i] = math.Log(float64(i))
	}
	return t
}()

// solveOutright is the most free cells for which deepen tries a full search first: a 5×5
// board from its start. With more, the attempt would rarely finish and only halve the
// time the deepening has.
const solveOutright = 25

// deepen runs iteration at depths 1, 2, ... until it reports that its result is proven,
// the depth covers every free cell, the deadline stops it, or in a timed move the soft
// deadline has passed (see another). The first iteration always runs to its end, unless
// the move is stopped (see Engine.Stop), so there is always a result to use. With at most solveOutright free
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
	if !s.bigBoard && p.free <= solveOutright && (s.maxDepth == 0 || s.maxDepth >= p.free) {
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
	for depth := 2; depth <= p.free && (s.maxDepth == 0 || depth <= s.maxDepth) && s.another(); depth++ {
		if iteration(depth) || s.stopped {
			return
		}
	}
}
