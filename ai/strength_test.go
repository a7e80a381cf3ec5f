package ai_test

import (
	"testing"
	"time"

	"tictactoe/ai"
	"tictactoe/game"
)

// stepClock is a clock that moves on a millisecond each time it is read, so that a search
// to a deadline stops after the same number of positions on any machine.
func stepClock() func() time.Time {
	t := time.Unix(0, 0)
	return func() time.Time {
		t = t.Add(time.Millisecond)
		return t
	}
}

// TestMinimaxBeatsHeuristicOnBigBoards plays minimax, stopped by a deadline it cannot
// solve within, against the heuristic on boards too big to solve, as X and as O: it must
// not lose. The clock steps per reading, so the games are the same on every machine.
// The deadline, 100 ms of that clock (6,000 to 11,000 positions a move on average in the
// 15×15 games), lies where the engine holds: on 15×15, seed 1 as O meets an attack of
// threes that a search of 10 to 70 ms sees or not by chance. Of the 15×15 games of seeds
// 0 to 5 each way at 10 to 100 ms by 10, commit ee1d13c lost only that one, at 10, 30 and
// 70 ms, and the engine since the root's null window (see searchRootMove) the same game
// at 20, 30 and 40 ms; neither lost it at any of 100 to 300 ms by 20, nor a 7×7 game at
// 10 to 100 ms.
func TestMinimaxBeatsHeuristicOnBigBoards(t *testing.T) {
	if testing.Short() {
		t.Skip("plays whole games on big boards")
	}
	for _, size := range []game.Size{{Rows: 15, Cols: 15, Win: 5}, {Rows: 7, Cols: 7, Win: 4}} {
		for _, me := range []game.Mark{game.X, game.O} {
			for seed := range uint64(2) {
				var players [3]game.Player
				players[me] = &ai.Engine{Rand: rng(seed, 1), Think: 100 * time.Millisecond, Now: stepClock()}
				players[me.Opponent()] = ai.Heuristic{Rand: rng(seed, 2)}
				b := playGame(t, size, game.X, players)
				if o := b.Outcome(); o.Status == game.Won && o.Winner != me {
					t.Errorf("%v, seed %d: minimax as %v lost to the heuristic: %v\n%s", size, seed, me, b.Moves(), b.Render(""))
				}
			}
		}
	}
}

// TestNodeLimitStopsSearch checks that a search with a deadline stops by its count of
// positions when the clock does not move at all, and so plays the same move every time:
// the count, not the machine's speed, decides where a search on a big board ends.
func TestNodeLimitStopsSearch(t *testing.T) {
	frozen := func() time.Time { return time.Unix(0, 0) }
	var moves []game.Cell
	for range 2 {
		b := newBoard(t, game.Size{Rows: 15, Cols: 15, Win: 5}, game.X)
		play(t, b, cells(8, 8, 7, 7, 8, 7, 7, 8)...)
		m := &ai.Engine{Rand: rng(1, 1), Think: 50 * time.Millisecond, Now: frozen}
		c, err := m.Move(b)
		if err != nil {
			t.Fatal(err)
		}
		if limit := int64(0.05*3_500_000)/15*3/4 + 2048; m.Nodes() > limit { // three quarters on big boards under freestyle
			t.Errorf("searched %d positions with a frozen clock, want at most about %d", m.Nodes(), limit)
		}
		moves = append(moves, c)
	}
	if moves[0] != moves[1] {
		t.Errorf("the same search played %v, then %v", moves[0], moves[1])
	}
}
