package game_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"tictactoe/game"
	"tictactoe/game/internal/gametest"
)

// scripted is a computer Player that plays its moves in order, whatever the board.
type scripted struct {
	moves []game.Cell
	asked int
}

func (p *scripted) Move(*game.Board) (game.Cell, error) {
	if p.asked == len(p.moves) {
		return game.Cell{}, errors.New("scripted player: out of moves")
	}
	p.asked++
	return p.moves[p.asked-1], nil
}

// typed is the cell a person types as "r c", 1-based.
func typed(r, c int) game.Cell { return game.Cell{Row: r - 1, Col: c - 1} }

// A match is a game on the classic board between people typing input at one console that
// echoes, prompting "Player X" and "Player O", and, when computer is X or O, a scripted
// computer playing that side with moves; the person facing it takes back the computer's
// reply with undo (Human.UndoReply).
type match struct {
	first    game.Mark // X when not set
	input    string
	computer game.Mark
	moves    []game.Cell
	color    bool
}

// result is what a match came to.
type result struct {
	outcome game.Outcome
	err     error
	board   *game.Board
	out     string
	notes   string      // what the game wrote to Game.Notes
	played  []game.Cell // the computer's moves that were played, in order
}

func (m match) run(t *testing.T) result {
	t.Helper()
	first := m.first
	if first == game.Empty {
		first = game.X
	}
	var out strings.Builder
	con := game.NewConsole(strings.NewReader(m.input), &out)
	con.Echo = true
	var notes strings.Builder
	g := &game.Game{Board: gametest.NewBoard(t, game.Classic, first), Out: &out, Color: m.color, Notes: &notes}
	comp := &scripted{moves: m.moves}
	for _, mark := range []game.Mark{game.X, game.O} {
		if mark == m.computer {
			g.Players[mark] = comp
		} else {
			g.Players[mark] = &game.Human{Console: con, Prompt: "Player " + mark.String(), UndoReply: m.computer != game.Empty}
		}
	}
	o, err := g.Run()
	r := result{outcome: o, err: err, board: g.Board, out: out.String(), notes: notes.String(), played: comp.moves[:comp.asked]}
	if err != nil && !errors.Is(err, game.ErrQuit) && !errors.Is(err, game.ErrInputEnded) {
		r.played = r.played[:len(r.played)-1] // the move that failed
	}
	checkConsistent(t, g.Board)
	if o.String() != g.Board.Outcome().String() {
		t.Errorf("Run returned %v, the board says %v", o, g.Board.Outcome())
	}
	return r
}

// prompts lists whose prompts the output shows, in order, as "XOX".
func prompts(out string) string {
	var sb strings.Builder
	for line := range strings.Lines(out) {
		if rest, ok := strings.CutPrefix(line, "Player "); ok {
			sb.WriteString(rest[:1])
		}
	}
	return sb.String()
}

// computerLines returns the lines of out that tell a computer move.
func computerLines(out string) []string {
	var lines []string
	for line := range strings.Lines(out) {
		if strings.Contains(line, "Computer (") {
			lines = append(lines, strings.TrimSuffix(line, "\n"))
		}
	}
	return lines
}

func TestRun(t *testing.T) {
	long := strings.Repeat("a", 10*game.MaxLine)
	tests := []struct {
		name    string
		m       match
		outcome string // Outcome.String()
		err     error
		board   string
		prompts string   // whose prompts were shown, in order
		says    []string // in the output
		never   []string // not in the output
	}{
		{"two people, X wins", match{input: "1 1\n2 1\n1 2\n2 2\n1 3\n"},
			"X wins", nil, "XXX|OO.|...", "XOXOX", nil, nil},
		{"two people, draw", match{input: "2 2\n1 1\n1 3\n3 1\n2 1\n2 3\n3 2\n1 2\n3 3\n"},
			"draw", nil, "OOX|XXO|OXX", "XOXOXOXOX", nil, nil},
		{"O first, O wins", match{first: game.O, input: "1 1\n2 1\n1 2\n2 2\n1 3\n"},
			"O wins", nil, "OOO|XX.|...", "OXOXO", nil, nil},
		{"quit", match{input: "1 1\n Quit \n2 2\n"},
			"playing", game.ErrQuit, "X..|...|...", "XO", nil, nil},
		{"input ends", match{input: "1 1\n2 2\n"},
			"playing", game.ErrInputEnded, "X..|.O.|...", "XOX", nil, nil},
		{"no input", match{input: ""},
			"playing", game.ErrInputEnded, "...|...|...", "X", nil, nil},
		{"input ends in a comment", match{input: "# a game\n1 1\n  # X took a corner\n2 2\n# the end\n"},
			"playing", game.ErrInputEnded, "X..|.O.|...", "XOX", nil, []string{"#"}},
		{"undo takes back one move", match{input: "1 1\n2 2\nundo\n3 1\n"},
			"playing", game.ErrInputEnded, "X..|...|O..", "XOXOX", []string{"took back 2 2\n"}, nil},
		{"undo back to the start", match{input: "1 1\nundo\nundo\n2 2\n"},
			"playing", game.ErrInputEnded, "...|.X.|...", "XOXXO", []string{"took back 1 1\n", "nothing to undo\n"}, nil},
		{"undo at the start", match{input: "UNDO\n1 1\n"},
			"playing", game.ErrInputEnded, "X..|...|...", "XXO", []string{"nothing to undo\n"}, []string{"took back"}},
		{"taken cell is refused", match{input: "1 1\n1 1\n2 2\n"},
			"playing", game.ErrInputEnded, "X..|.O.|...", "XOOX", []string{"error: cell 1 1 is taken by X\n"}, nil},
		{"taken by O is refused", match{input: "1 1\n2 2\n2 2\n3 3\n"},
			"playing", game.ErrInputEnded, "X..|.O.|..X", "XOXXO", []string{"taken by O\n"}, nil},
		{"not moves are refused", match{input: "1 1\nfoo\n4 4\n1 2 3\n2 2\n"},
			"playing", game.ErrInputEnded, "X..|.O.|...", "XOOOOX",
			[]string{`error: "foo" is not a move`, "error: row 4 is out of range 1..3\n", `error: "1 2 3" is not a move`}, nil},
		{"long line is refused once", match{input: "1 1\n" + long + "\n2 2\n"},
			"playing", game.ErrInputEnded, "X..|.O.|...", "XOOX", []string{game.ErrLineTooLong.Error()}, []string{strings.Repeat("a", 41)}},
		{"control characters are refused, quoted", match{input: "\x1b[2J\n\x00 1\n1 1\n"},
			"playing", game.ErrInputEnded, "X..|...|...", "XXXO", []string{`"\x1b[2J"`, `"\x00"`}, []string{"\x1b", "\x00"}},
		{"help and hint", match{input: "help\nhint\n?\n1 1\n"},
			"playing", game.ErrInputEnded, "X..|...|...", "XXXXO", []string{game.HumanHelp(false), "the last move), quit", "no hint available"}, nil},

		{"computer wins", match{input: "2 1\n2 2\n", computer: game.X, moves: []game.Cell{typed(1, 1), typed(1, 2), typed(1, 3)}},
			"X wins", nil, "XXX|OO.|...", "OO", nil, nil},
		{"person beats the computer", match{input: "1 1\n1 2\n1 3\n", computer: game.O, moves: []game.Cell{typed(2, 1), typed(2, 2)}},
			"X wins", nil, "XXX|OO.|...", "XXX", nil, nil},
		{"undo takes back the reply too", match{input: "1 1\nundo\n1 2\n", computer: game.O, moves: []game.Cell{typed(2, 2), typed(3, 3)}},
			"playing", game.ErrInputEnded, ".X.|...|..O", "XXXX", []string{"took back 2 2 and 1 1\n"}, nil},
		{"undo after the computer moved first", match{first: game.O, input: "undo\n1 1\nundo\n", computer: game.O, moves: []game.Cell{typed(2, 2), typed(3, 3)}},
			"playing", game.ErrInputEnded, "...|.O.|...", "XXXX", []string{"nothing to undo\n", "took back 3 3 and 1 1\n"}, nil},
		{"undo twice against the computer", match{input: "1 1\n3 1\nundo\nundo\nundo\n", computer: game.O, moves: []game.Cell{typed(2, 2), typed(3, 3)}},
			"playing", game.ErrInputEnded, "...|...|...", "XXXXXX", []string{"took back 3 3 and 3 1\n", "took back 2 2 and 1 1\n", "nothing to undo\n"}, nil},
		{"computer plays a taken cell", match{input: "1 1\n", computer: game.O, moves: []game.Cell{typed(1, 1)}},
			"playing", game.ErrTaken, "X..|...|...", "X", nil, nil},
		{"computer plays off the board", match{input: "1 1\n", computer: game.O, moves: []game.Cell{typed(4, 1)}},
			"playing", game.ErrOutOfRange, "X..|...|...", "X", nil, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := tc.m.run(t)
			if !errors.Is(r.err, tc.err) || (r.err == nil) != (tc.err == nil) {
				t.Errorf("Run() error %v, want %v", r.err, tc.err)
			}
			if r.outcome.String() != tc.outcome || r.board.String() != tc.board {
				t.Errorf("Run() = %v on %s, want %v on %s:\n%s", r.outcome, r.board, tc.outcome, tc.board, r.board.Render(""))
			}
			if got := prompts(r.out); got != tc.prompts {
				t.Errorf("prompts for %s, want %s, in\n%s", got, tc.prompts, r.out)
			}
			for _, s := range tc.says {
				if !strings.Contains(r.out, s) {
					t.Errorf("output does not say %q:\n%s", s, r.out)
				}
			}
			for _, s := range tc.never {
				if strings.Contains(r.out, s) {
					t.Errorf("output says %q:\n%s", s, r.out)
				}
			}
			var want []string
			var notes strings.Builder
			for _, c := range r.played {
				want = append(want, fmt.Sprintf("Computer (%v) plays %v", tc.m.computer, c))
				fmt.Fprintf(&notes, "# computer (%v): %v\n", tc.m.computer, c)
			}
			if got := computerLines(r.out); strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("computer lines %q, want %q, in\n%s", got, want, r.out)
			}
			if r.notes != notes.String() {
				t.Errorf("notes %q, want %q", r.notes, notes.String())
			}
			if r.err == nil && !strings.HasSuffix(r.out, r.board.Render("")) {
				t.Errorf("the output does not end with the final board:\n%s", r.out)
			}
			if !strings.HasSuffix(r.out, "\n") {
				t.Errorf("the output ends in the middle of a line:\n%s", r.out)
			}
			if bad := rawControl(r.out, "\n"); bad != "" {
				t.Errorf("output has a raw %s:\n%q", bad, r.out)
			}
		})
	}
}

func TestRunComputerError(t *testing.T) {
	boom := errors.New("boom")
	g := &game.Game{Board: gametest.NewBoard(t, game.Classic, game.X), Out: new(strings.Builder)}
	g.Players[game.X] = failing{boom}
	g.Players[game.O] = failing{boom}
	if _, err := g.Run(); !errors.Is(err, boom) {
		t.Errorf("Run() = %v, want the computer's error %v", err, boom)
	}
}

// failing is a Player whose every move fails with err.
type failing struct{ err error }

func (p failing) Move(*game.Board) (game.Cell, error) { return game.Cell{}, p.err }

func TestRunColor(t *testing.T) {
	twoWin := "1 1\n2 1\n1 2\n2 2\n1 3\n"
	tests := []struct {
		name      string
		m         match
		highlight string // the colour of the winning line, "" for none
	}{
		{"person wins", match{input: twoWin, color: true}, game.Green},
		{"person beats the computer", match{input: "1 1\n1 2\n1 3\n", computer: game.O, moves: []game.Cell{typed(2, 1), typed(2, 2)}, color: true}, game.Green},
		{"O person beats the computer", match{input: "2 1\n2 2\n2 3\n", computer: game.X, moves: []game.Cell{typed(1, 1), typed(1, 2), typed(3, 3)}, color: true}, game.Green},
		{"computer wins", match{input: "2 1\n2 2\n", computer: game.X, moves: []game.Cell{typed(1, 1), typed(1, 2), typed(1, 3)}, color: true}, game.Red},
		{"computer O wins", match{input: "1 1\n1 2\n3 3\n", computer: game.O, moves: []game.Cell{typed(2, 1), typed(2, 2), typed(2, 3)}, color: true}, game.Red},
		{"draw", match{input: "2 2\n1 1\n1 3\n3 1\n2 1\n2 3\n3 2\n1 2\n3 3\n", color: true}, ""},
		{"unfinished", match{input: "1 1\n", color: true}, ""},
		{"no color, person wins", match{input: twoWin}, ""},
		{"no color, computer wins", match{input: "2 1\n2 2\n", computer: game.X, moves: []game.Cell{typed(1, 1), typed(1, 2), typed(1, 3)}}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := tc.m.run(t)
			if tc.highlight == "" {
				if strings.Contains(r.out, "\x1b") {
					t.Errorf("output has an escape sequence:\n%q", r.out)
				}
				return
			}
			if r.outcome.Status != game.Won {
				t.Fatalf("outcome %v, want a win:\n%s", r.outcome, r.out)
			}
			if !strings.HasSuffix(r.out, r.board.Render(tc.highlight)) {
				t.Errorf("output does not end with the board highlighted in %q:\n%q", tc.highlight, r.out)
			}
			if n, want := strings.Count(r.out, tc.highlight+r.outcome.Winner.String()), len(r.outcome.Line); n != want {
				t.Errorf("%d marks in %q, want the %d of the line %v:\n%q", n, tc.highlight, want, r.outcome.Line, r.out)
			}
			if n := strings.Count(r.out, "\x1b["); n != 2*len(r.outcome.Line) {
				t.Errorf("%d escape sequences, want a colour and a reset for each of %d cells:\n%q", n, len(r.outcome.Line), r.out)
			}
		})
	}
}
