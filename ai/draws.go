package ai

import (
	"math/bits"

	"tictactoe/game"
)

// A pairing strategy proves a draw for the defender (Hales and Jewett 1963): when the
// empty cells hold disjoint pairs such that every line still open for the attacker holds
// both cells of some pair, the defender answers each attacker's move in a pair with the
// other cell of the pair, and no open line can ever be completed. Pairings prove the k=5
// draws of 5×5 and 6×6 from the empty board, and settle the quiet ends of many others.

// pairer looks for pairing strategies on one board size of at most 64 cells, where a set
// of cells fits in a word; its slices are scratch space.
type pairer struct {
	g     *geometry
	lines []uint64 // the empty cells of each attacker's line still to cover
	arena []uint64 // room for the lines left at each step of the search
	steps int      // what the search may still try
	tried int      // the pairs the last draws tried
}

// pairSteps bounds the pairs that one search for a pairing may try: most positions have
// none, and a search that fails proves nothing.
const pairSteps = 64

// newPairer returns the pairer of g's board size (one that finds nothing on boards of
// more than 64 cells).
func newPairer(g *geometry) *pairer {
	q := &pairer{g: g}
	if !g.bitboard {
		return q
	}
	// Each step of the search covers a line at least, and keeps what is left.
	q.arena = make([]uint64, len(g.lines)*(len(g.lines)+3)/2+len(g.lines))
	return q
}

// draws reports whether the defender, the side not a, can keep a from completing any
// line by a pairing strategy. With the defender to move, it first takes the cell of a's
// four if a has one, or else tries the cells on the most of a's open lines. A pairing
// that is not found proves nothing.
func (q *pairer) draws(p *position, a game.Mark) bool {
	q.tried = 0
	if !q.g.bitboard {
		return false
	}
	d := a.Opponent()
	open := 0
	for _, n := range p.openBy[a][:q.g.size.Win] {
		open += n
	}
	if open > p.free-3 {
		// A pairing is hardly ever found for a position with more open lines than
		// this, and looking costs more than it saves.
		return false
	}
	empty := p.empty()
	q.lines = q.lines[:0]
	var fours uint64 // the cells that complete a line of a's
	for l, mask := range q.g.masks {
		if p.count[d][l] > 0 {
			continue
		}
		cells := mask & empty
		if bits.OnesCount64(cells) < 2 {
			fours |= cells
		}
		q.lines = append(q.lines, cells)
	}
	q.steps = pairSteps
	defer func() { q.tried = pairSteps - max(q.steps, 0) }()
	if p.turn == a {
		return fours == 0 && q.cover(q.lines, q.arena)
	}
	switch bits.OnesCount64(fours) {
	case 0:
		// The defender's move in hand: the cells through the most of a's lines first.
		for _, c := range q.busiest(empty) {
			if c >= 0 && q.cover(q.without(c), q.arena[len(q.lines):]) {
				return true
			}
		}
		return false
	case 1:
		c := bits.TrailingZeros64(fours)
		return q.cover(q.without(c), q.arena[len(q.lines):])
	}
	return false
}

// without returns the lines that a mark of the defender's in c leaves open, with c no
// longer among their empty cells, kept at the start of the arena.
func (q *pairer) without(c int) []uint64 {
	open := q.arena[:0]
	for _, l := range q.lines {
		if l&(1<<c) == 0 {
			open = append(open, l)
		}
	}
	return open
}

// busiest returns the three empty cells on the most of the lines, the busiest first, and
// -1 for a place with no cell.
func (q *pairer) busiest(empty uint64) [3]int {
	best, counts := [3]int{-1, -1, -1}, [3]int{-1, -1, -1}
	for e := empty; e != 0; e &= e - 1 {
		c := bits.TrailingZeros64(e)
		n := 0
		for _, l := range q.lines {
			if l&(1<<c) != 0 {
				n++
			}
		}
		for i := range best {
			if n > counts[i] {
				copy(best[i+1:], best[i:2])
				copy(counts[i+1:], counts[i:2])
				best[i], counts[i] = c, n
				break
			}
		}
	}
	return best
}

// cover reports whether disjoint pairs of empty cells can be chosen so that each of
// lines, given by its empty cells, holds both cells of one, with arena as room for the
// lines left at each step (the lines left never outgrow it): it takes the line with the
// fewest empty cells, tries each pair of them in turn, and goes on with the lines that
// pair leaves, less the pair's cells, until its steps run out.
func (q *pairer) cover(lines []uint64, arena []uint64) bool {
	tight, fewest := -1, 65
	for i, l := range lines {
		if n := bits.OnesCount64(l); n < fewest {
			tight, fewest = i, n
		}
	}
	if tight < 0 {
		return true
	}
	if fewest < 2 {
		return false
	}
	cells := lines[tight]
	for x := cells; x != 0; x &= x - 1 {
	pairs:
		for y := x & (x - 1); y != 0; y &= y - 1 {
			if q.steps--; q.steps < 0 {
				return false
			}
			pair := x&-x | y&-y
			rest := arena[:0]
			for _, l := range lines {
				if l&pair == pair {
					continue
				}
				l &^= pair
				if l&(l-1) == 0 {
					continue pairs // a line left with one empty cell cannot be covered
				}
				rest = append(rest, l)
			}
			if q.cover(rest, arena[len(rest):]) {
				return true
			}
		}
	}
	return false
}

// canWin reports whether m could still complete a line with its next moves marks: whether
// an open line lacks at most that many.
func (p *position) canWin(m game.Mark, moves int) bool {
	k := p.g.size.Win
	for n := k - 1; n >= max(0, k-moves); n-- {
		if p.openBy[m][n] > 0 {
			return true
		}
	}
	return false
}

// blocked reports whether the other side can stop m from ever completing a line, by the
// Erdős–Selfridge criterion: it can when the sum over m's open lines of 2^-(marks the line
// still needs) is below 1/2 with m to move, or below 1 with the other side to move. Both
// sides blocked is a draw; one side blocked bounds the value for it at a draw. A lean
// position (see position.lean) keeps no open counts and says false: with half the board
// empty, and 100 cells at least, a side is all but never blocked, and were one, alpha-beta
// would value the position by searching it rather than prove the draw.
func (p *position) blocked(m game.Mark) bool {
	if p.lean > 0 {
		return false
	}
	k := p.g.size.Win
	sum := p.danger(m)
	if m == p.turn {
		return sum < 1<<(k-1)
	}
	return sum < 1<<k
}

// danger returns the Erdős–Selfridge sum of m's open lines, each weighted
// 2^-(marks it still needs), times 2^k: each line counts 2^(marks it holds).
func (p *position) danger(m game.Mark) int {
	sum := 0
	for n, lines := range p.openBy[m][:p.g.size.Win] {
		sum += lines << n
	}
	return sum
}

// blockedAfterMove reports whether the side to move, m's opponent, can make m blocked (see
// blocked) with one move: whether some empty cell lies on enough of m's open lines that
// taking them leaves m's sum below 1/2, m being to move then. It serves boards of at most
// 64 cells, where proof-number search runs.
func (p *position) blockedAfterMove(m game.Mark) bool {
	need := p.danger(m) - (1<<(p.g.size.Win-1) - 1) // what the move must take off
	if need <= 0 {
		return true
	}
	// Each of m's open lines adds its weight to its empty cells.
	var took [64]int
	mine, theirs, empty := p.stones[m], p.stones[m.Opponent()], p.empty()
	for _, l := range p.g.masks {
		if l&theirs != 0 {
			continue
		}
		w := 1 << bits.OnesCount64(l&mine)
		for e := l & empty; e != 0; e &= e - 1 {
			c := bits.TrailingZeros64(e)
			if took[c] += w; took[c] >= need {
				return true
			}
		}
	}
	return false
}
