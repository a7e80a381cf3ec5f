package game_test

import (
	"fmt"
	"strings"
	"testing"

	"tictactoe/game"
	"tictactoe/game/internal/gametest"
)

// swapScript answers Swap2 by the number of stones on the board, from its script, and
// moves to the last free cell.
type swapScript struct {
	gametest.LastFree
	script map[int]string // stones so far: "swap", or cells "R C, R C" (1-based)
}

func (s swapScript) Swap2(b *game.Board) (bool, []game.Cell, error) {
	answer := s.script[len(b.Moves())]
	if answer == "swap" {
		return true, nil, nil
	}
	var cells []game.Cell
	for _, rc := range strings.Split(answer, ", ") {
		var c game.Cell
		if _, err := fmt.Sscanf(rc, "%d %d", &c.Row, &c.Col); err != nil {
			return false, nil, fmt.Errorf("%w: answered %q", game.ErrForfeit, rc)
		}
		c.Row, c.Col = c.Row-1, c.Col-1
		cells = append(cells, c)
	}
	return false, cells, nil
}

// TestArenaSwap2 plays Swap2 openings from scripts: the colours go to the players as the
// answers say, the opener alternates, the score counts each player's wins whatever its
// colour, and a wrong answer in the opening forfeits the game.
func TestArenaSwap2(t *testing.T) {
	size := game.Size{Rows: 9, Cols: 9, Win: 5}
	open := "5 5, 5 6, 3 3"
	for _, tt := range []struct {
		name   string
		a, b   map[int]string // a plays X's part in the arena (it opens game 1), b O's
		want   []string       // what the verbose output must hold
		scores string         // the two lines of wins
	}{
		{"the second swaps", map[int]string{0: open, 3: "swap"}, map[int]string{0: open, 3: "swap"},
			[]string{"Game 1 (b as X, a as O)", "Game 2 (a as X, b as O)", "  b (second) swaps: takes black"},
			"wins           1   50.0%  a: 0 as X, 1 as O\nwins           1   50.0%  b: 0 as X, 1 as O"},
		{"the second stays white", map[int]string{0: open, 3: "6 6"}, map[int]string{0: open, 3: "6 6"},
			[]string{"Game 1 (a as X, b as O)", "Game 2 (b as X, a as O)", "  b (second) puts 6 6"},
			"draws          2  100.0%"}, // these fillings draw
		{"two more, the opener swaps", map[int]string{0: open, 3: "6 6, 7 7", 5: "swap"}, map[int]string{0: open, 3: "6 6, 7 7", 5: "swap"},
			[]string{"Game 1 (a as X, b as O)", "Game 2 (b as X, a as O)", "  a (opener) swaps: takes black", "  b (second) puts 6 6, 7 7"}, ""},
		{"two more, the opener stays white", map[int]string{0: open, 3: "6 6, 7 7", 5: "8 8"}, map[int]string{0: open, 3: "6 6, 7 7", 5: "8 8"},
			[]string{"Game 1 (b as X, a as O)", "Game 2 (a as X, b as O)", "  a (opener) puts 8 8"}, ""},
		{"a taken cell forfeits", map[int]string{0: open, 3: "swap"}, map[int]string{0: "5 5, 5 5, 1 1", 3: "5 5"},
			[]string{"Game 1: X (b) forfeits: put a stone in 5 5: cell 5 5 is taken by X", "Game 2: X (b) forfeits: put a stone in 5 5: cell 5 5 is taken by X"},
			"wins           2  100.0%  a: 0 as X, 2 as O\nwins           0    0.0%  b: 0 as X, 0 as O"},
		{"stones where Swap2 wants others forfeit", map[int]string{0: "5 5, 5 6", 3: "swap"}, map[int]string{0: open, 3: "6 6", 5: "swap"},
			[]string{"Game 1: X (a) forfeits: put 2 stones where Swap2 wants [3]"}, ""},
		{"a swap on the empty board forfeits", map[int]string{0: "swap"}, map[int]string{0: open, 3: "swap"},
			[]string{"Game 1: X (a) forfeits: swapped on the empty board"}, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var out strings.Builder
			a := &game.Arena{Size: size, Players: [3]game.Player{game.X: swapScript{script: tt.a}, game.O: swapScript{script: tt.b}},
				Names: [3]string{game.X: "a", game.O: "b"}, Games: 2, Swap2: true, Out: &out, Verbose: true}
			if err := a.Run(); err != nil {
				t.Fatal(err)
			}
			for _, w := range append(tt.want, tt.scores) {
				if !strings.Contains(out.String(), w) {
					t.Errorf("no %q in:\n%s", w, out.String())
				}
			}
			if !strings.Contains(out.String(), "openers ") || !strings.Contains(out.String(), "Score: a ") {
				t.Errorf("no openers or score line in:\n%s", out.String())
			}
		})
	}
}
