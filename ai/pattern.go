package ai

import (
	"slices"
	"sync"

	"tictactoe/game"
)

// A pattern is what one side could make on one line through an empty cell by playing
// there, judged from the cells within Win-1 of it along the line: a five (a winning
// row), an open four (two cells then complete a five, so the row cannot be stopped), a
// four (one cell does), an open three (one more move makes an open four), a three (one
// more makes a four), and so on down to a lone mark with room for a row. Engines for
// five in a row read their evaluation and their move order from such patterns, kept up
// to date cell by cell as stones come and go, rather than from counts of marks on lines.
type pattern uint8

// The patterns, weakest first: "open" (F) ones can grow into the next open one, "closed"
// (B) ones only into a closed one.
const (
	patNone pattern = iota // no row of Win can be made here on this line
	patB1                  // one more move makes a closed two
	patF1                  // one more move makes an open two
	patB2                  // one more move makes a closed three
	patF2                  // one more move makes an open three
	patB3                  // one more move makes a four
	patF3                  // one more move makes an open four
	patB4                  // a four: one cell completes the row
	patF4                  // an open four: two cells do
	patF5                  // a winning row
	patterns
)

// patternSize reports whether boards of size s have pattern tables: those whose Win is 4
// or 5 (the tables of longer rows would be too big to build at start), under any rule
// but caro, where whether a row wins depends on the cells beyond both its ends, one
// more on each side than a table reads.
func patternSize(s game.Size) bool {
	return s.Win >= 4 && s.Win <= maxPatternWin && !s.Rule.IsCaro()
}

// patternTables holds the tables built so far (see patternsFor), by their arguments;
// patternMu guards it.
var (
	patternMu     sync.Mutex
	patternTables = map[patternKey][]uint8{}
)

// patternKey is what a pattern table depends on: the length of a row, and whether a
// longer row wins for X and for O.
type patternKey struct {
	win          int
	longX, longO bool
}

// patternsFor returns the pattern table of rows of win cells, where a longer row wins
// for X when longX is set and for O when longO is: for each line code (two bits for each
// of the 2·(Win-1) cells around an empty cell along a line: 0 empty, 1 X, 2 O, 3 off the
// board), the pattern X would make there in its low four bits and O's in its high four.
// It is built once, and shared by every position that asks.
func patternsFor(win int, longX, longO bool) []uint8 {
	patternMu.Lock()
	defer patternMu.Unlock()
	key := patternKey{win, longX, longO}
	if t, ok := patternTables[key]; ok {
		return t
	}
	x, o := classifyAll(win, longX, game.X), classifyAll(win, longO, game.O)
	t := make([]uint8, len(x))
	for code := range t {
		t[code] = uint8(x[code]) | uint8(o[code])<<4
	}
	patternTables[key] = t
	return t
}

// classifyAll returns the pattern m makes for every line code (see patternsFor): a five
// when the row through the centre is complete; an open four when two empty cells would
// each complete one, a four when one would; otherwise one step short of the best pattern
// a move in one of the empty cells would make (see shrink).
func classifyAll(win int, long bool, m game.Mark) []pattern {
	r := win - 1
	out := make([]pattern, 1<<(4*r))
	known := make([]bool, len(out))
	var classify func(code int) pattern
	classify = func(code int) pattern {
		if known[code] {
			return out[code]
		}
		var line [2*maxPatternWin - 1]int8
		decode(code, r, m, line[:2*r+1])
		best := patNone
		if five(line[:2*r+1], win, long) {
			best = patF5
		} else {
			fives := 0
			for i, v := range line[:2*r+1] {
				if v == 0 {
					line[i] = 1
					if five(line[:2*r+1], win, long) {
						fives++
					}
					line[i] = 0
				}
			}
			switch {
			case fives >= 2:
				best = patF4
			case fives == 1:
				best = patB4
			default:
				var grown pattern
				for i, v := range line[:2*r+1] {
					if v == 0 {
						grown = max(grown, classify(code|int(m)<<(2*slot(i, r))))
					}
				}
				best = shrink(grown)
			}
		}
		out[code], known[code] = best, true
		return best
	}
	for code := range out {
		classify(code)
	}
	return out
}

// maxPatternWin is the longest row with pattern tables.
const maxPatternWin = 5

// five reports whether line, whose centre is the side's, holds a winning row through the
// centre: Win of the side's cells in a row, and no more when long is not set.
func five(line []int8, win int, long bool) bool {
	r := win - 1
	for s := 0; s <= r; s++ { // the row line[s:s+win] holds the centre
		full := true
		for i := s; i < s+win && full; i++ {
			full = line[i] == 1
		}
		if full && (long || (s == 0 || line[s-1] != 1) && (s+win == len(line) || line[s+win] != 1)) {
			return true
		}
	}
	return false
}

// shrink returns the pattern one move short of p, the best a line can make that one move
// would turn into p: an open four comes from an open three, a four from a three.
func shrink(p pattern) pattern {
	switch p {
	case patF4:
		return patF3
	case patB4:
		return patB3
	case patF3:
		return patF2
	case patB3:
		return patB2
	case patF2:
		return patF1
	case patB2:
		return patB1
	}
	return patNone
}

// slot returns the code's slot of the cell at offset i-r from the centre.
func slot(i, r int) int {
	if i < r {
		return i
	}
	return i - 1
}

// decode fills line from code, from m's side: 1 where m stands, 2 where the other side or
// the board's edge is, 0 where the cell is empty; the centre is m's.
func decode(code, r int, m game.Mark, line []int8) {
	for i := range line {
		if i == r {
			line[i] = 1
			continue
		}
		switch v := code >> (2 * slot(i, r)) & 3; {
		case v == 0:
			line[i] = 0
		case v == int(m):
			line[i] = 1
		default:
			line[i] = 2
		}
	}
}

// cellShapes is what the four patterns through an empty cell add up to for one side,
// for every packing of them (four bits a direction): the cell's worth as a move, for move
// ordering, and its kind: its flags (see shapeDouble) and its class, for the evaluation
// (see cellClass). The kind is a table of its own, apart from the worths, because every
// move reads it for the cells around the stone whose patterns change (see place): one
// lookup gives both, from 128 KiB of cache.
type cellShapes struct {
	move []int32
	// kind holds a packing's class in its low byte and its flags in its high byte: an
	// array, which a packing indexes without a check.
	kind *[1 << 16]uint16
	// order[0] and order[1]: the fitted move order's worth of a packing as the mover's
	// patterns and as the other side's (see patternState.moveScore).
	order [2][]int32
}

// flag returns the flags of a packing (see shapeDouble).
func (t *cellShapes) flag(packed uint16) uint8 { return uint8(t.kind[packed] >> 8) }

// class returns the class of a packing (see cellClass).
func (t *cellShapes) class(packed uint16) int { return int(uint8(t.kind[packed])) }

// cellClass returns the class of an empty cell for one side, from the best and the
// second best of its patterns in the four directions (the same when two directions
// share the best): what a move there would make, and what it would make besides. The
// evaluation of five in a row counts each side's empty cells by class (see
// position.evaluateCells).
func cellClass(best, second pattern) int { return int(best)*int(patterns) + int(second) }

// cellClasses is how many classes cellClass returns.
const cellClasses = int(patterns) * int(patterns)

// classCounts counts a side's empty cells by class: of its 256 entries only the first
// cellClasses are used, so that a class read from a byte indexes it without a check.
type classCounts [256]int32

// The flags of a cell's shape for one side.
const (
	// shapeDouble: a move here makes an open four or two fours, which win unless the
	// other side has a five to play or fours of its own.
	shapeDouble = 1 << iota
	// shapeFour: a move here makes a four or more in some direction: the cell lies on a
	// line of Win cells two marks short of a row, open for the side.
	shapeFour
	// shapeFourThree: a move here makes a four and an open three (and no double): the
	// four forces the block, and the three then makes an open four.
	shapeFourThree
	// shapeThreeThree: a move here makes two open threes (and no four): the other side
	// can block only one of them, unless it has fours of its own.
	shapeThreeThree
)

// shapeMove is a pattern's worth as a move, in one direction, in the move order of games
// other than five in a row under freestyle; shapes4 adds to the sum of the four
// directions for the moves that make two threats at once.
var shapeMove = [patterns]int32{0, 10, 30, 50, 200, 300, 1500, 2000, 100_000, 1_000_000}

// shapes4 returns the shapes of every packing of four patterns.
var shapes4 = sync.OnceValue(func() cellShapes {
	t := cellShapes{move: make([]int32, 1<<16), kind: new([1 << 16]uint16)}
	t.order = [2][]int32{make([]int32, 1<<16), make([]int32, 1<<16)}
	for packed := range t.move {
		var n [patterns]int
		var move int32
		var flag uint8
		best, second := patNone, patNone
		for d := range 4 {
			p := min(pattern(packed>>(4*d)&15), patF5) // packings of more than patF5 never occur
			n[p]++
			move += shapeMove[p]
			if p >= patB4 {
				flag |= shapeFour
			}
			switch {
			case p > best:
				best, second = p, best
			case p > second:
				second = p
			}
		}
		class := cellClass(best, second)
		for side := range 2 {
			worth := orderClassWeights[side][best][second]
			for d := range 4 {
				worth += orderPatternWeights[side][min(pattern(packed>>(4*d)&15), patF5)]
			}
			t.order[side][packed] = worth
		}
		switch {
		case n[patF5] > 0:
		case n[patF4] > 0 || n[patB4] >= 2:
			flag |= shapeDouble
			move += 100_000
		case n[patB4] > 0 && n[patF3] > 0: // a four and an open three
			flag |= shapeFourThree
			move += 50_000
		case n[patF3] >= 2: // two open threes
			flag |= shapeThreeThree
			move += 10_000
		}
		t.move[packed], t.kind[packed] = move, uint16(class)|uint16(flag)<<8
	}
	return t
})

// A patternNeighbour is a cell whose line code in one direction covers a given cell: x's
// code in direction dir holds that cell's two bits at shift.
type patternNeighbour struct {
	x     int32
	dir   uint8
	shift uint8
}

// patternGeometry is what positions of one board size need for their patterns: the
// neighbours of each cell, and each cell's codes on an empty board (the board's edges).
type patternGeometry struct {
	neighbours [][]patternNeighbour
	edges      [4][]uint32
}

// newPatternGeometry returns the pattern geometry of boards of size s.
func newPatternGeometry(s game.Size) *patternGeometry {
	n, r := s.Rows*s.Cols, s.Win-1
	pg := &patternGeometry{neighbours: make([][]patternNeighbour, n)}
	for d, step := range lineDirs {
		pg.edges[d] = make([]uint32, n)
		for x := range n {
			row, col := x/s.Cols, x%s.Cols
			for i := 0; i <= 2*r; i++ {
				if i == r {
					continue
				}
				shift := 2 * slot(i, r)
				nr, nc := row+(i-r)*step[0], col+(i-r)*step[1]
				if !onBoard(s, nr, nc) {
					pg.edges[d][x] |= 3 << shift
					continue
				}
				c := nr*s.Cols + nc
				pg.neighbours[c] = append(pg.neighbours[c], patternNeighbour{int32(x), uint8(d), uint8(shift)})
			}
		}
	}
	return pg
}

// patternState is a position's patterns, kept when the board has pattern tables: for
// every cell its line code in each direction, for each empty cell each side's patterns
// there, packed, and how many empty cells hold each kind of winning threat (see
// shapeDouble, shapeFourThree and shapeThreeThree).
type patternState struct {
	g      *patternGeometry
	shapes cellShapes  // shapes4's
	cells  []game.Mark // the position's
	// table gives, for a line code, X's pattern in its low four bits and O's in its high
	// four. Each side's is read from the tables where a longer row wins for it or does
	// not (Exact, and black under Renju); in the latter, a row of Win counts as a five
	// only if no stone of the side's adjoins it within the cells read, so an overline by
	// a stone Win cells away from the centre is missed.
	table []uint8
	codes [4][]uint32
	// both[c]: X's patterns at c, four bits a direction, in its low 16 bits and O's in
	// its high 16 (see packed), kept for empty cells only (see place): one word, so
	// that a move updates both sides' at once.
	both []uint32
	// doubles[m], fourThrees[m], threeThrees[m]: the empty cells where m makes an open
	// four or two fours, a four and an open three, two open threes; fours[m]: those where
	// m makes a four of any kind.
	doubles, fourThrees, threeThrees, fours [3]int
	// classes[m][k]: the empty cells of class k for m (see cellClass).
	classes [3]classCounts
	// fitted: the weights fitted to games (weights.go) apply: five in a row under
	// freestyle. The evaluation and the move order read them.
	fitted bool
}

// newPatternState returns the patterns of an empty board of size s.
func newPatternState(s game.Size, pg *patternGeometry, cells []game.Mark, first game.Mark) *patternState {
	n := s.Rows * s.Cols
	ps := &patternState{g: pg, shapes: shapes4(), cells: cells, fitted: s.Rule == game.Freestyle && s.Win == 5}
	long := func(m game.Mark) bool { return s.Rule == game.Freestyle || s.Rule == game.Renju && m != first }
	ps.table = patternsFor(s.Win, long(game.X), long(game.O))
	ps.both = make([]uint32, n)
	for d := range ps.codes {
		ps.codes[d] = append([]uint32(nil), pg.edges[d]...)
	}
	for c := range n {
		ps.repack(c)
		ps.count(game.X, c, 1)
		ps.count(game.O, c, 1)
	}
	return ps
}

// repack sets both sides' patterns at c from its codes.
func (ps *patternState) repack(c int) {
	var both uint32
	for d := range 4 {
		both |= spread(ps.table[ps.codes[d][c]]) << (4 * d)
	}
	ps.both[c] = both
}

// spread turns a pattern table's entry (X's pattern in its low four bits, O's in its
// high four) into the bits of both sides' packings (see patternState.both) of one
// direction, the first.
func spread(v uint8) uint32 { return uint32(v&15) | uint32(v>>4)<<16 }

// packed returns m's patterns at the empty cell c, four bits a direction.
func (ps *patternState) packed(m game.Mark, c int) uint16 {
	return uint16(ps.both[c] >> (16 * (m - 1)))
}

// count adds sign times the threats and the class of m at the empty cell c to m's
// counts.
func (ps *patternState) count(m game.Mark, c, sign int) {
	packed := ps.packed(m, c)
	ps.tally(m, ps.shapes.flag(packed), sign)
	ps.classes[m][ps.shapes.class(packed)] += int32(sign)
}

// tally adds sign times the threats of flags f to m's counts.
func (ps *patternState) tally(m game.Mark, f uint8, sign int) {
	if f&(shapeDouble|shapeFour|shapeFourThree|shapeThreeThree) == 0 {
		return
	}
	ps.doubles[m] += sign * int(f&shapeDouble)
	ps.fours[m] += sign * int(f&shapeFour/shapeFour)
	ps.fourThrees[m] += sign * int(f&shapeFourThree/shapeFourThree)
	ps.threeThrees[m] += sign * int(f&shapeThreeThree/shapeThreeThree)
}

// place records mark m in cell c (Empty for an undo), after the position has, and
// updates the codes of the cells around it, and the patterns of those that are empty: a
// cell's patterns are read again from its codes when it is emptied.
func (ps *patternState) place(c int, m game.Mark) {
	if m != game.Empty { // c is no longer empty: its shapes leave the sums
		ps.count(game.X, c, -1)
		ps.count(game.O, c, -1)
	}
	table, cells, both := ps.table, ps.cells, ps.both
	cx, co := &ps.classes[game.X], &ps.classes[game.O]
	for _, nb := range ps.g.neighbours[c] {
		x, d := nb.x, nb.dir
		codes := ps.codes[d]
		code := codes[x]&^(3<<nb.shift) | uint32(m)<<nb.shift
		codes[x] = code
		if cells[x] != game.Empty {
			continue
		}
		shift := 4 * d
		was := both[x]
		now := was&^(0xf000f<<shift) | spread(table[code])<<shift
		if now == was {
			continue
		}
		both[x] = now
		if wx, nx := uint16(was), uint16(now); wx != nx && ps.reclass(cx, wx, nx) {
			ps.retally(game.X, wx, nx)
		}
		if wo, no := uint16(was>>16), uint16(now>>16); wo != no && ps.reclass(co, wo, no) {
			ps.retally(game.O, wo, no)
		}
	}
	if m == game.Empty { // c is empty again
		ps.repack(c)
		ps.count(game.X, c, 1)
		ps.count(game.O, c, 1)
	}
}

// reclass moves an empty cell from the class counts of packing was to those of now, and
// reports whether its flags changed too, which is rare: then the threat counts must
// follow (see retally).
func (ps *patternState) reclass(classes *classCounts, was, now uint16) bool {
	kw, kn := ps.shapes.kind[was], ps.shapes.kind[now]
	classes[uint8(kw)]--
	classes[uint8(kn)]++
	return (kw^kn)>>8 != 0
}

// retally moves m's threat counts from the flags of packing was to those of now.
func (ps *patternState) retally(m game.Mark, was, now uint16) {
	ps.tally(m, ps.shapes.flag(was), -1)
	ps.tally(m, ps.shapes.flag(now), 1)
}

// makesFourOf reports whether a move of m's in the empty cell c makes a four.
func (ps *patternState) makesFourOf(m game.Mark, c int) bool {
	return ps.shapes.flag(ps.packed(m, c))&shapeFour != 0
}

// moveScore returns the worth of a move of m's in the empty cell c, for move ordering,
// 0 where no line through c is open to either side. Five in a row under freestyle
// weighs what the move makes for m and what it stops the other side making there with
// weights fitted to a strong engine's moves (orderClassWeights, orderPatternWeights),
// and puts a double of m's first; other games add what the move makes for m and four
// fifths of what it stops, by shapeMove.
func (ps *patternState) moveScore(c int, m game.Mark) int {
	if ps.fitted {
		mine, theirs := ps.packed(m, c), ps.packed(m.Opponent(), c)
		if mine == 0 && theirs == 0 {
			return 0
		}
		score := orderBase + int(ps.shapes.order[0][mine]) + int(ps.shapes.order[1][theirs])
		if ps.shapes.flag(mine)&shapeDouble != 0 {
			score += orderDouble
		}
		return score
	}
	move := ps.shapes.move
	return int(move[ps.packed(m, c)]) + int(move[ps.packed(m.Opponent(), c)])*4/5
}

// makesFive reports whether a move of m's in c completes a row: whether its best pattern
// there is a five. c is empty, or has just been played and not yet placed (see
// position.play): its patterns are those of the empty cell until place runs.
func (ps *patternState) makesFive(m game.Mark, c int) bool {
	return ps.shapes.class(ps.packed(m, c)) >= cellClass(patF5, patNone)
}

// fives returns how many empty cells complete a row for m.
func (ps *patternState) fives(m game.Mark) int {
	n := int32(0)
	for second := range patterns {
		n += ps.classes[m][cellClass(patF5, second)]
	}
	return int(n)
}

// fiveCells appends to dst, an empty list, the empty cells where m completes a row, at
// most two, as position.wins does from the lines. In alpha-beta such a cell is nearly
// always one that the last of moves made, within Win-1 cells of it, where it looks
// first; if that finds fewer than fives counts, it looks over the whole board.
func (ps *patternState) fiveCells(m game.Mark, moves []int, dst []int) []int {
	want := min(2, ps.fives(m))
	add := func(x int) bool {
		if ps.cells[x] == game.Empty && ps.makesFive(m, x) && !slices.Contains(dst, x) {
			dst = append(dst, x)
		}
		return len(dst) == want
	}
	if len(dst) == want {
		return dst
	}
	if len(moves) > 0 {
		for _, nb := range ps.g.neighbours[moves[len(moves)-1]] {
			if add(int(nb.x)) {
				return dst
			}
		}
	}
	for x := range ps.cells {
		if add(x) {
			return dst
		}
	}
	return dst
}

// open reports whether m has a line of Win cells that holds none of the other side's
// marks, which it could complete with at most Win moves more: whether any empty cell
// (free counts them) has a pattern of m's in some direction.
func (ps *patternState) open(m game.Mark, free int) bool {
	return int(ps.classes[m][cellClass(patNone, patNone)]) < free
}
