package ai_test

import (
	"errors"
	"math/rand/v2"
	"testing"
	"time"

	"tictactoe/ai"
	"tictactoe/game"
)

// openBoard returns a 15×15 board with five in a row and a few marks in its middle,
// where neither side has a threat: a move there needs a full search.
func openBoard(t testing.TB) *game.Board {
	t.Helper()
	b := newBoard(t, game.Size{Rows: 15, Cols: 15, Win: 5}, game.X)
	for _, rc := range [][2]int{{7, 7}, {7, 8}, {8, 8}, {6, 6}} {
		play(t, b, game.Cell{Row: rc[0], Col: rc[1]})
	}
	return b
}

// TestTimedMoveUsesTheClock checks that a timed move is not stopped by the count of
// positions that stops an untimed one with the same time: with a clock that moves on
// by a step each time it is read, the timed search goes on much longer.
func TestTimedMoveUsesTheClock(t *testing.T) {
	nodes := func(timed bool) int64 {
		clock := &fakeClock{step: time.Millisecond}
		m := &ai.Engine{Rand: rng(1, 1), Think: 100 * time.Millisecond, Now: clock.now, Timed: timed}
		if _, err := m.Move(openBoard(t)); err != nil {
			t.Fatalf("timed %v: %v", timed, err)
		}
		return m.Nodes()
	}
	counted, timed := nodes(false), nodes(true)
	if timed < 3*counted {
		t.Errorf("the timed move searched %d positions, the counted one %d: want at least three times as many", timed, counted)
	}
}

// TestStopEndsMove checks that closing Stop ends a move that nothing else would end (a
// clock that never moves): Move then fails with ErrStopped, closed before it begins or
// while it searches.
func TestStopEndsMove(t *testing.T) {
	for _, early := range []bool{true, false} {
		stop := make(chan struct{})
		clock := &fakeClock{} // never moves: no deadline is ever reached
		m := &ai.Engine{Rand: rng(1, 1), Think: time.Hour, Now: clock.now, Timed: true, Stop: stop}
		if early {
			close(stop)
		} else {
			time.AfterFunc(50*time.Millisecond, func() { close(stop) })
		}
		b := openBoard(t)
		done := make(chan error, 1)
		go func() {
			_, err := m.Move(b)
			done <- err
		}()
		select {
		case err := <-done:
			if !errors.Is(err, ai.ErrStopped) {
				t.Errorf("stopped early %v: Move fails with %v, want %v", early, err, ai.ErrStopped)
			}
		case <-time.After(20 * time.Second):
			t.Fatalf("stopped early %v: Move still searching 20 s after Stop was closed", early)
		}
	}
}

// BenchmarkTimedMove15x15 times a timed move, as the engine makes them, in the open
// position of openBoard with 500ms by the real clock, one Engine for every move. It
// reports the share of Think the moves took, the longest, and the positions searched a
// second.
func BenchmarkTimedMove15x15(b *testing.B) {
	const think = 500 * time.Millisecond
	board := openBoard(b)
	m := &ai.Engine{Rand: rng(1, 1), Think: think, Now: time.Now, Timed: true}
	var longest, total time.Duration
	var nodes int64
	moves := 0
	for b.Loop() {
		start := time.Now()
		if _, err := m.Move(board); err != nil {
			b.Fatal(err)
		}
		took := time.Since(start)
		longest, total, nodes, moves = max(longest, took), total+took, nodes+m.Nodes(), moves+1
	}
	b.ReportMetric(float64(total)/float64(moves)/float64(think), "think-used")
	b.ReportMetric(float64(longest)/float64(think), "think-used-max")
	b.ReportMetric(float64(nodes)/total.Seconds(), "positions/s")
}

// TestTimedMoveBounds checks MaxNodes and MaxDepth, a GUI's levels: a timed move with
// an hour to think ends after about MaxNodes positions or the iteration of MaxDepth, a
// deeper bound costs more, and a bounded move is the same whatever Rand draws.
func TestTimedMoveBounds(t *testing.T) {
	b := newBoard(t, game.Size{Rows: 15, Cols: 15, Win: 5}, game.X)
	if err := b.Play(game.Cell{Row: 7, Col: 7}); err != nil { // O's replies are alike by symmetry
		t.Fatal(err)
	}
	move := func(seed uint64, nodes int64, depth int) (game.Cell, int64) {
		m := &ai.Engine{Rand: rand.New(rand.NewPCG(seed, 0)), Think: time.Hour, Now: time.Now, Timed: true, MaxNodes: nodes, MaxDepth: depth}
		c, err := m.Move(b)
		if err != nil {
			t.Fatal(err)
		}
		return c, m.Nodes()
	}
	for _, tc := range []struct {
		nodes int64
		depth int
	}{{20_000, 0}, {0, 3}, {0, 5}} {
		first, n := move(1, tc.nodes, tc.depth)
		if tc.nodes > 0 && n > tc.nodes+2048 {
			t.Errorf("max %d positions: searched %d", tc.nodes, n)
		}
		for seed := uint64(2); seed <= 4; seed++ {
			if c, _ := move(seed, tc.nodes, tc.depth); c != first {
				t.Errorf("nodes %d, depth %d: seed %d plays %v, seed 1 %v", tc.nodes, tc.depth, seed, c, first)
			}
		}
	}
	// A level replays whatever the engine searched before: the tables start empty.
	fresh, freshNodes := move(1, 0, 5)
	m := &ai.Engine{Rand: rand.New(rand.NewPCG(1, 0)), Think: time.Hour, Now: time.Now, Timed: true}
	m.MaxDepth = 8 // what this search keeps in the tables would change the next one's move
	if _, err := m.Move(b); err != nil {
		t.Fatal(err)
	}
	m.MaxDepth = 5
	if c, err := m.Move(b); err != nil || c != fresh || m.Nodes() != freshNodes {
		t.Errorf("after another search, depth 5 plays %v (%v) in %d positions, a fresh engine %v in %d",
			c, err, m.Nodes(), fresh, freshNodes)
	}
	_, shallow := move(1, 0, 3)
	_, deep := move(1, 0, 5)
	if shallow >= deep {
		t.Errorf("depth 3 searched %d positions, depth 5 %d: want fewer", shallow, deep)
	}
}
