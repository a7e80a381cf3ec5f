package ai

import (
	"math/bits"
	"slices"

	"tictactoe/game"
)

// position is the board as the search sees it: the marks, and for every line how many
// marks of each side it holds, from which it keeps, move by move, the counts that the
// searches ask for: how many lines are still open for each side (the evaluation at the
// horizon), how many lines each side can complete with one more mark (its threats), and
// a hash of the position under every symmetry of the board. On big boards with pattern
// tables it also keeps each empty cell's patterns (see patternState), which alpha-beta
// reads instead of the lines where it can (see lean).
type position struct {
	g      *geometry
	cells  []game.Mark
	stones [3]uint64 // on boards of at most 64 cells, the cells of each side's marks as sets
	count  [3][]int  // count[m][line]: marks m on the line
	// ends[m][line], kept for a mark that a longer row does not win for (both under
	// Exact, the first player under Renju) and for both marks under the caro rules; nil
	// otherwise: marks m just beyond the line's ends. Where a longer row does not win for
	// m, each of them closes the line to m, as a mark of the other side's would; under
	// caro, two closes it to the other side (see shut).
	ends [3][]int
	// longLoses[m]: a longer row than Win does not win for m (see game.Rule.LongLoses);
	// caro: the rule is a caro rule.
	longLoses [3]bool
	caro      bool
	first     game.Mark // the mark that moved first, black under Renju
	// openBy[m][n]: lines open for m, holding no mark of the other side's (see ends),
	// with n marks m.
	openBy [3][]int
	hash   []uint64 // the Zobrist hash under each symmetry
	keys   *zobrist
	turn   game.Mark
	free   int  // empty cells
	won    bool // the last move completed a line
	moves  []int
	// rows, on big boards: the marks of each row, either side's, a bit a column (boards
	// have at most 20), from which nearEmpty lists the cells near them.
	rows []uint32
	// shape[m][j] holds the lines open for m (no mark of the other side) that lack j+1
	// marks: its fours (j = 0, one mark short of a line), threes (j = 1) and twos (j = 2,
	// on big boards only: see shapes), in the sense of the package doc's
	// forcing sequences, for any k: on 3×3 a "four" is a two.
	shape [3][shapes]lineSet
	kinds int           // how many kinds of shape it keeps (see shapes)
	seen  cellMarks     // scratch for doubles
	pat   *patternState // on big boards with pattern tables, kept with rows
	// bare, while above 0, makes play and undo skip the patterns, which threat search
	// does not read: they are out of date until it has taken its moves back (see bare in
	// threat.go).
	bare int
	// lean, while above 0, makes play and undo skip the line counts (count, ends, openBy
	// and shape), which alpha-beta need not read where patterns say the same (see lean in
	// search.go): threats, wins, drawn and blocked read the patterns instead, and the
	// counts stay as they were until alpha-beta has taken its moves back.
	lean int
}

// shapes is how many kinds of threat lines a position keeps: fours, threes and twos. Only
// threat search with threes (VCT) asks for twos, and it runs on boards of more than 64
// cells alone: on smaller ones a position keeps fours and threes, which saves a tenth of
// the proof search's time.
const shapes = 3

// lineSet is a set of line indexes that can be listed in a fixed order for a given
// history of moves, with constant-time add and remove.
type lineSet struct {
	lines []int32
	at    []int32 // at[l] is l's index in lines plus one, or 0 when l is not in the set
}

func (s *lineSet) add(l int) {
	s.lines = append(s.lines, int32(l))
	s.at[l] = int32(len(s.lines))
}

func (s *lineSet) remove(l int) {
	i := s.at[l] - 1
	last := s.lines[len(s.lines)-1]
	s.lines[i] = last
	s.at[last] = i + 1
	s.lines = s.lines[:len(s.lines)-1]
	s.at[l] = 0
}

// nearRadius is how far from a mark a cell may be for the search to try it on big boards.
const nearRadius = 2

// newPosition returns the search's copy of b. It keeps no hash when keys is nil, and
// keeps rows (and patterns, where the board has them) when keepRows is set.
func newPosition(b *game.Board, g *geometry, keys *zobrist, keepRows bool) *position {
	p := &position{
		g:     g,
		cells: make([]game.Mark, g.n),
		seen:  cellMarks{seen: make([]uint32, g.n)},
		keys:  keys,
		turn:  b.First(),
		first: b.First(),
		free:  g.n,
		kinds: shapes,
		caro:  g.size.Rule.IsCaro(),
	}
	if g.bitboard {
		p.kinds = 2
	}
	for _, m := range []game.Mark{game.X, game.O} {
		p.count[m] = make([]int, len(g.lines))
		p.openBy[m] = make([]int, g.size.Win+1)
		for j := range p.shape[m] {
			p.shape[m][j].at = make([]int32, len(g.lines))
		}
		p.longLoses[m] = g.size.Rule.LongLoses(m == b.First())
		if g.endOf != nil && (p.longLoses[m] || g.size.Rule.IsCaro()) {
			p.ends[m] = make([]int, len(g.lines))
		}
	}
	if keys != nil {
		p.hash = make([]uint64, len(g.syms))
	}
	if keepRows {
		p.rows = make([]uint32, g.size.Rows)
		if g.pattern != nil {
			p.pat = newPatternState(g.size, g.pattern, p.cells, p.first)
		}
	}
	for l := range g.lines {
		p.classifyFor(game.X, l, 0, 1)
		p.classifyFor(game.O, l, 0, 1)
	}
	if p.turn == game.O {
		for s := range p.hash {
			p.hash[s] = keys.turn // the hash says whose turn it is: O's turn flips keys.turn
		}
	}
	for _, c := range b.Moves() {
		p.play(g.index(c))
	}
	return p
}

// relines changes m's counts of marks on the lines through c by delta, 1 for a move of
// m's in c and -1 for its undo, and the open counts and threat lines with them: a line
// open for m moves from one class of m's to the next, and closes to the other side when
// m's first mark comes (or opens again when it goes), unless marks beyond its ends have
// closed it already (see ends). It reports whether a line is then complete for m. It is
// written out in one loop, with no call per line, for play and undo run it at almost
// every position (not while the position is lean).
func (p *position) relines(m game.Mark, c, delta int) (won bool) {
	k1 := p.g.size.Win - 1
	o, kinds := m.Opponent(), uint(p.kinds)
	mine, theirs := p.count[m], p.count[o]
	endsM, endsO := p.ends[m], p.ends[o] // nil under Freestyle
	byM, byO := p.openBy[m], p.openBy[o]
	shapeM, shapeO := &p.shape[m], &p.shape[o]
	for _, l := range p.g.through[c] {
		before := mine[l]
		after := before + delta
		mine[l] = after
		t := theirs[l]
		// Open for m: from the class of before marks to that of after.
		if t == 0 && (endsM == nil || !p.shut(m, l)) {
			byM[before]--
			byM[after]++
			if j := uint(k1 - before); j < kinds {
				shapeM[j].remove(l)
			}
			if j := uint(k1 - after); j < kinds {
				shapeM[j].add(l)
			}
			won = won || after > k1
		}
		// m's first mark closes the line to o, or it opens again.
		if (before == 0 || after == 0) && (endsO == nil || !p.shut(o, l)) {
			byO[t] -= delta
			if j := uint(k1 - t); j < kinds {
				if delta > 0 {
					shapeO[j].remove(l)
				} else {
					shapeO[j].add(l)
				}
			}
		}
	}
	return won
}

// shut reports whether marks just beyond line l's ends close it to m, which must keep
// ends: one of m's where a longer row does not win for m, or under caro two of the other
// side's, one at each end.
func (p *position) shut(m game.Mark, l int) bool {
	return p.longLoses[m] && p.ends[m][l] > 0 || p.caro && p.ends[m.Opponent()][l] == 2
}

// reend changes by delta, 1 for a move of m's in c and -1 for its undo, m's count of
// marks beyond the ends of the lines c lies just beyond, where a longer row does not win
// for m or under caro: the lines it shuts to either side (see shut) close (and its undo
// opens them again).
func (p *position) reend(m game.Mark, c, delta int) {
	if p.ends[m] == nil {
		return
	}
	o := m.Opponent()
	for _, l := range p.g.endOf[c] {
		shutM, shutO := p.shut(m, l), p.ends[o] != nil && p.shut(o, l)
		p.ends[m][l] += delta
		if p.count[o][l] == 0 && p.shut(m, l) != shutM {
			p.classifyFor(m, l, p.count[m][l], -delta)
		}
		if p.ends[o] != nil && p.count[m][l] == 0 && p.shut(o, l) != shutO {
			p.classifyFor(o, l, p.count[o][l], -delta)
		}
	}
}

// legal reports whether the side to move may play in c, an empty cell (see forbids).
func (p *position) legal(c int) bool { return !p.forbids(p.turn, c) }

// forbids reports whether the rule forbids m to play in c, an empty cell: under Renju the
// first player may not play where the renju rules forbid it (see game.RenjuForbidden).
func (p *position) forbids(m game.Mark, c int) bool {
	return p.g.size.Rule == game.Renju && m == p.first &&
		game.RenjuForbidden(p.g.size, p.cells, p.first, p.g.cell(c)) != ""
}

// legalOnly removes from moves, in place, the cells where the side to move may not play,
// and returns what is left.
func (p *position) legalOnly(moves []int) []int {
	if p.g.size.Rule != game.Renju || p.turn != p.first {
		return moves
	}
	return slices.DeleteFunc(moves, func(c int) bool { return !p.legal(c) })
}

// legalMoves returns the empty cells where the side to move may play, in cell order.
func (p *position) legalMoves() []int {
	var moves []int
	for c, m := range p.cells {
		if m == game.Empty {
			moves = append(moves, c)
		}
	}
	return p.legalOnly(moves)
}

// openFor reports whether line l is open for m: no mark of the other side on it and, where
// a longer row does not win for m, none of m's just beyond its ends.
func (p *position) openFor(m game.Mark, l int) bool {
	return p.count[m.Opponent()][l] == 0 && (p.ends[m] == nil || !p.shut(m, l))
}

// makesFour reports whether m makes a four by playing in the empty cell c: whether c lies
// on a line open for m and two marks of m's short of a row.
func (p *position) makesFour(m game.Mark, c int) bool {
	k := p.g.size.Win
	for _, l := range p.g.through[c] {
		if p.openFor(m, l) && p.count[m][l] == k-2 {
			return true
		}
	}
	return false
}

// classifyFor adds sign times the share of line l, open for m with marks of m on it.
func (p *position) classifyFor(m game.Mark, l, marks, sign int) {
	p.openBy[m][marks] += sign
	if j := p.g.size.Win - 1 - marks; j >= 0 && j < p.kinds {
		if sign > 0 {
			p.shape[m][j].add(l)
		} else {
			p.shape[m][j].remove(l)
		}
	}
}

// cellMarks marks cells in lists that are made again and again without clearing them
// each time: a cell is marked in the current list when its entry holds one of the list's
// stamps.
type cellMarks struct {
	seen  []uint32
	stamp uint32
}

// next starts a new list, whose stamps run from the one it returns to that plus width-1:
// no cell is marked in it yet.
func (m *cellMarks) next(width uint32) uint32 {
	m.stamp += width
	if m.stamp < width { // wrapped round: old marks would look new
		clear(m.seen)
		m.stamp = width
	}
	return m.stamp
}

// threats returns how many lines m can complete with one more mark, or while the position
// is lean how many empty cells complete one: either is above 0 just when m can win at
// once.
func (p *position) threats(m game.Mark) int {
	if p.lean > 0 {
		return p.pat.fives(m)
	}
	return p.openBy[m][p.g.size.Win-1]
}

// empty returns the empty cells as a set, on boards of at most 64 cells.
func (p *position) empty() uint64 {
	return p.g.board &^ (p.stones[game.X] | p.stones[game.O])
}

// drawn reports whether neither side can complete a line any more with the moves left.
// A lean position, no more than a search's depth from leanFree empty cells, leaves each
// side at least Win moves more, so it asks whether either side has an empty cell on a
// line it could still complete (see patternState.open).
func (p *position) drawn() bool {
	if p.lean > 0 {
		return !p.pat.open(p.turn, p.free) && !p.pat.open(p.turn.Opponent(), p.free)
	}
	return !p.canWin(p.turn, (p.free+1)/2) && !p.canWin(p.turn.Opponent(), p.free/2)
}

// play puts the mark to move in cell c, which must be empty.
func (p *position) play(c int) {
	m := p.turn
	p.cells[c] = m
	p.stones[m] |= 1 << c // of use on boards of at most 64 cells; beyond, cells from 64 on set nothing
	if p.lean > 0 {
		p.won = p.pat.makesFive(m, c)
	} else {
		p.won = p.relines(m, c, 1)
		p.reend(m, c, 1)
	}
	for s := range p.hash {
		p.hash[s] ^= p.keys.cell[s][c][m] ^ p.keys.turn
	}
	p.turn = m.Opponent()
	p.free--
	p.moves = append(p.moves, c)
	if p.rows != nil {
		p.rows[c/p.g.size.Cols] |= 1 << (c % p.g.size.Cols)
		if p.pat != nil && p.bare == 0 {
			p.pat.place(c, m)
		}
	}
}

// nearEmpty appends to dst, in cell order, the empty cells within nearRadius rows and
// columns of a mark, read from rows (which only big boards keep).
func (p *position) nearEmpty(dst []int) []int {
	rows, cols := p.rows, p.g.size.Cols
	full := uint32(1)<<cols - 1
	for r, here := range rows {
		var band uint32 // the marks of the rows within nearRadius of r
		for _, marks := range rows[max(0, r-nearRadius):min(len(rows), r+nearRadius+1)] {
			band |= marks
		}
		near := band
		for d := 1; d <= nearRadius; d++ {
			near |= band<<d | band>>d
		}
		for set := near & full &^ here; set != 0; set &= set - 1 {
			dst = append(dst, r*cols+bits.TrailingZeros32(set))
		}
	}
	return dst
}

// pass hands the turn to the other side without a move: the null move of threat
// search, which asks what a side could do if it could move twice. A second pass undoes it.
func (p *position) pass() {
	for s := range p.hash {
		p.hash[s] ^= p.keys.turn
	}
	p.turn = p.turn.Opponent()
}

// undo takes back the last move.
func (p *position) undo() {
	c := p.moves[len(p.moves)-1]
	p.moves = p.moves[:len(p.moves)-1]
	m := p.turn.Opponent()
	if p.lean == 0 {
		p.relines(m, c, -1)
		p.reend(m, c, -1)
	}
	for s := range p.hash {
		p.hash[s] ^= p.keys.cell[s][c][m] ^ p.keys.turn
	}
	p.cells[c] = game.Empty
	p.stones[m] &^= 1 << c
	if p.rows != nil {
		p.rows[c/p.g.size.Cols] &^= 1 << (c % p.g.size.Cols)
		if p.pat != nil && p.bare == 0 {
			p.pat.place(c, game.Empty)
		}
	}
	p.turn = m
	p.free++
	p.won = false // a won game takes no more moves, so the position before its last went on
}

// key returns the position's hash folded over the symmetries: the least of its hashes,
// and the symmetry that gives it.
func (p *position) key() (uint64, int) {
	best, sym := p.hash[0], 0
	for s, h := range p.hash[1:] {
		if h < best {
			best, sym = h, s+1
		}
	}
	return best, sym
}

// wins appends to dst, an empty list, the distinct empty cells where m completes a line,
// at most two, in no set order: enough to tell a block from a lost game (two cells), which the
// searches ask at every position where a four stands. It reads only m's fours (see
// shape), where winningCells reads every line; while the position is lean, the
// patterns (see patternState.fiveCells).
func (p *position) wins(m game.Mark, dst []int) []int {
	if p.lean > 0 {
		return p.pat.fiveCells(m, p.moves, dst)
	}
	for _, l := range p.shape[m][0].lines {
		for _, c := range p.g.lines[l] {
			if p.cells[c] == game.Empty && !slices.Contains(dst, c) {
				dst = append(dst, c)
				if len(dst) == 2 {
					return dst
				}
			}
		}
	}
	return dst
}

// winningCells appends to dst the distinct empty cells where m completes a line, at most
// limit of them. It reads the lines, so never while the position is lean.
func (p *position) winningCells(m game.Mark, dst []int, limit int) []int {
	if p.threats(m) == 0 {
		return dst
	}
	need := p.g.size.Win - 1
	for l, line := range p.g.lines {
		if p.count[m][l] != need || !p.openFor(m, l) {
			continue
		}
		for _, c := range line {
			if p.cells[c] == game.Empty && !slices.Contains(dst, c) {
				dst = append(dst, c)
				if len(dst) >= limit {
					return dst
				}
			}
		}
	}
	return dst
}
