package ai

import "math/bits"

// fourSearch looks for a win by continuous fours (VCF, see threat.go) on boards of at
// most 64 cells, where each side's marks fit in a word. It plays no moves on a position:
// a node is two sets of cells, and finding the fours a move makes takes a few words per
// line through it; its table holds whole positions, so it needs no hashes kept. The
// proof's leaves each ask for a VCF (see prover.leaf), most of which are over in a few
// positions, and there it costs a fraction of threatSearch.vcf, whose table and
// position serve the deeper searches of play.
type fourSearch struct {
	g            *geometry
	nodes, limit int64 // positions searched by the last win, and the most it may search
	stopped      bool
	table        []fourEntry
}

// fourEntry is one slot of fourSearch's table: what a search from the position with these
// marks, the attacker to move, found. An entry holds the whole position, so it is never
// mistaken for another, and stays true for as long as the board size does.
type fourEntry struct {
	a, d  uint64
	plies int32 // plies to the win, or 0 when there is none
}

// fourTableSize is the number of slots of fourSearch's table (1.5 MiB).
const fourTableSize = 1 << 16

// newFourSearch returns the four search of g's board size, which must have at most 64
// cells.
func newFourSearch(g *geometry) fourSearch {
	return fourSearch{g: g, table: make([]fourEntry, fourTableSize)}
}

// win reports whether the side to move in p wins by continuous fours, within limit
// positions, and in how many plies along the win it found (the first one, not
// necessarily the shortest); it also returns the positions it searched.
func (f *fourSearch) win(p *position, limit int64) (plies int, won bool, nodes int64) {
	a, d := p.turn, p.turn.Opponent()
	if p.threats(a) > 0 {
		return 1, true, 0
	}
	f.nodes, f.limit, f.stopped = 0, limit, false
	var blocks uint64 // where the other side completes a line: the attacker must block it
	for _, l := range p.shape[d][0].lines {
		blocks |= f.g.masks[l] &^ p.stones[d]
	}
	if blocks&(blocks-1) != 0 {
		return 0, false, 0 // two to block: no four can wait for them
	}
	plies, won = f.attack(p.stones[a], p.stones[d], blocks)
	return plies, won, f.nodes
}

// attack reports whether the attacker, with marks a and to move against marks d, wins by
// continuous fours, and in how many plies. When block is not empty it holds the one cell
// where the defender would complete a line, which the attacker's move must take. Neither
// side has any other four.
func (f *fourSearch) attack(a, d, block uint64) (int, bool) {
	if f.nodes++; f.nodes > f.limit {
		f.stopped = true
		return 0, false
	}
	e := &f.table[(a*0x9e3779b97f4a7c15^d*0xc2b2ae3d27d4eb4f)>>48]
	if e.a == a && e.d == d && a|d != 0 {
		return int(e.plies), e.plies > 0
	}
	plies, won := f.search(a, d, block)
	if !f.stopped {
		*e = fourEntry{a: a, d: d, plies: int32(plies)}
	}
	return plies, won
}

// search is attack without the table.
func (f *fourSearch) search(a, d, block uint64) (int, bool) {
	moves := block
	if moves == 0 {
		k := f.g.size.Win
		for _, m := range f.g.masks {
			if m&d == 0 && bits.OnesCount64(m&a) == k-2 {
				moves |= m
			}
		}
		moves &^= a | d
	}
	// Two fours at once win outright: those first. replies[c] is where the defender
	// must reply to a move in c.
	var replies [64]uint64
	for x := moves; x != 0; x &= x - 1 {
		c := bits.TrailingZeros64(x)
		if replies[c] = f.fours(a|1<<c, d, c); replies[c]&(replies[c]-1) != 0 {
			return 3, true
		}
	}
	for x := moves; x != 0; x &= x - 1 {
		c := bits.TrailingZeros64(x)
		a2, reply := a|1<<c, replies[c]
		if reply == 0 {
			continue // no four
		}
		// The defender's forced reply, and the fours it makes of its own through it,
		// which the attacker must block next.
		d2 := d | reply
		next := f.fours(d2, a2, bits.TrailingZeros64(reply))
		if next&(next-1) != 0 {
			continue // two fours of the defender's: the attacker cannot block both
		}
		if plies, ok := f.attack(a2, d2, next); ok {
			return plies + 2, true
		}
		if f.stopped {
			return 0, false
		}
	}
	return 0, false
}

// fours returns the empty cells where the side with marks a completes a line through c,
// against marks d.
func (f *fourSearch) fours(a, d uint64, c int) uint64 {
	var cells uint64
	k := f.g.size.Win
	for _, l := range f.g.through[c] {
		m := f.g.masks[l]
		if m&d == 0 && bits.OnesCount64(m&a) == k-1 {
			cells |= m &^ a
		}
	}
	return cells
}
