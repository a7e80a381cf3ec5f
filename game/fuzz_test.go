package game_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"time"

	"tictactoe/game"
	"tictactoe/game/internal/gametest"
)

// fuzzSize makes a board size of 1 to limit rows and columns and a win from 1 to the longer
// side out of three arbitrary bytes.
func fuzzSize(rows, cols, win uint8, limit int) game.Size {
	s := game.Size{Rows: int(rows)%limit + 1, Cols: int(cols)%limit + 1}
	s.Win = int(win)%max(s.Rows, s.Cols) + 1
	return s
}

func FuzzParseMove(f *testing.F) {
	for _, line := range []string{
		"2 3", "2,3", " 2\t3 ", "2 , 3", "2 3\r", "19 19", "0 0", "-1 2", "1 2 3", "", ",",
		"99999999999999999999999 1", "+2 3", "\x1b[2J 1", "1 \u202e2", "\xff 1",
	} {
		f.Add(line, uint8(2), uint8(2))
	}
	f.Fuzz(func(t *testing.T, line string, rows, cols uint8) {
		s := fuzzSize(rows, cols, 0, game.MaxSize)
		c, err := game.ParseMove(line, s)
		if err != nil {
			if bad := rawControl(err.Error(), ""); bad != "" {
				t.Fatalf("ParseMove(%q, %v) error %q has a raw %s", line, s, err, bad)
			}
			return
		}
		if b := gametest.NewBoard(t, s, game.X); !b.Contains(c) {
			t.Fatalf("ParseMove(%q, %v) = %v, off the board", line, s, c)
		}
		if again, err := game.ParseMove(c.String(), s); err != nil || again != c {
			t.Fatalf("ParseMove(%q) = %v, but ParseMove(%q) = %v, %v", line, c, c.String(), again, err)
		}
	})
}

func FuzzSession(f *testing.F) {
	for _, input := range []string{
		"1 1\n2 1\n1 2\n2 2\n1 3\n",
		"2 2\n1 1\n1 3\n3 1\n2 1\n2 3\n3 2\n1 2\n3 3\n",
		"1 1\r\nundo\r\nundo\r\n2 2\r\nquit\r\n",
		"# header\n1 1\n1 1\n  # note\nhelp\nhint\n9 9\n2 2\n",
		"\x1b[2J\n\x00\n\xff\xfe\n1,1\n2\t2\n" + strings.Repeat("x", 2*game.MaxLine) + "\n3 3",
	} {
		f.Add(uint8(2), uint8(2), uint8(2), false, []byte(input))
	}
	f.Add(uint8(0), uint8(4), uint8(4), true, []byte("1 1\n1 2\n1 3\n1 4\n1 5\n"))
	f.Add(uint8(4), uint8(4), uint8(3), true, []byte("5 5\n4 4\n3 3\n2 2\n1 1\nundo\n1 2\n"))
	f.Fuzz(func(t *testing.T, rows, cols, win uint8, oFirst bool, input []byte) {
		first := game.X
		if oFirst {
			first = game.O
		}
		var out bytes.Buffer
		con := game.NewConsole(bytes.NewReader(input), &out)
		con.Echo = true
		g := &game.Game{Board: gametest.NewBoard(t, fuzzSize(rows, cols, win, 5), first), Out: &out}
		g.Players[game.X] = &game.Human{Console: con, Prompt: "Player X"}
		g.Players[game.O] = &game.Human{Console: con, Prompt: "Player O"}

		type ran struct {
			o   game.Outcome
			err error
		}
		done := make(chan ran, 1)
		go func() {
			o, err := g.Run()
			done <- ran{o, err}
		}()
		var r ran
		select {
		case r = <-done:
		case <-time.After(10 * time.Second):
			t.Fatalf("Run still going after 10s on %d bytes of input", len(input))
		}

		b := g.Board
		switch {
		case r.err == nil && !b.Over():
			t.Fatalf("Run() ended without error on an unfinished game:\n%s", b.Render(""))
		case r.err != nil && !errors.Is(r.err, game.ErrQuit) && !errors.Is(r.err, game.ErrInputEnded):
			t.Fatalf("Run() error %v, want nil, ErrQuit or ErrInputEnded", r.err)
		case r.err != nil && b.Over():
			t.Fatalf("Run() error %v on a finished game:\n%s", r.err, b.Render(""))
		case r.o.String() != b.Outcome().String():
			t.Fatalf("Run() = %v, the board says %v", r.o, b.Outcome())
		}
		checkConsistent(t, b)
		if bad := rawControl(out.String(), "\n"); bad != "" {
			t.Fatalf("output has a raw %s:\n%q", bad, out.String())
		}
		if !bytes.HasSuffix(out.Bytes(), []byte("\n")) {
			t.Fatalf("output ends in the middle of a line:\n%q", out.String())
		}
	})
}
