package ai_test

import (
	"testing"
	"time"

	"tictactoe/ai"
	"tictactoe/game"
)

// solvable are the boards the benchmarks solve from empty with no deadline.
var solvable = []struct {
	name string
	size game.Size
}{
	{"3x3", game.Classic},
	{"4x4_k4", game.Size{Rows: 4, Cols: 4, Win: 4}},
	{"5x5_k4", game.Size{Rows: 5, Cols: 5, Win: 4}},
}

// benchSolvable runs search on each solvable empty board with a fresh Engine (and so a
// cold table) each time, and reports the positions searched.
func benchSolvable(b *testing.B, search func(b *testing.B, m *ai.Engine, board *game.Board)) {
	for _, tc := range solvable {
		b.Run(tc.name, func(b *testing.B) {
			b.ReportAllocs()
			board := newBoard(b, tc.size, game.X)
			var nodes int64
			for b.Loop() {
				m := &ai.Engine{Rand: rng(1, 1)}
				search(b, m, board)
				nodes = m.Nodes()
			}
			b.ReportMetric(float64(nodes), "nodes/op")
		})
	}
}

// BenchmarkMinimaxMove times minimax's first move on an empty board, exact.
func BenchmarkMinimaxMove(b *testing.B) {
	benchSolvable(b, func(b *testing.B, m *ai.Engine, board *game.Board) {
		if _, err := m.Move(board); err != nil {
			b.Fatal(err)
		}
	})
}

// BenchmarkMinimaxAnalyze solves an empty board, every first move exact.
func BenchmarkMinimaxAnalyze(b *testing.B) {
	benchSolvable(b, func(b *testing.B, m *ai.Engine, board *game.Board) {
		if a := m.Analyze(board); !a.Value.Exact {
			b.Fatalf("value %v not exact", a.Value)
		}
	})
}

// BenchmarkAnalyzeByProof solves, by proof-number search, the empty boards of issue 9's
// goal table that settle in seconds, every first move proven, with a fresh Engine (and so
// cold tables) each time: go test -bench AnalyzeByProof -benchtime 1x ./ai.
func BenchmarkAnalyzeByProof(b *testing.B) {
	for _, tc := range []struct {
		name   string
		size   game.Size
		winner game.Mark
	}{
		{"5x6_k4", game.Size{Rows: 5, Cols: 6, Win: 4}, game.X},
		{"6x6_k4", game.Size{Rows: 6, Cols: 6, Win: 4}, game.X},
		{"4x7_k4", game.Size{Rows: 4, Cols: 7, Win: 4}, game.Empty},
		{"4x8_k4", game.Size{Rows: 4, Cols: 8, Win: 4}, game.Empty},
		{"7x7_k5", game.Size{Rows: 7, Cols: 7, Win: 5}, game.Empty},
	} {
		b.Run(tc.name, func(b *testing.B) {
			board := newBoard(b, tc.size, game.X)
			var nodes int64
			for b.Loop() {
				m := &ai.Engine{}
				a := m.Analyze(board)
				if !a.Value.Exact || a.Value.Winner != tc.winner {
					b.Fatalf("value %v, want %v proven", a.Value, tc.winner)
				}
				nodes = a.Nodes
			}
			b.ReportMetric(float64(nodes), "nodes/op")
		})
	}
}

// BenchmarkMinimaxMiddleGame15x15 times a move on 15×15, 5 in a row, ten moves into the
// game, with 200ms to think by the real clock: cold with a fresh Engine (and table) for
// each move, as the first move of a game; warm with one Engine for every move. Besides
// the mean it reports the longest move, which --think promises to bound.
func BenchmarkMinimaxMiddleGame15x15(b *testing.B) {
	const think = 200 * time.Millisecond
	board := newBoard(b, game.Size{Rows: 15, Cols: 15, Win: 5}, game.X)
	for _, rc := range [][2]int{{7, 7}, {7, 8}, {6, 8}, {8, 6}, {8, 8}, {6, 6}, {5, 9}, {9, 5}, {6, 9}, {8, 7}} {
		play(b, board, game.Cell{Row: rc[0], Col: rc[1]})
	}
	if board.Over() {
		b.Fatalf("%v: the game is over", board)
	}
	for _, fresh := range []bool{true, false} {
		name := map[bool]string{true: "cold", false: "warm"}[fresh]
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			m := &ai.Engine{Rand: rng(1, 1), Think: think, Now: time.Now}
			if !fresh {
				m.Move(board) // allocate the table before the clock starts
			}
			var longest time.Duration
			for b.Loop() {
				if fresh {
					m = &ai.Engine{Rand: rng(1, 1), Think: think, Now: time.Now}
				}
				start := time.Now()
				if _, err := m.Move(board); err != nil {
					b.Fatal(err)
				}
				longest = max(longest, time.Since(start))
			}
			b.ReportMetric(float64(longest.Microseconds())/1000, "max-ms/move")
			b.ReportMetric(float64(think.Milliseconds()), "think-ms")
		})
	}
}

// BenchmarkMove3x3 times each strategy's move on a 3×3 opening, one player reused for
// every move (so minimax's table is warm).
func BenchmarkMove3x3(b *testing.B) {
	board := parse(b, "X..|.O.|...", 3, game.X)
	for _, s := range strategies {
		b.Run(s.name, func(b *testing.B) {
			b.ReportAllocs()
			p := s.make(1)
			for b.Loop() {
				if _, err := p.Move(board); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkNodesPerSecond15x15 measures how many positions a second the engine searches
// on 15×15, 5 in a row, in a quiet opening of four stones where no side has a threat, with
// 300ms to think by the real clock and one Engine for every move (a warm table).
func BenchmarkNodesPerSecond15x15(b *testing.B) {
	const think = 300 * time.Millisecond
	board := newBoard(b, game.Size{Rows: 15, Cols: 15, Win: 5}, game.X)
	for _, rc := range [][2]int{{7, 7}, {7, 8}, {8, 6}, {6, 8}} {
		play(b, board, game.Cell{Row: rc[0], Col: rc[1]})
	}
	m := &ai.Engine{Rand: rng(1, 1), Think: think, Now: time.Now}
	m.Move(board) // allocate the tables before the clock starts
	var total time.Duration
	var nodes int64
	for b.Loop() {
		start := time.Now()
		if _, err := m.Move(board); err != nil {
			b.Fatal(err)
		}
		total += time.Since(start)
		nodes += m.Nodes()
	}
	b.ReportMetric(float64(nodes)/total.Seconds(), "nodes/s")
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}
