package ai

import (
	"testing"
	"time"

	"tictactoe/game"
)

// TestOrderBeam checks that on a board too big to solve the search tries every move near
// the marks at the root, and only the beamWidth best below it (nearHorizon's count one
// ply from the horizon), saying that it left some out; and that on a board it may solve
// it tries every move at every ply.
func TestOrderBeam(t *testing.T) {
	for _, tc := range []struct {
		size game.Size
		beam bool
	}{
		{game.Size{Rows: 15, Cols: 15, Win: 5}, true},
		{game.Size{Rows: 6, Cols: 6, Win: 4}, false},
	} {
		b, err := game.NewBoard(tc.size, game.X)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []game.Cell{{Row: 2, Col: 2}, {Row: 3, Col: 3}, {Row: 2, Col: 3}} {
			if err := b.Play(c); err != nil {
				t.Fatal(err)
			}
		}
		s := newSearcher(tc.size, 0, 0)
		p := newPosition(b, s.g, s.keys, s.bigBoard)
		s.scratch(1)
		root, rootAll := s.order(p, 0, -1, s.width(0, len(nearHorizon), false), false)
		n := len(root)
		below, belowAll := s.order(p, 1, -1, s.width(1, len(nearHorizon), false), false)
		switch {
		case n <= beamWidth || !tc.beam && !rootAll:
			t.Errorf("%v: %d moves at the root (all %v), want more than %d", tc.size, n, rootAll, beamWidth)
		case tc.beam && (len(below) != beamWidth || belowAll):
			t.Errorf("%v: %d moves below the root (all %v), want %d, not all", tc.size, len(below), belowAll, beamWidth)
		case !tc.beam && (len(below) != n || !belowAll):
			t.Errorf("%v: %d moves below the root (all %v), want %d, all", tc.size, len(below), belowAll, n)
		}
		if near, _ := s.order(p, 1, -1, s.width(1, 1, false), false); tc.beam && len(near) != nearHorizon[1] || !tc.beam && len(near) != n {
			t.Errorf("%v: %d moves one ply from the horizon, want %d", tc.size, len(near), map[bool]int{true: nearHorizon[1], false: n}[tc.beam])
		}
	}
}

// TestUnsettledMovesSoftDeadline checks the time manager's soft deadline: in a timed move
// it starts at softShare of the move's time and moves to unsettledShare when the move is
// unsettled, never back; a move with a count of positions has none to move.
func TestUnsettledMovesSoftDeadline(t *testing.T) {
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	size := game.Size{Rows: 15, Cols: 15, Win: 5}
	share := func(s *searcher, at time.Time) int {
		return int(100 * at.Sub(start) / s.deadline.Sub(start))
	}

	m := &Engine{Think: time.Second, Timed: true, Now: func() time.Time { return start }}
	s := newSearcher(size, 0, 0)
	m.setClock(s, start)
	if got := share(s, s.soft); got != softShare {
		t.Fatalf("a timed move's soft deadline is at %d%% of its time, want %d%%", got, softShare)
	}
	s.unsettled()
	if got := share(s, s.soft); got != unsettledShare {
		t.Fatalf("unsettled: soft deadline at %d%%, want %d%%", got, unsettledShare)
	}
	m.setClock(s, start) // the next move starts settled again
	if got := share(s, s.soft); got != softShare {
		t.Fatalf("the next move's soft deadline is at %d%%, want %d%%", got, softShare)
	}

	counted := &Engine{Think: time.Second, Now: func() time.Time { return start }}
	counted.setClock(s, start)
	s.unsettled()
	if !s.soft.IsZero() || !s.another() {
		t.Fatalf("a move with a count of positions got a soft deadline %v", s.soft)
	}
}
