package ai

import (
	"math/bits"
	"math/rand/v2"
	"slices"

	"tictactoe/game"
)

// position is the board as the search sees it: the marks, and for every line how many
// marks of each side it holds, from which it keeps, move by move, the counts that the
// search asks for at every node: how many lines are still open for each side (the
// evaluation at the horizon), how many lines each side can complete with one more mark
// (its threats), and a hash of the position under every symmetry of the board.
type position struct {
	g      *geometry
	cells  []game.Mark
	stones [3]uint64 // on boards of at most 64 cells, the cells of each side's marks as sets
	count  [3][]int  // count[m][line]: marks m on the line
	// ends[m][line], kept only for a mark that a longer row does not win for (both under
	// Exact, the first player under Renju; nil otherwise): marks m just beyond the line's
	// ends, each of which closes the line to m, as a mark of the other side's would.
	ends   [3][]int
	first  game.Mark // the mark that moved first, black under Renju
	open   [3]int    // lines open for each side: holding no mark of the other side (see ends)
	openBy [3][]int  // openBy[m][n]: lines open for m holding n marks m
	hash   []uint64  // the Zobrist hash under each symmetry
	keys   *zobrist
	turn   game.Mark
	free   int  // empty cells
	won    bool // the last move completed a line
	moves  []int
	near   []int // on big boards: near[c] counts the marks within two cells of c
	// shape[m][j] holds the lines open for m (no mark of the other side) that lack j+1
	// marks: its fours (j = 0, one mark short of a line), threes (j = 1) and twos (j = 2,
	// on boards of more than 64 cells only: see shapes), in the sense of DESIGN.md's
	// forcing sequences, for any k: on 3×3 a "four" is a two.
	shape [3][shapes]lineSet
	kinds int       // how many kinds of shape it keeps (see shapes)
	seen  cellMarks // scratch for doubles
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

// zobrist holds the random keys of the position hash: one per symmetry, cell and mark,
// and one for the side to move.
type zobrist struct {
	cell [][][3]uint64 // cell[s][c][m]: the key of mark m in cell c seen through symmetry s
	turn uint64
}

func newZobrist(g *geometry) *zobrist {
	rng := rand.New(rand.NewPCG(0x7a6f62726973, uint64(g.n))) // fixed: hashes do not depend on the game's seed
	base := make([][3]uint64, g.n)
	for c := range base {
		base[c] = [3]uint64{0, rng.Uint64(), rng.Uint64()}
	}
	z := &zobrist{turn: rng.Uint64()}
	for _, perm := range g.syms {
		keys := make([][3]uint64, g.n)
		for c := range keys {
			keys[c] = base[perm[c]]
		}
		z.cell = append(z.cell, keys)
	}
	return z
}

// newPosition returns the search's copy of b. It keeps no hash when keys is nil, and
// keeps the near counts when keepNear is set.
func newPosition(b *game.Board, g *geometry, keys *zobrist, keepNear bool) *position {
	p := &position{
		g:     g,
		cells: make([]game.Mark, g.n),
		seen:  cellMarks{seen: make([]uint32, g.n)},
		keys:  keys,
		turn:  b.First(),
		first: b.First(),
		free:  g.n,
		kinds: shapes,
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
		if g.endOf != nil && (g.size.Rule == game.Exact || m == b.First()) {
			p.ends[m] = make([]int, len(g.lines))
		}
	}
	if keys != nil {
		p.hash = make([]uint64, len(g.syms))
	}
	if keepNear {
		p.near = make([]int, g.n)
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

// lineWeight is what an open line counts for in the evaluation, by the marks it holds:
// an empty line 1, as the course project counts lines still open, and each mark four
// times more, so that on boards too big to solve a line nearer to done weighs more.
var lineWeight = [...]int{1, 4, 16, 64, 256, 1024, 4096}

// recount changes m's count of marks on line l by delta, 1 for a move and -1 for its
// undo, and the open counts and threat lines with it: the line moves from one class of
// m's to the next, and closes to the other side when m's first mark comes (or opens again
// when it goes).
func (p *position) recount(m game.Mark, l, delta int) {
	o := m.Opponent()
	before := p.count[m][l]
	after := before + delta
	p.count[m][l] = after
	theirs := p.count[o][l]
	if theirs == 0 && (p.ends[m] == nil || p.ends[m][l] == 0) {
		p.classifyFor(m, l, before, -1)
		p.classifyFor(m, l, after, 1)
	}
	if (before == 0 || after == 0) && (p.ends[o] == nil || p.ends[o][l] == 0) {
		p.classifyFor(o, l, theirs, -delta)
	}
}

// reend changes by delta, 1 for a move of m's in c and -1 for its undo, m's count of
// marks beyond the ends of the lines c lies just beyond, where a longer row does not win
// for m: the first such mark closes the line to m (and its undo opens it again).
func (p *position) reend(m game.Mark, c, delta int) {
	if p.ends[m] == nil {
		return
	}
	o := m.Opponent()
	for _, l := range p.g.endOf[c] {
		before := p.ends[m][l]
		p.ends[m][l] = before + delta
		if (before == 0 || before+delta == 0) && p.count[o][l] == 0 {
			p.classifyFor(m, l, p.count[m][l], -delta)
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
	return p.count[m.Opponent()][l] == 0 && (p.ends[m] == nil || p.ends[m][l] == 0)
}

// classifyFor adds sign times the share of line l, open for m with marks of m on it.
func (p *position) classifyFor(m game.Mark, l, marks, sign int) {
	p.open[m] += sign * lineWeight[min(marks, len(lineWeight)-1)]
	p.openBy[m][marks] += sign
	if j := p.g.size.Win - 1 - marks; j >= 0 && j < p.kinds {
		if sign > 0 {
			p.shape[m][j].add(l)
		} else {
			p.shape[m][j].remove(l)
		}
	}
}

// tempo is what the evaluation adds for the side to move when it can make two fours with
// one move (an open four from an open three, or a double four), which wins unless the
// other side can answer with fours; it takes off a quarter of it for each such cell of the
// other side's, up to two, which the side to move must spend its move on.
const tempo = 1 << 14

// evaluate scores a position where neither side has a four, for the side to move, by its
// threat shapes: its open lines, weighted by the marks they hold (fours, threes, twos: see
// lineWeight), less the other side's, and the cells where one move makes two fours (see
// tempo).
func (p *position) evaluate() int {
	me, them := p.turn, p.turn.Opponent()
	score := p.open[me] - p.open[them]
	if p.doubles(me, 1) > 0 {
		return score + tempo
	}
	return score - p.doubles(them, 2)*tempo/4
}

// doubles counts, up to limit, the empty cells that lie on two or more of m's threes
// (lines two marks short), where one move of m's makes two fours, and that the rule lets
// m play.
func (p *position) doubles(m game.Mark, limit int) int {
	found := 0
	// seen[c] is one once a three through c is met, and two once two are.
	one := p.seen.next(2)
	two, seen := one+1, p.seen.seen
	for _, l := range p.shape[m][1].lines {
		for _, c := range p.g.lines[l] {
			switch {
			case p.cells[c] != game.Empty || seen[c] == two:
			case seen[c] == one:
				seen[c] = two
				if p.forbids(m, c) {
					continue
				}
				if found++; found >= limit {
					return found
				}
			default:
				seen[c] = one
			}
		}
	}
	return found
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

// threats returns how many lines m can complete with one more mark.
func (p *position) threats(m game.Mark) int { return p.openBy[m][p.g.size.Win-1] }

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
// sides blocked is a draw; one side blocked bounds the value for it at a draw.
func (p *position) blocked(m game.Mark) bool {
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

// empty returns the empty cells as a set, on boards of at most 64 cells.
func (p *position) empty() uint64 {
	return p.g.board &^ (p.stones[game.X] | p.stones[game.O])
}

// drawn reports whether neither side can complete a line any more with the moves left.
func (p *position) drawn() bool {
	return !p.canWin(p.turn, (p.free+1)/2) && !p.canWin(p.turn.Opponent(), p.free/2)
}

// play puts the mark to move in cell c, which must be empty.
func (p *position) play(c int) {
	m := p.turn
	p.cells[c] = m
	p.stones[m] |= 1 << c // of use on boards of at most 64 cells; beyond, cells from 64 on set nothing
	for _, l := range p.g.through[c] {
		p.recount(m, l, 1)
		if p.count[m][l] == p.g.size.Win && (p.ends[m] == nil || p.ends[m][l] == 0) {
			p.won = true
		}
	}
	p.reend(m, c, 1)
	for s := range p.hash {
		p.hash[s] ^= p.keys.cell[s][c][m] ^ p.keys.turn
	}
	p.turn = m.Opponent()
	p.free--
	p.moves = append(p.moves, c)
	p.addNear(c, 1)
}

// addNear adds delta to the near counts of the cells around c, when they are kept.
func (p *position) addNear(c, delta int) {
	if p.near == nil {
		return
	}
	s := p.g.size
	r0, c0 := c/s.Cols, c%s.Cols
	for r := max(0, r0-nearRadius); r <= min(s.Rows-1, r0+nearRadius); r++ {
		for col := max(0, c0-nearRadius); col <= min(s.Cols-1, c0+nearRadius); col++ {
			p.near[r*s.Cols+col] += delta
		}
	}
}

// nearMark reports whether a mark stands within nearRadius of c.
func (p *position) nearMark(c int) bool { return p.near[c] > 0 }

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
	for _, l := range p.g.through[c] {
		p.recount(m, l, -1)
	}
	p.reend(m, c, -1)
	for s := range p.hash {
		p.hash[s] ^= p.keys.cell[s][c][m] ^ p.keys.turn
	}
	p.cells[c] = game.Empty
	p.stones[m] &^= 1 << c
	p.addNear(c, -1)
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

// winningCells appends to dst the distinct empty cells where m completes a line, at most
// limit of them.
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

// potential scores an empty cell c for the side m to move, for move ordering: over the
// lines through c, a line gains weight with each mark of one side it holds, and a line
// holding both sides' marks is dead and counts nothing.
func (p *position) potential(c int, m game.Mark) int {
	o := m.Opponent()
	score := 0
	for _, l := range p.g.through[c] {
		mine, theirs := p.count[m][l], p.count[o][l]
		switch {
		case theirs == 0:
			score += 1 + 4*mine*mine
		case mine == 0:
			score += 1 + 3*theirs*theirs
		}
	}
	return score
}
