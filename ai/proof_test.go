package ai

import (
	"math/rand/v2"
	"os"
	"testing"
	"time"

	"tictactoe/game"
)

// randomPosition plays up to most random moves on an empty board of size s, stopping
// before a move that would end the game, and returns the board.
func randomPosition(t *testing.T, s game.Size, rng *rand.Rand, most int) *game.Board {
	t.Helper()
	b, err := game.NewBoard(s, game.X)
	if err != nil {
		t.Fatal(err)
	}
	for range rng.IntN(most + 1) {
		empty := b.Empty()
		c := empty[rng.IntN(len(empty))]
		if err := b.Play(c); err != nil {
			t.Fatal(err)
		}
		if b.Over() {
			b.Undo()
			break
		}
	}
	return b
}

// TestProofAgreesWithAlphaBeta checks the proof-number search, with everything that
// settles its leaves (threat search, the zone of replies, Erdős–Selfridge, pairings),
// against the alpha-beta search, which the tests in solver_test.go check against a plain
// solver: on random positions of boards the alpha-beta solves at once, every move must
// get the same winner, proven; the plies of a proven win may be more than the quickest,
// never fewer; and the line of a proven win must be legal and end in the winner's win,
// within the plies claimed.
func TestProofAgreesWithAlphaBeta(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	cases := []struct {
		size      game.Size
		positions int
	}{
		{game.Size{Rows: 3, Cols: 4, Win: 3}, 30},
		{game.Size{Rows: 4, Cols: 4, Win: 3}, 30},
		{game.Size{Rows: 4, Cols: 5, Win: 4}, 20},
		{game.Size{Rows: 5, Cols: 5, Win: 4}, 4},
		{game.Size{Rows: 4, Cols: 6, Win: 4}, 6},
		{game.Size{Rows: 5, Cols: 5, Win: 5}, 20},
	}
	for _, tc := range cases {
		size, positions := tc.size, tc.positions
		if testing.Short() {
			positions = min(positions, 3)
		}
		start := time.Now()
		var ab, pr time.Duration
		m := &Engine{} // its tables serve every position of the size
		for range positions {
			b := randomPosition(t, size, rng, 9)
			t0 := time.Now()
			want := m.Analyze(b) // alpha-beta: at most 25 free cells
			t1 := time.Now()
			s := m.s
			got := s.analyzeByProof(newPosition(b, s.g, s.keys, false))
			ab += t1.Sub(t0)
			pr += time.Since(t1)
			if !got.Value.Exact || got.Value.Winner != want.Value.Winner {
				t.Errorf("%v %v: proof says %v, alpha-beta %v", size, b, got.Value, want.Value)
			}
			exact := map[game.Cell]Value{}
			for _, mv := range want.Moves {
				exact[mv.Cell] = mv.Value
			}
			for _, mv := range got.Moves {
				w := exact[mv.Cell]
				if !mv.Value.Exact || mv.Value.Winner != w.Winner || mv.Value.Plies < w.Plies {
					t.Errorf("%v %v: move %v: proof says %v, alpha-beta %v", size, b, mv.Cell, mv.Value, w)
				}
			}
			checkLine(t, "alpha-beta", b, want, want.Value.Plies)
			checkLine(t, "proof", b, got, got.Value.Plies)
		}
		t.Logf("%v: %v (alpha-beta %v, proof %v)", size, time.Since(start), ab, pr)
	}
}

// checkLine checks that a's line, on b, is legal and ends in the win a's value claims,
// within most plies; and that a proven win has a line.
func checkLine(t *testing.T, by string, b *game.Board, a Analysis, most int) {
	t.Helper()
	if !a.Value.Exact || a.Value.Winner == game.Empty {
		if a.Line != nil {
			t.Errorf("%s: %v: a line %v for the value %v", by, b, a.Line, a.Value)
		}
		return
	}
	played := 0
	defer func() {
		for range played {
			b.Undo()
		}
	}()
	for _, c := range a.Line {
		if err := b.Play(c); err != nil {
			t.Errorf("%s: %v: line %v: %v", by, b, a.Line, err)
			return
		}
		played++
	}
	if o := b.Outcome(); o.Status != game.Won || o.Winner != a.Value.Winner || played > most {
		t.Errorf("%s: %v: line %v (%d plies) ends in %v, want %v", by, b, a.Line, played, o, a.Value)
	}
}

// TestFirstPlayerWinsLong proves the published first-player wins of (4,9,4), (9,4,4),
// (4,10,4) and (10,4,4) from the empty board, the question Analyze asks of a position
// before its moves' (10 to 15 seconds each here for the first two, about 30 for the
// others), and checks the line of each win. Only on request, with TICTACTOE_LONG=1.
func TestFirstPlayerWinsLong(t *testing.T) {
	if testing.Short() || os.Getenv("TICTACTOE_LONG") == "" {
		t.Skip("takes about a minute and a half; set TICTACTOE_LONG=1 to run it")
	}
	for _, size := range []game.Size{{Rows: 4, Cols: 9, Win: 4}, {Rows: 9, Cols: 4, Win: 4}, {Rows: 4, Cols: 10, Win: 4}, {Rows: 10, Cols: 4, Win: 4}} {
		start := time.Now()
		b, err := game.NewBoard(size, game.X)
		if err != nil {
			t.Fatal(err)
		}
		s := newSearcher(size, 0, 0)
		p := newPosition(b, s.g, s.keys, false)
		r := s.proofSearch()
		won, settled, plies := s.proveRoot(r, p)
		t.Logf("%v: won %v, settled %v, %d plies, %d positions in %v", size, won, settled, plies, s.nodes, time.Since(start).Round(time.Millisecond))
		if !won || !settled {
			t.Errorf("%v: X does not win from the empty board (won %v, settled %v)", size, won, settled)
			continue
		}
		line, whole := r.line(p, game.X, lineNodes)
		checkLine(t, "proof", b, Analysis{Value: Value{Winner: game.X, Plies: plies, Exact: true}, Line: line}, plies)
		if !whole {
			t.Errorf("%v: line %v stops short", size, line)
		}
	}
}
