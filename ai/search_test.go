package ai

import (
	"math/rand/v2"
	"testing"
	"time"

	"tictactoe/game"
)

// TestOrderBeam checks that on a board too big to solve the search tries every move near
// the marks at the root, and below it only the best of them, as many as the beam at the
// depth left (beamWidths: more for deeper searches, up to maxBeam; nearHorizon's count
// one ply from the horizon; the beam's near the horizon when answering an open three),
// saying that it left some out; and that on a board it may solve it tries every move at
// every ply.
func TestOrderBeam(t *testing.T) {
	for _, tc := range []struct {
		size game.Size
		beam bool
	}{
		{game.Size{Rows: 15, Cols: 15, Win: 5}, true},
		{game.Size{Rows: 6, Cols: 6, Win: 4}, false},
	} {
		b := boardAfter(t, tc.size, game.Cell{Row: 2, Col: 2}, game.Cell{Row: 3, Col: 3}, game.Cell{Row: 2, Col: 3})
		s := newSearcher(tc.size, 0, 0)
		p := newPosition(b, s.g, s.keys, s.bigBoard)
		s.scratch(1)
		root, rootAll := s.order(p, 0, -1, s.width(0, len(nearHorizon), false), false)
		n := len(root)
		if n <= maxBeam || !tc.beam && !rootAll {
			t.Fatalf("%v: %d moves at the root (all %v), want more than %d", tc.size, n, rootAll, maxBeam)
		}
		// The beam by the depth left, and answering an open three near the horizon too.
		for _, w := range []struct {
			depth, want int
			answer      bool
		}{{4, 9, false}, {6, 13, false}, {10, 23, false}, {40, maxBeam, false}, {1, 4, true}, {2, 5, true}, {3, 7, true}} {
			below, belowAll := s.order(p, 1, -1, s.width(1, w.depth, w.answer), false)
			switch {
			case tc.beam && (len(below) != w.want || belowAll):
				t.Errorf("%v, depth %d (answering %v): %d moves below the root (all %v), want %d, not all", tc.size, w.depth, w.answer, len(below), belowAll, w.want)
			case !tc.beam && (len(below) != n || !belowAll):
				t.Errorf("%v, depth %d: %d moves below the root (all %v), want %d, all", tc.size, w.depth, len(below), belowAll, n)
			}
		}
		if near, _ := s.order(p, 1, -1, s.width(1, 1, false), false); tc.beam && len(near) != nearHorizon[1] || !tc.beam && len(near) != n {
			t.Errorf("%v: %d moves one ply from the horizon, want %d", tc.size, len(near), map[bool]int{true: nearHorizon[1], false: n}[tc.beam])
		}
	}
}

// TestUnsettledMovesSoftDeadline checks the time manager's soft deadline: in a timed move
// it starts at softShare of the move's time and moves to unsettledShare when the move is
// unsettled, never back; a move with a count of positions has none to move.
func TestUnsettledMovesSoftDeadline(t *testing.T) {
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	size := game.Size{Rows: 15, Cols: 15, Win: 5}
	share := func(s *searcher, at time.Time) int {
		return int(100 * at.Sub(start) / s.deadline.Sub(start))
	}

	m := &Engine{Think: time.Second, Timed: true, Now: func() time.Time { return start }}
	s := newSearcher(size, 0, 0)
	m.setClock(s, start)
	if got := share(s, s.soft); got != softShare {
		t.Fatalf("a timed move's soft deadline is at %d%% of its time, want %d%%", got, softShare)
	}
	s.unsettled()
	if got := share(s, s.soft); got != unsettledShare {
		t.Fatalf("unsettled: soft deadline at %d%%, want %d%%", got, unsettledShare)
	}
	m.setClock(s, start) // the next move starts settled again
	if got := share(s, s.soft); got != softShare {
		t.Fatalf("the next move's soft deadline is at %d%%, want %d%%", got, softShare)
	}

	counted := &Engine{Think: time.Second, Now: func() time.Time { return start }}
	counted.setClock(s, start)
	s.unsettled()
	if !s.soft.IsZero() || !s.another() {
		t.Fatalf("a move with a count of positions got a soft deadline %v", s.soft)
	}
}

// TestLateReduction checks the late-move reductions against their formula's worked
// values (ln depth × ln(place+1), rounded down, at least one; depth and place+1 count as
// at most 63), the depth of the reduced check (at least one ply), and that a reduction
// never shrinks as the depth or the place grows.
func TestLateReduction(t *testing.T) {
	for _, tc := range []struct{ depth, i, want, at int }{
		{4, 3, 1, 2}, {4, 4, 2, 1}, {4, 7, 2, 1}, {4, 8, 3, 1}, {10, 3, 3, 6}, {10, 7, 4, 5},
		{10, 23, 7, 2}, {20, 3, 4, 15}, {200, 200, 17, 182},
	} {
		if got := lateReduction(tc.depth, tc.i); got != tc.want {
			t.Errorf("lateReduction(%d, %d) = %d, want %d", tc.depth, tc.i, got, tc.want)
		}
		if got := reducedDepth(tc.depth, tc.i); got != tc.at {
			t.Errorf("reducedDepth(%d, %d) = %d, want %d", tc.depth, tc.i, got, tc.at)
		}
	}
	for depth := 4; depth < 70; depth++ {
		for i := reduceFrom; i < 70; i++ {
			r := lateReduction(depth, i)
			if r < 1 || r < lateReduction(depth-1, i) || i > reduceFrom && r < lateReduction(depth, i-1) {
				t.Fatalf("lateReduction(%d, %d) = %d: less than one, or than at a shallower depth or an earlier place", depth, i, r)
			}
			if d := reducedDepth(depth, i); d < 1 || d >= depth {
				t.Fatalf("reducedDepth(%d, %d) = %d, want 1 to %d", depth, i, d, depth-1)
			}
		}
	}
}

// TestPastBeam checks which nodes search the moves past their beam (see pastBeam): the
// replies to a root move, at depth pastFrom or more, where no open three must be
// answered; and that a search of a root move's replies tries them all, where the beam
// alone would leave some out.
func TestPastBeam(t *testing.T) {
	for _, tc := range []struct {
		ply, depth, width int
		answer            bool
		past, order       int
	}{
		{1, 6, 13, false, 13, 0}, {1, pastFrom, 9, false, 9, 0}, {1, pastFrom - 1, 6, false, 0, 6},
		{2, 6, 13, false, 0, 13}, {1, 6, 13, true, 0, 13}, {1, 6, 0, false, 0, 0},
	} {
		if past, order := pastBeam(tc.ply, tc.depth, tc.width, tc.answer); past != tc.past || order != tc.order {
			t.Errorf("pastBeam(%d, %d, %d, %v) = %d, %d; want %d, %d", tc.ply, tc.depth, tc.width, tc.answer, past, order, tc.past, tc.order)
		}
	}

	size := game.Size{Rows: 15, Cols: 15, Win: 5}
	b := boardAfter(t, size, []game.Cell{{Row: 7, Col: 7}, {Row: 8, Col: 8}, {Row: 6, Col: 8}, {Row: 7, Col: 9}, {Row: 8, Col: 6}}...)
	s := newSearcher(size, 0, 0)
	p := newPosition(b, s.g, s.keys, s.bigBoard)
	defer lean(p)()
	s.judgeRoot(p)
	root, _ := s.order(p, 0, -1, 0, false)
	p.play(root[0])
	const depth = 6
	s.scratch(1)
	s.evals[1] = p.evaluate()
	replies, _ := s.order(p, 1, -1, 0, false)
	beam := s.width(1, depth, false)
	if len(replies) <= beam {
		t.Fatalf("%d replies, want more than the beam's %d", len(replies), beam)
	}
	s.search(p, depth, 1, -inf, inf)
	if got := len(s.buf[1]); got != len(replies) {
		t.Errorf("a search of depth %d tried %d replies to the root move, want all %d (the beam has %d)", depth, got, len(replies), beam)
	}
}

// TestImproving pins when a side counts as improving, which halves the beam where it
// does not (see improving): only a rise over its evaluation two plies before counts,
// and the first two plies below the root always do.
func TestImproving(t *testing.T) {
	s := &searcher{evals: []int{0, 50, -20, 60, -20, 40, -10}}
	for _, tc := range []struct {
		ply  int
		want bool
	}{{1, true}, {2, true}, {3, true}, {4, false}, {5, false}, {6, true}} {
		if got := s.improving(tc.ply); got != tc.want {
			t.Errorf("improving(%d) with evaluations %v = %v, want %v", tc.ply, s.evals, got, tc.want)
		}
	}
}

func TestFutile(t *testing.T) {
	const beta = 100
	// At ply 3 the side to move is not improving (it stood better two plies before);
	// at ply 4 it is. The root's evaluation stands far above beta.
	evals := func(at3, at4 int) []int { return []int{win / 2, win / 2, -win / 2, at3, at4} }
	m := futilityMargin
	for _, tc := range []struct {
		name                string
		evals               []int
		ply, depth, alpha   int
		answer, small, want bool
	}{
		{"three plies left, not improving, at the margin", evals(beta+2*m, 5), 3, 3, beta - 1, false, false, true},
		{"three plies left, not improving, below it", evals(beta+2*m-1, 5), 3, 3, beta - 1, false, false, false},
		{"three plies left, improving", evals(0, beta+m), 4, 3, beta - 1, false, false, true},
		{"three plies left, improving, below", evals(0, beta+m-1), 4, 3, beta - 1, false, false, false},
		{"two plies left, not improving", evals(beta+m, 5), 3, 2, beta - 1, false, false, true},
		{"two plies left, not improving, below", evals(beta+m-1, 5), 3, 2, beta - 1, false, false, false},
		{"two plies left, improving: the evaluation alone", evals(0, beta), 4, 2, beta - 1, false, false, true},
		{"one ply left, improving: the evaluation alone", evals(0, beta), 4, 1, beta - 1, false, false, true},
		{"one ply left, improving, below beta", evals(0, beta-1), 4, 1, beta - 1, false, false, false},
		{"one ply left, not improving", evals(beta, 5), 3, 1, beta - 1, false, false, true},
		{"one ply left, below beta", evals(beta-1, 5), 3, 1, beta - 1, false, false, false},
		{"ply 2 counts as improving", []int{win / 2, win / 2, beta + m}, 2, 3, beta - 1, false, false, true},
		{"an open window", evals(beta+9*m, 5), 3, 3, beta - 2, false, false, false},
		{"an open three to answer", evals(beta+9*m, 5), 3, 3, beta - 1, true, false, false},
		{"a board small enough to solve", evals(beta+9*m, 5), 3, 3, beta - 1, false, true, false},
		{"the root", evals(0, 5), 0, 3, beta - 1, false, false, false},
	} {
		s := &searcher{evals: tc.evals, bigBoard: !tc.small}
		if got := s.futile(tc.ply, tc.depth, tc.alpha, beta, tc.evals[tc.ply], tc.answer); got != tc.want {
			t.Errorf("%s: futile(%d, %d, %d, %d, %v) with evaluations %v = %v, want %v",
				tc.name, tc.ply, tc.depth, tc.alpha, beta, tc.answer, tc.evals, got, tc.want)
		}
	}
}

func TestFailsHigh(t *testing.T) {
	const beta = 100
	at := func(depth int) int { return beta + failHighMargin*depth - failHighBias }
	for _, tc := range []struct {
		name          string
		e, ply, depth int
		alpha         int
		answer, small bool
		want          bool
	}{
		{"two plies left, at the margin", at(2), 3, 2, beta - 1, false, false, true},
		{"two plies left, below it", at(2) - 1, 3, 2, beta - 1, false, false, false},
		{"five plies left, at the margin", at(5), 3, 5, beta - 1, false, false, true},
		{"five plies left, at two plies' margin", at(2), 3, 5, beta - 1, false, false, false},
		{"one ply left", at(9), 3, 1, beta - 1, false, false, false},
		{"an open window", at(9), 3, 3, beta - 2, false, false, false},
		{"an open three to answer", at(9), 3, 3, beta - 1, true, false, false},
		{"a board small enough to solve", at(9), 3, 3, beta - 1, false, true, false},
		{"the root", at(9), 0, 3, beta - 1, false, false, false},
	} {
		s := &searcher{bigBoard: !tc.small}
		if got := s.failsHigh(tc.ply, tc.depth, tc.alpha, beta, tc.e, tc.answer); got != tc.want {
			t.Errorf("%s: failsHigh(%d, %d, %d, %d, %d, %v) = %v, want %v",
				tc.name, tc.ply, tc.depth, tc.alpha, beta, tc.e, tc.answer, got, tc.want)
		}
	}
}

func TestEstimate(t *testing.T) {
	for _, tc := range []struct {
		name            string
		e, lo, hi, want int
	}{
		{"no bounds", 50, -inf, inf, 50},
		{"a lower bound above", 50, 80, inf, 80},
		{"a lower bound below", 50, 20, inf, 50},
		{"an upper bound below", 50, -inf, 30, 30},
		{"an upper bound above", 50, -inf, 90, 50},
		{"an exact value", 50, 70, 70, 70},
		{"a proven win", 50, win - 3, inf, 50},
		{"a proven loss", 50, -inf, 3 - win, 50},
	} {
		if got := estimate(tc.e, tc.lo, tc.hi); got != tc.want {
			t.Errorf("%s: estimate(%d, %d, %d) = %d, want %d", tc.name, tc.e, tc.lo, tc.hi, got, tc.want)
		}
	}
	// The refined value is what futility weighs, and the side's own evaluation what
	// improving does: at ply 4, improving, two plies left, an evaluation below beta that
	// the table lifts to beta is futile.
	s := &searcher{evals: []int{0, 0, -win / 2, 0, 10}, bigBoard: true}
	if e := estimate(s.evals[4], 100, inf); !s.futile(4, 2, 99, 100, e, false) {
		t.Errorf("futile with the table's lower bound 100 at beta 100 = false, want true")
	}
}

// TestStaticWinIsWon checks every win that staticWin claims, on random crowded 15×15
// positions where neither side has a five to complete, against a search of all the
// other side's replies that reads the lines, not the patterns: a win in 3 must have a
// move after which the side has two cells that complete a five and the other side none;
// a win in 5 a first move after which, whatever the other side plays, the side has a
// five to complete or such a move (and no five of the other side's to answer first).
// It also checks that the claims of both lengths, and the two kinds of a win in 5, were
// met often enough to say something.
func TestStaticWinIsWon(t *testing.T) {
	size := game.Size{Rows: 15, Cols: 15, Win: 5}
	rng := rand.New(rand.NewPCG(43, 5))
	s := newSearcher(size, 0, 0)
	want := 40
	if testing.Short() {
		want = 10
	}
	var claims [6]int
	var fourThrees, threeThrees, probed int
	for tries := 0; tries < 20000 && (claims[3] < want || claims[5] < want); tries++ {
		b, err := game.NewBoard(size, game.X)
		if err != nil {
			t.Fatal(err)
		}
		for range 8 + rng.IntN(30) {
			c := game.Cell{Row: 3 + rng.IntN(9), Col: 3 + rng.IntN(9)}
			if b.At(c) != game.Empty {
				continue
			}
			if b.Play(c); b.Over() {
				b.Undo()
				break
			}
		}
		p := newPosition(b, s.g, s.keys, true)
		me, them := p.turn, p.turn.Opponent()
		if p.threats(me) > 0 || p.threats(them) > 0 {
			continue
		}
		plies := p.staticWin()
		if plies == 0 || claims[plies] >= want {
			continue
		}
		claims[plies]++
		switch {
		case plies == 5 && p.pat.fours[them] > 0:
			probed++
		case plies == 5 && p.pat.fourThrees[me] > 0:
			fourThrees++
		case plies == 5:
			threeThrees++
		}
		if !wonWithin(p, plies) {
			t.Fatalf("staticWin claims a win in %d for %v, which a full search of the replies does not find:\n%v", plies, me, b)
		}
	}
	t.Logf("wins in 3: %d; in 5: %d by a four-three, %d by two threes, %d by a four-three whose block makes no four", claims[3], fourThrees, threeThrees, probed)
	if claims[3] < want || claims[5] < want || fourThrees == 0 || threeThrees == 0 || probed == 0 {
		t.Fatalf("too few claims checked: %d wins in 3 and %d in 5 (%d by a four-three, %d by two threes, %d by a four-three whose block makes no four), want %d of each",
			claims[3], claims[5], fourThrees, threeThrees, probed, want)
	}
}

// wonWithin reports whether the side to move in p, which reads its lines (p is not
// lean) and where neither side has a five to complete, wins by force within plies
// plies, 3 or 5, trying every empty cell for both sides.
func wonWithin(p *position, plies int) bool {
	me, them := p.turn, p.turn.Opponent()
	double := func() bool { // a move of me's that leaves two fives to complete and them none
		for c := range p.cells {
			if p.cells[c] != game.Empty {
				continue
			}
			p.play(c)
			ok := p.threats(them) == 0 && len(p.wins(me, nil)) >= 2
			p.undo()
			if ok {
				return true
			}
		}
		return false
	}
	if plies == 3 {
		return double()
	}
	for c := range p.cells {
		if p.cells[c] != game.Empty {
			continue
		}
		p.play(c)
		held := true
		for r := range p.cells {
			if !held {
				break
			}
			if p.cells[r] != game.Empty {
				continue
			}
			p.play(r)
			switch {
			case p.threats(me) > 0:
			case p.threats(them) > 0:
				held = false
			default:
				held = double()
			}
			p.undo()
		}
		p.undo()
		if held {
			return true
		}
	}
	return false
}

// TestStaticWinFourThreeBlock checks staticWin on a four-three where the other side has
// fours of its own: X, to move, makes a four on row 7 (shut by O at 7 3) and an open
// three on column 7 with 7 7. Where O's open three on column 8 runs through 7 8, the
// block the four forces, that block makes O an open four, and no win is claimed; where
// O's three lies away from it, the win is claimed, in 5.
func TestStaticWinFourThreeBlock(t *testing.T) {
	for _, tc := range []struct {
		three [3][2]int
		want  int
	}{
		{[3][2]int{{8, 8}, {9, 8}, {10, 8}}, 0},
		{[3][2]int{{10, 11}, {11, 11}, {12, 11}}, 5},
	} {
		o := tc.three
		_, p := horizonPosition(t, [2]int{7, 4}, [2]int{7, 3}, [2]int{7, 5}, o[0], [2]int{7, 6}, o[1],
			[2]int{5, 7}, o[2], [2]int{6, 7}, [2]int{0, 0})
		if p.turn != game.X || p.pat.fourThrees[game.X] == 0 || p.pat.fours[game.O] == 0 || p.pat.doubles[game.X] != 0 {
			t.Fatalf("O's three at %v: not the position meant", o)
		}
		if got := p.staticWin(); got != tc.want {
			t.Errorf("O's three at %v: staticWin %d, want %d", o, got, tc.want)
		}
	}
}

// TestAnswerDepth checks that the answers to an open three cost no ply (see
// answerDepth): searched two plies deep where the side to move must answer one, each
// answer's position is stored in the table as searched two plies deep too, not one; and
// that the count of such answers on the line is back to none after the search.
func TestAnswerDepth(t *testing.T) {
	size := game.Size{Rows: 15, Cols: 15, Win: 5}
	// X's open three on row 7, O's two stones far from it: O is to move and must answer.
	b := boardAfter(t, size, []game.Cell{{Row: 7, Col: 5}, {Row: 11, Col: 11}, {Row: 7, Col: 6}, {Row: 12, Col: 9}, {Row: 7, Col: 7}}...)
	s := newSearcher(size, 0, 0)
	p := newPosition(b, s.g, s.keys, s.bigBoard)
	s.judgeRoot(p)
	s.search(p, 2, 1, -inf, inf)
	if s.deepened != 0 {
		t.Errorf("%d answers counted on the line after the search, want 0", s.deepened)
	}
	stored := map[uint8]int{}
	for _, c := range p.nearEmpty(nil) {
		if !s.answers(p, c) {
			continue
		}
		p.play(c)
		key, _ := p.key()
		if e, ok := s.table[key&s.mask].load(key); ok {
			stored[e.depth]++
		}
		p.undo()
	}
	if stored[2] == 0 || stored[1] > 0 {
		t.Errorf("answers stored by depth searched %v, want all at 2", stored)
	}
}

// boardAfter returns a board of size s, X first, after the cells played in turn, or stops
// the test.
func boardAfter(t *testing.T, s game.Size, cells ...game.Cell) *game.Board {
	t.Helper()
	b, err := game.NewBoard(s, game.X)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cells {
		if err := b.Play(c); err != nil {
			t.Fatalf("play %v on %v: %v", c, b, err)
		}
	}
	return b
}
