package ai_test

import (
	"slices"
	"testing"
	"time"

	"tictactoe/ai"
	"tictactoe/game"
)

// renjuTrap is a renju position, X (black) to move, whose most tempting cell, the centre
// (8 8), is a double four for X, and so forbidden; a freestyle engine would win there.
func renjuTrap(t *testing.T) *game.Board {
	t.Helper()
	s := game.Size{Rows: 15, Cols: 15, Win: 5, Rule: game.Renju}
	xs := []game.Cell{{Row: 7, Col: 4}, {Row: 7, Col: 5}, {Row: 7, Col: 6}, {Row: 4, Col: 7}, {Row: 5, Col: 7}, {Row: 6, Col: 7}}
	os := []game.Cell{{Row: 7, Col: 3}, {Row: 3, Col: 7}, {Row: 0, Col: 0}, {Row: 14, Col: 14}, {Row: 0, Col: 14}, {Row: 14, Col: 0}}
	b, err := game.Setup(s, game.X, xs, os)
	if err != nil {
		t.Fatal(err)
	}
	centre := game.Cell{Row: 7, Col: 7}
	if why, bad := b.Forbidden(centre); !bad || why != "double four" {
		t.Fatalf("the centre is %q for X, want a double four, on\n%s", why, b.Render(""))
	}
	return b
}

// TestStrategiesKeepRenju: every strategy passes over a forbidden cell that it would
// otherwise play, and analyze does not list it.
func TestStrategiesKeepRenju(t *testing.T) {
	b := renjuTrap(t)
	centre := game.Cell{Row: 7, Col: 7}
	players := []game.Player{
		ai.Random{Rand: rng(1, 7)},
		ai.Rules{Rand: rng(2, 7)},
		ai.Heuristic{Rand: rng(3, 7)},
		&ai.Engine{Rand: rng(4, 7), Think: 50 * time.Millisecond, Now: stepClock()},
	}
	for _, pl := range players {
		for range 20 {
			c, err := pl.Move(b)
			if err != nil || c == centre {
				t.Fatalf("%T.Move = %v, %v: want a move other than the forbidden %v, on\n%s", pl, c, err, centre, b.Render(""))
			}
			if why, bad := b.Forbidden(c); bad {
				t.Fatalf("%T played %v, forbidden as %s, on\n%s", pl, c, why, b.Render(""))
			}
		}
	}
	a := (&ai.Engine{Think: 50 * time.Millisecond, Now: stepClock()}).Analyze(b)
	if len(a.Moves) == 0 || slices.ContainsFunc(a.Moves, func(m ai.MoveValue) bool { return m.Cell == centre }) {
		t.Errorf("Analyze lists %d moves, with or without the forbidden %v", len(a.Moves), centre)
	}
}

// TestExactWinsOnlyExactly: under Exact, X to move has a gap that would make six in a
// row and, elsewhere, one that makes exactly five: Rules and Engine play the five, and
// no strategy counts the six as a win.
func TestExactWinsOnlyExactly(t *testing.T) {
	s := game.Size{Rows: 15, Cols: 15, Win: 5, Rule: game.Exact}
	xs := []game.Cell{{Row: 2, Col: 2}, {Row: 2, Col: 3}, {Row: 2, Col: 4}, {Row: 2, Col: 6}, {Row: 2, Col: 7}, {Row: 10, Col: 5}, {Row: 10, Col: 6}, {Row: 10, Col: 7}, {Row: 10, Col: 8}}
	os := []game.Cell{{Row: 10, Col: 4}, {Row: 0, Col: 0}, {Row: 14, Col: 14}, {Row: 0, Col: 14}, {Row: 14, Col: 0}, {Row: 7, Col: 0}, {Row: 0, Col: 7}, {Row: 7, Col: 14}, {Row: 14, Col: 7}}
	b, err := game.Setup(s, game.X, xs, os)
	if err != nil {
		t.Fatal(err)
	}
	five := game.Cell{Row: 10, Col: 9}
	for _, pl := range []game.Player{ai.Rules{Rand: rng(1, 7)}, &ai.Engine{Rand: rng(2, 7), Think: 50 * time.Millisecond, Now: stepClock()}} {
		for range 5 {
			if c, err := pl.Move(b); err != nil || c != five {
				t.Errorf("%T.Move = %v, %v, want the five at %v, on\n%s", pl, c, err, five, b.Render(""))
			}
		}
	}
}

// TestRenjuGames plays whole renju and exact games between the strategies: none of them
// ever plays a move the rule forbids (playGame stops the test on one).
func TestRenjuGames(t *testing.T) {
	for _, rule := range []game.Rule{game.Renju, game.Exact} {
		s := game.Size{Rows: 11, Cols: 11, Win: 5, Rule: rule}
		for seed := range uint64(3) {
			cheap := []game.Player{ai.Random{Rand: rng(seed, 1)}, ai.Rules{Rand: rng(seed, 2)}, ai.Heuristic{Rand: rng(seed, 3)}}
			for _, x := range cheap {
				for _, o := range cheap {
					playGame(t, s, game.X, [3]game.Player{game.X: x, game.O: o})
				}
			}
			m := &ai.Engine{Rand: rng(seed, 4), Think: 5 * time.Millisecond, Now: stepClock()}
			playGame(t, s, game.X, [3]game.Player{game.X: m, game.O: ai.Heuristic{Rand: rng(seed, 5)}})
			playGame(t, s, game.X, [3]game.Player{game.X: ai.Random{Rand: rng(seed, 6)}, game.O: m})
		}
	}
}
