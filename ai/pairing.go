package ai

import (
	"slices"

	"tictactoe/game"
)

// A pairing strategy proves a draw for the defender (Hales and Jewett 1963): when the
// empty cells hold disjoint pairs such that every line still open for the attacker holds
// both cells of some pair, the defender answers each attacker's move in a pair with the
// other cell of the pair, and no open line can ever be completed. Pairings prove the k=5
// draws of 5×5 and 6×6 from the empty board, and settle the quiet ends of many others.

// pairer finds pairing strategies for one board size; its slices are scratch space.
type pairer struct {
	g       *geometry
	partner []int  // partner[c]: the other cell of c's pair, or -1
	lines   []int  // the attacker's open lines still to cover
	covered []bool // covered[l]: l holds a pair
}

func newPairer(g *geometry) *pairer {
	return &pairer{g: g, partner: make([]int, g.n), covered: make([]bool, len(g.lines))}
}

// draws reports whether the defender, the side not a, can keep a from completing any
// line by a pairing strategy, found greedily: the lines with the fewest empty cells first,
// each given the pair of its empty cells that covers the most other open lines. With the
// defender to move, it first takes the cell that spoils the most of a's lines (the cell
// of a's four if a has one). A pairing that is not found proves nothing.
func (q *pairer) draws(p *position, a game.Mark) bool {
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
	free := -1 // the defender's move in hand, if it is to move
	if p.turn == d {
		free = q.freeMove(p, a)
		if free < 0 {
			return false
		}
		p.cells[free] = d // a mark for the pairing only: no line count changes
		defer func() { p.cells[free] = game.Empty }()
	}
	q.lines = q.lines[:0]
	for l, line := range q.g.lines {
		if p.count[d][l] > 0 || free >= 0 && slices.Contains(line, free) {
			continue
		}
		if p.count[a][l] >= q.g.size.Win-1 {
			return false // a four: no pair fits in it
		}
		q.lines = append(q.lines, l)
		q.covered[l] = false
	}
	for i := range q.partner {
		q.partner[i] = -1
	}
	empties := func(l int) int { return q.g.size.Win - p.count[a][l] }
	slices.SortStableFunc(q.lines, func(x, y int) int { return empties(x) - empties(y) })
	for _, l := range q.lines {
		if q.covered[l] {
			continue
		}
		line := q.g.lines[l]
		bestA, bestB, most := -1, -1, -1
		for i, x := range line {
			if p.cells[x] != game.Empty || q.partner[x] >= 0 {
				continue
			}
			for _, y := range line[i+1:] {
				if p.cells[y] != game.Empty || q.partner[y] >= 0 {
					continue
				}
				if n := q.shared(x, y); n > most {
					bestA, bestB, most = x, y, n
				}
			}
		}
		if bestA < 0 {
			return false
		}
		q.partner[bestA], q.partner[bestB] = bestB, bestA
		for _, m := range q.g.through[bestA] {
			if slices.Contains(q.g.lines[m], bestB) {
				q.covered[m] = true
			}
		}
	}
	return true
}

// shared counts the lines through both x and y that still need a pair.
func (q *pairer) shared(x, y int) int {
	n := 0
	for _, l := range q.g.through[x] {
		if !q.covered[l] && slices.Contains(q.g.lines[l], y) {
			n++
		}
	}
	return n
}

// freeMove returns the defender's move before its pairing: the cell of a's four when a
// has one (-1 when it has two), else the empty cell on the most of a's open lines.
func (q *pairer) freeMove(p *position, a game.Mark) int {
	d := a.Opponent()
	var buf [2]int
	if w := p.winningCells(a, buf[:0], 2); len(w) > 0 {
		if len(w) > 1 {
			return -1
		}
		return w[0]
	}
	best, most := -1, -1
	for c, m := range p.cells {
		if m != game.Empty {
			continue
		}
		n := 0
		for _, l := range q.g.through[c] {
			if p.count[d][l] == 0 {
				n += 1 + p.count[a][l]
			}
		}
		if n > most {
			best, most = c, n
		}
	}
	return best
}
