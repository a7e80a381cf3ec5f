package pbrain_test

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"tictactoe/game"
	"tictactoe/game/internal/gametest"
	"tictactoe/game/pbrain"
)

// fakeEngine is the other end of a Client: it records the commands it reads and answers
// each with the lines answer gives.
type fakeEngine struct {
	mu       sync.Mutex
	commands []string
}

// connect starts a fake engine and returns a Client talking to it. An answer "EOF" ends
// the engine's output; an answer "SILENT" makes the Client's wait for it time out, as no
// other wait does.
func (f *fakeEngine) connect(t *testing.T, answer func(cmd string) []string) *pbrain.Client {
	t.Helper()
	cmdR, cmdW := io.Pipe()
	ansR, ansW := io.Pipe()
	t.Cleanup(func() { cmdW.Close(); ansW.Close() })
	silence := make(chan time.Time, 10)
	go func() {
		sc := bufio.NewScanner(cmdR)
		for sc.Scan() {
			f.mu.Lock()
			f.commands = append(f.commands, sc.Text())
			f.mu.Unlock()
			for _, line := range answer(sc.Text()) {
				switch line {
				case "EOF":
					ansW.Close()
					return
				case "SILENT":
					silence <- time.Time{}
					continue
				}
				fmt.Fprintln(ansW, line)
			}
		}
	}()
	after := func(time.Duration) <-chan time.Time { return silence }
	return &pbrain.Client{In: ansR, Out: cmdW, Think: 1500 * time.Millisecond, Wait: 2 * time.Second, After: after}
}

// sent returns the commands the fake engine has read so far.
func (f *fakeEngine) sent() string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return strings.Join(f.commands, "\n")
}

// okThen answers START with OK and every move command with the moves given, in turn.
func okThen(moves ...string) func(string) []string {
	return func(cmd string) []string {
		word, _, _ := strings.Cut(cmd, " ")
		switch word {
		case "START", "RECTSTART":
			return []string{"OK"}
		case "BEGIN", "TURN", "DONE":
			if len(moves) == 0 {
				return []string{"SILENT"}
			}
			m := moves[0]
			moves = moves[1:]
			return strings.Split(m, "\n")
		}
		return nil
	}
}

func TestClientCommands(t *testing.T) {
	f := &fakeEngine{}
	r := f.connect(t, okThen("7,7", "MESSAGE thinking\nDEBUG depth 3\nMESSAGE "+strings.Repeat("long ", 2000)+"\n8,7", "0,0"))
	b := gametest.NewBoard(t, game.Size{Rows: 15, Cols: 15, Win: 5}, game.X)
	for i, want := range []game.Cell{{Row: 7, Col: 7}, {Row: 7, Col: 8}} {
		c, err := r.Move(b)
		if err != nil || c != want {
			t.Fatalf("move %d: %v, %v; want %v", i+1, c, err, want)
		}
		gametest.PlayAll(t, b, c, game.Cell{Row: 0, Col: i})
	}
	// A new game, joined late on a rectangle: RECTSTART and BOARD with the engine's
	// stones as 1.
	b = gametest.NewBoard(t, game.Size{Rows: 5, Cols: 6, Win: 5, Rule: game.Exact}, game.X)
	gametest.PlayAll(t, b, game.Cell{Row: 1, Col: 2}, game.Cell{Row: 3, Col: 4}, game.Cell{Row: 4, Col: 5})
	if c, err := r.Move(b); err != nil || c != (game.Cell{}) {
		t.Fatalf("move in a new game: %v, %v; want 1 1", c, err)
	}
	want := strings.Join([]string{
		"START 15", "INFO timeout_turn 1500", "INFO timeout_match 0", "INFO rule 0", "INFO game_type 1", "BEGIN",
		"TURN 0,0",
		"RECTSTART 6,5", "INFO timeout_turn 1500", "INFO timeout_match 0", "INFO rule 1", "INFO game_type 1",
		"BOARD", "2,1,2", "4,3,1", "5,4,2", "DONE",
	}, "\n")
	if got := f.sent(); got != want {
		t.Errorf("commands sent:\n%s\nwant:\n%s", got, want)
	}
	if err := r.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
}

// TestClientRenju: the engine is told the rule, and loses by a move the rule forbids.
func TestClientRenju(t *testing.T) {
	f := &fakeEngine{}
	r := f.connect(t, okThen("7,7"))
	xs := []game.Cell{{Row: 7, Col: 4}, {Row: 7, Col: 5}, {Row: 7, Col: 6}, {Row: 4, Col: 7}, {Row: 5, Col: 7}, {Row: 6, Col: 7}}
	os := []game.Cell{{Row: 0, Col: 0}, {Row: 0, Col: 2}, {Row: 0, Col: 4}, {Row: 0, Col: 6}, {Row: 0, Col: 8}, {Row: 0, Col: 10}}
	b, err := game.Setup(game.Size{Rows: 15, Cols: 15, Win: 5, Rule: game.Renju}, game.X, xs, os)
	if err != nil {
		t.Fatal(err)
	}
	_, err = r.Move(b)
	want := "forfeits: answered 7,7 (row and column 8 8), forbidden for X: double four"
	if !errors.Is(err, game.ErrForfeit) || err.Error() != want {
		t.Errorf("Move: %v, want %q", err, want)
	}
	if !strings.Contains(f.sent(), "\nINFO rule 4\n") {
		t.Errorf("commands sent:\n%s\nwant INFO rule 4 among them", f.sent())
	}
}

func TestClientForfeits(t *testing.T) {
	tests := []struct {
		name   string
		answer func(string) []string
		want   string
	}{
		{"taken", okThen("7,7", "7,7"), "forfeits: answered 7,7 (row and column 8 8), a cell that is taken"},
		{"off the board", okThen("15,3"), "forfeits: answered 15,3, off the board"},
		{"negative", okThen("-1,3"), "forfeits: answered -1,3, off the board"},
		{"not a move", okThen("seven, seven"), `forfeits: answered "seven, seven", not a move X,Y`},
		{"error", okThen("ERROR out of memory"), `forfeits: answered "ERROR out of memory", not a move X,Y`},
		{"start refused", func(string) []string { return []string{"ERROR unsupported size"} }, `forfeits: answered "ERROR unsupported size" to START 15`},
		{"no answer", okThen(), "forfeits: no answer within 2s"},
		{"no answer to start", func(string) []string { return []string{"SILENT"} }, "forfeits: no answer within 5s"},
		{"output ends", func(string) []string { return []string{"EOF"} }, "forfeits: its output ended"},
		{"long line", okThen(strings.Repeat("1", 5000)), `forfeits: reading its answer: line of 4096 bytes or more, starting "1111111111111111111111111111111111111111"...`},
		{"a comment is no answer", okThen("# 7,7"), `forfeits: answered "# 7,7", not a move X,Y`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := &fakeEngine{}
			r := f.connect(t, tt.answer)
			b := gametest.NewBoard(t, game.Size{Rows: 15, Cols: 15, Win: 5}, game.X)
			var err error
			for range 2 {
				var c game.Cell
				if c, err = r.Move(b); err != nil {
					break
				}
				gametest.PlayAll(t, b, c, game.Cell{Row: 7, Col: 8})
			}
			if !errors.Is(err, game.ErrForfeit) || err.Error() != tt.want {
				t.Fatalf("error %v, want %q", err, tt.want)
			}
			if _, again := r.Move(b); again != err || r.Err() != err {
				t.Errorf("after the forfeit Move fails with %v and Err is %v, want %v", again, r.Err(), err)
			}
		})
	}
}

// TestClientAgainstServer plays games through the protocol in process: a Client in
// front of a Server, against a player that takes the last free cell, on boards of
// both shapes, playing X and O, from the empty board and from an opening of three stones
// (X, O, X), where it is asked first as O and second as X. Before each of its moves the
// engine must see the board the game has.
func TestClientAgainstServer(t *testing.T) {
	cmdR, cmdW := io.Pipe()
	ansR, ansW := io.Pipe()
	var seen []string
	e := &pbrain.Server{Win: 4, Think: time.Second, Move: func(b *game.Board, _ pbrain.Limits) (game.Cell, error) {
		seen = append(seen, b.String())
		empty := b.Empty()
		return empty[len(b.Moves())*7%len(empty)], nil
	}}
	done := make(chan error)
	go func() { done <- e.Serve(cmdR, ansW) }()
	r := &pbrain.Client{In: ansR, Out: cmdW, Think: time.Second, Wait: time.Minute, After: time.After}
	var asked []string
	for i, size := range []game.Size{{Rows: 6, Cols: 6, Win: 4}, {Rows: 5, Cols: 7, Win: 4}, {Rows: 6, Cols: 6, Win: 4}} {
		for j, remoteX := range []bool{true, false, true, false} {
			var opening game.Opening
			if j >= 2 {
				opening = game.Opening{{Row: 2, Col: 2}, {Row: 3, Col: 3}, {Row: 2, Col: 4}}
			}
			b, err := opening.Board(size)
			if err != nil {
				t.Fatal(err)
			}
			g := &game.Game{Board: b, Out: io.Discard}
			me, other := game.X, game.O
			if !remoteX {
				me, other = other, me
			}
			g.Players[me] = gametest.Recording{Player: r, Boards: &asked}
			g.Players[other] = gametest.LastFree{}
			o, err := g.Run()
			if err != nil {
				t.Fatalf("game %d on %v: %v", i+1, size, err)
			}
			if o.Status == game.Playing {
				t.Fatalf("game %d on %v did not finish", i+1, size)
			}
		}
	}
	r.Close()
	if err := <-done; err != nil {
		t.Fatalf("Serve: %v", err)
	}
	// The engine's boards mark its own stones X where it moved first, O where it did not.
	if len(seen) != len(asked) {
		t.Fatalf("the engine moved %d times, the game asked %d", len(seen), len(asked))
	}
	for i := range seen {
		if seen[i] != asked[i] {
			t.Errorf("move %d: the engine saw\n%s\nthe game had\n%s", i+1, seen[i], asked[i])
		}
	}
}

// TestClientSwap2: Swap2 sends the opening so far as SWAP2BOARD, reads SWAP or the
// stones put, begins the game after it with BOARD, and forfeits on an answer Swap2 does
// not allow.
func TestClientSwap2(t *testing.T) {
	f := &fakeEngine{}
	r := f.connect(t, okThen("7,7 8,7 7,9", "swap", "1,1 2,2", "4,4", "3,3", "7,7", "0,0 1,1 2,2"))
	size := game.Size{Rows: 15, Cols: 15, Win: 5}
	b := gametest.NewBoard(t, size, game.X)
	swap, stones, err := r.Swap2(b)
	want := []game.Cell{{Row: 7, Col: 7}, {Row: 7, Col: 8}, {Row: 9, Col: 7}}
	if err != nil || swap || !slices.Equal(stones, want) {
		t.Fatalf("Swap2 on the empty board: %v, %v, %v; want %v", swap, stones, err, want)
	}
	gametest.PlayAll(t, b, stones...)
	if swap, stones, err := r.Swap2(b); err != nil || !swap || stones != nil {
		t.Errorf("after three: %v, %v, %v; want SWAP", swap, stones, err)
	}
	if _, stones, err := r.Swap2(b); err != nil || !slices.Equal(stones, []game.Cell{{Row: 1, Col: 1}, {Row: 2, Col: 2}}) {
		t.Errorf("after three: %v, %v; want two stones", stones, err)
	}
	gametest.PlayAll(t, b, game.Cell{Row: 1, Col: 1}, game.Cell{Row: 2, Col: 2})
	if _, stones, err := r.Swap2(b); err != nil || !slices.Equal(stones, []game.Cell{{Row: 4, Col: 4}}) {
		t.Errorf("after five: %v, %v; want one stone", stones, err)
	}
	gametest.PlayAll(t, b, game.Cell{Row: 4, Col: 4})
	if c, err := r.Move(b); err != nil || c != (game.Cell{Row: 3, Col: 3}) {
		t.Errorf("the move after: %v, %v; want 4 4", c, err)
	}
	wantSent := strings.Join([]string{
		"START 15", "INFO timeout_turn 1500", "INFO timeout_match 0", "INFO rule 0", "INFO game_type 1", "SWAP2BOARD", "DONE",
		"START 15", "INFO timeout_turn 1500", "INFO timeout_match 0", "INFO rule 0", "INFO game_type 1", "SWAP2BOARD", "7,7", "8,7", "7,9", "DONE",
	}, "\n")
	if got := f.sent(); !strings.HasPrefix(got, wantSent) || !strings.Contains(got, "BOARD\n7,7,1\n8,7,2\n7,9,1\n1,1,2\n2,2,1\n4,4,2\nDONE") {
		t.Errorf("commands sent:\n%s\nwant first:\n%s\nthen the position as BOARD", got, wantSent)
	}
	// A taken cell, then three stones where one or two are wanted: forfeits.
	b = gametest.NewBoard(t, size, game.X)
	gametest.PlayAll(t, b, want...)
	if _, _, err := r.Swap2(b); !errors.Is(err, game.ErrForfeit) || !strings.Contains(err.Error(), "taken") {
		t.Errorf("a taken cell: %v, want a forfeit", err)
	}
	r2 := (&fakeEngine{}).connect(t, okThen("0,0 1,1 2,2"))
	if _, _, err := r2.Swap2(b); !errors.Is(err, game.ErrForfeit) || !strings.Contains(err.Error(), "not SWAP, one stone or two") {
		t.Errorf("three stones after three: %v, want a forfeit", err)
	}
}
