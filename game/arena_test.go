package game_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"tictactoe/game"
	"tictactoe/game/internal/gametest"
)

// forfeiter forfeits on its nth move of each game and otherwise takes the last free cell.
type forfeiter struct{ n int }

func (f forfeiter) Move(b *game.Board) (game.Cell, error) {
	if len(b.Moves())/2+1 == f.n {
		return game.Cell{}, fmt.Errorf("%w: answered 9,9, off the board", game.ErrForfeit)
	}
	return gametest.LastFree{}.Move(b)
}

func TestArena(t *testing.T) {
	var out strings.Builder
	var calls []string // the games Progress was told of, and the output's lines before each
	progress := func(i int) {
		calls = append(calls, fmt.Sprintf("%d after %d lines", i, strings.Count(out.String(), "\n")))
	}
	a := &game.Arena{Size: game.Classic, Players: [3]game.Player{game.X: gametest.LastFree{}, game.O: forfeiter{2}},
		Names: [3]string{game.X: "last", game.O: "quitter"}, Games: 3, Out: &out, Progress: progress}
	if err := a.Run(); err != nil {
		t.Fatal(err)
	}
	want := `Game 1: O (quitter) forfeits: answered 9,9, off the board
Game 2: O (quitter) forfeits: answered 9,9, off the board
Game 3: O (quitter) forfeits: answered 9,9, off the board
           games   share
X wins         3  100.0%  last
O wins         0    0.0%  quitter
draws          0    0.0%
Totals: 3 games, X wins 3, O wins 0, draws 0
`
	if out.String() != want {
		t.Errorf("output:\n%s\nwant:\n%s", out.String(), want)
	}
	// The 0 that ends the games comes before the table, so that a progress line can be
	// cleared for it.
	if got, want := strings.Join(calls, ", "), "1 after 0 lines, 2 after 1 lines, 3 after 2 lines, 0 after 3 lines"; got != want {
		t.Errorf("Progress told %s, want %s", got, want)
	}
	a = &game.Arena{Size: game.Classic, Players: [3]game.Player{game.X: gametest.LastFree{}, game.O: failing{errors.New("broken")}}, Games: 2, Out: &out}
	if err := a.Run(); err == nil || err.Error() != "game 1: broken" {
		t.Errorf("a player's error: %v, want game 1: broken", err)
	}
}

// quitter forfeits every move.
type quitter struct{}

func (quitter) Move(*game.Board) (game.Cell, error) {
	return game.Cell{}, fmt.Errorf("%w: no answer", game.ErrForfeit)
}

// TestArenaOpenings plays each opening twice with the players swapped: the forfeits name
// the player of the mark that forfeits, the table counts wins by mark and by player, and
// the second game of each opening starts from the same stones as the first.
func TestArenaOpenings(t *testing.T) {
	var out strings.Builder
	var boards []string
	openings := []game.Opening{{{Row: 1, Col: 1}, {Row: 2, Col: 2}, {Row: 0, Col: 3}}, {{Row: 3, Col: 0}, {Row: 1, Col: 2}, {Row: 2, Col: 1}}}
	a := &game.Arena{Size: game.Size{Rows: 4, Cols: 4, Win: 4}, Players: [3]game.Player{game.X: gametest.Recording{Player: gametest.LastFree{}, Boards: &boards}, game.O: quitter{}},
		Names: [3]string{game.X: "last", game.O: "quitter"}, Games: 7, Openings: openings, Out: &out}
	if err := a.Run(); err != nil {
		t.Fatal(err)
	}
	want := `Game 1: O (quitter) forfeits: no answer
Game 2: X (quitter) forfeits: no answer
Game 3: O (quitter) forfeits: no answer
Game 4: X (quitter) forfeits: no answer
           games   share
X wins         2   50.0%
O wins         2   50.0%
draws          0    0.0%
wins           4  100.0%  last: 2 as X, 2 as O
wins           0    0.0%  quitter: 0 as X, 0 as O
Score: last 100.0% (4 of 4 games), Elo +inf, 95% interval +7.0 to +inf
Totals: 4 games, X wins 2, O wins 2, draws 0
`
	if out.String() != want {
		t.Errorf("output:\n%s\nwant:\n%s", out.String(), want)
	}
	// last moves only as O, in games 2 and 4, right after the opening.
	for i, op := range openings {
		b, err := op.Board(a.Size)
		if err != nil {
			t.Fatal(err)
		}
		if i >= len(boards) || boards[i] != b.String() {
			t.Errorf("in the second game of opening %d last saw %q, want the opening %s", i+1, boards, b)
		}
	}
}

// TestArenaForbidden: a computer's move that the rule forbids loses it the game, with a
// line that says why.
func TestArenaForbidden(t *testing.T) {
	var out strings.Builder
	x := &scripted{moves: []game.Cell{{Row: 7, Col: 5}, {Row: 7, Col: 6}, {Row: 5, Col: 7}, {Row: 6, Col: 7}, {Row: 7, Col: 7}}}
	o := &scripted{moves: []game.Cell{{Row: 0, Col: 0}, {Row: 0, Col: 2}, {Row: 0, Col: 4}, {Row: 0, Col: 6}, {Row: 0, Col: 8}}}
	a := &game.Arena{Size: game.Size{Rows: 15, Cols: 15, Win: 5, Rule: game.Renju}, Players: [3]game.Player{game.X: x, game.O: o},
		Names: [3]string{game.X: "bold", game.O: "calm"}, Games: 1, Out: &out}
	if err := a.Run(); err != nil {
		t.Fatal(err)
	}
	want := "Game 1: X (bold) forfeits: played 8 8, forbidden for X: double three\n"
	if !strings.HasPrefix(out.String(), want) || !strings.Contains(out.String(), "O wins 1") {
		t.Errorf("output:\n%s\nwant it to start with %q and O to win", out.String(), want)
	}
}
