package ai_test

import (
	"fmt"
	"os"
	"testing"
	"time"

	"tictactoe/ai"
	"tictactoe/game"
)

// TestGenerateTactics prints candidate lines for testdata/tactics.txt when
// TICTACTOE_GEN=1 (wins by fours) or TICTACTOE_GEN=vct (also wins by threes) is set, and
// is skipped otherwise. It plays the heuristic against itself on 15×15 from four random
// opening moves near the centre, and at each position where neither side has a four it
// keeps, at most three times a game, those where minimax with 100ms finds a forced win of
// five plies or more and the referee proves it: by fours within 12 moves, or by threes
// and fours within 3 (those without a win by fours in 2). The plies it prints are the
// referee's: the shortest win it proves.
func TestGenerateTactics(t *testing.T) {
	mode := os.Getenv("TICTACTOE_GEN")
	if mode == "" {
		t.Skip("generates the tactical suite: set TICTACTOE_GEN=1 or vct")
	}
	size := game.Size{Rows: 15, Cols: 15, Win: 5}
	for seed := uint64(100); seed < 900; seed++ {
		b := newBoard(t, size, game.X)
		r := rng(seed, 9)
		play(t, b, game.Cell{Row: 7, Col: 7})
		for range 3 {
			var middle []game.Cell
			for _, c := range b.Empty() {
				if c.Row >= 5 && c.Row <= 9 && c.Col >= 5 && c.Col <= 9 {
					middle = append(middle, c)
				}
			}
			play(t, b, middle[r.IntN(len(middle))])
		}
		h := ai.Heuristic{Rand: rng(seed, 3)}
		found, before := 0, ""
		for !b.Over() && found < 3 {
			if kind, n := classify(b, mode == "vct"); kind != "" {
				found++
				fmt.Printf("%s %v %d %s %s\n", kind, b.Turn(), 2*n+1, b, before)
			}
			before = b.String()
			c, err := h.Move(b)
			if err != nil {
				t.Fatal(err)
			}
			play(t, b, c)
		}
	}
}

// classify returns "vcf" or "vct" and the referee's number of moves for a position the
// generator keeps, or "" when it keeps none.
func classify(b *game.Board, threes bool) (string, int) {
	m := b.Turn()
	ref := newReferee(b)
	near := ref.near()
	if len(ref.winsFor(m, near)) > 0 || len(ref.winsFor(m.Opponent(), near)) > 0 {
		return "", 0
	}
	mm := &ai.Engine{Rand: rng(1, 1), Think: 100 * time.Millisecond, Now: stepClock()}
	if _, v, _ := mm.Hint(b); v.Winner != m || !v.Exact || v.Plies < 5 {
		return "", 0
	}
	ref.limit = 50000
	if ref.win(m, 12, false) && !ref.gaveUp() {
		for n := 2; n <= 12; n++ {
			ref.nodes = 0
			if ref.win(m, n, false) {
				if n == 2 {
					return "", 0
				}
				return "vcf", n
			}
		}
		return "", 0
	}
	ref.nodes = 0
	if !threes || ref.win(m, 2, false) || ref.gaveUp() {
		return "", 0
	}
	ref.limit = 300000
	for n := 2; n <= 3; n++ {
		ref.nodes = 0
		if ref.win(m, n, true) && !ref.gaveUp() {
			return "vct", n
		}
	}
	return "", 0
}
