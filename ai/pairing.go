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
	steps int      // what the search may still try
}

// pairSteps bounds the pairs that one search for a pairing may try: most positions have
// none, and a search that fails proves nothing.
const pairSteps = 64

func newPairer(g *geometry) *pairer { return &pairer{g: g} }

// draws reports whether the defender, the side not a, can keep a from completing any
// line by a pairing strategy. With the defender to move, it first takes the cell of a's
// four if a has one, or else tries the cells on the most of a's open lines. A pairing
// that is not found proves nothing.
func (q *pairer) draws(p *position, a game.Mark) bool {
	if q.g.n > 64 {
		return false
	}
	d := a.Opponent()
	open := 0
	for _, n := range p.openBy[a][:q.g.size.Win] {
		open += n
	}
	if open > p.free-3 {
		// Measured on 5×6 with four in a row: a pairing was found for hardly any
		// position with more open lines than this, and looking costs more than it saves.
		return false
	}
	var empty uint64
	for c, m := range p.cells {
		if m == game.Empty {
			empty |= 1 << c
		}
	}
	q.lines = q.lines[:0]
	var fours uint64 // the cells that complete a line of a's
	for l, line := range q.g.lines {
		if p.count[d][l] > 0 {
			continue
		}
		var cells uint64
		for _, c := range line {
			cells |= 1 << c
		}
		cells &= empty
		if bits.OnesCount64(cells) < 2 {
			fours |= cells
		}
		q.lines = append(q.lines, cells)
	}
	q.steps = pairSteps
	if p.turn == a {
		return fours == 0 && q.cover(q.lines, empty)
	}
	switch bits.OnesCount64(fours) {
	case 0:
		// The defender's move in hand: the cells through the most of a's lines first.
		for _, c := range q.busiest(empty, 3) {
			if q.cover(q.without(c), empty&^(1<<c)) {
				return true
			}
		}
		return false
	case 1:
		c := bits.TrailingZeros64(fours)
		return q.cover(q.without(c), empty&^(1<<c))
	}
	return false
}

// without returns the lines that a mark of the defender's in c leaves open, in a new
// slice.
func (q *pairer) without(c int) []uint64 {
	var open []uint64
	for _, l := range q.lines {
		if l&(1<<c) == 0 {
			open = append(open, l)
		}
	}
	return open
}

// busiest returns up to most empty cells, those on the most of the lines first.
func (q *pairer) busiest(empty uint64, most int) []int {
	var best []int
	var counts []int
	for e := empty; e != 0; e &= e - 1 {
		c := bits.TrailingZeros64(e)
		n := 0
		for _, l := range q.lines {
			if l&(1<<c) != 0 {
				n++
			}
		}
		i := len(best)
		for i > 0 && counts[i-1] < n {
			i--
		}
		if i < most {
			best = append(best[:i], append([]int{c}, best[i:]...)...)
			counts = append(counts[:i], append([]int{n}, counts[i:]...)...)
			if len(best) > most {
				best, counts = best[:most], counts[:most]
			}
		}
	}
	return best
}

// cover reports whether disjoint pairs of the cells in free can be chosen so that each
// of lines holds both cells of one: it takes the line with the fewest free cells, tries
// each pair of them in turn, and goes on with the lines that pair leaves, until its steps
// run out.
func (q *pairer) cover(lines []uint64, free uint64) bool {
	// The line with the fewest free cells; lines already holding a pair are gone.
	tight, fewest := -1, 65
	for i, l := range lines {
		if n := bits.OnesCount64(l & free); n < fewest {
			tight, fewest = i, n
		}
	}
	if tight < 0 {
		return true
	}
	if fewest < 2 {
		return false
	}
	cells := lines[tight] & free
	for x := cells; x != 0; x &= x - 1 {
		for y := x & (x - 1); y != 0; y &= y - 1 {
			if q.steps--; q.steps < 0 {
				return false
			}
			pair := x&-x | y&-y
			var rest []uint64
			for _, l := range lines {
				if l&pair != pair {
					rest = append(rest, l)
				}
			}
			if q.cover(rest, free&^pair) {
				return true
			}
		}
	}
	return false
}
