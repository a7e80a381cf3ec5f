package ai_test

import (
	"testing"
	"time"

	"tictactoe/ai"
	"tictactoe/game"
)

// deepWin is a position of the deep suite (testdata/deep.txt) or the conversion suite
// (testdata/convert.txt): on 15×15, five in a row, mover, to move, wins by force in
// plies, by a strong engine's search, which played move there (the conversion suite's
// positions; nil in the deep suite).
type deepWin struct {
	mover game.Mark
	plies int
	move  *game.Cell
	board string
}

// loadDeep reads the deep suite: the side to move, the plies, the board.
func loadDeep(t testing.TB) []deepWin {
	t.Helper()
	var suite []deepWin
	for _, w := range suiteLines(t, "deep.txt", 3) {
		mover, plies := suiteMover(t, w[0], w[1])
		suite = append(suite, deepWin{mover: mover, plies: plies, board: w[2]})
	}
	return suite
}

// loadConversion reads the conversion suite: the side to move, the plies, the strong
// engine's move there (row,col from 1), the board.
func loadConversion(t testing.TB) []deepWin {
	t.Helper()
	var suite []deepWin
	for _, w := range suiteLines(t, "convert.txt", 4) {
		mover, plies := suiteMover(t, w[0], w[1])
		c, err := game.ParseMove(w[2], game.Size{Rows: 15, Cols: 15, Win: 5})
		if err != nil {
			t.Fatalf("convert.txt: %v", err)
		}
		suite = append(suite, deepWin{mover: mover, plies: plies, move: &c, board: w[3]})
	}
	return suite
}

// TestDeepSuite checks that the deep and conversion suites' positions are what they
// say: the mover is to move, neither side has a row yet, the win is longer than a four
// and its block, and the conversion suite's move is on an empty cell.
func TestDeepSuite(t *testing.T) {
	for name, suite := range map[string][]deepWin{"deep": loadDeep(t), "conversion": loadConversion(t)} {
		if len(suite) < 20 {
			t.Errorf("the %s suite has %d positions, want at least 20", name, len(suite))
		}
		for i, dw := range suite {
			b := boardWithTurn(t, dw.board, dw.mover)
			if b.Over() {
				t.Errorf("%s position %d: the game is over\n%s", name, i+1, b.Render(""))
			}
			if dw.plies < 5 || dw.plies%2 == 0 {
				t.Errorf("%s position %d: a win in %d plies, want an odd count of 5 or more", name, i+1, dw.plies)
			}
			if dw.move != nil && b.At(*dw.move) != game.Empty {
				t.Errorf("%s position %d: the move %v is on a taken cell", name, i+1, *dw.move)
			}
		}
	}
}

// BenchmarkDeepSuite counts the deep suite's wins that the computer sees, with a move's
// time in pbrain at timeout_turn 1000 (a second of a clock that steps a millisecond a
// reading, so that the counts are the same on every machine): "found" where its hint is a
// win for the mover, "proven" where threat search or alpha-beta proved it. These are the
// wins that beat this engine: each position is the one after its move in a game it lost
// as X to a stronger engine, which saw the win there. With -v (and -benchtime 1x) it
// lists each position's result.
func BenchmarkDeepSuite(b *testing.B) { benchWins(b, loadDeep(b)) }

// BenchmarkConversionSuite counts, as BenchmarkDeepSuite does, the conversion suite's
// wins that the computer sees, and "agreed" where its move is the stronger engine's.
// These are the wins this engine let go: each position is one before its move, as X, in
// a game it then lost, where the stronger engine saw a forced win for X and, after the
// move this engine played, none.
func BenchmarkConversionSuite(b *testing.B) { benchWins(b, loadConversion(b)) }

// benchWins counts the wins of suite that the computer sees with a move's time (see
// BenchmarkDeepSuite), and where suite gives the strong engine's move, how often the
// computer plays it.
func benchWins(b *testing.B, suite []deepWin) {
	boards := make([]*game.Board, len(suite))
	for i, dw := range suite {
		boards[i] = boardWithTurn(b, dw.board, dw.mover)
	}
	var found, proven, agreed, nodes int64
	for b.Loop() {
		for i, board := range boards {
			m := &ai.Engine{Rand: rng(1, 1), Think: time.Second, Now: stepClock(), Timed: true}
			c, v, err := m.Hint(board)
			if err != nil {
				b.Fatal(err)
			}
			seen := v.Winner == board.Turn()
			same := suite[i].move != nil && c == *suite[i].move
			if testing.Verbose() {
				b.Logf("position %2d, a win in %2d plies: seen %-5v proven %-5v %8d positions, plays %d,%d",
					i+1, suite[i].plies, seen, v.Exact, m.Nodes(), c.Row+1, c.Col+1)
			}
			if seen {
				found++
				if v.Exact {
					proven++
				}
			}
			if same {
				agreed++
			}
			nodes += m.Nodes()
		}
	}
	n := float64(b.N)
	b.ReportMetric(float64(found)/n, "found")
	b.ReportMetric(float64(proven)/n, "proven")
	if suite[0].move != nil {
		b.ReportMetric(float64(agreed)/n, "agreed")
	}
	b.ReportMetric(float64(len(boards)), "positions")
	b.ReportMetric(float64(nodes)/n/float64(len(boards)), "nodes/position")
}
