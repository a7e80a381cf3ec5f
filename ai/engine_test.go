package ai_test

import (
	"cmp"
	"fmt"
	"os"
	"slices"
	"testing"
	"time"

	"tictactoe/ai"
	"tictactoe/game"
)

// record counts games or lines of play by their result for one side.
type record struct{ won, drawn, lost int }

func (r record) total() int { return r.won + r.drawn + r.lost }

// add counts the finished board b for side me.
func (r *record) add(b *game.Board, me game.Mark) {
	switch o := b.Outcome(); {
	case o.Status == game.Drawn:
		r.drawn++
	case o.Winner == me:
		r.won++
	default:
		r.lost++
	}
}

// againstEveryLine plays m for side me from b against every line of play of the other
// side: at me's turns m chooses one move, at the other's every legal move is tried in
// turn. Each of m's moves must keep the position's exact value, as the plain solver s
// finds it. It returns how the lines ended for me and leaves b as it found it.
func againstEveryLine(t *testing.T, b *game.Board, me game.Mark, m *ai.Engine, s *solver) record {
	t.Helper()
	var r record
	var walk func()
	walk = func() {
		if b.Over() {
			r.add(b, me)
			return
		}
		if b.Turn() != me {
			for _, c := range b.Empty() {
				play(t, b, c)
				walk()
				b.Undo()
			}
			return
		}
		c, err := m.Move(b)
		if err != nil {
			t.Fatalf("Move on %v: %v", b, err)
		}
		if want, got := s.value(b), s.moveValue(b, c); got != want {
			t.Fatalf("after moves %v (%v), minimax (%v) played %v worth %s; the position is worth %s",
				b.Moves(), b, me, c, describe(got, me), describe(want, me))
		}
		play(t, b, c)
		walk()
		b.Undo()
	}
	walk()
	return r
}

// TestMinimaxAgainstEveryLine plays minimax against every line of play of its opponent:
// on 3×3 it never loses, whichever its mark and whoever moves first; on 4×3 and 3×4 it
// always wins when it moves first; and everywhere each of its moves keeps the exact value
// of the position, so it also loses as late as it can.
func TestMinimaxAgainstEveryLine(t *testing.T) {
	seeds := uint64(5)
	cases := []struct {
		size      game.Size
		firstWins bool
	}{
		{game.Classic, false},
		{game.Size{Rows: 4, Cols: 3, Win: 3}, true},
		{game.Size{Rows: 3, Cols: 4, Win: 3}, true},
	}
	if testing.Short() {
		seeds, cases = 1, cases[:2]
	}
	for _, tc := range cases {
		s := newSolver()
		for _, me := range []game.Mark{game.X, game.O} {
			for _, first := range []game.Mark{game.X, game.O} {
				if testing.Short() && tc.firstWins && first != me {
					continue
				}
				name := fmt.Sprintf("%dx%d_k%d/minimax_%v/%v_first", tc.size.Rows, tc.size.Cols, tc.size.Win, me, first)
				t.Run(name, func(t *testing.T) {
					for seed := range seeds {
						m := &ai.Engine{Rand: rng(seed, 1)}
						r := againstEveryLine(t, newBoard(t, tc.size, first), me, m, s)
						t.Logf("seed %d: %d lines: minimax won %d, drew %d, lost %d", seed, r.total(), r.won, r.drawn, r.lost)
						if r.lost > 0 && (!tc.firstWins || first == me) {
							t.Errorf("seed %d: minimax lost %d of %d lines", seed, r.lost, r.total())
						}
						if tc.firstWins && first == me && r.drawn > 0 {
							t.Errorf("seed %d: minimax moved first and drew %d of %d lines; it should win them all", seed, r.drawn, r.total())
						}
					}
				})
			}
		}
	}
}

// checkAnalysis compares the analysis a of b with the plain solver s: the value of the
// position and of every legal move, each exact, the moves best first.
func checkAnalysis(t *testing.T, b *game.Board, a ai.Analysis, s *solver) {
	t.Helper()
	turn := b.Turn()
	if want := s.value(b); score(a.Value, turn) != want || !a.Value.Exact {
		t.Errorf("%v, %v to move: Analyze value %v, want %s (exact)", b, turn, a.Value, describe(want, turn))
	}
	if a.Nodes <= 0 {
		t.Errorf("%v: Analyze searched %d nodes", b, a.Nodes)
	}
	var cells []game.Cell
	for i, mv := range a.Moves {
		cells = append(cells, mv.Cell)
		got := score(mv.Value, turn)
		if want := s.moveValue(b, mv.Cell); got != want || !mv.Value.Exact {
			t.Errorf("%v, %v to move: Analyze says %v is %v, want %s (exact)", b, turn, mv.Cell, mv.Value, describe(want, turn))
		}
		if i > 0 && got > score(a.Moves[i-1].Value, turn) {
			t.Errorf("%v: Analyze lists %v (%v) after %v (%v): not best first", b, mv.Cell, mv.Value, a.Moves[i-1].Cell, a.Moves[i-1].Value)
		}
	}
	slices.SortFunc(cells, func(p, q game.Cell) int { return cmp.Or(cmp.Compare(p.Row, q.Row), cmp.Compare(p.Col, q.Col)) })
	if want := b.Empty(); b.Over() && len(cells) > 0 || !b.Over() && !slices.Equal(cells, want) {
		t.Errorf("%v: Analyze gives moves %v, want one for each legal move (over: %v)", b, cells, b.Over())
	}
}

// TestAnalyzeClassic checks the published values of the opening of 3×3.
func TestAnalyzeClassic(t *testing.T) {
	m := &ai.Engine{Rand: rng(1, 1)}
	b := newBoard(t, game.Classic, game.X)
	a := m.Analyze(b)
	if a.Value != (ai.Value{Winner: game.Empty, Exact: true}) {
		t.Errorf("empty board: value %v, want draw (exact)", a.Value)
	}
	if len(a.Moves) != 9 {
		t.Errorf("empty board: %d moves, want 9", len(a.Moves))
	}
	for _, mv := range a.Moves {
		if mv.Value.Winner != game.Empty || !mv.Value.Exact {
			t.Errorf("empty board: X %v is %v, want draw (exact)", mv.Cell, mv.Value)
		}
	}
	for _, first := range append([]game.Cell{centre}, corners...) {
		play(t, b, first)
		a := m.Analyze(b)
		if len(a.Moves) != 8 {
			t.Errorf("after X %v: %d moves, want 8", first, len(a.Moves))
		}
		for _, mv := range a.Moves {
			want := game.X
			if drawsAfter(first, mv.Cell) {
				want = game.Empty
			}
			if mv.Value.Winner != want || !mv.Value.Exact {
				t.Errorf("after X %v: O %v is %v, want winner %v (exact)", first, mv.Cell, mv.Value, want)
			}
		}
		b.Undo()
	}
}

// analysisSample returns positions to check Analyze and Hint on: on 3×3 every position up
// to 3 plies from both first movers, and on every size games of random length played at
// random, finished ones included.
func analysisSample(t *testing.T, s game.Size, games int) []*game.Board {
	var out []*game.Board
	if s == game.Classic {
		for _, first := range []game.Mark{game.X, game.O} {
			out = append(out, reachable(newBoard(t, s, first), 3)...)
		}
	}
	for seed := range uint64(games) {
		r := rng(seed, 2)
		first := []game.Mark{game.X, game.O}[r.IntN(2)]
		b := newBoard(t, s, first)
		for n := r.IntN(s.Rows*s.Cols + 1); n > 0 && !b.Over(); n-- {
			free := b.Empty()
			play(t, b, free[r.IntN(len(free))])
		}
		out = append(out, b)
	}
	return out
}

// TestAnalyzeAgainstSolver checks the value of every move Analyze reports, plies included,
// against the plain solver, on a sample of positions of small boards.
func TestAnalyzeAgainstSolver(t *testing.T) {
	games := 300
	sizes := []game.Size{game.Classic, {Rows: 4, Cols: 3, Win: 3}, {Rows: 3, Cols: 4, Win: 3}, {Rows: 3, Cols: 4, Win: 4}}
	if testing.Short() {
		games, sizes = 50, sizes[:2]
	}
	for _, size := range sizes {
		t.Run(fmt.Sprintf("%dx%d_k%d", size.Rows, size.Cols, size.Win), func(t *testing.T) {
			s := newSolver()
			m := &ai.Engine{Rand: rng(1, 1)} // one for all: its table is kept from call to call
			for _, b := range analysisSample(t, size, games) {
				checkAnalysis(t, b, m.Analyze(b), s)
				checkAnalysis(t, b, (&ai.Engine{Rand: rng(1, 1)}).Analyze(b), s) // and with a cold table
			}
		})
	}
}

// TestHint checks that Hint offers a best move and the position's exact value, on every
// reachable unfinished 3×3 position and on a sample of 4×3 ones.
func TestHint(t *testing.T) {
	s := newSolver()
	m := &ai.Engine{Rand: rng(1, 1)}
	var boards []*game.Board
	for _, first := range []game.Mark{game.X, game.O} {
		boards = append(boards, reachable(newBoard(t, game.Classic, first), -1)...)
	}
	boards = append(boards, analysisSample(t, game.Size{Rows: 4, Cols: 3, Win: 3}, 100)...)
	for _, b := range boards {
		if b.Over() {
			continue
		}
		c, v, err := m.Hint(b)
		if err != nil {
			t.Fatalf("%v: Hint: %v", b, err)
		}
		want := s.value(b)
		if got := score(v, b.Turn()); got != want || !v.Exact {
			t.Errorf("%v, %v to move: Hint value %v, want %s (exact)", b, b.Turn(), v, describe(want, b.Turn()))
		}
		if got := s.moveValue(b, c); got != want {
			t.Errorf("%v, %v to move: Hint %v is worth %s, but the position is worth %s", b, b.Turn(), c, describe(got, b.Turn()), describe(want, b.Turn()))
		}
	}
}

// TestHintLeavesMoveAlone checks that asking for a hint does not change the moves minimax
// goes on to make with the same seed.
func TestHintLeavesMoveAlone(t *testing.T) {
	for seed := range uint64(20) {
		var games [2][]game.Cell
		for i, hint := range []bool{false, true} {
			m := &ai.Engine{Rand: rng(seed, 1)}
			var p game.Player = m
			if hint {
				p = hinted{m}
			}
			b := playGame(t, game.Classic, game.X, [3]game.Player{game.X: p, game.O: ai.Random{Rand: rng(seed, 2)}})
			games[i] = b.Moves()
		}
		if !slices.Equal(games[0], games[1]) {
			t.Errorf("seed %d: without hints the game went %v, with hints %v", seed, games[0], games[1])
		}
	}
}

// hinted is a minimax player that asks for a hint before every move.
type hinted struct{ *ai.Engine }

func (h hinted) Move(b *game.Board) (game.Cell, error) {
	if _, _, err := h.Hint(b); err != nil {
		return game.Cell{}, err
	}
	return h.Engine.Move(b)
}

// TestMoveOnFinishedBoard checks that every strategy refuses to move on a finished board,
// and minimax to hint.
func TestMoveOnFinishedBoard(t *testing.T) {
	for _, s := range []string{"XXX|OO.|...", "XOX|XOO|OXX"} {
		b := parse(t, s, 3, game.X)
		for _, p := range []game.Player{&ai.Engine{Rand: rng(1, 1)}, ai.Random{Rand: rng(1, 1)}, ai.Rules{Rand: rng(1, 1)}, ai.Heuristic{Rand: rng(1, 1)}} {
			if c, err := p.Move(b); err == nil {
				t.Errorf("%v: %T.Move = %v, want an error", b, p, c)
			}
		}
		if c, v, err := (&ai.Engine{}).Hint(b); err == nil {
			t.Errorf("%v: Hint = %v, %v, want an error", b, c, v)
		}
	}
}

// mnk is an m,n,k-game as the literature names it: m rows, n columns, k in a row.
type mnk struct{ m, n, k int }

// mnkCase is an m,n,k-game and its published value from the empty board: "first" (the
// first player wins), "draw", or "" where none is published and only the transposed
// board's value is compared.
type mnkCase struct {
	mnk
	want string
}

// checkValuesOfMNK solves each game from the empty board with Analyze, for each first
// mover, checks it against the published value and a proven win's line, and checks that
// transposing the board (m,n,k and n,m,k, both in cases) gives the same value, plies
// included where alpha-beta counts them (up to 25 cells; proof-number search, beyond,
// counts the plies of the proof it finds, which may differ).
func checkValuesOfMNK(t *testing.T, cases []mnkCase, firsts ...game.Mark) {
	values := map[mnk]ai.Value{}
	for _, tc := range cases {
		for _, first := range firsts {
			start := time.Now()
			a := (&ai.Engine{Rand: rng(1, 1)}).Analyze(newBoard(t, game.Size{Rows: tc.m, Cols: tc.n, Win: tc.k}, first))
			t.Logf("(%d,%d,%d), %v first: %v, %d nodes in %v", tc.m, tc.n, tc.k, first, a.Value, a.Nodes, time.Since(start).Round(time.Millisecond))
			want := map[string]game.Mark{"first": first, "draw": game.Empty}
			if w, ok := want[tc.want]; ok && a.Value.Winner != w || !a.Value.Exact {
				t.Errorf("(%d,%d,%d), %v first: value %v, want %s (exact)", tc.m, tc.n, tc.k, first, a.Value, tc.want)
			}
			if a.Value.Winner != game.Empty && a.Value.Winner != first {
				t.Errorf("(%d,%d,%d), %v first: value %v, a second-player win", tc.m, tc.n, tc.k, first, a.Value)
			}
			if a.Value.Winner != game.Empty {
				b := newBoard(t, game.Size{Rows: tc.m, Cols: tc.n, Win: tc.k}, first)
				play(t, b, a.Line...)
				if o := b.Outcome(); o.Status != game.Won || o.Winner != a.Value.Winner {
					t.Errorf("(%d,%d,%d), %v first: line %v ends in %v", tc.m, tc.n, tc.k, first, a.Line, o)
				}
			}
			if first == firsts[0] {
				values[tc.mnk] = a.Value
			}
		}
	}
	for key, v := range values {
		if key.m*key.n > 25 {
			v.Plies = 0
		}
		if w, ok := values[mnk{key.n, key.m, key.k}]; ok && (w != v && key.m*key.n <= 25 || w.Winner != v.Winner) {
			t.Errorf("value(%d,%d,%d) = %v but value(%d,%d,%d) = %v", key.m, key.n, key.k, v, key.n, key.m, key.k, w)
		}
	}
}

// TestValuesOfMNK checks the published values of the m,n,k-games that solve in
// well under a second.
func TestValuesOfMNK(t *testing.T) {
	cases := []mnkCase{
		{mnk{3, 3, 3}, "draw"},
		{mnk{4, 3, 3}, "first"},
		{mnk{3, 4, 3}, "first"},
		{mnk{5, 3, 3}, ""},
		{mnk{3, 5, 3}, ""},
		{mnk{4, 4, 3}, "first"},
		{mnk{5, 5, 3}, "first"},
		{mnk{4, 4, 4}, "draw"},
	}
	if testing.Short() {
		cases = cases[:5]
	}
	checkValuesOfMNK(t, cases, game.X, game.O)
}

// TestValuesOfMNKLong checks the published draws of (5,4,4), (4,5,4) and (5,5,4) by
// alpha-beta, and of (8,4,4) and (4,8,4) by proof-number search (about 3 seconds each),
// so only on request. The first player's wins on (4,9,4), (9,4,4), (4,10,4) and
// (10,4,4) are proven by TestFirstPlayerWinsLong: Analyze proves the value, but not
// every move's, in a minute.
func TestValuesOfMNKLong(t *testing.T) {
	if testing.Short() || os.Getenv("TICTACTOE_LONG") == "" {
		t.Skip("takes about ten seconds; set TICTACTOE_LONG=1 to run it")
	}
	checkValuesOfMNK(t, []mnkCase{
		{mnk{5, 4, 4}, "draw"},
		{mnk{4, 5, 4}, "draw"},
		{mnk{5, 5, 4}, "draw"},
		{mnk{8, 4, 4}, "draw"},
		{mnk{4, 8, 4}, "draw"},
	}, game.X)
}

// TestValuesOfMNKByProof checks the published values of m,n,k-games too big for
// alpha-beta to solve at once, which proof-number search settles in seconds.
func TestValuesOfMNKByProof(t *testing.T) {
	if testing.Short() {
		t.Skip("takes about ten seconds")
	}
	checkValuesOfMNK(t, []mnkCase{
		{mnk{6, 5, 4}, "first"},
		{mnk{5, 6, 4}, "first"},
		{mnk{6, 6, 4}, "first"},
		{mnk{4, 7, 4}, "draw"},
		{mnk{6, 6, 5}, "draw"},
		{mnk{7, 7, 5}, "draw"},
	}, game.X)
}

// TestHintProvesWin checks that on boards too big for alpha-beta to solve in a move, the
// hint with the default think finds the first player's proven win by proof-number search,
// with its line, and that the move it gives keeps the win, as Analyze proves.
func TestHintProvesWin(t *testing.T) {
	for _, size := range []game.Size{{Rows: 5, Cols: 6, Win: 4}, {Rows: 6, Cols: 6, Win: 4}} {
		b := newBoard(t, size, game.X)
		clock := &fakeClock{step: time.Millisecond}
		m := &ai.Engine{Rand: rng(1, 1), Think: time.Second, Now: clock.now}
		c, v, err := m.Hint(b)
		if err != nil || v.Winner != game.X || !v.Exact {
			t.Errorf("%v: Hint = %v, %v (err %v), want a proven win for X", size, c, v, err)
			continue
		}
		line := m.Line()
		if len(line) == 0 || line[0] != c || len(line) > v.Plies {
			t.Errorf("%v: hint %v, %v: line %v, want one from the hint within its plies", size, c, v, line)
		}
		replay := newBoard(t, size, game.X)
		play(t, replay, line...)
		if o := replay.Outcome(); o.Status != game.Won || o.Winner != game.X {
			t.Errorf("%v: the hint's line %v ends in %v, want X's win", size, line, o)
		}
		play(t, b, c)
		if a := (&ai.Engine{}).Analyze(b); a.Value.Winner != game.X || !a.Value.Exact {
			t.Errorf("%v: after the hint %v, Analyze says %v, want a proven win for X", size, c, a.Value)
		}
	}
}

// TestAnalyzeCutShortClaimsNoDraw checks that an analysis by proof-number search that
// its deadline cuts short claims no draw it has not proven: on 6×6 with four in a row, O
// wins after X takes a corner, whichever moves the search settled in time.
func TestAnalyzeCutShortClaimsNoDraw(t *testing.T) {
	b := newBoard(t, game.Size{Rows: 6, Cols: 6, Win: 4}, game.X)
	clock := &fakeClock{step: time.Millisecond}
	a := (&ai.Engine{Think: 500 * time.Millisecond, Now: clock.now}).Analyze(b)
	for _, mv := range a.Moves {
		if mv.Cell == (game.Cell{}) && mv.Value.Exact && mv.Value.Winner != game.O {
			t.Errorf("corner 1 1 valued %v, but O wins after it", mv.Value)
		}
	}
}

// fakeClock is a clock for Engine.Now that moves on by step each time it is read, so
// that a search with a deadline stops after a fixed amount of work, whatever the machine.
type fakeClock struct {
	t    time.Time
	step time.Duration
}

func (c *fakeClock) now() time.Time {
	c.t = c.t.Add(c.step)
	return c.t
}

// TestMoveWithDeadline checks that on a board far too big to solve minimax stops at its
// deadline and still makes the one move that does not lose at once.
func TestMoveWithDeadline(t *testing.T) {
	b := newBoard(t, game.Size{Rows: 15, Cols: 15, Win: 5}, game.X)
	// X in three corners and left of O's four in row 8: X must block on the right.
	for _, rc := range [][2]int{{7, 3}, {7, 4}, {0, 0}, {7, 5}, {14, 14}, {7, 6}, {0, 14}, {7, 7}} {
		play(t, b, game.Cell{Row: rc[0], Col: rc[1]})
	}
	clock := &fakeClock{step: time.Millisecond}
	m := &ai.Engine{Rand: rng(1, 1), Think: 100 * time.Millisecond, Now: clock.now}
	if c, err := m.Move(b); err != nil || c != (game.Cell{Row: 7, Col: 8}) {
		t.Errorf("%v: Move = %v (err %v), want the block at 8 9", b, c, err)
	}
}

// TestAnalyzeBigBoard checks that Analyze stops at its deadline on a board too big to
// solve, with a value for every legal move, none of them claimed proven.
func TestAnalyzeBigBoard(t *testing.T) {
	b := newBoard(t, game.Size{Rows: 9, Cols: 9, Win: 5}, game.X)
	play(t, b, game.Cell{Row: 4, Col: 4})
	clock := &fakeClock{step: time.Millisecond}
	m := &ai.Engine{Rand: rng(1, 1), Think: 100 * time.Millisecond, Now: clock.now}
	var a ai.Analysis
	func() {
		defer func() { // a panic here would hide every other test's result
			if r := recover(); r != nil {
				t.Fatalf("%v: Analyze panicked: %v", b, r)
			}
		}()
		a = m.Analyze(b)
	}()
	if len(a.Moves) != len(b.Empty()) {
		t.Errorf("%v: Analyze gives %d moves, want %d", b, len(a.Moves), len(b.Empty()))
	}
	if a.Value.Exact {
		t.Errorf("%v: Analyze claims %v proven after a 100ms search", b, a.Value)
	}
	for _, mv := range a.Moves {
		if mv.Value.Exact && mv.Value.Winner == game.Empty {
			t.Errorf("%v: Analyze claims %v a proven draw", b, mv.Cell)
		}
	}
}

// TestWarmTable checks Hint and Move with a table that earlier searches have filled, as
// one Engine serves the computer, hints and reviews in a session: searches of other
// positions, some cut off by a deadline, come first, and then the hint's value and the
// value of the move played must still be exact.
func TestWarmTable(t *testing.T) {
	s := newSolver()
	for _, size := range []game.Size{{Rows: 3, Cols: 4, Win: 3}, {Rows: 4, Cols: 3, Win: 3}, game.Classic} {
		m := &ai.Engine{Rand: rng(7, 1)}
		// The case found in review: two analyses, then a hint where O wins in 5.
		if size == (game.Size{Rows: 3, Cols: 4, Win: 3}) {
			m.Analyze(newBoard(t, size, game.X))
			m.Analyze(parse(t, "...O|...X|....", 3, game.X))
		}
		for i, b := range analysisSample(t, size, 150) {
			if b.Over() {
				continue
			}
			if i%5 == 0 { // a search cut short leaves unproven entries behind
				stepped := &ai.Engine{Rand: rng(7, 2), Think: 3 * time.Millisecond, Now: stepClock()}
				stepped.Move(b)
			}
			want := s.value(b)
			c, v, err := m.Hint(b)
			if err != nil {
				t.Fatal(err)
			}
			if got := score(v, b.Turn()); got != want || !v.Exact {
				t.Errorf("%v, %v to move, warm table: Hint value %v, want %s (exact)", b, b.Turn(), v, describe(want, b.Turn()))
			}
			if got := s.moveValue(b, c); got != want {
				t.Errorf("%v, warm table: Hint %v is worth %s, want %s", b, c, describe(got, b.Turn()), describe(want, b.Turn()))
			}
			mv, err := m.Move(b)
			if err != nil {
				t.Fatal(err)
			}
			if got := s.moveValue(b, mv); got != want {
				t.Errorf("%v, warm table: Move %v is worth %s, want %s", b, mv, describe(got, b.Turn()), describe(want, b.Turn()))
			}
		}
	}
}

// TestAnalyzeSharesTime checks that an analysis by proof-number search with a deadline
// shares its time among the moves. On 4×9 with four in a row, after 3 1, 3 4, 1 4, 1 2,
// some moves take far longer than the time given here: with the moves asked in turn, 10
// of the 32 are settled in it; shared, at least half.
func TestAnalyzeSharesTime(t *testing.T) {
	b := newBoard(t, game.Size{Rows: 4, Cols: 9, Win: 4}, game.X)
	for _, rc := range [][2]int{{2, 0}, {2, 3}, {0, 3}, {0, 1}} {
		play(t, b, game.Cell{Row: rc[0], Col: rc[1]})
	}
	clock := &fakeClock{step: time.Millisecond}
	a := (&ai.Engine{Think: 4 * time.Second, Now: clock.now}).Analyze(b)
	settled := 0
	for _, mv := range a.Moves {
		if mv.Value.Exact {
			settled++
		}
	}
	if settled < len(a.Moves)/2 {
		t.Errorf("%d of %d moves settled, want at least half", settled, len(a.Moves))
	}
}
