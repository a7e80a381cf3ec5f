package ai_test

import (
	"testing"
	"time"

	"tictactoe/ai"
	"tictactoe/game"
)

// deepWin is a position of the deep suite (testdata/deep.txt): on 15×15, five in a row,
// mover, to move, wins by force in plies, by a strong engine's search.
type deepWin struct {
	mover game.Mark
	plies int
	board string
}

// loadDeep reads the deep suite.
func loadDeep(t testing.TB) []deepWin {
	t.Helper()
	var suite []deepWin
	for _, w := range suiteLines(t, "deep.txt", 3) {
		mover, plies := suiteMover(t, w[0], w[1])
		suite = append(suite, deepWin{mover: mover, plies: plies, board: w[2]})
	}
	return suite
}

// TestDeepSuite checks that the deep suite's positions are what it says: the mover is to
// move, neither side has a row yet, and the win is longer than a four and its block.
func TestDeepSuite(t *testing.T) {
	suite := loadDeep(t)
	if len(suite) < 20 {
		t.Errorf("the suite has %d positions, want at least 20", len(suite))
	}
	for i, dw := range suite {
		b := boardWithTurn(t, dw.board, dw.mover)
		if b.Over() {
			t.Errorf("position %d: the game is over\n%s", i+1, b.Render(""))
		}
		if dw.plies < 5 || dw.plies%2 == 0 {
			t.Errorf("position %d: a win in %d plies, want an odd count of 5 or more", i+1, dw.plies)
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
func BenchmarkDeepSuite(b *testing.B) {
	suite := loadDeep(b)
	boards := make([]*game.Board, len(suite))
	for i, dw := range suite {
		boards[i] = boardWithTurn(b, dw.board, dw.mover)
	}
	var found, proven, nodes int64
	for b.Loop() {
		for i, board := range boards {
			m := &ai.Engine{Rand: rng(1, 1), Think: time.Second, Now: stepClock(), Timed: true}
			_, v, err := m.Hint(board)
			if err != nil {
				b.Fatal(err)
			}
			seen := v.Winner == board.Turn()
			if testing.Verbose() {
				b.Logf("position %2d, a win in %2d plies: seen %-5v proven %-5v %8d positions",
					i+1, suite[i].plies, seen, v.Exact, m.Nodes())
			}
			if seen {
				found++
				if v.Exact {
					proven++
				}
			}
			nodes += m.Nodes()
		}
	}
	n := float64(b.N)
	b.ReportMetric(float64(found)/n, "found")
	b.ReportMetric(float64(proven)/n, "proven")
	b.ReportMetric(float64(len(boards)), "positions")
	b.ReportMetric(float64(nodes)/n/float64(len(boards)), "nodes/position")
}
