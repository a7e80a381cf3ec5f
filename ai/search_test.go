package ai

import (
	"testing"
	"time"

	"tictactoe/game"
)

// TestOrderBeam checks that on a board too big to solve the search tries every move near
// the marks at the root, and only the beamWidth best below it, saying that it left some
// out; and that on a board it may solve it tries every move at every ply.
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
		s := newSearcher(tc.size, 0)
		p := newPosition(b, s.g, s.keys, s.bigBoard)
		s.scratch(1)
		root, rootAll := s.order(p, 0, -1, false)
		n := len(root)
		below, belowAll := s.order(p, 1, -1, false)
		switch {
		case n <= beamWidth || !tc.beam && !rootAll:
			t.Errorf("%v: %d moves at the root (all %v), want more than %d", tc.size, n, rootAll, beamWidth)
		case tc.beam && (len(below) != beamWidth || belowAll):
			t.Errorf("%v: %d moves below the root (all %v), want %d, not all", tc.size, len(below), belowAll, beamWidth)
		case !tc.beam && (len(below) != n || !belowAll):
			t.Errorf("%v: %d moves below the root (all %v), want %d, all", tc.size, len(below), belowAll, n)
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
	s := newSearcher(size, 0)
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

// TestThreatsTimedShare checks the time manager's share for the threat searches: a timed
// move gives the search for its own win timedThreats times the positions of a move with
// the same count, the others the same, and a deadline at threatShare of its time, which
// restore puts back; a move with a count keeps its deadline.
func TestThreatsTimedShare(t *testing.T) {
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	s := newSearcher(game.Size{Rows: 15, Cols: 15, Win: 5}, 0)
	now := func() time.Time { return start }

	counted := &Engine{Think: time.Second, Now: now}
	counted.setClock(s, start)
	budget, own := s.threatBudget()
	deadline := s.deadline
	if want := s.limit * 9 / 10; budget != want || own != want/4 {
		t.Fatalf("a counted move's threat budget is %d, %d for its own win; want %d and %d", budget, own, want, want/4)
	}
	s.threatClock()()
	if !s.deadline.Equal(deadline) {
		t.Fatalf("a counted move's deadline moved from %v to %v", deadline, s.deadline)
	}

	timed := &Engine{Think: time.Second, Timed: true, Now: now}
	timed.setClock(s, start)
	if b, o := s.threatBudget(); b != budget || o != own*timedThreats {
		t.Fatalf("a timed move's threat budget is %d, %d for its own win; want %d and %d", b, o, budget, own*timedThreats)
	}
	deadline = s.deadline
	restore := s.threatClock()
	if got := int(100 * s.deadline.Sub(start) / deadline.Sub(start)); got != threatShare {
		t.Fatalf("the threat searches stop at %d%% of a timed move, want %d%%", got, threatShare)
	}
	restore()
	restore()
	if !s.deadline.Equal(deadline) {
		t.Fatalf("restore left the deadline at %v, want %v", s.deadline, deadline)
	}
}

// TestTimedThreatsPassTheCount checks that in a timed move the threat searches are bound
// by their own budget, not by the count of a move with the same time, and that they
// leave the deadline and the stop flag as the alpha-beta needs them. The position
// (15×15, X to move after 24 plies) holds no forced win that either side's search finds
// in two million positions, so each takes all it is given; the clock never moves.
func TestTimedThreatsPassTheCount(t *testing.T) {
	b, err := game.NewBoard(game.Size{Rows: 15, Cols: 15, Win: 5}, game.X)
	if err != nil {
		t.Fatal(err)
	}
	for _, rc := range [][2]int{{6, 6}, {8, 8}, {8, 6}, {10, 6}, {5, 6}, {7, 6}, {9, 7}, {10, 8},
		{9, 8}, {10, 7}, {10, 9}, {9, 9}, {10, 4}, {9, 5}, {11, 7}, {11, 8}, {7, 5}, {11, 11},
		{6, 4}, {5, 3}, {10, 10}, {12, 9}, {13, 10}, {11, 10}} {
		if err := b.Play(game.Cell{Row: rc[0] - 1, Col: rc[1] - 1}); err != nil {
			t.Fatal(err)
		}
	}
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	m := &Engine{Think: time.Second, Timed: true, Now: func() time.Time { return start }}
	s := m.searcherFor(b)
	count, deadline := s.limit, s.deadline
	p := newPosition(b, s.g, s.keys, s.bigBoard)
	s.scratch(0)
	moves, _ := s.order(p, 0, -1, false)
	if _, _, won, _ := s.tactics(p, moves); won {
		t.Fatal("threat search found a forced win: the position no longer tests the budget")
	}
	if s.nodes < count*3/2 {
		t.Errorf("the threat searches of a timed move stopped at %d positions, within 1.5 times the count of %d", s.nodes, count)
	}
	if !s.deadline.Equal(deadline) || s.stopped {
		t.Errorf("after the threat searches: deadline %v (want %v), stopped %v", s.deadline, deadline, s.stopped)
	}
}
