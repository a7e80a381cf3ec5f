package ai_test

import (
	"testing"
	"time"

	"tictactoe/ai"
	"tictactoe/game"
)

// TestThreadsHelp: with two threads a move counted by positions searches its count on
// the main goroutine, as with one, and the helper's positions come on top; the move is
// legal, and a bounded move (a GUI's level) stays on one goroutine, the same move in the
// same count. Run it with -race to see the goroutines share nothing but the table.
func TestThreadsHelp(t *testing.T) {
	b := openBoard(t)
	move := func(threads int, bound int64) (game.Cell, int64) {
		m := &ai.Engine{Think: 100 * time.Millisecond, Now: (&fakeClock{}).now, Threads: threads}
		if bound > 0 {
			m.Think, m.Now, m.Timed, m.MaxNodes = time.Hour, time.Now, true, bound
		}
		c, err := m.Move(b)
		if err != nil {
			t.Fatal(err)
		}
		if b.At(c) != game.Empty {
			t.Fatalf("%d threads play %v, which is taken", threads, c)
		}
		return c, m.Nodes()
	}
	_, one := move(1, 0)
	_, two := move(2, 0)
	if two <= one {
		t.Errorf("two threads searched %d positions in all, one %d: the helper searched none", two, one)
	}
	c1, n1 := move(1, 30_000)
	c2, n2 := move(2, 30_000)
	if c1 != c2 || n1 != n2 {
		t.Errorf("a bounded move: %v in %d positions on one thread, %v in %d on two", c1, n1, c2, n2)
	}
}
