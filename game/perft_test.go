package game_test

import (
	"os"
	"slices"
	"strings"
	"testing"

	"tictactoe/game"
	"tictactoe/game/internal/gametest"
)

// walk calls visit on b and on every position reached from it in at most depth more moves,
// each as often as it is reached, a game that is over taking no more moves. It plays every
// free cell (Board.Empty) with Play and takes it back with Undo, so b ends as it started.
func walk(t testing.TB, b *game.Board, depth int, visit func(*game.Board)) {
	visit(b)
	if depth == 0 || b.Over() {
		return
	}
	for _, c := range b.Empty() {
		if err := b.Play(c); err != nil {
			t.Fatalf("Play(%v): %v, on\n%s", c, err, b.Render(""))
		}
		walk(t, b, depth-1, visit)
		if u, ok := b.Undo(); !ok || u != c {
			t.Fatalf("Undo() = %v, %v after Play(%v)", u, ok, c)
		}
	}
}

// perft returns the number of positions reached from b in exactly i moves, for i from 0 to
// depth: the 1 for b itself, then the perft counts of plies 1..depth. The positions of the
// last ply are counted, not visited: each free cell of a game that goes on is one.
func perft(t testing.TB, b *game.Board, depth int) []int {
	counts := make([]int, depth+1)
	start := len(b.Moves())
	cells := b.Size().Rows * b.Size().Cols
	walk(t, b, max(depth-1, 0), func(b *game.Board) {
		i := len(b.Moves()) - start
		counts[i]++
		if i == depth-1 && !b.Over() {
			counts[depth] += cells - len(b.Moves())
		}
	})
	return counts
}

// Published perft counts, X first, games stopping at a win.
var (
	perft3x3 = []int{1, 9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872}
	perft4x4 = []int{1, 16, 240, 3360, 43680, 524160, 5765760, 57657600, 516067200}
)

func TestPerft3x3(t *testing.T) {
	got := perft(t, gametest.NewBoard(t, game.Classic, game.X), 9)
	if !slices.Equal(got, perft3x3) {
		t.Errorf("perft 3x3 plies 0..9 = %v, want %v", got, perft3x3)
	}
}

// TestPerft4x4 runs to ply 6 with -short, else to ply 7. Ply 8, the whole published table,
// plays 63 million moves: about 5 seconds, and over a minute with -race, so it runs only
// when TICTACTOE_LONG=1.
func TestPerft4x4(t *testing.T) {
	depth := 7
	switch {
	case os.Getenv("TICTACTOE_LONG") == "1":
		depth = 8
	case testing.Short():
		depth = 6
	}
	s := game.Size{Rows: 4, Cols: 4, Win: 4}
	if got, want := perft(t, gametest.NewBoard(t, s, game.X), depth), perft4x4[:depth+1]; !slices.Equal(got, want) {
		t.Errorf("perft 4x4 k4 plies 0..%d = %v, want %v", depth, got, want)
	}
}

func TestGames3x3(t *testing.T) {
	var games, xWins, oWins, draws, terminal int
	positions := map[string]bool{}
	classes := map[string]bool{}
	walk(t, gametest.NewBoard(t, game.Classic, game.X), 9, func(b *game.Board) {
		s := b.String()
		if !positions[s] {
			positions[s] = true
			classes[canonical(s)] = true
			if b.Over() {
				terminal++
			}
		}
		if !b.Over() {
			return
		}
		games++
		switch o := b.Outcome(); {
		case o.Status == game.Drawn:
			draws++
		case o.Winner == game.X:
			xWins++
		case o.Winner == game.O:
			oWins++
		default:
			t.Fatalf("over with outcome %v:\n%s", o, b.Render(""))
		}
	})
	tests := []struct {
		name      string
		got, want int
	}{
		{"complete games", games, 255168},
		{"X wins", xWins, 131184},
		{"O wins", oWins, 77904},
		{"draws", draws, 46080},
		{"reachable positions", len(positions), 5478},
		{"terminal positions", terminal, 958},
		{"positions up to symmetry", len(classes), 765},
	}
	for _, tc := range tests {
		if tc.got != tc.want {
			t.Errorf("%s: %d, want %d", tc.name, tc.got, tc.want)
		}
	}
}

// canonical returns the least of the 8 images of a square board in one-line form under
// its rotations and reflections.
func canonical(s string) string {
	rows := strings.Split(s, "|")
	n := len(rows)
	var best string
	for i := range 8 {
		var sb strings.Builder
		for r := range n {
			if r > 0 {
				sb.WriteByte('|')
			}
			for c := range n {
				// Rotate a quarter turn i%4 times, then mirror for i >= 4.
				rr, cc := r, c
				for range i % 4 {
					rr, cc = cc, n-1-rr
				}
				if i >= 4 {
					cc = n - 1 - cc
				}
				sb.WriteByte(rows[rr][cc])
			}
		}
		if img := sb.String(); i == 0 || img < best {
			best = img
		}
	}
	return best
}

func TestCanonical(t *testing.T) {
	// The 8 images of a corner mark and of an edge mark, and a board with no symmetry.
	for _, group := range [][]string{
		{"X..|...|...", "..X|...|...", "...|...|..X", "...|...|X.."},
		{".X.|...|...", "...|..X|...", "...|...|.X.", "...|X..|..."},
		{"XO.|...|...", "X..|O..|...", ".OX|...|...", "..X|..O|...", "...|...|XO.", "...|O..|X..", "...|...|.OX", "...|..O|..X"},
	} {
		for _, s := range group {
			if got, want := canonical(s), canonical(group[0]); got != want {
				t.Errorf("canonical(%s) = %s, want %s like %s", s, got, want, group[0])
			}
		}
	}
	if canonical("X..|...|...") == canonical(".X.|...|...") {
		t.Error("a corner and an edge have the same canonical form")
	}
}

func BenchmarkPerft3x3(b *testing.B) {
	b.ReportAllocs()
	board := gametest.NewBoard(b, game.Classic, game.X)
	nodes := 0
	for b.Loop() {
		nodes = 0
		for _, n := range perft(b, board, 9) {
			nodes += n
		}
	}
	b.ReportMetric(float64(nodes), "nodes/op")
}
