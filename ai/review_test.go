package ai_test

import (
	"testing"
	"time"

	"tictactoe/ai"
	"tictactoe/game"
)

// cells turns 1-based row, column pairs into cells.
func cells(rc ...int) []game.Cell {
	var out []game.Cell
	for i := 0; i+1 < len(rc); i += 2 {
		out = append(out, game.Cell{Row: rc[i] - 1, Col: rc[i+1] - 1})
	}
	return out
}

func TestReview(t *testing.T) {
	size4 := game.Size{Rows: 4, Cols: 4, Win: 3}
	tests := []struct {
		name  string
		size  game.Size
		first game.Mark
		moves []game.Cell
		me    game.Mark
		want  ai.Review // Start is checked by its winner alone
	}{
		{
			name: "X misses a block", size: game.Classic, first: game.X, me: game.X,
			moves: cells(1, 2, 3, 2, 2, 1, 1, 1, 2, 3, 2, 2, 1, 3, 3, 3),
			want: ai.Review{Settled: true, Moves: 4, Turn: 4, Move: cells(1, 3)[0], Better: cells(3, 3)[0],
				Before: ai.Value{Exact: true}, After: ai.Value{Winner: game.O, Plies: 2, Exact: true}},
		},
		{
			name: "O never loses ground in a draw", size: game.Classic, first: game.X, me: game.O,
			moves: cells(2, 2, 1, 1, 1, 2, 3, 2, 3, 1, 1, 3, 2, 1, 2, 3, 3, 3),
			want:  ai.Review{Settled: true, Moves: 4},
		},
		{
			name: "lost before the first move", size: size4, first: game.O, me: game.X,
			moves: cells(3, 3, 1, 1, 2, 3, 1, 2, 1, 3),
			want:  ai.Review{Settled: true, Moves: 2, Start: ai.Value{Winner: game.O}},
		},
		{
			name: "no move at all", size: game.Size{Rows: 3, Cols: 3, Win: 1}, first: game.O, me: game.X,
			moves: cells(2, 2),
			want:  ai.Review{Settled: true},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := newBoard(t, tc.size, tc.first)
			play(t, b, tc.moves...)
			got := (&ai.Engine{}).Review(b, tc.me)
			start := got.Start.Winner
			got.Start = ai.Value{Winner: start}
			if tc.want.Start.Winner == game.Empty {
				tc.want.Start = got.Start // only a lost start is asserted
			}
			if got != tc.want {
				t.Errorf("%v, review for %v:\n got %+v\nwant %+v\n%s", tc.moves, tc.me, got, tc.want, b.Render(""))
			}
		})
	}
}

// TestReviewUnsettled checks that a board the solver cannot settle before its deadline
// gives an unsettled review, with nothing else claimed: 8×8, the biggest that Review
// solves (on bigger boards it reviews by threat search, see TestReviewThreats).
func TestReviewUnsettled(t *testing.T) {
	b := newBoard(t, game.Size{Rows: 8, Cols: 8, Win: 5}, game.X)
	play(t, b, cells(5, 5, 4, 4, 5, 6, 4, 6)...)
	clock := time.Unix(0, 0)
	now := func() time.Time { clock = clock.Add(time.Millisecond); return clock }
	got := (&ai.Engine{Think: 50 * time.Millisecond, Now: now}).Review(b, game.X)
	if got != (ai.Review{}) {
		t.Errorf("review of an unsolvable board = %+v, want the zero Review", got)
	}
}

// TestReviewOpenMove checks that a review cut short by the clock names no turn it has not
// proven: on 5×6 with four in a row, 60 ms prove X's win from the empty board and the
// values of 3 3 and its mirror image, but not of the corner that X plays here, so the
// review may not say that the corner threw the win away.
func TestReviewOpenMove(t *testing.T) {
	b := newBoard(t, game.Size{Rows: 5, Cols: 6, Win: 4}, game.X)
	play(t, b, cells(1, 1, 3, 3, 1, 2)...)
	clock := &fakeClock{step: time.Millisecond}
	got := (&ai.Engine{Think: 60 * time.Millisecond, Now: clock.now}).Review(b, game.X)
	if got.Turn > 0 && !got.After.Exact || got.Settled && got.Turn == 0 {
		t.Errorf("review = %+v, claims what it has not proven", got)
	}
}
