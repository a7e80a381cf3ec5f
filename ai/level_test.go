package ai_test

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"tictactoe/ai"
	"tictactoe/game"
)

// playOut plays x against o from b for at most n moves and returns the moves.
func playOut(t *testing.T, b *game.Board, x, o game.Player, n int) []game.Cell {
	t.Helper()
	players := [3]game.Player{game.X: x, game.O: o}
	for i := 0; i < n && !b.Over(); i++ {
		c, err := players[b.Turn()].Move(b)
		if err != nil {
			t.Fatal(err)
		}
		if err := b.Play(c); err != nil {
			t.Fatalf("move %d, %v: %v", i+1, c, err)
		}
	}
	return slices.Clone(b.Moves())
}

// TestLevelReplays: each level, given the same seed, plays the same game against the
// same opponent, whatever the clock says; a game against another seed differs at some
// level, so the seed is what the levels draw from.
func TestLevelReplays(t *testing.T) {
	size := game.Size{Rows: 15, Cols: 15, Win: 5}
	moves := 16
	if testing.Short() {
		moves = 8
	}
	differ := 0
	for n := 1; n < ai.MaxLevel; n++ {
		t.Run(fmt.Sprintf("level %d", n), func(t *testing.T) {
			game1 := func(seed uint64) []game.Cell {
				b := newBoard(t, size, game.X)
				l := &ai.Level{N: n, Rand: rng(seed, 0), Think: time.Second, Now: time.Now}
				return playOut(t, b, l, ai.Heuristic{Rand: rng(9, 9)}, moves)
			}
			first, again, other := game1(1), game1(1), game1(2)
			if !slices.Equal(first, again) {
				t.Errorf("seed 1 played %v, then %v", first, again)
			}
			if !slices.Equal(first, other) {
				differ++
			}
		})
	}
	if differ == 0 {
		t.Errorf("seeds 1 and 2 played the same games at every level: the levels draw nothing")
	}
}

// TestLevelTenIsMinimax: the top level plays the engine's moves, the same as an Engine
// with the same seed, here on 4×4, which both solve.
func TestLevelTenIsMinimax(t *testing.T) {
	size := game.Size{Rows: 4, Cols: 4, Win: 3}
	top := &ai.Level{N: ai.MaxLevel, Rand: rng(5, 0), Think: time.Second, Now: time.Now}
	engine := &ai.Engine{Rand: rng(5, 0), Think: time.Second, Now: time.Now}
	a := playOut(t, newBoard(t, size, game.X), top, ai.Random{Rand: rng(3, 1)}, 16)
	b := playOut(t, newBoard(t, size, game.X), engine, ai.Random{Rand: rng(3, 1)}, 16)
	if !slices.Equal(a, b) {
		t.Errorf("level 10 played %v, minimax %v", a, b)
	}
}

// TestLevelsOnClassic: on 3×3 the top level never loses to the three-step rules, and the
// lowest levels lose some games to them.
func TestLevelsOnClassic(t *testing.T) {
	for _, n := range []int{1, 2, 3, ai.MaxLevel} {
		lost := 0
		for seed := uint64(1); seed <= 40; seed++ {
			l := &ai.Level{N: n, Rand: rng(seed, 0), Think: time.Second, Now: time.Now}
			r := ai.Rules{Rand: rng(seed, 1)}
			x, o := game.Player(l), game.Player(r)
			if seed%2 == 0 {
				x, o = r, l
			}
			b := newBoard(t, game.Classic, game.X)
			playOut(t, b, x, o, 9)
			if out := b.Outcome(); out.Status == game.Won && (out.Winner == game.X) == (seed%2 == 0) {
				lost++
			}
		}
		switch {
		case n == ai.MaxLevel && lost > 0:
			t.Errorf("level %d lost %d of 40 games to rules", n, lost)
		case n < 4 && lost == 0:
			t.Errorf("level %d lost none of 40 games to rules", n)
		}
	}
}
