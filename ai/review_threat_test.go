package ai

import (
	"testing"

	"tictactoe/game"
)

// TestReviewThreats checks Review on a 15×15 board, five in a row, where it reviews by
// threat search: in a game X lost, X's 5th move, 9 8, left O's open three on the
// diagonal 9 9, 8 10, 7 11 unanswered, and O won by it. The review must name that move
// and a move that stops the win; each claim is checked again by a threat search with
// eight times the review's count of positions.
func TestReviewThreats(t *testing.T) {
	size := game.Size{Rows: 15, Cols: 15, Win: 5}
	moves := oneBased(8, 9, 8, 10, 9, 10, 7, 8, 8, 7, 7, 11, 7, 10, 9, 9, 9, 8, 6, 12, 5, 12, 5, 13)
	b := boardAfter(t, size, moves...)
	m := &Engine{}
	r := m.Review(b, game.X)
	want := Review{Threat: true, Stops: true, Moves: 5, Turn: 5, Move: moves[8],
		After: Value{Winner: game.O, Plies: r.After.Plies, Exact: true}, Better: r.Better}
	if r != want || r.After.Plies < 2 {
		t.Fatalf("review = %+v, want %+v with plies of 2 or more", r, want)
	}
	// The turn: after 9 8, O has a forced win; after the move before it, none is found.
	s := m.s
	for _, tc := range []struct {
		played int // how many moves of the game are on the board
		alt    *game.Cell
		wins   bool
	}{
		{played: 9, wins: true},
		{played: 7, wins: false},
		{played: 8, alt: &r.Better, wins: false},
	} {
		at, _ := game.NewBoard(size, game.X)
		for _, c := range moves[:tc.played] {
			_ = at.Play(c)
		}
		if tc.alt != nil {
			if err := at.Play(*tc.alt); err != nil {
				t.Fatalf("the better move %v: %v", *tc.alt, err)
			}
		}
		p := newPosition(at, s.g, s.keys, s.bigBoard)
		s.threat.gen++
		_, _, won := s.threat.find(p, 8*reviewLimit)
		if won != tc.wins || !won && s.threat.stopped {
			t.Errorf("after %d moves (then %v): O's win found %v (search stopped %v), want %v",
				tc.played, tc.alt, won, s.threat.stopped, tc.wins)
		}
	}
}

// TestReviewThreatsNone checks that a big-board review claims no turn where threat search
// finds no forced win, in a short game that X won, and finds the turn for O, who lost it.
func TestReviewThreatsNone(t *testing.T) {
	b := boardAfter(t, game.Size{Rows: 15, Cols: 15, Win: 5}, oneBased(8, 4, 1, 1, 8, 5, 1, 15, 8, 6, 15, 1, 8, 7, 15, 15, 8, 8)...)
	r := (&Engine{}).Review(b, game.X)
	if want := (Review{Threat: true, Moves: 4}); r != want {
		t.Errorf("review = %+v, want %+v", r, want)
	}
	// O's 3rd move, 15 1, left X's open three 8 4 to 8 6 standing: a block at either end
	// stops the win that threat search finds.
	r = (&Engine{}).Review(b, game.O)
	ends := oneBased(8, 3, 8, 7)
	if r.Turn != 3 || r.Move != oneBased(15, 1)[0] || !r.Stops || r.Better != ends[0] && r.Better != ends[1] {
		t.Errorf("review for O = %+v, want the 3rd move, 15 1, and 8 3 or 8 7 instead", r)
	}
}

// oneBased turns row, column pairs as the board numbers them, from 1, into cells.
func oneBased(rc ...int) []game.Cell {
	var out []game.Cell
	for i := 0; i+1 < len(rc); i += 2 {
		out = append(out, game.Cell{Row: rc[i] - 1, Col: rc[i+1] - 1})
	}
	return out
}
