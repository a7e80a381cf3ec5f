package ai

import (
	"slices"
	"time"
	"unsafe"

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

// provenDepth marks a table entry whose subtree was searched to the end of the game.
const provenDepth = 255

// MaxTableEntries bounds the transposition table: 1<<22 entries of 24 bytes, 96 MiB, on
// boards of 18 to 64 cells, the ones that may be solved; a 3×3 board gets 1<<13 entries
// (192 KiB), a 4×4 board 1<<20 (24 MiB), and a board of more than 64 cells, which is
// searched only to a deadline, 1<<20.
const MaxTableEntries = 1 << 22

// entryBytes is the size of an entry.
const entryBytes = uint64(unsafe.Sizeof(entry{}))

// entry is one transposition-table slot: bounds on the value of the position with this
// key, from a search of the given depth, and the best move found, in the frame of the
// symmetry that gives the key.
type entry struct {
	key    uint64
	lo, hi int32 // lo <= value <= hi, node-relative (see toTable)
	depth  uint8 // remaining depth searched, or provenDepth
	move   int16 // best move in the canonical frame, or -1
}

// searcher is a negamax search with alpha-beta pruning and a transposition table for one
// board size. It is reused from move to move and from game to game: what the table has
// proven about a position stays true.
type searcher struct {
	memory   int64 // the bytes each of its tables may take; 0 for their usual sizes
	g        *geometry
	keys     *zobrist
	table    []entry
	mask     uint64
	bigBoard bool // not a bitboard (see geometry): only moves near the marks are searched

	nodes     int64
	now       func() time.Time // nil: no deadline
	deadline  time.Time
	soft      time.Time       // in a timed move, no new iteration starts after it
	timed     bool            // the deadline, not the count, bounds alpha-beta (see setClock)
	limit     int64           // with a deadline, the most positions to search; 0 for no limit
	stop      <-chan struct{} // closed: give up the move
	cancelled bool            // stop was seen closed: every search ends at once
	stopped   bool
	buf       [][]int // move lists, one per ply
	scores    [][]int

	threat *threatSearch // made at the first move on big boards, or the first proof
	prover *prover       // made at the first analysis that needs it
	line   []int         // the forced win the last choose found, if any
	why    reason        // what decided the last choose
}

// newSearcher returns a searcher for boards of size s whose table takes at most memory
// bytes (0 for no bound but MaxTableEntries), and never fewer than 1<<10 entries; on
// boards of at most 64 cells, which proof-number search may solve, half of it, the
// proof table taking at most the other half.
func newSearcher(s game.Size, memory int64) *searcher {
	g := geometryOf(s)
	size := uint64(MaxTableEntries)
	if !g.bitboard {
		size = 1 << 20
	} else if g.n+4 < 22 {
		size = 1 << max(10, g.n+4)
	}
	if g.bitboard {
		memory /= 2 // the other half is the proof table's (see newProver)
	}
	for memory > 0 && size > 1<<10 && int64(size*entryBytes) > memory {
		size /= 2
	}
	return &searcher{
		memory:   memory,
		g:        g,
		keys:     newZobrist(g),
		table:    make([]entry, size),
		mask:     size - 1,
		bigBoard: !g.bitboard,
	}
}

// tableBytes returns what the searcher's tables take: the transposition table's and the
// proof table's.
func (s *searcher) tableBytes() int64 {
	n := int64(uint64(len(s.table)) * entryBytes)
	if s.prover != nil {
		n += int64(len(s.prover.table)) * proofEntryBytes
	}
	return n
}

// toTable turns a root-relative score at ply into one relative to the node, so that the
// entry holds for the same position reached at any ply; fromTable undoes it.
func toTable(v, ply int) int32 {
	switch {
	case v >= inf || v <= -inf:
	case v > mate:
		v += ply
	case v < -mate:
		v -= ply
	}
	return int32(v)
}

func fromTable(v int32, ply int) int {
	s := int(v)
	switch {
	case s >= inf || s <= -inf:
	case s > mate:
		s -= ply
	case s < -mate:
		s += ply
	}
	return s
}

// search returns the value of p for the side to move, searched depth plies deep (forced
// blocks extend it), within the window (alpha, beta): fail-soft, so a value <= alpha is
// an upper bound and one >= beta a lower bound. It also reports whether the value is
// proven: found without stopping at the horizon, true whatever the depth.
func (s *searcher) search(p *position, depth, ply, alpha, beta int) (int, bool) {
	if s.count() {
		return 0, false
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
	if p.threats(them) > 0 {
		moves = p.winningCells(them, moves, 2)
		if len(moves) > 1 || !p.legal(moves[0]) {
			return ply + 2 - win, true // two threats, or a block the rule forbids: lose to one
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
		return p.evaluate(), false
	}

	key, sym := p.key()
	e := &s.table[key&s.mask]
	ttMove := -1
	if e.key == key {
		if e.move >= 0 {
			ttMove = s.g.inverse[sym][e.move]
		}
		if int(e.depth) >= depth {
			lo, hi := fromTable(e.lo, ply), fromTable(e.hi, ply)
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

	all := true // every move is searched (none left out for being far from the marks)
	if len(moves) == 0 {
		answer := s.bigBoard && p.doubles(them, 1) > 0 && p.doubles(me, 1) == 0
		moves, all = s.order(p, ply, ttMove, answer)
		if answer && len(moves) == 0 { // its threes lie beyond the cells near the marks
			moves, all = s.order(p, ply, ttMove, false)
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
	for _, c := range moves {
		p.play(c)
		v, proven := s.search(p, depth-1, ply+1, -beta, -a)
		p.undo()
		if s.stopped {
			return 0, false
		}
		v = -v
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
	s.store(e, key, sym, best, alpha, beta, depth, ply, proven, bestMove)
	return best, proven
}

// count counts a position searched and reports whether the search must stop: its
// deadline or its count of positions is reached (both checked every 1024 positions).
func (s *searcher) count() bool { return s.charge(1) }

// charge counts n units of work (positions, or a pairing search's steps, which are
// counted so that the count keeps pace with the clock) and reports whether the search
// must stop, checking the deadline, the count and the stop channel whenever the count
// passes a multiple of 1024. Once the stop channel is seen closed, every call reports a
// stop, even after the caller has reset stopped.
func (s *searcher) charge(n int64) bool {
	before := s.nodes
	s.nodes += n
	if before>>10 != s.nodes>>10 {
		if s.now != nil && (s.limit > 0 && s.nodes >= s.limit || !s.now().Before(s.deadline)) {
			s.stopped = true
		}
		s.cancelled = s.cancelled || s.polled()
	}
	if s.cancelled {
		s.stopped = true
	}
	return s.stopped
}

// store records a search's result in the table slot e.
func (s *searcher) store(e *entry, key uint64, sym, v, alpha, beta, depth, ply int, proven bool, move int) {
	d := uint8(min(max(depth, 0), provenDepth-1))
	if proven {
		d = provenDepth
	}
	lo, hi := int32(-inf), int32(inf)
	if v > alpha {
		lo = toTable(v, ply)
	}
	if v < beta {
		hi = toTable(v, ply)
	}
	if e.key == key && e.depth == d {
		lo, hi = max(lo, e.lo), min(hi, e.hi) // both bounds hold: keep the tighter of each
	} else if e.key == key && e.depth > d {
		return // what is there was searched deeper
	}
	m := int16(-1)
	if move >= 0 {
		m = int16(s.g.syms[sym][move])
	}
	*e = entry{key: key, lo: lo, hi: hi, depth: d, move: m}
}

// answers reports whether a move in c answers the opponent's threat to make two fours
// at once (an open three): whether c is a cell of one of its threes, or makes a four. On
// big boards, where nothing is proven, the search tries only such moves against that
// threat: a move elsewhere rarely helps.
func (s *searcher) answers(p *position, c int) bool {
	me, them := p.turn, p.turn.Opponent()
	k := s.g.size.Win
	for _, l := range s.g.through[c] {
		if p.openFor(them, l) && p.count[them][l] == k-2 || p.openFor(me, l) && p.count[me][l] == k-2 {
			return true
		}
	}
	return false
}

// scratch makes sure the move and score lists of every ply up to ply exist.
func (s *searcher) scratch(ply int) {
	for len(s.buf) <= ply {
		s.buf = append(s.buf, make([]int, 0, s.g.n))
		s.scores = append(s.scores, make([]int, s.g.n))
	}
}

// nearby reports whether c is near a mark, or on an empty board whether it is a centre cell.
func (s *searcher) nearby(p *position, c int) bool {
	if p.free == s.g.n {
		return slices.Contains(s.g.centre, c)
	}
	return p.nearMark(c)
}

// order returns the moves to search at ply, best first: the table's move, then by line
// potential, with one dead cell for all. On big boards only cells near the marks are
// tried, only those that answer an open three when answer is set (see answers), and
// below the root only the beamWidth best; all says whether that left none out.
func (s *searcher) order(p *position, ply, ttMove int, answer bool) (moves []int, all bool) {
	moves, scores := s.buf[ply][:0], s.scores[ply]
	all = true
	dead := false // a dead cell is among the moves
	for c, m := range p.cells {
		if m != game.Empty {
			continue
		}
		if s.bigBoard && !s.nearby(p, c) || answer && !s.answers(p, c) {
			all = false
			continue
		}
		score := p.potential(c, p.turn)
		if score == 0 {
			// No line through c is open to either side: a move there only passes the
			// turn, the same wherever it is made, so one such cell stands for them all.
			if dead {
				continue
			}
			dead = true
		}
		if c == ttMove {
			score = 1 << 30
		}
		// Insertion sort: the lists are short and mostly a few dozen moves.
		i := len(moves)
		moves = append(moves, c)
		for i > 0 && scores[i-1] < score {
			moves[i], scores[i] = moves[i-1], scores[i-1]
			i--
		}
		moves[i], scores[i] = c, score
	}
	if p.g.size.Rule == game.Renju && p.turn == p.first {
		// Black's forbidden moves are no moves: the best legal ones fill the beam.
		kept := moves[:0]
		for _, c := range moves {
			if s.bigBoard && ply > 0 && len(kept) == beamWidth {
				all = false
				break
			}
			if p.legal(c) {
				kept = append(kept, c)
			}
		}
		moves = kept
	}
	if s.bigBoard && ply > 0 && len(moves) > beamWidth {
		moves, all = moves[:beamWidth], false
	}
	return moves, all
}

// beamWidth is how many moves the search tries below the root on boards too big to solve:
// the best by order's scores (the table's move first). It searches deeper in the same
// count of positions. Against the build before threat search, 100 games through pbrain
// on 15×15 with five in a row: 49 of 50 won as X and 31 of 50 as O with 8 (46 and 23
// with 6, 45 and 19 with 12, 44 and 10 to 17 with no bound).
const beamWidth = 8
