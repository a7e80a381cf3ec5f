package ai

import (
	"math"
	"math/bits"

	"tictactoe/game"
)

// lineWeight is what an open line counts for in the evaluation, by the marks it holds:
// an empty line 1, as the course project counts lines still open, and each mark four
// times more, so that on boards too big to solve a line nearer to done weighs more.
var lineWeight = [...]int{1, 4, 16, 64, 256, 1024, 4096}

// tempo is what the evaluation adds for the side to move when it can make two fours with
// one move (an open four from an open three, or a double four), which wins unless the
// other side can answer with fours; it takes off a quarter of it for each such cell of the
// other side's, up to two, which the side to move must spend its move on.
//
// That charge stands in for the answer, which the search does not play at the horizon:
// an attacker's open three is worth more than the block that stops it, for the attacker
// keeps the initiative. Searching the answer one ply further, so that the evaluation saw
// the three blocked, scored 29% against this evaluation through pbrain at 200 ms a move
// (143 games). Half of tempo a cell, up to four cells or only one scored within the
// noise of 200 games, and a whole tempo a cell 44%.
const tempo = 1 << 14

// evaluate scores a position where neither side has a four, for the side to move: five
// in a row under freestyle, where the position keeps patterns and the fitted weights
// apply, by them (see evaluateCells), other games by threat shapes (see evaluateLines).
func (p *position) evaluate() int {
	if p.pat != nil && p.pat.fitted {
		return p.evaluateCells()
	}
	return p.evaluateLines()
}

// evaluateLines scores a position by its threat shapes: the side to move's open lines,
// weighted by the marks they hold (fours, threes, twos: see lineWeight), less the other
// side's, the cells where one move makes two fours (see tempo), and the side to move's
// slower winning threats (see initiative).
func (p *position) evaluateLines() int {
	me, them := p.turn, p.turn.Opponent()
	score := p.openWeight(me) - p.openWeight(them)
	if p.evalDoubles(me, 1) > 0 {
		return score + tempo
	}
	return score + p.initiative() - p.evalDoubles(them, 2)*tempo/4
}

// evaluateCells scores a position of five in a row under freestyle, for the side to move,
// from its patterns: each empty cell by its class for either side (what a move there
// would make, see cellClass), weighed by cellWeights, and the cells where one move makes
// two threats at once (see shapeDouble). The weights were fitted to the results of games
// (see weights.go), where the line counts' were set by hand: they predict the result of
// a game from its positions far better (a mean log-loss of 0.51, against 0.65 for the line
// counts and 0.69 for a coin), and count what lines cannot see, such as two threats
// crossing at one cell.
func (p *position) evaluateCells() int {
	me, them := p.turn, p.turn.Opponent()
	ps := p.pat
	if ps.doubles[me] > 0 {
		return doubleWin
	}
	score := toMoveWeight + theirDoubleWeight*min(2, ps.doubles[them])
	if ps.fourThrees[me] > 0 {
		score += fourThreeWeight
	}
	if ps.threeThrees[me] > 0 {
		score += threeThreeWeight
	}
	if ps.fourThrees[them] > 0 {
		score += theirFourThreeWeight
	}
	if ps.threeThrees[them] > 0 {
		score += theirThreeThreeWeight
	}
	mine, theirs := &ps.classes[me], &ps.classes[them]
	for _, w := range weighedClasses {
		score += int(w.mine*mine[w.class] + w.theirs*theirs[w.class])
	}
	return score
}

// A classWeight is what an empty cell of one class adds to the evaluation, as the side
// to move's and as the other side's.
type classWeight struct {
	class        int
	mine, theirs int32
}

// weighedClasses lists the classes with a weight for either side (see cellWeights),
// which are all that evaluateCells reads.
var weighedClasses = func() []classWeight {
	var ws []classWeight
	for best := range patterns {
		for second := range patterns {
			w := classWeight{cellClass(best, second), cellWeights[0][best][second], cellWeights[1][best][second]}
			if w.mine != 0 || w.theirs != 0 {
				ws = append(ws, w)
			}
		}
	}
	return ws
}()

// openWeight returns m's open lines, each weighted by the marks it holds (see
// lineWeight).
func (p *position) openWeight(m game.Mark) int {
	w, last := 0, len(lineWeight)-1
	for n, lines := range p.openBy[m] {
		w += lines * lineWeight[min(n, last)]
	}
	return w
}

// initiative is what the evaluation adds, under freestyle where the position keeps
// patterns, for the side to move when one move of its makes a four and an open three
// (three quarters of tempo: the four forces the block, then the three makes an open
// four), or else two open threes (three eighths: the other side can block only one)
// while the other side has no move that makes an open four, two fours, or a four and an
// open three, any of which would come first. Other fours of the other side's can still
// answer either. The search does not see such a win when it lies past the horizon, and
// the line counts do not tell it from two threats far apart.
//
// Through pbrain, against the evaluation without it, from balanced openings played with
// both colours, it scored 225.5 of 400 games at 200 ms a move (+45 Elo) and 107 of 200
// at 1000 ms (+24, within the noise); half of it, 216 of 400 at 200 ms.
func (p *position) initiative() int {
	if !p.readsPatterns() {
		return 0
	}
	me, them := p.turn, p.turn.Opponent()
	switch {
	case p.pat.fourThrees[me] > 0:
		return tempo * 3 / 4
	case p.pat.threeThrees[me] > 0 && p.pat.doubles[them] == 0 && p.pat.fourThrees[them] == 0:
		return tempo * 3 / 8
	}
	return 0
}

// readsPatterns reports whether the evaluation and the search may read threats from the
// position's patterns rather than its lines: under freestyle, where the position keeps
// them. Under the other rules they may not: the patterns miss renju's forbidden moves,
// and an overline whose last stone lies Win cells away, beyond the cells a pattern reads.
func (p *position) readsPatterns() bool {
	return p.pat != nil && p.g.size.Rule == game.Freestyle
}

// staticWin returns in how many plies the side to move wins by force where its
// patterns show the win at once, with no search, and 0 where they do not. The caller
// has seen that neither side has a five to complete. Only five in a row under
// freestyle, whose patterns no overline or forbidden cell can spoil. As Rapfi's search
// checks at every node:
//   - 3: a move makes an open four or two fours. The other side's fours come too late,
//     for the five comes first.
//   - 5: a move makes a four and an open three, or two open threes, and the other side
//     has no move that makes a four. The block the four forces lies off the three's
//     line, and one stone stops only one of two threes; the open four follows.
//   - 5: a move makes a four and an open three, and the block the four forces makes no
//     four of the other side's, whatever fours it has elsewhere (see fourThreeWins).
func (p *position) staticWin() int {
	ps := p.pat
	if ps == nil || !ps.fitted {
		return 0
	}
	me, them := p.turn, p.turn.Opponent()
	switch {
	case ps.doubles[me] > 0:
		return 3
	case ps.fours[them] == 0 && ps.fourThrees[me]+ps.threeThrees[me] > 0:
		return 5
	case ps.fourThrees[me] > 0 && p.fourThreeWins():
		return 5
	}
	return 0
}

// fourThreeWins reports whether the side to move has a move that makes a four and an
// open three after which the block the four forces makes no four of the other side's:
// then the open four comes before any five of the other side's.
func (p *position) fourThreeWins() bool {
	ps := p.pat
	me, them := p.turn, p.turn.Opponent()
	var buf [2]int
	for c, m := range p.cells {
		if m != game.Empty || ps.shapes.flag(ps.packed(me, c))&shapeFourThree == 0 {
			continue
		}
		p.play(c)
		block := p.wins(me, buf[:0])
		ok := len(block) == 1 && !ps.makesFourOf(them, block[0])
		p.undo()
		if ok {
			return true
		}
	}
	return false
}

// evalDoubles is doubles as the evaluation and the search count them: where the
// position's patterns can be read (see readsPatterns), their count (see
// patternState.doubles), which spares reading the lines again. The lines also count a
// cell where one move makes two fours that a single cell completes, which the patterns
// rightly do not.
func (p *position) evalDoubles(m game.Mark, limit int) int {
	if p.readsPatterns() {
		return min(limit, p.pat.doubles[m])
	}
	return p.doubles(m, limit)
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

// answers reports whether a move in c answers the opponent's threat to make two fours
// at once (an open three): whether c is a cell of one of its threes, or makes a four. On
// big boards, where nothing is proven, the search tries only such moves against that
// threat: a move elsewhere rarely helps. Under freestyle, where the position keeps
// patterns, it reads them (see makesFourFor).
func (s *searcher) answers(p *position, c int) bool {
	return makesFourFor(p, p.turn, c) || makesFourFor(p, p.turn.Opponent(), c)
}

// makesFourFor reports whether a move of m's in the empty cell c makes a four: from the
// patterns where they can be read (see readsPatterns and patternState.makesFourOf),
// which say the same as the lines (see position.makesFour) in positions without a
// four, where the search asks; else from the lines.
func makesFourFor(p *position, m game.Mark, c int) bool {
	if p.readsPatterns() {
		return p.pat.makesFourOf(m, c)
	}
	return p.makesFour(m, c)
}

// scratch makes sure the move, score and evaluation lists of every ply up to ply exist.
func (s *searcher) scratch(ply int) {
	for len(s.buf) <= ply {
		s.buf = append(s.buf, make([]int, 0, s.g.n))
		s.scores = append(s.scores, make([]int, s.g.n))
		s.evals = append(s.evals, 0)
	}
}

// candidates returns, in cell order, the empty cells that order considers, and whether
// they are all the empty cells: on big boards those near a mark, or on an empty board
// the centre cells; on others every empty cell. The list is the searcher's, made again
// at the next call.
func (s *searcher) candidates(p *position) (cands []int, all bool) {
	cands = s.cands[:0]
	switch {
	case !s.bigBoard:
		for set := p.empty(); set != 0; set &= set - 1 {
			cands = append(cands, bits.TrailingZeros64(set))
		}
	case p.free == s.g.n:
		cands = append(cands, s.g.centre...)
	default:
		cands = p.nearEmpty(cands)
	}
	s.cands = cands
	return cands, !s.bigBoard || len(cands) == p.free
}

// order returns the moves to search at ply, best first: the table's move, then by the
// patterns a move makes and stops (see patternState.moveScore) where the position
// keeps them, or else by line potential, with one dead cell for all. On big boards only
// cells near the marks are tried, and only those that answer an open three when answer
// is set (see answers); with width above 0 only the width best (see searcher.width).
// All says whether that left none out.
func (s *searcher) order(p *position, ply, ttMove, width int, answer bool) (moves []int, all bool) {
	moves, scores := s.buf[ply][:0], s.scores[ply]
	// With a width only the best are kept, and a move that would rank after them is
	// dropped as it comes; black's moves under Renju are all kept, for the forbidden
	// among them are taken out after.
	keep := len(p.cells)
	if width > 0 && !(p.g.size.Rule == game.Renju && p.turn == p.first) {
		keep = width
	}
	dead := false // a dead cell is among the moves
	cands, all := s.candidates(p)
	for _, c := range cands {
		if answer && !s.answers(p, c) {
			all = false
			continue
		}
		var score int
		if p.pat != nil {
			score = p.pat.moveScore(c, p.turn)
		} else {
			score = p.potential(c, p.turn)
		}
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
		if i == keep {
			all = false
			if scores[i-1] >= score {
				continue // it would rank after every move kept
			}
			i-- // the last kept move makes way
		} else {
			moves = append(moves, c)
		}
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
			if width > 0 && len(kept) == width {
				all = false
				break
			}
			if p.legal(c) {
				kept = append(kept, c)
			}
		}
		moves = kept
	}
	return moves, all
}

// width returns how many of order's moves the search tries at ply, with depth plies
// left and answer set where only the answers to an open three are tried, or 0 for all of
// them: below the root of a board too big to solve the beam's (see beamWidths), half
// of it where the side to move is not improving and need not answer (see improving,
// which reads the evaluation search keeps at ply), fewer in the last plies unless
// answering (see nearHorizon); elsewhere all.
func (s *searcher) width(ply, depth int, answer bool) int {
	switch {
	case !s.bigBoard || ply == 0:
		return 0
	case !answer && depth > 0 && depth < len(nearHorizon):
		return nearHorizon[depth]
	}
	w := beamWidths[min(max(depth, 0), len(beamWidths)-1)]
	if !answer && depth >= len(nearHorizon) && !s.improving(ply) {
		w /= 2
	}
	return w
}

// beamWidths is, by the depth left, how many moves the search tries below the root on
// boards too big to solve: the best by order's scores (the table's move first). It
// grows with the depth, 3 + depth^1.32 up to maxBeam, as Rapfi's classical search
// counts the moves it tries before it prunes the rest: 9 at depth 4, 13 at 6, 18 at 8,
// 23 at 10. Deeper searches, which most of a move's positions are not, can afford the
// moves an order by shape ranks low, and a move the order misjudges is then seen by a
// search of its own. Where the window is open its later moves are checked less deep
// (see reducedDepth). Answering an open three, at depth 1 to 3 too, it tries 4, 5 and
// 7 moves. Against Rapfi through pbrain at 200 ms a move, 15×15, seed 971: 72 of 200
// where the beam of 8 at every depth (answers included) it replaced scored 52 on the
// same openings (29 games better, 9 worse). That beam of 8 had scored 49 of 50 as X and
// 31 of 50 as O against the build before threat search, where 6 scored 46 and 23 and
// 12 scored 45 and 19.
var beamWidths = func() (b [16]int) {
	for d := range b {
		b[d] = min(maxBeam, 3+int(math.Pow(float64(d), 1.32)))
	}
	return b
}()

// maxBeam is the widest beam (see beamWidths), from depth 11 on.
const maxBeam = 24

// nearHorizon is, by the depth left (1, 2 or 3 plies), how many of order's moves the
// search tries below the root of a big board where no open three must be answered:
// no more than the beam's (see beamWidths) near the horizon, where a move late in the
// order rarely changes the value (late-move pruning). Depth 10 in a 15×15 opening took
// a tenth fewer positions; through pbrain at 200 ms, with the forced block costing no
// ply, it scored 116 of 200 against the build without both (+56 Elo), and trying 2, 4,
// 5 and 6 moves in the last four plies scored 85 of 200 against it.
var nearHorizon = [...]int{1: 3, 2: 5, 3: 6}
